//! The realtime hub: one WebSocket endpoint, `GET /api/v1/realtime`, for visitors (a token
//! from the public token URL) and agents (their session cookie). The protocol is documented
//! in `docs/realtime.md`.
//!
//! Guarantees (docs/architecture.md): a message is stored before it is published; every message has a
//! per-channel sequence number and the sender's client id, re-sends are de-duplicated and
//! acknowledged with the stored id and seq, and a visitor that resumes from a sequence number
//! gets exactly what it missed, then live messages, without gap or duplicate.
//!
//! The sockets store and publish through the chat service (`crate::service::chat`), as the HTTP API
//! does. Seams, in the manner of Centrifugo's engine split: [`crate::engine::hub::broker::Broker`] fans
//! events out (in process) and [`crate::engine::presence::Presence`] holds agent leases with a TTL that
//! connections renew while they live; the limits are [`crate::engine::hub::RealtimeConfig`].
//!
//! Bounds: 4 KiB read buffers, 16 KiB frames, a bounded send queue per connection (a client
//! that does not keep up is disconnected), per-address and per-connection message rates.
//!
//! Files, leaves first: `stop.rs` (`Stop`, `Step`, close codes), `outbox.rs` (the bounded send
//! queue and its writer), `conn.rs` (`Conn`, what a session sees of its connection), `session.rs`
//! (`Session`, what the loop asks of a session); then the two sessions, `visitor.rs` and `agent/`
//! (its status and leases in `agent/lease.rs`, its domains in `agent/org.rs`, with `coalesce.rs`);
//! and `socket.rs`, the
//! dispatcher: the upgrade, authentication, the read loop with heartbeat and shutdown, handing
//! each frame, event and timer to the session (as mini-redis keeps `connection.rs` a leaf and
//! `server.rs` the dispatcher). Load test: `bench/realtime.sh` (`crates/loadgen`).

use utoipa_axum::routes;

use crate::state::AppState;
use crate::wire::routes::Routes;

mod agent;
mod coalesce;
mod conn;
mod outbox;
mod session;
mod socket;
mod stop;
mod visitor;

/// The route, `/v1/realtime` under `/api`, mounted by [`crate::api::http::router`].
pub fn routes() -> Routes<AppState> {
    Routes::new().routes(routes!(socket::upgrade))
}
