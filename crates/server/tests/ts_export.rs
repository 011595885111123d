//! The checked-in TypeScript wire types of the console and the widget must be exactly what the
//! Rust wire types generate (`beckon_server::wire::ts`).

use beckon_server::wire::ts::{files, CONSOLE, REGENERATE, WIDGET};

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

/// Each shape is declared once: the console imports what it shares with the widget.
#[test]
fn shared_shapes_are_declared_once() {
    let all = files();
    let console = &all.iter().find(|f| f.path == CONSOLE).unwrap().text;
    let widget = &all.iter().find(|f| f.path == WIDGET).unwrap().text;
    assert!(widget.contains("export type Message = {"));
    assert!(!console.contains("export type Message = "));
    let import = console
        .lines()
        .find(|l| l.ends_with(" from \"@beckon/widget/wire\";"))
        .expect("the console imports the shared shapes from the widget's file");
    assert!(
        import.contains(" Message,") || import.contains(" Message }"),
        "{import}"
    );
    let declared = |text: &str| -> Vec<String> {
        text.lines()
            .filter_map(|l| l.strip_prefix("export type "))
            .map(|l| l.split([' ', '=']).next().unwrap().to_owned())
            .collect()
    };
    let widget_types = declared(widget);
    for name in declared(console) {
        assert!(
            !widget_types.contains(&name),
            "{name} is declared in both files"
        );
    }
}
