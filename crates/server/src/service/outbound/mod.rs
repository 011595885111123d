//! Outbound work: what must happen later, at least once, once across instances, and survive a
//! restart (e-mail, Web Push and webhooks), run from the store's durable job queue
//! (`crates/store/src/jobs/`) by one worker per instance ([`worker`]). What is worth telling whom is
//! decided in one place ([`notify`]), so every channel of notification agrees.
//!
//! What the chat service tells outbound work is one event per stored message (and per ended or
//! rated chat): a `chat-event` job ([`event`]), off the sender's path, whose run hands it to each
//! [`event::Subscriber`] of [`subscribers`] (webhooks, mail, Web Push); they queue the jobs below.
//!
//! Job kinds:
//! - `chat-event` (`{event, channelId, …}`): a message stored, a chat ended or rated; told to
//!   every subscriber, which queues its own jobs.
//! - `notify-agents` (`{channelId}`, keyed by the chat: one per chat per delay window): after
//!   `--notify-delay-seconds`, if a visitor's message is still unread by every agent, one `mail`
//!   job per agent of the organisation who is not online.
//! - `notify-visitor` (`{channelId}`, keyed by the chat): after the same delay, if the visitor
//!   has not seen an agent's reply (no open widget acknowledged it) and left an e-mail address,
//!   one `mail` job to the visitor with the conversation so far, within the bounds of
//!   [`notify::VISITOR_MAILS_PER_CHAT_A_DAY`] and [`notify::VISITOR_MAILS_PER_DOMAIN_AN_HOUR`].
//! - `mail` (the message itself): sent through `--smtp-url`; retried with back-off while the
//!   SMTP server is away, buried after [`worker::MAX_ATTEMPTS`] or a permanent refusal.
//! - `notify-push` (`{channelId, seq}`, keyed by the message): at once, unless an agent read it,
//!   one `push` job per browser of each agent of the organisation who is not online.
//! - `push` (`{userId, endpoint, notice}`): the notice encrypted for that browser and sent to its
//!   push service ([`push`]); a subscription the service says is gone is forgotten.
//! - `webhook` (`{deliveryId}`, keyed by the delivery): one attempt to deliver one event to one
//!   owner's endpoint, signed ([`webhook`]); retried on the Standard Webhooks schedule for 24 h
//!   (its own, not the back-off above), the delivery's log noting each attempt.
//!
//! Every request out goes through `crate::infra::egress::guard`: https to public addresses only, unless
//! `--allow-private-outbound`.

pub mod event;
pub mod job;
pub mod notify;
pub mod push;
pub mod subscribers;
pub mod webhook;
pub mod worker;

pub use worker::spawn_worker;

pub const CHAT_EVENT: &str = event::CHAT_EVENT;
pub const NOTIFY_AGENTS: &str = "notify-agents";
pub const NOTIFY_VISITOR: &str = "notify-visitor";
pub const MAIL: &str = "mail";
pub const NOTIFY_PUSH: &str = "notify-push";
pub const PUSH: &str = "push";
pub const WEBHOOK: &str = beckon_store::webhooks::WEBHOOK_JOB;
