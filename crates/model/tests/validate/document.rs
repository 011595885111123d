//! The document as a whole: JSON syntax, required fields, JSON types, `null`, enum values,
//! `options`, unknown fields and the order problems come in.

use serde_json::{json, Value};

use super::{assert_one, assert_valid, base, problems, set, with, without};
use beckon_model::{validate, validate_value, ActionType, ButtonType, Problem, WireEnum};

#[test]
fn the_base_config_is_valid() {
    assert_valid(base());
}

#[test]
fn invalid_json_names_line_and_column() {
    let err = validate("{\n  \"userId\": \"u\",\n  oops\n}").unwrap_err();
    assert_eq!(
        err,
        vec![Problem::new(
            "",
            "invalid JSON at line 3, column 3: key must be a string"
        )]
    );
}

#[test]
fn the_document_must_be_an_object() {
    assert_one(json!([]), "", "expected an object, found an array");
}

#[test]
fn missing_required_fields_are_each_reported() {
    let v = json!({});
    assert_eq!(
        problems(&v),
        vec![
            ("userId".into(), "missing required field".into()),
            ("domains".into(), "missing required field".into()),
            ("buttons".into(), "missing required field".into()),
        ]
    );
    let v = with(&[("/buttons/0", json!({}))]);
    let paths: Vec<String> = problems(&v).into_iter().map(|(p, _)| p).collect();
    assert_eq!(
        paths,
        [
            "buttons[0].id",
            "buttons[0].active",
            "buttons[0].domainId",
            "buttons[0].type",
            "buttons[0].actions"
        ]
    );
    assert_one(
        without("/actions/0/actionValue"),
        "actions[0].actionValue",
        "missing required field",
    );
    assert_one(
        without("/domains/0/name"),
        "domains[0].name",
        "missing required field",
    );
    assert_one(
        without("/conditions/0/matchValue"),
        "conditions[0].matchValue",
        "missing required field",
    );
    assert_one(
        with(&[("/actions/0/schedule", json!({}))]),
        "actions[0].schedule.showAlways",
        "missing required field",
    );
}

#[test]
fn optional_lists_may_be_left_out() {
    let mut v = base();
    v.as_object_mut().unwrap().shift_remove("conditions");
    v["buttons"][0]
        .as_object_mut()
        .unwrap()
        .shift_remove("conditions");
    v.as_object_mut().unwrap().shift_remove("actions");
    v["buttons"][0]["actions"] = json!([]);
    v["buttons"][0]["type"] = json!("MULTI");
    let config = validate_value(&v).unwrap();
    assert!(config.actions.is_empty() && config.conditions.is_empty());
}

#[test]
fn wrong_json_types() {
    assert_one(
        with(&[("/userId", json!(5))]),
        "userId",
        "expected a string, found a number",
    );
    assert_one(
        with(&[("/buttons/0/active", json!("yes"))]),
        "buttons[0].active",
        "expected a boolean, found a string",
    );
    assert_one(
        with(&[("/buttons/0/actions", json!("a1"))]),
        "buttons[0].actions",
        "expected an array, found a string",
    );
    assert_one(
        with(&[("/buttons/0/options", json!([]))]),
        "buttons[0].options",
        "expected an object, found an array",
    );
    assert_one(
        with(&[("/domains/0/aliases", json!(["www.example.com", 7]))]),
        "domains[0].aliases[1]",
        "expected a string, found a number",
    );
    assert_one(
        with(&[("/buttons/0/domainId", Value::Null)]),
        "buttons[0].domainId",
        "expected a string, found null",
    );
    assert_one(
        with(&[(
            "/domains/0/properties",
            json!({"allowMultipleButtons": "true"}),
        )]),
        "domains[0].properties.allowMultipleButtons",
        "expected a boolean, found a string",
    );
}

#[test]
fn null_optional_fields_read_as_absent() {
    let v = with(&[
        ("/buttons/0/conditions", Value::Null),
        ("/buttons/0/options", Value::Null),
        ("/domains/0/aliases", Value::Null),
        ("/actions/0/properties", Value::Null),
        ("/actions/0/iconText", Value::Null),
        ("/conditions", Value::Null),
    ]);
    let config = validate_value(&v).unwrap();
    assert!(config.buttons[0].conditions.is_empty());
    assert!(config.actions[0].properties.is_empty() && config.actions[0].icon_text.is_none());
}

