//! How a connection step ends: [`Stop`] (close with a code, or the peer is gone) and the close
//! codes. A leaf: every other realtime file imports it, it imports none of them.

/// Why a connection stops.
#[derive(Debug)]
pub(crate) enum Stop {
    /// Close with this code and reason.
    Close(u16, String),
    /// The peer or the writer is gone: nothing more to send.
    Gone,
}

impl Stop {
    pub fn close(code: u16, reason: impl Into<String>) -> Self {
        Stop::Close(code, reason.into())
    }
}

pub(crate) type Step = Result<(), Stop>;

/// Close codes.
pub(crate) mod code {
    pub const GOING_AWAY: u16 = 1001;
    pub const NOT_UTF8: u16 = 1007;
    pub const POLICY: u16 = 1008;
    pub const TOO_BIG: u16 = 1009;
    pub const INTERNAL: u16 = 1011;
    pub const TRY_AGAIN: u16 = 1013;
    pub use crate::engine::hub::revoke::SESSION_ENDED;
}
