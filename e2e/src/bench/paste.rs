//! The paste pipeline on a 10 MB paste: every real corpus item (`model/tests/fixtures/real`)
//! repeated to 10 MB (logs, tables, describe output, YAML, panics, in one paste), read, split,
//! matched against the signature catalogue and diagnosed by `model::input::analyse`, natively.

use super::{Budget, Figure};
use anyhow::{Context, Result};
use std::path::Path;
use std::time::Instant;

/// Size of the measured paste.
pub const BYTES: usize = 10 * 1024 * 1024;

/// The corpus items (without their `# source/expect/note` header) repeated to `bytes`.
pub fn corpus_paste(bytes: usize) -> Result<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../model/tests/fixtures/real");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .with_context(|| format!("read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    let mut items = Vec::new();
    for p in &paths {
        let text = std::fs::read_to_string(p)?;
        let body: Vec<&str> = text.lines().filter(|l| !l.starts_with("# ")).collect();
        items.push(body.join("\n"));
    }
    anyhow::ensure!(!items.is_empty(), "no corpus items in {}", dir.display());
    let mut paste = String::with_capacity(bytes + 4096);
    while paste.len() < bytes {
        for item in &items {
            paste.push_str(item);
            paste.push_str("\n\n");
        }
    }
    Ok(paste)
}

/// Milliseconds to diagnose a 10 MB paste (best of three), against a one-second budget.
pub fn ten_mb() -> Result<Vec<Figure>> {
    let paste = corpus_paste(BYTES)?;
    let mut best = f64::INFINITY;
    let mut blocks = 0;
    for _ in 0..3 {
        let t = Instant::now();
        let a = model::input::analyse(&paste, None).map_err(|e| anyhow::anyhow!("{e}"))?;
        best = best.min(t.elapsed().as_secs_f64() * 1000.0);
        blocks = a.blocks.len();
    }
    Ok(vec![
        Figure::new(
            "paste_10mb_ms",
            "a 10 MB mixed paste diagnosed (native)",
            best,
            "ms",
        )
        .budget(Budget::AtMost(1000.0))
        .note(format!(
            "{} bytes of the real corpus repeated, {blocks} blocks; best of 3, one thread",
            paste.len()
        )),
    ])
}
