//! The rule that the main bundle holds only view types from `model`: the overview, the VMI page
//! and the other pages render what the backend (or the dump module) computed, so the parser, the
//! diagnosis and the explanation catalogue belong in the dump module alone.
//!
//! Proved twice: on the sources ([`check_sources`]: every `model::` path in the frontend, outside
//! the dump module's own code and outside tests, starts with a prefix of [`ALLOWED`]) and on the
//! artefact ([`check_bundle`]: after Trunk's build, texts that only diagnosis and explanation
//! code holds are in the dump module's wasm and not in the main one).
//!
//! The artefact check also proves the first load free of the deferred views (the frontend's
//! `deferred` module): texts that only their code holds, plotters among them, are in the views
//! module's wasm and not in the main one.

use anyhow::{Context, Result, bail};
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::path::{Path, PathBuf};

/// The `model` modules the main bundle may use.
pub const ALLOWED: &[&str] = &[
    "model::view",
    "model::verdict",
    "model::wire",
    "model::api",
    "model::time",
];

/// The dump module's own code (under `frontend/src`): exempt, it is what may diagnose.
pub const DUMP_MODULE: &str = "bin/dump_module";

/// Texts that only diagnosis and explanation code holds: an explanation from the catalogue
/// (`model::explain`), the title of a finding of the diagnosis, and that title's Japanese from
/// the model's message catalogue (`model::i18n`, which the dump module links to translate the
/// paste page, never the main bundle: pages get the diagnosis translated by the backend).
pub const DIAGNOSIS_ONLY: &[&str] = &[
    "Accepted; virt-controller is preparing the virt-launcher pod.",
    "Guest agent gone while the domain runs",
    "ドメインの動作中にゲストエージェントが消えました",
];

/// Texts that only the deferred views hold: the chart library (plotters' source paths, kept in
/// its panic locations), the node pages' and the migrations page's endpoints, the timeline's
/// history request, the paste page's worker and the overview's summary rows of a fleet (their
/// worst VMI's test id).
pub const VIEWS_ONLY: &[&str] = &[
    "plotters-",
    "/api/v1/nodes",
    "/api/v1/migrations",
    "{name}/history",
    "dump_worker.js",
    "cluster-worst",
];

/// A `model::` path used where the rule forbids it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use {
    pub line: usize,
    pub path: String,
}

/// True when `path` is one of [`ALLOWED`] or inside one.
pub fn allowed(path: &str) -> bool {
    ALLOWED
        .iter()
        .any(|a| path == *a || path.strip_prefix(a).is_some_and(|r| r.starts_with("::")))
}

