//! A button's triggers (open the chat after a time, a scroll, an exit intent…) and the action
//! they open, which must be one of the button's own.

use serde_json::Value;

use super::shapes::Fields;
use super::walker::{quoted, Walker};
use crate::problem::key_path;

impl<'v> Walker<'v> {
    /// A trigger's `openAction` is one of the button's own actions (a button opens only what it shows).
    pub(super) fn trigger_action(&mut self, path: &str, fields: &Fields<'v>) {
        let open = fields
            .get("options")
            .and_then(|o| o.get("triggers"))
            .and_then(|t| t.get("openAction"))
            .and_then(Value::as_str);
        let Some(id) = open.filter(|id| !id.is_empty()) else {
            return;
        };
        let own = fields
            .get("actions")
            .and_then(Value::as_array)
            .is_some_and(|list| list.iter().any(|a| a.as_str() == Some(id)));
        if !own {
            self.report(
                key_path(
                    &key_path(&key_path(path, "options"), "triggers"),
                    "openAction",
                ),
                format!("{} is not one of this button's actions", quoted(id)),
            );
        }
    }

    /// Triggers (docs/configuration.md "Triggers"): whole numbers in range; whether `openAction`
    /// is one of the button's surface actions is checked with the button (`trigger_action`).
    pub(super) fn triggers(&mut self, path: &str, v: &'v Value) {
        let Some(fields) = self.object(path, v, &[]) else {
            return;
        };
        for (key, p, x) in fields.present() {
            match key {
                "afterSeconds" => {
                    self.integer(
                        &p,
                        x,
                        0,
                        86_400,
                        "a whole number of seconds from 0 to 86400",
                    );
                }
                "afterScrollPercent" => {
                    self.integer(&p, x, 0, 100, "a whole percentage from 0 to 100");
                }
                "afterPageViews" => {
                    self.integer(&p, x, 0, 1000, "a whole number from 0 to 1000");
                }
                "exitIntent" | "openEveryTime" => {
                    self.boolean(&p, x);
                }
                "openAction" => {
                    self.string(&p, x);
                }
                _ => {}
            }
        }
    }
}
