//! Static validation of a config: every problem, each with its JSON path, in document order.
//!
//! The checks walk the untyped `serde_json::Value` (so a path is at hand everywhere and one bad
//! field does not hide the rest) and the typed `Config` is read only once nothing is wrong.
//! Inside an object, problems that concern the object as a whole (missing fields, rules between
//! fields) come first, then its fields in the order the document has them.

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::checks::{check_js_regex, is_hh_mm, is_http_url, is_iana_zone_shape, is_iso_date};
use crate::config::Config;
use crate::enums::*;
use crate::problem::{index_path, key_path, Problem};

/// The words of spec §5.2 for a link that is not a full http(s) URL.
pub const LINK_URL_MESSAGE: &str =
    "Beckon only supports a fully qualified URL with http or https protocol";

/// Parses and validates a config; the typed config when nothing is wrong, else every problem.
/// A leading UTF-8 byte-order mark (as some editors write) is ignored.
pub fn validate(json: &str) -> Result<Config, Vec<Problem>> {
    let value: Value =
        serde_json::from_str(without_bom(json)).map_err(|e| vec![json_syntax_problem(&e)])?;
    validate_value(&value)
}

/// The text without a leading UTF-8 byte-order mark, which JSON parsers refuse.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Validates an already parsed config.
pub fn validate_value(value: &Value) -> Result<Config, Vec<Problem>> {
    let problems = problems(value);
    if !problems.is_empty() {
        return Err(problems);
    }
    // Everything serde needs was checked above, so this fails only if the two disagree (a bug).
    Config::deserialize(value).map_err(|e| {
        vec![Problem::new(
            "",
            format!("config does not fit the model: {e}"),
        )]
    })
}

/// Every problem of an already parsed config, in document order; empty when it is valid.
pub fn problems(value: &Value) -> Vec<Problem> {
    let mut w = Walker::new(value);
    w.config(value);
    // One is enough: the store could not keep the config at all.
    if let Some(path) = crate::nul_path(value) {
        w.problems.push(Problem::new(path, crate::NUL_REFUSED));
    }
    w.problems
}

fn json_syntax_problem(e: &serde_json::Error) -> Problem {
    // serde_json's own text ends in " at line L column C"; say where first instead.
    let text = e.to_string();
    let reason = text
        .rsplit_once(" at line ")
        .map_or(text.as_str(), |(r, _)| r);
    Problem::new(
        "",
        format!(
            "invalid JSON at line {}, column {}: {reason}",
            e.line(),
            e.column()
        ),
    )
}

/// The four kinds of things with ids. Ids are unique within a kind, not across kinds.
#[derive(Clone, Copy)]
enum Kind {
    Domain,
    Button,
    Action,
    Condition,
}

impl Kind {
    fn list(self) -> &'static str {
        match self {
            Kind::Domain => "domains",
            Kind::Button => "buttons",
            Kind::Action => "actions",
            Kind::Condition => "conditions",
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Kind::Domain => "domain",
            Kind::Button => "button",
            Kind::Action => "action",
            Kind::Condition => "condition",
        }
    }
}

/// For each kind: id → index of the first element that has it.
type Ids<'v> = HashMap<&'v str, usize>;

struct Walker<'v> {
    problems: Vec<Problem>,
    ids: [Ids<'v>; 4],
}

/// How a JSON value is named in "expected …, found …".
fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn quoted(s: &str) -> String {
    Value::from(s).to_string()
}

impl<'v> Walker<'v> {
    fn new(root: &'v Value) -> Self {
        // Ids are collected first so that references can be checked wherever they appear,
        // including to elements further down the document.
        let collect = |kind: Kind| {
            let mut ids = Ids::new();
            let list = root.get(kind.list()).and_then(Value::as_array);
            for (i, item) in list.into_iter().flatten().enumerate() {
                if let Some(id) = item.get("id").and_then(Value::as_str) {
                    ids.entry(id).or_insert(i);
                }
            }
            ids
        };
        Walker {
            problems: Vec::new(),
            ids: [Kind::Domain, Kind::Button, Kind::Action, Kind::Condition].map(collect),
        }
    }

