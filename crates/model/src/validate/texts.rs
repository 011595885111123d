//! Owner texts by language tag: a domain's `texts` and an action's `translations`.

use serde_json::Value;

use super::walker::{quoted, Walker};

impl<'v> Walker<'v> {
    /// Language tag → key → text (a domain's `texts`, an action's `translations`): tags like
    /// "fr" or "pt-BR", texts of at most 1000 characters.
    pub(super) fn texts_by_language(&mut self, path: &str, v: &'v Value) {
        let Some(langs) = self.object(path, v, &[]) else {
            return;
        };
        for (lang, p, texts) in langs.present() {
            if !is_language_tag(lang) {
                self.report(
                    &p,
                    format!(
                        "{} is not a language tag (e.g. \"fr\" or \"pt-BR\")",
                        quoted(lang)
                    ),
                );
            }
            let Some(keys) = self.object(&p, texts, &[]) else {
                continue;
            };
            for (key, q, text) in keys.present() {
                if let Some(t) = self.string(&q, text) {
                    if t.chars().count() > 1000 {
                        self.report(&q, "is longer than 1000 characters");
                    }
                    // A mail's words (docs/notifications.md): a known text, with its values only.
                    if let Some(mail_key) = key.strip_prefix(crate::mail_texts::MAIL_KEY_PREFIX) {
                        if let Some(problem) = crate::mail_texts::mail_text_problem(mail_key, t) {
                            self.report(&q, problem);
                        }
                    }
                }
            }
        }
    }
}

/// A BCP 47 language tag as owners write them: a 2–3 letter language, then subtags of 2–8
/// letters or digits ("fr", "pt-BR", "zh-Hans").
fn is_language_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let first = parts.next().unwrap_or("");
    (2..=3).contains(&first.len())
        && first.chars().all(|c| c.is_ascii_lowercase())
        && parts.all(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}
