//! An agent's connection: every chat of the organisation's domains, authenticated by the
//! session cookie. Availability follows agent connections through presence leases. The domains
//! follow the organisation while the socket is open (`hub/org.rs`): a new domain's chats reach
//! it and it holds a lease there at once; a deleted domain's stop.

use std::collections::HashMap;

use futures_util::stream::{AbortHandle, SelectAll};
use tokio::time::Instant;

use super::coalesce::LatestPresence;
use super::conn::{internal, utf8, Conn};
use super::domains;
use super::stop::{code, Step, Stop};
use crate::engine::hub::broker::{topic, BrokerItem, Envelope, Events, Kind, Subscription};
use crate::engine::hub::org;
use crate::engine::hub::revoke::{self, SESSION_ENDED_REASON};
use crate::engine::hub::LocalAgent;
use crate::service::accounts::SessionUser;
use crate::service::chat;
use crate::wire::api_error::CHAT_ENDED;
use crate::wire::chat::PublicPersona;
use crate::wire::frames::{
    self, ClientFrame, FrameError, OrgChanged, PresenceAction, Ready, ServerFrame, Status,
};
use beckon_store::{Channel, ChannelStatus, Persona, StoreError};

/// Backlog page size.
const PAGE: i64 = 500;
/// Channels whose domain an agent connection remembers.
const KNOWN_CHANNELS: usize = 512;

pub(crate) struct AgentSession {
    user: SessionUser,
    /// The login this socket belongs to (the session's id); it closes when that ends.
    session_id: String,
    /// When the session is looked up again.
    next_session_check: Instant,
    persona: Option<Persona>,
    persona_json: PublicPersona,
    /// The organisation's domains, whose chats this socket receives and where it holds leases.
    domain_list: Vec<String>,
    /// Each domain's subscriptions: aborted when the domain goes.
    listening: HashMap<String, AbortHandle>,
    /// channel id → (domain id) for channels this connection has checked.
    known: HashMap<String, Channel>,
    /// channel id → typing ends.
    typing: HashMap<String, Instant>,
    /// Visitors' presence not sent yet (the latest of each).
    presence: LatestPresence,
}

impl AgentSession {
    pub async fn start(
        c: &mut Conn,
        user: SessionUser,
        session_id: String,
    ) -> Result<(Self, Events), FrameError> {
        let mut subs = SelectAll::new();
        subs.push(
            c.hub
                .broker
                .subscribe(&topic::user(&user.user_id))
                .await
                .map_err(internal)?,
        );
        // Subscribed to the organisation's changes before reading its domains: none is missed.
        let org_sub = c.hub.broker.subscribe(&topic::org(&user.org_id)).await;
        subs.push(org::follow(org_sub.map_err(internal)?));
        // Subscribed: a login that ended between the upgrade and now is caught here.
        if !session_live(c, &session_id).await? {
            return Err(FrameError::new(401, SESSION_ENDED_REASON));
        }
        let domain_list = org_domains(c, &user.org_id).await.map_err(internal)?;
        let mut listening = HashMap::new();
        for d in &domain_list {
            let (sub, handle) = listen(c, d).await?;
            subs.push(sub);
            listening.insert(d.clone(), handle);
        }
        let persona = if user.persona_id.is_empty() {
            None
        } else {
            c.state.store.get_persona(&user.persona_id).await.ok()
        };
        let persona_json = match &persona {
            Some(p) => PublicPersona::from(p),
            None => chat::agent_persona(&c.state, "", &user.name).await,
        };
        let s = AgentSession {
            domain_list,
            listening,
            user,
            session_id,
            next_session_check: Instant::now() + c.config().session_check,
            persona,
            persona_json,
            known: HashMap::new(),
            typing: HashMap::new(),
            presence: LatestPresence::default(),
        };
        let status = s.connected(c).await;
        let online = domains_with_agents_online(c, &s.domain_list).await;
        c.out
            .push(
                ServerFrame::Ready(Ready::Agent {
                    user_id: s.user.user_id.clone(),
                    persona_id: s.persona.as_ref().map(|p| p.id.clone()),
                    name: s.user.name.clone(),
                    status,
                    domains: s.domain_list.clone(),
                    domains_with_agents_online: online,
                })
                .text(),
            )
            .await
            .map_err(|_| FrameError::new(500, "connection lost"))?;
        Ok((s, Events::Many(subs)))
    }

