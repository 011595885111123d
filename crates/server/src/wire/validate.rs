//! Validation of what clients send that serde alone cannot say: each problem named, with every
//! bad field listed at once. Used by the HTTP API and the accounts alike.

use serde_json::{Map, Value};

use crate::wire::api_error::ApiError;
use beckon_store::{now_ms, NewPersona, PersonaType};

/// The visitor persona of a create-channel body, or a 400 listing every bad field.
pub fn parse_persona(body: &Value) -> Result<NewPersona, ApiError> {
    let Some(obj) = body.as_object() else {
        return Err(ApiError::bad_request(
            "invalid persona: the body must be a JSON object {name, email, ip, url, legalNoticeAccepted}",
        ));
    };
    let mut fields = Map::new();
    let mut bad = |field: &str, problem: &str| {
        fields.insert(field.to_owned(), Value::String(problem.to_owned()));
    };
    let string = |key: &str| obj.get(key).and_then(Value::as_str).map(str::trim);

    let name = string("name").unwrap_or("");
    if name.is_empty() {
        bad("name", "is required");
    } else if name.chars().count() > 200 {
        bad("name", "is longer than 200 characters");
    }
    let email = string("email").unwrap_or("");
    if email.is_empty() {
        bad("email", "is required");
    } else if !is_email(email) {
        bad("email", "is not a valid e-mail address");
    }
    for key in ["ip", "url"] {
        match obj.get(key) {
            None | Some(Value::Null) | Some(Value::String(_)) => {}
            Some(_) => bad(key, "must be a string"),
        }
    }
    let url = string("url").filter(|u| !u.is_empty());
    if url.is_some_and(|u| u.len() > 2048) {
        bad("url", "is longer than 2048 characters");
    } else if url.is_some_and(|u| !beckon_model::is_http_url(u)) {
        // The console shows it as a link: only http(s) (docs/configuration.md, "Links and page URLs").
        bad("url", "must be the page's http:// or https:// URL");
    }
    let legal = match obj.get("legalNoticeAccepted") {
        None | Some(Value::Null) => 0,
        Some(Value::Bool(b)) => {
            if *b {
                now_ms()
            } else {
                0
            }
        }
        Some(Value::Number(n)) => match n.as_f64() {
            Some(v) if v >= 0.0 && v.is_finite() => v as i64,
            _ => {
                bad(
                    "legalNoticeAccepted",
                    "must be a timestamp (0 when not accepted)",
                );
                0
            }
        },
        Some(_) => {
            bad(
                "legalNoticeAccepted",
                "must be a timestamp (0 when not accepted)",
            );
            0
        }
    };
    if !fields.is_empty() {
        let list: Vec<String> = fields
            .iter()
            .map(|(k, v)| format!("{k} {}", v.as_str().unwrap_or("")))
            .collect();
        return Err(
            ApiError::bad_request(format!("invalid persona: {}", list.join("; ")))
                .with("fields", Value::Object(fields)),
        );
    }
    Ok(NewPersona {
        persona_type: PersonaType::ChatClient,
        name: name.to_owned(),
        email: Some(email.to_owned()),
        ip: None,
        url: url.map(str::to_owned),
        legal_notice_accepted: legal,
        avatar_url: None,
    })
}

/// The e-mail rule the widget shares (crates/model/tests/fixtures/rules/emails.json).
pub use beckon_model::is_email;

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;
    use serde_json::json;

    #[test]
    fn persona_errors_list_every_field() {
        let e = parse_persona(&json!({"name": " ", "email": "nope", "url": 3})).unwrap_err();
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        let fields = e.extra["fields"].as_object().unwrap();
        assert_eq!(fields.len(), 3, "{fields:?}");
        assert!(e.message.contains("name") && e.message.contains("email"));
        let p = parse_persona(&json!({"name": "Ann", "email": "ann@example.com",
            "ip": "", "url": "https://x.test/", "legalNoticeAccepted": 1700000000000u64}))
        .unwrap();
        assert_eq!(p.legal_notice_accepted, 1_700_000_000_000);
        assert_eq!(p.url.as_deref(), Some("https://x.test/"));
    }
}
