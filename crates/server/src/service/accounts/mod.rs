//! Owner and agent accounts: password hashing (argon2id), login sessions (HttpOnly cookie and
//! CSRF token), login throttling, user creation for the API and the CLI, and the demo seed. The
//! routes that use them are in `crate::api::http` (`auth.rs`, `signup.rs`).
//!
//! The realtime hub asks [`session::session_user`] who an agent's WebSocket upgrade belongs to.

pub mod demo;
pub mod password;
pub mod session;
pub mod throttle;
pub mod users;

pub use session::{session_user, Role, SessionUser};
