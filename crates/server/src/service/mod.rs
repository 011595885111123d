//! The services the entry points call, each with its rules in one place: [`accounts`] (sessions,
//! passwords, users), [`chat`] (the chat logic the HTTP API and the sockets share), [`outbound`]
//! (mail, Web Push and webhooks, run later from the store's job queue), and the small pieces of
//! domain logic beside them ([`domain_config`], [`seed`], [`sightings`]). They take
//! [`crate::AppState`]; what the state holds is below them.

pub mod accounts;
pub mod chat;
pub mod domain_config;
pub mod outbound;
pub mod seed;
pub mod sightings;
