//! The TypeScript declarations of the config, generated from the Rust types so the widget and
//! the server never drift apart. Written to `web/widget/src/config/types.gen.ts` by the `gen-ts`
//! binary; a test fails when the checked-in file is stale.

use ts_rs::TS;

use crate::config::*;
use crate::enums::*;

/// The checked-in file, relative to the repository root.
pub const TS_FILE: &str = "web/widget/src/config/types.gen.ts";

/// The command that rewrites [`TS_FILE`].
pub const REGENERATE: &str = "cargo run -p beckon-model --bin gen-ts";

/// The whole generated file.
pub fn typescript() -> String {
    let cfg = ts_rs::Config::new();
    let mut out = format!("// Generated from crates/model by `{REGENERATE}` — do not edit.\n");
    out.push_str("// Wire format of the widget configuration (spec §3.1).\n");
    // Fixed order: enums first, then the config from the top down, as the draft had it.
    macro_rules! emit {
        ($($t:ty),+ $(,)?) => {$(
            out.push('\n');
            if let Some(docs) = <$t as TS>::docs() {
                out.push_str(&doc_comment(&docs, ""));
            }
            out.push_str("export ");
            out.push_str(&pretty(&<$t as TS>::decl(&cfg)));
            out.push('\n');
        )+};
    }
    emit!(
        ButtonType,
        Placement,
        Position,
        DisplayMode,
        Animation,
        IconType,
        MultiButtonState,
        ActionType,
        FilterType,
        ConditionType,
        MatchType,
        DomainType,
        Config,
        ConfigOptions,
        Domain,
        DomainProperties,
        Button,
        ButtonOptions,
        ScrollOptions,
        Triggers,
        MultiButtonOptions,
        Action,
        Schedule,
        DayWindow,
        Condition,
    );
    out
}

/// ts-rs prints an object type on one line; this puts each field on its own line, ending in `;`,
/// as a person would write it. Anything of another shape is returned unchanged.
pub fn pretty(decl: &str) -> String {
    let Some((head, body)) = decl.split_once("= { ") else {
        return decl.to_owned();
    };
    let Some(body) = body.strip_suffix("};") else {
        return decl.to_owned();
    };
    // A union or intersection of objects stays on one line per ts-rs.
    if split_fields(body)
        .iter()
        .any(|f| f.contains("} | {") || f.contains("} & "))
    {
        return decl.to_owned();
    }
    let mut out = format!("{head}= {{\n");
    for field in split_fields(body) {
        let field = field.trim();
        // A field is `[/** docs */\n]name: type`.
        let (docs, field) = match field.split_once("*/") {
            Some((docs, rest)) if field.starts_with("/**") => {
                (Some(format!("{docs}*/")), rest.trim())
            }
            _ => (None, field),
        };
        if let Some(docs) = docs {
            out.push_str(&doc_comment(&docs, "  "));
        }
        out.push_str(&format!("  {field};\n"));
    }
    out.push_str("};");
    out
}

/// Splits an object body at the commas between fields, not those inside a type
/// (`Record<string, string>`), a string or a doc comment.
fn split_fields(body: &str) -> Vec<&str> {
    let mut fields = Vec::new();
    let (mut depth, mut start, mut i) = (0i32, 0, 0);
    let bytes = body.as_bytes();
    while i < bytes.len() {
        match bytes[i] {
            b'/' if body[i..].starts_with("/**") => {
                i += body[i..].find("*/").map_or(body.len() - i, |end| end + 1);
            }
            b'"' => {
                i += body[i + 1..]
                    .find('"')
                    .map_or(body.len() - i, |end| end + 1)
            }
            b'<' | b'{' | b'(' | b'[' => depth += 1,
            b'>' | b'}' | b')' | b']' => depth -= 1,
            b',' if depth == 0 => {
                fields.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    fields.push(&body[start..]);
    fields.retain(|f| !f.trim().is_empty());
    fields
}

/// Re-indents a `/** … */` comment; a one-line comment stays on one line.
pub fn doc_comment(docs: &str, indent: &str) -> String {
    let lines: Vec<&str> = docs
        .trim()
        .trim_start_matches("/**")
        .trim_end_matches("*/")
        .lines()
        .map(|l| l.trim().trim_start_matches('*').trim())
        .filter(|l| !l.is_empty())
        .collect();
    match lines[..] {
        [] => String::new(),
        [line] => format!("{indent}/** {line} */\n"),
        _ => {
            let mut out = format!("{indent}/**\n");
            for line in lines {
                out.push_str(&format!("{indent} * {line}\n"));
            }
            out.push_str(&format!("{indent} */\n"));
            out
        }
    }
}
