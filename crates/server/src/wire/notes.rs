//! Private notes on a chat (agents only): the body that writes one, the note as agents read it
//! (the list and the `note` realtime frame, which goes only to agents: docs/realtime.md).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use super::iso_time;

/// A new note. Read loosely, so that a wrong type is a 422 naming the field.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoteBody {
    /// Trimmed; at most 4000 characters (as a message).
    #[ts(type = "string")]
    #[schema(value_type = String)]
    pub text: Option<Value>,
}

/// Who wrote a note (their name when they wrote it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoteAuthor {
    pub name: String,
    /// The user id; `null` once the account is removed.
    pub id: Option<String>,
}

/// A private note on a chat: agents see it, the visitor never does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    pub id: String,
    pub text: String,
    pub author: NoteAuthor,
    /// RFC 3339.
    pub created_at: String,
}

impl From<&beckon_store::Note> for Note {
    fn from(n: &beckon_store::Note) -> Self {
        Note {
            id: n.id.clone(),
            text: n.text.clone(),
            author: NoteAuthor {
                name: n.author_name.clone(),
                id: n.author_id.clone(),
            },
            created_at: iso_time(n.created_at),
        }
    }
}

/// A chat's notes, oldest first (the latest 1000).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoteList {
    pub notes: Vec<Note>,
}