    /// Registers this connection; the first one of the agent on this instance announces them,
    /// unless they are connected to another instance already (then it takes the status they
    /// chose there). Returns the agent's status.
    async fn connected(&self, c: &Conn) -> Status {
        let first = {
            let mut agents = c.hub.agents.lock().expect("hub lock");
            let a = agents
                .entry(self.user.user_id.clone())
                .or_insert_with(|| LocalAgent {
                    conns: 0,
                    status: Status::Online,
                    persona: self.persona_json.clone(),
                });
            a.conns += 1;
            a.conns == 1
        };
        let elsewhere = if first { self.elsewhere(c).await } else { None };
        if let Some(status) = elsewhere {
            self.follow(c, status);
        }
        let status = self.status(c);
        self.renew(c).await;
        if first && elsewhere.is_none() {
            c.hub
                .publish_agent_presence(
                    &self.domain_list,
                    PresenceAction::Enter,
                    &self.persona_json,
                    status,
                    c.id,
                )
                .await;
        }
        status
    }

    /// The agent's status on other instances, if it is connected to any.
    async fn elsewhere(&self, c: &Conn) -> Option<Status> {
        let mut found = None;
        for d in &self.domain_list {
            match c
                .state
                .presence
                .agent_elsewhere(d, &self.user.user_id)
                .await
            {
                Some(true) => return Some(Status::Online),
                Some(false) => found = Some(Status::Away),
                None => {}
            }
        }
        found
    }

    /// Sets the agent's status on this instance; true when it changed.
    fn follow(&self, c: &Conn, status: Status) -> bool {
        let mut agents = c.hub.agents.lock().expect("hub lock");
        match agents.get_mut(&self.user.user_id) {
            Some(a) if a.status != status => {
                a.status = status;
                true
            }
            _ => false,
        }
    }

    fn status(&self, c: &Conn) -> Status {
        c.hub
            .agents
            .lock()
            .expect("hub lock")
            .get(&self.user.user_id)
            .map_or(Status::Away, |a| a.status)
    }

    /// This instance's record of the agent's sockets, and its lease while the agent is online.
    async fn renew(&self, c: &Conn) {
        let ttl = c.config().lease_ttl;
        let online = self.status(c) == Status::Online;
        for d in &self.domain_list {
            c.state
                .presence
                .agent_connected(d, &self.user.user_id, online, ttl)
                .await;
        }
    }

    /// The agent chose a status on this socket: its sockets on every instance follow, and
    /// everyone on its domains is told.
    async fn set_status(&self, c: &Conn, status: Status) {
        let changed = self.follow(c, status);
        match status {
            Status::Online => self.renew(c).await,
            Status::Away => {
                for d in &self.domain_list {
                    c.state.presence.agent_offline(d, &self.user.user_id).await;
                }
            }
        }
        if changed {
            c.hub
                .publish_agent_status(&self.user.user_id, status, c.id)
                .await;
            c.hub
                .publish_agent_presence(
                    &self.domain_list,
                    PresenceAction::Update,
                    &self.persona_json,
                    status,
                    c.id,
                )
                .await;
        }
    }

    /// The channel, if it belongs to one of the agent's domains.
    async fn channel(&mut self, c: &Conn, id: Option<&str>) -> Result<Channel, FrameError> {
        let Some(id) = id.filter(|i| !i.is_empty()) else {
            return Err(FrameError::bad("channelId is required"));
        };
        let ch = match c.state.store.get_channel(id).await {
            Ok(ch) => ch,
            Err(StoreError::NotFound) => {
                return Err(FrameError::new(404, "chat channel not found"))
            }
            Err(e) => return Err(internal(e)),
        };
        // Same answer as for an unknown chat: no probing of other organisations, and a chat
        // without a message is its visitor's alone (service/chat/mod.rs).
        if !self.listening.contains_key(&ch.domain_id) || ch.last_seq == 0 {
            return Err(FrameError::new(404, "chat channel not found"));
        }
        if self.known.len() >= KNOWN_CHANNELS {
            self.known.clear();
        }
        self.known.insert(ch.id.clone(), ch.clone());
        Ok(ch)
    }

