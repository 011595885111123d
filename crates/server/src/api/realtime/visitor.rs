//! A visitor's connection: one chat, authenticated by a token from the public token URL.

use std::collections::VecDeque;

use tokio::time::Instant;

use super::conn::{backlog_page, utf8, Conn};
use super::session::{Handled, Session};
use super::stop::Step;
use crate::engine::hub::broker::{topic, BrokerItem, Envelope, Events, Kind};
use crate::infra::token::TokenError;
use crate::service::chat;
use crate::wire::chat::{Message, PublicPersona};
use crate::wire::frames::{
    self, ClientAction, ClientActionFrame, ClientFrame, FrameError, PageFrame, PresenceAction,
    PresenceFrame, Ready, ServerFrame, Status,
};
use beckon_store::{now_ms, Channel, ChannelStatus, Persona, PersonaType, StoreError};

/// How many delivered messages a connection remembers for `message-ack` by id.
const RECENT: usize = 64;

/// What a visitor presents: from the `auth` frame or the query string.
pub(crate) struct VisitorAuth {
    pub token: String,
    pub channel_id: Option<String>,
    pub persona_id: Option<String>,
    pub last_seq: Option<i64>,
}

pub(crate) struct VisitorSession {
    channel: Channel,
    /// (Its public JSON is made when presence is published, which is rare: kept, it was
    /// 0.7 KB in every idle connection.)
    persona: Visitor,
    /// The highest sequence number this connection has delivered (or the client has).
    last_sent: i64,
    status: Status,
    typing_until: Option<Instant>,
    ended: bool,
    /// The chat has a message, so agents know it: until then its visitor's presence and pages
    /// are not told to them (service/chat/mod.rs).
    announced: bool,
    /// (message id, seq) of the latest deliveries.
    recent: VecDeque<(String, i64)>,
}

/// The visitor's persona as its connection keeps it: the public side, which its messages and
/// presence show. The contact details (e-mail, address, page) stay in the store, not in every
/// idle connection.
struct Visitor {
    id: String,
    kind: PersonaType,
    name: String,
    avatar_url: Option<String>,
}

impl Visitor {
    fn of(p: Persona) -> Self {
        Visitor {
            id: p.id,
            kind: p.persona_type,
            name: p.name,
            avatar_url: p.avatar_url,
        }
    }

    /// The store's shape, for the calls that take one (the message's sender).
    fn persona(&self) -> Persona {
        Persona {
            id: self.id.clone(),
            persona_type: self.kind,
            name: self.name.clone(),
            email: None,
            ip: None,
            url: None,
            legal_notice_accepted: 0,
            avatar_url: self.avatar_url.clone(),
            created_at: 0,
        }
    }
}

impl VisitorSession {
    pub async fn start(c: &mut Conn, auth: VisitorAuth) -> Result<(Self, Events), FrameError> {
        let claims = c
            .state
            .tokens
            .verify(&auth.token, now_ms())
            .map_err(|e| match e {
                TokenError::Expired => FrameError::new(
                    401,
                    "the token has expired; fetch a new one from the token URL",
                ),
                _ => FrameError::new(401, "the token is invalid"),
            })?;
        if auth
            .channel_id
            .as_deref()
            .is_some_and(|id| id != claims.channel_id)
        {
            return Err(FrameError::new(403, "this token is for another chat"));
        }
        if auth
            .persona_id
            .as_deref()
            .is_some_and(|id| id != claims.persona_id)
        {
            return Err(FrameError::new(403, "this token is for another persona"));
        }
        // Subscribe first, then read: nothing published in between is missed.
        let hub = c.hub.clone();
        let chat = hub
            .broker
            .subscribe(&topic::channel(&claims.channel_id))
            .await
            .map_err(FrameError::internal)?;
        let channel = c.state.store.get_channel(&claims.channel_id).await?;
        if channel.visitor_persona_id != claims.persona_id {
            return Err(FrameError::new(
                403,
                "this token is not for this chat's visitor",
            ));
        }
        if channel.status == ChannelStatus::Ended {
            return Err(StoreError::ChannelEnded.into());
        }
        let agents = hub
            .broker
            .subscribe(&topic::agents(&channel.domain_id))
            .await
            .map_err(FrameError::internal)?;
        let subs = Events::two(chat, agents);
        let persona = c
            .state
            .store
            .get_persona(&claims.persona_id)
            .await
            .map(Visitor::of)
            // The token names it: a persona the store cannot give is the server's fault.
            .map_err(FrameError::internal)?;
        let agents_online = c.state.presence.agents_online(&channel.domain_id).await;
        let mut s = VisitorSession {
            announced: channel.last_seq > 0,
            last_sent: channel.last_seq,
            channel,
            persona,
            status: Status::Online,
            typing_until: None,
            ended: false,
            // Grows with deliveries: an idle connection holds none.
            recent: VecDeque::new(),
        };
        c.out
            .push(
                ServerFrame::Ready(Ready::Visitor {
                    channel_id: s.channel.id.clone(),
                    persona_id: s.persona.id.clone(),
                    last_seq: s.channel.last_seq,
                    agents_online,
                    replies_by_email: c.state.mailer.is_some(),
                })
                .text(),
            )
            .await
            .map_err(|_| FrameError::new(500, "connection lost"))?;
        if let Some(from) = auth.last_seq {
            s.last_sent = from.max(0);
            if s.catch_up(c).await.is_err() {
                return Err(FrameError::new(500, "connection lost"));
            }
        }
        s.publish_presence(c, PresenceAction::Enter).await;
        Ok((s, subs))
    }

