//! The parts the server is built on that know nothing of chats' rules: the connection layer
//! ([`listener`]), what leaves the server ([`egress`], [`mail`]), files ([`assets`] on disk,
//! [`attachments`] in chats), operations ([`metrics`], [`ready`], [`alloc`]), rate limits,
//! tokens, the country lookup, the statistics collector and [`redact`]. Above `wire` and
//! `store`, which some of them read and write; below the engine and the state that hold them.

pub mod alloc;
pub mod assets;
pub mod attachments;
pub mod egress;
pub mod geo;
pub mod listener;
pub mod mail;
pub mod metrics;
pub mod ratelimit;
pub mod ready;
pub mod redact;
pub mod stats;
pub mod token;
