//! Satisfaction: a visitor rates their chat (1–5, an optional comment), once it has ended or
//! while it is open; a later rating replaces the earlier one. It is credited to the agent the
//! chat is assigned to at that moment; the domain's agents get `channel-update` `rated`, so an
//! open conversation view shows it at once.

use beckon_model::Problem;
use serde_json::Value;

use super::{publish_update, ChannelUpdate};
use crate::state::AppState;
use crate::wire::chat::RatingBody;
use crate::wire::limits::MAX_RATING_COMMENT_CHARS;
use beckon_store::{Channel, Rating, StoreResult, MAX_SCORE, MIN_SCORE};

/// The score and comment of a rating body (the comment trimmed; empty is none), or every
/// problem with it.
pub fn parse(body: &RatingBody) -> Result<(i32, Option<String>), Vec<Problem>> {
    let mut problems = Vec::new();
    let score = match body.score.as_ref().and_then(Value::as_i64) {
        Some(s) if (i64::from(MIN_SCORE)..=i64::from(MAX_SCORE)).contains(&s) => s as i32,
        _ => {
            problems.push(Problem::new(
                "score",
                format!("must be a whole number from {MIN_SCORE} to {MAX_SCORE}"),
            ));
            0
        }
    };
    let comment = match &body.comment {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.trim()).filter(|c| !c.is_empty()),
        Some(_) => {
            problems.push(Problem::new("comment", "must be a string"));
            None
        }
    };
    if comment.is_some_and(|c| c.chars().count() > MAX_RATING_COMMENT_CHARS) {
        problems.push(Problem::new(
            "comment",
            format!("is longer than {MAX_RATING_COMMENT_CHARS} characters"),
        ));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok((score, comment.map(str::to_owned)))
}

/// Keeps the rating of `channel` and tells the domain's agents.
pub async fn rate(
    state: &AppState,
    channel: &Channel,
    score: i32,
    comment: Option<&str>,
) -> StoreResult<Rating> {
    let rating = state
        .store
        .rate_channel(&channel.id, score, comment)
        .await?;
    publish_update(state, channel, ChannelUpdate::Rated).await;
    let event = crate::service::outbound::event::ChatEvent::Rated {
        channel_id: channel.id.clone(),
    };
    crate::service::outbound::event::emit(state, event).await;
    Ok(rating)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn body(v: Value) -> RatingBody {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn a_score_from_1_to_5_and_a_trimmed_comment() {
        assert_eq!(parse(&body(json!({"score": 4}))), Ok((4, None)));
        assert_eq!(
            parse(&body(json!({"score": 1, "comment": "  Slow.  "}))),
            Ok((1, Some("Slow.".into())))
        );
        assert_eq!(
            parse(&body(json!({"score": 5, "comment": "   "}))),
            Ok((5, None))
        );
        assert_eq!(
            parse(&body(json!({"score": 5, "comment": null}))),
            Ok((5, None))
        );
    }

    #[test]
    fn every_problem_is_named() {
        for bad in [
            json!({}),
            json!({"score": 0}),
            json!({"score": 6}),
            json!({"score": 4.5}),
            json!({"score": "4"}),
        ] {
            let problems = parse(&body(bad.clone())).unwrap_err();
            assert_eq!(problems.len(), 1, "{bad}");
            assert_eq!(problems[0].path, "score");
        }
        let long = "é".repeat(MAX_RATING_COMMENT_CHARS + 1);
        let problems = parse(&body(json!({"score": 9, "comment": long}))).unwrap_err();
        let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["score", "comment"]);
        assert!(parse(&body(
            json!({"score": 3, "comment": "é".repeat(MAX_RATING_COMMENT_CHARS)})
        ))
        .is_ok());
        assert_eq!(
            parse(&body(json!({"score": 3, "comment": 7}))).unwrap_err()[0].path,
            "comment"
        );
    }
}
