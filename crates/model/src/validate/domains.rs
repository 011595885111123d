//! A domain and its `properties` (the widget's behaviour on that site).

use serde_json::Value;

use super::ids::Kind;
use super::walker::{quoted, Walker};
use crate::enums::DomainType;

impl<'v> Walker<'v> {
    pub(super) fn domain(&mut self, path: &str, index: usize, v: &'v Value) {
        let Some(fields) = self.object(path, v, &["id", "name"]) else {
            return;
        };
        for (key, p, x) in fields.present() {
            match key {
                "id" => self.id(&p, x, Kind::Domain, index),
                "name" => {
                    self.non_empty_string(&p, x);
                }
                "aliases" => self.strings(&p, x),
                "type" => {
                    self.enumeration::<DomainType>(&p, x);
                }
                "timezone" => self.timezone(&p, x),
                "properties" => self.domain_properties(&p, x),
                _ => {}
            }
        }
    }

    pub(super) fn domain_properties(&mut self, path: &str, v: &'v Value) {
        let Some(fields) = self.object(path, v, &[]) else {
            return;
        };
        for (key, p, x) in fields.present() {
            match key {
                "scale" => {
                    self.positive_number(&p, x);
                }
                "zindex" => self.zindex(&p, x),
                "debug"
                | "allowMultipleButtons"
                | "trackGA"
                | "trackConversion"
                | "waitForConsent"
                | "avoidCollisions" => {
                    self.boolean(&p, x);
                }
                "language" => {
                    if let Some(l) = self.string(&p, x) {
                        if !crate::config::LANGUAGES.contains(&l) {
                            let list = crate::config::LANGUAGES.join(", ");
                            self.report(
                                &p,
                                format!(
                                    "{} is not a language the widget speaks: one of {list}",
                                    quoted(l)
                                ),
                            );
                        }
                    }
                }
                "texts" => self.texts_by_language(&p, x),
                _ => {}
            }
        }
    }
}
