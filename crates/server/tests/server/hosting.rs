//! The hosted embed `/d/{domainId}.js` and the static files.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{
    eventually, seed_domain, spawn, spawn_with, test_dirs, CSS_CORE, CSS_LISTS, LOADER_JS,
};

pub(super) fn config_for(domain: &str) -> String {
    json!({
        "userId": "u1",
        "domains": [{"id": domain, "name": "shop.example.com", "type": "PRO", "properties": {}}],
        "buttons": [],
        "actions": [],
        "conditions": [],
        "options": {"debugMode": false, "apiRoot": "https://stale.example/api"}
    })
    .to_string()
}

/// The config part of an embed response.
fn cnb_data(body: &str) -> Value {
    let rest = body
        .strip_prefix("window.CNB_DATA=")
        .expect("starts with the config");
    let (json, _) = rest.split_once(";\n").expect("config ends with ;\\n");
    serde_json::from_str(json).unwrap()
}

/// The stylesheet text an embed response carries (`window.CNB_CSS="…";`), if any.
fn cnb_css(body: &str) -> Option<String> {
    let start = body.find("\nwindow.CNB_CSS=")? + "\nwindow.CNB_CSS=".len();
    let (json, _) = body[start..].split_once(";\n").expect("ends with ;\\n");
    Some(serde_json::from_str(json).unwrap())
}

/// Publishes a config for a new domain; the domain's id and the URL of its hosted embed.
async fn published_embed(t: &crate::common::TestServer) -> (String, String) {
    let domain = seed_domain(t.store()).await;
    t.store()
        .publish_config(&domain, &config_for(&domain))
        .await
        .unwrap();
    let url = format!("{}/d/{domain}.js", t.url);
    (domain, url)
}

/// A conditional GET, as a browser holding the version `etag` sends it.
async fn revalidate(t: &crate::common::TestServer, url: &str, etag: &str) -> reqwest::Response {
    t.http
        .get(url)
        .header("If-None-Match", etag)
        .send()
        .await
        .unwrap()
}

/// A response body decoded from its content coding (none, gzip or br).
pub(super) fn decode(coding: Option<&str>, body: &[u8]) -> String {
    use std::io::Read as _;
    let mut out = String::new();
    match coding {
        None => out = String::from_utf8(body.to_vec()).unwrap(),
        Some("gzip") => {
            flate2::read::GzDecoder::new(body)
                .read_to_string(&mut out)
                .unwrap();
        }
        Some("br") => {
            brotli::Decompressor::new(body, 4096)
                .read_to_string(&mut out)
                .unwrap();
        }
        Some(other) => panic!("unexpected coding {other}"),
    }
    out
}

