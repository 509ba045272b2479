//! `strata diagnose DIR`: the folder walk, the only I/O of it. The tree (a `kubectl get -o yaml`
//! export, a must-gather, a support bundle) is walked without following symbolic links, within
//! [`Limits`]; every text file is handed to [`model::input::folder::analyse_files`] as its path
//! relative to the root and its text, and every file left out is reported with the reason.
//! The walk is `walkdir`'s; the rules of what is read are here.

use model::cli::DiagnoseOutcome;
use model::input::folder::analyse_files;
use model::time::Timestamp;
use std::io::Read;
use std::path::Path;

/// Bounds of one walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Files read at most (later ones are counted as not read).
    pub max_files: usize,
    /// A larger file is skipped with a note.
    pub max_file_bytes: u64,
    /// Bytes read in all; files beyond are skipped with a note.
    pub max_total_bytes: u64,
    /// Folder depth below the root.
    pub max_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_files: 20_000,
            max_file_bytes: 16 << 20,
            max_total_bytes: 512 << 20,
            max_depth: 24,
        }
    }
}

/// What the walk gave: the text files, and the files left out with why.
#[derive(Debug, Default)]
pub struct Walked {
    pub files: Vec<(String, String)>,
    pub skipped: Vec<(String, String)>,
}

/// Why a tree cannot be walked at all.
#[derive(Debug, thiserror::Error)]
pub enum WalkError {
    #[error("{0} does not exist")]
    Missing(String),
    #[error("{0} is not a folder")]
    NotADir(String),
    #[error("cannot read the folder {0}: {1}")]
    Unreadable(String, std::io::Error),
}

/// The path relative to the root, with `/` between its parts.
fn relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// How many bytes of a file are looked at to tell text from binary.
const SNIFF_BYTES: usize = 8192;

/// Reads one regular file within the limits: its text, or why not.
fn read_text(path: &Path, len: u64, limits: &Limits, total: u64) -> Result<String, String> {
    if len > limits.max_file_bytes {
        return Err(format!(
            "too large ({} MiB; at most {} MiB per file are read)",
            len >> 20,
            limits.max_file_bytes >> 20
        ));
    }
    if total + len > limits.max_total_bytes {
        return Err(format!(
            "not read: {} MiB in all have been read already (the limit)",
            total >> 20
        ));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    std::fs::File::open(path)
        .and_then(|f| f.take(limits.max_file_bytes).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return Err("binary file ignored (gzip-compressed: unpack it first)".into());
    }
    if bytes[..bytes.len().min(SNIFF_BYTES)].contains(&0) {
        return Err("binary file ignored".into());
    }
    String::from_utf8(bytes).map_err(|_| "binary file ignored (not UTF-8 text)".into())
}

/// Walks `root` within `limits`.
pub fn read_tree(root: &Path, limits: &Limits) -> Result<Walked, WalkError> {
    let name = root.display().to_string();
    let meta = std::fs::metadata(root).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => WalkError::Missing(name.clone()),
        _ => WalkError::Unreadable(name.clone(), e),
    })?;
    if !meta.is_dir() {
        return Err(WalkError::NotADir(name));
    }
    std::fs::read_dir(root).map_err(|e| WalkError::Unreadable(name.clone(), e))?;
    let mut out = Walked::default();
    let (mut total, mut not_read) = (0u64, 0usize);
    let walk = walkdir::WalkDir::new(root)
        .follow_links(false)
        .max_depth(limits.max_depth)
        .sort_by_file_name();
    for entry in walk {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let at = e.path().map_or(name.clone(), |p| relative(root, p));
                out.skipped.push((at, format!("cannot read: {e}")));
                continue;
            }
        };
        let rel = relative(root, entry.path());
        let kind = entry.file_type();
        if kind.is_dir() {
            continue;
        }
        if kind.is_symlink() {
            out.skipped.push((rel, "symbolic link not followed".into()));
            continue;
        }
        if !kind.is_file() {
            out.skipped.push((rel, "not a regular file".into()));
            continue;
        }
        if out.files.len() >= limits.max_files {
            not_read += 1;
            continue;
        }
        let len = entry.metadata().map_or(0, |m| m.len());
        match read_text(entry.path(), len, limits, total) {
            Ok(text) => {
                total += text.len() as u64;
                out.files.push((rel, text));
            }
            Err(reason) => out.skipped.push((rel, reason)),
        }
    }
    if not_read > 0 {
        out.skipped.push((
            "(rest of the tree)".into(),
            format!(
                "{not_read} more files not read: at most {} are read",
                limits.max_files
            ),
        ));
    }
    Ok(out)
}

/// `strata diagnose DIR [--json]`: the walk, then the model's report of the tree.
pub fn diagnose_dir(
    root: &Path,
    json: bool,
    now: Option<Timestamp>,
) -> Result<DiagnoseOutcome, WalkError> {
    let walked = read_tree(root, &Limits::default())?;
    let mut analysis = analyse_files(&walked.files, now);
    for (path, reason) in walked.skipped {
        analysis.note_skipped(path, reason);
    }
    Ok(model::cli::folder::folder_outcome(
        &analysis,
        &root.display().to_string(),
        json,
    ))
}
