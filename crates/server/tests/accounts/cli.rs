//! `beckon user add` and `beckon seed-demo` through the built binary.

use std::io::Write as _;
use std::process::{Command, Stdio};

use reqwest::StatusCode;
use serde_json::Value;

use super::*;
use crate::common::{spawn_with, test_dirs};

const BIN: &str = env!("CARGO_BIN_EXE_beckon");

fn beckon(args: &[&str], data_dir: &std::path::Path, stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .arg("--data-dir")
        .arg(data_dir)
        .env_remove("DATABASE_URL")
        .env_remove("BECKON_DATA_DIR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the beckon binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test]
async fn user_add_creates_the_first_owner_and_then_agents() {
    let (dir, config) = test_dirs();
    let data = config.data_dir.clone();
    let add = |email: &str, role: &str, extra: &[&str], pw: &str| {
        let mut args = vec![
            "user", "add", "--email", email, "--name", "Ann", "--role", role,
        ];
        args.extend_from_slice(extra);
        beckon(&args, &data, pw)
    };
    let (code, _, err) = add("ann@shop.test", "owner", &[], "whatever1\n");
    assert_eq!(code, 2, "--password-stdin is required: {err}");
    let (code, _, err) = add("ann@shop.test", "owner", &["--password-stdin"], "short\n");
    assert_eq!(code, 1);
    assert!(err.contains("password"), "{err}");
    let (code, out, err) = add(
        "Ann@Shop.test",
        "owner",
        &["--org", "Shop Ltd", "--password-stdin"],
        "owner password\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("owner ann@shop.test") && out.contains("\"Shop Ltd\""),
        "{out}"
    );
    let (code, _, err) = add(
        "ann@shop.test",
        "owner",
        &["--password-stdin"],
        "owner password\n",
    );
    assert_eq!(code, 1);
    assert!(err.contains("exists"), "{err}");
    // The only organisation is the default for agents.
    let (code, out, err) = add(
        "bob@shop.test",
        "agent",
        &["--password-stdin"],
        "agent password\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Shop Ltd"), "{out}");
    let (code, _, err) = add(
        "cy@shop.test",
        "agent",
        &["--org", "Nope", "--password-stdin"],
        "agent password\n",
    );
    assert_eq!(code, 1);
    assert!(err.contains("no organisation"), "{err}");

    let t = spawn_with(dir, config).await;
    let owner = login(&t, "ann@shop.test", "owner password").await;
    assert_eq!(owner.me["user"]["role"], "owner");
    let agent = login(&t, "bob@shop.test", "agent password").await;
    assert_eq!(agent.me["user"]["orgId"], owner.me["user"]["orgId"]);
    t.stop().await;
}

#[tokio::test]
async fn seed_demo_is_idempotent_and_says_demo_only() {
    let (dir, config) = test_dirs();
    let data = config.data_dir.clone();
    let (code, out, err) = beckon(&["seed-demo"], &data, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("DEMO ONLY"), "{out}");
    assert!(out.contains("owner@demo.beckon") && out.contains("agent@demo.beckon"));
    assert!(out.contains("password: demo"), "{out}");
    let (code, _, err) = beckon(&["seed-demo"], &data, "");
    assert_eq!(code, 0, "{err}");

    let t = spawn_with(dir, config).await;
    let owner = login(&t, "owner@demo.beckon", "demo").await;
    let domains = body(owner.get("/v1/owner/domains").await).await;
    let list = domains["domains"].as_array().unwrap();
    assert_eq!(list.len(), 1);
    let d = &list[0];
    assert_eq!(d["id"], "demo");
    assert_eq!(d["name"], "localhost");
    assert_eq!(d["aliases"], serde_json::json!(["127.0.0.1"]));
    assert_eq!(
        d["config"]["publishedVersion"], 1,
        "a second seed publishes nothing new"
    );
    assert_eq!(d["config"]["unpublishedChanges"], false);
    let config: Value = body(owner.get("/v1/owner/domains/demo/config").await).await;
    assert!(beckon_model::validate_value(&config).is_ok());
    assert_eq!(config["domains"][0]["id"], "demo");
    assert!(config["buttons"]
        .as_array()
        .unwrap()
        .iter()
        .all(|b| b["domainId"] == "demo"));
    let agent = login(&t, "agent@demo.beckon", "demo").await;
    assert_eq!(agent.me["user"]["role"], "agent");
    let r = t
        .http
        .get(format!("{}/d/demo.js", t.url))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    t.stop().await;
}
