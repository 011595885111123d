//! The static files (`/static/…`) and the front page: caching, compression, confinement.

use reqwest::StatusCode;

use super::hosting::{config_for, decode};
use crate::common::{spawn, LOADER_JS};

#[tokio::test]
async fn static_files_are_cached_compressed_and_confined() {
    let t = spawn().await;
    let get = |path: &str| t.http.get(format!("{}/static/{path}", t.url));

    let r = get("beckon.js").send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["cache-control"], "public, max-age=300");
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/javascript"));
    // Customer pages on other origins import the lazy chunks (a CORS request).
    assert_eq!(r.headers()["access-control-allow-origin"], "*");
    let etag = r.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(r.text().await.unwrap(), LOADER_JS);
    let r = get("beckon.js")
        .header("If-None-Match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_MODIFIED);

    let r = get("beckon.css").send().await.unwrap();
    assert!(r.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/css"));

    // Hashed names: a year, immutable; compressed when asked.
    let r = get("chat-5XKQ2ABC.js")
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        r.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(r.headers()["content-encoding"], "gzip");
    let r = get("chat-5XKQ2ABC.js")
        .header("Accept-Encoding", "br")
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["content-encoding"], "br");

    // Audio.
    let r = get("audio/message-sent-all.webm").send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["content-type"], "audio/webm");
    assert_eq!(&r.bytes().await.unwrap()[..], b"\x1a\x45\xdf\xa3webm");

    // Nothing outside the folders, nothing hidden, nothing missing.
    std::fs::write(t.dir.path().join("outside.txt"), "secret").unwrap();
    for path in [
        "../outside.txt",
        "%2e%2e/outside.txt",
        ".hidden",
        "missing.js",
        "audio/",
    ] {
        let r = get(path).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{path}");
    }
    t.stop().await;
}

#[tokio::test]
async fn the_front_page_shows_the_demo_domain_when_published() {
    let t = spawn().await;
    let page = t
        .http
        .get(&t.url)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("Beckon is running") && !page.contains("/d/demo.js"));
    let config = config_for("demo");
    beckon_server::service::seed::demo_domain(t.store(), &config)
        .await
        .unwrap();
    let again = beckon_server::service::seed::demo_domain(t.store(), &config)
        .await
        .unwrap();
    assert_eq!(again.name, "localhost");
    assert_eq!(t.store().get_published("demo").await.unwrap().version, 1);
    let page = t
        .http
        .get(&t.url)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains(r#"<script async src="/d/demo.js"></script>"#));
    assert!(
        page.contains("<h1>Beckon demo</h1>"),
        "the demo page of web/demo"
    );
    t.stop().await;
}

#[tokio::test]
async fn precompressed_siblings_are_served_as_built_and_stale_ones_ignored() {
    use std::io::Write as _;
    let (dir, config) = crate::common::test_dirs();
    let js = "export default function extras(){return 'Beckon'}\n".repeat(40);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(js.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let mut br = Vec::new();
    {
        let mut w = brotli::CompressorWriter::new(&mut br, 4096, 11, 22);
        w.write_all(js.as_bytes()).unwrap();
    }
    let stat = config.static_dir.clone();
    std::fs::write(stat.join("beckon-extras.js"), &js).unwrap();
    std::fs::write(stat.join("beckon-extras.js.gz"), &gz).unwrap();
    std::fs::write(stat.join("beckon-extras.js.br"), &br).unwrap();
    // A sibling left from an older build: it decodes to other bytes.
    let css = ".call-now-button{--cnb-loaded:1}\n".repeat(4);
    std::fs::write(stat.join("beckon.css"), &css).unwrap();
    let mut old = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    old.write_all(b".old{}").unwrap();
    std::fs::write(stat.join("beckon.css.gz"), old.finish().unwrap()).unwrap();
    let t = crate::common::spawn_with(dir, config).await;
    let get = |path: &str, accept: &str| {
        t.http
            .get(format!("{}/static/{path}", t.url))
            .header("Accept-Encoding", accept)
    };

    let r = get("beckon-extras.js", "gzip, deflate, br, zstd")
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["content-encoding"], "br");
    assert_eq!(r.headers()["vary"], "accept-encoding");
    let etag = r.headers()["etag"].to_str().unwrap().to_owned();
    assert!(etag.ends_with("-br\""), "{etag}");
    assert_eq!(
        r.bytes().await.unwrap().as_ref(),
        br.as_slice(),
        "the .br file as built"
    );
    let r = get("beckon-extras.js", "br")
        .header("If-None-Match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_MODIFIED);

    let r = get("beckon-extras.js", "gzip").send().await.unwrap();
    assert_eq!(r.headers()["content-encoding"], "gzip");
    assert_ne!(r.headers()["etag"].to_str().unwrap(), etag);
    assert_eq!(
        r.bytes().await.unwrap().as_ref(),
        gz.as_slice(),
        "the .gz file as built"
    );

    let r = get("beckon-extras.js", "identity").send().await.unwrap();
    assert!(r.headers().get("content-encoding").is_none());
    assert_eq!(r.text().await.unwrap(), js);

    // The stale sibling is not sent: whatever the coding, the body is today's stylesheet.
    let r = get("beckon.css", "gzip").send().await.unwrap();
    let coded = r
        .headers()
        .get("content-encoding")
        .map(|v| v.to_str().unwrap().to_owned());
    let plain = decode(coded.as_deref(), &r.bytes().await.unwrap());
    assert_eq!(plain, css);
    t.stop().await;
}
