//! Texts the console's builder used to save as values, in English, though the widget has its own
//! words for them in each visitor's language: the chat's welcome message, its input's placeholder
//! and status line, a live chat's label, the words beside a list button. A saved value wins over
//! the widget's translation, so French and Arabic visitors got half-English chats.
//! [`forget_english_defaults`] takes such values out of a config (an owner's own words stay);
//! the store runs it once over every draft and published config ([`MIGRATION`],
//! `store::migrate_data`). Pure logic, no I/O.

use serde_json::Value;

/// The data migration's name, as recorded in the store's `data_migrations` once it ran.
pub const MIGRATION: &str = "forget-english-defaults";

/// Action properties whose value was the widget's English default (web/widget/src/app/options.ts).
const PROPERTY_DEFAULTS: [(&str, &str); 3] = [
    ("chatmodal-messages", "How can we help?"),
    ("chatmodal-placeholder-message", "Type your message"),
    (
        "chatmodal-header-subtext",
        "We typically respond in 35 minutes",
    ),
];

/// The label the builder gave a new live chat: empty, the widget titles the chat in the visitor's language.
const CHAT_LABEL: &str = "Live chat";

/// The words the builder wrote beside a list button: empty, screen readers name it in the visitor's language.
const LIST_LABEL: &str = "Contact us";

/// Removes `key` from `object` when its value is the string `default` (surrounding blanks
/// ignored); whether it did.
fn forget(object: Option<&mut Value>, key: &str, default: &str) -> bool {
    let Some(map) = object.and_then(Value::as_object_mut) else {
        return false;
    };
    let is_default = map
        .get(key)
        .and_then(Value::as_str)
        .is_some_and(|v| v.trim() == default);
    is_default && map.remove(key).is_some()
}

/// Takes the old English defaults out of `config` (spec §3.1's shape); whether anything changed.
/// Everything else, key order included, stays as it was.
pub fn forget_english_defaults(config: &mut Value) -> bool {
    let mut changed = false;
    if let Some(actions) = config.get_mut("actions").and_then(Value::as_array_mut) {
        for action in actions {
            for (key, default) in PROPERTY_DEFAULTS {
                changed |= forget(action.get_mut("properties"), key, default);
            }
            if action.get("actionType").and_then(Value::as_str) == Some("CHAT") {
                changed |= forget(Some(action), "labelText", CHAT_LABEL);
            }
        }
    }
    if let Some(buttons) = config.get_mut("buttons").and_then(Value::as_array_mut) {
        for button in buttons {
            changed |= forget(
                button.get_mut("multiButtonOptions"),
                "labelTextOpen",
                LIST_LABEL,
            );
        }
    }
    changed
}

/// [`forget_english_defaults`] on a config's JSON text: the new text, or `None` when nothing
/// changed (or the text is not JSON: left for the owner's editor to show).
pub fn rewrite(config_json: &str) -> Option<String> {
    let mut config: Value = serde_json::from_str(config_json).ok()?;
    forget_english_defaults(&mut config).then(|| config.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn chat(label: &str, properties: Value) -> Value {
        json!({"id": "chat", "actionType": "CHAT", "actionValue": "", "labelText": label, "properties": properties})
    }

    #[test]
    fn the_builders_english_defaults_go_and_the_owners_words_stay() {
        let mut config = json!({
            "buttons": [
                {"id": "b1", "type": "MULTI", "actions": ["chat", "wa"], "multiButtonOptions": {"labelTextOpen": "Contact us", "labelTextClose": "Close"}},
                {"id": "b2", "type": "MULTI", "actions": [], "multiButtonOptions": {"labelTextOpen": "Talk to us"}},
            ],
            "actions": [
                chat("Live chat", json!({
                    "chatmodal-messages": "How can we help?",
                    "chatmodal-placeholder-message": " Type your message ",
                    "chatmodal-header-subtext": "We typically respond in 35 minutes",
                    "chatmodal-header-text": "Support",
                })),
                {"id": "wa", "actionType": "WHATSAPP", "labelText": "Live chat", "properties": {"chatmodal-messages": "Hi!\nHow can we help?"}},
            ],
        });
        assert!(forget_english_defaults(&mut config));
        assert_eq!(
            config,
            json!({
                "buttons": [
                    {"id": "b1", "type": "MULTI", "actions": ["chat", "wa"], "multiButtonOptions": {"labelTextClose": "Close"}},
                    {"id": "b2", "type": "MULTI", "actions": [], "multiButtonOptions": {"labelTextOpen": "Talk to us"}},
                ],
                "actions": [
                    {"id": "chat", "actionType": "CHAT", "actionValue": "", "properties": {"chatmodal-header-text": "Support"}},
                    // Only a live chat's label was the builder's; several welcome lines are the owner's.
                    {"id": "wa", "actionType": "WHATSAPP", "labelText": "Live chat", "properties": {"chatmodal-messages": "Hi!\nHow can we help?"}},
                ],
            })
        );
        // Once is enough: nothing left to change.
        assert!(!forget_english_defaults(&mut config));
    }

    #[test]
    fn rewrite_keeps_key_order_and_leaves_what_it_need_not_touch() {
        let json = r#"{"userId":"u","actions":[{"id":"c","actionType":"CHAT","labelText":"Live chat","properties":{"z":"1","chatmodal-messages":"How can we help?","a":"2"}}],"buttons":[]}"#;
        assert_eq!(
            rewrite(json).as_deref(),
            Some(
                r#"{"userId":"u","actions":[{"id":"c","actionType":"CHAT","properties":{"z":"1","a":"2"}}],"buttons":[]}"#
            )
        );
        assert_eq!(
            rewrite(r#"{"actions":[{"labelText":"Chat with us"}]}"#),
            None
        );
        assert_eq!(rewrite("not json"), None);
        assert_eq!(
            rewrite(r#"{"actions":"odd","buttons":[{"multiButtonOptions":null}]}"#),
            None
        );
    }
}
