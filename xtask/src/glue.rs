//! What the browser downloads first, made smaller after Trunk has built `dist/`.
//!
//! wasm-bindgen names every import of the wasm module after its JS function plus a 64-bit hash
//! (`__wbg_getPropertyValue_c0aae8b8341401f1`), and every export after its Rust symbol. These
//! names are in both files, the wasm and its JS glue, and their hashes do not compress. So:
//!
//! 1. `wasm-opt --minify-imports-and-exports-and-modules` renames the imports, their module and
//!    the exports of the main wasm to one or two letters, and prints the renaming as JSON;
//! 2. the JS glue gets the same renaming ([`rename_glue`]), then is minified by `terser`;
//! 3. the `integrity` attributes in `index.html` are recomputed for the files that changed.
//!
//! Every step checks its input: if a new wasm-bindgen writes its glue differently, the build
//! fails here, with a message, rather than producing a page that does not start.

use crate::{cmd, run};
use anyhow::{Context, Result, bail};
use base64::Engine;
use sha2::{Digest, Sha384};
use std::collections::HashMap;
use std::path::Path;

/// The renaming printed by `wasm-opt --minify-imports-and-exports-and-modules`.
#[derive(Debug, Default, PartialEq)]
pub struct Renaming {
    /// Import module → its new name.
    pub modules: HashMap<String, String>,
    /// Import name → its new name.
    pub imports: HashMap<String, String>,
    /// Export name → its new name.
    pub exports: HashMap<String, String>,
}

