//! The top-level modules of `model/src` form a DAG: no module reaches, through `crate::X` paths
//! or `use crate::{X, ...}` lists, back into a module that reaches it. The leaves (`time`,
//! `kube`) use no other model module at all.
//!
//! Like the rooms checker, the scan reads every line before a trailing `#[cfg(test)] mod tests`
//! block (tests may use anything), doc comments included: a doc link is a dependency too.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("read model/src") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules: `foo.rs` and `foo/` under `src`, without `lib.rs`.
fn top_modules(src: &Path) -> BTreeSet<String> {
    let mut tops = BTreeSet::new();
    for entry in fs::read_dir(src).expect("read model/src") {
        let path = entry.expect("dir entry").path();
        let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.is_dir() || (path.extension().is_some_and(|e| e == "rs") && name != "lib") {
            tops.insert(name.to_string());
        }
    }
    tops
}

/// The source without its trailing unit-test module.
fn without_tests(src: &str) -> &str {
    let mut offset = 0;
    let mut lines = src.split_inclusive('\n').peekable();
    while let Some(line) = lines.next() {
        if line.starts_with("#[cfg(test)]") && lines.peek().is_some_and(|l| l.starts_with("mod ")) {
            return &src[..offset];
        }
        offset += line.len();
    }
    src
}

/// Every module name after `crate::`: `crate::x` gives `x`, `crate::{x, y::z}` gives `x` and `y`.
fn referenced(src: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (at, _) in src.match_indices("crate::") {
        // `model::crate::` cannot occur; skip identifiers ending in `crate` such as `foocrate::`.
        if src[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            continue;
        }
        let rest = &src[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                let ident: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !ident.is_empty() {
                    names.insert(ident);
                }
            }
        } else {
            let ident: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.insert(ident);
        }
    }
    names
}

fn graph() -> Graph {
    let src = src_dir();
    let tops = top_modules(&src);
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: Graph = tops.iter().map(|t| (t.clone(), BTreeSet::new())).collect();
    for file in files {
        let rel = file.strip_prefix(&src).expect("under src");
        let first = rel.components().next().expect("a component");
        let first = first.as_os_str().to_str().expect("utf-8 path");
        let me = first.strip_suffix(".rs").unwrap_or(first);
        if me == "lib" {
            continue;
        }
        let text = fs::read_to_string(&file).expect("read source");
        for name in referenced(without_tests(&text)) {
            if name != me && tops.contains(&name) {
                graph.get_mut(me).expect("a top module").insert(name);
            }
        }
    }
    graph
}

/// One cycle through `start`, if there is one (depth-first search back to `start`).
fn cycle_through(graph: &Graph, start: &str) -> Option<Vec<String>> {
    fn walk(
        graph: &Graph,
        start: &str,
        at: &str,
        path: &mut Vec<String>,
        seen: &mut BTreeSet<String>,
    ) -> bool {
        for next in &graph[at] {
            if next == start {
                return true;
            }
            if seen.insert(next.clone()) {
                path.push(next.clone());
                if walk(graph, start, next, path, seen) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = vec![start.to_string()];
    let mut seen = BTreeSet::new();
    walk(graph, start, start, &mut path, &mut seen).then(|| {
        path.push(start.to_string());
        path
    })
}

#[test]
fn top_level_modules_form_a_dag() {
    let graph = graph();
    let mut cycles: Vec<String> = Vec::new();
    for module in graph.keys() {
        if let Some(cycle) = cycle_through(&graph, module) {
            cycles.push(cycle.join(" -> "));
        }
    }
    let edges: Vec<String> = graph
        .iter()
        .map(|(m, uses)| {
            format!(
                "{m} -> {}",
                uses.iter().cloned().collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    assert!(
        cycles.is_empty(),
        "import cycles between model's top-level modules:\n  {}\nedges:\n  {}",
        cycles.join("\n  "),
        edges.join("\n  ")
    );
}

#[test]
fn leaves_use_no_other_model_module() {
    let graph = graph();
    for leaf in ["time", "kube"] {
        let Some(uses) = graph.get(leaf) else {
            panic!("expected a top-level module `{leaf}`");
        };
        let others: Vec<&String> = uses
            .iter()
            .filter(|u| !["time", "kube"].contains(&u.as_str()))
            .collect();
        assert!(
            others.is_empty(),
            "`{leaf}` should be a leaf but uses {others:?}"
        );
    }
}
