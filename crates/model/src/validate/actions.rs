//! An action: its value (a full http(s) URL for links and embedded pages), its looks, its
//! `properties`, schedule and translations.

use serde_json::Value;

use super::ids::Kind;
use super::walker::{quoted, Walker};
use super::LINK_URL_MESSAGE;
use crate::checks::is_http_url;
use crate::enums::{ActionType, IconType, WireEnum};

impl<'v> Walker<'v> {
    pub(super) fn action(&mut self, path: &str, index: usize, v: &'v Value) {
        let Some(fields) = self.object(path, v, &["id", "actionType", "actionValue"]) else {
            return;
        };
        let kind = fields
            .get("actionType")
            .and_then(Value::as_str)
            .and_then(ActionType::from_wire);
        for (key, p, x) in fields.present() {
            match key {
                "id" => self.id(&p, x, Kind::Action, index),
                "actionType" => {
                    self.enumeration::<ActionType>(&p, x);
                }
                "actionValue" => {
                    let Some(value) = self.string(&p, x) else {
                        continue;
                    };
                    // Spec §5.1/§5.2: the widget drops such actions at run time; say so up front.
                    match kind {
                        Some(ActionType::Link) if !is_http_url(value) => self.report(
                            &p,
                            format!("{} is not a valid link: {LINK_URL_MESSAGE}", quoted(value)),
                        ),
                        Some(ActionType::Iframe) if !is_http_url(value) => self.report(
                            &p,
                            format!(
                                "{} is not a valid page to embed: {LINK_URL_MESSAGE}",
                                quoted(value)
                            ),
                        ),
                        _ => {}
                    }
                }
                "properties" => self.properties(&p, x),
                "iconEnabled" => {
                    self.boolean(&p, x);
                }
                "iconType" => {
                    self.enumeration::<IconType>(&p, x);
                }
                "backgroundColor"
                | "iconClass"
                | "iconColor"
                | "iconText"
                | "iconBackgroundImage"
                | "labelText"
                | "labelTextColor"
                | "labelBackgroundColor" => {
                    self.string(&p, x);
                }
                "schedule" | "openingHours" => self.schedule(&p, x),
                "translations" => self.texts_by_language(&p, x),
                _ => {}
            }
        }
    }

    /// Property values are strings, but real-world configs also send booleans and numbers
    /// (read as their text) and `null` (dropped).
    pub(super) fn properties(&mut self, path: &str, v: &'v Value) {
        let Some(fields) = self.object(path, v, &[]) else {
            return;
        };
        for (_, p, x) in fields.present() {
            if matches!(x, Value::Array(_) | Value::Object(_)) {
                self.wrong_type(&p, "a string, boolean or number", x);
            }
        }
    }
}