/// Reads wasm-opt's JSON (`{"imports": [[module, old, new]...], "exports": [[old, new]...]}`).
/// `old_modules` and `new_modules` are the import modules of the wasm before and after the
/// renaming, in import order: wasm-opt does not print how it renamed the modules.
pub fn parse_renaming(
    json: &str,
    old_modules: &[String],
    new_modules: &[String],
) -> Result<Renaming> {
    let v: serde_json::Value =
        serde_json::from_str(json).context("wasm-opt printed no JSON renaming")?;
    let mut r = Renaming::default();
    for row in v["imports"]
        .as_array()
        .context("no `imports` in the renaming")?
    {
        let (Some(module), Some(old), Some(new)) =
            (row[0].as_str(), row[1].as_str(), row[2].as_str())
        else {
            bail!("unexpected import row {row}");
        };
        if !old_modules.iter().any(|m| m == module) {
            bail!("the renaming names module {module:?}, which the wasm does not import");
        }
        r.imports.insert(old.to_string(), new.to_string());
    }
    for row in v["exports"]
        .as_array()
        .context("no `exports` in the renaming")?
    {
        let (Some(old), Some(new)) = (row[0].as_str(), row[1].as_str()) else {
            bail!("unexpected export row {row}");
        };
        r.exports.insert(old.to_string(), new.to_string());
    }
    if old_modules.len() != new_modules.len() {
        bail!(
            "the renamed wasm has {} imports, the original {}",
            new_modules.len(),
            old_modules.len()
        );
    }
    for (old, new) in old_modules.iter().zip(new_modules) {
        match r.modules.get(old) {
            Some(seen) if seen != new => {
                bail!("module {old:?} was renamed both {seen:?} and {new:?}")
            }
            _ => {
                r.modules.insert(old.clone(), new.clone());
            }
        }
    }
    Ok(r)
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// Replaces every identifier `ident` for which `rename(preceding text, ident)` gives a new name.
fn rename_idents(js: &str, mut rename: impl FnMut(&str, &str) -> Option<String>) -> String {
    let mut out = String::with_capacity(js.len());
    let mut rest = js;
    while let Some(start) = rest.find(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '$') {
        let (before, from) = rest.split_at(start);
        // An identifier starts here only when the previous character is not part of one.
        let glued = before
            .chars()
            .last()
            .or_else(|| out.chars().last())
            .is_some_and(is_ident_char);
        let end = from.find(|c: char| !is_ident_char(c)).unwrap_or(from.len());
        let (ident, after) = from.split_at(end);
        out.push_str(before);
        match (!glued).then(|| rename(&out, ident)).flatten() {
            Some(new) => out.push_str(&new),
            None => out.push_str(ident),
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Applies `r` to wasm-bindgen's JS glue: the keys of the imports object (`name: function`),
/// the module key that object is passed under (`"./x_bg.js": import0`) and every `wasm.export`.
/// Fails when an import or a module is not found exactly once, or an original name is left.
pub fn rename_glue(js: &str, r: &Renaming) -> Result<String> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut out = rename_idents(js, |before, ident| {
        let after_wasm_dot = before.ends_with("wasm.");
        if after_wasm_dot {
            return r.exports.get(ident).cloned();
        }
        let (key, new) = r.imports.get_key_value(ident)?;
        *seen.entry(key.as_str()).or_default() += 1;
        Some(new.clone())
    });
    for name in r.imports.keys() {
        match seen.get(name.as_str()) {
            Some(1) => {}
            n => bail!(
                "the JS glue defines import {name} {} times, not once",
                n.copied().unwrap_or(0)
            ),
        }
    }
    for (old, new) in &r.modules {
        let key = format!("{old:?}:");
        if out.matches(&key).count() != 1 {
            bail!("the JS glue does not pass its imports under {key} exactly once");
        }
        out = out.replace(&key, &format!("{new:?}:"));
    }
    let mut left = None;
    rename_idents(&out, |before, ident| {
        if before.ends_with("wasm.") && r.exports.contains_key(ident) {
            left = Some(ident.to_string());
        }
        None
    });
    if let Some(left) = left {
        bail!("the JS glue still uses wasm.{left}");
    }
    Ok(out)
}

/// `sha384-…` of `bytes`, as in an `integrity` attribute.
pub fn integrity(bytes: &[u8]) -> String {
    format!(
        "sha384-{}",
        base64::engine::general_purpose::STANDARD.encode(Sha384::digest(bytes))
    )
}

/// In `html`, sets the `integrity` of the tag that references `href` (quoted or not) to `sri`.
/// Fails when no tag references it with an integrity.
pub fn set_integrity(html: &str, href: &str, sri: &str) -> Result<String> {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    let mut done = false;
    while let Some(open) = rest.find('<') {
        let close = rest[open..].find('>').map_or(rest.len(), |c| open + c + 1);
        let tag = &rest[open..close];
        out.push_str(&rest[..open]);
        let references = ["\"", "=", "'"].iter().any(|q| {
            tag.match_indices(&format!("{q}{href}"))
                .any(|(i, m)| tag[i + m.len()..].starts_with(['"', '\'', ' ', '>']))
        });
        match tag.find("integrity=") {
            Some(at) if references => {
                let value = at + "integrity=".len();
                let quote = tag[value..].starts_with(['"', '\'']) as usize;
                let start = value + quote;
                let end = tag[start..]
                    .find(|c: char| !(c.is_ascii_alphanumeric() || "+/=-".contains(c)))
                    .map_or(tag.len(), |e| start + e);
                out.push_str(&tag[..start]);
                out.push_str(sri);
                out.push_str(&tag[end..]);
                done = true;
            }
            _ => out.push_str(tag),
        }
        rest = &rest[close..];
    }
    out.push_str(rest);
    if !done {
        bail!("index.html has no tag with an integrity for {href}");
    }
    Ok(out)
}

/// Every file under `dist/snippets`, as its path from the site's root and its bytes.
fn snippets(dist: &Path) -> Result<Vec<(String, Vec<u8>)>> {
    let mut out = Vec::new();
    let mut dirs = vec![dist.join("snippets")];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry?.path();
            if path.is_dir() {
                dirs.push(path);
            } else if let Ok(rel) = path.strip_prefix(dist) {
                let href = format!("/{}", rel.to_string_lossy().replace('\\', "/"));
                out.push((href, std::fs::read(&path)?));
            }
        }
    }
    Ok(out)
}

/// The import module of every import of the wasm module `bytes`, in order.
fn import_modules(bytes: &[u8]) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for payload in wasmparser::Parser::new(0).parse_all(bytes) {
        if let wasmparser::Payload::ImportSection(imports) = payload? {
            for import in imports.into_imports() {
                out.push(import?.module.to_string());
            }
        }
    }
    Ok(out)
}

