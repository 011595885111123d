//! The realtime engine, in the manner of Centrifugo's: the [`hub::Hub`] every connection of this
//! instance shares and its [`hub::broker::Broker`] (fan-out of events by topic), the agent
//! leases behind [`presence::Presence`], and [`cluster`], the Redis implementations of both for
//! several instances. It knows topics, encoded frames and leases, not the store or the sockets:
//! the chat service publishes through it, the sockets (`crate::api::realtime`) read it.

pub mod cluster;
pub mod hub;
pub mod presence;
