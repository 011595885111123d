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

/// An ISO-8601 date or date-time as JavaScript's `Date` parses it: `YYYY-MM-DD`, optionally
/// `THH:mm[:ss[.sss]]` and `Z` or `±HH:mm`. The fixed widths are checked here (chrono's parser
/// also takes one-digit fields and signed years); chrono judges the values, so the day must be
/// on the calendar: 2024-02-31 is refused where `Date` would quietly read 2 March.
pub(crate) fn is_iso_date(value: &str) -> bool {
    use chrono::{NaiveDate, NaiveTime, Timelike};
    let (date, time) = match value.split_once(['T', 't', ' ']) {
        Some((d, t)) => (d, Some(t)),
        None => (value, None),
    };
    if !digits_in_shape(date, "####-##-##") || NaiveDate::parse_from_str(date, "%Y-%m-%d").is_err()
    {
        return false;
    }
    let Some(time) = time else {
        return true;
    };
    // Split off the zone designator.
    let (clock, zone) = if let Some(c) = time.strip_suffix(['Z', 'z']) {
        (c, None)
    } else if let Some(i) = time.rfind(['+', '-']) {
        (&time[..i], Some(&time[i + 1..]))
    } else {
        (time, None)
    };
    // An offset reads like a clock: hours to 23, minutes to 59.
    let zone_ok = zone.is_none_or(|z| {
        (digits_in_shape(z, "##:##") || digits_in_shape(z, "####"))
            && NaiveTime::parse_from_str(&z.replace(':', ""), "%H%M").is_ok()
    });
    let (hms, fraction) = match clock.split_once('.') {
        Some((c, f)) => (c, Some(f)),
        None => (clock, None),
    };
    let parsed = if digits_in_shape(hms, "##:##:##") {
        NaiveTime::parse_from_str(hms, "%H:%M:%S")
    } else if digits_in_shape(hms, "##:##") && fraction.is_none() {
        NaiveTime::parse_from_str(hms, "%H:%M")
    } else {
        return false;
    };
    // chrono reads a 60th second as a leap second; `Date` does not.
    let clock_ok = parsed.is_ok_and(|t| t.nanosecond() < 1_000_000_000)
        && fraction.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()));
    clock_ok && zone_ok
}

/// Whether `value` has an ASCII digit wherever `shape` has `#` and the same byte elsewhere.
fn digits_in_shape(value: &str, shape: &str) -> bool {
    value.len() == shape.len()
        && value.bytes().zip(shape.bytes()).all(|(v, s)| {
            if s == b'#' {
                v.is_ascii_digit()
            } else {
                v == s
            }
        })
}

/// Checks a REGEX condition value. The widget runs it as `RegExp(value)`: JavaScript's dialect
/// (look-behind, named groups, back-references) without flags, so Annex B's leniency applies
/// (`\q`, a lone `{` or `[]` are literals). `regress` parses that dialect, so a pattern is
/// refused exactly when a browser would throw.
pub(crate) fn check_js_regex(pattern: &str) -> Result<(), String> {
    let Err(err) = regress::Regex::with_flags(pattern, regress::Flags::default()) else {
        return Ok(());
    };
    // Written into a sentence: "… is not a valid regular expression: unbalanced parenthesis".
    let why = match err.text.as_str() {
        // Without the u flag only `*`, `+` and `?` with nothing before them get here.
        "Invalid atom character" => "nothing to repeat".to_owned(),
        text => {
            let text = text.trim_end_matches('.');
            let mut chars = text.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_lowercase().chain(chars).collect()
            })
        }
    };
    Err(why)
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
            "2024-02-29",
            "2024-05-01t09:30z",
            "2024-05-01T23:59:59.999-23:59",
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
            "+2024-05-01",
            "2024-05-01T09:30:00+24:00",
        ] {
            assert!(!is_iso_date(bad), "{bad}");
        }
    }

    /// Shapes the hand-written check let through though no such moment exists.
    #[test]
    fn iso_dates_off_the_calendar_are_refused() {
        for bad in [
            "2024-02-31",
            "2023-02-29",
            "2024-04-31T10:00Z",
            "2024-05-01T09:30:60Z",
            "2024-05-01T09:30.5",
        ] {
            assert!(!is_iso_date(bad), "{bad}");
        }
    }

    #[test]
    fn regexes_judged_as_javascript_judges_them() {
        // Valid `RegExp(value)` patterns, Annex B leniency included.
        for ok in [
            r"^/blog/.*",
            r"(?<=/shop)/item",
            r"(?<!/admin)/page",
            r"(?<=a+)b",
            r"(?<slug>[a-z-]+)/\k<slug>",
            r"^(a)\1$",
            r"\/products\/",
            r"a{",
            r"{",
            r"[]",
            r"[^]",
            r"\q",
            r"[\d-z]",
            r"[[a]",
        ] {
            assert!(check_js_regex(ok).is_ok(), "{ok}: {:?}", check_js_regex(ok));
        }
        // Patterns a browser throws on.
        for bad in [
            r"(abc",
            r"abc)",
            r"*abc",
            r"[z-a]",
            r"[abc",
            r"abc\",
            r"a{3,2}",
            r"a**",
            r"(?i)contact",
            r"(?P<n>a)",
            r"(?<a>x)(?<a>y)",
            r"(?<n>a)\k<m>",
            r"(?<1a>x)",
            r"(?<=a)*",
        ] {
            assert!(check_js_regex(bad).is_err(), "{bad}");
        }
    }
}
