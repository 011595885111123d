//! The chat service: creating (or reopening) a chat, sending into it, replaying it, reading,
//! ending and reopening it, and telling the realtime fan-out ([`crate::engine::hub`]). The public chat
//! API, the agent API and the realtime sockets all call these, so each rule lives once:
//!
//! - a message is stored before it is published, and a de-duplicated re-send is not published
//!   again;
//! - [`replay`] is the one read of a chat's messages after a sequence number: the visitor's
//!   catch-up and the agent's backlog on the socket, and both history calls;
//! - private notes (`notes.rs`) are not messages: stored apart, told to agents only;
//! - a conversation without a message is the visitor's alone: agents are told about it
//!   (`new-channel`) and `conversation.started` fires with its first message, never before; the
//!   inbox does not list it (`store::Chats::query_channels`);
//! - whatever happens after the store answered never fails the caller: the data is stored and a
//!   reconnecting client catches up from the store.

mod assignment;
pub mod availability;
pub mod erasure;
pub mod kept;
pub mod notes;
pub mod rating;
pub mod visits;

use crate::engine::hub::broker::{topic, Envelope, Kind};
use crate::engine::hub::Hub;
use crate::service::outbound::{self, event::ChatEvent};
use crate::state::AppState;
use crate::wire::api_error::ApiError;
use crate::wire::chat::{self as wire, PublicPersona};
use crate::wire::frames::{self, CheckedMessage, PresenceAction, Status};
use beckon_store::{
    Channel, ChannelStatus, Domain, Inserted, Message, NewMessage, NewPersona, Persona, Store,
    StoreError, StoreResult,
};

pub use crate::wire::frames::ChannelUpdate;
pub use assignment::assign;

/// An ended chat is reopened for a returning visitor only if it ended this recently.
pub const REOPEN_WITHIN_DAYS: i64 = 30;

// ---------- create ----------

/// A new chat on `domain` for the visitor `persona` — or, for a returning visitor, their ended
/// chat opened again: when `previous` (the body's `personaId`) is the visitor persona of this
/// domain's latest chat of the same e-mail, ended within [`REOPEN_WITHIN_DAYS`]. The visitor
/// persona then takes this visit's name, page URL, address and consent, and agents get
/// `channel-update` `reopened`; a new chat is announced (`new-channel`).
pub async fn create(
    state: &AppState,
    domain: &Domain,
    persona: NewPersona,
    previous: Option<&str>,
) -> Result<(Channel, Persona), ApiError> {
    if let (Some(email), Some(previous)) = (persona.email.as_deref(), previous) {
        let since = state.store.now() - REOPEN_WITHIN_DAYS * 86_400_000;
        let ended = state
            .store
            .ended_channel_of_visitor(&domain.id, previous, email, since)
            .await?;
        if let Some((ended, mut visitor)) = ended {
            // What the visitor says now (name, page, address, consent) is what the agent sees.
            visitor.name = persona.name;
            visitor.url = persona.url;
            visitor.ip = persona.ip;
            visitor.legal_notice_accepted = persona.legal_notice_accepted;
            state.store.update_persona(&visitor).await?;
            let channel = state
                .store
                .reopen_channel(&ended.id, state.store.now())
                .await?;
            // Channel ids are the visitors' business: not at INFO.
            tracing::info!(domain = %domain.id, "chat reopened by its returning visitor");
            tracing::debug!(channel = %channel.id, "chat reopened");
            if channel.last_seq > 0 {
                publish_update(state, &channel, ChannelUpdate::Reopened).await;
            }
            return Ok((channel, visitor));
        }
    }
    let (channel, persona) = state.store.create_channel(&domain.id, persona).await?;
    tracing::info!(domain = %domain.id, "chat channel created");
    tracing::debug!(channel = %channel.id, "chat channel created");
    Ok((channel, persona))
}

/// Tells the domain's agents about a chat (`new-channel`). `known` may hold the visitor's
/// persona to save a lookup.
pub async fn announce(state: &AppState, channel: &Channel, known: Option<&Persona>) {
    let visitor = match known.filter(|p| p.id == channel.visitor_persona_id) {
        Some(p) => p.into(),
        None => match state.store.get_persona(&channel.visitor_persona_id).await {
            Ok(p) => (&p).into(),
            Err(e) => {
                tracing::warn!(error = %e, "realtime: visitor persona lookup failed");
                PublicPersona::unknown(&channel.visitor_persona_id)
            }
        },
    };
    let visitor = PublicPersona::for_agents(visitor);
    let domain = state.store.get_domain(&channel.domain_id).await.ok();
    let env = Envelope {
        kind: Kind::NewChannel,
        seq: 0,
        origin: 0,
        channel: channel.id.clone(),
        id: String::new(),
        frame: frames::new_channel(wire::Channel::of(channel, domain.as_ref()), visitor).into(),
    };
    state
        .realtime
        .publish(topic::domain(&channel.domain_id), &env)
        .await;
}

