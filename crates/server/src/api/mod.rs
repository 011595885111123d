//! The entry points of the network: [`http`] (one module per route area, mounted by
//! [`http::router`]) and [`realtime`] (the WebSocket sockets). Both call the services below them
//! and share [`crate::AppState`]; nothing below imports them.

pub mod http;
pub mod realtime;
