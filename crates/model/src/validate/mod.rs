//! Static validation of a config: every problem, each with its JSON path, in document order.
//!
//! The checks walk the untyped `serde_json::Value` (so a path is at hand everywhere and one bad
//! field does not hide the rest) and the typed `Config` is read only once nothing is wrong.
//! Inside an object, problems that concern the object as a whole (missing fields, rules between
//! fields) come first, then its fields in the order the document has them.
//!
//! One file per part of the config: the walker and its generic shapes first, then the document,
//! domains, buttons (with their triggers), actions, schedules, conditions and owner texts; each
//! adds the checks of its part to `Walker`.

mod actions;
mod buttons;
mod conditions;
mod document;
mod domains;
mod ids;
mod schedule;
mod shapes;
mod texts;
mod triggers;
mod walker;

use serde::Deserialize;
use serde_json::Value;

use crate::config::Config;
use crate::problem::Problem;
use walker::Walker;

/// The words of spec §5.2 for a link that is not a full http(s) URL.
pub const LINK_URL_MESSAGE: &str =
    "Beckon only supports a fully qualified URL with http or https protocol";

/// Parses and validates a config; the typed config when nothing is wrong, else every problem.
/// A leading UTF-8 byte-order mark (as some editors write) is ignored.
pub fn validate(json: &str) -> Result<Config, Vec<Problem>> {
    let value: Value =
        serde_json::from_str(without_bom(json)).map_err(|e| vec![json_syntax_problem(&e)])?;
    validate_value(&value)
}

/// The text without a leading UTF-8 byte-order mark, which JSON parsers refuse.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Validates an already parsed config.
pub fn validate_value(value: &Value) -> Result<Config, Vec<Problem>> {
    let problems = problems(value);
    if !problems.is_empty() {
        return Err(problems);
    }
    // Everything serde needs was checked above, so this fails only if the two disagree (a bug).
    Config::deserialize(value).map_err(|e| {
        vec![Problem::new(
            "",
            format!("config does not fit the model: {e}"),
        )]
    })
}

/// Every problem of an already parsed config, in document order; empty when it is valid.
pub fn problems(value: &Value) -> Vec<Problem> {
    let mut w = Walker::new(value);
    w.config(value);
    // One is enough: the store could not keep the config at all.
    if let Some(path) = crate::nul_path(value) {
        w.problems.push(Problem::new(path, crate::NUL_REFUSED));
    }
    w.problems
}

fn json_syntax_problem(e: &serde_json::Error) -> Problem {
    // serde_json's own text ends in " at line L column C"; say where first instead.
    let text = e.to_string();
    let reason = text
        .rsplit_once(" at line ")
        .map_or(text.as_str(), |(r, _)| r);
    Problem::new(
        "",
        format!(
            "invalid JSON at line {}, column {}: {reason}",
            e.line(),
            e.column()
        ),
    )
}
