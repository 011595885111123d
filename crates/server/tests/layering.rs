//! The server's layers are its folders, and their order is written once: the `mod` declarations
//! of `src/lib.rs`, top to bottom (its doc, "Layers"). These tests read that order and fail when a
//! module imports one declared above it (an arrow upwards), when a folder or file of `src/` is
//! not declared there, and when the files of one module folder import each other in a cycle
//! (`super::x`, `crate::m::x`), so that leaves such as `api/realtime/stop.rs` stay leaves.
//! The store, below every layer, is a crate of its own (`crates/store`): Cargo refuses an import
//! from it upwards, so these tests need not look at it.

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
        if path.is_dir() && name != "bin" {
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

/// The crate root's own items (`lib.rs`: `start`, `serve`, …) as a node of the graph. The root
/// assembles every layer, so it belongs to the top one: only the first layer declared (`cli`,
/// which starts the server) may import it.
const ROOT: &str = "crate";

/// The top-level modules `src/lib.rs` declares, in its order: the layers, top to bottom.
fn declared() -> Vec<String> {
    declarations(&std::fs::read_to_string(src().join("lib.rs")).unwrap())
}

fn declarations(lib: &str) -> Vec<String> {
    lib.lines()
        .filter_map(|l| {
            let l = l.strip_prefix("pub ").unwrap_or(l);
            let name = l.strip_prefix("mod ")?.strip_suffix(';')?;
            Some(name.trim().to_owned())
        })
        .collect()
}

/// What the crate root re-exports from a module (`pub use state::AppState;` → `AppState` →
/// `state`), so that `crate::AppState` counts as an import of `state`.
fn root_reexports() -> BTreeMap<String, String> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| {
            let path = l.strip_prefix("pub use ")?.strip_suffix(';')?;
            let module = path.split("::").next()?;
            let item = path.rsplit("::").next()?;
            Some((item.to_owned(), module.to_owned()))
        })
        .collect()
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let mods = modules();
    let mut known: BTreeSet<String> = mods.keys().cloned().collect();
    known.extend(declared());
    let reexports = root_reexports();
    mods.iter()
        .map(|(name, files)| {
            let mut deps = BTreeSet::new();
            for f in files {
                let text = code_without_tests(&std::fs::read_to_string(f).unwrap());
                let named = paths_named(&text, &module_path(f));
                deps.extend(named.into_iter().map(|p| match reexports.get(&p[0]) {
                    Some(module) => module.clone(),
                    None => p[0].clone(),
                }));
            }
            // Any other name is an item of the crate root (`lib.rs`, e.g. `crate::serve`).
            let deps = deps.into_iter().map(|d| {
                if known.contains(&d) {
                    d
                } else {
                    ROOT.to_owned()
                }
            });
            let mut deps: BTreeSet<String> = deps.collect();
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

/// A file's module path: `src/api/realtime/socket.rs` → `[api, realtime, socket]`, `src/engine/hub/mod.rs`
/// → `[engine, hub]`.
fn module_path(file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src()).unwrap().with_extension("");
    let mut path: Vec<String> = rel
        .iter()
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    if path.last().is_some_and(|l| l == "mod") {
        path.pop();
    }
    path
}

/// The absolute module paths a file's code names through `crate::`, `super::` and `self::`
/// (each item of a `{…}` group by its first segment).
fn paths_named(code: &str, here: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < code.len() {
        if !code.is_char_boundary(i) {
            i += 1;
            continue;
        }
        let starts = ["crate::", "super::", "self::"]
            .into_iter()
            .find(|p| code[i..].starts_with(p));
        let boundary = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        let (Some(_), true) = (starts, boundary) else {
            i += 1;
            continue;
        };
        // Resolve the leading `crate`/`super`/`self` segments.
        let mut base: Vec<String> = here.to_vec();
        let mut rest = &code[i..];
        loop {
            if let Some(r) = rest.strip_prefix("crate::") {
                base.clear();
                rest = r;
            } else if let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            } else if let Some(r) = rest.strip_prefix("self::") {
                rest = r;
            } else {
                break;
            }
        }
        match rest.strip_prefix('{') {
            Some(group) => {
                for f in group_firsts(group) {
                    let mut p = base.clone();
                    p.push(f.to_owned());
                    out.push(p);
                }
            }
            None => {
                let mut p = base.clone();
                p.extend(segments(rest).map(str::to_owned));
                if p.len() > base.len() {
                    out.push(p);
                }
            }
        }
        i = code.len() - rest.len();
    }
    out
}

