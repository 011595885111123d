//! The widget configuration (spec §3.1) as it travels to the page in `window.CNB_DATA`.
//!
//! The field names, optionality and shapes are a fixed wire format shared with the widget through
//! the generated `web/widget/src/config/types.gen.ts`. Conventions used throughout:
//! - optional scalars are `Option<T>`, left out when `None` (TypeScript `field?: T`);
//! - optional lists are a `Vec` that is left out when empty and read `null` as empty;
//! - unknown fields are ignored, so newer configs still load in older code.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use ts_rs::TS;

use crate::enums::*;

/// The whole configuration a page receives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct Config {
    pub user_id: String,
    pub domains: Vec<Domain>,
    pub buttons: Vec<Button>,
    /// May be omitted on the page-level object (then: no actions).
    #[serde(
        default,
        with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    // `as` because of the custom serde; `nullable` keeps the Vec (never null) and marks it `?`.
    #[ts(as = "Vec<Action>", optional = nullable)]
    pub actions: Vec<Action>,
    #[serde(
        default,
        with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    #[ts(as = "Vec<Condition>", optional = nullable)]
    pub conditions: Vec<Condition>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<ConfigOptions>,
}

/// Page-level settings that the server producing the config fills in.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct ConfigOptions {
    /// URL of beckon.css.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub css_location: Option<String>,
    /// Root of the public API, e.g. "https://beckon.example.com/api".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_root: Option<String>,
    /// "Now" override: ISO-8601 string or milliseconds since the epoch.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(type = "string | number", optional)]
    pub date: Option<ConfigDate>,
    /// Visitor IP as seen by the server that produced the config (for the geo lookup).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ip: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub debug_mode: Option<bool>,
    /// Send the §7 statistics event (default true; only when apiRoot is set).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report_stats: Option<bool>,
    /// Endpoint for error reports (nothing is sent when absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_reporting_url: Option<String>,
}

/// A site the buttons belong to, matched against the page host by name or alias.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct Domain {
    pub id: String,
    pub name: String,
    #[serde(
        default,
        with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    #[ts(as = "Vec<String>", optional = nullable)]
    pub aliases: Vec<String>,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<DomainType>,
    /// IANA zone used by schedules that name none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub properties: Option<DomainProperties>,
}

/// Domain-wide settings (spec §3.1).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct DomainProperties {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(type = "number | \"auto\"", optional)]
    pub zindex: Option<ZIndex>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub debug: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_multiple_buttons: Option<bool>,
    // camelCase would give "trackGa"; the wire name keeps the acronym.
    #[serde(rename = "trackGA", skip_serializing_if = "Option::is_none")]
    pub track_ga: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub track_conversion: Option<bool>,
    /// Consent first (docs/configuration.md "Consent"): until the visitor consents (`CNB.consent`,
    /// an IAB TCF v2 or Google Consent Mode v2 consent manager), the widget makes no request but
    /// its own files and writes no storage; link-out buttons still work.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wait_for_consent: Option<bool>,
    /// Move the buttons off fixed or sticky page elements on their edge (a cookie banner, another
    /// launcher); absent means on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avoid_collisions: Option<bool>,
    /// The language the widget speaks (docs/configuration.md "Languages"): one of
    /// [`LANGUAGES`]; unset, the page's `<html lang>`, else the browser's, else English.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// The owner's words for the widget's built-in texts: language tag → catalogue key
    /// ("modal.welcome", "away.byEmail", "profile.name" …) → text. Used where the widget speaks
    /// that language, in place of the catalogue's.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(type = "Record<string, Record<string, string>>", optional)]
    pub texts: Option<BTreeMap<String, BTreeMap<String, String>>>,
}

/// The languages the widget ships (web/widget/src/app/i18n/lang.ts lists the same).
pub const LANGUAGES: [&str; 13] = [
    "en", "de", "fr", "es", "pt", "it", "nl", "pl", "tr", "ar", "he", "ja", "zh",
];

