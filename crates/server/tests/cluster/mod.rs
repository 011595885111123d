//! Several `beckon serve` processes on one PostgreSQL database and one Redis (`--redis-url`):
//! visitors and agents on different instances chat, availability agrees everywhere, a killed
//! instance's agents go offline, a killed instance's visitor resumes on another, a Redis
//! restart loses nothing, logins end everywhere, a publication shows on every instance, and the
//! outbound queue sends each mail, push and webhook once (a webhook delivery survives a restart).
//! Ignored, with the reason, without DATABASE_URL_TEST and REDIS_URL_TEST (build.rs).

mod agents;
mod chat;
mod outbound;
mod serve;

use node::{Cluster, Node};
use realtime_support::*;
use serde_json::Value;

use crate::common::{node, realtime as realtime_support};

/// The shop, its agent Ada logged in on `on` with her socket open: (domain, agent socket, cookie).
async fn agent_on(c: &Cluster, on: &Node) -> (String, Ws, String) {
    let (domain, org) = seed(c.store()).await;
    add_agent(c.store(), &org, "agent@shop.test", "Ada").await;
    let (cookie, _) = login(on, "agent@shop.test").await;
    let (ws, _) = Ws::agent(on, &cookie).await;
    (domain, ws, cookie)
}

/// The next frame of `op` about `channel` (agents hear every chat of the domain).
async fn recv_for(ws: &mut Ws, op: &str, channel: &str) -> Value {
    loop {
        let f = ws.recv_op(op).await;
        if f["channelId"] == channel {
            return f;
        }
    }
}
