//! One test per validation rule: a small valid config, broken in one place, and the exact
//! path and message that must come back.

use beckon_model::{validate, validate_value, ActionType, ButtonType, Problem, WireEnum};
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
fn empty_ids_are_rejected() {
    assert_one(
        with(&[("/actions/3/id", json!(" "))]),
        "actions[3].id",
        "must not be empty",
    );
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

fn button_with(kind: &str, n: usize) -> Value {
    let ids: Vec<String> = (1..=n).map(|i| format!("a{i}")).collect();
    with(&[
        ("/buttons/0/type", json!(kind)),
        ("/buttons/0/actions", json!(ids)),
    ])
}

#[test]
fn action_limits_per_button_type() {
    assert_one(
        button_with("SINGLE", 0),
        "buttons[0].actions",
        "a SINGLE button needs exactly 1 action, found 0",
    );
    assert_one(
        button_with("SINGLE", 2),
        "buttons[0].actions",
        "a SINGLE button needs exactly 1 action, found 2",
    );
    assert_valid(button_with("FULL", 5));
    assert_one(
        button_with("FULL", 6),
        "buttons[0].actions",
        "a FULL button takes at most 5 actions, found 6",
    );
    assert_valid(button_with("DOTS", 10));
    assert_one(
        button_with("DOTS", 11),
        "buttons[0].actions",
        "a DOTS button takes at most 10 actions, found 11",
    );
    assert_valid(button_with("MULTI", 12));
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

#[test]
fn link_values_must_be_full_http_urls() {
    let link = |value: &str| {
        with(&[
            ("/actions/0/actionType", json!("LINK")),
            ("/actions/0/actionValue", json!(value)),
        ])
    };
    assert_valid(link("https://example.com/pricing"));
    assert_valid(link("http://example.com"));
    assert_one(
        link("www.example.com"),
        "actions[0].actionValue",
        r#""www.example.com" is not a valid link: Beckon only supports a fully qualified URL with http or https protocol"#,
    );
    assert_one(
        link("javascript:alert(1)"),
        "actions[0].actionValue",
        r#""javascript:alert(1)" is not a valid link: Beckon only supports a fully qualified URL with http or https protocol"#,
    );
}

#[test]
fn iframe_values_must_be_full_http_urls() {
    let iframe = |value: &str| {
        with(&[
            ("/actions/0/actionType", json!("IFRAME")),
            ("/actions/0/actionValue", json!(value)),
        ])
    };
    assert_valid(iframe("https://forms.example.com/x"));
    assert_one(
        iframe("/contact"),
        "actions[0].actionValue",
        r#""/contact" is not a valid page to embed: Beckon only supports a fully qualified URL with http or https protocol"#,
    );
    // Other action types take any value.
    assert_valid(with(&[("/actions/0/actionValue", json!("not a url"))]));
}

fn scroll(s: Value) -> Value {
    with(&[("/buttons/0/options", json!({ "scroll": s }))])
}

#[test]
fn scroll_heights_are_whole_numbers_not_both_zero() {
    assert_valid(scroll(json!({"revealAtHeight": 300})));
    assert_valid(scroll(
        json!({"revealAtHeight": 0, "hideAtHeight": 800, "neverHide": false}),
    ));
    let both_zero = "revealAtHeight and hideAtHeight must not both be 0; leave out scroll for a button without scroll rules";
    assert_one(
        scroll(json!({"revealAtHeight": 0, "hideAtHeight": 0})),
        "buttons[0].options.scroll",
        both_zero,
    );
    assert_one(
        scroll(json!({"neverHide": true})),
        "buttons[0].options.scroll",
        both_zero,
    );
    assert_one(
        scroll(json!({"revealAtHeight": -5})),
        "buttons[0].options.scroll.revealAtHeight",
        "must be a whole number of pixels ≥ 0, found -5",
    );
    assert_one(
        scroll(json!({"revealAtHeight": 10, "hideAtHeight": 2.5})),
        "buttons[0].options.scroll.hideAtHeight",
        "must be a whole number of pixels ≥ 0, found 2.5",
    );
    assert_one(
        scroll(json!({"revealAtHeight": "100"})),
        "buttons[0].options.scroll.revealAtHeight",
        "expected a whole number of pixels ≥ 0, found a string",
    );
}

#[test]
fn absolute_buttons_need_an_element_to_attach_to() {
    assert_one(
        with(&[("/buttons/0/options", json!({"position": "ABSOLUTE"}))]),
        "buttons[0].options.attachTo",
        "missing: an ABSOLUTE button needs the id of the element to attach to",
    );
    assert_valid(with(&[(
        "/buttons/0/options",
        json!({"position": "ABSOLUTE", "attachTo": "footer"}),
    )]));
}

#[test]
fn zindex_scale_and_other_numbers() {
    let opts = |o: Value| with(&[("/buttons/0/options", o)]);
    assert_valid(opts(json!({"zindex": "auto", "scale": 1.5})));
    assert_valid(opts(json!({"zindex": -1})));
    assert_one(
        opts(json!({"zindex": "AUTO"})),
        "buttons[0].options.zindex",
        r#"expected an integer or "auto", found a string"#,
    );
    assert_one(
        opts(json!({"zindex": 1.5})),
        "buttons[0].options.zindex",
        "must be an integer z-index, found 1.5",
    );
    assert_one(
        opts(json!({"zindex": 2147483648u64})),
        "buttons[0].options.zindex",
        "must be an integer z-index, found 2147483648",
    );
    assert_one(
        opts(json!({"scale": 0})),
        "buttons[0].options.scale",
        "must be greater than 0, found 0",
    );
    assert_one(
        with(&[("/domains/0/properties", json!({"zindex": true}))]),
        "domains[0].properties.zindex",
        r#"expected an integer or "auto", found a boolean"#,
    );
}

fn schedule(s: Value) -> Value {
    with(&[("/actions/0/schedule", s)])
}

#[test]
fn schedules() {
    let week = json!([true, true, true, true, true, false, false]);
    assert_valid(schedule(json!({"showAlways": true})));
    assert_valid(schedule(json!({
        "showAlways": false, "timezone": "America/Argentina/Salta", "daysOfWeek": week,
        "start": "22:00", "stop": "06:00", "outsideHours": true
    })));
    assert_one(
        schedule(json!({"showAlways": false, "start": "09:00", "stop": "5pm"})),
        "actions[0].schedule.stop",
        r#""5pm" is not a time of day as HH:mm (00:00 to 23:59)"#,
    );
    assert_one(
        schedule(json!({"showAlways": false, "start": "24:00", "stop": "17:00"})),
        "actions[0].schedule.start",
        r#""24:00" is not a time of day as HH:mm (00:00 to 23:59)"#,
    );
    assert_eq!(
        problems(&schedule(json!({"showAlways": false}))),
        vec![
            (
                "actions[0].schedule.start".into(),
                "missing: required when showAlways is false (or give each day's window in hours)"
                    .into()
            ),
            (
                "actions[0].schedule.stop".into(),
                "missing: required when showAlways is false (or give each day's window in hours)"
                    .into()
            ),
        ]
    );
    assert_one(
        schedule(json!({"showAlways": true, "daysOfWeek": [true, true, true, true, true, true]})),
        "actions[0].schedule.daysOfWeek",
        "must hold 7 booleans, Monday first; found 6 entries",
    );
    assert_one(
        schedule(
            json!({"showAlways": true, "daysOfWeek": [true, true, true, true, true, true, 1]}),
        ),
        "actions[0].schedule.daysOfWeek[6]",
        "expected a boolean, found a number",
    );
    assert_one(
        schedule(json!({"showAlways": true, "timezone": "CET+1"})),
        "actions[0].schedule.timezone",
        r#""CET+1" is not an IANA time zone name (like "Europe/Amsterdam" or "UTC")"#,
    );
    assert_one(
        with(&[("/domains/0/timezone", json!("Amsterdam"))]),
        "domains[0].timezone",
        r#""Amsterdam" is not an IANA time zone name (like "Europe/Amsterdam" or "UTC")"#,
    );
    let config =
        validate_value(&schedule(json!({"showAlways": true, "daysOfWeek": week}))).unwrap();
    let days = config.actions[0]
        .schedule
        .as_ref()
        .unwrap()
        .days_of_week
        .unwrap();
    assert_eq!(days, [true, true, true, true, true, false, false]);
}

#[test]
fn hours_by_day_take_the_place_of_days_start_and_stop() {
    let shop = json!([
        {"start": "09:00", "stop": "18:00"}, {"start": "09:00", "stop": "18:00"},
        {"start": "09:00", "stop": "18:00"}, {"start": "09:00", "stop": "18:00"},
        {"start": "09:00", "stop": "18:00"}, {"start": "10:00", "stop": "14:00"}, null
    ]);
    let config = validate_value(&schedule(json!({
        "showAlways": false, "timezone": "Europe/Amsterdam", "hours": shop
    })))
    .unwrap();
    let hours = config.actions[0]
        .schedule
        .as_ref()
        .unwrap()
        .hours
        .clone()
        .unwrap();
    assert_eq!(hours[5].as_ref().unwrap().start, "10:00");
    assert_eq!(hours[6], None);
    // Overnight windows are written like any other: the stop before the start.
    let mut late = shop.clone();
    late[4] = json!({"start": "22:00", "stop": "02:00"});
    assert_valid(schedule(json!({"showAlways": false, "hours": late})));

    // Mixed with the one-window fields, which one counts would be a guess.
    let mixed =
        "not used with hours, which gives each day's window: leave daysOfWeek, start and stop out";
    assert_eq!(
        problems(&schedule(json!({
            "showAlways": false, "daysOfWeek": [true, true, true, true, true, false, false],
            "start": "09:00", "hours": shop
        }))),
        vec![
            ("actions[0].schedule.daysOfWeek".into(), mixed.into()),
            ("actions[0].schedule.start".into(), mixed.into()),
        ]
    );
    assert_one(
        schedule(json!({"showAlways": false, "hours": [null, null, null, null, null, null]})),
        "actions[0].schedule.hours",
        "must hold 7 entries (a day's window, or null when closed), Monday first; found 6 entries",
    );
    let mut broken = shop.clone();
    broken[2] = json!({"start": "09:00", "stop": "6pm"});
    assert_one(
        schedule(json!({"showAlways": false, "hours": broken})),
        "actions[0].schedule.hours[2].stop",
        r#""6pm" is not a time of day as HH:mm (00:00 to 23:59)"#,
    );
    let mut half = shop.clone();
    half[0] = json!({"start": "09:00"});
    assert_one(
        schedule(json!({"showAlways": false, "hours": half})),
        "actions[0].schedule.hours[0].stop",
        "missing required field",
    );
    let mut closed_as_text = shop;
    closed_as_text[6] = json!("closed");
    assert_one(
        schedule(json!({"showAlways": false, "hours": closed_as_text})),
        "actions[0].schedule.hours[6]",
        "expected an object, found a string",
    );
}

#[test]
fn reveal_after_the_first_screen() {
    let config = validate_value(&scroll(json!({"revealAfterFirstScreen": true}))).unwrap();
    let options = config.buttons[0].options.clone().unwrap().scroll.unwrap();
    assert_eq!(options.reveal_after_first_screen, Some(true));
    assert_valid(scroll(
        json!({"revealAfterFirstScreen": true, "hideAtHeight": 5000}),
    ));
    assert_one(
        scroll(json!({"revealAfterFirstScreen": true, "revealAtHeight": 300})),
        "buttons[0].options.scroll.revealAtHeight",
        "not used with revealAfterFirstScreen, which reveals the button after one screen height: leave one of them out",
    );
    // false is no rule: the pixel rules apply as before.
    assert_one(
        scroll(json!({"revealAfterFirstScreen": false})),
        "buttons[0].options.scroll",
        "revealAtHeight and hideAtHeight must not both be 0; leave out scroll for a button without scroll rules",
    );
    assert_one(
        scroll(json!({"revealAfterFirstScreen": "yes", "hideAtHeight": 900})),
        "buttons[0].options.scroll.revealAfterFirstScreen",
        "expected a boolean, found a string",
    );
}

fn condition(match_type: &str, value: &str) -> Value {
    with(&[
        ("/conditions/0/matchType", json!(match_type)),
        ("/conditions/0/matchValue", json!(value)),
    ])
}

#[test]
fn regex_conditions_must_compile() {
    assert_valid(condition("REGEX", r"^/(products|shop)/\d+$"));
    // JavaScript-only syntax is valid: the widget runs the pattern as a JS RegExp.
    assert_valid(condition("REGEX", r"(?<!/admin)/page"));
    assert_one(
        condition("REGEX", "(unclosed"),
        "conditions[0].matchValue",
        r#""(unclosed" is not a valid regular expression: unbalanced parenthesis"#,
    );
    assert_one(
        condition("REGEX", "*.html"),
        "conditions[0].matchValue",
        r#""*.html" is not a valid regular expression: nothing to repeat"#,
    );
    // Only REGEX values are patterns.
    assert_valid(condition("SUBSTRING", "(unclosed"));
}

#[test]
fn match_types_must_fit_the_condition_type() {
    assert_one(
        condition("COUNTRY_CODE", "NL"),
        "conditions[0].matchType",
        "COUNTRY_CODE does not apply to a URL condition; allowed: EXACT, REGEX, SIMPLE, SUBSTRING",
    );
    assert_valid(with(&[
        ("/conditions/0/conditionType", json!("GEO")),
        ("/conditions/0/matchType", json!("COUNTRY_CODE")),
    ]));
    assert_one(
        with(&[("/conditions/0/conditionType", json!("CHAT"))]),
        "conditions[0].matchType",
        "SIMPLE does not apply to a CHAT condition; allowed: AGENTS_AVAILABLE",
    );
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
fn properties_are_lenient_but_not_structured() {
    let v = with(&[(
        "/actions/0/properties",
        json!({"link-target": "_blank", "tally-hide-title": true, "intercom-horizontal-padding": 20, "gone": null}),
    )]);
    let config = validate_value(&v).unwrap();
    let props = &config.actions[0].properties;
    assert_eq!(props["link-target"], "_blank");
    assert_eq!(props["tally-hide-title"], "true");
    assert_eq!(props["intercom-horizontal-padding"], "20");
    assert!(!props.contains_key("gone"));
    assert_one(
        with(&[(
            "/actions/0/properties",
            json!({"chatmodal-texts": {"a": "b"}}),
        )]),
        r#"actions[0].properties["chatmodal-texts"]"#,
        "expected a string, boolean or number, found an object",
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

fn triggers(t: Value) -> Value {
    with(&[("/buttons/0/options", json!({ "triggers": t }))])
}

#[test]
fn triggers_are_whole_numbers_in_range_and_open_one_of_the_buttons_actions() {
    assert_valid(triggers(json!({
        "afterSeconds": 5, "afterScrollPercent": 50, "exitIntent": true,
        "afterPageViews": 2, "openAction": "a1", "openEveryTime": false
    })));
    assert_one(
        triggers(json!({"afterScrollPercent": 150})),
        "buttons[0].options.triggers.afterScrollPercent",
        "must be a whole percentage from 0 to 100, found 150",
    );
    assert_one(
        triggers(json!({"afterSeconds": 1.5})),
        "buttons[0].options.triggers.afterSeconds",
        "must be a whole number of seconds from 0 to 86400, found 1.5",
    );
    assert_one(
        triggers(json!({"openAction": "a2"})),
        "buttons[0].options.triggers.openAction",
        "\"a2\" is not one of this button's actions",
    );
}

#[test]
fn wait_for_consent_is_a_boolean_domain_property() {
    assert_valid(with(&[(
        "/domains/0/properties",
        json!({"waitForConsent": true}),
    )]));
    assert_eq!(
        problems(&with(&[(
            "/domains/0/properties",
            json!({"waitForConsent": "yes"}),
        )]))
        .len(),
        1
    );
}

#[test]
fn a_domain_language_is_one_the_widget_speaks() {
    assert_valid(with(&[(
        "/domains/0/properties",
        json!({"language": "fr"}),
    )]));
    assert_one(
        with(&[("/domains/0/properties", json!({"language": "ko"}))]),
        "domains[0].properties.language",
        "\"ko\" is not a language the widget speaks: one of en, de, fr, es, pt, it, nl, pl, tr, ar, he, ja, zh",
    );
}

#[test]
fn owner_texts_are_strings_by_language_tag() {
    let texts =
        json!({"fr": {"modal.welcome": "Bonjour !"}, "pt-BR": {"away.byEmail": "Volto já"}});
    assert_valid(with(&[
        ("/domains/0/properties", json!({"texts": texts})),
        (
            "/actions/0/translations",
            json!({"ar": {"labelText": "اتصل بنا"}}),
        ),
    ]));
    assert_one(
        with(&[(
            "/domains/0/properties",
            json!({"texts": {"French": {"modal.welcome": "x"}}}),
        )]),
        "domains[0].properties.texts.French",
        "\"French\" is not a language tag (e.g. \"fr\" or \"pt-BR\")",
    );
    assert_one(
        with(&[("/actions/0/translations", json!({"fr": {"labelText": 3}}))]),
        "actions[0].translations.fr.labelText",
        "expected a string, found a number",
    );
    assert_one(
        with(&[(
            "/domains/0/properties",
            json!({"texts": {"fr": {"modal.welcome": "x".repeat(1001)}}}),
        )]),
        "domains[0].properties.texts.fr[\"modal.welcome\"]",
        "is longer than 1000 characters",
    );
}

#[test]
fn owner_mail_texts_are_known_texts_with_their_values() {
    assert_valid(with(&[(
        "/domains/0/properties",
        json!({"texts": {"fr": {"mail.reply.subject": "Du nouveau de {{site}}", "mail.you": "Moi"}}}),
    )]));
    assert_one(
        with(&[(
            "/domains/0/properties",
            json!({"texts": {"fr": {"mail.reply.subjet": "x"}}}),
        )]),
        "domains[0].properties.texts.fr[\"mail.reply.subjet\"]",
        "is not a text of the mails to visitors: one of mail.answer, mail.continue, mail.reply.intro, mail.reply.subject, mail.reply.why, mail.transcript.intro, mail.transcript.subject, mail.transcript.why, mail.unread, mail.you",
    );
    assert_one(
        with(&[(
            "/domains/0/properties",
            json!({"texts": {"de": {"mail.transcript.subject": "Hallo {{name}}"}}}),
        )]),
        "domains[0].properties.texts.de[\"mail.transcript.subject\"]",
        "{{name}} is not a value of this text (it has: {{site}})",
    );
}
