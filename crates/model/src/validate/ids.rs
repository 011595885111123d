//! Ids and references to them: each kind's ids are unique within the kind, and a list of
//! references names existing elements, each once.

use std::collections::HashMap;

use serde_json::Value;

use super::walker::{quoted, Walker};
use crate::problem::index_path;

/// The four kinds of things with ids. Ids are unique within a kind, not across kinds.
#[derive(Clone, Copy)]
pub(super) enum Kind {
    Domain,
    Button,
    Action,
    Condition,
}

impl Kind {
    pub(super) fn list(self) -> &'static str {
        match self {
            Kind::Domain => "domains",
            Kind::Button => "buttons",
            Kind::Action => "actions",
            Kind::Condition => "conditions",
        }
    }

    pub(super) fn noun(self) -> &'static str {
        match self {
            Kind::Domain => "domain",
            Kind::Button => "button",
            Kind::Action => "action",
            Kind::Condition => "condition",
        }
    }
}

/// For each kind: id → index of the first element that has it.
pub(super) type Ids<'v> = HashMap<&'v str, usize>;

impl<'v> Walker<'v> {
    /// An `id` field: a non-empty string, unique among its kind.
    pub(super) fn id(&mut self, path: &str, v: &'v Value, kind: Kind, index: usize) {
        let Some(id) = self.non_empty_string(path, v) else {
            return;
        };
        if let Some(&first) = self.ids(kind).get(id) {
            if first != index {
                let other = index_path(kind.list(), first);
                self.report(
                    path,
                    format!(
                        "duplicate {} id {} (also used by {other})",
                        kind.noun(),
                        quoted(id)
                    ),
                );
            }
        }
    }

    /// A list of ids that must each name an element of `kind`, each once.
    pub(super) fn references(&mut self, path: &str, v: &'v Value, kind: Kind) {
        let mut seen: HashMap<&str, String> = HashMap::new();
        self.each(path, v, |w, p, _, x| {
            let Some(id) = w.string(p, x) else { return };
            if !w.ids(kind).contains_key(id) {
                w.report(p, format!("no {} with id {}", kind.noun(), quoted(id)));
            } else if let Some(first) = seen.get(id) {
                w.report(
                    p,
                    format!(
                        "{} {} is already listed at {first}",
                        kind.noun(),
                        quoted(id)
                    ),
                );
            } else {
                seen.insert(id, p.to_owned());
            }
        });
    }
}
