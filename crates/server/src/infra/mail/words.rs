//! The words of a mail to a visitor: in the language they chatted in (their widget's, kept with
//! the conversation; else the domain's `language`; else English), Beckon's texts of that language
//! (`beckon_model::mail_texts`) under the owner's rewording of them (the domain's
//! `properties.texts`, keys `mail.…`, as for the chat's texts). Pure.

use std::collections::BTreeMap;

use beckon_model::mail_texts::{mail_text, MAIL_KEY_PREFIX};
use beckon_model::LANGUAGES;
use serde_json::Value;

/// The texts of one mail's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Words {
    /// One of the widget's languages ("fr").
    lang: &'static str,
    /// The visitor's own tag when it is of that language ("fr-CA"), for dates and times.
    locale: String,
    /// The owner's texts for this language, by mail key ("reply.subject").
    own: BTreeMap<String, String>,
}

/// The widget's language `tag` is of ("pt-BR" → "pt"), when it is one.
fn shipped(tag: &str) -> Option<&'static str> {
    let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
    LANGUAGES.iter().copied().find(|l| *l == primary)
}

impl Words {
    /// For a visitor whose widget spoke `visitor` (a language tag, or none), on a domain with
    /// `properties` (its `language` and `texts`).
    pub fn new(visitor: Option<&str>, properties: &Value) -> Self {
        let domain = properties.get("language").and_then(Value::as_str);
        let (lang, locale) = match (visitor.and_then(shipped), domain.and_then(shipped)) {
            (Some(l), _) => (l, visitor.unwrap_or(l).to_owned()),
            (None, Some(l)) => (l, l.to_owned()),
            (None, None) => ("en", "en".to_owned()),
        };
        let texts = properties.get("texts").and_then(Value::as_object);
        // The owner's texts of the language, the visitor's own tag's over the language's.
        let mut own = BTreeMap::new();
        for tag in [lang, locale.as_str()] {
            let Some(t) = texts.and_then(|t| t.get(tag)).and_then(Value::as_object) else {
                continue;
            };
            for (key, text) in t {
                if let (Some(k), Some(text)) = (key.strip_prefix(MAIL_KEY_PREFIX), text.as_str()) {
                    if !text.trim().is_empty() {
                        own.insert(k.to_owned(), text.to_owned());
                    }
                }
            }
        }
        Words { lang, locale, own }
    }

    /// The language's tag ("fr").
    pub fn lang(&self) -> &'static str {
        self.lang
    }

    /// The tag dates and times are written for ("fr-CA", else the language's).
    pub fn locale(&self) -> &str {
        &self.locale
    }

    /// "rtl" for a right-to-left language (Arabic, Hebrew), else "ltr".
    pub fn dir(&self) -> &'static str {
        if matches!(self.lang, "ar" | "he") {
            "rtl"
        } else {
            "ltr"
        }
    }

    /// The text of `key` ("reply.subject"), `{{site}}` filled with `site`.
    pub fn get(&self, key: &str, site: &str) -> String {
        let text = self
            .own
            .get(key)
            .map(String::as_str)
            .or_else(|| mail_text(self.lang, key))
            .unwrap_or(key);
        text.replace("{{site}}", site)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_visitors_language_then_the_domains_then_english() {
        let none = json!({});
        assert_eq!(Words::new(Some("fr-CA"), &none).lang(), "fr");
        assert_eq!(Words::new(Some("fr-CA"), &none).locale(), "fr-CA");
        let german = json!({"language": "de"});
        assert_eq!(Words::new(Some("ko"), &german).lang(), "de");
        assert_eq!(Words::new(None, &german).locale(), "de");
        assert_eq!(Words::new(Some("ko"), &none).lang(), "en");
        assert_eq!(Words::new(Some("ar"), &none).dir(), "rtl");
        assert_eq!(Words::new(Some("fr"), &none).dir(), "ltr");
    }

    #[test]
    fn the_owners_words_win_in_their_language_only() {
        let p = json!({"texts": {
            "fr": {"mail.reply.subject": "Du nouveau chez {{site}}", "modal.welcome": "Bonjour"},
            "fr-CA": {"mail.you": "Toé"},
            "de": {"mail.you": "Ich"}
        }});
        let fr = Words::new(Some("fr-CA"), &p);
        assert_eq!(
            fr.get("reply.subject", "shop.test"),
            "Du nouveau chez shop.test"
        );
        assert_eq!(fr.get("you", "shop.test"), "Toé");
        assert_eq!(
            fr.get("reply.why", "shop.test"),
            "Vous recevez cet e-mail parce que vous avez donné cette adresse dans le chat de shop.test."
        );
        assert_eq!(Words::new(Some("es"), &p).get("you", ""), "Tú");
    }
}
