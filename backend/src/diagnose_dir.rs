//! `strata diagnose DIR`: the folder walk, the only I/O of it. The tree (a `kubectl get -o yaml`
//! export, a must-gather, a support bundle) is walked without following symbolic links, within
//! [`Limits`]; every text file is handed to [`model::input::folder::analyse_files`] as its path
//! relative to the root and its text, and every file left out is reported with the reason.
//! The walk is `walkdir`'s; the rules of what is read are here. A file is opened from the root
//! without following any link and checked on its descriptor ([`open_listed`]), so an entry
//! swapped for a link or a FIFO after the listing is refused, never followed nor waited on.

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

/// Opens `rel` (components relative to `root`, as the listing gave them) so that what is read
/// is a regular file under the root, whatever was swapped in since the listing: each folder is
/// opened from the one before with `O_NOFOLLOW | O_DIRECTORY` (no symbolic link is followed on
/// the way), the file with `O_NOFOLLOW | O_NONBLOCK` (a link is refused, a FIFO or device does
/// not block the open), and the opened descriptor must be a regular file (`fstat`).
pub fn open_listed(root: &std::fs::File, rel: &Path) -> Result<std::fs::File, String> {
    let parts: Vec<&std::ffi::OsStr> = rel
        .components()
        .map(|c| match c {
            std::path::Component::Normal(p) => Ok(p),
            _ => Err("not a path under the folder".to_string()),
        })
        .collect::<Result<_, _>>()?;
    let Some((last, dirs)) = parts.split_last() else {
        return Err("not a file".into());
    };
    let mut dir: Option<std::fs::File> = None;
    for d in dirs {
        let at = dir.as_ref().unwrap_or(root);
        let next = open_at(at, d, libc::O_DIRECTORY).map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP | libc::ENOTDIR) => {
                "not under the folder (a folder on its path was replaced)".to_string()
            }
            _ => format!("cannot read: {e}"),
        })?;
        dir = Some(next);
    }
    let file =
        open_at(dir.as_ref().unwrap_or(root), last, libc::O_NONBLOCK).map_err(|e| {
            match e.raw_os_error() {
                Some(libc::ELOOP) => "symbolic link not followed".to_string(),
                _ => format!("cannot read: {e}"),
            }
        })?;
    let meta = file.metadata().map_err(|e| format!("cannot read: {e}"))?;
    if !meta.file_type().is_file() {
        return Err("not a regular file".into());
    }
    Ok(file)
}

/// `openat(dir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | flags)`.
fn open_at(
    dir: &std::fs::File,
    name: &std::ffi::OsStr,
    flags: i32,
) -> std::io::Result<std::fs::File> {
    use std::os::fd::{AsRawFd, FromRawFd};
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(name.as_bytes())
        .map_err(|_| std::io::Error::from(std::io::ErrorKind::InvalidInput))?;
    // SAFETY: `dir` is an open descriptor and `name` a NUL-terminated string, both alive for
    // the call; a descriptor returned is owned by the `File` alone.
    let fd = unsafe {
        libc::openat(
            dir.as_raw_fd(),
            name.as_ptr(),
            libc::O_RDONLY | libc::O_NOFOLLOW | libc::O_CLOEXEC | flags,
        )
    };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: `fd` was just opened and is owned by nothing else.
    Ok(unsafe { std::fs::File::from_raw_fd(fd) })
}

/// Reads one opened regular file within the limits: its text, or why not.
fn read_text(file: std::fs::File, limits: &Limits, total: u64) -> Result<String, String> {
    let len = file.metadata().map_or(0, |m| m.len());
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
    file.take(limits.max_file_bytes)
        .read_to_end(&mut bytes)
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
    walk(root, limits, &mut |_| {})
}

