//! The realtime hub over real WebSockets: the real server on 127.0.0.1:0, SQLite in a temp dir,
//! agents logged in over HTTP. One file per concern.

mod agents;
mod conversation;
mod limits;
mod refusals;
mod resume;
