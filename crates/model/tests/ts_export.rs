//! The checked-in TypeScript types must be exactly what the Rust types generate.

use beckon_model::ts::{typescript, REGENERATE, TS_FILE};

#[test]
fn checked_in_typescript_is_up_to_date() {
    let path = format!("{}/../../{TS_FILE}", env!("CARGO_MANIFEST_DIR"));
    let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(
        on_disk == typescript(),
        "{TS_FILE} is stale: the config types changed. Regenerate it with `{REGENERATE}` and commit it."
    );
}

#[test]
fn generated_file_has_the_header_and_every_type() {
    let ts = typescript();
    assert!(ts.starts_with(
        "// Generated from crates/model by `cargo run -p beckon-model --bin gen-ts` — do not edit"
    ));
    for name in [
        "ButtonType",
        "Placement",
        "Position",
        "DisplayMode",
        "Animation",
        "IconType",
        "MultiButtonState",
        "ActionType",
        "FilterType",
        "ConditionType",
        "MatchType",
        "DomainType",
        "Config",
        "ConfigOptions",
        "Domain",
        "DomainProperties",
        "Button",
        "ButtonOptions",
        "ScrollOptions",
        "MultiButtonOptions",
        "Action",
        "Schedule",
        "DayWindow",
        "Condition",
    ] {
        assert!(ts.contains(&format!("export type {name} = ")), "{name}");
    }
    // Shapes the widget relies on.
    for line in [
        "  zindex?: number | \"auto\";",
        "  date?: string | number;",
        "  properties?: Record<string, string>;",
        "  daysOfWeek?: Array<boolean>;",
        "  trackGA?: boolean;",
        "  actions?: Array<Action>;",
        "  revealAtHeight?: number;",
    ] {
        assert!(ts.contains(line), "{line}");
    }
    // Optional fields are `?:`, never `| null`; the one null on purpose is a closed day.
    assert!(ts.contains("  hours?: Array<DayWindow | null>;"));
    let rest = ts.replace("Array<DayWindow | null>", "");
    assert!(!rest.contains("bigint") && !rest.contains("| null"));
}
