//! When an action shows: `showAlways`, one daily window (`daysOfWeek`, `start`, `stop`) or a
//! window per day (`hours`), in a time zone.

use serde_json::Value;

use super::walker::{quoted, Walker};
use crate::checks::is_hh_mm;
use crate::problem::{index_path, key_path};

impl<'v> Walker<'v> {
    /// Spec §3.1, with Beckon's `hours` (a window per day) taking the place of `daysOfWeek`,
    /// `start` and `stop` when present: the two ways are never mixed, so a schedule means one thing.
    pub(super) fn schedule(&mut self, path: &str, v: &'v Value) {
        let Some(fields) = self.object(path, v, &["showAlways"]) else {
            return;
        };
        let by_day = fields.get("hours").is_some();
        if fields.get("showAlways").and_then(Value::as_bool) == Some(false) && !by_day {
            for key in ["start", "stop"] {
                if fields.get(key).is_none() {
                    self.report(
                        key_path(path, key),
                        "missing: required when showAlways is false (or give each day's window in hours)",
                    );
                }
            }
        }
        for (key, p, x) in fields.present() {
            match key {
                "daysOfWeek" | "start" | "stop" if by_day => self.report(
                    &p,
                    "not used with hours, which gives each day's window: leave daysOfWeek, start and stop out",
                ),
                "showAlways" | "outsideHours" => {
                    self.boolean(&p, x);
                }
                "timezone" => self.timezone(&p, x),
                "start" | "stop" => self.time_of_day(&p, x),
                "hours" => self.week(
                    &p,
                    x,
                    "entries (a day's window, or null when closed)",
                    |w, p, day| {
                        if !day.is_null() {
                            w.day_window(p, day);
                        }
                    },
                ),
                "daysOfWeek" => self.week(&p, x, "booleans", |w, p, day| {
                    w.boolean(p, day);
                }),
                _ => {}
            }
        }
    }

    /// A list of seven entries, Monday first (`daysOfWeek`, `hours`), each checked by `entry`.
    pub(super) fn week<F>(&mut self, path: &str, v: &'v Value, entries: &str, mut entry: F)
    where
        F: FnMut(&mut Self, &str, &'v Value),
    {
        let Some(days) = self.array(path, v) else {
            return;
        };
        if days.len() != 7 {
            self.report(
                path,
                format!(
                    "must hold 7 {entries}, Monday first; found {} entries",
                    days.len()
                ),
            );
        }
        for (i, day) in days.iter().enumerate() {
            entry(self, &index_path(path, i), day);
        }
    }

    /// One day's window of `hours`: both times, as `start` and `stop` are written.
    pub(super) fn day_window(&mut self, path: &str, v: &'v Value) {
        let Some(fields) = self.object(path, v, &["start", "stop"]) else {
            return;
        };
        for (key, p, x) in fields.present() {
            if key == "start" || key == "stop" {
                self.time_of_day(&p, x);
            }
        }
    }

    pub(super) fn time_of_day(&mut self, path: &str, v: &Value) {
        if let Some(t) = self.string(path, v) {
            if !is_hh_mm(t) {
                self.report(
                    path,
                    format!(
                        "{} is not a time of day as HH:mm (00:00 to 23:59)",
                        quoted(t)
                    ),
                );
            }
        }
    }
}
