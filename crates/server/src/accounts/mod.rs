//! Owner and agent accounts: password hashing, login sessions (HttpOnly cookie, CSRF token),
//! the auth routes, user creation for the CLI and the demo seed.
//!
//! The realtime hub asks [`session::session_user`] who an agent's WebSocket upgrade belongs to.

pub mod session;

pub use session::{session_user, Role, SessionUser};