/// Shrinks the main wasm and its glue in `dist` (see the module docs). Run once per Trunk build.
pub fn shrink(dist: &Path) -> Result<()> {
    let index_path = dist.join("index.html");
    let mut html = std::fs::read_to_string(&index_path).context("reading dist/index.html")?;
    // The main module: `frontend-<hash>_bg.wasm` beside `frontend-<hash>.js`.
    let wasm_name = std::fs::read_dir(dist)?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .find(|n| n.starts_with("frontend-") && n.ends_with("_bg.wasm"))
        .context("no frontend-*_bg.wasm in dist/")?;
    let js_name = format!("{}.js", wasm_name.trim_end_matches("_bg.wasm"));
    let (wasm_path, js_path) = (dist.join(&wasm_name), dist.join(&js_name));

    let before = std::fs::read(&wasm_path)?;
    let old_modules = import_modules(&before)?;
    let out = cmd("wasm-opt")
        .arg(&wasm_path)
        .arg("--minify-imports-and-exports-and-modules")
        .arg("-o")
        .arg(&wasm_path)
        .output()
        .context("running wasm-opt")?;
    if !out.status.success() {
        bail!("wasm-opt failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    let after = std::fs::read(&wasm_path)?;
    let renaming = parse_renaming(
        &String::from_utf8_lossy(&out.stdout),
        &old_modules,
        &import_modules(&after)?,
    )?;
    let js = std::fs::read_to_string(&js_path)?;
    std::fs::write(&js_path, rename_glue(&js, &renaming)?)?;
    run(cmd("terser")
        .arg(&js_path)
        .args(["--module", "--compress", "--mangle", "--output"])
        .arg(&js_path))?;

    for name in [&wasm_name, &js_name] {
        let sri = integrity(&std::fs::read(dist.join(name))?);
        html = set_integrity(&html, &format!("/{name}"), &sri)?;
    }
    // The `frontend` crate's JS snippets: every binary linking the crate (app, dump module, views
    // module) writes them, in parallel, so Trunk may have hashed one while another rewrote it.
    for (href, bytes) in snippets(dist)? {
        if html.contains(&href) {
            html = set_integrity(&html, &href, &integrity(&bytes))?;
        }
    }
    std::fs::write(&index_path, html)?;
    eprintln!(
        "xtask: {wasm_name}: {} imports and {} exports renamed; {js_name} minified",
        renaming.imports.len(),
        renaming.exports.len()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GLUE: &str = r#"function __wbg_get_imports() {
    const import0 = {
        __proto__: null,
        __wbg_get_0123456789abcdef: function(arg0) { return arg0.get(); },
        __wbg_get_0123456789abcdef_2: function(arg0) { return wasm.__wbindgen_malloc(arg0); },
    };
    return { __proto__: null, "./app_bg.js": import0, };
}
function f(x) { wasm.__wbindgen_free(x); return wasm.__wbindgen_malloc_x; }
"#;

    fn renaming() -> Renaming {
        let json = r#"{"imports": [["./app_bg.js", "__wbg_get_0123456789abcdef", "a"],
                                     ["./app_bg.js", "__wbg_get_0123456789abcdef_2", "b"]],
                       "exports": [["__wbindgen_malloc", "c"], ["__wbindgen_free", "d"]]}"#;
        let modules = vec!["./app_bg.js".to_string(); 2];
        parse_renaming(json, &modules, &["a".to_string(), "a".to_string()]).unwrap()
    }

    #[test]
    fn glue_is_renamed_whole_identifiers_only() {
        let js = rename_glue(GLUE, &renaming()).unwrap();
        assert!(
            js.contains("a: function(arg0) { return arg0.get(); }"),
            "{js}"
        );
        assert!(
            js.contains("b: function(arg0) { return wasm.c(arg0); }"),
            "{js}"
        );
        assert!(js.contains(r#""a": import0"#), "{js}");
        assert!(js.contains("wasm.d(x)"), "{js}");
        // A longer name that starts like an export is not an export.
        assert!(js.contains("wasm.__wbindgen_malloc_x"), "{js}");
        assert!(!js.contains("0123456789abcdef"), "{js}");
    }

    #[test]
    fn glue_that_does_not_match_the_wasm_is_refused() {
        let mut r = renaming();
        r.imports
            .insert("__wbg_missing_ffffffffffffffff".into(), "e".into());
        let e = rename_glue(GLUE, &r).unwrap_err().to_string();
        assert!(e.contains("__wbg_missing_ffffffffffffffff"), "{e}");
        let mut r = renaming();
        r.modules = HashMap::from([("./other_bg.js".into(), "a".into())]);
        assert!(rename_glue(GLUE, &r).is_err());
        // The renaming must name modules the wasm imports.
        let modules = vec!["./x_bg.js".to_string()];
        assert!(
            parse_renaming(
                r#"{"imports": [["./y_bg.js", "f", "a"]], "exports": []}"#,
                &modules,
                &modules
            )
            .is_err()
        );
    }

    #[test]
    fn integrity_is_set_on_the_referencing_tag_only() {
        let html = r#"<link href=/a.js integrity=sha384-OLD1 rel=modulepreload><link href="/ab.js" integrity="sha384-OLD2">"#;
        let out = set_integrity(html, "/a.js", "sha384-NEW").unwrap();
        assert_eq!(
            out,
            r#"<link href=/a.js integrity=sha384-NEW rel=modulepreload><link href="/ab.js" integrity="sha384-OLD2">"#
        );
        let out = set_integrity(&out, "/ab.js", "sha384-NEW2").unwrap();
        assert!(out.ends_with(r#"integrity="sha384-NEW2">"#), "{out}");
        assert!(set_integrity(html, "/c.js", "x").is_err());
        // The SRI digest of "abc" (FIPS 180-2 test vector).
        assert_eq!(
            integrity(b"abc"),
            "sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn"
        );
    }
}