    /// A remembered channel (for typing, which is frequent), else [`Self::channel`].
    async fn known_channel(&mut self, c: &Conn, id: Option<&str>) -> Result<Channel, FrameError> {
        if let Some(ch) = id.and_then(|i| self.known.get(i)) {
            return Ok(ch.clone());
        }
        self.channel(c, id).await
    }

    fn persona(&self) -> Result<&Persona, FrameError> {
        self.persona
            .as_ref()
            .ok_or_else(|| FrameError::new(403, "this account has no chat persona to write as"))
    }

    async fn publish_typing(&self, c: &Conn, channel: &Channel, typing: bool) {
        let env = Envelope {
            kind: Kind::Presence,
            seq: 0,
            origin: c.id,
            channel: channel.id.clone(),
            id: String::new(),
            frame: frames::presence(
                PresenceAction::Update,
                Some(&channel.id),
                Some(&channel.domain_id),
                &self.persona_json,
                self.status(c),
                typing,
            )
            .into(),
        };
        c.hub
            .publish_channel_event(&channel.id, &channel.domain_id, env.clone(), env)
            .await;
    }

    /// Reads the organisation's domains again and follows them: listens to the new ones and
    /// holds a lease there (while online), stops listening to the gone ones and gives up their
    /// lease. Tells the console (`org-changed`) when something changed, or always with `tell`
    /// (an account came or went: the console reloads its team).
    async fn follow_org(&mut self, c: &mut Conn, subs: &mut Events, tell: bool) -> Step {
        let now = org_domains(c, &self.user.org_id).await.map_err(|e| {
            tracing::warn!(error = %e, "realtime: cannot read the organisation's domains");
            Stop::close(code::TRY_AGAIN, "cannot read your domains; reconnect")
        })?;
        let changes = domains::changes(&self.domain_list, &now);
        for d in &changes.removed {
            if let Some(handle) = self.listening.remove(d) {
                handle.abort();
            }
            c.state
                .presence
                .agent_disconnected(d, &self.user.user_id)
                .await;
        }
        for d in &changes.added {
            let (sub, handle) = listen(c, d).await.map_err(|e| {
                tracing::warn!(error = %e.message, "realtime: cannot listen to a new domain");
                Stop::close(code::TRY_AGAIN, "cannot listen to a new domain; reconnect")
            })?;
            subs.push(sub);
            self.listening.insert(d.clone(), handle);
        }
        self.domain_list = now;
        let listening = &self.listening;
        self.known
            .retain(|_, ch| listening.contains_key(&ch.domain_id));
        if !changes.added.is_empty() {
            // Visitors of a new domain see this agent online from now on, not at the next beat.
            self.renew(c).await;
        }
        if changes.is_empty() && !tell {
            return Ok(());
        }
        let frame = ServerFrame::OrgChanged(OrgChanged {
            domains: self.domain_list.clone(),
            domains_with_agents_online: domains_with_agents_online(c, &self.domain_list).await,
        });
        c.out.push(frame.text()).await
    }

