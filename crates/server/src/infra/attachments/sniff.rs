//! What a file is, from its first bytes (never the sender's word): the `infer` crate's magic
//! numbers, then SVG (text that `infer` calls XML or nothing) and plain text.

/// How many leading bytes [`detect`] looks at.
pub const SNIFF_LEN: usize = 8192;

/// The media type of a file that starts with `head` (its first [`SNIFF_LEN`] bytes, or all of
/// a shorter file).
pub fn detect(head: &[u8]) -> String {
    let found = infer::get(head).map(|t| t.mime_type());
    match found {
        Some(t) if t != "text/xml" => t.to_owned(),
        _ if looks_like_svg(head) => "image/svg+xml".to_owned(),
        Some(t) => t.to_owned(),
        None if is_text(head) => "text/plain".to_owned(),
        None => "application/octet-stream".to_owned(),
    }
}

fn looks_like_svg(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head).to_ascii_lowercase();
    let start = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
    (start.starts_with("<svg") || start.starts_with("<?xml") || start.starts_with("<!doctype svg"))
        && text.contains("<svg")
}

/// UTF-8 without NUL or other control characters but tab and line breaks (the last character
/// may be cut by the sniffing window).
fn is_text(head: &[u8]) -> bool {
    let valid = match std::str::from_utf8(head) {
        Ok(s) => s,
        Err(e) if e.error_len().is_none() => {
            std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default()
        }
        Err(_) => return false,
    };
    !valid.is_empty()
        && !valid
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{c}'))
}

/// Whether a browser may show the file in place (`Content-Disposition: inline`): raster images
/// only. Everything else, SVG and HTML first of all (they can hold script), is downloaded.
pub fn is_inline(content_type: &str) -> bool {
    matches!(
        content_type,
        "image/png" | "image/jpeg" | "image/gif" | "image/webp"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_come_from_the_bytes() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
        assert_eq!(detect(png), "image/png");
        assert_eq!(detect(b"%PDF-1.4\n"), "application/pdf");
        assert_eq!(detect(b"<html><script>alert(1)</script>"), "text/html");
        assert_eq!(
            detect(b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>x</script></svg>"),
            "image/svg+xml"
        );
        assert_eq!(
            detect(b"<?xml version=\"1.0\"?>\n<svg><script/></svg>"),
            "image/svg+xml"
        );
        assert_eq!(detect(b"<?xml version=\"1.0\"?><a/>"), "text/xml");
        assert_eq!(detect("hello, wörld\n".as_bytes()), "text/plain");
        assert_eq!(detect(b"\x01\x02\x03binary"), "application/octet-stream");
        assert_eq!(detect(b""), "application/octet-stream");
        // Cut in the middle of a character by the window: still text.
        assert_eq!(detect(&"ä".as_bytes()[..1]), "application/octet-stream");
        assert_eq!(detect(&"aä".as_bytes()[..2]), "text/plain");
    }

    #[test]
    fn only_raster_images_are_shown_in_place() {
        assert!(is_inline("image/png"));
        assert!(is_inline("image/webp"));
        assert!(!is_inline("image/svg+xml"));
        assert!(!is_inline("text/html"));
        assert!(!is_inline("application/pdf"));
    }
}
