//! Limits on a chat message, the same whoever sends it (visitor or agent) and however it comes
//! (the realtime socket or the agent's HTTP reply route), and on a rating's comment.
//! docs/realtime.md and the OpenAPI document state them; the console and the widget cap their
//! inputs at the same numbers.

/// Longest message text, in characters (Unicode scalar values), counted after trimming.
pub const MAX_MESSAGE_CHARS: usize = 4000;
/// Longest client id, in bytes.
pub const MAX_CLIENT_ID: usize = 100;

/// Longest comment with a rating, in characters (Unicode scalar values), counted after trimming.
pub const MAX_RATING_COMMENT_CHARS: usize = 1000;
