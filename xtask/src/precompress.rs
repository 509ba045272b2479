//! The served frontend's precompressed copies: `<file>.br` and `<file>.gz` beside every wasm, JS
//! and CSS file, which the backend serves to browsers that accept them.

use crate::run;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every wasm, JS and
/// CSS file (`snippets/` included), which the backend serves to browsers that accept them.
///
/// Brotli is the reference C library's, through Node's zlib (Node is already the build's, for
/// terser and wasm-opt): on the main wasm it writes about 0.5 KiB less than the `brotli` crate's
/// port at the same quality and window, bytes every first load pays.
pub fn precompress(dir: &Path) -> Result<()> {
    use std::io::Write;
    let mut files = Vec::new();
    served_files(dir, &mut files)?;
    for path in &files {
        let data = std::fs::read(path)?;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&data)?;
        std::fs::write(format!("{}.gz", path.display()), gz.finish()?)?;
    }
    run(Command::new("node").args(["-e", BROTLI_JS]).args(&files))
}

/// Each argument's file compressed to `<file>.br`: quality 11, a 16 MiB window, the size hint.
const BROTLI_JS: &str = "const z=require('zlib'),fs=require('fs'),C=z.constants;\
for(const f of process.argv.slice(1)){const d=fs.readFileSync(f);\
fs.writeFileSync(f+'.br',z.brotliCompressSync(d,{params:{[C.BROTLI_PARAM_QUALITY]:11,\
[C.BROTLI_PARAM_LGWIN]:24,[C.BROTLI_PARAM_SIZE_HINT]:d.length}}));}";

/// The wasm, JS and CSS files under `dir`, subfolders included.
fn served_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            served_files(&path, out)?;
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| matches!(e, "wasm" | "js" | "css"))
        {
            out.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unbrotli(path: &Path) -> Vec<u8> {
        let out = Command::new("node")
            .args([
                "-e",
                "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(process.argv[1])))",
            ])
            .arg(path)
            .output()
            .expect("node runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    }

    #[test]
    fn every_served_file_is_compressed_snippets_included_and_reads_back_whole() {
        let dir = std::env::temp_dir().join(format!("strata-precompress-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("snippets/frontend-x")).unwrap();
        let js = "export function f(a) { return a + 1; }\n".repeat(40);
        std::fs::write(dir.join("app.js"), &js).unwrap();
        std::fs::write(
            dir.join("app.wasm"),
            [0u8, 97, 115, 109, 1, 0, 0, 0].repeat(50),
        )
        .unwrap();
        std::fs::write(dir.join("snippets/frontend-x/inline0.js"), &js).unwrap();
        std::fs::write(dir.join("index.html"), "<html></html>").unwrap();

        precompress(&dir).unwrap();

        for f in ["app.js", "app.wasm", "snippets/frontend-x/inline0.js"] {
            let original = std::fs::read(dir.join(f)).unwrap();
            let br = dir.join(format!("{f}.br"));
            assert!(
                std::fs::metadata(&br).unwrap().len() < original.len() as u64,
                "{f}"
            );
            assert_eq!(unbrotli(&br), original, "{f}.br");
            assert!(dir.join(format!("{f}.gz")).exists(), "{f}.gz");
        }
        // The page itself is written per request (its nonce), never precompressed.
        assert!(!dir.join("index.html.br").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
