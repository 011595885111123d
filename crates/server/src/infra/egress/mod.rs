//! What leaves the server: every outbound request goes through [`guard`] (https to public
//! addresses only, unless `--allow-private-outbound`), and Web Push is signed with the server's
//! [`vapid`] identity. Below `state` and `outbound`, which both use it.

pub mod guard;
pub mod vapid;

pub use guard::Outbound;
pub use vapid::{browser_keys, contact, Vapid, VAPID_KEY};