    fn ids(&self, kind: Kind) -> &Ids<'v> {
        &self.ids[kind as usize]
    }

    fn report(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.problems.push(Problem::new(path, message));
    }

    fn wrong_type(&mut self, path: &str, expected: &str, found: &Value) {
        self.report(
            path,
            format!("expected {expected}, found {}", kind_of(found)),
        );
    }

    // ---- generic shapes -------------------------------------------------------------------

    /// Checks that `v` is an object with the `required` fields, and returns its fields in
    /// document order with their paths. `null` counts as absent for optional fields, as serde
    /// reads it.
    fn object(
        &mut self,
        path: &str,
        v: &'v Value,
        required: &[&'static str],
    ) -> Option<Fields<'v>> {
        let Some(map) = v.as_object() else {
            self.wrong_type(path, "an object", v);
            return None;
        };
        for field in required {
            if !map.contains_key(*field) {
                self.report(key_path(path, field), "missing required field");
            }
        }
        Some(Fields {
            map,
            path: path.to_owned(),
            required: required.to_vec(),
        })
    }

    fn string<'a>(&mut self, path: &str, v: &'a Value) -> Option<&'a str> {
        let s = v.as_str();
        if s.is_none() {
            self.wrong_type(path, "a string", v);
        }
        s
    }

    fn non_empty_string<'a>(&mut self, path: &str, v: &'a Value) -> Option<&'a str> {
        let s = self.string(path, v)?;
        if s.trim().is_empty() {
            self.report(path, "must not be empty");
            return None;
        }
        Some(s)
    }

    fn boolean(&mut self, path: &str, v: &Value) -> Option<bool> {
        let b = v.as_bool();
        if b.is_none() {
            self.wrong_type(path, "a boolean", v);
        }
        b
    }

    /// A whole JSON number within `min..=max` (no `10.0`: serde does not read that as an int).
    fn integer(&mut self, path: &str, v: &Value, min: i64, max: i64, what: &str) -> Option<i64> {
        let Some(n) = v.as_number() else {
            self.wrong_type(path, what, v);
            return None;
        };
        match n.as_i64() {
            Some(i) if (min..=max).contains(&i) => Some(i),
            _ => {
                self.report(path, format!("must be {what}, found {n}"));
                None
            }
        }
    }

    fn positive_number(&mut self, path: &str, v: &Value) -> Option<f64> {
        let Some(n) = v.as_f64() else {
            self.wrong_type(path, "a number", v);
            return None;
        };
        if n <= 0.0 {
            self.report(path, format!("must be greater than 0, found {n}"));
            return None;
        }
        Some(n)
    }

    fn enumeration<E: WireEnum>(&mut self, path: &str, v: &Value) -> Option<E> {
        let s = self.string(path, v)?;
        if let Some(e) = E::from_wire(s) {
            return Some(e);
        }
        let allowed: Vec<&str> = E::names().collect();
        let hint = E::from_wire(&s.to_ascii_uppercase())
            .map(|e| format!(" (values are upper-case: {})", e.as_str()))
            .unwrap_or_default();
        self.report(
            path,
            format!(
                "unknown value {}{hint}; allowed: {}",
                quoted(s),
                allowed.join(", ")
            ),
        );
        None
    }

    fn array(&mut self, path: &str, v: &'v Value) -> Option<&'v [Value]> {
        let a = v.as_array().map(Vec::as_slice);
        if a.is_none() {
            self.wrong_type(path, "an array", v);
        }
        a
    }

    fn each<F>(&mut self, path: &str, v: &'v Value, mut item: F)
    where
        F: FnMut(&mut Self, &str, usize, &'v Value),
    {
        if let Some(list) = self.array(path, v) {
            for (i, x) in list.iter().enumerate() {
                item(self, &index_path(path, i), i, x);
            }
        }
    }

    fn strings(&mut self, path: &str, v: &'v Value) {
        self.each(path, v, |w, p, _, x| {
            w.string(p, x);
        });
    }

    fn zindex(&mut self, path: &str, v: &Value) {
        if v.as_str() == Some("auto") {
            return;
        }
        if v.is_number() {
            self.integer(
                path,
                v,
                i32::MIN.into(),
                i32::MAX.into(),
                "an integer z-index",
            );
        } else {
            self.wrong_type(path, r#"an integer or "auto""#, v);
        }
    }

    fn timezone(&mut self, path: &str, v: &Value) {
        if let Some(tz) = self.string(path, v) {
            if !is_iana_zone_shape(tz) {
                self.report(
                    path,
                    format!(
                        r#"{} is not an IANA time zone name (like "Europe/Amsterdam" or "UTC")"#,
                        quoted(tz)
                    ),
                );
            }
        }
    }

    /// An `id` field: a non-empty string, unique among its kind.
    fn id(&mut self, path: &str, v: &'v Value, kind: Kind, index: usize) {
        let Some(id) = self.non_empty_string(path, v) else {
            return;
        };
        if let Some(&first) = self.ids(kind).get(id) {
            if first != index {
                let other = index_path(kind.list(), first);
                self.report(
                    path,
                    format!(
                        "duplicate {} id {} (also used by {other})",
                        kind.noun(),
                        quoted(id)
                    ),
                );
            }
        }
    }

    /// A list of ids that must each name an element of `kind`, each once.
    fn references(&mut self, path: &str, v: &'v Value, kind: Kind) {
        let mut seen: HashMap<&str, String> = HashMap::new();
        self.each(path, v, |w, p, _, x| {
            let Some(id) = w.string(p, x) else { return };
            if !w.ids(kind).contains_key(id) {
                w.report(p, format!("no {} with id {}", kind.noun(), quoted(id)));
            } else if let Some(first) = seen.get(id) {
                w.report(
                    p,
                    format!(
                        "{} {} is already listed at {first}",
                        kind.noun(),
                        quoted(id)
                    ),
                );
            } else {
                seen.insert(id, p.to_owned());
            }
        });
    }

    // ---- the config, object by object ------------------------------------------------------

    fn config(&mut self, v: &'v Value) {
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

    fn config_options(&mut self, path: &str, v: &'v Value) {
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

    fn date(&mut self, path: &str, v: &Value) {
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

    fn domain(&mut self, path: &str, index: usize, v: &'v Value) {
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

    fn domain_properties(&mut self, path: &str, v: &'v Value) {
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

    fn button(&mut self, path: &str, index: usize, v: &'v Value) {
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

    /// A trigger's `openAction` is one of the button's own actions (a button opens only what it shows).
    fn trigger_action(&mut self, path: &str, fields: &Fields<'v>) {
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

    /// Spec §2.2 / §9: FULL ≤ 5, DOTS ≤ 10, SINGLE exactly 1, MULTI unlimited.
    fn action_limit(&mut self, path: &str, kind: ButtonType, count: usize) {
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

    fn button_options(&mut self, path: &str, v: &'v Value) {
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

    /// Triggers (docs/configuration.md "Triggers"): whole numbers in range; whether `openAction`
    /// is one of the button's surface actions is checked with the button (`trigger_action`).
    fn triggers(&mut self, path: &str, v: &'v Value) {
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

    /// Spec §5.1: heights are integers ≥ 0 and not both 0. A button without scroll rules leaves
    /// `scroll` out; one given with both heights 0 is most likely a mistake, so it is reported.
    /// Beckon's `revealAfterFirstScreen` reveals after one viewport height instead of a pixel
    /// height; given both, which one counts would be a guess, so that is reported too.
    fn scroll(&mut self, path: &str, v: &'v Value) {
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

    fn multi_button_options(&mut self, path: &str, v: &'v Value) {
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

    fn action(&mut self, path: &str, index: usize, v: &'v Value) {
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

    /// Language tag → key → text (a domain's `texts`, an action's `translations`): tags like
    /// "fr" or "pt-BR", texts of at most 1000 characters.
    fn texts_by_language(&mut self, path: &str, v: &'v Value) {
        let Some(langs) = self.object(path, v, &[]) else {
            return;
        };
        for (lang, p, texts) in langs.present() {
            if !is_language_tag(lang) {
                self.report(
                    &p,
                    format!(
                        "{} is not a language tag (e.g. \"fr\" or \"pt-BR\")",
                        quoted(lang)
                    ),
                );
            }
            let Some(keys) = self.object(&p, texts, &[]) else {
                continue;
            };
            for (key, q, text) in keys.present() {
                if let Some(t) = self.string(&q, text) {
                    if t.chars().count() > 1000 {
                        self.report(&q, "is longer than 1000 characters");
                    }
                    // A mail's words (docs/notifications.md): a known text, with its values only.
                    if let Some(mail_key) = key.strip_prefix(crate::mail_texts::MAIL_KEY_PREFIX) {
                        if let Some(problem) = crate::mail_texts::mail_text_problem(mail_key, t) {
                            self.report(&q, problem);
                        }
                    }
                }
            }
        }
    }

    /// Property values are strings, but real-world configs also send booleans and numbers
    /// (read as their text) and `null` (dropped).
    fn properties(&mut self, path: &str, v: &'v Value) {
        let Some(fields) = self.object(path, v, &[]) else {
            return;
        };
        for (_, p, x) in fields.present() {
            if matches!(x, Value::Array(_) | Value::Object(_)) {
                self.wrong_type(&p, "a string, boolean or number", x);
            }
        }
    }

    /// Spec §3.1, with Beckon's `hours` (a window per day) taking the place of `daysOfWeek`,
    /// `start` and `stop` when present: the two ways are never mixed, so a schedule means one thing.
    fn schedule(&mut self, path: &str, v: &'v Value) {
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
    fn week<F>(&mut self, path: &str, v: &'v Value, entries: &str, mut entry: F)
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
    fn day_window(&mut self, path: &str, v: &'v Value) {
        let Some(fields) = self.object(path, v, &["start", "stop"]) else {
            return;
        };
        for (key, p, x) in fields.present() {
            if key == "start" || key == "stop" {
                self.time_of_day(&p, x);
            }
        }
    }

    fn time_of_day(&mut self, path: &str, v: &Value) {
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

    fn condition(&mut self, path: &str, index: usize, v: &'v Value) {
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

/// The fields of one object, as the walk visits them.
struct Fields<'v> {
    map: &'v Map<String, Value>,
    path: String,
    required: Vec<&'static str>,
}

impl<'v> Fields<'v> {
    /// A field's value, with `null` read as absent.
    fn get(&self, key: &str) -> Option<&'v Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    /// `(key, path, value)` of each field in document order, leaving out optional fields that
    /// are `null` (required ones stay, so that their `null` is reported).
    fn present(&self) -> Vec<(&'v str, String, &'v Value)> {
        self.map
            .iter()
            .filter(|(k, v)| !v.is_null() || self.required.contains(&k.as_str()))
            .map(|(k, v)| (k.as_str(), key_path(&self.path, k), v))
            .collect()
    }
}

/// A BCP 47 language tag as owners write them: a 2–3 letter language, then subtags of 2–8
/// letters or digits ("fr", "pt-BR", "zh-Hans").
fn is_language_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let first = parts.next().unwrap_or("");
    (2..=3).contains(&first.len())
        && first.chars().all(|c| c.is_ascii_lowercase())
        && parts.all(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}
