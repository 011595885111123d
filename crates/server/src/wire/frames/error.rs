//! [`FrameError`]: a frame the server refuses, answered with an `error` frame; and the one mapping
//! of the store's failures to it.

use crate::wire::api_error::CHAT_ENDED;
use beckon_store::StoreError;

/// A frame the server refuses: answered with an `error` frame, nothing changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameError {
    /// HTTP-like: 400 malformed, 401 not authenticated, 403 not allowed, 404 unknown, 410 chat
    /// ended, 413 too large, 429 too fast, 500 server fault.
    pub code: u16,
    pub message: String,
}

impl FrameError {
    pub fn new(code: u16, message: impl Into<String>) -> Self {
        FrameError {
            code,
            message: message.into(),
        }
    }
    pub fn bad(message: impl Into<String>) -> Self {
        Self::new(400, message)
    }

    /// A server fault (the details go to the log, not to the client).
    pub fn internal(e: impl std::fmt::Display) -> Self {
        tracing::error!(error = %e, "realtime: store error");
        Self::new(500, "internal server error; the server log has the details")
    }
}

/// What the store's failures answer on a socket. The only store lookups by id a socket makes are
/// of chats, hence the chat's words for `NotFound`.
impl From<StoreError> for FrameError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => FrameError::new(404, "chat channel not found"),
            StoreError::ChannelEnded => FrameError::new(410, CHAT_ENDED),
            StoreError::ClientIdTaken => FrameError::new(409, beckon_store::CLIENT_ID_TAKEN),
            StoreError::Invalid(m) => FrameError::bad(m),
            e => FrameError::internal(e),
        }
    }
}
