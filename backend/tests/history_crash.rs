//! `kill -9` during writes leaves a readable SQLite history. The test binary runs itself as the
//! writer (the `writer_child` test, active only with `STRATA_HISTORY_CHILD_DIR`), kills it with
//! SIGKILL through `libc::kill` on its pid alone while it writes, and opens what is left.

use backend::history::{self, Record, Step, Transition, VmiId};
use model::VmiKey;
use model::verdict::{Health, Layer};
use std::time::{Duration, Instant};

const CHILD: &str = "STRATA_HISTORY_CHILD_DIR";

fn batch(n: usize, i: usize) -> Vec<Record> {
    (0..n)
        .map(|j| {
            Record::Transition(
                VmiId::new(
                    VmiKey {
                        cluster: String::new(),
                        namespace: "ns".into(),
                        name: format!("vm-{}", j % 100),
                    },
                    format!("uid-{}", j % 100),
                ),
                Transition {
                    at: (i * n + j) as i64,
                    step: Step::Verdict {
                        layer: Layer::Node,
                        old: Some(Health::Healthy),
                        new: Health::Broken,
                    },
                    title: "x".repeat(200),
                },
            )
        })
        .collect()
}

/// The writer: records batches until it is killed (a no-op without the variable).
#[tokio::test]
async fn writer_child() {
    let Ok(dir) = std::env::var(CHILD) else {
        return;
    };
    let store = history::open(None, std::path::Path::new(&dir))
        .await
        .unwrap();
    for i in 0.. {
        store.write(batch(500, i)).await.unwrap();
    }
}

#[tokio::test]
async fn kill_9_during_writes_leaves_a_readable_database() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["writer_child", "--exact", "--nocapture"])
        .env(CHILD, dir.path())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let path = dir.path().join(history::sqlite::FILE);
    let deadline = Instant::now() + Duration::from_secs(60);
    let seen = loop {
        assert!(Instant::now() < deadline, "the writer wrote nothing");
        tokio::time::sleep(Duration::from_millis(100)).await;
        if !path.exists() {
            continue;
        }
        let Ok(store) = history::open(None, dir.path()).await else {
            continue;
        };
        match store.stats().await {
            Ok(s) if s.transitions >= 5_000 => break s.transitions,
            _ => continue,
        }
    };
    // Mid-write: the writer never pauses between transactions.
    let pid = i32::try_from(child.id()).unwrap();
    assert!(pid > 0);
    // SAFETY: a signal to our own child, by its pid alone.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGKILL) }, 0);
    let status = child.wait().unwrap();
    assert!(!status.success(), "killed");
    let store = history::open(None, dir.path()).await.unwrap();
    let stats = store.stats().await.unwrap();
    assert!(stats.transitions >= seen, "{} < {seen}", stats.transitions);
    assert_eq!(stats.transitions % 500, 0, "whole transactions only");
    let key = VmiKey {
        cluster: String::new(),
        namespace: "ns".into(),
        name: "vm-7".into(),
    };
    let h = store
        .history(&VmiId::new(key, "uid-7"), 0, i64::MAX)
        .await
        .unwrap();
    assert!(!h.transitions.is_empty());
    let conn = rusqlite::Connection::open(&path).unwrap();
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    // And it still takes writes.
    store.write(batch(10, 0)).await.unwrap();
}