    pub async fn on_event(&mut self, c: &mut Conn, item: BrokerItem, subs: &mut Events) -> Step {
        let Ok(bytes) = item else {
            // What was missed may have been the end of this login: then say so, not "reconnect".
            if let Ok(false) = session_live(c, &self.session_id).await {
                return Err(session_ended());
            }
            return Err(Stop::close(
                code::TRY_AGAIN,
                "fell behind the events; reconnect and reload",
            ));
        };
        let Some(env) = Envelope::decode(&bytes) else {
            return Ok(());
        };
        match env.kind {
            Kind::Revoked if revoke::ends(&env, &self.session_id) => Err(session_ended()),
            Kind::Revoked => Ok(()),
            // Canned replies changed: the console reads them again; nothing to follow here.
            Kind::Org if org::Change::of(&env) == org::Change::Canned => {
                c.out.push(ServerFrame::CannedChanged.text()).await
            }
            Kind::Org => self.follow_org(c, subs, true).await,
            // Chosen on another socket (maybe on another instance): this one follows, and
            // holds or gives up this instance's lease at once.
            Kind::Status => {
                let status = std::str::from_utf8(&env.frame).ok().map(Status::parse);
                if let Some(Ok(status)) = status {
                    if self.follow(c, status) {
                        self.renew(c).await;
                    }
                }
                Ok(())
            }
            Kind::Presence | Kind::AgentPresence if env.origin == c.id => Ok(()),
            Kind::VisitorPresence => {
                self.presence.insert((env.channel, env.origin), env.frame);
                self.flush(c)
            }
            kind => {
                if kind == Kind::Message {
                    crate::infra::metrics::message_out(crate::engine::hub::broker::published_us(
                        &bytes,
                    ));
                }
                c.out.push(utf8(env.frame)?).await
            }
        }
    }

    /// Visitors' presence waits for room in the send queue.
    pub fn has_pending(&self) -> bool {
        !self.presence.is_empty()
    }

    /// Sends the visitors' presence that fits in the send queue now.
    pub fn flush(&mut self, c: &Conn) -> Step {
        while let Some(frame) = self.presence.front() {
            if !c.out.try_push(utf8(frame.clone())?)? {
                break;
            }
            self.presence.pop();
        }
        Ok(())
    }

    pub async fn on_frame(&mut self, c: &mut Conn, f: ClientFrame) -> Step {
        match f {
            ClientFrame::ChatMessage(m) => {
                let client_id = m.client_id.clone();
                if let Err(e) = self.chat_message(c, m).await {
                    return c.refuse(e, Some(&client_id)).await;
                }
                Ok(())
            }
            ClientFrame::Presence(p) => {
                if let Some(s) = p.status.as_deref() {
                    match Status::parse(s) {
                        Ok(s) => self.set_status(c, s).await,
                        Err(e) => return c.refuse(e, None).await,
                    }
                }
                if let Some(t) = p.typing {
                    let ch = match self.known_channel(c, p.channel_id.as_deref()).await {
                        Ok(ch) => ch,
                        Err(e) => return c.refuse(e, None).await,
                    };
                    let was = if t {
                        self.typing
                            .insert(ch.id.clone(), Instant::now() + c.config().typing_ttl)
                            .is_some()
                    } else {
                        self.typing.remove(&ch.id).is_some()
                    };
                    if was != t {
                        self.publish_typing(c, &ch, t).await;
                    }
                }
                if p.status.is_none() && p.typing.is_none() {
                    return c
                        .refuse(
                            FrameError::bad("a presence frame carries typing and/or status"),
                            None,
                        )
                        .await;
                }
                Ok(())
            }
            ClientFrame::ClientAction(a) => {
                let ch = match self.channel(c, a.channel_id.as_deref()).await {
                    Ok(ch) => ch,
                    Err(e) => return c.refuse(e, None).await,
                };
                match a.action.as_str() {
                    "end-chat" => {
                        let by = Some(self.user.persona_id.as_str()).filter(|p| !p.is_empty());
                        match chat::end(&c.state, &ch.id, by).await {
                            Ok(_) => Ok(()),
                            Err(e) => c.refuse(internal(e), None).await,
                        }
                    }
                    "message-ack" => {
                        let (_, seq) = frames::ack_target(&a);
                        let Ok(persona) = self.persona() else {
                            return Ok(());
                        };
                        let Some(seq) = seq.filter(|s| *s > 0) else {
                            return c
                                .refuse(
                                    FrameError::bad(
                                        "an agent's message-ack carries the message's seq",
                                    ),
                                    None,
                                )
                                .await;
                        };
                        let seq = seq.min(ch.last_seq);
                        match chat::mark_read(&c.state, &ch, &persona.id, seq).await {
                            Ok(_) => Ok(()),
                            Err(e) => c.refuse(internal(e), None).await,
                        }
                    }
                    other => {
                        c.refuse(
                            FrameError::bad(format!(
                            "unknown action {other:?}; expected \"message-ack\" or \"end-chat\""
                        )),
                            None,
                        )
                        .await
                    }
                }
            }
            ClientFrame::Resume(r) => {
                // An agent resumes one chat: `{op: resume, channelId, lastSeq}`.
                let ch = match self.channel(c, r.channel_id.as_deref()).await {
                    Ok(ch) => ch,
                    Err(e) => return c.refuse(e, None).await,
                };
                self.backlog(c, &ch, r.last_seq.max(0)).await
            }
            ClientFrame::Auth(_) | ClientFrame::Ping => Ok(()),
            ClientFrame::Page(_) => {
                c.refuse(FrameError::bad("page frames are a visitor's"), None)
                    .await
            }
        }
    }