// ---------- send ----------

/// Stores a message (idempotent on its client id) and, when it is new, publishes it; its
/// attachments must be files uploaded to this chat (`Invalid` names one that is not). `origin`
/// is the sending connection (0: not a socket), which does not get its own message back.
pub async fn post_message(
    state: &AppState,
    channel: &Channel,
    sender: &Persona,
    msg: CheckedMessage,
    origin: u64,
) -> Result<Inserted, StoreError> {
    let mut msg = msg;
    // Only files uploaded to this chat, as they were stored (`Invalid` otherwise).
    if !msg.attachments.is_empty() {
        msg.attachments = crate::infra::attachments::resolve(
            &*state.store,
            &state.tokens,
            &channel.id,
            &msg.attachments,
        )
        .await?;
    }
    let inserted = crate::infra::metrics::store(
        "insert_message",
        state.store.insert_message(NewMessage {
            channel_id: channel.id.clone(),
            client_id: msg.client_id,
            sender_persona_id: sender.id.clone(),
            text: msg.text,
            attachments: serde_json::to_value(&msg.attachments).expect("attachments serialise"),
        }),
    )
    .await?;
    if inserted.created {
        let m = &inserted.message;
        // The caller's copy may predate this message: what agents and webhooks get is now's.
        let channel = &Channel {
            last_seq: channel.last_seq.max(m.seq),
            last_activity_at: channel.last_activity_at.max(m.created_at),
            ..channel.clone()
        };
        if m.seq == 1 {
            // The first message: the conversation begins for the agents (and, with the event,
            // for the webhooks).
            let visitor = (sender.id == channel.visitor_persona_id).then_some(sender);
            announce(state, channel, visitor).await;
        }
        publish_message(&state.realtime, channel, &inserted.message, sender, origin).await;
        // One durable write; webhooks, mail and push do their work off the sender's path.
        let event = ChatEvent::MessageStored {
            channel_id: channel.id.clone(),
            seq: m.seq,
        };
        outbound::event::emit(state, event).await;
    }
    Ok(inserted)
}

/// An agent's reply from the HTTP API: stored and published like any message; a new one also
/// marks the chat read for the agent and claims it when nobody has it (agents are told).
pub async fn agent_reply(
    state: &AppState,
    channel: &Channel,
    user_id: &str,
    sender: &Persona,
    msg: CheckedMessage,
) -> Result<Inserted, StoreError> {
    let inserted = post_message(state, channel, sender, msg, 0).await?;
    if inserted.created {
        let m = &inserted.message;
        state
            .store
            .mark_read(&channel.id, &sender.id, m.seq)
            .await?;
        if channel.assigned_agent_id.is_none() {
            assign(state, channel, Some(user_id)).await?;
        }
    }
    Ok(inserted)
}

async fn publish_message(
    hub: &Hub,
    channel: &Channel,
    message: &Message,
    sender: &Persona,
    origin: u64,
) {
    crate::infra::metrics::message_in();
    let message = wire::Message::of(message, Some(sender));
    let to_visitor = Envelope {
        kind: Kind::Message,
        seq: message.seq,
        origin,
        channel: channel.id.clone(),
        id: message.id.clone(),
        frame: frames::chat_message(&channel.id, message.clone()).into(),
    };
    let to_agents = Envelope {
        frame: frames::chat_message(&channel.id, message.for_agents()).into(),
        ..to_visitor.clone()
    };
    hub.publish_channel_event(&channel.id, &channel.domain_id, to_visitor, to_agents)
        .await;
}

// ---------- replay ----------

/// A chat's messages after a sequence number, oldest first, with the chat's personas.
pub struct Replay {
    pub messages: Vec<wire::Message>,
    pub personas: Vec<Persona>,
}

/// At most `limit` messages of the chat after `after`, each with its sender resolved among the
/// chat's personas. The one read behind the visitor's catch-up, the agent's backlog and both
/// history calls.
pub async fn replay(
    store: &dyn Store,
    channel_id: &str,
    after: i64,
    limit: i64,
) -> StoreResult<Replay> {
    let page = store
        .messages_after(channel_id, after.max(0), limit)
        .await?;
    let personas = if page.is_empty() {
        Vec::new()
    } else {
        store.channel_personas(channel_id).await?
    };
    let messages = page
        .iter()
        .map(|m| {
            let sender = personas.iter().find(|p| p.id == m.sender_persona_id);
            wire::Message::of(m, sender)
        })
        .collect();
    Ok(Replay { messages, personas })
}

