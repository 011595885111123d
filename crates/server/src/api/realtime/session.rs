//! [`Session`]: what the socket's loop (`socket.rs`) asks of a connection's session, the
//! visitor's (`visitor.rs`) or the agent's (`agent/`). The loop is generic over it, so each
//! call goes straight to the session's own method: no forwarding, no allocation.

use std::future::Future;

use tokio::time::Instant;

use super::conn::Conn;
use super::stop::{Step, Stop};
use crate::engine::hub::broker::{BrokerItem, Events};
use crate::wire::frames::{ChatMessageFrame, ClientFrame, FrameError};

/// Why a frame did nothing: refused (the loop answers with an `error` frame), or the
/// connection stops.
pub(crate) enum Refusal {
    Frame(FrameError),
    Stop(Stop),
}

impl From<FrameError> for Refusal {
    fn from(e: FrameError) -> Self {
        Refusal::Frame(e)
    }
}

impl From<Stop> for Refusal {
    fn from(s: Stop) -> Self {
        Refusal::Stop(s)
    }
}

pub(crate) type Handled = Result<(), Refusal>;

pub(crate) trait Session: Send {
    /// A message from the client; a refusal is answered with the message's `clientId`.
    fn on_message(
        &mut self,
        c: &mut Conn,
        m: ChatMessageFrame,
    ) -> impl Future<Output = Result<(), FrameError>> + Send;

    /// Any other frame from the client (not `chat-message`, `auth` or `ping`: the loop hands
    /// those to [`Self::on_message`] or answers them itself).
    fn on_frame(&mut self, c: &mut Conn, f: ClientFrame) -> impl Future<Output = Handled> + Send;

    /// An event from the broker. `subs`: an agent listens to more or fewer topics as its
    /// organisation's domains change.
    fn on_event(
        &mut self,
        c: &mut Conn,
        item: BrokerItem,
        subs: &mut Events,
    ) -> impl Future<Output = Step> + Send;

    /// The heartbeat, after the ping is queued.
    fn on_tick(&mut self, _c: &mut Conn, _subs: &mut Events) -> impl Future<Output = Step> + Send {
        async { Ok(()) }
    }

    /// Frames that wait for room in the send queue.
    fn has_pending(&self) -> bool {
        false
    }

    /// There is room in the send queue: send what waits for it.
    fn flush(&mut self, _c: &mut Conn) -> Step {
        Ok(())
    }

    /// When [`Self::on_deadline`] is due (typing that ends), if ever.
    fn deadline(&self) -> Option<Instant>;

    fn on_deadline(&mut self, c: &mut Conn) -> impl Future<Output = Step> + Send;

    /// The connection ends (whatever the reason).
    fn on_close(&mut self, c: &mut Conn) -> impl Future<Output = ()> + Send;
}