    async fn backlog(&self, c: &mut Conn, ch: &Channel, mut after: i64) -> Step {
        loop {
            let page = chat::replay(&*c.state.store, &ch.id, after, PAGE)
                .await
                .map_err(|e| {
                    tracing::error!(error = %e, "realtime: backlog read failed");
                    Stop::close(code::INTERNAL, "cannot read the backlog; reconnect")
                })?;
            let n = page.messages.len() as i64;
            for m in page.messages {
                after = m.seq;
                c.out
                    .push(frames::chat_message(&ch.id, m.for_agents()))
                    .await?;
            }
            if n < PAGE {
                return Ok(());
            }
        }
    }

    async fn chat_message(
        &mut self,
        c: &mut Conn,
        m: frames::ChatMessageFrame,
    ) -> Result<(), FrameError> {
        let ch = self.channel(c, m.channel_id.as_deref()).await?;
        let persona = self.persona()?.clone();
        if ch.status == ChannelStatus::Ended {
            // A re-send of a stored message is still acknowledged below.
            tracing::debug!(channel = %ch.id, "agent writes into an ended chat");
        }
        let mut frame = m;
        frame.kind = None;
        let msg = frames::check_message(&frame)?;
        c.message_allowed()?;
        let inserted = match chat::post_message(&c.state, &ch, &persona, msg, c.id).await {
            Ok(i) => i,
            Err(StoreError::ChannelEnded) => return Err(FrameError::new(410, CHAT_ENDED)),
            Err(StoreError::ClientIdTaken) => {
                return Err(FrameError::new(409, beckon_store::CLIENT_ID_TAKEN))
            }
            Err(StoreError::Invalid(m)) => return Err(FrameError::bad(m)),
            Err(e) => return Err(internal(e)),
        };
        let stored = &inserted.message;
        c.out
            .push(frames::ack(
                &ch.id,
                &stored.client_id,
                &stored.id,
                stored.seq,
                !inserted.created,
            ))
            .await
            .map_err(|_| FrameError::new(500, "connection lost"))?;
        if self.typing.remove(&ch.id).is_some() {
            self.publish_typing(c, &ch, false).await;
        }
        Ok(())
    }

    pub async fn on_tick(&mut self, c: &mut Conn, subs: &mut Events) -> Step {
        if Instant::now() >= self.next_session_check {
            self.next_session_check = Instant::now() + c.config().session_check;
            match session_live(c, &self.session_id).await {
                // The domains too, in case a change was published where this socket did not
                // hear it (a shared broker's publish failed).
                Ok(true) => self.follow_org(c, subs, false).await?,
                Ok(false) => return Err(session_ended()),
                // The store is down: keep the socket, look again next time.
                Err(_) => {}
            }
        }
        self.renew(c).await;
        Ok(())
    }

    pub fn deadline(&self) -> Option<Instant> {
        self.typing.values().min().copied()
    }

