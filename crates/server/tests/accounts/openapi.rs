//! The OpenAPI document and the running server agree. Routes are mounted only with their
//! documentation (`wire/routes.rs`), so the document is read here against the live router: every
//! documented operation reaches a handler, and every other method of a documented path is a 405,
//! so no route answers anything the document does not say.

use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::*;

const METHODS: [&str; 5] = ["get", "post", "put", "delete", "patch"];

/// A documented path with each `{parameter}` filled in.
fn concrete(path: &str) -> String {
    path.replace('{', "x").replace('}', "")
}

#[tokio::test]
async fn the_served_document_is_the_generated_one() {
    let t = spawn().await;
    let r = t.http.get(t.api("/openapi.json")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["content-type"], "application/json");
    let text = r.text().await.unwrap();
    assert_eq!(text, beckon_server::api::http::openapi::document());
    let doc: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    t.stop().await;
}

#[tokio::test]
async fn every_documented_operation_is_mounted_and_nothing_else_answers() {
    let t = spawn().await;
    let doc: Value = serde_json::from_str(beckon_server::api::http::openapi::document()).unwrap();
    let paths = doc["paths"].as_object().unwrap();
    assert!(paths.len() > 40, "{:?}", paths.keys());
    let mut operations = 0;
    for (path, ops) in paths {
        let ops = ops.as_object().unwrap();
        let url = t.url.clone() + &concrete(path);
        for m in METHODS {
            let method = Method::from_bytes(m.to_uppercase().as_bytes()).unwrap();
            let r = t.http.request(method, &url).send().await.unwrap();
            let status = r.status();
            let text = r.text().await.unwrap_or_default();
            if ops.contains_key(m) {
                operations += 1;
                // A handler answered: not a 405, not the API's "no such route", and not the
                // empty 404 of a path no route matches.
                assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{m} {path}: {text}");
                assert!(!text.contains("no such API route"), "{m} {path}: {text}");
                assert!(
                    !(status == StatusCode::NOT_FOUND && text.is_empty()),
                    "{m} {path}: no route"
                );
            } else {
                assert_eq!(
                    status,
                    StatusCode::METHOD_NOT_ALLOWED,
                    "{m} {path} answers but is not documented: {text}"
                );
            }
        }
        for (m, op) in ops {
            assert!(METHODS.contains(&m.as_str()), "{m} {path}");
            assert!(
                op["responses"].as_object().is_some_and(|r| !r.is_empty()),
                "{m} {path} names no answer"
            );
        }
    }
    assert!(operations > 45, "{operations} operations");
    t.stop().await;
}
