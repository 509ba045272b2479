//! Import circles between the files of a crate: `cargo xtask circles` and the test below.
//!
//! A file reaches another when it names one of its items through `crate::`, `super::` or `self::`
//! paths, or (in a `mod.rs`, `lib.rs` or `main.rs`) through a child module's name. A path to an
//! item a module re-exports (`pub use child::Item`) reaches the child that defines it, so moving
//! an item behind a re-export does not hide a circle. A file using its own ancestors or
//! descendants is not counted: a module and its children are one room with doors, and the rooms
//! checker (`rooms.py`) looks at top-level modules already; what this finds are circles between
//! siblings and cousins (`a.rs` uses `b.rs`, which uses `a.rs`), where one concept is split
//! over two files or two concepts share one.
//!
//! Hand-written (a text scan, like `model/tests/module_dag.rs`) because no maintained crate
//! reports file-level import graphs of a Rust crate without compiling it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path inside its crate (`["input", "table"]`; the crate root is empty).
type ModPath = Vec<String>;

/// The crates whose files are checked.
pub const CRATES: [&str; 5] = ["model", "backend", "sim", "frontend", "xtask"];

/// Every module file of a crate's `src`, by module path.
fn modules(src: &Path) -> BTreeMap<ModPath, PathBuf> {
    fn walk(dir: &Path, src: &Path, out: &mut BTreeMap<ModPath, PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, src, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path
                    .strip_prefix(src)
                    .expect("under src")
                    .with_extension("");
                let mut parts: ModPath = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(
                    parts.last().map(String::as_str),
                    Some("mod" | "lib" | "main")
                ) {
                    parts.pop();
                }
                // `lib.rs` and `main.rs` are both the root: keep the library's.
                if parts.is_empty() && out.contains_key(&parts) {
                    continue;
                }
                out.insert(parts, path);
            }
        }
    }
    let mut out = BTreeMap::new();
    if src.join("lib.rs").exists() {
        out.insert(Vec::new(), src.join("lib.rs"));
    }
    walk(src, src, &mut out);
    out
}

/// The code of a file: comments dropped, the trailing `#[cfg(test)]` module cut.
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]")
            && lines
                .peek()
                .is_some_and(|l| l.trim_start().starts_with("mod "))
        {
            break;
        }
        let cut = line.find("//").map_or(line, |i| &line[..i]);
        out.push_str(cut);
        out.push('\n');
    }
    out
}

/// The paths a `use` tree names, each as its segments (`a::{b, c::d as e}` gives `a::b`, `a::c::d`).
fn use_leaves(tree: &str) -> Vec<Vec<String>> {
    fn parse(s: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let s = s.trim();
        if s.is_empty() {
            return;
        }
        if let Some(open) = s.find('{') {
            let head: Vec<String> = segments(&s[..open]);
            let inner = &s[open + 1..s.rfind('}').unwrap_or(s.len())];
            let mut full = prefix.to_vec();
            full.extend(head);
            for part in split_top(inner) {
                parse(part, &full, out);
            }
        } else {
            let path = s.split(" as ").next().unwrap_or(s);
            let mut full = prefix.to_vec();
            let keep_self = full.is_empty();
            full.extend(
                segments(path)
                    .into_iter()
                    .filter(|x| x != "self" || keep_self),
            );
            out.push(full);
        }
    }
    let mut out = Vec::new();
    parse(tree, &[], &mut out);
    out
}

/// `a::b::` → `["a", "b"]` (empty and glob segments dropped).
fn segments(s: &str) -> Vec<String> {
    s.split("::")
        .map(str::trim)
        .filter(|x| !x.is_empty() && *x != "*")
        .map(str::to_string)
        .collect()
}