    pub async fn on_deadline(&mut self, c: &mut Conn) -> Step {
        let now = Instant::now();
        let expired: Vec<String> = self
            .typing
            .iter()
            .filter(|(_, t)| **t <= now)
            .map(|(id, _)| id.clone())
            .collect();
        for id in expired {
            self.typing.remove(&id);
            if let Some(ch) = self.known.get(&id).cloned() {
                self.publish_typing(c, &ch, false).await;
            }
        }
        Ok(())
    }

    pub async fn on_close(&mut self, c: &mut Conn) {
        for (id, _) in std::mem::take(&mut self.typing) {
            if let Some(ch) = self.known.get(&id).cloned() {
                self.publish_typing(c, &ch, false).await;
            }
        }
        let last = {
            let mut agents = c.hub.agents.lock().expect("hub lock");
            match agents.get_mut(&self.user.user_id) {
                Some(a) => {
                    a.conns = a.conns.saturating_sub(1);
                    if a.conns == 0 {
                        agents.remove(&self.user.user_id);
                        true
                    } else {
                        false
                    }
                }
                None => true,
            }
        };
        if last {
            // Still connected to another instance: the agent has not left.
            let mut elsewhere = false;
            for d in &self.domain_list {
                elsewhere |= c
                    .state
                    .presence
                    .agent_disconnected(d, &self.user.user_id)
                    .await;
            }
            if !elsewhere {
                c.hub
                    .publish_agent_presence(
                        &self.domain_list,
                        PresenceAction::Leave,
                        &self.persona_json,
                        Status::Away,
                        c.id,
                    )
                    .await;
            }
        }
    }
}

/// The organisation's domain ids, in the store's order.
async fn org_domains(c: &Conn, org_id: &str) -> Result<Vec<String>, StoreError> {
    let domains = c.state.store.list_domains(org_id).await?;
    Ok(domains.into_iter().map(|d| d.id).collect())
}

/// A domain's chats, their visitors' presence and its agents' presence, as one subscription,
/// and the handle that ends it (the domain was deleted).
async fn listen(c: &Conn, domain_id: &str) -> Result<(Subscription, AbortHandle), FrameError> {
    use futures_util::stream::{abortable, select};
    let broker = &c.hub.broker;
    let chats = broker.subscribe(&topic::domain(domain_id)).await;
    let agents = broker.subscribe(&topic::agents(domain_id)).await;
    let visitors = broker.subscribe(&topic::visitors(domain_id)).await;
    let all = select(
        select(chats.map_err(internal)?, agents.map_err(internal)?),
        skip_lag(visitors.map_err(internal)?),
    );
    let (sub, handle) = abortable(all);
    Ok((Box::pin(sub), handle))
}

/// Which of these domains have an agent online now.
async fn domains_with_agents_online(c: &Conn, domains: &[String]) -> Vec<String> {
    let mut online = Vec::new();
    for d in domains {
        if c.state.presence.agents_online(d).await {
            online.push(d.clone());
        }
    }
    online
}

/// Whether the session is still live (not logged out, expired or its user removed).
async fn session_live(c: &Conn, session_id: &str) -> Result<bool, FrameError> {
    match crate::service::accounts::session::live_session(&c.state, session_id).await {
        Ok(s) => Ok(s.is_some()),
        Err(e) => Err(FrameError::new(500, e.message)),
    }
}

fn session_ended() -> Stop {
    Stop::close(code::SESSION_ENDED, SESSION_ENDED_REASON)
}

/// The visitors' presence topic: falling behind it costs presence updates, which the newer
/// ones replace (typing also expires on its own), never messages; so it does not disconnect.
fn skip_lag(sub: Subscription) -> Subscription {
    use futures_util::StreamExt as _;
    Box::pin(sub.filter(|item| {
        if let Err(lag) = item {
            tracing::debug!(
                missed = lag.0,
                "realtime: an agent skipped visitors' presence"
            );
        }
        std::future::ready(item.is_ok())
    }))
}
