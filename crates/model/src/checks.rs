//! Shape checks for the string values of a config: URLs, times, zone names, dates, patterns.
//! Each returns `Err(reason)` with the words a site owner needs to fix the value.

/// A fully qualified `http://` or `https://` URL with a host (docs/configuration.md, "Links and page URLs"):
/// the value starts with the scheme, `//` and a host, and the WHATWG URL parser (the one
/// browsers run; here the `url` crate) reads a host from it. The widget's `isHttpUrl`
/// (web/widget/src/loader/actions/validate.ts) is the same rule; both are tested on
/// `tests/fixtures/rules/http-urls.json`.
pub fn is_http_url(v: &str) -> bool {
    let Some(rest) = ["https://", "http://"].iter().find_map(|scheme| {
        v.get(..scheme.len())
            .filter(|head| head.eq_ignore_ascii_case(scheme))
            .map(|_| &v[scheme.len()..])
    }) else {
        return false;
    };
    let host_first = rest
        .chars()
        .next()
        .is_some_and(|c| !matches!(c, '/' | '?' | '#') && !c.is_whitespace());
    host_first && url::Url::parse(v).is_ok_and(|u| u.host().is_some())
}

/// `HH:mm`, 00:00 to 23:59.
pub(crate) fn is_hh_mm(value: &str) -> bool {
    let b = value.as_bytes();
    if b.len() != 5 || b[2] != b':' {
        return false;
    }
    let two = |i: usize| -> Option<u32> {
        let (a, c) = (b[i], b[i + 1]);
        (a.is_ascii_digit() && c.is_ascii_digit())
            .then(|| u32::from(a - b'0') * 10 + u32::from(c - b'0'))
    };
    matches!((two(0), two(3)), (Some(h), Some(m)) if h < 24 && m < 60)
}

/// Whether a name looks like an IANA time zone ("Europe/Amsterdam", "America/Argentina/Salta",
/// "Etc/GMT+1", "UTC", "EST5EDT"). Only the shape is checked: the widget falls back to showing
/// the action when the browser does not know the zone (spec §5.1), so no database is needed.
pub(crate) fn is_iana_zone_shape(value: &str) -> bool {
    let segments: Vec<&str> = value.split('/').collect();
    let segment_ok = |s: &&str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '+'))
    };
    if !segments.iter().all(segment_ok) || !value.starts_with(|c: char| c.is_ascii_uppercase()) {
        return false;
    }
    match segments.len() {
        // Single names are the upper-case legacy zones: UTC, GMT, CET, EST5EDT, …
        1 => value
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()),
        2 | 3 => true,
        _ => false,
    }
}

/// An ISO-8601 date or date-time as JavaScript's `Date` parses it:
/// `YYYY-MM-DD`, optionally `THH:mm[:ss[.sss]]` and `Z` or `±HH:mm`.
pub(crate) fn is_iso_date(value: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let in_range = |s: &str, lo: u32, hi: u32| {
        digits(s) && s.parse::<u32>().is_ok_and(|n| (lo..=hi).contains(&n))
    };
    let (date, time) = match value.split_once(['T', 't', ' ']) {
        Some((d, t)) => (d, Some(t)),
        None => (value, None),
    };
    let date_ok = match date.split('-').collect::<Vec<_>>()[..] {
        [y, m, d] => {
            y.len() == 4
                && digits(y)
                && m.len() == 2
                && in_range(m, 1, 12)
                && d.len() == 2
                && in_range(d, 1, 31)
        }
        _ => false,
    };
    let Some(time) = time else {
        return date_ok;
    };
    // Split off the zone designator.
    let (clock, zone) = if let Some(c) = time.strip_suffix(['Z', 'z']) {
        (c, None)
    } else if let Some(i) = time.rfind(['+', '-']) {
        (&time[..i], Some(&time[i + 1..]))
    } else {
        (time, None)
    };
    let zone_ok = zone.is_none_or(|z| {
        let z = z.replace(':', "");
        z.len() == 4 && in_range(&z[..2], 0, 23) && in_range(&z[2..], 0, 59)
    });
    let (hms, fraction) = match clock.split_once('.') {
        Some((c, f)) => (c, Some(f)),
        None => (clock, None),
    };
    let clock_ok = match hms.split(':').collect::<Vec<_>>()[..] {
        [h, m] => h.len() == 2 && in_range(h, 0, 23) && m.len() == 2 && in_range(m, 0, 59),
        [h, m, s] => {
            h.len() == 2
                && in_range(h, 0, 23)
                && m.len() == 2
                && in_range(m, 0, 59)
                && s.len() == 2
                && in_range(s, 0, 59)
        }
        _ => false,
    } && fraction.is_none_or(digits);
    date_ok && clock_ok && zone_ok
}