    fn remember(&mut self, id: &str, seq: i64) {
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back((id.to_owned(), seq));
    }

    /// Sends every stored message after `last_sent`, oldest first.
    async fn catch_up(&mut self, c: &mut Conn) -> Step {
        loop {
            let (page, more) = backlog_page(c, &self.channel.id, self.last_sent).await?;
            for m in page {
                self.send_stored(c, m).await?;
            }
            if !more {
                return Ok(());
            }
        }
    }

    /// After missed events: the messages from the store, and the end if the chat ended.
    async fn recover(&mut self, c: &mut Conn) -> Step {
        self.catch_up(c).await?;
        if self.ended {
            return Ok(());
        }
        if let Ok(ch) = c.state.store.get_channel(&self.channel.id).await {
            if ch.status == ChannelStatus::Ended {
                self.ended = true;
                c.out.push(frames::channel_ended(&ch.id)).await?;
                self.channel = ch;
            }
        }
        Ok(())
    }

    async fn send_stored(&mut self, c: &mut Conn, m: Message) -> Step {
        let (id, seq) = (m.id.clone(), m.seq);
        c.out
            .push(frames::chat_message(&self.channel.id, m))
            .await?;
        self.last_sent = self.last_sent.max(seq);
        self.remember(&id, seq);
        Ok(())
    }

    async fn publish_presence(&self, c: &Conn, action: PresenceAction) {
        let typing = self.typing_until.is_some();
        let persona = PublicPersona::from(&self.persona.persona());
        let frame = |persona: &PublicPersona| {
            frames::presence(
                action,
                Some(&self.channel.id),
                Some(&self.channel.domain_id),
                persona,
                self.status,
                typing,
            )
        };
        let to_visitor = Envelope {
            kind: Kind::VisitorPresence,
            seq: 0,
            origin: c.id,
            channel: self.channel.id.clone(),
            id: String::new(),
            frame: frame(&persona).into(),
        };
        let to_agents = Envelope {
            frame: frame(&persona.clone().for_agents()).into(),
            ..to_visitor.clone()
        };
        if !self.announced {
            c.hub
                .publish(topic::channel(&self.channel.id), &to_visitor)
                .await;
            return;
        }
        tokio::join!(
            c.hub.publish(topic::channel(&self.channel.id), &to_visitor),
            c.hub
                .publish(topic::visitors(&self.channel.domain_id), &to_agents)
        );
    }

    async fn client_action(&mut self, c: &Conn, a: ClientActionFrame) -> Result<(), FrameError> {
        if a.channel_id
            .as_deref()
            .is_some_and(|id| id != self.channel.id)
        {
            return Err(FrameError::new(403, "this connection is for another chat"));
        }
        // The chat is this connection's: a failure of the store here is the server's fault,
        // whatever the store says (not a 404 or 410 for the client).
        match &a.action {
            ClientAction::MessageAck => {
                let (id, seq) = frames::ack_target(&a);
                let seq = seq.or_else(|| {
                    let id = id.as_deref()?;
                    self.recent
                        .iter()
                        .rev()
                        .find(|(m, _)| m == id)
                        .map(|(_, s)| *s)
                });
                let Some(seq) = seq.filter(|s| *s > 0) else {
                    return Err(FrameError::new(
                        404,
                        "unknown message: send the id of a message this connection received, or its seq",
                    ));
                };
                let seq = seq.min(self.last_sent.max(self.channel.last_seq));
                chat::mark_read(&c.state, &self.channel, &self.persona.id, seq)
                    .await
                    .map_err(FrameError::internal)?;
            }
            ClientAction::EndChat => {
                let ch = chat::end(&c.state, &self.channel.id, Some(&self.persona.id))
                    .await
                    .map_err(FrameError::internal)?;
                self.ended = true;
                self.channel = ch;
            }
            ClientAction::Unknown(name) => return Err(ClientAction::unknown(name)),
        }
        Ok(())
    }

    async fn presence(&mut self, c: &Conn, p: PresenceFrame) -> Result<(), FrameError> {
        let mut changed = false;
        if let Some(s) = p.status.as_deref() {
            let s = Status::parse(s)?;
            changed |= s != self.status;
            self.status = s;
        }
        if let Some(t) = p.typing {
            if t {
                changed |= self.typing_until.is_none();
                self.typing_until = Some(Instant::now() + c.config().typing_ttl);
            } else {
                changed |= self.typing_until.take().is_some();
            }
        }
        if p.status.is_none() && p.typing.is_none() {
            return Err(FrameError::bad(
                "a presence frame carries typing and/or status",
            ));
        }
        if changed {
            self.publish_presence(c, PresenceAction::Update).await;
        }
        Ok(())
    }

