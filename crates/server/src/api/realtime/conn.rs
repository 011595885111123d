//! What a session sees of its connection: [`Conn`] (the send queue, the rate limits, the count
//! of malformed frames) and the helpers every session uses. Imports only the leaves below it
//! ([`super::stop`], [`super::outbox`]); the upgrade and the read loop are in [`super::socket`].

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

pub(crate) use super::outbox::Outbox;
use super::stop::{code, Step, Stop};
use crate::engine::hub::{Hub, RealtimeConfig};
use crate::infra::ratelimit::ConnLimit;
use crate::service::chat;
use crate::state::AppState;
use crate::wire::chat::Message;
use crate::wire::frames::{self, FrameError};

/// What a connection's session sees of it.
pub(crate) struct Conn {
    pub id: u64,
    pub state: AppState,
    pub hub: Arc<Hub>,
    pub ip: IpAddr,
    pub out: Outbox,
    messages: ConnLimit,
    /// The frame rate limit, checked by the read loop before a frame is parsed.
    pub(super) frames: ConnLimit,
    bad_frames: u32,
    /// The read side broke mid-frame: keep the socket a moment so the client can read the
    /// error and the close before the unread rest of its frame resets the connection.
    pub(super) linger: bool,
}

impl Conn {
    pub fn new(state: AppState, hub: Arc<Hub>, ip: IpAddr, out: Outbox) -> Self {
        let cfg = &hub.config;
        Conn {
            id: hub.conn_id(),
            messages: ConnLimit::new(cfg.message_rate_conn),
            frames: ConnLimit::new(cfg.frame_rate_conn),
            state,
            hub,
            ip,
            out,
            bad_frames: 0,
            linger: false,
        }
    }

    pub fn config(&self) -> &RealtimeConfig {
        &self.hub.config
    }

    /// Answers a refused frame with an `error` frame; too many malformed ones close the
    /// connection.
    pub async fn refuse(&mut self, e: FrameError, client_id: Option<&str>) -> Step {
        self.out.push(frames::error(&e, client_id)).await?;
        if e.code == 400 {
            self.bad_frames += 1;
            if self.bad_frames > self.hub.config.max_bad_frames {
                return Err(Stop::close(code::POLICY, "too many malformed frames"));
            }
        }
        Ok(())
    }

    /// The message rate limits (this connection, then its address).
    pub fn message_allowed(&mut self) -> Result<(), FrameError> {
        let limited = |wait: Duration| {
            FrameError::new(
                429,
                format!(
                    "too many messages; try again in {} ms",
                    wait.as_millis().max(1)
                ),
            )
        };
        self.messages.check().map_err(limited)?;
        self.hub.ip_messages.check(self.ip).map_err(limited)
    }
}

/// How many stored messages a backlog reads at a time.
const PAGE: i64 = 500;

/// A page of the chat's stored messages after `after`, oldest first, and whether more may
/// follow. A read that fails closes the connection (its client resumes after reconnecting).
pub(crate) async fn backlog_page(
    c: &Conn,
    channel_id: &str,
    after: i64,
) -> Result<(Vec<Message>, bool), Stop> {
    let page = chat::replay(&*c.state.store, channel_id, after, PAGE)
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "realtime: backlog read failed");
            Stop::close(code::INTERNAL, "cannot read the backlog; reconnect")
        })?;
    let more = page.messages.len() as i64 == PAGE;
    Ok((page.messages, more))
}

/// A published frame as a text frame (the hub only publishes UTF-8).
pub(crate) fn utf8(b: bytes::Bytes) -> Result<axum::extract::ws::Utf8Bytes, Stop> {
    axum::extract::ws::Utf8Bytes::try_from(b)
        .map_err(|_| Stop::close(code::INTERNAL, "invalid event"))
}
