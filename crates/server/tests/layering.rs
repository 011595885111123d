//! The server's top-level modules form no import cycle (docs/architecture.md, "Layers"): each
//! `crate::x` a module's files name is an edge, and the graph must be acyclic, so that the wire
//! types, the chat service and the fan-out stay below the HTTP API and the realtime sockets.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Top-level module name → its files.
fn modules() -> BTreeMap<String, Vec<PathBuf>> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(src()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            let mut files = Vec::new();
            collect(&path, &mut files);
            out.entry(name).or_insert_with(Vec::new).extend(files);
        } else if path.extension().is_some_and(|e| e == "rs") && name != "lib" && name != "main" {
            out.entry(name).or_insert_with(Vec::new).push(path);
        }
    }
    out
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The code of a file without its comments (doc links name modules without using them).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn ident_at(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The top-level modules a file's code names: `crate::x…` and `crate::{x, y::z, …}`.
fn names(code: &str, known: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // Only the first segment of each item of the group (nested groups are deeper).
            let mut depth = 0;
            let mut item_start = true;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && (c.is_ascii_alphabetic() || c == '_') => {
                        out.insert(ident_at(&group[j..]).to_owned());
                        item_start = false;
                    }
                    _ => {}
                }
            }
        } else {
            out.insert(ident_at(rest).to_owned());
        }
    }
    out.retain(|n| known.contains(n));
    out
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let mods = modules();
    let known: BTreeSet<String> = mods.keys().cloned().collect();
    mods.iter()
        .map(|(name, files)| {
            let mut deps = BTreeSet::new();
            for f in files {
                deps.extend(names(&code(&std::fs::read_to_string(f).unwrap()), &known));
            }
            deps.remove(name);
            (name.clone(), deps)
        })
        .collect()
}

/// A cycle through the graph, if there is one.
fn find_cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == n) {
            let mut cycle = path[i..].to_vec();
            cycle.push(n.to_owned());
            return Some(cycle);
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_owned());
        for d in g.get(n).into_iter().flatten() {
            if let Some(c) = visit(d, g, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(n.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    for n in g.keys() {
        if let Some(c) = visit(n, g, &mut Vec::new(), &mut done) {
            return Some(c);
        }
    }
    None
}

#[test]
fn top_level_modules_form_no_cycle() {
    let g = graph();
    assert!(g.len() > 10, "modules not found: {g:?}");
    if let Some(cycle) = find_cycle(&g) {
        panic!(
            "import cycle among the server's top-level modules: {}\n\
             Move what both sides need below them (docs/architecture.md, \"Layers\").",
            cycle.join(" -> ")
        );
    }
}

#[test]
fn the_wire_layer_and_the_chat_service_stay_below_the_entry_points() {
    let g = graph();
    for low in ["wire", "chat", "hub", "state", "seed", "domain_config"] {
        for high in ["http", "realtime", "accounts", "cli"] {
            assert!(
                !g[low].contains(high),
                "{low} imports {high}; it must stay below it (docs/architecture.md, \"Layers\")"
            );
        }
    }
}

#[test]
fn the_checker_sees_a_cycle() {
    let known: BTreeSet<String> = ["a", "b"].map(String::from).into();
    let a = names(
        &code("use crate::{b::X, c};\nfn f() { crate::b::y() } // crate::a"),
        &known,
    );
    assert_eq!(a, ["b".to_owned()].into());
    let g: BTreeMap<String, BTreeSet<String>> = [
        ("a".to_owned(), a),
        ("b".to_owned(), ["a".to_owned()].into()),
    ]
    .into();
    assert_eq!(find_cycle(&g).unwrap(), ["a", "b", "a"]);
}
