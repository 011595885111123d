//! The wire layer: every JSON body the HTTP API reads and answers and every realtime frame, as
//! serde types, in one place below `http`, `realtime`, `accounts` and `chat`. The OpenAPI
//! document (`openapi.rs`) and the TypeScript types of the console's and the widget's API
//! clients (`ts.rs`) are generated from these types, so server and clients cannot drift apart.
//!
//! Also here: how bodies and queries are read (`body.rs`, JSON errors) and the validation
//! serde cannot express (`validate.rs`).

pub mod agent;
pub mod body;
pub mod chat;
pub mod frames;
pub mod ts;
pub mod validate;

pub use body::{iso_time, no_store, refuse_nul, ApiQuery, JsonBody, MAX_BODY};
