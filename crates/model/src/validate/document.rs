//! The document itself: its top-level fields, and the config-wide `options`.

use serde_json::Value;

use super::walker::{quoted, Walker};
use crate::checks::is_iso_date;

impl<'v> Walker<'v> {
    pub(super) fn config(&mut self, v: &'v Value) {
        let Some(fields) = self.object("", v, &["userId", "domains", "buttons"]) else {
            return;
        };
        for (key, p, x) in fields.present() {
            match key {
                "userId" => {
                    self.non_empty_string(&p, x);
                }
                "domains" => self.each(&p, x, |w, p, i, d| w.domain(p, i, d)),
                "buttons" => self.each(&p, x, |w, p, i, b| w.button(p, i, b)),
                "actions" => self.each(&p, x, |w, p, i, a| w.action(p, i, a)),
                "conditions" => self.each(&p, x, |w, p, i, c| w.condition(p, i, c)),
                "options" => self.config_options(&p, x),
                _ => {} // unknown fields are ignored: newer configs keep loading
            }
        }
    }

    pub(super) fn config_options(&mut self, path: &str, v: &'v Value) {
        let Some(fields) = self.object(path, v, &[]) else {
            return;
        };
        for (key, p, x) in fields.present() {
            match key {
                "cssLocation" | "apiRoot" | "ip" | "errorReportingUrl" => {
                    self.string(&p, x);
                }
                "debugMode" | "reportStats" => {
                    self.boolean(&p, x);
                }
                "date" => self.date(&p, x),
                _ => {}
            }
        }
    }

    pub(super) fn date(&mut self, path: &str, v: &Value) {
        match v {
            Value::String(s) if !is_iso_date(s) => self.report(
                path,
                format!(
                    r#"{} is not an ISO-8601 date such as "2024-05-01T09:30:00Z""#,
                    quoted(s)
                ),
            ),
            Value::String(_) => {}
            Value::Number(_) => {
                self.integer(
                    path,
                    v,
                    i64::MIN,
                    i64::MAX,
                    "whole milliseconds since the epoch",
                );
            }
            _ => self.wrong_type(
                path,
                "an ISO-8601 string or milliseconds since the epoch",
                v,
            ),
        }
    }
}
