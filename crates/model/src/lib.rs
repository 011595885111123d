//! Beckon's widget configuration: the wire types of spec §3.1, their static validation, and the
//! TypeScript declarations the widget compiles against.
//!
//! ```
//! let problems = beckon_model::validate(r#"{"userId": "u1", "domains": [], "buttons": [{}]}"#)
//!     .unwrap_err();
//! assert_eq!(problems[0].to_string(), "buttons[0].id: missing required field");
//! ```

mod checks;
pub mod config;
mod email;
pub mod enums;
pub mod host;
pub mod mail_texts;
mod nul;
mod problem;
pub mod ts;
mod validate;

pub use checks::is_http_url;
pub use config::*;
pub use email::is_email;
pub use enums::*;
pub use host::{domain_name_problem, host_matches, normalize_host};
pub use nul::{may_hold_nul, nul_path, NUL_REFUSED};
pub use problem::Problem;
pub use validate::{problems, validate, validate_value, without_bom, LINK_URL_MESSAGE};

/// What `check-config` prints for a valid config: `ok: N buttons, M actions`.
pub fn summary(config: &Config) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "ok: {}, {}",
        plural(config.buttons.len(), "button", "buttons"),
        plural(config.actions.len(), "action", "actions")
    )
}