    async fn page(&self, c: &Conn, p: PageFrame) -> Result<(), FrameError> {
        use crate::service::chat::visits;
        let Some(url) = visits::page_url(&p.url) else {
            return Err(FrameError::bad(format!(
                "url must be an http(s) address of at most {} characters",
                visits::MAX_URL
            )));
        };
        let title = p
            .title
            .as_deref()
            .and_then(|t| visits::clean(t, visits::MAX_TITLE));
        // The chat is this connection's: any failure is the server's.
        visits::visitor_on_page(&c.state, &self.channel, c.id, url, title, self.announced)
            .await
            .map_err(FrameError::internal)
    }
}

impl Session for VisitorSession {
    async fn on_message(
        &mut self,
        c: &mut Conn,
        m: frames::ChatMessageFrame,
    ) -> Result<(), FrameError> {
        if m.channel_id
            .as_deref()
            .is_some_and(|id| id != self.channel.id)
        {
            return Err(FrameError::new(403, "this connection is for another chat"));
        }
        let msg = frames::check_message(&m)?;
        c.message_allowed()?;
        let sender = self.persona.persona();
        let inserted = chat::post_message(&c.state, &self.channel, &sender, msg, c.id)
            .await
            .inspect_err(|e| self.ended |= matches!(e, StoreError::ChannelEnded))?;
        let stored = &inserted.message;
        if !self.announced {
            self.announced = true;
            // Agents hear of the chat now (new-channel): its visitor is here.
            self.publish_presence(c, PresenceAction::Enter).await;
        }
        c.out
            .push(frames::ack(
                &self.channel.id,
                &stored.client_id,
                &stored.id,
                stored.seq,
                !inserted.created,
            ))
            .await
            .map_err(|_| FrameError::new(500, "connection lost"))?;
        if self.typing_until.take().is_some() {
            self.publish_presence(c, PresenceAction::Update).await;
        }
        Ok(())
    }

    async fn on_frame(&mut self, c: &mut Conn, f: ClientFrame) -> Handled {
        match f {
            ClientFrame::ClientAction(a) => self.client_action(c, a).await?,
            ClientFrame::Presence(p) => self.presence(c, p).await?,
            ClientFrame::Page(p) => self.page(c, p).await?,
            ClientFrame::Resume(r) => {
                self.last_sent = r.last_seq.max(0);
                self.catch_up(c).await?
            }
            // The loop answers these itself, or hands them to `on_message` (`socket.rs`).
            ClientFrame::ChatMessage(_) | ClientFrame::Auth(_) | ClientFrame::Ping => {}
        }
        Ok(())
    }

    async fn on_event(&mut self, c: &mut Conn, item: BrokerItem, _subs: &mut Events) -> Step {
        let bytes = match item {
            Ok(b) => b,
            // Presence missed is harmless; messages come back from the store, an end is
            // looked up.
            Err(_) => return self.recover(c).await,
        };
        let Some(env) = Envelope::decode(&bytes) else {
            return Ok(());
        };
        match env.kind {
            Kind::Message => {
                self.announced = true;
                if env.seq <= self.last_sent {
                    Ok(())
                } else if env.seq == self.last_sent + 1 {
                    crate::infra::metrics::message_out(crate::engine::hub::broker::published_us(
                        &bytes,
                    ));
                    c.out.push(utf8(env.frame)?).await?;
                    self.last_sent = env.seq;
                    self.remember(&env.id, env.seq);
                    Ok(())
                } else {
                    // Published out of order (two senders at once) or missed: the store has
                    // everything up to this one.
                    self.catch_up(c).await
                }
            }
            Kind::Presence | Kind::VisitorPresence if env.origin == c.id => Ok(()),
            Kind::Presence | Kind::VisitorPresence | Kind::AgentPresence => {
                c.out.push(utf8(env.frame)?).await
            }
            Kind::Ended => {
                self.ended = true;
                c.out.push(utf8(env.frame)?).await
            }
            // A note is never published where a visitor listens; were one to come, it stays
            // here all the same.
            Kind::NewChannel | Kind::Revoked | Kind::Status | Kind::Org | Kind::Note => Ok(()),
        }
    }

    fn deadline(&self) -> Option<Instant> {
        self.typing_until
    }

    async fn on_deadline(&mut self, c: &mut Conn) -> Step {
        if self.typing_until.is_some_and(|t| t <= Instant::now()) {
            self.typing_until = None;
            self.publish_presence(c, PresenceAction::Update).await;
        }
        Ok(())
    }

    async fn on_close(&mut self, c: &mut Conn) {
        crate::service::chat::visits::visitor_left(&c.state, &self.channel).await;
        self.typing_until = None;
        self.publish_presence(c, PresenceAction::Leave).await;
    }
}
