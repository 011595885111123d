//! The console under `/console/`: the app's files, the SPA fallback, caching; and the API
//! reference at `/api/docs`, a page of the console's build.

use reqwest::StatusCode;

use crate::common::{spawn_with, test_dirs};

const INDEX: &str = "<!doctype html><title>Beckon console</title><script src=\"/console/assets/index-B3xk9aZ1.js\"></script>";

#[tokio::test]
async fn the_console_is_served_with_a_fallback_to_its_index() {
    let (dir, mut config) = test_dirs();
    let console = dir.path().join("console");
    std::fs::create_dir_all(console.join("assets")).unwrap();
    std::fs::write(console.join("index.html"), INDEX).unwrap();
    std::fs::write(console.join("assets/index-B3xk9aZ1.js"), "console.log(1)\n").unwrap();
    config.console_dir = console;
    let t = spawn_with(dir, config).await;
    let no_redirect = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();

    let r = no_redirect
        .get(format!("{}/console", t.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(r.headers()["location"], "/console/");

    // The entry document and any app path (a reload on a chat) answer the index, revalidated.
    for path in [
        "/console/",
        "/console/inbox/c-1",
        "/console/domains/d-1/buttons",
    ] {
        let r = t.http.get(format!("{}{path}", t.url)).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::OK, "{path}");
        assert_eq!(r.headers()["cache-control"], "no-cache", "{path}");
        assert!(r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html"));
        assert_eq!(r.text().await.unwrap(), INDEX, "{path}");
    }

    // Hashed assets are immutable; a missing asset is a 404, never the HTML.
    let r = t
        .http
        .get(format!("{}/console/assets/index-B3xk9aZ1.js", t.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        r.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/javascript"));
    let r = t
        .http
        .get(format!("{}/console/assets/gone-C0ffee12.js", t.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    // A build without the service worker: 404, so a browser drops the old worker.
    let r = t
        .http
        .get(format!("{}/console/sw.js", t.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    // No way out of the console's directory.
    let r = t
        .http
        .get(format!("{}/console/..%2F..%2Fdata%2Fsecret", t.url))
        .send()
        .await
        .unwrap();
    assert!(
        !r.text().await.unwrap().contains("secret"),
        "path traversal"
    );
    t.stop().await;
}

#[tokio::test]
async fn an_unbuilt_console_says_how_to_build_it() {
    let (dir, mut config) = test_dirs();
    config.console_dir = dir.path().join("no-console-here");
    let t = spawn_with(dir, config).await;
    let r = t
        .http
        .get(format!("{}/console/", t.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(r.text().await.unwrap().contains("make build"));
    t.stop().await;
}

#[tokio::test]
async fn the_api_reference_is_the_console_builds_page_at_api_docs() {
    const PAGE: &str = "<!doctype html><title>Beckon API</title><script src=\"/console/assets/api-docs-Ab12Cd34.js\"></script>";
    let (dir, mut config) = test_dirs();
    let console = dir.path().join("console");
    std::fs::create_dir_all(&console).unwrap();
    std::fs::write(console.join("index.html"), INDEX).unwrap();
    std::fs::write(console.join("api-docs.html"), PAGE).unwrap();
    config.console_dir = console;
    let t = spawn_with(dir, config).await;
    let r = t
        .http
        .get(format!("{}/api/docs", t.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["cache-control"], "no-cache");
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    // The console's policy: its script from this server only, the document fetched from it.
    let csp = r.headers()["content-security-policy"].to_str().unwrap();
    assert!(
        csp.contains("script-src 'self';")
            && csp.contains("connect-src 'self';")
            && csp.ends_with("frame-ancestors 'none'"),
        "{csp}"
    );
    assert_eq!(r.text().await.unwrap(), PAGE);
    let r = t
        .http
        .get(format!("{}/api/openapi.json", t.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let doc: serde_json::Value = r.json().await.unwrap();
    assert!(
        doc["paths"]["/api/docs"]["get"].is_object(),
        "the page documents itself"
    );
    t.stop().await;

    // Without a console build there is no page, and the answer says how to build it.
    let (dir, mut config) = test_dirs();
    config.console_dir = dir.path().join("no-console-here");
    let t = spawn_with(dir, config).await;
    let r = t
        .http
        .get(format!("{}/api/docs", t.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(r.text().await.unwrap().contains("make build"));
    t.stop().await;
}

#[tokio::test]
async fn security_headers_lock_the_console_down_and_leave_the_widget_open_to_any_site() {
    let (dir, mut config) = test_dirs();
    let console = dir.path().join("console");
    std::fs::create_dir_all(console.join("assets")).unwrap();
    std::fs::write(console.join("index.html"), INDEX).unwrap();
    std::fs::write(
        console.join("preview.html"),
        "<!doctype html><title>p</title>",
    )
    .unwrap();
    config.console_dir = console;
    let t = spawn_with(dir, config).await;
    let domain = crate::common::seed_domain(t.store()).await;
    let get = |path: String| {
        let http = t.http.clone();
        let url = format!("{}{path}", t.url);
        async move { http.get(url).send().await.unwrap() }
    };
    let header = |r: &reqwest::Response, name: &str| {
        r.headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_owned())
    };

    // The console: no inline script, talks only to this server, framed by nobody.
    for path in ["/console/", "/console/inbox/c-1"] {
        let r = get(path.into()).await;
        let csp = header(&r, "content-security-policy").expect("a CSP");
        for part in [
            "script-src 'self';",
            "connect-src 'self';",
            "object-src 'none'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(part), "{path}: {part} in {csp}");
        }
        assert!(!csp.contains("unsafe-eval"), "{csp}");
        assert_eq!(header(&r, "x-frame-options").as_deref(), Some("DENY"));
        assert_eq!(
            header(&r, "referrer-policy").as_deref(),
            Some("same-origin")
        );
        assert_eq!(
            header(&r, "x-content-type-options").as_deref(),
            Some("nosniff")
        );
    }
    // Its preview is framed by the console only.
    let r = get("/console/preview.html".into()).await;
    assert_eq!(r.status(), StatusCode::OK);
    let csp = header(&r, "content-security-policy").unwrap();
    assert!(csp.contains("frame-ancestors 'self'"), "{csp}");
    assert_eq!(header(&r, "x-frame-options").as_deref(), Some("SAMEORIGIN"));

    // The widget's files, the hosted embed and the API run on or for any site: nosniff and a
    // referrer policy, but no CSP or framing rule of the console's.
    for path in [
        "/static/beckon.js".to_owned(),
        format!("/d/{domain}.js"),
        format!("/api/v1/chat/public/channels/available/{domain}"),
        "/api/v1/no-such-route".to_owned(),
        "/".to_owned(),
    ] {
        let r = get(path.clone()).await;
        assert_eq!(
            header(&r, "x-content-type-options").as_deref(),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            header(&r, "referrer-policy").as_deref(),
            Some("strict-origin-when-cross-origin"),
            "{path}"
        );
        assert_eq!(header(&r, "content-security-policy"), None, "{path}");
        assert_eq!(header(&r, "x-frame-options"), None, "{path}");
    }
}
