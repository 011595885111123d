//! Conditions: REGEX values compile, match types fit the condition type.

use serde_json::{json, Value};

use super::{assert_one, assert_valid, with};

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