/// A floating button and the ids of the actions and conditions it uses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct Button {
    pub id: String,
    pub active: bool,
    pub domain_id: String,
    #[serde(rename = "type")]
    pub kind: ButtonType,
    /// Action ids, in display order.
    pub actions: Vec<String>,
    /// Condition ids.
    #[serde(
        default,
        with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    #[ts(as = "Vec<String>", optional = nullable)]
    pub conditions: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<ButtonOptions>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub multi_button_options: Option<MultiButtonOptions>,
}

/// Placement and appearance of a button (spec §2.3).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct ButtonOptions {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placement: Option<Placement>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
    /// Element id for ABSOLUTE buttons.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attach_to: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(type = "number | \"auto\"", optional)]
    pub zindex: Option<ZIndex>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scroll: Option<ScrollOptions>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub display_mode: Option<DisplayMode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub css_classes: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub animation: Option<Animation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triggers: Option<Triggers>,
}

/// When a button shows, and what it opens by itself (docs/configuration.md "Triggers"). The button
/// is hidden until the session has had `afterPageViews` page views, then until the first of the
/// set event triggers (seconds on the page, % scrolled, exit intent); with none set it shows at
/// once. `openAction` (one of the button's CHAT or modal actions) opens when the button shows by
/// a trigger, once per session unless `openEveryTime`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct Triggers {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_seconds: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_scroll_percent: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_intent: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_page_views: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open_action: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open_every_time: Option<bool>,
}

/// Scroll rules: the button shows past `revealAtHeight` (or the first screen) and hides again past
/// `hideAtHeight`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct ScrollOptions {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reveal_at_height: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hide_at_height: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub never_hide: Option<bool>,
    /// Reveal once the visitor has scrolled past the first screen (one viewport height, whatever
    /// the device) instead of at `revealAtHeight` pixels (a Beckon extension of spec §3.1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reveal_after_first_screen: Option<bool>,
}

/// Look of a MULTI button's main bubble in its open and closed state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct MultiButtonOptions {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_text_open: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_text_close: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_type_open: Option<IconType>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_type_close: Option<IconType>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_background_image_open: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_background_image_close: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_class_open: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_class_close: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_color_open: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_color_close: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_background_color_open: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_background_color_close: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label_text_open: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label_text_close: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_state: Option<MultiButtonState>,
}

/// One thing a visitor can do: call, message, open a link, chat, …
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct Action {
    pub id: String,
    pub action_type: ActionType,
    pub action_value: String,
    /// Type-specific settings (spec §3.1), e.g. "link-target", "subject". Values are strings.
    #[serde(
        default,
        with = "lenient_properties",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    #[ts(type = "Record<string, string>")]
    pub properties: BTreeMap<String, String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub background_color: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_enabled: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_class: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_color: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_type: Option<IconType>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon_background_image: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label_text_color: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label_background_color: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schedule: Option<Schedule>,
    /// A CHAT action that takes messages while nobody is online (a Beckon extension of spec
    /// §3.1): when agents usually answer, read like `schedule` (its zone and its days' windows;
    /// `showAlways` false). The chat then tells a visitor who writes while everyone is away when
    /// to expect an answer. It never hides the button (a CHAT condition does that).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opening_hours: Option<Schedule>,
    /// The owner's own texts of this action in other languages (docs/configuration.md
    /// "Languages"): language tag → `labelText` or a property name ("chatmodal-header-text" …) →
    /// text, used in place of the action's own where the widget speaks that language.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(type = "Record<string, Record<string, string>>", optional)]
    pub translations: Option<BTreeMap<String, BTreeMap<String, String>>>,
}

/// When an action is offered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(optional_fields)]
pub struct Schedule {
    pub show_always: bool,
    /// IANA zone, e.g. "Europe/Amsterdam".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    /// Seven flags, Monday first.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(type = "Array<boolean>", optional)]
    pub days_of_week: Option<[bool; 7]>,
    /// "HH:mm"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// "HH:mm"
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop: Option<String>,
    /// Show outside the window instead of inside it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outside_hours: Option<bool>,
    /// Hours that differ by day (a Beckon extension of spec §3.1): seven entries, Monday first,
    /// each that day's window or `null` when closed. When present it takes the place of
    /// `daysOfWeek`, `start` and `stop`, and a config without it means what it always meant.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(type = "Array<DayWindow | null>", optional)]
    pub hours: Option<[Option<DayWindow>; 7]>,
}

