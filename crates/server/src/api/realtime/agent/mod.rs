//! An agent's connection: every chat of the organisation's domains, authenticated by the
//! session cookie. Availability follows agent connections through presence leases. The domains
//! follow the organisation while the socket is open (`hub/org.rs`): a new domain's chats reach
//! it and it holds a lease there at once; a deleted domain's stop.

use std::collections::HashMap;

use futures_util::stream::{AbortHandle, SelectAll};
use tokio::time::Instant;

use super::coalesce::LatestPresence;
use super::conn::{backlog_page, utf8, Conn};
use super::session::{Handled, Session};
use super::stop::{code, Step, Stop};
use crate::engine::hub::broker::{topic, BrokerItem, Envelope, Events, Kind};
use crate::engine::hub::org;
use crate::engine::hub::revoke::{self, SESSION_ENDED_REASON};
use crate::service::accounts::SessionUser;
use crate::service::chat;
use crate::wire::chat::PublicPersona;
use crate::wire::frames::{
    self, ClientAction, ClientActionFrame, ClientFrame, FrameError, PresenceAction, PresenceFrame,
    Ready, ServerFrame, Status,
};
use beckon_store::{Channel, ChannelStatus, Persona};
use lease::SessionCheck;
use organisation::{domains_with_agents_online, listen, org_domains};

mod domains;
mod lease;
mod organisation;

/// Channels whose domain an agent connection remembers.
const KNOWN_CHANNELS: usize = 512;

pub(crate) struct AgentSession {
    user: SessionUser,
    /// The login this socket belongs to (the session's id); it closes when that ends.
    session_id: String,
    /// When the session is looked up again.
    session_check: SessionCheck,
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
                .map_err(FrameError::internal)?,
        );
        // Subscribed to the organisation's changes before reading its domains: none is missed.
        let org_sub = c.hub.broker.subscribe(&topic::org(&user.org_id)).await;
        subs.push(org::follow(org_sub.map_err(FrameError::internal)?));
        // Subscribed: a login that ended between the upgrade and now is caught here.
        if !session_live(c, &session_id).await? {
            return Err(FrameError::new(401, SESSION_ENDED_REASON));
        }
        let domain_list = org_domains(c, &user.org_id)
            .await
            .map_err(FrameError::internal)?;
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
            session_check: SessionCheck::starting(Instant::now(), c.config().session_check),
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

    /// The channel, if it belongs to one of the agent's domains.
    async fn channel(&mut self, c: &Conn, id: Option<&str>) -> Result<Channel, FrameError> {
        let Some(id) = id.filter(|i| !i.is_empty()) else {
            return Err(FrameError::bad("channelId is required"));
        };
        let ch = c.state.store.get_channel(id).await?;
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

    async fn presence(&mut self, c: &Conn, p: PresenceFrame) -> Result<(), FrameError> {
        if let Some(s) = p.status.as_deref() {
            self.set_status(c, Status::parse(s)?).await;
        }
        if let Some(t) = p.typing {
            let ch = self.known_channel(c, p.channel_id.as_deref()).await?;
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
            return Err(FrameError::bad(
                "a presence frame carries typing and/or status",
            ));
        }
        Ok(())
    }

    async fn client_action(&mut self, c: &Conn, a: ClientActionFrame) -> Result<(), FrameError> {
        let ch = self.channel(c, a.channel_id.as_deref()).await?;
        // The chat was just found: a failure of the store now is the server's fault, whatever
        // the store says (not a 404 or 410 for the client).
        match &a.action {
            ClientAction::EndChat => {
                let by = Some(self.user.persona_id.as_str()).filter(|p| !p.is_empty());
                chat::end(&c.state, &ch.id, by)
                    .await
                    .map_err(FrameError::internal)?;
            }
            ClientAction::MessageAck => {
                let (_, seq) = frames::ack_target(&a);
                let Ok(persona) = self.persona() else {
                    return Ok(());
                };
                let Some(seq) = seq.filter(|s| *s > 0) else {
                    return Err(FrameError::bad(
                        "an agent's message-ack carries the message's seq",
                    ));
                };
                let seq = seq.min(ch.last_seq);
                chat::mark_read(&c.state, &ch, &persona.id, seq)
                    .await
                    .map_err(FrameError::internal)?;
            }
            ClientAction::Unknown(name) => return Err(ClientAction::unknown(name)),
        }
        Ok(())
    }

    async fn backlog(&self, c: &mut Conn, ch: &Channel, mut after: i64) -> Step {
        loop {
            let (page, more) = backlog_page(c, &ch.id, after).await?;
            for m in page {
                after = m.seq;
                c.out
                    .push(frames::chat_message(&ch.id, m.for_agents()))
                    .await?;
            }
            if !more {
                return Ok(());
            }
        }
    }
}

impl Session for AgentSession {
    async fn on_message(
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
        let inserted = chat::post_message(&c.state, &ch, &persona, msg, c.id).await?;
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

    async fn on_frame(&mut self, c: &mut Conn, f: ClientFrame) -> Handled {
        match f {
            ClientFrame::Presence(p) => self.presence(c, p).await?,
            ClientFrame::ClientAction(a) => self.client_action(c, a).await?,
            ClientFrame::Resume(r) => {
                // An agent resumes one chat: `{op: resume, channelId, lastSeq}`.
                let ch = self.channel(c, r.channel_id.as_deref()).await?;
                self.backlog(c, &ch, r.last_seq.max(0)).await?
            }
            ClientFrame::Page(_) => {
                return Err(FrameError::bad("page frames are a visitor's").into())
            }
            // The loop answers these itself, or hands them to `on_message` (`socket.rs`).
            ClientFrame::ChatMessage(_) | ClientFrame::Auth(_) | ClientFrame::Ping => {}
        }
        Ok(())
    }

    async fn on_event(&mut self, c: &mut Conn, item: BrokerItem, subs: &mut Events) -> Step {
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
    fn has_pending(&self) -> bool {
        !self.presence.is_empty()
    }

    /// Sends the visitors' presence that fits in the send queue now.
    fn flush(&mut self, c: &mut Conn) -> Step {
        while let Some(frame) = self.presence.front() {
            if !c.out.try_push(utf8(frame.clone())?)? {
                break;
            }
            self.presence.pop();
        }
        Ok(())
    }

    async fn on_tick(&mut self, c: &mut Conn, subs: &mut Events) -> Step {
        if self
            .session_check
            .due(Instant::now(), c.config().session_check)
        {
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

    fn deadline(&self) -> Option<Instant> {
        self.typing.values().min().copied()
    }

    async fn on_deadline(&mut self, c: &mut Conn) -> Step {
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

    async fn on_close(&mut self, c: &mut Conn) {
        for (id, _) in std::mem::take(&mut self.typing) {
            if let Some(ch) = self.known.get(&id).cloned() {
                self.publish_typing(c, &ch, false).await;
            }
        }
        self.disconnected(c).await;
    }
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
