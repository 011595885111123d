//! The walk's state (the problems so far, the ids of each kind) and what every check shares:
//! reporting a problem and naming a value's JSON type.

use serde_json::Value;

use super::ids::{Ids, Kind};
use crate::problem::Problem;

/// One walk over a config: the problems found so far, and each kind's ids as the document
/// declares them.
pub(super) struct Walker<'v> {
    pub(super) problems: Vec<Problem>,
    ids: [Ids<'v>; 4],
}

/// How a JSON value is named in "expected …, found …".
fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

pub(super) fn quoted(s: &str) -> String {
    Value::from(s).to_string()
}

impl<'v> Walker<'v> {
    pub(super) fn new(root: &'v Value) -> Self {
        // Ids are collected first so that references can be checked wherever they appear,
        // including to elements further down the document.
        let collect = |kind: Kind| {
            let mut ids = Ids::new();
            let list = root.get(kind.list()).and_then(Value::as_array);
            for (i, item) in list.into_iter().flatten().enumerate() {
                if let Some(id) = item.get("id").and_then(Value::as_str) {
                    ids.entry(id).or_insert(i);
                }
            }
            ids
        };
        Walker {
            problems: Vec::new(),
            ids: [Kind::Domain, Kind::Button, Kind::Action, Kind::Condition].map(collect),
        }
    }

    pub(super) fn ids(&self, kind: Kind) -> &Ids<'v> {
        &self.ids[kind as usize]
    }

    pub(super) fn report(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.problems.push(Problem::new(path, message));
    }

    pub(super) fn wrong_type(&mut self, path: &str, expected: &str, found: &Value) {
        self.report(
            path,
            format!("expected {expected}, found {}", kind_of(found)),
        );
    }
}
