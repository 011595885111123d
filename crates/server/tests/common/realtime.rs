//! Helpers for the realtime tests: the real server on port 0, seeded chats and agents, and a
//! small WebSocket client over tokio-tungstenite.

use super as common;

use std::path::Path;
use std::time::Duration;

use beckon_server::engine::hub::RealtimeConfig;
use beckon_server::service::accounts::password;
use beckon_server::service::accounts::users::create_with_hash;
use beckon_server::ServeConfig;
use beckon_store::{NewDomain, Role, Store};
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub use super::{eventually, WAIT};

pub const PASSWORD: &str = "correct horse battery staple";

/// The test server of the other integration tests (`tests/server/common.rs`).
pub type T = common::TestServer;

/// A running server the helpers talk to: the in-process one ([`T`]) or a `beckon serve`
/// process (tests/cluster).
pub trait Endpoint {
    /// `http://127.0.0.1:PORT`
    fn base_url(&self) -> String;
    fn client(&self) -> &reqwest::Client;
    fn api(&self, path: &str) -> String {
        format!("{}/api{path}", self.base_url())
    }
    fn ws_url(&self) -> String {
        format!(
            "{}/api/v1/realtime",
            self.base_url().replacen("http", "ws", 1)
        )
    }
    /// GET `/api{path}` and its JSON body (whatever the status).
    #[allow(async_fn_in_trait)]
    async fn get_json(&self, path: &str) -> Value {
        let r = self
            .client()
            .get(self.api(path))
            .send()
            .await
            .expect("request");
        r.json().await.expect("JSON body")
    }
}

impl Endpoint for T {
    fn base_url(&self) -> String {
        self.url.clone()
    }
    fn client(&self) -> &reqwest::Client {
        &self.http
    }
}

pub fn config(dir: &Path) -> ServeConfig {
    let mut c = ServeConfig::for_tests(dir.join("data"));
    c.static_dir = dir.join("static");
    c.audio_dir = dir.join("audio");
    c
}

pub async fn spawn() -> T {
    spawn_with(|_| {}).await
}

pub async fn spawn_with(tune: impl FnOnce(&mut RealtimeConfig)) -> T {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut c = config(dir.path());
    tune(&mut c.realtime);
    spawn_config(dir, c).await
}

pub async fn spawn_config(dir: tempfile::TempDir, c: ServeConfig) -> T {
    common::spawn_with(dir, c).await
}

/// An organisation, its domain `shop.example.com` and an agent; returns (domain id, org id).
pub async fn seed(store: &dyn Store) -> (String, String) {
    let org = store.create_organisation("Shop Ltd").await.unwrap();
    let domain = store
        .create_domain(NewDomain {
            id: None,
            org_id: org.id.clone(),
            name: "shop.example.com".into(),
            aliases: vec![],
            domain_type: "PRO".into(),
            properties: json!({}),
            timezone: None,
        })
        .await
        .unwrap();
    (domain.id, org.id)
}

/// An agent account of `org` (argon2 hash, as the accounts code makes them).
pub async fn add_agent(store: &dyn Store, org: &str, email: &str, name: &str) {
    create_with_hash(
        store,
        org,
        email,
        name,
        Role::Agent,
        password::hash_blocking(PASSWORD),
    )
    .await
    .expect("agent created");
}

/// An owner account of `org`.
pub async fn add_owner(store: &dyn Store, org: &str, email: &str, name: &str) -> String {
    create_with_hash(
        store,
        org,
        email,
        name,
        Role::Owner,
        password::hash_blocking(PASSWORD),
    )
    .await
    .expect("owner created")
    .id
}

