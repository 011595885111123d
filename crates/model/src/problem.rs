//! What validation reports, and the JSON paths that say where.

use std::fmt;

/// One thing wrong with a config.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where: a JSON path such as `buttons[0].options.scroll.revealAtHeight`; empty for the
    /// document as a whole (e.g. invalid JSON).
    pub path: String,
    /// What is wrong, in words meant for the site owner.
    pub message: String,
}

impl Problem {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Problem {
            path: path.into(),
            message: message.into(),
        }
    }
}

/// `path: message`, or just the message when the problem concerns the whole document.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// `base.key`, or `base["key"]` when the key is no plain identifier (e.g. `"link-target"`).
pub(crate) fn key_path(base: &str, key: &str) -> String {
    let plain = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    match (plain, base.is_empty()) {
        (true, true) => key.to_owned(),
        (true, false) => format!("{base}.{key}"),
        (false, _) => format!("{base}[{}]", serde_json::Value::from(key)),
    }
}

/// `base[index]`.
pub(crate) fn index_path(base: &str, index: usize) -> String {
    format!("{base}[{index}]")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_read_like_javascript() {
        assert_eq!(key_path("", "buttons"), "buttons");
        assert_eq!(index_path("buttons", 0), "buttons[0]");
        assert_eq!(key_path("buttons[0]", "options"), "buttons[0].options");
        assert_eq!(
            key_path("actions[1].properties", "link-target"),
            r#"actions[1].properties["link-target"]"#
        );
        assert_eq!(key_path("", "a\"b"), r#"["a\"b"]"#);
    }

    #[test]
    fn display_leaves_out_an_empty_path() {
        assert_eq!(
            Problem::new("userId", "missing").to_string(),
            "userId: missing"
        );
        assert_eq!(Problem::new("", "invalid JSON").to_string(), "invalid JSON");
    }
}
