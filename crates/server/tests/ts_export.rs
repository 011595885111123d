//! The checked-in TypeScript wire types of the widget (which the console imports its realtime
//! frames from) must be exactly what the Rust wire types generate (`beckon_server::wire::ts`).

use beckon_server::wire::ts::{files, REGENERATE};

#[test]
fn checked_in_wire_types_are_up_to_date() {
    for f in files() {
        let path = format!("{}/../../{}", env!("CARGO_MANIFEST_DIR"), f.path);
        let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(
            on_disk == f.text,
            "{} is stale: the wire types changed. Regenerate it with `{REGENERATE}` and commit it.",
            f.path
        );
    }
}

#[test]
fn numbers_are_numbers() {
    for f in files() {
        assert!(
            !f.text.contains("bigint"),
            "{}: an i64 without #[ts(type = \"number\")]",
            f.path
        );
    }
}
