//! The frames of the realtime protocol (docs/realtime.md): parsing and checking what clients
//! send (`client.rs`), building what the server sends (`server.rs`), and the refusal both share
//! (`error.rs`). Every frame is a JSON text frame with an `op`.

mod client;
mod error;
mod server;

pub use client::*;
pub use error::FrameError;
pub use server::*;