/// Checks a REGEX condition value. The widget runs it as a JavaScript `RegExp`, but the check
/// here uses Rust's regex parser, and the two dialects differ: JavaScript has look-around and
/// back-references, and (in its legacy mode) takes `\q`, a lone `{` or `[]` literally, all of
/// which Rust rejects; Rust has inline flags that JavaScript lacks. So a pattern is rejected only
/// for errors that are errors in both (an unclosed group or class, nothing to repeat, a reversed
/// range, a trailing backslash, …); anything else Rust objects to is let through.
pub(crate) fn check_js_regex(pattern: &str) -> Result<(), String> {
    use regex_syntax::ast::ErrorKind as K;
    let Err(err) = regex_syntax::ast::parse::Parser::new().parse(pattern) else {
        return Ok(());
    };
    let at = &pattern[err.span().start.offset..];
    let invalid_in_js = match err.kind() {
        K::GroupUnclosed
        | K::GroupUnopened
        | K::ClassRangeInvalid
        | K::EscapeUnexpectedEof
        | K::RepetitionCountInvalid
        | K::GroupNameEmpty
        | K::GroupNameUnexpectedEof => true,
        // JavaScript reads a `{` that starts no quantifier as a literal.
        K::RepetitionMissing => !at.starts_with('{'),
        // `[]` and `[^]` are an empty class and "any character" in JavaScript.
        K::ClassUnclosed => !(pattern.contains("[]") || pattern.contains("[^]")),
        _ => false,
    };
    if invalid_in_js {
        Err(err.kind().to_string())
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        assert!(is_hh_mm("00:00") && is_hh_mm("09:30") && is_hh_mm("23:59"));
        for bad in ["24:00", "9:30", "09:60", "0930", "09:30:00", "ab:cd", ""] {
            assert!(!is_hh_mm(bad), "{bad}");
        }
    }

    #[test]
    fn zones() {
        for ok in [
            "Europe/Amsterdam",
            "America/Argentina/Salta",
            "Etc/GMT+1",
            "UTC",
            "EST5EDT",
        ] {
            assert!(is_iana_zone_shape(ok), "{ok}");
        }
        for bad in [
            "Amsterdam",
            "europe/amsterdam",
            "+02:00",
            "Europe/",
            "Europe Amsterdam",
            "",
            "A/B/C/D",
        ] {
            assert!(!is_iana_zone_shape(bad), "{bad}");
        }
    }

    #[test]
    fn iso_dates() {
        for ok in [
            "2024-05-01",
            "2024-05-01T09:30",
            "2024-05-01T09:30:00Z",
            "2024-05-01T09:30:00.123+02:00",
            "2024-05-01 09:30:00-0500",
        ] {
            assert!(is_iso_date(ok), "{ok}");
        }
        for bad in [
            "yesterday",
            "2024-5-1",
            "2024-13-01",
            "2024-05-01T25:00",
            "01/05/2024",
            "",
        ] {
            assert!(!is_iso_date(bad), "{bad}");
        }
    }

    #[test]
    fn regexes_rejected_only_when_invalid_in_both_dialects() {
        for ok in [
            r"^/blog/.*",
            r"(?<=/shop)/item",
            r"^(a)\1$",
            r"\/products\/",
            r"a{",
            r"{",
            r"[^]",
            r"\q",
            r"(?i)contact",
        ] {
            assert!(check_js_regex(ok).is_ok(), "{ok}");
        }
        for bad in [
            r"(abc", r"abc)", r"*abc", r"[z-a]", r"[abc", r"abc\", r"a{3,2}",
        ] {
            assert!(check_js_regex(bad).is_err(), "{bad}");
        }
    }
}
