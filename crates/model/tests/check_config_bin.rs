//! The `check-config` binary: output and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_check-config"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn valid_config_prints_a_summary_and_exits_0() {
    let out = run(&[&fixture("full.json")]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "ok: 5 buttons, 19 actions\n");
    let out = run(&[&fixture("demo.json")]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "ok: 6 buttons, 9 actions\n");
}

#[test]
fn problems_are_printed_one_per_line_with_exit_1() {
    let out = run(&[&fixture("many-problems.json")]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        std::fs::read_to_string(fixture("many-problems.txt")).unwrap()
    );
}

#[test]
fn invalid_json_exits_1() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_check-config"))
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"{\"userId\": \"u\",,}")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "invalid JSON at line 1, column 16: key must be a string\n"
    );
}

#[test]
fn unreadable_file_exits_2_with_a_clear_message() {
    let out = run(&["/nonexistent/beckon.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("check-config: cannot read /nonexistent/beckon.json: "),
        "{err}"
    );
}

#[test]
fn missing_argument_exits_2_with_usage() {
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .starts_with("usage: check-config FILE"));
}