fn is_punct(t: Option<&TokenTree>, c: char) -> bool {
    matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

fn is_sep(toks: &[TokenTree], i: usize) -> bool {
    is_punct(toks.get(i), ':') && is_punct(toks.get(i + 1), ':')
}

fn is_ident(t: Option<&TokenTree>, name: &str) -> bool {
    matches!(t, Some(TokenTree::Ident(i)) if i == name)
}

/// True when `t` is the bracket group of `#[cfg(test)]`.
fn is_cfg_test(t: Option<&TokenTree>) -> bool {
    let Some(TokenTree::Group(g)) = t else {
        return false;
    };
    let s: String = g.stream().to_string().split_whitespace().collect();
    g.delimiter() == Delimiter::Bracket && s == "cfg(test)"
}

/// The paths a use tree or path starting at `toks[i]` names below `prefix`, and where it ends.
fn tree(toks: &[TokenTree], i: usize, prefix: &str) -> (Vec<String>, usize) {
    match toks.get(i) {
        Some(TokenTree::Ident(id)) => {
            let p = format!("{prefix}::{id}");
            if is_sep(toks, i + 1) {
                tree(toks, i + 3, &p)
            } else {
                (vec![p], i + 1)
            }
        }
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => {
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            let paths = inner
                .split(|t| is_punct(Some(t), ','))
                .filter(|part| !part.is_empty())
                .flat_map(|part| tree(part, 0, prefix).0)
                .collect();
            (paths, i + 1)
        }
        Some(TokenTree::Punct(p)) if p.as_char() == '*' => (vec![format!("{prefix}::*")], i + 1),
        _ => (vec![prefix.to_string()], i),
    }
}

/// Past the item that starts at `toks[i]` (after its `#[cfg(test)]`): its name when it is a
/// `mod name;` (a test module in a file of its own), and where it ends.
fn skip_item(toks: &[TokenTree], mut i: usize) -> (Option<String>, usize) {
    let start = i;
    while let Some(t) = toks.get(i) {
        match t {
            TokenTree::Punct(p) if p.as_char() == ';' => {
                let name = match &toks[start..i] {
                    [.., TokenTree::Ident(m), TokenTree::Ident(n)] if m == "mod" => {
                        Some(n.to_string())
                    }
                    _ => None,
                };
                return (name, i + 1);
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => return (None, i + 1),
            _ => i += 1,
        }
    }
    (None, i)
}

/// Every `model::` path in `stream` outside `#[cfg(test)]` items, and the test modules that
/// live in files of their own.
fn scan(stream: TokenStream, uses: &mut Vec<Use>, test_mods: &mut Vec<String>) {
    let toks: Vec<TokenTree> = stream.into_iter().collect();
    let mut i = 0;
    while i < toks.len() {
        if is_punct(toks.get(i), '#') && is_cfg_test(toks.get(i + 1)) {
            let (name, next) = skip_item(&toks, i + 2);
            test_mods.extend(name);
            i = next;
            continue;
        }
        // `model::…`, but not `other::model::…`.
        let qualified =
            i >= 3 && is_sep(&toks, i - 2) && matches!(toks[i - 3], TokenTree::Ident(_));
        if is_ident(toks.get(i), "model") && is_sep(&toks, i + 1) && !qualified {
            let line = toks[i].span().start().line;
            let (paths, next) = tree(&toks, i + 3, "model");
            uses.extend(paths.into_iter().map(|path| Use { line, path }));
            i = next.max(i + 1);
            continue;
        }
        if let TokenTree::Group(g) = &toks[i] {
            scan(g.stream(), uses, test_mods);
        }
        i += 1;
    }
}

/// Every `model::` path a source file uses outside tests (in code, use trees and macro bodies
/// such as `view!`), and the names of its test modules in files of their own.
pub fn model_paths(src: &str) -> Result<(Vec<Use>, Vec<String>)> {
    let stream: TokenStream = src
        .parse()
        .map_err(|e| anyhow::anyhow!("cannot tokenize: {e}"))?;
    let (mut uses, mut test_mods) = (Vec::new(), Vec::new());
    scan(stream, &mut uses, &mut test_mods);
    Ok((uses, test_mods))
}

/// The `.rs` files under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            rust_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    Ok(())
}

/// Where the file of test module `name`, declared in `file`, lives.
fn test_mod_files(file: &Path, name: &str) -> [PathBuf; 2] {
    let stem = file
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    let dir = file.parent().unwrap_or(Path::new(""));
    let dir = if matches!(stem, "mod" | "lib" | "main") {
        dir.to_path_buf()
    } else {
        dir.join(stem)
    };
    [
        dir.join(format!("{name}.rs")),
        dir.join(name).join("mod.rs"),
    ]
}

/// Every forbidden `model::` path in the main bundle's sources under `src` (the frontend's
/// `src`), as `file:line path`.
pub fn violations(src: &Path) -> Result<Vec<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files)?;
    let dump = src.join(DUMP_MODULE);
    let mut skip: Vec<PathBuf> = Vec::new();
    let mut found = Vec::new();
    for file in &files {
        if file.starts_with(&dump) {
            continue;
        }
        let text = std::fs::read_to_string(file)?;
        let (uses, test_mods) =
            model_paths(&text).with_context(|| format!("reading {}", file.display()))?;
        for m in test_mods {
            skip.extend(test_mod_files(file, &m));
        }
        let shown = file.strip_prefix(src).unwrap_or(file).display().to_string();
        found.extend(
            uses.into_iter()
                .filter(|u| !allowed(&u.path))
                .map(|u| (file.clone(), format!("{shown}:{} {}", u.line, u.path))),
        );
    }
    Ok(found
        .into_iter()
        .filter(|(f, _)| !skip.iter().any(|s| f.starts_with(s)))
        .map(|(_, v)| v)
        .collect())
}

/// The source half of the rule, over the frontend's `src` under `root`.
pub fn check_sources(root: &Path) -> Result<()> {
    let v = violations(&root.join("frontend/src"))?;
    if !v.is_empty() {
        bail!(
            "{} model paths outside {} in the main bundle's sources:\n  {}",
            v.len(),
            ALLOWED.join(", "),
            v.join("\n  ")
        );
    }
    eprintln!(
        "xtask: the main bundle's sources use only {}",
        ALLOWED.join(", ")
    );
    Ok(())
}

fn contains(hay: &[u8], needle: &str) -> bool {
    hay.windows(needle.len()).any(|w| w == needle.as_bytes())
}

/// Fails unless every one of `texts` is in `module` (named `module_name`) and none in `main`.
fn only_in(
    texts: &[&str],
    (main_name, main): (&str, &[u8]),
    (module_name, module): (&str, &[u8]),
    what: &str,
) -> Result<()> {
    for text in texts {
        if contains(main, text) {
            bail!("the main bundle {main_name} holds {what} text {text:?}");
        }
        if !contains(module, text) {
            bail!("the {module_name} lacks {text:?}: the check no longer proves anything");
        }
    }
    Ok(())
}

