//! Integration tests: the real server on 127.0.0.1:0 (SQLite in a temp dir), over HTTP.

mod mmdb;

mod chat;
mod chat_origins;
mod cli;
mod console;
mod errors;
mod geo;
mod hosting;
mod static_files;
mod stats;
