//! Files sent in chats (docs/attachments.md): uploads on both sides, the URL as the file's
//! capability, the headers files are served with, the domain's limits, and the attacks: other
//! chats' files, forged and foreign URLs, hostile SVG and HTML, a type lied about, a file too
//! large for the limit (its partial bytes removed).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::realtime::{
    add_agent, add_owner, call_as, greet, login, new_chat, seed, spawn, Ws, T,
};

pub(crate) const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\0\x05\0\x01\xff\x89\x99=\x1d\0\0\0\0IEND\xaeB`\x82";
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
const SVG: &[u8] =
    b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(document.cookie)</script></svg>";
const HTML: &[u8] = b"<html><body><script>alert(document.cookie)</script></body></html>";

/// A multipart/form-data body with one `file` field: (content type, body).
pub(crate) fn form(name: &str, claimed_type: &str, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "----beckon-test-boundary-7d3f";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n\
         Content-Type: {claimed_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// The visitor's upload: (status, JSON body).
pub(crate) async fn visitor_upload(
    t: &T,
    channel: &str,
    persona: &str,
    name: &str,
    claimed: &str,
    bytes: &[u8],
) -> (StatusCode, Value) {
    let (ct, body) = form(name, claimed, bytes);
    let r = t
        .http
        .post(t.api(&format!(
            "/v1/chat/public/channel/{channel}/attachments?personaId={persona}"
        )))
        .header("content-type", ct)
        .body(body)
        .send()
        .await
        .unwrap();
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

async fn agent_upload(
    t: &T,
    login: &(String, String),
    channel: &str,
    name: &str,
    bytes: &[u8],
) -> (StatusCode, Value) {
    let (ct, body) = form(name, "application/octet-stream", bytes);
    let r = t
        .http
        .post(t.api(&format!("/v1/agent/channels/{channel}/attachments")))
        .header("cookie", &login.0)
        .header("x-beckon-csrf", &login.1)
        .header("content-type", ct)
        .body(body)
        .send()
        .await
        .unwrap();
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

async fn fetch(t: &T, url: &str) -> reqwest::Response {
    t.http.get(url).send().await.unwrap()
}

fn header<'a>(r: &'a reqwest::Response, name: &str) -> &'a str {
    r.headers()
        .get(name)
        .map(|v| v.to_str().unwrap())
        .unwrap_or("")
}

/// A shop with an agent (logged in) and an owner (logged in): (domain, agent login, owner login).
async fn shop(t: &T) -> (String, (String, String), (String, String)) {
    let (domain, org) = seed(t.store()).await;
    add_agent(t.store(), &org, "agent@shop.test", "Ada").await;
    add_owner(t.store(), &org, "owner@shop.test", "Olga").await;
    let agent = login(t, "agent@shop.test").await;
    let owner = login(t, "owner@shop.test").await;
    (domain, agent, owner)
}

fn files_dir(t: &T) -> std::path::PathBuf {
    t.dir.path().join("data").join("attachments")
}

/// Every file under the local store.
fn stored_files(t: &T) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            if e.path().is_dir() {
                walk(&e.path(), out);
            } else {
                out.push(e.path());
            }
        }
    }
    let mut out = Vec::new();
    walk(&files_dir(t), &mut out);
    out
}

#[tokio::test]
async fn a_visitor_sends_a_picture_and_the_agent_a_pdf() {
    let t = spawn().await;
    let (domain, agent, _) = shop(&t).await;
    let (channel, persona, token) = new_chat(&t, &domain, "Ann").await;

    // The visitor's picture: its type from the bytes, not from the claim.
    let (status, a) = visitor_upload(
        &t,
        &channel,
        &persona,
        "../../holiday.png",
        "text/html",
        PNG,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{a}");
    assert_eq!(a["type"], "image/png");
    assert_eq!(a["name"], "holiday.png");
    assert_eq!(a["size"], PNG.len());
    let url = a["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with(&format!("{}/files/", t.url)), "{url}");

    let r = fetch(&t, &url).await;
    assert_eq!(r.status(), 200);
    assert_eq!(header(&r, "content-type"), "image/png");
    assert!(header(&r, "content-disposition").starts_with("inline;"));
    assert_eq!(header(&r, "x-content-type-options"), "nosniff");
    assert_eq!(
        header(&r, "content-security-policy"),
        "sandbox; default-src 'none'"
    );
    assert_eq!(r.bytes().await.unwrap().as_ref(), PNG);

    // Sent over the socket; whatever type and name the visitor claims, the upload's are kept.
    let (mut ws, _) = Ws::visitor(&t, &token, None).await;
    ws.send(
        json!({"op": "chat-message", "clientId": "v1", "message": "",
        "attachments": [{"type": "text/html", "url": url, "name": "evil.exe"}]}),
    )
    .await;
    let ack = ws.recv_op("ack").await;
    assert!(
        ack.get("messageId").is_some() || ack.get("id").is_some(),
        "{ack}"
    );

    // The agent reads it in the history, and replies with a PDF over HTTP.
    let (_, h) = call_as(
        &t,
        &agent,
        reqwest::Method::GET,
        &format!("/v1/agent/channels/{channel}/messages"),
        None,
    )
    .await;
    let att = &h["messages"][0]["attachments"][0];
    assert_eq!(
        att,
        &json!({"type": "image/png", "url": url, "name": "holiday.png", "size": PNG.len()})
    );

    let (status, pdf) = agent_upload(&t, &agent, &channel, "Price list.pdf", PDF).await;
    assert_eq!(status, StatusCode::CREATED, "{pdf}");
    assert_eq!(pdf["type"], "application/pdf");
    let (status, reply) = call_as(
        &t,
        &agent,
        reqwest::Method::POST,
        &format!("/v1/agent/channels/{channel}/messages"),
        Some(json!({"clientId": "a1", "text": "", "attachments": [pdf]})),
    )
    .await;
    assert_eq!(status, 201, "{reply}");
    assert_eq!(reply["message"]["attachments"][0], pdf);

    let r = fetch(&t, pdf["url"].as_str().unwrap()).await;
    assert_eq!(r.status(), 200);
    assert_eq!(header(&r, "content-type"), "application/pdf");
    assert_eq!(
        header(&r, "content-disposition"),
        "attachment; filename=\"Price list.pdf\"; filename*=UTF-8''Price%20list%2Epdf"
    );
    assert_eq!(r.bytes().await.unwrap().as_ref(), PDF);
    t.stop().await;
}

#[tokio::test]
async fn messages_carry_only_files_of_their_own_chat() {
    let t = spawn().await;
    let (domain, agent, _) = shop(&t).await;
    let (ann, ann_p, ann_token) = new_chat(&t, &domain, "Ann").await;
    let (bob, bob_p, _) = new_chat(&t, &domain, "Bob").await;
    greet(&t, &ann, &ann_p).await;
    greet(&t, &bob, &bob_p).await;
    let (_, bobs) = visitor_upload(&t, &bob, &bob_p, "bob.png", "image/png", PNG).await;
    let bobs_url = bobs["url"].as_str().unwrap().to_owned();

    let (mut ws, _) = Ws::visitor(&t, &ann_token, None).await;
    let forged = bobs_url.replacen("/files/", "/files/x", 1);
    let elsewhere = bobs_url.replacen(&t.url, "https://evil.example", 1);
    for (i, url) in [
        "https://evil.example/x.png",
        bobs_url.as_str(),
        forged.as_str(),
        elsewhere.as_str(),
    ]
    .into_iter()
    .enumerate()
    {
        ws.send(
            json!({"op": "chat-message", "clientId": format!("c{i}"), "message": "look",
            "attachments": [{"type": "image/png", "url": url, "name": "x.png"}]}),
        )
        .await;
        let e = ws.recv_op("error").await;
        assert_eq!(e["code"], 400, "{url}: {e}");
        assert!(
            e["error"]
                .as_str()
                .unwrap()
                .contains("not a file uploaded to this chat"),
            "{e}"
        );
    }
    // The agent cannot put Bob's file into Ann's chat either.
    let (status, body) = call_as(
        &t,
        &agent,
        reqwest::Method::POST,
        &format!("/v1/agent/channels/{ann}/messages"),
        Some(json!({"clientId": "a1", "text": "here", "attachments": [bobs]})),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    // Ann's own persona cannot upload into Bob's chat.
    let (status, _) = visitor_upload(&t, &bob, &ann_p, "x.png", "image/png", PNG).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        t.store().get_channel(&ann).await.unwrap().last_seq == 1,
        "nothing stored after the greeting"
    );
    t.stop().await;
}

#[tokio::test]
async fn forged_and_foreign_file_urls_are_not_found() {
    let t = spawn().await;
    let (domain, _, _) = shop(&t).await;
    let (a, ap, _) = new_chat(&t, &domain, "Ann").await;
    let (b, bp, _) = new_chat(&t, &domain, "Bob").await;
    let (_, fa) = visitor_upload(&t, &a, &ap, "a.png", "image/png", PNG).await;
    let (_, fb) = visitor_upload(&t, &b, &bp, "b.png", "image/png", PNG).await;
    let (ua, ub) = (fa["url"].as_str().unwrap(), fb["url"].as_str().unwrap());
    let seg = |u: &str, i: usize| u.split('/').nth(i).unwrap().to_owned();
    // /files/{id}/{mac}/{name}: segments 4, 5, 6 of the absolute URL.
    let (ida, maca, idb, macb) = (seg(ua, 4), seg(ua, 5), seg(ub, 4), seg(ub, 5));
    for path in [
        format!("/files/{idb}/{maca}/b.png"),
        format!("/files/{ida}/{macb}/a.png"),
        format!("/files/{ida}/AAAAAAAAAAAAAAAAAAAAAA/a.png"),
        format!("/files/{ida}/{maca}"),
        format!("/files/nonexistent/{maca}/a.png"),
    ] {
        let r = fetch(&t, &format!("{}{path}", t.url)).await;
        assert_eq!(r.status(), 404, "{path}");
    }
    // The name is only what the file is saved as.
    let r = fetch(&t, &format!("{}/files/{ida}/{maca}/other.png", t.url)).await;
    assert_eq!(r.status(), 200);
    t.stop().await;
}

#[tokio::test]
async fn hostile_files_are_served_inert_and_types_are_read_from_the_bytes() {
    let t = spawn().await;
    let (domain, _, owner) = shop(&t).await;
    let (c, p, _) = new_chat(&t, &domain, "Mallory").await;
    // By default neither SVG nor HTML is accepted, whatever the file says it is.
    let (status, e) = visitor_upload(&t, &c, &p, "cat.png", "image/png", HTML).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("type not allowed: text/html"),
        "{e}"
    );
    let (status, _) = visitor_upload(&t, &c, &p, "cat.svg", "image/svg+xml", SVG).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(stored_files(&t).is_empty());

    // An owner who allows them gets them served as downloads in a sandbox.
    let (status, l) = call_as(
        &t,
        &owner,
        reqwest::Method::PUT,
        &format!("/v1/owner/domains/{domain}/attachments"),
        Some(json!({"maxBytes": 1_000_000, "types": ["image/png", "image/svg+xml", "text/html"]})),
    )
    .await;
    assert_eq!(status, 200, "{l}");
    for (name, bytes, detected) in [
        ("cat.svg", SVG, "image/svg+xml"),
        ("cat.png", HTML, "text/html"),
    ] {
        let (status, a) = visitor_upload(&t, &c, &p, name, "image/png", bytes).await;
        assert_eq!(status, StatusCode::CREATED, "{a}");
        assert_eq!(a["type"], detected);
        let r = fetch(&t, a["url"].as_str().unwrap()).await;
        assert_eq!(r.status(), 200);
        assert_eq!(header(&r, "content-type"), detected);
        assert!(
            header(&r, "content-disposition").starts_with("attachment;"),
            "{name}"
        );
        assert_eq!(
            header(&r, "content-security-policy"),
            "sandbox; default-src 'none'"
        );
        assert_eq!(header(&r, "x-content-type-options"), "nosniff");
    }
    t.stop().await;
}

#[tokio::test]
async fn a_file_over_the_limit_is_refused_and_its_bytes_removed() {
    let t = spawn().await;
    let (domain, agent, owner) = shop(&t).await;
    let (c, p, _) = new_chat(&t, &domain, "Ann").await;
    greet(&t, &c, &p).await;
    // What the widget and the console read to check before uploading.
    let limits = t
        .get_json(&format!(
            "/v1/chat/public/channel/{c}/attachments?personaId={p}"
        ))
        .await;
    assert_eq!(limits["maxBytes"], 10 * 1024 * 1024);
    assert!(limits["types"]
        .as_array()
        .unwrap()
        .contains(&json!("image/png")));
    let (_, l2) = call_as(
        &t,
        &agent,
        reqwest::Method::GET,
        &format!("/v1/agent/channels/{c}/attachments"),
        None,
    )
    .await;
    assert_eq!(limits, l2);

    // 11 MB against the default 10 MB.
    let mut big = PNG.to_vec();
    big.resize(11 * 1024 * 1024, 0);
    let (status, e) = visitor_upload(&t, &c, &p, "big.png", "image/png", &big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(e["error"], "too large: at most 10 MB");

    // Without a Content-Length to go by (chunked), the bytes are counted as they come and
    // what was written is removed.
    let (status, _) = call_as(
        &t,
        &owner,
        reqwest::Method::PUT,
        &format!("/v1/owner/domains/{domain}/attachments"),
        Some(json!({"maxBytes": 300 * 1024, "types": ["image/png"]})),
    )
    .await;
    assert_eq!(status, 200);
    big.truncate(1024 * 1024);
    let (ct, body) = form("big.png", "image/png", &big);
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> =
        body.chunks(64 * 1024).map(|c| Ok(c.to_vec())).collect();
    let r = t
        .http
        .post(t.api(&format!(
            "/v1/chat/public/channel/{c}/attachments?personaId={p}"
        )))
        .header("content-type", ct)
        .body(reqwest::Body::wrap_stream(futures_util::stream::iter(
            chunks,
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let e: Value = r.json().await.unwrap();
    assert_eq!(e["error"], "too large: at most 300 KB");
    assert!(stored_files(&t).is_empty(), "{:?}", stored_files(&t));

    // Bad limits are refused, each problem named.
    let (status, e) = call_as(
        &t,
        &owner,
        reqwest::Method::PUT,
        &format!("/v1/owner/domains/{domain}/attachments"),
        Some(json!({"maxBytes": 0, "types": ["image/png; evil"]})),
    )
    .await;
    assert_eq!(status, 422, "{e}");
    assert_eq!(e["problems"].as_array().unwrap().len(), 2);
    // An agent is no owner.
    let (status, _) = call_as(
        &t,
        &agent,
        reqwest::Method::PUT,
        &format!("/v1/owner/domains/{domain}/attachments"),
        Some(json!({"maxBytes": 10, "types": []})),
    )
    .await;
    assert_eq!(status, 403);
    t.stop().await;
}

#[tokio::test]
async fn uploads_need_the_session_and_csrf_and_files_go_with_their_domain() {
    let t = spawn().await;
    let (domain, agent, owner) = shop(&t).await;
    let (c, p, _) = new_chat(&t, &domain, "Ann").await;
    let (status, _) = agent_upload(&t, &(agent.0.clone(), String::new()), &c, "a.pdf", PDF).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = agent_upload(&t, &(String::new(), String::new()), &c, "a.pdf", PDF).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // Another organisation's agent: no such chat.
    let other = t.store().create_organisation("Other Ltd").await.unwrap();
    add_agent(t.store(), &other.id, "eve@other.test", "Eve").await;
    let eve = login(&t, "eve@other.test").await;
    let (status, _) = agent_upload(&t, &eve, &c, "a.pdf", PDF).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call_as(
        &t,
        &eve,
        reqwest::Method::GET,
        &format!("/v1/agent/channels/{c}/attachments"),
        None,
    )
    .await;
    assert_eq!(status, 404);

    let (_, a) = visitor_upload(&t, &c, &p, "a.png", "image/png", PNG).await;
    let url = a["url"].as_str().unwrap().to_owned();
    assert_eq!(fetch(&t, &url).await.status(), 200);
    assert_eq!(stored_files(&t).len(), 1);
    let (status, _) = call_as(
        &t,
        &owner,
        reqwest::Method::DELETE,
        &format!("/v1/owner/domains/{domain}"),
        None,
    )
    .await;
    assert_eq!(status, 204);
    assert_eq!(fetch(&t, &url).await.status(), 404);
    assert!(stored_files(&t).is_empty());
    t.stop().await;
}

/// Several instances (`--attachments-url s3://…`) share one S3-compatible store: a file uploaded
/// through one is served by the other, and removing the domain removes its objects.
#[tokio::test]
#[cfg_attr(
    not(all(beckon_test_postgres, beckon_test_redis)),
    ignore = "needs DATABASE_URL_TEST and REDIS_URL_TEST"
)]
async fn instances_share_files_through_s3() {
    use crate::common::node::Cluster;
    use crate::common::realtime::Endpoint as _;
    use crate::common::s3_server::S3Server;

    let s3 = S3Server::start("beckon").await;
    let c = Cluster::new().await;
    let env = s3.env("beckon", "chat-files");
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (a, b) = (c.node_with("a", &env), c.node_with("b", &env));
    let (domain, org) = seed(c.store()).await;
    add_owner(c.store(), &org, "owner@shop.test", "Olga").await;
    let (channel, persona, _) = new_chat(&a, &domain, "Ann").await;

    let (ct, body) = form("holiday.png", "image/png", PNG);
    let r = a
        .client()
        .post(a.api(&format!(
            "/v1/chat/public/channel/{channel}/attachments?personaId={persona}"
        )))
        .header("content-type", ct)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED, "{}", a.log());
    let att: Value = r.json().await.unwrap();
    let url = att["url"].as_str().unwrap();
    let objects = s3.objects();
    assert_eq!(objects.len(), 1, "{objects:?}");
    assert!(objects[0].starts_with(
        s3.root
            .join("beckon/chat-files")
            .join(&domain)
            .join(&channel)
    ));

    // Served by the other instance.
    let on_b = url.replacen(&a.base_url(), &b.base_url(), 1);
    assert_ne!(on_b, url);
    let r = b.client().get(&on_b).send().await.unwrap();
    assert_eq!(r.status(), 200, "{}", b.log());
    assert_eq!(r.headers()["content-type"], "image/png");
    assert_eq!(r.bytes().await.unwrap().as_ref(), PNG);

    // The domain removed on B: its objects go, its URLs answer 404 on both.
    let owner = login(&b, "owner@shop.test").await;
    let (status, _) = call_as(
        &b,
        &owner,
        reqwest::Method::DELETE,
        &format!("/v1/owner/domains/{domain}"),
        None,
    )
    .await;
    assert_eq!(status, 204);
    assert!(s3.objects().is_empty(), "{:?}", s3.objects());
    assert_eq!(a.client().get(url).send().await.unwrap().status(), 404);
    c.finish().await;
}

#[tokio::test]
async fn a_visitor_address_uploads_twenty_files_then_waits() {
    let t = spawn().await;
    let (domain, _, _) = shop(&t).await;
    let (c, p, _) = new_chat(&t, &domain, "Ann").await;
    for i in 0..20 {
        let (status, _) = visitor_upload(&t, &c, &p, &format!("{i}.png"), "image/png", PNG).await;
        assert_eq!(status, StatusCode::CREATED, "upload {i}");
    }
    let (status, e) = visitor_upload(&t, &c, &p, "21.png", "image/png", PNG).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(e["retryAfter"].as_u64().unwrap() >= 1, "{e}");
    assert!(e["error"]
        .as_str()
        .unwrap()
        .starts_with("too many files from this address"));
    t.stop().await;
}
