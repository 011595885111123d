//! Owner and agent accounts: password hashing (argon2id), login sessions (HttpOnly cookie and
//! CSRF token), the auth routes, user creation for the API and the CLI, and the demo seed.
//!
//! The realtime hub asks [`session::session_user`] who an agent's WebSocket upgrade belongs to.

pub mod demo;
pub mod password;
pub mod presence;
pub mod routes;
pub mod session;
pub mod signup;
pub mod throttle;
pub mod users;

pub use routes::{AgentAuth, OwnerAuth};
pub use session::{session_user, Role, SessionUser};
