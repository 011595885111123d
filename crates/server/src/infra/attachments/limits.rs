//! What a domain's chats accept: a size and a list of media types (the owner's, else these
//! defaults), and the messages that say why a file is refused.

use beckon_store::AttachmentLimitsRow;

/// 10 MB, the default largest file.
pub const DEFAULT_MAX_BYTES: i64 = 10 * 1024 * 1024;
/// The largest an owner may allow.
pub const MAX_MAX_BYTES: i64 = 100 * 1024 * 1024;

/// The default types: pictures browsers show, PDF, plain text and office documents.
pub const DEFAULT_TYPES: &[&str] = &[
    "image/png",
    "image/jpeg",
    "image/gif",
    "image/webp",
    "application/pdf",
    "text/plain",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "application/vnd.oasis.opendocument.text",
    "application/zip",
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    pub max_bytes: i64,
    pub types: Vec<String>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: DEFAULT_MAX_BYTES,
            types: DEFAULT_TYPES.iter().map(|t| (*t).to_owned()).collect(),
        }
    }
}

impl From<AttachmentLimitsRow> for Limits {
    fn from(r: AttachmentLimitsRow) -> Self {
        Limits {
            max_bytes: r.max_bytes,
            types: r.types,
        }
    }
}

impl Limits {
    pub fn allows(&self, content_type: &str) -> bool {
        self.types.iter().any(|t| t == content_type)
    }

    /// "too large: at most 10 MB".
    pub fn too_large(&self) -> String {
        format!("too large: at most {}", size_words(self.max_bytes))
    }

    /// "type not allowed: text/html (allowed: …)".
    pub fn not_allowed(&self, content_type: &str) -> String {
        format!(
            "type not allowed: {content_type} (allowed: {})",
            self.types.join(", ")
        )
    }

    /// What is wrong with limits an owner sends (none: they may be kept).
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut p = Vec::new();
        if !(1..=MAX_MAX_BYTES).contains(&self.max_bytes) {
            p.push((
                "maxBytes",
                format!(
                    "must be 1 to {MAX_MAX_BYTES} ({})",
                    size_words(MAX_MAX_BYTES)
                ),
            ));
        }
        if self.types.len() > 50 {
            p.push(("types", "at most 50 types".to_owned()));
        }
        for t in &self.types {
            let ok = t.len() <= 100
                && t.split_once('/').is_some_and(|(a, b)| {
                    !a.is_empty()
                        && !b.is_empty()
                        && t.bytes().all(|c| {
                            c.is_ascii_lowercase()
                                || c.is_ascii_digit()
                                || matches!(c, b'/' | b'.' | b'+' | b'-')
                        })
                });
            if !ok {
                p.push((
                    "types",
                    format!("{t:?} is not a media type such as image/png"),
                ));
            }
        }
        p
    }
}

/// A size as people read it: "10 MB", "512 KB", "100 bytes" (MB and KB of 1024).
pub fn size_words(bytes: i64) -> String {
    const MB: i64 = 1024 * 1024;
    if bytes >= MB {
        let mb = format!("{:.1}", bytes as f64 / MB as f64);
        format!("{} MB", mb.strip_suffix(".0").unwrap_or(&mb))
    } else if bytes >= 1024 {
        format!("{} KB", bytes / 1024)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size_words(DEFAULT_MAX_BYTES), "10 MB");
        assert_eq!(size_words(1024 * 1024 * 5 / 2), "2.5 MB");
        assert_eq!(size_words(2048), "2 KB");
        assert_eq!(size_words(10), "10 bytes");
        assert_eq!(Limits::default().too_large(), "too large: at most 10 MB");
    }

    #[test]
    fn owners_limits_are_checked() {
        let mut l = Limits::default();
        assert!(l.problems().is_empty());
        l.max_bytes = 0;
        l.types.push("Text/HTML; x".into());
        assert_eq!(l.problems().len(), 2);
    }
}
