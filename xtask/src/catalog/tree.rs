//! A Go source tree read once: every non-test `.go` file under the chosen folders, comments
//! blanked, with its imports, and every string `const` indexed by package folder so a
//! reference (`controller.FailedCreatePodReason`, `v1.Migrated.String()`) resolves to its value.

use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::path::Path;

use super::go_scan::{self, Const};

/// One Go file: its path as it appears in the tables, the comment-stripped source, its imports.
pub struct GoFile {
    pub path: String,
    pub src: String,
    pub imports: BTreeMap<String, String>,
}

/// The files of one or more checkouts and their string constants.
#[derive(Default)]
pub struct Tree {
    pub files: Vec<GoFile>,
    /// Package folder (`pkg/controller`) → const name → const.
    pub consts: BTreeMap<String, BTreeMap<String, Const>>,
}

impl Tree {
    /// Reads `folders` of the checkout at `root`; table paths get `prefix` in front
    /// (empty for KubeVirt, `containerized-data-importer/` for CDI).
    pub fn read(&mut self, root: &Path, prefix: &str, folders: &[&str]) -> Result<()> {
        for folder in folders {
            let dir = root.join(folder);
            if !dir.is_dir() {
                anyhow::bail!("{} has no {folder}/: is it a checkout?", root.display());
            }
            let mut paths = Vec::new();
            go_files(&dir, &mut paths)?;
            for path in paths {
                let rel = path
                    .strip_prefix(root)
                    .expect("under root")
                    .to_string_lossy()
                    .replace('\\', "/");
                let raw = std::fs::read_to_string(&path)
                    .with_context(|| format!("reading {}", path.display()))?;
                if !generated(&raw) {
                    self.add(format!("{prefix}{rel}"), &raw);
                }
            }
        }
        self.files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(())
    }

    /// Adds one file's source (also how the tests feed snippets).
    pub fn add(&mut self, path: String, raw: &str) {
        let src = go_scan::strip_comments(raw);
        let imports = go_scan::imports(&src);
        let dir = parent(&path).to_string();
        let table = self.consts.entry(dir).or_default();
        for c in go_scan::consts(&src) {
            table.entry(c.name.clone()).or_insert(c);
        }
        self.files.push(GoFile { path, src, imports });
    }

    /// The string value of an expression in `file`: a literal, a local const, `pkg.Const`,
    /// with `.String()` or `string(…)` around it. `None` for anything computed.
    pub fn resolve(&self, file: &GoFile, expr: &str) -> Option<String> {
        let mut e = expr.trim();
        e = e.strip_suffix(".String()").unwrap_or(e);
        if let Some(inner) = e.strip_prefix("string(").and_then(|s| s.strip_suffix(')')) {
            e = inner.trim();
        }
        if let Some(v) = go_scan::string_expr(e) {
            return Some(v);
        }
        let (dir, name) = match e.split_once('.') {
            None => (parent(&file.path).to_string(), e),
            Some((alias, name)) => {
                let import = file.imports.get(alias)?;
                (import_dir(import)?, name)
            }
        };
        if !go_scan::is_ident(name) {
            return None;
        }
        self.consts.get(&dir)?.get(name).map(|c| c.value.clone())
    }

    /// The values a parameter of an enum-like type can take: for `string(event)` in a function
    /// declared with `event Event`, every const of type `Event` in the file's package. Empty
    /// when the expression is no such parameter.
    pub fn param_values(&self, file: &GoFile, expr: &str) -> Vec<String> {
        let e = expr.trim();
        let Some(ident) = e.strip_prefix("string(").and_then(|s| s.strip_suffix(')')) else {
            return Vec::new();
        };
        let ident = ident.trim();
        if !go_scan::is_ident(ident) {
            return Vec::new();
        }
        let Some(consts) = self.consts.get(parent(&file.path)) else {
            return Vec::new();
        };
        let needle = format!("{ident} ");
        let declared = file.src.match_indices(&needle).find_map(|(at, _)| {
            let before_ok = file.src[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c == '(' || c == ',' || c == ' ');
            let rest = &file.src[at + needle.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let ty = &rest[..end];
            let typed = consts.values().any(|c| c.ty.as_deref() == Some(ty));
            (before_ok && typed && rest[end..].starts_with([',', ')'])).then_some(ty)
        });
        let Some(ty) = declared else {
            return Vec::new();
        };
        consts
            .values()
            .filter(|c| c.ty.as_deref() == Some(ty))
            .map(|c| c.value.clone())
            .collect()
    }
}

/// A generated file (protobuf, mocks, deep copies): its header says so. Its strings are not
/// KubeVirt's messages.
fn generated(raw: &str) -> bool {
    raw.lines()
        .take(20)
        .any(|l| l.starts_with("// Code generated") && l.contains("DO NOT EDIT"))
}

/// The folder of a path (`pkg/controller/controller.go` → `pkg/controller`).
pub fn parent(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(d, _)| d)
}

/// The table folder of a Go import path, seen from a file of the same repository.
fn import_dir(import: &str) -> Option<String> {
    const MAP: &[(&str, &str)] = &[
        ("kubevirt.io/kubevirt/", ""),
        ("kubevirt.io/api/", "staging/src/kubevirt.io/api/"),
        (
            "kubevirt.io/containerized-data-importer-api/",
            "containerized-data-importer/staging/src/kubevirt.io/containerized-data-importer-api/",
        ),
        (
            "kubevirt.io/containerized-data-importer/",
            "containerized-data-importer/",
        ),
    ];
    MAP.iter()
        .find_map(|(p, dir)| import.strip_prefix(p).map(|rest| format!("{dir}{rest}")))
}

fn go_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) -> Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(
                name.as_str(),
                "vendor" | "testdata" | "testing" | "testutils"
            ) {
                go_files(&path, out)?;
            }
        } else if name.ends_with(".go")
            && !name.ends_with("_test.go")
            && !name.starts_with("generated_mock")
        {
            out.push(path);
        }
    }
    Ok(())
}
