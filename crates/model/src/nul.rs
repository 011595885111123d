//! U+0000 (NUL) in text. PostgreSQL cannot store it in text or JSON, and no person means to
//! type it, so Beckon refuses it wherever text comes in: configs (here), request bodies, URLs
//! and realtime frames (the server), the same on SQLite and PostgreSQL.

use serde_json::Value;

use crate::problem::{index_path, key_path};

/// What is wrong with a text that holds U+0000.
pub const NUL_REFUSED: &str = "U+0000 (a NUL character) is not allowed in text";

/// The path (`buttons[0].label`) of the first string or key in `v` that holds U+0000; the
/// empty path for `v` itself.
pub fn nul_path(v: &Value) -> Option<String> {
    fn walk(v: &Value, at: &str) -> Option<String> {
        match v {
            Value::String(s) => s.contains('\0').then(|| at.to_owned()),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .find_map(|(i, item)| walk(item, &index_path(at, i))),
            Value::Object(map) => map.iter().find_map(|(k, item)| {
                let here = key_path(at, k);
                if k.contains('\0') {
                    Some(here)
                } else {
                    walk(item, &here)
                }
            }),
            _ => None,
        }
    }
    walk(v, "")
}

/// Whether JSON text may hold U+0000 at all: only as the escape `\u0000` (a raw NUL byte is
/// not valid JSON). A cheap test before [`nul_path`] is asked.
pub fn may_hold_nul(json: &[u8]) -> bool {
    json.windows(6).any(|w| w == b"\\u0000")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn finds_the_first_nul_in_strings_and_keys() {
        assert_eq!(
            nul_path(&json!({"a": ["ok", "b\u{0}"]})),
            Some("a[1]".into())
        );
        assert!(nul_path(&json!({"x\u{0}": 1})).is_some(), "a key");
        assert_eq!(nul_path(&json!("\u{0}")), Some(String::new()));
        assert_eq!(nul_path(&json!({"a": "fine", "n": 0, "b": null})), None);
    }

    #[test]
    fn only_the_escape_may_hold_one() {
        assert!(may_hold_nul(br#"{"a":"\u0000"}"#));
        assert!(!may_hold_nul(br#"{"a":"\u0001"}"#));
        // An escaped backslash then "u0000" is not a NUL, but the quick test says maybe.
        assert!(may_hold_nul(br#"{"a":"\\u0000"}"#));
        assert_eq!(
            nul_path(&serde_json::from_slice(br#"{"a":"\\u0000"}"#).unwrap()),
            None
        );
    }

    #[test]
    fn a_config_with_one_is_invalid_at_its_path() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/demo.json"
        ))
        .unwrap();
        let mut config: Value = serde_json::from_str(&text).unwrap();
        assert!(crate::problems(&config).is_empty());
        config["userId"] = json!("u\u{0}");
        let problems = crate::problems(&config);
        assert!(
            problems
                .iter()
                .any(|p| p.to_string() == format!("userId: {NUL_REFUSED}")),
            "{problems:?}"
        );
    }
}