/// A request with a login's cookie and CSRF token (from [`login`]): its status and JSON body
/// (`null` when there is none).
pub async fn call_as(
    t: &impl Endpoint,
    (cookie, csrf): &(String, String),
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut req = t
        .client()
        .request(method, Endpoint::api(t, path))
        .header("cookie", cookie)
        .header("x-beckon-csrf", csrf);
    if let Some(b) = body {
        req = req.json(&b);
    }
    let r = req.send().await.expect("request");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Logs in over HTTP; returns (cookie header value, CSRF token).
pub async fn login(t: &impl Endpoint, email: &str) -> (String, String) {
    let r = t
        .client()
        .post(Endpoint::api(t, "/v1/auth/login"))
        .json(&json!({"email": email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "login");
    let cookie = r
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("beckon_session="))
        .expect("session cookie")
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let body: Value = r.json().await.unwrap();
    (cookie, body["csrfToken"].as_str().unwrap_or("").to_owned())
}

/// A shop's domain with one agent (Ada, agent@shop.test) logged in and connected.
pub async fn shop_with_agent(t: &T) -> (String, Ws) {
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    let (cookie, _) = login(t, "agent@shop.test").await;
    let (agent, _) = Ws::agent(t, &cookie).await;
    (domain, agent)
}

/// A visitor's chat: (channel id, persona id, token).
pub async fn new_chat(t: &impl Endpoint, domain: &str, name: &str) -> (String, String, String) {
    new_chat_of(t, domain, name, "visitor@example.com").await
}

/// A chat of a visitor who gives `email`: (channel id, persona id, token).
pub async fn new_chat_of(
    t: &impl Endpoint,
    domain: &str,
    name: &str,
    email: &str,
) -> (String, String, String) {
    new_chat_with(
        t,
        domain,
        json!({"name": name, "email": email, "url": "https://shop.example.com/"}),
    )
    .await
}

/// A chat begun with the widget's `body` (its profile, page, language …): (channel id, persona
/// id, token).
pub async fn new_chat_with(
    t: &impl Endpoint,
    domain: &str,
    body: Value,
) -> (String, String, String) {
    let r: Value = t
        .client()
        .post(Endpoint::api(
            t,
            &format!("/v1/chat/public/channels/domain/{domain}"),
        ))
        .json(&body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let channel = r["channel"]["id"].as_str().expect("channel id").to_owned();
    let persona = r["chatClientPersona"]["id"].as_str().unwrap().to_owned();
    let token = token(t, &channel, &persona).await;
    (channel, persona, token)
}

/// The visitor's first message, stored as if sent ("Hello", client id `greeting`): agents know
/// a chat from its first message on (an empty chat is the visitor's alone).
pub async fn greet(t: &T, channel: &str, persona: &str) {
    t.store()
        .insert_message(beckon_store::NewMessage {
            channel_id: channel.to_owned(),
            client_id: "greeting".into(),
            sender_persona_id: persona.to_owned(),
            text: "Hello".into(),
            attachments: json!([]),
        })
        .await
        .expect("the first message");
}

pub async fn token(t: &impl Endpoint, channel: &str, persona: &str) -> String {
    let r = Endpoint::get_json(
        t,
        &format!("/v1/chat/public/channel/{channel}/token?personaId={persona}"),
    )
    .await;
    r["token"].as_str().expect("token").to_owned()
}

pub async fn available(t: &impl Endpoint, domain: &str) -> bool {
    let r = Endpoint::get_json(t, &format!("/v1/chat/public/channels/available/{domain}")).await;
    r["agentAvailable"].as_bool().unwrap()
}

/// The chat's history as its visitor reads it (with its persona id, the visitor's credential).
pub async fn history(t: &T, channel: &str) -> Vec<Value> {
    let persona = t
        .store()
        .get_channel(channel)
        .await
        .unwrap()
        .visitor_persona_id;
    let r = t
        .get_json(&format!(
            "/v1/chat/public/channel/{channel}/history?personaId={persona}"
        ))
        .await;
    r["messages"].as_array().cloned().unwrap_or_default()
}

pub type Stream = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A WebSocket client.
pub struct Ws {
    pub s: Stream,
}

/// How a connection ended.
#[derive(Debug, PartialEq)]
pub enum Ended {
    Closed(u16, String),
    /// EOF or reset without a close frame.
    Dropped,
}

impl Ws {
    /// Connects; `cookie` for agents.
    pub async fn connect(t: &impl Endpoint, query: &str, cookie: Option<&str>) -> Ws {
        let mut req = format!("{}{query}", Endpoint::ws_url(t))
            .into_client_request()
            .unwrap();
        if let Some(c) = cookie {
            req.headers_mut()
                .insert("cookie", HeaderValue::from_str(c).unwrap());
        }
        let (s, _) = tokio_tungstenite::connect_async(req)
            .await
            .expect("WebSocket connects");
        Ws { s }
    }

    /// A visitor: connects, authenticates with a first frame, reads `ready`.
    pub async fn visitor(t: &impl Endpoint, token: &str, last_seq: Option<i64>) -> (Ws, Value) {
        let mut ws = Ws::connect(t, "", None).await;
        let mut auth = json!({"op": "auth", "token": token});
        if let Some(s) = last_seq {
            auth["lastSeq"] = json!(s);
        }
        ws.send(auth).await;
        let ready = ws.recv_op("ready").await;
        assert_eq!(ready["role"], "visitor");
        (ws, ready)
    }

    /// An agent: connects with the session cookie, reads `ready`.
    pub async fn agent(t: &impl Endpoint, cookie: &str) -> (Ws, Value) {
        let mut ws = Ws::connect(t, "", Some(cookie)).await;
        let ready = ws.recv_op("ready").await;
        assert_eq!(ready["role"], "agent");
        (ws, ready)
    }

    pub async fn send(&mut self, v: Value) {
        self.s.send(Message::text(v.to_string())).await.unwrap();
    }

    pub async fn send_raw(&mut self, m: Message) {
        self.s.send(m).await.unwrap();
    }

    /// The next JSON frame (pings and pongs skipped); panics on close or timeout.
    pub async fn recv(&mut self) -> Value {
        self.try_recv(WAIT).await.expect("a frame")
    }

    /// The next JSON frame within `wait`, `None` when none came.
    pub async fn try_recv(&mut self, wait: Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let m = match tokio::time::timeout_at(deadline, self.s.next()).await {
                Err(_) => return None,
                Ok(m) => m,
            };
            match m {
                Some(Ok(Message::Text(t))) => {
                    return Some(serde_json::from_str(&t).expect("JSON frame"))
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                other => panic!("expected a frame, got {other:?}"),
            }
        }
    }

    /// The next frame with this op, skipping others (presence and such).
    pub async fn recv_op(&mut self, op: &str) -> Value {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let f = self
                .try_recv(left)
                .await
                .unwrap_or_else(|| panic!("no {op} frame"));
            if f["op"] == op {
                return f;
            }
        }
    }

    /// The next `n` frames with this op (others skipped), each within [`WAIT`].
    pub async fn recv_ops(&mut self, op: &str, n: usize) -> Vec<Value> {
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            out.push(self.recv_op(op).await);
        }
        out
    }

    /// No frame with this op comes before the answer to a ping sent now: the server answers a
    /// ping after everything it queued for this connection before it, so an unexpected extra
    /// (a duplicate) shows here instead of after a guessed quiet time.
    pub async fn nothing_more(&mut self, op: &str) {
        let more = self.before_pong(op).await;
        assert!(more.is_empty(), "more {op} frames than expected: {more:?}");
    }

    /// The `op` frames that come before the answer to a ping sent now (see [`Self::nothing_more`]).
    pub async fn before_pong(&mut self, op: &str) -> Vec<Value> {
        let mut all = self.all_before_pong().await;
        all.retain(|f| f["op"] == op);
        all
    }

    /// Every frame that comes before the answer to a ping sent now.
    pub async fn all_before_pong(&mut self) -> Vec<Value> {
        self.send(json!({"op": "ping"})).await;
        let mut out = Vec::new();
        loop {
            let f = self.try_recv(WAIT).await.expect("a pong");
            if f["op"] == "pong" {
                return out;
            }
            out.push(f);
        }
    }

    /// Reads until `n` heartbeat pings have come (frames between are dropped): each is a beat of
    /// the server's heartbeat, which renews the agent's leases right after the ping.
    pub async fn pings(&mut self, n: usize) {
        let mut seen = 0;
        while seen < n {
            match tokio::time::timeout(WAIT, self.s.next()).await {
                Ok(Some(Ok(Message::Ping(_)))) => seen += 1,
                Ok(Some(Ok(_))) => {}
                other => panic!("{seen} of {n} pings, then {other:?}"),
            }
        }
    }

    /// Reads until the connection ends (frames before are dropped).
    pub async fn ended(&mut self, wait: Duration) -> Ended {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.s.next()).await {
                Err(_) => panic!("the connection did not end"),
                Ok(Some(Ok(Message::Close(Some(f))))) => {
                    return Ended::Closed(u16::from(f.code), f.reason.to_string())
                }
                Ok(Some(Ok(Message::Close(None)))) => {
                    return Ended::Closed(u16::from(CloseCode::Status), String::new())
                }
                Ok(Some(Ok(_))) => continue,
                Ok(Some(Err(_))) | Ok(None) => return Ended::Dropped,
            }
        }
    }

    /// Sends a chat message; returns its ack.
    /// The first frame of each of `ops`, in whatever order they come (frames of different
    /// topics, such as a chat's and its visitor's presence, have no order between them); others
    /// are skipped. In the order of `ops`.
    pub async fn recv_each(&mut self, ops: &[&str]) -> Vec<Value> {
        let mut got: Vec<Option<Value>> = vec![None; ops.len()];
        while got.iter().any(Option::is_none) {
            let f = self.recv().await;
            if let Some(i) = ops.iter().position(|op| f["op"] == *op) {
                got[i].get_or_insert(f);
            }
        }
        got.into_iter().flatten().collect()
    }

    pub async fn say(&mut self, client_id: &str, text: &str) -> Value {
        self.send(json!({"op": "chat-message", "clientId": client_id, "message": text, "attachments": [], "type": "client-message"}))
            .await;
        let ack = self.recv_op("ack").await;
        assert_eq!(ack["clientId"], client_id, "{ack}");
        ack
    }
}

/// `{"op":"chat-message", …}` for an agent.
pub fn reply(channel: &str, client_id: &str, text: &str) -> Value {
    json!({"op": "chat-message", "channelId": channel, "clientId": client_id, "message": text})
}

/// The outbound queue has no job of `kind` left waiting (it ran).
pub async fn ran(t: &T, kind: &str) {
    eventually(&format!("the {kind} jobs have run"), async || {
        let jobs = t.store().jobs_of_kind(kind).await.unwrap();
        if jobs.is_empty() {
            Ok(())
        } else {
            Err(jobs)
        }
    })
    .await;
}
