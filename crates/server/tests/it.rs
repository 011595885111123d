//! The server's integration tests, in one binary (each test binary links the whole server):
//! the real server on 127.0.0.1:0 over HTTP and WebSocket, real `beckon serve` processes, and
//! the engine conformance suite (the store's is in `crates/store/tests`). Tests whose process must be their own are
//! `ops.rs` (the metrics recorder is global to the process) and `memory_after_logins.rs` (it
//! measures the process's memory).

mod common;

mod accounts;
mod attachments;
mod cluster;
mod cluster_conformance;
mod cluster_ops;
mod connections;
mod deploy;
mod layering;
mod notes;
mod notifications;
mod nul;
mod openapi;
mod push;
mod ratings;
mod realtime;
mod realtime_domains;
mod realtime_limits;
mod realtime_presence_burst;
mod retention;
mod server;
mod ts_export;
mod visitor_data;
mod visitor_identity;
mod visits;
mod webhooks;
