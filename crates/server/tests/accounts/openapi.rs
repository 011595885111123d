//! The OpenAPI document covers every route the source mounts, and every documented API route
//! exists.

use std::collections::BTreeSet;
use std::path::Path;

use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::*;

/// `(method, path)` of every `.route("…", get(…).post(…))` under `src/`; a path may be a
/// `const NAME: &str = "…"` of the same file. Areas nest under `/api` except hosting, the console
/// and the operations routes.
fn mounted_routes() -> BTreeSet<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    let mut routes = BTreeSet::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let prefix = if f.ends_with("http/hosting.rs")
            || f.ends_with("http/console.rs")
            || f.ends_with("http/ops.rs")
        {
            ""
        } else {
            "/api"
        };
        let mut rest = text.as_str();
        while let Some(i) = rest.find(".route(") {
            rest = &rest[i + 7..];
            let arg = rest.trim_start();
            let path = if let Some(lit) = arg.strip_prefix('"') {
                lit[..lit.find('"').unwrap()].to_owned()
            } else {
                let name: String = arg
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let decl = format!("const {name}: &str = \"");
                let at = text.find(&decl).unwrap_or_else(|| {
                    panic!("{}: route path {name} is no const here", f.display())
                });
                let lit = &text[at + decl.len()..];
                lit[..lit.find('"').unwrap()].to_owned()
            };
            // The method routers up to the closing parenthesis of `.route(`.
            let mut depth = 1;
            let mut end = 0;
            for (k, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            end = k;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let call = &rest[..end];
            let path = format!("{prefix}{}", path.replace("{*", "{"));
            let path = if path.len() > 1 {
                path.trim_end_matches('/').to_owned()
            } else {
                path
            };
            for m in ["get", "post", "put", "delete", "patch"] {
                let found = call.match_indices(&format!("{m}(")).any(|(k, _)| {
                    k == 0
                        || !call.as_bytes()[k - 1].is_ascii_alphanumeric()
                            && call.as_bytes()[k - 1] != b'_'
                });
                if found {
                    routes.insert((m.to_owned(), path.clone()));
                }
            }
        }
    }
    routes
}

#[tokio::test]
async fn every_mounted_route_is_documented_and_every_documented_route_exists() {
    let t = spawn().await;
    let r = t.http.get(t.api("/openapi.json")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let doc: Value = r.json().await.unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().unwrap();

    let mounted = mounted_routes();
    assert!(mounted.len() > 30, "the scan finds the routes: {mounted:?}");
    for (m, p) in &mounted {
        assert!(
            paths.get(p).and_then(|x| x.get(m)).is_some(),
            "{} {p} is mounted but not in the OpenAPI document",
            m.to_uppercase()
        );
    }

    // Every documented /api operation reaches a handler (no "no such API route", no 405).
    for (p, ops) in paths {
        if !p.starts_with("/api/") {
            continue;
        }
        for m in ops.as_object().unwrap().keys() {
            assert!(
                mounted.contains(&(m.clone(), p.clone())),
                "{} {p} is documented but not mounted",
                m.to_uppercase()
            );
            let url = t.url.clone() + &p.replace('{', "x").replace('}', "");
            let method = Method::from_bytes(m.to_uppercase().as_bytes()).unwrap();
            let r = t.http.request(method, &url).send().await.unwrap();
            assert_ne!(r.status(), StatusCode::METHOD_NOT_ALLOWED, "{m} {p}");
            let text = r.text().await.unwrap_or_default();
            assert!(!text.contains("no such API route"), "{m} {p}: {text}");
        }
        // Each operation names its responses.
        for op in ops.as_object().unwrap().values() {
            assert!(
                op["responses"].as_object().is_some_and(|r| !r.is_empty()),
                "{p}"
            );
        }
    }
    t.stop().await;
}