/// The identifiers of a path: `hub::broker::{a, b}` → `hub, broker`.
fn segments(mut s: &str) -> impl Iterator<Item = &str> {
    std::iter::from_fn(move || {
        let id = ident_at(s);
        if id.is_empty() {
            return None;
        }
        s = s[id.len()..].strip_prefix("::").unwrap_or("");
        Some(id)
    })
}

/// The first identifier of each item of a `use` group (`a, b::c, {d}` → `a, b`).
fn group_firsts(group: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut item_start) = (0, true);
    for (j, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => item_start = true,
            c if item_start && (c.is_ascii_alphabetic() || c == '_') => {
                out.push(ident_at(&group[j..]));
                item_start = false;
            }
            _ => {}
        }
    }
    out
}

/// The code a module's own files run, without the unit tests at their end (a test module's
/// `super::` is the file itself).
fn code_without_tests(text: &str) -> String {
    let body = text.split("#[cfg(test)]").next().unwrap_or(text);
    code(body)
}

/// For every module folder, the graph of its entries (files and sub-folders, `mod.rs` aside):
/// an entry depends on a sibling its files name.
fn folder_graphs() -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let mut files = Vec::new();
    collect(&src(), &mut files);
    // The binaries under `src/bin/` are crates of their own.
    files.retain(|f| !f.starts_with(src().join("bin")));
    let mut out: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for f in &files {
        let here = module_path(f);
        let is_mod = f.file_name().is_some_and(|n| n == "mod.rs");
        let named = paths_named(
            &code_without_tests(&std::fs::read_to_string(f).unwrap()),
            &here,
        );
        // Each folder above the file (not the file's own, for a mod.rs: that is the parent that
        // declares and re-exports its children).
        let depth = if is_mod { here.len() } else { here.len() - 1 };
        for level in 1..=depth {
            let folder = &here[..level];
            let Some(entry) = here.get(level) else {
                continue;
            };
            let siblings = out.entry(folder.join("/")).or_default();
            let deps = siblings.entry(entry.clone()).or_default();
            for p in &named {
                if p.len() > level && p[..level] == *folder && p[level] != *entry {
                    deps.insert(p[level].clone());
                }
            }
        }
    }
    // Only real entries: a named item that is not a module (a re-export) is not a node.
    for graph in out.values_mut() {
        let entries: BTreeSet<String> = graph.keys().cloned().collect();
        for deps in graph.values_mut() {
            deps.retain(|d| entries.contains(d));
        }
    }
    out
}

