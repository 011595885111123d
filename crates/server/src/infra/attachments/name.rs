//! File names as the sender gave them, made safe to keep, to put in a URL path and in a
//! `Content-Disposition` header.

/// Longest name kept, in characters (the extension is kept when it is cut).
pub const MAX_NAME_CHARS: usize = 120;

/// `raw` without directories (either separator), control and format characters, and the
/// characters Windows refuses in names; trimmed of spaces and dots at both ends; at most
/// [`MAX_NAME_CHARS`], keeping a short extension. Empty: `file`.
pub fn sanitise(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or("");
    let cleaned: String = base
        .chars()
        .filter(|c| {
            !c.is_control()
                && !matches!(c, '<' | '>' | ':' | '"' | '|' | '?' | '*' | '%')
                && !is_format(*c)
        })
        .collect();
    let cleaned = cleaned.trim_matches(|c: char| c.is_whitespace() || c == '.');
    let name = if cleaned.chars().count() <= MAX_NAME_CHARS {
        cleaned.to_owned()
    } else {
        let ext = cleaned
            .rsplit_once('.')
            .map(|(_, e)| e)
            .filter(|e| !e.is_empty() && e.chars().count() <= 10);
        match ext {
            Some(ext) => {
                let keep = MAX_NAME_CHARS - ext.chars().count() - 1;
                let stem: String = cleaned.chars().take(keep).collect();
                format!("{}.{ext}", stem.trim_end())
            }
            None => cleaned.chars().take(MAX_NAME_CHARS).collect(),
        }
    };
    if name.is_empty() {
        "file".to_owned()
    } else {
        name
    }
}

/// Invisible characters that make a name read as something else (bidirectional overrides,
/// zero-width joiners).
fn is_format(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_paths_controls_and_length() {
        assert_eq!(sanitise("../../etc/passwd"), "passwd");
        assert_eq!(sanitise("C:\\Users\\x\\report.pdf"), "report.pdf");
        assert_eq!(sanitise("a\r\nb\0c.txt"), "abc.txt");
        assert_eq!(sanitise("photo\u{202e}gnp.exe"), "photognp.exe");
        assert_eq!(sanitise("  ..  "), "file");
        assert_eq!(sanitise(""), "file");
        assert_eq!(sanitise("a\"b;c.png"), "ab;c.png");
        let long = format!("{}.jpeg", "x".repeat(500));
        let s = sanitise(&long);
        assert_eq!(s.chars().count(), MAX_NAME_CHARS);
        assert!(s.ends_with(".jpeg"));
        assert_eq!(sanitise(&"é".repeat(300)).chars().count(), MAX_NAME_CHARS);
    }
}
