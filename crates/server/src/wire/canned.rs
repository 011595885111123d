//! Canned replies (`/api/v1/owner/canned-replies`, `/api/v1/agent/canned-replies`): the body that
//! writes one, with the checks serde cannot make, and what the console reads.

use beckon_model::Problem;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use super::iso_time;
use crate::wire::limits::MAX_MESSAGE_CHARS;

/// Longest shortcut, in characters.
pub const MAX_SHORTCUT: usize = 32;

/// A canned reply to add or change. Read loosely, so that a wrong type is a 400 naming the field.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CannedReplyBody {
    /// 1–32 characters of `a-z`, `0-9`, `-` and `_` (capitals are taken in lower case); unique
    /// in the organisation. What the agent types after `/` in the reply box.
    #[ts(type = "string")]
    #[schema(value_type = String, pattern = "^[A-Za-z0-9_-]{1,32}$")]
    pub shortcut: Option<Value>,
    /// Trimmed; at most 4000 characters (a message's limit). May hold placeholders the console
    /// fills when it inserts the reply: `{visitor.name}`, `{agent.name}`, `{domain}`.
    #[ts(type = "string")]
    #[schema(value_type = String)]
    pub text: Option<Value>,
}

impl CannedReplyBody {
    /// The shortcut and the trimmed text, or what is wrong with them.
    pub fn checked(&self) -> Result<(String, String), Vec<Problem>> {
        let mut problems = Vec::new();
        // "Hours" is /hours: the reply box takes what the agent types in lower case too.
        let lowered = match &self.shortcut {
            Some(Value::String(s)) => Some(Value::String(s.to_ascii_lowercase())),
            other => other.clone(),
        };
        let shortcut = match &lowered {
            Some(Value::String(s)) if valid_shortcut(s) => s.clone(),
            Some(Value::String(s)) if s.is_empty() => {
                problems.push(Problem::new("shortcut", "is required"));
                String::new()
            }
            Some(Value::String(_)) => {
                problems.push(Problem::new(
                    "shortcut",
                    format!(
                        "may hold only a-z, 0-9, - and _, at most {MAX_SHORTCUT} characters (e.g. \"thanks\" or \"opening-hours\")"
                    ),
                ));
                String::new()
            }
            _ => {
                problems.push(Problem::new("shortcut", "is required (a string)"));
                String::new()
            }
        };
        let text = match &self.text {
            Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_owned(),
            _ => {
                problems.push(Problem::new("text", "is required"));
                String::new()
            }
        };
        if text.chars().count() > MAX_MESSAGE_CHARS {
            problems.push(Problem::new(
                "text",
                format!("is longer than {MAX_MESSAGE_CHARS} characters"),
            ));
        }
        if problems.is_empty() {
            Ok((shortcut, text))
        } else {
            Err(problems)
        }
    }
}

/// `[a-z0-9_-]{1,32}`.
pub fn valid_shortcut(s: &str) -> bool {
    (1..=MAX_SHORTCUT).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

/// A canned reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CannedReply {
    pub id: String,
    pub shortcut: String,
    pub text: String,
    /// RFC 3339.
    pub updated_at: String,
}

impl From<&beckon_store::CannedReply> for CannedReply {
    fn from(c: &beckon_store::CannedReply) -> Self {
        CannedReply {
            id: c.id.clone(),
            shortcut: c.shortcut.clone(),
            text: c.text.clone(),
            updated_at: iso_time(c.updated_at),
        }
    }
}

/// The organisation's canned replies, by shortcut, and who may edit them.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CannedReplyList {
    pub replies: Vec<CannedReply>,
    /// The owner allows agents to edit them (owners always may).
    pub agents_may_edit: bool,
    /// The account asking may add, change and remove them.
    pub can_edit: bool,
}

/// Whether agents may edit the organisation's canned replies.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CannedSettings {
    pub agents_may_edit: bool,
}