/// Splits on the commas outside braces.
fn split_top(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0, 0, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// The `use` statements of a code text (each starts a line): (is `pub`, the tree after `use`).
fn uses(code: &str) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in code.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let t = line.trim_start();
        let (public, rest) = if let Some(r) = t.strip_prefix("use ") {
            (false, r)
        } else if let Some(r) = t.strip_prefix("pub ").and_then(|r| r.strip_prefix("use ")) {
            (true, r)
        } else if let Some(r) = t
            .strip_prefix("pub(")
            .and_then(|r| r.split_once(") use ").map(|(_, r)| r))
        {
            (true, r)
        } else {
            continue;
        };
        let from = start + (line.len() - rest.len());
        let Some(end) = code[from..].find(';') else {
            continue;
        };
        let tree = &code[from..from + end];
        out.push((
            public,
            tree.split_whitespace().collect::<Vec<_>>().join(" "),
        ));
    }
    out
}

/// Every `crate::…`, `super::…` and `self::…` path written outside `use` statements.
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for root in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(root) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            out.push(segments(&path));
        }
    }
    out
}

/// A path written in module `at` made absolute: `crate`, `super`, `self` and child names resolved.
fn absolute(at: &[String], path: &[String], mods: &BTreeMap<ModPath, PathBuf>) -> Option<ModPath> {
    let mut base: ModPath = match path.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        Some("self") => at.to_vec(),
        Some("super") => at[..at.len().saturating_sub(1)].to_vec(),
        Some(first) => {
            let mut child = at.to_vec();
            child.push(first.to_string());
            if !mods.contains_key(&child) {
                return None;
            }
            let mut full = at.to_vec();
            full.extend(path.iter().cloned());
            return Some(full);
        }
        None => return None,
    };
    let mut rest = path[1..].iter().peekable();
    while rest.peek().is_some_and(|s| *s == "super") {
        base.pop();
        rest.next();
    }
    base.extend(rest.cloned());
    Some(base)
}

/// The crate's module graph: who reaches whom, ancestors and descendants left out.
pub fn graph(src: &Path) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let mods = modules(src);
    let codes: BTreeMap<&ModPath, String> = mods
        .iter()
        .map(|(m, p)| (m, code(&fs::read_to_string(p).unwrap_or_default())))
        .collect();
    // What each module re-exports: item name → the absolute path it stands for.
    let mut reexports: BTreeMap<&ModPath, BTreeMap<String, ModPath>> = BTreeMap::new();
    for (m, c) in &codes {
        for (public, tree) in uses(c) {
            if !public {
                continue;
            }
            for leaf in use_leaves(&tree) {
                if let (Some(name), Some(abs)) = (leaf.last(), absolute(m, &leaf, &mods)) {
                    reexports.entry(m).or_default().insert(name.clone(), abs);
                }
            }
        }
    }
    let resolve = |abs: &ModPath| -> Option<ModPath> {
        let mut abs = abs.clone();
        for _ in 0..8 {
            let i = (0..=abs.len())
                .rev()
                .find(|i| mods.contains_key(&abs[..*i]))?;
            let module = abs[..i].to_vec();
            match abs.get(i).and_then(|n| reexports.get(&module)?.get(n)) {
                Some(target) if *target != abs => abs = target.clone(),
                _ => return Some(module),
            }
        }
        None
    };
    let mut edges = BTreeMap::new();
    for (m, c) in &codes {
        let mut to = BTreeSet::new();
        let paths = uses(c)
            .into_iter()
            .flat_map(|(_, tree)| use_leaves(&tree))
            .chain(inline_paths(c));
        for p in paths {
            if let Some(t) = absolute(m, &p, &mods).and_then(|a| resolve(&a))
                && !t.starts_with(m)
                && !m.starts_with(&t)
            {
                to.insert(t);
            }
        }
        edges.insert((*m).clone(), to);
    }
    edges
}

