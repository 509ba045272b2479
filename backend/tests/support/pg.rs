//! A real PostgreSQL server for the store tests, never a mock.
//!
//! `STRATA_TEST_PG_URL` names a server to use. Without it, a throwaway cluster is started once
//! per test binary from Debian's `postgresql` (`/usr/lib/postgresql/*/bin`): `initdb` into a
//! temporary directory and `postgres` on a free loopback port, run as the `postgres` user when
//! we are root; it dies with the test binary. When no server can be had the tests fail if
//! `STRATA_TEST_PG_REQUIRED=1` (set by `cargo xtask test`), else they are skipped with a notice.
//! Each test gets its own database.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The server's URL (of its `postgres` database), or why there is none.
fn server() -> &'static Result<String, String> {
    static SERVER: OnceLock<Result<String, String>> = OnceLock::new();
    SERVER.get_or_init(|| match std::env::var("STRATA_TEST_PG_URL") {
        Ok(url) if !url.is_empty() => Ok(url),
        _ => start(),
    })
}

/// A fresh database on the server, as a URL; `None` (after a notice) when there is no server
/// and none is required.
pub async fn database() -> Option<String> {
    let base = match server() {
        Ok(u) => u.clone(),
        Err(why) => {
            if std::env::var("STRATA_TEST_PG_REQUIRED").as_deref() == Ok("1") {
                panic!("the PostgreSQL store tests need a server: {why}");
            }
            eprintln!("NOTICE: PostgreSQL store test skipped: {why}");
            return None;
        }
    };
    static N: AtomicUsize = AtomicUsize::new(0);
    let db = format!(
        "strata_t{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    );
    let mut tries = 0;
    let (client, conn) = loop {
        // A server that just started may still refuse ("starting up").
        match tokio_postgres::connect(&base, tokio_postgres::NoTls).await {
            Ok(c) => break c,
            Err(e) if tries < 100 => {
                tries += 1;
                let _ = e;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("cannot connect to the test PostgreSQL at {base}: {e}"),
        }
    };
    tokio::spawn(conn);
    client
        .batch_execute(&format!("CREATE DATABASE {db}"))
        .await
        .expect("create the test database");
    Some(with_database(&base, &db))
}

/// `url` with its database replaced by `db`.
fn with_database(url: &str, db: &str) -> String {
    let (main, query) = url.split_once('?').map_or((url, ""), |(a, b)| (a, b));
    let scheme_end = main.find("://").map_or(0, |i| i + 3);
    let host_end = main[scheme_end..]
        .find('/')
        .map_or(main.len(), |i| scheme_end + i);
    let q = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    format!("{}/{db}{q}", &main[..host_end])
}

fn bin_dir() -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("initdb").is_file())
        .collect();
    dirs.sort();
    dirs.pop()
}

/// The `postgres` user's uid and gid when we are root (initdb refuses to run as root).
fn drop_to() -> Option<(u32, u32)> {
    // SAFETY: plain libc calls; getpwnam's result is read at once.
    unsafe {
        if libc::geteuid() != 0 {
            return None;
        }
        let pw = libc::getpwnam(c"postgres".as_ptr());
        if pw.is_null() {
            return None;
        }
        Some(((*pw).pw_uid, (*pw).pw_gid))
    }
}

fn command(bin: &Path, user: Option<(u32, u32)>) -> Command {
    let mut c = Command::new(bin);
    if let Some((uid, gid)) = user {
        c.uid(uid).gid(gid);
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            c.pre_exec(|| {
                libc::setgroups(0, std::ptr::null());
                Ok(())
            });
        }
    }
    c
}

/// The started server's pid and directory, for [`at_exit`].
static STARTED: OnceLock<(i32, PathBuf)> = OnceLock::new();

/// When the test binary exits: the server is killed (by its pid) and its directory removed.
extern "C" fn at_exit() {
    if let Some((pid, dir)) = STARTED.get() {
        // SAFETY: a signal to our own child, by its pid alone.
        unsafe { libc::kill(*pid, libc::SIGKILL) };
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// Removes the directories of earlier runs whose process is gone.
fn clean_stale(tmp: &Path) {
    for e in std::fs::read_dir(tmp).into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let Some(pid) = name
            .strip_prefix("strata-pg-")
            .and_then(|p| p.parse::<i32>().ok())
        else {
            continue;
        };
        // SAFETY: signal 0 only checks that the process exists.
        if unsafe { libc::kill(pid, 0) } != 0 {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

fn start() -> Result<String, String> {
    let bin = bin_dir().ok_or("no /usr/lib/postgresql/*/bin/initdb (install Debian's postgresql, e.g. `cargo xtask setup --test`), and STRATA_TEST_PG_URL is not set")?;
    let tmp = std::env::temp_dir();
    clean_stale(&tmp);
    let dir = tmp.join(format!("strata-pg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let user = drop_to();
    if let Some((uid, gid)) = user {
        std::os::unix::fs::chown(&dir, Some(uid), Some(gid)).map_err(|e| format!("chown: {e}"))?;
    }
    let data = dir.join("data");
    let out = command(&bin.join("initdb"), user)
        .args([
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
            "-E",
            "UTF8",
            "-D",
        ])
        .arg(&data)
        .output()
        .map_err(|e| format!("cannot run initdb: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_err(|e| format!("no free port: {e}"))?
        .port();
    let (tx, rx) = std::sync::mpsc::channel();
    let (postgres, sock) = (bin.join("postgres"), dir.clone());
    // The server is the child of a thread that never ends, so PR_SET_PDEATHSIG fires only when
    // the test binary exits.
    std::thread::spawn(move || {
        let mut c = command(&postgres, user);
        c.arg("-D").arg(&data).arg("-k").arg(&sock);
        c.args(["-p", &port.to_string(), "-c", "listen_addresses=127.0.0.1"]);
        c.args(["-c", "fsync=off", "-c", "synchronous_commit=off"]);
        c.stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        // SAFETY: prctl is async-signal-safe.
        unsafe {
            c.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
        let child = c.spawn();
        let _ = tx.send(child.as_ref().map(|c| c.id()).map_err(|e| e.to_string()));
        if let Ok(mut child) = child {
            let _ = child.wait();
        }
        loop {
            std::thread::park();
        }
    });
    let pid = rx
        .recv()
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("cannot start postgres: {e}"))?;
    let _ = STARTED.set((pid as i32, dir.clone()));
    // SAFETY: registers a plain function.
    unsafe { libc::atexit(at_exit) };
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() > deadline {
            return Err("postgres did not listen within 30 s".into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok(format!("postgres://postgres@127.0.0.1:{port}/postgres"))
}