/// A history answer: [`replay`] plus every persona of the chat (also when no message is new).
pub async fn history(
    store: &dyn Store,
    channel: &Channel,
    after: i64,
    limit: i64,
    with_status: bool,
) -> StoreResult<wire::History> {
    let replay = replay(store, &channel.id, after, limit).await?;
    let personas = if replay.personas.is_empty() {
        store.channel_personas(&channel.id).await?
    } else {
        replay.personas
    };
    Ok(wire::History {
        messages: replay.messages,
        personas: personas.iter().map(PublicPersona::from).collect(),
        last_seq: channel.last_seq,
        status: with_status.then_some(channel.status),
    })
}

// ---------- read, end, reopen ----------

/// `persona_id` has read the chat up to `seq`: stored, and agents are told the read marker.
/// Answers the marker (it never moves back).
pub async fn mark_read(
    state: &AppState,
    channel: &Channel,
    persona_id: &str,
    seq: i64,
) -> StoreResult<i64> {
    let marker = state.store.mark_read(&channel.id, persona_id, seq).await?;
    let reader = if persona_id == channel.visitor_persona_id {
        wire::public_visitor_id(persona_id)
    } else {
        persona_id.to_owned()
    };
    let update = ChannelUpdate::Read {
        persona_id: reader,
        seq: marker,
    };
    publish_update(state, channel, update).await;
    Ok(marker)
}

/// Ends the chat (`by`: the persona that ended it) and sends `channel-ended` to its visitor and
/// the domain's agents.
pub async fn end(state: &AppState, channel_id: &str, by: Option<&str>) -> StoreResult<Channel> {
    let channel = state
        .store
        .end_channel(channel_id, state.store.now(), by)
        .await?;
    let env = Envelope {
        kind: Kind::Ended,
        seq: 0,
        origin: 0,
        channel: channel.id.clone(),
        id: String::new(),
        frame: frames::channel_ended(&channel.id).into(),
    };
    if channel.last_seq == 0 {
        // Agents never heard of it: its visitor alone is told.
        state
            .realtime
            .publish(topic::channel(&channel.id), &env)
            .await;
        return Ok(channel);
    }
    state
        .realtime
        .publish_channel_event(&channel.id, &channel.domain_id, env.clone(), env)
        .await;
    let event = ChatEvent::Ended {
        channel_id: channel.id.clone(),
        ended_by: channel.ended_by.clone(),
        ended_at: channel.ended_at,
    };
    outbound::event::emit(state, event).await;
    Ok(channel)
}

/// Opens an ended chat again in the same thread; agents get `channel-update` `reopened`.
pub async fn reopen(state: &AppState, channel: &Channel) -> StoreResult<Channel> {
    if channel.status != ChannelStatus::Ended {
        return Ok(channel.clone());
    }
    let channel = state
        .store
        .reopen_channel(&channel.id, state.store.now())
        .await?;
    if channel.last_seq > 0 {
        publish_update(state, &channel, ChannelUpdate::Reopened).await;
    }
    Ok(channel)
}

/// Something agents track about a chat changed (`channel-update`); visitors do not see it.
pub async fn publish_update(state: &AppState, channel: &Channel, update: ChannelUpdate) {
    let env = Envelope {
        kind: Kind::Presence,
        seq: 0,
        origin: 0,
        channel: channel.id.clone(),
        id: String::new(),
        frame: frames::channel_update(&channel.id, update).into(),
    };
    state
        .realtime
        .publish(topic::domain(&channel.domain_id), &env)
        .await;
}

// ---------- agents ----------

/// The public persona of an agent (a stand-in with the name when the user has none).
pub async fn agent_persona(state: &AppState, persona_id: &str, name: &str) -> PublicPersona {
    if !persona_id.is_empty() {
        if let Ok(p) = state.store.get_persona(persona_id).await {
            return (&p).into();
        }
    }
    PublicPersona::agent_without_persona(name)
}

/// An agent chose online or away outside a socket (the agent HTTP API): its sockets on every
/// instance follow, so they renew the lease only while online, and everyone on the
/// organisation's domains (`domains`) is told.
pub async fn set_agent_status(state: &AppState, user_id: &str, domains: &[String], online: bool) {
    let status = if online { Status::Online } else { Status::Away };
    let persona = {
        let mut agents = state.realtime.agents.lock().expect("hub lock");
        agents.get_mut(user_id).map(|a| {
            a.status = status;
            a.persona.clone()
        })
    };
    let persona = match persona {
        Some(p) => p,
        None => match state.store.get_user(user_id).await {
            Ok(u) => agent_persona(state, u.persona_id.as_deref().unwrap_or(""), &u.name).await,
            Err(_) => PublicPersona {
                id: None,
                persona_type: Some(wire::PersonaType::ChatAgentPersona),
                name: None,
                avatar_url: None,
            },
        },
    };
    state
        .realtime
        .publish_agent_status(user_id, status, 0)
        .await;
    state
        .realtime
        .publish_agent_presence(domains, PresenceAction::Update, &persona, status, 0)
        .await;
}
