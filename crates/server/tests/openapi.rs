//! The checked-in OpenAPI document (`docs/openapi.json`) is exactly what the routes generate
//! (`beckon_server::api::http::openapi`), and holds together as an OpenAPI 3.1 document: unique
//! operation ids, every path parameter declared, every `$ref` defined.

use std::collections::BTreeSet;

use beckon_server::api::http::openapi::{document, CHECKED_IN};
use beckon_server::wire::ts::REGENERATE;
use serde_json::Value;

fn doc() -> Value {
    serde_json::from_str(document()).unwrap()
}

#[test]
fn checked_in_document_is_up_to_date() {
    let path = format!("{}/../../{CHECKED_IN}", env!("CARGO_MANIFEST_DIR"));
    let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(
        on_disk == document(),
        "{CHECKED_IN} is stale: the routes or the wire types changed. Regenerate it with \
         `{REGENERATE}` and commit it."
    );
}

#[test]
fn operation_ids_are_unique_and_path_parameters_declared() {
    let doc = doc();
    assert_eq!(doc["openapi"], "3.1.0");
    let mut ids = BTreeSet::new();
    for (path, ops) in doc["paths"].as_object().unwrap() {
        let in_path: BTreeSet<&str> = path
            .split('{')
            .skip(1)
            .filter_map(|s| s.split('}').next())
            .collect();
        for (m, op) in ops.as_object().unwrap() {
            let id = op["operationId"].as_str().unwrap();
            assert!(
                ids.insert(id.to_owned()),
                "operationId {id} twice ({m} {path})"
            );
            let declared: BTreeSet<&str> = op["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["in"] == "path")
                .map(|p| p["name"].as_str().unwrap())
                .collect();
            assert_eq!(declared, in_path, "{m} {path}: path parameters");
        }
    }
}

fn refs<'a>(v: &'a Value, out: &mut BTreeSet<&'a str>) {
    match v {
        Value::Object(o) => {
            if let Some(Value::String(r)) = o.get("$ref") {
                out.insert(r);
            }
            o.values().for_each(|x| refs(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

#[test]
fn every_reference_is_defined() {
    let doc = doc();
    let mut found = BTreeSet::new();
    refs(&doc, &mut found);
    assert!(found.len() > 20, "{found:?}");
    for r in found {
        let name = r
            .strip_prefix("#/components/schemas/")
            .unwrap_or_else(|| panic!("{r}"));
        assert!(
            doc["components"]["schemas"].get(name).is_some(),
            "{r} is not defined"
        );
    }
}