/// [`read_tree`], calling `listed` with each regular file's path between the listing and its
/// opening (where a swap would happen: tests swap it there).
fn walk(root: &Path, limits: &Limits, listed: &mut dyn FnMut(&Path)) -> Result<Walked, WalkError> {
    let name = root.display().to_string();
    let meta = std::fs::metadata(root).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => WalkError::Missing(name.clone()),
        _ => WalkError::Unreadable(name.clone(), e),
    })?;
    if !meta.is_dir() {
        return Err(WalkError::NotADir(name));
    }
    std::fs::read_dir(root).map_err(|e| WalkError::Unreadable(name.clone(), e))?;
    let root_dir = std::fs::File::open(root).map_err(|e| WalkError::Unreadable(name.clone(), e))?;
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
        listed(entry.path());
        let under = entry.path().strip_prefix(root).unwrap_or(entry.path());
        match open_listed(&root_dir, under).and_then(|f| read_text(f, limits, total)) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::ffi::OsStrExt;

    const INSIDE: &str = "kind: Pod\nmetadata:\n  name: inside\n";
    const OUTSIDE: &str = "kind: Secret\nmetadata:\n  name: outside\n";

    fn mkfifo(p: &Path) {
        let c = std::ffi::CString::new(p.as_os_str().as_bytes()).unwrap();
        // SAFETY: a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
    }

    /// A tree `root/{a.yaml, b.yaml, c.yaml, sub/d.yaml}` and a file and folder outside it.
    fn tree() -> (tempfile::TempDir, std::path::PathBuf) {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().join("root");
        std::fs::create_dir_all(root.join("sub")).unwrap();
        for f in ["a.yaml", "b.yaml", "c.yaml", "sub/d.yaml"] {
            std::fs::write(root.join(f), INSIDE).unwrap();
        }
        std::fs::create_dir(t.path().join("out")).unwrap();
        std::fs::write(t.path().join("out/secret.yaml"), OUTSIDE).unwrap();
        std::fs::write(t.path().join("out/d.yaml"), OUTSIDE).unwrap();
        (t, root)
    }

    fn reason<'a>(w: &'a Walked, path: &str) -> Option<&'a str> {
        w.skipped
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, r)| r.as_str())
    }

    /// Each regular file is swapped, after the listing and before the open, for a link out of
    /// the tree, a FIFO, or (its folder) a link to a folder outside: none is followed or waited
    /// on, and nothing from outside the tree is read.
    #[test]
    fn entries_swapped_after_the_listing_are_refused() {
        let (t, root) = tree();
        let out = t.path().join("out");
        let mut swap = |p: &Path| {
            let name = p.file_name().unwrap().to_str().unwrap();
            match name {
                "a.yaml" => {
                    std::fs::remove_file(p).unwrap();
                    std::os::unix::fs::symlink(out.join("secret.yaml"), p).unwrap();
                }
                "b.yaml" => {
                    std::fs::remove_file(p).unwrap();
                    mkfifo(p);
                }
                "d.yaml" => {
                    let sub = root.join("sub");
                    std::fs::rename(&sub, t.path().join("moved")).unwrap();
                    std::os::unix::fs::symlink(&out, &sub).unwrap();
                }
                _ => {}
            }
        };
        let w = walk(&root, &Limits::default(), &mut swap).unwrap();
        let read: Vec<&str> = w.files.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(read, ["c.yaml"], "{:?}", w.skipped);
        assert!(w.files.iter().all(|(_, text)| text == INSIDE));
        assert_eq!(reason(&w, "a.yaml"), Some("symbolic link not followed"));
        assert_eq!(reason(&w, "b.yaml"), Some("not a regular file"));
        assert!(
            reason(&w, "sub/d.yaml").is_some_and(|r| r.contains("not under the folder")),
            "{:?}",
            w.skipped
        );
    }

    #[test]
    fn a_regular_file_under_the_root_opens() {
        let (_t, root) = tree();
        let dir = std::fs::File::open(&root).unwrap();
        let mut text = String::new();
        open_listed(&dir, Path::new("sub/d.yaml"))
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        assert_eq!(text, INSIDE);
        assert!(open_listed(&dir, Path::new("../out/secret.yaml")).is_err());
        assert!(open_listed(&dir, Path::new("sub")).is_err(), "a folder");
    }
}
