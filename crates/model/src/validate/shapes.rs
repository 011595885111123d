//! Generic shapes: objects with required fields, strings, booleans, numbers in range, enums,
//! lists, z-indexes and time zones, each reporting its own problem at its own path; and the
//! fields of an object in the order the walk visits them.

use serde_json::{Map, Value};

use super::walker::{quoted, Walker};
use crate::checks::is_iana_zone_shape;
use crate::enums::WireEnum;
use crate::problem::{index_path, key_path};

impl<'v> Walker<'v> {
    /// Checks that `v` is an object with the `required` fields, and returns its fields in
    /// document order with their paths. `null` counts as absent for optional fields, as serde
    /// reads it.
    pub(super) fn object(
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

    pub(super) fn string<'a>(&mut self, path: &str, v: &'a Value) -> Option<&'a str> {
        let s = v.as_str();
        if s.is_none() {
            self.wrong_type(path, "a string", v);
        }
        s
    }

    pub(super) fn non_empty_string<'a>(&mut self, path: &str, v: &'a Value) -> Option<&'a str> {
        let s = self.string(path, v)?;
        if s.trim().is_empty() {
            self.report(path, "must not be empty");
            return None;
        }
        Some(s)
    }

    pub(super) fn boolean(&mut self, path: &str, v: &Value) -> Option<bool> {
        let b = v.as_bool();
        if b.is_none() {
            self.wrong_type(path, "a boolean", v);
        }
        b
    }

    /// A whole JSON number within `min..=max` (no `10.0`: serde does not read that as an int).
    pub(super) fn integer(
        &mut self,
        path: &str,
        v: &Value,
        min: i64,
        max: i64,
        what: &str,
    ) -> Option<i64> {
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

    pub(super) fn positive_number(&mut self, path: &str, v: &Value) -> Option<f64> {
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

    pub(super) fn enumeration<E: WireEnum>(&mut self, path: &str, v: &Value) -> Option<E> {
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

    pub(super) fn array(&mut self, path: &str, v: &'v Value) -> Option<&'v [Value]> {
        let a = v.as_array().map(Vec::as_slice);
        if a.is_none() {
            self.wrong_type(path, "an array", v);
        }
        a
    }

    pub(super) fn each<F>(&mut self, path: &str, v: &'v Value, mut item: F)
    where
        F: FnMut(&mut Self, &str, usize, &'v Value),
    {
        if let Some(list) = self.array(path, v) {
            for (i, x) in list.iter().enumerate() {
                item(self, &index_path(path, i), i, x);
            }
        }
    }

    pub(super) fn strings(&mut self, path: &str, v: &'v Value) {
        self.each(path, v, |w, p, _, x| {
            w.string(p, x);
        });
    }

    pub(super) fn zindex(&mut self, path: &str, v: &Value) {
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

    pub(super) fn timezone(&mut self, path: &str, v: &Value) {
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
}

/// The fields of one object, as the walk visits them.
pub(super) struct Fields<'v> {
    map: &'v Map<String, Value>,
    path: String,
    required: Vec<&'static str>,
}

impl<'v> Fields<'v> {
    /// A field's value, with `null` read as absent.
    pub(super) fn get(&self, key: &str) -> Option<&'v Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    /// `(key, path, value)` of each field in document order, leaving out optional fields that
    /// are `null` (required ones stay, so that their `null` is reported).
    pub(super) fn present(&self) -> Vec<(&'v str, String, &'v Value)> {
        self.map
            .iter()
            .filter(|(k, v)| !v.is_null() || self.required.contains(&k.as_str()))
            .map(|(k, v)| (k.as_str(), key_path(&self.path, k), v))
            .collect()
    }
}
