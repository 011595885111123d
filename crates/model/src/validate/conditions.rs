//! A condition: its match type must fit its condition type, and a REGEX must compile as the
//! widget's JavaScript would.

use serde_json::Value;

use super::ids::Kind;
use super::walker::{quoted, Walker};
use crate::checks::check_js_regex;
use crate::enums::{ConditionType, FilterType, MatchType, WireEnum};

impl<'v> Walker<'v> {
    pub(super) fn condition(&mut self, path: &str, index: usize, v: &'v Value) {
        let required = [
            "id",
            "filterType",
            "conditionType",
            "matchType",
            "matchValue",
        ];
        let Some(fields) = self.object(path, v, &required) else {
            return;
        };
        let condition_type = fields
            .get("conditionType")
            .and_then(Value::as_str)
            .and_then(ConditionType::from_wire);
        let match_type = fields
            .get("matchType")
            .and_then(Value::as_str)
            .and_then(MatchType::from_wire);
        for (key, p, x) in fields.present() {
            match key {
                "id" => self.id(&p, x, Kind::Condition, index),
                "filterType" => {
                    self.enumeration::<FilterType>(&p, x);
                }
                "conditionType" => {
                    self.enumeration::<ConditionType>(&p, x);
                }
                "matchType" => {
                    let (Some(m), Some(c)) = (self.enumeration::<MatchType>(&p, x), condition_type)
                    else {
                        continue;
                    };
                    if !m.applies_to(c) {
                        let allowed: Vec<&str> = MatchType::ALL
                            .iter()
                            .filter(|m| m.applies_to(c))
                            .map(|m| m.as_str())
                            .collect();
                        self.report(
                            &p,
                            format!(
                                "{m} does not apply to a {c} condition; allowed: {}",
                                allowed.join(", ")
                            ),
                        );
                    }
                }
                "matchValue" => {
                    let Some(value) = self.string(&p, x) else {
                        continue;
                    };
                    if match_type == Some(MatchType::Regex) {
                        if let Err(why) = check_js_regex(value) {
                            self.report(
                                &p,
                                format!(
                                    "{} is not a valid regular expression: {why}",
                                    quoted(value)
                                ),
                            );
                        }
                    }
                }
                _ => {}
            }
        }
    }
}
