//! Ids unique within their kind, and references to existing elements, each once.

use serde_json::json;

use super::{assert_one, assert_valid, base, problems, with};

#[test]
fn empty_ids_are_rejected() {
    assert_one(
        with(&[("/actions/3/id", json!(" "))]),
        "actions[3].id",
        "must not be empty",
    );
}

#[test]
fn action_references_must_exist_and_appear_once() {
    assert_one(
        with(&[("/buttons/0/actions", json!(["a99"]))]),
        "buttons[0].actions[0]",
        r#"no action with id "a99""#,
    );
    assert_eq!(
        problems(&with(&[("/buttons/0/actions", json!(["a1", "a1"]))])),
        vec![
            (
                "buttons[0].actions".into(),
                "a SINGLE button needs exactly 1 action, found 2".into()
            ),
            (
                "buttons[0].actions[1]".into(),
                r#"action "a1" is already listed at buttons[0].actions[0]"#.into()
            ),
        ]
    );
}

#[test]
fn condition_and_domain_references_must_exist() {
    assert_one(
        with(&[("/buttons/0/conditions", json!(["c1", "c2"]))]),
        "buttons[0].conditions[1]",
        r#"no condition with id "c2""#,
    );
    assert_one(
        with(&[("/buttons/0/domainId", json!("d2"))]),
        "buttons[0].domainId",
        r#"no domain with id "d2""#,
    );
}

#[test]
fn duplicate_ids_within_a_kind() {
    assert_one(
        with(&[("/actions/3/id", json!("a1"))]),
        "actions[3].id",
        r#"duplicate action id "a1" (also used by actions[0])"#,
    );
    let mut v = base();
    let d = v["domains"][0].clone();
    v["domains"].as_array_mut().unwrap().push(d);
    assert_one(
        v,
        "domains[1].id",
        r#"duplicate domain id "d1" (also used by domains[0])"#,
    );
    let mut v = base();
    let b = v["buttons"][0].clone();
    v["buttons"].as_array_mut().unwrap().push(b);
    assert_one(
        v,
        "buttons[1].id",
        r#"duplicate button id "b1" (also used by buttons[0])"#,
    );
    let mut v = base();
    let c = v["conditions"][0].clone();
    v["conditions"].as_array_mut().unwrap().push(c);
    assert_one(
        v,
        "conditions[1].id",
        r#"duplicate condition id "c1" (also used by conditions[0])"#,
    );
    // Ids are per kind: an action and a condition may share one.
    assert_valid(with(&[
        ("/conditions/0/id", json!("a1")),
        ("/buttons/0/conditions", json!(["a1"])),
    ]));
}