#[tokio::test]
async fn the_embed_carries_config_and_loader_with_an_etag() {
    let t = spawn().await;
    let (domain, url) = published_embed(&t).await;
    let r = t.http.get(&url).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let h = r.headers().clone();
    assert!(h["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/javascript"));
    // Revalidated on every page view, so a publication shows on the next one.
    assert_eq!(h["cache-control"], "public, no-cache");
    let etag = h["etag"].to_str().unwrap().to_owned();
    assert!(
        etag.starts_with('"') && etag.len() > 10,
        "strong ETag: {etag}"
    );
    let body = r.text().await.unwrap();
    assert!(body.ends_with(LOADER_JS), "the loader follows the config");
    let data = cnb_data(&body);
    assert_eq!(data["userId"], "u1");
    assert_eq!(data["options"]["apiRoot"], format!("{}/api", t.url));
    assert_eq!(
        data["options"]["cssLocation"],
        format!("{}/static/beckon.css", t.url)
    );
    assert_eq!(data["options"]["debugMode"], false);
    // The stylesheet travels with it: the core part only, as no button has a list.
    assert_eq!(cnb_css(&body).as_deref(), Some(CSS_CORE));

    // 304 for the same version.
    let r = revalidate(&t, &url, &etag).await;
    assert_eq!(r.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(r.headers()["etag"].to_str().unwrap(), etag);
    assert!(r.text().await.unwrap().is_empty());

    // A new publication changes the ETag and the content.
    let mut next: Value = serde_json::from_str(&config_for(&domain)).unwrap();
    next["userId"] = json!("u2");
    t.store()
        .publish_config(&domain, &next.to_string())
        .await
        .unwrap();
    let r = revalidate(&t, &url, &etag).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_ne!(r.headers()["etag"].to_str().unwrap(), etag);
    assert_eq!(cnb_data(&r.text().await.unwrap())["userId"], "u2");

    // So does a new loader build.
    let etag2 = t.http.get(&url).send().await.unwrap().headers()["etag"]
        .to_str()
        .unwrap()
        .to_owned();
    std::fs::write(
        t.dir.path().join("static/beckon.js"),
        "/* loader v2, a different length */\n",
    )
    .unwrap();
    let r = t.http.get(&url).send().await.unwrap();
    assert_ne!(r.headers()["etag"].to_str().unwrap(), etag2);
    assert!(r
        .text()
        .await
        .unwrap()
        .ends_with("/* loader v2, a different length */\n"));

    // The public URL, when set, wins over the Host header: covered by `embed_config`.
    let cfg =
        beckon_server::api::http::hosting::embed_config(r#"{"options":{}}"#, "https://b.example")
            .unwrap();
    assert_eq!(
        cfg,
        r#"{"options":{"apiRoot":"https://b.example/api","cssLocation":"https://b.example/static/beckon.css"}}"#
    );
    t.stop().await;
}

#[tokio::test]
async fn a_published_change_is_what_the_next_revalidation_gets() {
    let t = spawn().await;
    let (domain, url) = published_embed(&t).await;
    let first = t.http.get(&url).send().await.unwrap();
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    // A browser holding the embed asks again on the next page view, and the answer carries
    // the same revalidate-always rule on a 304 too.
    let unchanged = revalidate(&t, &url, &etag).await;
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(unchanged.headers()["cache-control"], "public, no-cache");

    let mut next: Value = serde_json::from_str(&config_for(&domain)).unwrap();
    next["userId"] = json!("published-again");
    t.store()
        .publish_config(&domain, &next.to_string())
        .await
        .unwrap();
    let changed = revalidate(&t, &url, &etag).await;
    assert_eq!(changed.status(), StatusCode::OK);
    assert_eq!(
        cnb_data(&changed.text().await.unwrap())["userId"],
        "published-again"
    );
}

#[tokio::test]
async fn a_cdn_friendly_max_age_is_opt_in() {
    let (dir, mut config) = test_dirs();
    config.embed_max_age = std::time::Duration::from_secs(300);
    let t = spawn_with(dir, config).await;
    let (_, url) = published_embed(&t).await;
    let r = t.http.get(&url).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["cache-control"], "public, max-age=300");
    let etag = r.headers()["etag"].to_str().unwrap().to_owned();
    let r = revalidate(&t, &url, &etag).await;
    assert_eq!(r.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(r.headers()["cache-control"], "public, max-age=300");
}

#[test]
fn the_embed_max_age_is_a_serve_flag() {
    use beckon_server::cli::Cli;
    use clap::Parser as _;
    let serve = |args: &[&str]| match Cli::try_parse_from(args).unwrap().command {
        beckon_server::cli::Command::Serve(a) => a.into_config(),
        _ => unreachable!("a serve command"),
    };
    assert_eq!(serve(&["beckon", "serve"]).embed_max_age.as_secs(), 0);
    let c = serve(&["beckon", "serve", "--embed-max-age", "120"]);
    assert_eq!(c.embed_max_age.as_secs(), 120);
    assert!(Cli::try_parse_from(["beckon", "serve", "--embed-max-age", "soon"]).is_err());
}

#[tokio::test]
async fn unknown_or_unpublished_domains_get_a_js_comment_404() {
    let t = spawn().await;
    let domain = seed_domain(t.store()).await; // exists, never published
    for path in [
        "/d/nope.js".to_owned(),
        format!("/d/{domain}.js"),
        "/d/nope".to_owned(),
    ] {
        let r = t.http.get(format!("{}{path}", t.url)).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/javascript"));
        let body = r.text().await.unwrap();
        assert!(
            body.starts_with("/*") && body.trim_end().ends_with("*/"),
            "{body}"
        );
    }
    t.stop().await;
}

/// A list's words in the domain's language come with the hosted embed, and only that language's:
/// the loader has English's, and loads any other the browser picks with the language's chunk.
#[tokio::test]
async fn the_embed_carries_the_list_words_of_its_domains_language_only() {
    let t = spawn().await;
    let (domain, url) = published_embed(&t).await;
    std::fs::write(
        t.dir.path().join("static/beckon-words.json"),
        r#"{"en":["Powered by Beckon","Contact options"],"fr":["Propulsé par Beckon","Moyens de contact"],"de":["Bereitgestellt von Beckon","Kontaktmöglichkeiten"]}"#,
    )
    .unwrap();
    /// Publishes a config of one button of type `ty` (its domain in `language`); the embed's text.
    async fn embed_of(
        t: &crate::common::TestServer,
        url: &str,
        domain: &str,
        ty: &str,
        language: Option<&str>,
    ) -> String {
        let mut c: Value = serde_json::from_str(&config_for(domain)).unwrap();
        c["buttons"] =
            json!([{"id": "b", "type": ty, "domain": domain, "actions": [], "conditions": []}]);
        if let Some(l) = language {
            c["domains"][0]["properties"]["language"] = json!(l);
        }
        t.store()
            .publish_config(domain, &c.to_string())
            .await
            .unwrap();
        t.http.get(url).send().await.unwrap().text().await.unwrap()
    }
    let body = embed_of(&t, &url, &domain, "MULTI", Some("fr")).await;
    assert!(
        body.contains(
            "\nwindow.CNB_WORDS={\"fr\":[\"Propulsé par Beckon\",\"Moyens de contact\"]};\n"
        ),
        "{body}"
    );
    assert!(!body.contains("Kontaktmöglichkeiten") && !body.contains("Contact options"));
    assert!(body.ends_with(LOADER_JS));
    // English is built into the loader; without a language the browser decides; single buttons
    // say no words.
    for (ty, language) in [("FULL", Some("en")), ("DOTS", None), ("SINGLE", Some("fr"))] {
        let body = embed_of(&t, &url, &domain, ty, language).await;
        assert!(!body.contains("CNB_WORDS"), "{ty} {language:?}");
    }
    t.stop().await;
}

#[tokio::test]
async fn the_embed_carries_the_stylesheet_parts_its_buttons_need() {
    let t = spawn().await;
    let (domain, url) = published_embed(&t).await;
    let with_buttons = |types: &[&str]| {
        let mut c: Value = serde_json::from_str(&config_for(&domain)).unwrap();
        c["buttons"] = types
            .iter()
            .enumerate()
            .map(|(i, ty)| json!({"id": format!("b{i}"), "type": ty, "domain": domain, "actions": [], "conditions": []}))
            .collect();
        c.to_string()
    };
    // Publishes config and returns the stylesheet text the embed then carries.
    async fn css_of(
        t: &crate::common::TestServer,
        url: &str,
        domain: &str,
        config: String,
    ) -> Option<String> {
        t.store().publish_config(domain, &config).await.unwrap();
        cnb_css(&t.http.get(url).send().await.unwrap().text().await.unwrap())
    }
    assert_eq!(
        css_of(&t, &url, &domain, with_buttons(&["SINGLE", "SINGLE"]))
            .await
            .as_deref(),
        Some(CSS_CORE)
    );
    let both = format!("{CSS_CORE}{CSS_LISTS}");
    for ty in ["FULL", "MULTI", "DOTS"] {
        assert_eq!(
            css_of(&t, &url, &domain, with_buttons(&["SINGLE", ty])).await,
            Some(both.clone()),
            "{ty}"
        );
    }
    // A widget build without the parts: the whole stylesheet; without any stylesheet, none (the
    // loader then links beckon.css).
    std::fs::remove_file(t.dir.path().join("static/beckon-lists.css")).unwrap();
    let whole = ".call-now-button{--cnb-loaded:1}\n";
    assert_eq!(
        css_of(&t, &url, &domain, with_buttons(&["MULTI"]))
            .await
            .as_deref(),
        Some(whole)
    );
    std::fs::remove_file(t.dir.path().join("static/beckon.css")).unwrap();
    let body = t.http.get(&url).send().await.unwrap().text().await.unwrap();
    assert_eq!(cnb_css(&body), None);
    assert!(body.ends_with(LOADER_JS));
    t.stop().await;
}

#[tokio::test]
async fn no_visitor_waits_for_the_best_compression_of_a_new_version() {
    let t = spawn().await;
    let (_, url) = published_embed(&t).await;
    // The first request of a version (after a publication or a restart) is answered at once, not
    // with the packed version (its ETag names the coding): compressing it with Zopfli and Brotli
    // 11 took seconds on a busy server, and the page's buttons waited that long, with no error
    // anywhere. (The response layer may still compress it on the fly, at a fast level.)
    let fetch = || {
        t.http
            .get(&url)
            .header("Accept-Encoding", "gzip, deflate, br")
            .send()
    };
    let r = fetch().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let etag = r.headers()["etag"].to_str().unwrap().to_owned();
    assert!(
        !etag.ends_with("-br\"") && !etag.ends_with("-gzip\""),
        "{r:?}"
    );
    assert_eq!(r.headers()["vary"], "accept-encoding");
    let coding = r
        .headers()
        .get("content-encoding")
        .map(|v| v.to_str().unwrap().to_owned());
    let first = decode(coding.as_deref(), &r.bytes().await.unwrap());
    assert!(first.ends_with(LOADER_JS));
    // Packed meanwhile, once: the next requests get the fewest bytes.
    let packed = eventually("the packed version", async || {
        let r = fetch().await.unwrap();
        let packed = r.headers()["etag"].to_str().unwrap().ends_with("-br\"");
        if packed {
            Some(r.bytes().await.unwrap())
        } else {
            None
        }
    })
    .await;
    assert_eq!(decode(Some("br"), &packed), first);
    t.stop().await;
}

#[tokio::test]
async fn the_embed_is_sent_compressed_at_the_best_levels() {
    let t = spawn().await;
    let (_, url) = published_embed(&t).await;
    let plain = t.http.get(&url).send().await.unwrap().text().await.unwrap();
    for (accept, coding) in [("gzip, deflate, br", "br"), ("gzip", "gzip")] {
        // Once packed (the first requests of a version are not kept waiting for it).
        let r = eventually("the packed version", async || {
            let r = t
                .http
                .get(&url)
                .header("Accept-Encoding", accept)
                .send()
                .await
                .unwrap();
            let etag = r.headers()["etag"].to_str().unwrap();
            etag.ends_with(&format!("-{coding}\"")).then_some(r)
        })
        .await;
        assert_eq!(r.headers()["content-encoding"], coding);
        assert_eq!(r.headers()["vary"], "accept-encoding");
        let etag = r.headers()["etag"].to_str().unwrap().to_owned();
        assert!(etag.ends_with(&format!("-{coding}\"")), "{etag}");
        assert_eq!(decode(Some(coding), &r.bytes().await.unwrap()), plain);
        let r = t
            .http
            .get(&url)
            .header("Accept-Encoding", accept)
            .header("If-None-Match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::NOT_MODIFIED);
    }
    t.stop().await;
}

#[tokio::test]
async fn the_embed_carries_the_loader_build_with_the_parts_its_config_uses() {
    let t = spawn().await;
    let (domain, url) = published_embed(&t).await;
    // Stand-ins for the loader builds (web/widget/build.mjs), each saying which it is.
    for parts in [
        "",
        "-lists",
        "-hours",
        "-first-screen",
        "-lists-hours",
        "-hours-first-screen",
        "-translations",
    ] {
        std::fs::write(
            t.dir.path().join(format!("static/beckon-loader{parts}.js")),
            format!("/* loader{parts} */\n"),
        )
        .unwrap();
    }
    let config = |buttons: Value, actions: Value| {
        let mut c: Value = serde_json::from_str(&config_for(&domain)).unwrap();
        c["buttons"] = buttons;
        c["actions"] = actions;
        c.to_string()
    };
    let single = |scroll: Value| json!([{"id": "b", "type": "SINGLE", "actions": ["a"], "options": {"scroll": scroll}}]);
    let multi = json!([{"id": "b", "type": "MULTI", "actions": ["a"]}]);
    let phone = |schedule: Value| json!([{"id": "a", "actionType": "PHONE", "actionValue": "1", "schedule": schedule}]);
    let always = json!({"showAlways": true});
    let by_day = json!({"showAlways": false, "hours": [{"start": "09:00", "stop": "18:00"}, null, null, null, null, null, null]});
    let pixels = json!({"revealAtHeight": 300});
    let first_screen = json!({"revealAfterFirstScreen": true});
    let loader_of = |config: String| {
        let t = &t;
        let url = url.clone();
        let domain = domain.clone();
        async move {
            t.store().publish_config(&domain, &config).await.unwrap();
            let body = t.http.get(&url).send().await.unwrap().text().await.unwrap();
            // After the config and the stylesheet lines (JSON, so without a raw newline).
            let (_, css_and_loader) = body.split_once(";\nwindow.CNB_CSS=").unwrap();
            css_and_loader.split_once(";\n").unwrap().1.to_owned()
        }
    };
    assert_eq!(
        loader_of(config(single(pixels.clone()), phone(always.clone()))).await,
        "/* loader */\n"
    );
    assert_eq!(
        loader_of(config(multi.clone(), phone(always.clone()))).await,
        "/* loader-lists */\n"
    );
    assert_eq!(
        loader_of(config(single(pixels.clone()), phone(by_day.clone()))).await,
        "/* loader-hours */\n"
    );
    assert_eq!(
        loader_of(config(single(first_screen.clone()), phone(by_day.clone()))).await,
        "/* loader-hours-first-screen */\n"
    );
    let mut translated = phone(always.clone());
    translated[0]["translations"] = json!({"fr": {"labelText": "Appelez-nous"}});
    assert_eq!(
        loader_of(config(single(pixels.clone()), translated)).await,
        "/* loader-translations */\n"
    );
    // Every part: the whole loader, beckon.js.
    let mut every = multi.clone();
    every[0]["options"] = json!({"scroll": first_screen});
    let mut every_action = phone(by_day.clone());
    every_action[0]["translations"] = json!({"fr": {"labelText": "Appelez-nous"}});
    assert_eq!(loader_of(config(every, every_action)).await, LOADER_JS);
    // A widget build without that variant: the whole loader.
    std::fs::remove_file(t.dir.path().join("static/beckon-loader-hours.js")).unwrap();
    assert_eq!(
        loader_of(config(single(pixels), phone(by_day))).await,
        LOADER_JS
    );
    t.stop().await;
}
