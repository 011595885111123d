//! Actions: link and embedded-page values, and `properties`.

use serde_json::json;

use super::{assert_one, assert_valid, with};
use beckon_model::validate_value;

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
