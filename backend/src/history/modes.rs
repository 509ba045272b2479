//! The data folder and the history files are private to the user running strata, whatever the
//! umask: a folder strata creates is `0700` (set explicitly after creating it), and
//! `history.sqlite3` is created `0600` before SQLite opens it, so the `-wal` and `-shm` files
//! SQLite creates next to it get the same mode (SQLite's `os_unix.c`, `findCreateFileMode` and
//! `robust_open`, give a new journal, WAL or shared-memory file the database file's mode and
//! `fchmod` it past the umask). Files an older version left more open are made `0600` when they
//! are opened. None is followed through a symbolic link.
//!
//! A folder that already existed keeps its mode (it may be one the operator chose and shares),
//! but when other users can write to it (they could replace or remove the history) a warning is
//! logged once, when the store is opened.

use std::fs::{OpenOptions, Permissions};
use std::io;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The mode of a data folder strata creates.
pub const DIR_MODE: u32 = 0o700;
/// The mode of the database file and its `-wal` and `-shm` files.
pub const FILE_MODE: u32 = 0o600;

/// Creates `dir` (and its missing parents) `0700` when it is missing; an existing one is checked
/// ([`open_to_others`]) and a warning logged when others can write to it.
pub fn prepare_dir(dir: &Path) -> io::Result<()> {
    if std::fs::symlink_metadata(dir).is_err() {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(DIR_MODE)
            .create(dir)?;
        std::fs::set_permissions(dir, Permissions::from_mode(DIR_MODE))?;
    }
    let meta = std::fs::metadata(dir)?;
    if !meta.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "it exists and is not a folder",
        ));
    }
    if let Some(why) = open_to_others(meta.mode()) {
        tracing::warn!(
            dir = %dir.display(),
            mode = format!("{:o}", meta.mode() & 0o7777),
            "history: the data folder {why}: they may replace or remove the history (make it \
             0700, or give --data-dir a private folder)"
        );
    }
    Ok(())
}

/// Why a folder of `mode` is not private: other users (or its group) can write to it.
pub fn open_to_others(mode: u32) -> Option<&'static str> {
    if mode & 0o002 != 0 {
        Some("can be written by every user")
    } else if mode & 0o020 != 0 {
        Some("can be written by its group")
    } else {
        None
    }
}

/// The database file and the two SQLite keeps next to it.
pub fn files(db: &Path) -> [PathBuf; 3] {
    let with = |suffix: &str| {
        let mut p = db.as_os_str().to_owned();
        p.push(suffix);
        PathBuf::from(p)
    };
    [db.to_path_buf(), with("-wal"), with("-shm")]
}

/// Creates `db` `0600` when missing (before SQLite opens it, so SQLite's `-wal` and `-shm` get
/// its mode) and makes every one of [`files`] that exists `0600`.
///
/// An existing file is never opened here, only changed by path: closing any descriptor of a file
/// drops every POSIX lock this process holds on it (`fcntl(2)`), so opening and closing the
/// database, `-wal` or `-shm` while a connection of this process has them open would silently
/// release SQLite's locks, and another connection could then write under it and corrupt the
/// file (SQLite's "How To Corrupt An SQLite Database File", 2.2.1). A symbolic link in their
/// place is refused rather than followed.
pub fn private_files(db: &Path) -> io::Result<()> {
    match OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(FILE_MODE)
        .custom_flags(libc::O_NOFOLLOW)
        .open(db)
    {
        // Only this call has it open: closing it drops no one's lock.
        Ok(f) => f.set_permissions(Permissions::from_mode(FILE_MODE))?,
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    for p in &files(db) {
        let meta = match std::fs::symlink_metadata(p) {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        };
        if !meta.file_type().is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} is not a regular file", p.display()),
            ));
        }
        if meta.mode() & 0o7777 != FILE_MODE {
            std::fs::set_permissions(p, Permissions::from_mode(FILE_MODE))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_others_can_write_are_named() {
        assert_eq!(open_to_others(0o40700), None);
        assert_eq!(open_to_others(0o40755), None);
        assert!(open_to_others(0o40777).is_some());
        assert!(open_to_others(0o41777).is_some(), "sticky, like /tmp");
        assert!(open_to_others(0o40770).is_some());
    }

    #[test]
    fn the_wal_and_shm_sit_next_to_the_file() {
        let [a, b, c] = files(Path::new("/d/history.sqlite3"));
        assert_eq!(a, Path::new("/d/history.sqlite3"));
        assert_eq!(b, Path::new("/d/history.sqlite3-wal"));
        assert_eq!(c, Path::new("/d/history.sqlite3-shm"));
    }
}
