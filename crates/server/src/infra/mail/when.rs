//! When a message was written, as the visitor reads it in a mail: the wall clock of their time
//! zone (the IANA zone their widget reported, kept with the visit; else the domain's; else UTC)
//! written as their language writes a date and a time (CLDR's medium date and short time, the
//! formats the widget's `Intl` uses), with the zone's abbreviation. Pure.

use chrono::{Datelike, TimeZone, Timelike};
use chrono_tz::Tz;
use icu_datetime::fieldsets::YMD;
use icu_datetime::fieldsets::YMDT;
use icu_datetime::input::{Date, DateTime, Time};
use icu_datetime::DateTimeFormatter;
use icu_locale_core::Locale;

/// Writes times for one reader.
pub struct Times {
    zone: Tz,
    format: Option<DateTimeFormatter<YMDT>>,
}

impl Times {
    /// For a reader in `zone` (an IANA name; unknown or none: UTC) reading `locale` ("fr-CA").
    pub fn new(zone: Option<&str>, locale: &str) -> Self {
        let zone = zone.and_then(|z| z.parse::<Tz>().ok()).unwrap_or(Tz::UTC);
        let format = Locale::try_from_str(locale)
            .ok()
            .and_then(|l| DateTimeFormatter::try_new(l.into(), YMD::medium().with_time_hm()).ok());
        Times { zone, format }
    }

    /// `at` (Unix ms) in the reader's zone and language: "7 déc. 2026, 18:40 CET".
    pub fn at(&self, at: i64) -> String {
        let Some(local) = self.zone.timestamp_millis_opt(at).single() else {
            return String::new();
        };
        let abbreviation = local.format("%Z");
        let written = self.format.as_ref().and_then(|f| {
            let date = Date::try_new_iso(local.year(), local.month() as u8, local.day() as u8);
            let time = Time::try_new(local.hour() as u8, local.minute() as u8, 0, 0);
            Some(
                f.format(&DateTime {
                    date: date.ok()?,
                    time: time.ok()?,
                })
                .to_string(),
            )
        });
        match written {
            Some(w) => format!("{w} {abbreviation}"),
            None => local.format("%Y-%m-%d %H:%M %Z").to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-07 17:40 UTC.
    const AT: i64 = 1_796_665_200_000;

    #[test]
    fn a_time_is_the_readers_clock_in_their_language() {
        assert_eq!(
            Times::new(Some("Europe/Paris"), "fr").at(AT),
            "7 déc. 2026, 18:40 CET"
        );
        assert_eq!(
            Times::new(Some("America/New_York"), "en-US").at(AT),
            "Dec 7, 2026, 12:40\u{202f}PM EST"
        );
        assert_eq!(Times::new(None, "de").at(AT), "07.12.2026, 17:40 UTC");
        assert_eq!(
            Times::new(Some("Nowhere/Else"), "xx-not-a-tag").at(AT),
            "2026-12-07 17:40 UTC"
        );
    }
}
