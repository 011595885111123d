//! The wire layer: every JSON body the HTTP API reads and answers and every realtime frame, as
//! serde types, in one place below `http`, `realtime`, `accounts` and `chat`. Generated from
//! them, so that server and clients cannot drift apart: the OpenAPI document (`api/http/openapi.rs`,
//! from the handlers' `#[utoipa::path]` and these types' `ToSchema`; `routes.rs` mounts a route
//! only with its documentation) and the TypeScript types of the console's and the widget's API
//! clients (`ts.rs`).
//!
//! Also here: how bodies and queries are read (`body.rs`, JSON errors) and the validation
//! serde cannot express (`validate.rs`).

pub mod account;
pub mod agent;
pub mod api_error;
pub mod body;
pub mod canned;
pub mod chat;
pub mod error;
pub mod frames;
pub mod limits;
pub mod notes;
pub mod notifications;
pub mod owner;
pub mod privacy;
pub mod routes;
pub mod ts;
pub mod validate;
pub mod webhooks;
pub mod widget;

pub use body::{iso_time, no_store, refuse_nul, ApiQuery, JsonBody, MAX_BODY};