#[test]
fn unknown_enum_values_name_the_value_and_the_allowed_ones() {
    assert_one(
        with(&[("/buttons/0/type", json!("FULLBAR"))]),
        "buttons[0].type",
        r#"unknown value "FULLBAR"; allowed: SINGLE, FULL, MULTI, DOTS"#,
    );
    assert_one(
        with(&[("/buttons/0/options", json!({"placement": "bottom_right"}))]),
        "buttons[0].options.placement",
        r#"unknown value "bottom_right" (values are upper-case: BOTTOM_RIGHT); allowed: BOTTOM_CENTER, BOTTOM_LEFT, BOTTOM_RIGHT, MIDDLE_LEFT, MIDDLE_RIGHT, TOP_CENTER, TOP_LEFT, TOP_RIGHT"#,
    );
    // Every enum field, with the list taken from the Rust enum itself.
    let cases: [(&str, &str, Vec<&str>); 12] = [
        (
            "/buttons/0/options",
            "position",
            names(beckon_model::Position::ALL),
        ),
        (
            "/buttons/0/options",
            "displayMode",
            names(beckon_model::DisplayMode::ALL),
        ),
        (
            "/buttons/0/options",
            "animation",
            names(beckon_model::Animation::ALL),
        ),
        (
            "/buttons/0/multiButtonOptions",
            "iconTypeOpen",
            names(beckon_model::IconType::ALL),
        ),
        (
            "/buttons/0/multiButtonOptions",
            "defaultState",
            names(beckon_model::MultiButtonState::ALL),
        ),
        ("/actions/0", "actionType", names(ActionType::ALL)),
        ("/actions/0", "iconType", names(beckon_model::IconType::ALL)),
        (
            "/conditions/0",
            "filterType",
            names(beckon_model::FilterType::ALL),
        ),
        (
            "/conditions/0",
            "conditionType",
            names(beckon_model::ConditionType::ALL),
        ),
        (
            "/conditions/0",
            "matchType",
            names(beckon_model::MatchType::ALL),
        ),
        ("/domains/0", "type", names(beckon_model::DomainType::ALL)),
        ("/buttons/0", "type", names(ButtonType::ALL)),
    ];
    for (parent, field, allowed) in cases {
        let mut v = base();
        if v.pointer(parent).is_none() {
            set(&mut v, parent, json!({}));
        }
        set(&mut v, &format!("{parent}/{field}"), json!("NOPE"));
        let path = format!(
            "{}.{field}",
            parent
                .trim_start_matches('/')
                .replace("/0", "[0]")
                .replace('/', ".")
        );
        let message = format!(r#"unknown value "NOPE"; allowed: {}"#, allowed.join(", "));
        assert_eq!(problems(&v), vec![(path, message)], "{parent}/{field}");
    }
}

fn names<E: WireEnum>(all: &[E]) -> Vec<&'static str> {
    all.iter().map(|e| e.as_str()).collect()
}

#[test]
fn options_date_is_iso_or_whole_milliseconds() {
    let date = |d: Value| with(&[("/options", json!({ "date": d }))]);
    assert_valid(date(json!("2024-05-01T09:30:00+02:00")));
    assert_valid(date(json!(1714555800000i64)));
    assert_one(
        date(json!("01/05/2024")),
        "options.date",
        r#""01/05/2024" is not an ISO-8601 date such as "2024-05-01T09:30:00Z""#,
    );
    assert_one(
        date(json!(1.5)),
        "options.date",
        "must be whole milliseconds since the epoch, found 1.5",
    );
    assert_one(
        date(json!(true)),
        "options.date",
        "expected an ISO-8601 string or milliseconds since the epoch, found a boolean",
    );
}

#[test]
fn unknown_fields_are_ignored_everywhere() {
    let v = with(&[
        ("/futureFeature", json!({"x": 1})),
        ("/buttons/0/legacyFlag", json!(true)),
        ("/actions/0/extra", json!([1, 2])),
        ("/domains/0/properties", json!({"somethingNew": "yes"})),
        ("/conditions/0/note", json!("n")),
    ]);
    assert_valid(v);
}

#[test]
fn problems_follow_document_order() {
    // `actions` comes before `buttons` here, so its problems come first.
    let text = r#"{
        "userId": "u",
        "actions": [{"id": "a1", "actionType": "LINK", "actionValue": "nope"}],
        "buttons": [{"id": "b1", "active": true, "domainId": "d1", "type": "SINGLE", "actions": ["a2"]}],
        "domains": [{"id": "d1", "name": "example.com", "type": "GOLD"}]
    }"#;
    let paths: Vec<String> = validate(text)
        .unwrap_err()
        .into_iter()
        .map(|p| p.path)
        .collect();
    assert_eq!(
        paths,
        [
            "actions[0].actionValue",
            "buttons[0].actions[0]",
            "domains[0].type"
        ]
    );
}