/// One day's window of `Schedule.hours`, read like `start`/`stop`: stop exclusive, start == stop
/// the whole day, a stop before the start runs overnight into the next day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DayWindow {
    /// "HH:mm"
    pub start: String,
    /// "HH:mm"
    pub stop: String,
}

/// A rule on the page URL, the visitor's country or agent availability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    pub id: String,
    pub filter_type: FilterType,
    pub condition_type: ConditionType,
    pub match_type: MatchType,
    pub match_value: String,
}

/// A z-index: a number, or the CSS keyword `"auto"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZIndex {
    Auto,
    Value(i32),
}

impl ZIndex {
    /// The default when none is set: on top of everything (spec §9).
    pub const DEFAULT: ZIndex = ZIndex::Value(i32::MAX);
}

impl Serialize for ZIndex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ZIndex::Auto => s.serialize_str("auto"),
            ZIndex::Value(v) => s.serialize_i32(*v),
        }
    }
}

impl<'de> Deserialize<'de> for ZIndex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = ZIndex;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(r#"an integer or "auto""#)
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<ZIndex, E> {
                i32::try_from(v)
                    .map(ZIndex::Value)
                    .map_err(|_| E::custom("z-index out of range"))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<ZIndex, E> {
                i32::try_from(v)
                    .map(ZIndex::Value)
                    .map_err(|_| E::custom("z-index out of range"))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<ZIndex, E> {
                if v == "auto" {
                    Ok(ZIndex::Auto)
                } else {
                    Err(E::invalid_value(de::Unexpected::Str(v), &self))
                }
            }
        }
        d.deserialize_any(V)
    }
}

/// The "now" override of `options.date`: an ISO-8601 string or milliseconds since the epoch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ConfigDate {
    Millis(i64),
    Iso(String),
}

/// Optional lists: `null` reads as empty, like an absent field.
mod null_as_default {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Serialize, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
        v.serialize(s)
    }

    pub fn deserialize<'de, D, T>(d: D) -> Result<T, D::Error>
    where
        D: Deserializer<'de>,
        T: Default + Deserialize<'de>,
    {
        Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
    }
}

/// Action properties as real-world configs send them: `"true"`, `true` and `1` all become
/// strings; `null` means "not set" and is dropped.
mod lenient_properties {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum PropertyValue {
        String(String),
        Bool(bool),
        Number(serde_json::Number),
        Null(()),
    }

    pub fn serialize<S: Serializer>(v: &BTreeMap<String, String>, s: S) -> Result<S::Ok, S::Error> {
        v.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<BTreeMap<String, String>, D::Error> {
        let raw: Option<BTreeMap<String, PropertyValue>> = Option::deserialize(d)?;
        Ok(raw
            .unwrap_or_default()
            .into_iter()
            .filter_map(|(k, v)| {
                let s = match v {
                    PropertyValue::String(s) => s,
                    PropertyValue::Bool(b) => b.to_string(),
                    PropertyValue::Number(n) => n.to_string(),
                    PropertyValue::Null(()) => return None,
                };
                Some((k, s))
            })
            .collect())
    }
}

impl Config {
    /// The action with this id, if the config has one.
    pub fn action(&self, id: &str) -> Option<&Action> {
        self.actions.iter().find(|a| a.id == id)
    }

    /// The condition with this id, if the config has one.
    pub fn condition(&self, id: &str) -> Option<&Condition> {
        self.conditions.iter().find(|c| c.id == id)
    }

    /// The domain with this id, if the config has one.
    pub fn domain(&self, id: &str) -> Option<&Domain> {
        self.domains.iter().find(|d| d.id == id)
    }
}
