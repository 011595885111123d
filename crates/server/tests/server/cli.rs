//! `beckon check-config FILE` exit codes, and `beckon serve` starting and stopping on SIGTERM.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_beckon");

fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../model/tests/fixtures")
        .join(name)
}

#[test]
fn check_config_exit_codes() {
    let ok = Command::new(BIN)
        .args(["check-config"])
        .arg(fixture("demo.json"))
        .output()
        .unwrap();
    assert_eq!(ok.status.code(), Some(0), "{ok:?}");
    assert!(String::from_utf8_lossy(&ok.stdout).contains("ok"));

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, r#"{"userId": "u1", "domains": [], "buttons": [{}]}"#).unwrap();
    let out = Command::new(BIN)
        .arg("check-config")
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("buttons[0].id"), "{err}");

    let not_json = dir.path().join("x.json");
    std::fs::write(&not_json, "{").unwrap();
    let out = Command::new(BIN)
        .arg("check-config")
        .arg(&not_json)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));

    let out = Command::new(BIN)
        .arg("check-config")
        .arg(dir.path().join("missing.json"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));

    let out = Command::new(BIN).arg("check-config").output().unwrap();
    assert_eq!(out.status.code(), Some(2), "clap usage error");
}

#[test]
fn check_config_accepts_a_file_that_starts_with_a_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    let with_bom = dir.path().join("bom.json");
    let mut text = vec![0xEF, 0xBB, 0xBF];
    text.extend(std::fs::read(fixture("demo.json")).unwrap());
    std::fs::write(&with_bom, text).unwrap();
    let out = Command::new(BIN)
        .arg("check-config")
        .arg(&with_bom)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("ok"),
        "{out:?}"
    );
}

#[test]
fn serve_starts_and_stops_on_sigterm() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(BIN)
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir.path())
        .env("RUST_LOG", "info")
        .env_remove("DATABASE_URL")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let addr = loop {
        let line = lines.next().expect("server output").unwrap();
        if let Some(rest) = line.split("listening on http://").nth(1) {
            break rest.split_whitespace().next().unwrap().to_owned();
        }
    };
    let body = std::net::TcpStream::connect(&addr).map(|mut s| {
        use std::io::{Read, Write};
        write!(
            s,
            "GET /api/v1/geo?ip=1.2.3.4 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        out
    });
    assert!(body.unwrap().contains(r#""ip":"1.2.3.4""#));
    let pid = child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(dir.path().join("beckon.db").is_file());
}

/// The visitor's persona id is a credential and a chat's id names a visitor's conversation: the
/// server's log never shows the first, and the second not at INFO (the operator's usual level).
#[tokio::test]
async fn the_log_never_names_a_persona_id_and_a_channel_id_only_below_info() {
    let (log, channel, persona) = a_chat_logged_at("info").await;
    assert!(
        log.contains("chat channel created"),
        "the log was read: {log}"
    );
    assert!(!log.contains(&channel), "a channel id at INFO: {log}");
    assert!(!log.contains(&persona), "a persona id in the log: {log}");
    let (log, channel, persona) = a_chat_logged_at("debug,sqlx=warn,hyper=info,h2=info").await;
    assert!(log.contains(&channel), "DEBUG names the chat: {log}");
    assert!(!log.contains(&persona), "a persona id in the log: {log}");
}

/// `beckon serve --seed-demo` logging at `rust_log` while a visitor creates a chat, reads it and
/// takes a token, and an agent ends it: (the log, the channel id, the persona id).
async fn a_chat_logged_at(rust_log: &str) -> (String, String, String) {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(BIN)
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--seed-demo",
            "--data-dir",
        ])
        .arg(dir.path())
        .env("RUST_LOG", rust_log)
        .env_remove("DATABASE_URL")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut log = Vec::new();
    let addr = loop {
        let line = lines.next().expect("server output").unwrap();
        log.push(line.clone());
        if let Some(rest) = line.split("listening on http://").nth(1) {
            break rest.split_whitespace().next().unwrap().to_owned();
        }
    };
    let rest = std::thread::spawn(move || lines.map_while(Result::ok).collect::<Vec<_>>());
    let api = |p: &str| format!("http://{addr}/api{p}");
    let http = reqwest::Client::new();

    let created: serde_json::Value = http
        .post(api("/v1/chat/public/channels/domain/demo"))
        .json(&serde_json::json!({"name": "Ann", "email": "ann@example.com"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let channel = created["channel"]["id"].as_str().unwrap().to_owned();
    let persona = created["chatClientPersona"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    for path in [
        format!("/v1/chat/public/channel/{channel}?personaId={persona}"),
        format!("/v1/chat/public/channel/{channel}/history?personaId={persona}"),
        format!("/v1/chat/public/channel/{channel}/token?personaId={persona}"),
    ] {
        let status = http.get(api(&path)).send().await.unwrap().status();
        assert_eq!(status, 200, "{path}");
    }
    let login = http
        .post(api("/v1/auth/login"))
        .json(&serde_json::json!({"email": "agent@demo.beckon", "password": "demo"}))
        .send()
        .await
        .unwrap();
    let cookie = login.headers()["set-cookie"].to_str().unwrap();
    let cookie = cookie.split(';').next().unwrap().to_owned();
    let me: serde_json::Value = login.json().await.unwrap();
    // A first message, so that the chat reaches the agents (and can be ended by one).
    struct Child(String, reqwest::Client);
    impl crate::common::realtime::Endpoint for Child {
        fn base_url(&self) -> String {
            self.0.clone()
        }
        fn client(&self) -> &reqwest::Client {
            &self.1
        }
    }
    let child_server = Child(format!("http://{addr}"), http.clone());
    let token = crate::common::realtime::token(&child_server, &channel, &persona).await;
    let (mut visitor, _) = crate::common::realtime::Ws::visitor(&child_server, &token, None).await;
    visitor.say("v-1", "Hello").await;
    let ended = http
        .post(api(&format!("/v1/agent/channels/{channel}/end")))
        .header("cookie", cookie)
        .header("x-beckon-csrf", me["csrfToken"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert!(ended.status().is_success());

    assert!(Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap()
        .success());
    assert!(child.wait().unwrap().success());
    log.extend(rest.join().unwrap());
    (log.join("\n"), channel, persona)
}