/// The artefact half of the rule: in Trunk's `dist`, each of [`DIAGNOSIS_ONLY`] is in the dump
/// module's wasm and not in the main wasm, and each of [`VIEWS_ONLY`] in the views module's.
pub fn check_bundle(dist: &Path) -> Result<()> {
    let main_name = std::fs::read_dir(dist)?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .find(|n| n.starts_with("frontend-") && n.ends_with("_bg.wasm"))
        .context("no frontend-*_bg.wasm in dist/")?;
    let main = std::fs::read(dist.join(&main_name))?;
    let dump =
        std::fs::read(dist.join("dump_module_bg.wasm")).context("reading the dump module")?;
    let views =
        std::fs::read(dist.join("views_module_bg.wasm")).context("reading the views module")?;
    let main = (main_name.as_str(), main.as_slice());
    only_in(DIAGNOSIS_ONLY, main, ("dump module", &dump), "diagnosis")?;
    only_in(VIEWS_ONLY, main, ("views module", &views), "deferred view")?;
    eprintln!(
        "xtask: {main_name} holds none of the {} diagnosis texts (the dump module does) and none of \
         the {} deferred views' texts (the views module does)",
        DIAGNOSIS_ONLY.len(),
        VIEWS_ONLY.len()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(src: &str) -> Vec<String> {
        model_paths(src)
            .unwrap()
            .0
            .into_iter()
            .map(|u| u.path)
            .collect()
    }

    #[test]
    fn use_trees_paths_and_macro_bodies_are_found() {
        let src = r#"
            //! model::parse in a comment is not code
            use model::{VmiSummary, detail::{self, VmiDetail}, time::*};
            use model::wire::StreamMsg as Msg;
            fn f() -> model::api::Series { let s = "model::cli in a string"; todo!() }
            fn g() { view! { <p>{model::migration::human_bytes(1.0)}</p> } }
            fn h() { crate::model::x(); other.model; }
        "#;
        assert_eq!(
            paths(src),
            [
                "model::VmiSummary",
                "model::detail::self",
                "model::detail::VmiDetail",
                "model::time::*",
                "model::wire::StreamMsg",
                "model::api::Series",
                "model::migration::human_bytes",
            ]
        );
    }

    #[test]
    fn tests_are_left_out_and_their_files_named() {
        let src = r#"
            use model::view::VmiSummary;
            #[cfg(test)]
            mod tests { use model::vmi::Vmi; }
            #[cfg(test)]
            mod more;
            #[cfg(test)]
            fn helper() { model::parse::parse(""); }
            fn after() -> model::time::Timestamp { todo!() }
        "#;
        let (uses, test_mods) = model_paths(src).unwrap();
        let lines: Vec<(usize, &str)> = uses.iter().map(|u| (u.line, u.path.as_str())).collect();
        assert_eq!(
            lines,
            [
                (2, "model::view::VmiSummary"),
                (9, "model::time::Timestamp")
            ]
        );
        assert_eq!(test_mods, ["more"]);
        assert_eq!(
            test_mod_files(Path::new("src/a/mod.rs"), "more"),
            [
                PathBuf::from("src/a/more.rs"),
                PathBuf::from("src/a/more/mod.rs")
            ]
        );
        assert_eq!(
            test_mod_files(Path::new("src/a.rs"), "t")[0],
            PathBuf::from("src/a/t.rs")
        );
    }

    #[test]
    fn the_allowlist_matches_whole_modules() {
        assert!(allowed("model::view"));
        assert!(allowed("model::view::MigrationReport"));
        assert!(allowed("model::time::Timestamp"));
        assert!(!allowed("model::viewer::X"));
        assert!(!allowed("model::diagnosis::Health"));
        assert!(!allowed("model::VmiKey"));
    }

    #[test]
    fn the_bundle_check_reads_every_wasm_file() {
        let dir = std::env::temp_dir().join(format!("xtask-bundle-rule-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let all = DIAGNOSIS_ONLY.concat();
        let views = VIEWS_ONLY.concat();
        std::fs::write(dir.join("frontend-abc_bg.wasm"), b"\0asm view only").unwrap();
        std::fs::write(dir.join("dump_module_bg.wasm"), format!("\0asm {all}")).unwrap();
        std::fs::write(dir.join("views_module_bg.wasm"), format!("\0asm {views}")).unwrap();
        assert!(check_bundle(&dir).is_ok());
        std::fs::write(dir.join("frontend-abc_bg.wasm"), format!("\0asm {all}")).unwrap();
        assert!(
            check_bundle(&dir)
                .unwrap_err()
                .to_string()
                .contains("main bundle")
        );
        // plotters in the first load
        std::fs::write(dir.join("frontend-abc_bg.wasm"), b"\0asm plotters-0.3.7").unwrap();
        assert!(
            check_bundle(&dir)
                .unwrap_err()
                .to_string()
                .contains("deferred view text \"plotters-\"")
        );
        std::fs::write(dir.join("views_module_bg.wasm"), b"\0asm").unwrap();
        std::fs::write(dir.join("frontend-abc_bg.wasm"), b"\0asm").unwrap();
        assert!(
            check_bundle(&dir)
                .unwrap_err()
                .to_string()
                .contains("views module lacks")
        );
        std::fs::write(dir.join("views_module_bg.wasm"), format!("\0asm {views}")).unwrap();
        std::fs::write(dir.join("dump_module_bg.wasm"), b"\0asm").unwrap();
        std::fs::write(dir.join("frontend-abc_bg.wasm"), b"\0asm").unwrap();
        assert!(
            check_bundle(&dir)
                .unwrap_err()
                .to_string()
                .contains("lacks")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
