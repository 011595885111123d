//! One test per validation rule: a small valid config, broken in one place, and the exact
//! path and message that must come back.
//!
//! One test binary (a module per part of the config) sharing the helpers below.

mod actions;
mod buttons;
mod conditions;
mod document;
mod domains;
mod ids;
mod schedule;

use beckon_model::validate_value;
use serde_json::{json, Value};

/// A minimal valid config: one domain, one SINGLE button, twelve PHONE actions (for the limit
/// tests), one URL condition.
fn base() -> Value {
    let actions: Vec<Value> = (1..=12)
        .map(|i| json!({"id": format!("a{i}"), "actionType": "PHONE", "actionValue": "+15550100"}))
        .collect();
    json!({
        "userId": "u1",
        "domains": [{"id": "d1", "name": "example.com"}],
        "buttons": [{
            "id": "b1", "active": true, "domainId": "d1", "type": "SINGLE",
            "actions": ["a1"], "conditions": ["c1"]
        }],
        "actions": actions,
        "conditions": [{
            "id": "c1", "filterType": "INCLUDE", "conditionType": "URL",
            "matchType": "SIMPLE", "matchValue": "/"
        }]
    })
}

/// `base()` with the values at the given JSON pointers replaced (or added).
fn with(changes: &[(&str, Value)]) -> Value {
    let mut v = base();
    for (pointer, new) in changes {
        set(&mut v, pointer, new.clone());
    }
    v
}

fn set(v: &mut Value, pointer: &str, new: Value) {
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    match v
        .pointer_mut(parent)
        .unwrap_or_else(|| panic!("no {parent}"))
    {
        Value::Object(m) => {
            m.insert(key.to_owned(), new);
        }
        Value::Array(a) => a[key.parse::<usize>().unwrap()] = new,
        other => panic!("cannot set {key} in {other}"),
    }
}

fn without(pointer: &str) -> Value {
    let mut v = base();
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    v.pointer_mut(parent)
        .unwrap()
        .as_object_mut()
        .unwrap()
        .shift_remove(key);
    v
}

fn problems(v: &Value) -> Vec<(String, String)> {
    match validate_value(v) {
        Ok(_) => vec![],
        Err(ps) => ps.into_iter().map(|p| (p.path, p.message)).collect(),
    }
}

/// Asserts exactly one problem, at `path`, with `message`.
#[track_caller]
fn assert_one(v: Value, path: &str, message: &str) {
    assert_eq!(problems(&v), vec![(path.to_owned(), message.to_owned())]);
}

#[track_caller]
fn assert_valid(v: Value) {
    assert_eq!(problems(&v), vec![]);
}
