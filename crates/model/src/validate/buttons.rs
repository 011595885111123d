//! A button: its references, the number of actions its type takes, its `options` (placement,
//! scroll rules) and `multiButtonOptions`.

use serde_json::Value;

use super::ids::Kind;
use super::walker::{quoted, Walker};
use crate::enums::{
    Animation, ButtonType, DisplayMode, IconType, MultiButtonState, Placement, Position, WireEnum,
};
use crate::problem::key_path;

impl<'v> Walker<'v> {
    pub(super) fn button(&mut self, path: &str, index: usize, v: &'v Value) {
        let required = ["id", "active", "domainId", "type", "actions"];
        let Some(fields) = self.object(path, v, &required) else {
            return;
        };
        // Read quietly here; the "type" field reports its own problems when its turn comes.
        let kind = fields
            .get("type")
            .and_then(Value::as_str)
            .and_then(ButtonType::from_wire);
        for (key, p, x) in fields.present() {
            match key {
                "id" => self.id(&p, x, Kind::Button, index),
                "active" => {
                    self.boolean(&p, x);
                }
                "domainId" => {
                    if let Some(id) = self.string(&p, x) {
                        if !self.ids(Kind::Domain).contains_key(id) {
                            self.report(&p, format!("no domain with id {}", quoted(id)));
                        }
                    }
                }
                "type" => {
                    self.enumeration::<ButtonType>(&p, x);
                }
                "actions" => {
                    if let (Some(kind), Some(list)) = (kind, x.as_array()) {
                        self.action_limit(&p, kind, list.len());
                    }
                    self.references(&p, x, Kind::Action);
                }
                "conditions" => self.references(&p, x, Kind::Condition),
                "options" => self.button_options(&p, x),
                "multiButtonOptions" => self.multi_button_options(&p, x),
                _ => {}
            }
        }
        self.trigger_action(path, &fields);
    }

    /// Spec §2.2 / §9: FULL ≤ 5, DOTS ≤ 10, SINGLE exactly 1, MULTI unlimited.
    pub(super) fn action_limit(&mut self, path: &str, kind: ButtonType, count: usize) {
        let plural = |n: usize| if n == 1 { "action" } else { "actions" };
        match kind.action_limit() {
            (min, Some(max)) if min == max && count != max => self.report(
                path,
                format!(
                    "a {kind} button needs exactly {max} {}, found {count}",
                    plural(max)
                ),
            ),
            (_, Some(max)) if count > max => self.report(
                path,
                format!(
                    "a {kind} button takes at most {max} {}, found {count}",
                    plural(max)
                ),
            ),
            _ => {}
        }
    }

    pub(super) fn button_options(&mut self, path: &str, v: &'v Value) {
        let Some(fields) = self.object(path, v, &[]) else {
            return;
        };
        let absolute =
            fields.get("position").and_then(Value::as_str) == Some(Position::Absolute.as_str());
        if absolute && fields.get("attachTo").is_none() {
            self.report(
                key_path(path, "attachTo"),
                "missing: an ABSOLUTE button needs the id of the element to attach to",
            );
        }
        for (key, p, x) in fields.present() {
            match key {
                "placement" => {
                    self.enumeration::<Placement>(&p, x);
                }
                "position" => {
                    self.enumeration::<Position>(&p, x);
                }
                "attachTo" => {
                    if absolute {
                        self.non_empty_string(&p, x);
                    } else {
                        self.string(&p, x);
                    }
                }
                "cssClasses" => {
                    self.string(&p, x);
                }
                "scale" => {
                    self.positive_number(&p, x);
                }
                "zindex" => self.zindex(&p, x),
                "scroll" => self.scroll(&p, x),
                "displayMode" => {
                    self.enumeration::<DisplayMode>(&p, x);
                }
                "animation" => {
                    self.enumeration::<Animation>(&p, x);
                }
                "triggers" => self.triggers(&p, x),
                _ => {}
            }
        }
    }

    /// Spec §5.1: heights are integers ≥ 0 and not both 0. A button without scroll rules leaves
    /// `scroll` out; one given with both heights 0 is most likely a mistake, so it is reported.
    /// Beckon's `revealAfterFirstScreen` reveals after one viewport height instead of a pixel
    /// height; given both, which one counts would be a guess, so that is reported too.
    pub(super) fn scroll(&mut self, path: &str, v: &'v Value) {
        let Some(fields) = self.object(path, v, &[]) else {
            return;
        };
        let height = |key: &str| fields.get(key).map_or(Some(0), Value::as_u64);
        let first_screen = fields
            .get("revealAfterFirstScreen")
            .and_then(Value::as_bool)
            == Some(true);
        if !first_screen && height("revealAtHeight") == Some(0) && height("hideAtHeight") == Some(0)
        {
            self.report(
                path,
                "revealAtHeight and hideAtHeight must not both be 0; leave out scroll for a button without scroll rules",
            );
        }
        for (key, p, x) in fields.present() {
            match key {
                "revealAtHeight" if first_screen => self.report(
                    &p,
                    "not used with revealAfterFirstScreen, which reveals the button after one screen height: leave one of them out",
                ),
                "revealAtHeight" | "hideAtHeight" => {
                    self.integer(&p, x, 0, u32::MAX.into(), "a whole number of pixels ≥ 0");
                }
                "neverHide" | "revealAfterFirstScreen" => {
                    self.boolean(&p, x);
                }
                _ => {}
            }
        }
    }

    pub(super) fn multi_button_options(&mut self, path: &str, v: &'v Value) {
        let Some(fields) = self.object(path, v, &[]) else {
            return;
        };
        for (key, p, x) in fields.present() {
            match key {
                "iconTypeOpen" | "iconTypeClose" => {
                    self.enumeration::<IconType>(&p, x);
                }
                "defaultState" => {
                    self.enumeration::<MultiButtonState>(&p, x);
                }
                "iconTextOpen"
                | "iconTextClose"
                | "iconBackgroundImageOpen"
                | "iconBackgroundImageClose"
                | "iconClassOpen"
                | "iconClassClose"
                | "iconColorOpen"
                | "iconColorClose"
                | "iconBackgroundColorOpen"
                | "iconBackgroundColorClose"
                | "labelTextOpen"
                | "labelTextClose" => {
                    self.string(&p, x);
                }
                _ => {}
            }
        }
    }
}
