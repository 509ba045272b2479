//! The history files are private whatever the umask: the data folder strata creates is 0700 and
//! `history.sqlite3`, `-wal` and `-shm` are 0600, also under umask 000 (the umask is the
//! process's, so this binary holds this one test); a data folder others can write is warned
//! about once per open.

#[path = "support/logs.rs"]
mod logs;

use backend::history::{Record, Step, Transition, VmiId, open, sqlite};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .permissions()
        .mode()
        & 0o7777
}

fn row(at: i64) -> Record {
    Record::Transition(
        VmiId::new(
            model::VmiKey {
                cluster: String::new(),
                namespace: "prod".into(),
                name: "a".into(),
            },
            "uid-a",
        ),
        Transition {
            at,
            step: Step::Phase {
                old: String::new(),
                new: "Running".into(),
            },
            title: "ok".into(),
        },
    )
}

#[tokio::test]
async fn history_files_are_private_whatever_the_umask() {
    logs::capture();
    // SAFETY: umask only sets the process's file creation mask.
    let old = unsafe { libc::umask(0) };
    let tmp = tempfile::tempdir().unwrap();

    // A new folder (with missing parents), written to so that the WAL exists.
    let dir = tmp.path().join("state").join("strata");
    let store = open(None, &dir).await.unwrap();
    store.write(vec![row(1)]).await.unwrap();
    assert_eq!(mode(&dir), 0o700, "the data folder");
    let db = dir.join(sqlite::FILE);
    for suffix in ["", "-wal", "-shm"] {
        let f = Path::new(&format!("{}{suffix}", db.display())).to_path_buf();
        assert_eq!(mode(&f), 0o600, "{}", f.display());
    }
    drop(store);

    // What an older version left: a 0755 folder (its own choice: kept) and 0644 files.
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
    let store = open(None, &dir).await.unwrap();
    store.write(vec![row(2)]).await.unwrap();
    for suffix in ["", "-wal", "-shm"] {
        let f = Path::new(&format!("{}{suffix}", db.display())).to_path_buf();
        assert_eq!(mode(&f), 0o600, "{} after a reopen", f.display());
    }
    drop(store);
    assert_eq!(logs::lines_with("the data folder"), 0, "{}", logs::text());

    // A folder every user can write to: warned about, once per open.
    let shared = tmp.path().join("shared");
    std::fs::create_dir(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o777)).unwrap();
    let store = open(None, &shared).await.unwrap();
    for at in 0..20 {
        store.write(vec![row(at)]).await.unwrap();
    }
    assert_eq!(
        logs::lines_with("can be written by every user"),
        1,
        "{}",
        logs::text()
    );
    assert_eq!(mode(&shared.join(sqlite::FILE)), 0o600);
    unsafe { libc::umask(old) };
}