/// The circles of a graph (strongly connected sets of two or more modules), each sorted.
pub fn circles(g: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<String>> {
    // Kosaraju: finish order on the graph, then sets on the reversed graph.
    fn visit<'a>(
        v: &'a ModPath,
        g: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        seen: &mut BTreeSet<&'a ModPath>,
        order: &mut Vec<&'a ModPath>,
    ) {
        if !seen.insert(v) {
            return;
        }
        for w in g.get(v).into_iter().flatten() {
            visit(w, g, seen, order);
        }
        order.push(v);
    }
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for v in g.keys() {
        visit(v, g, &mut seen, &mut order);
    }
    let mut reversed: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (v, ws) in g {
        for w in ws {
            reversed.entry(w.clone()).or_default().insert(v.clone());
        }
    }
    let mut assigned = BTreeSet::new();
    let mut out = Vec::new();
    for v in order.into_iter().rev() {
        let mut set = Vec::new();
        visit(v, &reversed, &mut assigned, &mut set);
        if set.len() > 1 {
            let mut names: Vec<String> = set.iter().map(|m| m.join("/")).collect();
            names.sort();
            out.push(names);
        }
    }
    out.sort();
    out
}

/// `cargo xtask circles`: prints every crate's circles; fails when there is one.
pub fn run(root: &Path) -> anyhow::Result<()> {
    let mut total = 0;
    for krate in CRATES {
        for circle in circles(&graph(&root.join(krate).join("src"))) {
            println!("{krate}: {}", circle.join(" <-> "));
            total += 1;
        }
    }
    println!("circles: {total}");
    anyhow::ensure!(total == 0, "{total} import circles between files");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, files: &[(&str, &str)]) {
        for (name, text) in files {
            let p = dir.join(name);
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, text).unwrap();
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("xtask-circles-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn use_trees_are_read_to_their_leaves() {
        let leaves = use_leaves("crate::a::{b, c::{d as e, self}, f::*}");
        let shown: Vec<String> = leaves.iter().map(|l| l.join("::")).collect();
        assert_eq!(
            shown,
            [
                "crate::a::b",
                "crate::a::c::d",
                "crate::a::c",
                "crate::a::f"
            ]
        );
    }

    #[test]
    fn siblings_that_use_each_other_are_a_circle_and_parents_are_not() {
        let d = scratch("siblings");
        write(
            &d,
            &[
                ("lib.rs", "mod a;\nmod b;\nmod c;\npub use c::Thing;\n"),
                ("a.rs", "use crate::b::B;\npub struct A;\n"),
                ("b.rs", "pub struct B(crate::a::A);\n"),
                (
                    "c/mod.rs",
                    "mod x;\npub use x::Thing;\nfn f() -> x::Thing { todo!() }\n",
                ),
                ("c/x.rs", "pub struct Thing(super::super::Other);\n"),
            ],
        );
        assert_eq!(
            circles(&graph(&d)),
            vec![vec!["a".to_string(), "b".to_string()]]
        );
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_circle_through_a_re_export_is_found() {
        let d = scratch("reexport");
        write(
            &d,
            &[
                ("lib.rs", "mod http;\nmod agent;\n"),
                (
                    "http/mod.rs",
                    "mod status;\nmod resource;\npub use status::status_error;\n",
                ),
                ("http/status.rs", "pub fn status_error() {}\n"),
                ("http/resource.rs", "use crate::agent::answer;\n"),
                // The agent reaches http/status through the re-export: no circle with resource.
                (
                    "agent.rs",
                    "use crate::http::status_error;\npub fn answer() {}\n",
                ),
            ],
        );
        assert!(circles(&graph(&d)).is_empty());
        // Now the status helpers live in http/resource.rs itself: agent <-> http/resource.
        write(
            &d,
            &[
                (
                    "http/mod.rs",
                    "mod resource;\npub use resource::status_error;\n",
                ),
                (
                    "http/resource.rs",
                    "use crate::agent::answer;\npub fn status_error() {}\n",
                ),
            ],
        );
        let _ = fs::remove_file(d.join("http/status.rs"));
        assert_eq!(
            circles(&graph(&d)),
            vec![vec!["agent".to_string(), "http/resource".to_string()]]
        );
        fs::remove_dir_all(&d).unwrap();
    }

    /// The workspace's own crates have no import circle between files.
    #[test]
    fn the_workspace_has_no_import_circle() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let mut found = Vec::new();
        for krate in CRATES {
            for c in circles(&graph(&root.join(krate).join("src"))) {
                found.push(format!("{krate}: {}", c.join(" <-> ")));
            }
        }
        assert!(found.is_empty(), "import circles between files: {found:#?}");
    }
}