/// Each import of a module declared above the importer: `(importer, imported)`.
fn upward_arrows(
    order: &[String],
    g: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<(String, String)> {
    let rank = |m: &str| match m {
        ROOT => Some(0),
        _ => order.iter().position(|o| o == m),
    };
    let mut out = Vec::new();
    for (m, deps) in g {
        for d in deps {
            if let (Some(here), Some(there)) = (rank(m), rank(d)) {
                if there < here {
                    out.push((m.clone(), d.clone()));
                }
            }
        }
    }
    out
}

#[test]
fn no_module_imports_a_layer_above_it() {
    let order = declared();
    assert!(
        order.len() >= 5 && order[0] == "cli" && order.last().is_some_and(|l| l == "wire"),
        "the layers were not read from src/lib.rs: {order:?}"
    );
    let arrows = upward_arrows(&order, &graph());
    assert!(
        arrows.is_empty(),
        "imports upwards (src/lib.rs declares the layers top to bottom: {}):\n{}\n\
         Move what the lower module needs down to it, or below both.",
        order.join(" > "),
        arrows
            .iter()
            .map(|(m, d)| match d.as_str() {
                ROOT => format!("  crate::{m} imports an item of the crate root (lib.rs)"),
                _ => format!("  crate::{m} imports crate::{d}, a layer above it"),
            })
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn every_folder_and_file_of_src_is_a_declared_layer() {
    let declared: BTreeSet<String> = declared().into_iter().collect();
    let present: BTreeSet<String> = modules().into_keys().collect();
    let undeclared: Vec<_> = present.difference(&declared).collect();
    assert!(
        undeclared.is_empty(),
        "src/ has {undeclared:?}, which src/lib.rs does not declare among its layers; \
         put it in the layer its imports place it in (src/lib.rs, \"Layers\")"
    );
    let missing: Vec<_> = declared.difference(&present).collect();
    assert!(
        missing.is_empty(),
        "src/lib.rs declares {missing:?}, not found in src/"
    );
}

#[test]
fn the_files_of_each_module_folder_form_no_cycle() {
    let graphs = folder_graphs();
    assert!(
        graphs.get("api/realtime").is_some_and(|g| g.len() >= 6),
        "module folders not found: {:?}",
        graphs.keys()
    );
    for (folder, g) in &graphs {
        if let Some(cycle) = find_cycle(g) {
            panic!(
                "import cycle among the files of src/{folder}/: {}\n\
                 Move what both need into a leaf file they both import (src/lib.rs, \"Layers\").",
                cycle.join(" -> ")
            );
        }
    }
}

#[test]
fn realtime_leaves_import_no_session() {
    let g = &folder_graphs()["api/realtime"];
    for leaf in ["stop", "outbox", "conn"] {
        for session in ["agent", "visitor", "socket"] {
            assert!(
                !g[leaf].contains(session),
                "api/realtime/{leaf}.rs imports {session}.rs; the connection handle stays a leaf"
            );
        }
    }
}

#[test]
fn the_folder_checker_resolves_super_and_crate_paths() {
    let here: Vec<String> = ["api", "realtime", "agent"].map(String::from).into();
    let named = paths_named(
        &code("use super::conn::{Conn, utf8};\nuse super::{stop::Stop, coalesce};\nuse crate::engine::hub::Hub;\nfn f() { self::g() }"),
        &here,
    );
    let named: Vec<String> = named.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        named,
        [
            "api::realtime::conn",
            "api::realtime::stop",
            "api::realtime::coalesce",
            "engine::hub::Hub",
            "api::realtime::agent::g"
        ]
    );
}

#[test]
fn top_level_modules_form_no_cycle() {
    let g = graph();
    assert!(g.len() >= 5, "modules not found: {g:?}");
    if let Some(cycle) = find_cycle(&g) {
        panic!(
            "import cycle among the server's top-level modules: {}\n\
             Move what both sides need below them (src/lib.rs, \"Layers\").",
            cycle.join(" -> ")
        );
    }
}

#[test]
fn the_checker_sees_an_upward_arrow() {
    let order = declarations(
        "//! Layers.\npub mod api;\n// the services\npub mod service;\nmod store;\nuse x;\n",
    );
    assert_eq!(order, ["api", "service", "store"]);
    let g: BTreeMap<String, BTreeSet<String>> = [
        ("api".to_owned(), ["service".to_owned()].into()),
        (
            "service".to_owned(),
            ["store".to_owned(), "api".to_owned()].into(),
        ),
        ("store".to_owned(), BTreeSet::new()),
    ]
    .into();
    assert_eq!(
        upward_arrows(&order, &g),
        [("service".to_owned(), "api".to_owned())]
    );
}

#[test]
fn the_checker_sees_a_cycle() {
    let named = paths_named(
        &code("use crate::{b::X, c};\nfn f() { crate::b::y() } // crate::a"),
        &["a".to_owned()],
    );
    let a: BTreeSet<String> = named.into_iter().map(|p| p[0].clone()).collect();
    assert_eq!(a, ["b".to_owned(), "c".to_owned()].into());
    let g: BTreeMap<String, BTreeSet<String>> = [
        ("a".to_owned(), a),
        ("b".to_owned(), ["a".to_owned()].into()),
    ]
    .into();
    assert_eq!(find_cycle(&g).unwrap(), ["a", "b", "a"]);
}
