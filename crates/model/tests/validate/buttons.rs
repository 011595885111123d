//! Buttons: the number of actions each type takes, `options` (scroll rules, attaching,
//! numbers) and triggers.

use serde_json::{json, Value};

use super::{assert_one, assert_valid, with};
use beckon_model::validate_value;

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
