//! The words of Beckon's mails to visitors, one table per language the widget speaks
//! (`mail_texts/{lang}.json`, the same 13 as [`crate::LANGUAGES`]): the server writes each mail
//! from them, in the visitor's language, and the config validation checks an owner's rewording
//! against them (a domain's `properties.texts`, keys `mail.…`). `{{site}}` in a text is the
//! domain's name.

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The prefix of the mail texts' keys among a domain's `properties.texts` ("mail.reply.subject").
pub const MAIL_KEY_PREFIX: &str = "mail.";

/// The JSON tables, by language.
const TABLES: [(&str, &str); 13] = [
    ("en", include_str!("mail_texts/en.json")),
    ("de", include_str!("mail_texts/de.json")),
    ("fr", include_str!("mail_texts/fr.json")),
    ("es", include_str!("mail_texts/es.json")),
    ("pt", include_str!("mail_texts/pt.json")),
    ("it", include_str!("mail_texts/it.json")),
    ("nl", include_str!("mail_texts/nl.json")),
    ("pl", include_str!("mail_texts/pl.json")),
    ("tr", include_str!("mail_texts/tr.json")),
    ("ar", include_str!("mail_texts/ar.json")),
    ("he", include_str!("mail_texts/he.json")),
    ("ja", include_str!("mail_texts/ja.json")),
    ("zh", include_str!("mail_texts/zh.json")),
];

type Table = BTreeMap<String, String>;

fn tables() -> &'static BTreeMap<&'static str, Table> {
    static PARSED: OnceLock<BTreeMap<&'static str, Table>> = OnceLock::new();
    PARSED.get_or_init(|| {
        TABLES
            .iter()
            .map(|(lang, json)| {
                let table: Table = serde_json::from_str(json)
                    .unwrap_or_else(|e| panic!("mail_texts/{lang}.json: {e}"));
                (*lang, table)
            })
            .collect()
    })
}

/// The text of `key` ("reply.subject") in `lang`, English's when the language has none.
pub fn mail_text(lang: &str, key: &str) -> Option<&'static str> {
    let t = tables();
    t.get(lang)
        .and_then(|table| table.get(key))
        .or_else(|| t["en"].get(key))
        .map(String::as_str)
}

/// The keys of the mail texts (English's table: every language has the same).
pub fn mail_keys() -> impl Iterator<Item = &'static str> {
    tables()["en"].keys().map(String::as_str)
}

/// The `{{name}}` values `text` uses, in order.
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        found.push(&after[..end]);
        rest = &after[end + 2..];
    }
    found
}

/// What is wrong with an owner's `text` for the mail key `key` (without [`MAIL_KEY_PREFIX`]):
/// not a mail text, or a `{{value}}` the text cannot have. `None`: fine.
pub fn mail_text_problem(key: &str, text: &str) -> Option<String> {
    let Some(english) = mail_text("en", key) else {
        let keys: Vec<String> = mail_keys()
            .map(|k| format!("{MAIL_KEY_PREFIX}{k}"))
            .collect();
        return Some(format!(
            "is not a text of the mails to visitors: one of {}",
            keys.join(", ")
        ));
    };
    let allowed = placeholders(english);
    let unknown: Vec<&str> = placeholders(text)
        .into_iter()
        .filter(|p| !allowed.contains(p))
        .collect();
    (!unknown.is_empty()).then(|| {
        let allowed = if allowed.is_empty() {
            "none".to_owned()
        } else {
            allowed
                .iter()
                .map(|p| format!("{{{{{p}}}}}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "{{{{{}}}}} is not a value of this text (it has: {allowed})",
            unknown[0]
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_every_mail_text_with_the_same_values() {
        assert_eq!(
            TABLES.map(|(l, _)| l),
            crate::LANGUAGES,
            "a table per language of the widget"
        );
        let english = &tables()["en"];
        for (lang, table) in tables() {
            let keys: Vec<&String> = table.keys().collect();
            let expected: Vec<&String> = english.keys().collect();
            assert_eq!(keys, expected, "{lang}: the same keys as English");
            for (key, text) in table {
                assert!(!text.trim().is_empty(), "{lang} {key}: empty");
                let mut have = placeholders(text);
                let mut want = placeholders(&english[key]);
                have.sort();
                want.sort();
                assert_eq!(have, want, "{lang} {key}: the same {{{{values}}}}");
            }
        }
    }

    #[test]
    fn an_owners_text_is_checked_against_the_mail_texts() {
        assert_eq!(
            mail_text_problem("reply.subject", "Réponse de {{site}}"),
            None
        );
        assert!(mail_text_problem("reply.subjet", "x")
            .unwrap()
            .contains("mail.reply.subject"));
        assert_eq!(
            mail_text_problem("reply.subject", "Hi {{name}}").as_deref(),
            Some("{{name}} is not a value of this text (it has: {{site}})")
        );
        assert_eq!(mail_text("xx", "you"), Some("You"));
    }
}
