//! A throwaway PostgreSQL server for tests, the one launcher the backend's history tests and
//! `cargo xtask test` share: Debian's `postgresql` (`/usr/lib/postgresql/*/bin`), `initdb` into a
//! temporary directory and `postgres` on a free loopback port, run as the `postgres` user when
//! we are root (initdb refuses root). The server is the child of a keeper thread that never
//! ends, with `PR_SET_PDEATHSIG`, so it dies with the process that started it; dropping a
//! [`Server`] kills it and removes its directory, and [`Server::kill_at_exit`] keeps one for the
//! life of a test binary. A crate of its own (only `libc`), so that neither xtask nor the
//! backend's tests depend on the other.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// A running server; killed, and its directory removed, when dropped.
pub struct Server {
    /// `postgres://postgres@127.0.0.1:PORT/postgres`: the superuser, trust authentication.
    pub url: String,
    /// Its TCP port on 127.0.0.1.
    pub port: u16,
    pid: i32,
    dir: PathBuf,
    exited: Mutex<Receiver<()>>,
}

/// The prefix of the servers' directories under the temporary directory, followed by the pid
/// and the server's number within the process.
const DIR_PREFIX: &str = "strata-pg-";

/// Debian's newest `/usr/lib/postgresql/*/bin` holding an `initdb`.
pub fn bin_dir() -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("initdb").is_file())
        .collect();
    dirs.sort();
    dirs.pop()
}

/// The `postgres` user's uid and gid when we are root.
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

/// Removes the directories of earlier runs whose process is gone.
fn clean_stale(tmp: &Path) {
    for e in std::fs::read_dir(tmp).into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let Some(pid) = name
            .strip_prefix(DIR_PREFIX)
            .and_then(|p| p.split('-').next())
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

/// `initdb` into `data`, trust authentication, superuser `postgres`.
fn initdb(bin: &Path, data: &Path, user: Option<(u32, u32)>) -> Result<(), String> {
    let out = command(&bin.join("initdb"), user)
        .args(["-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
        .arg("-D")
        .arg(data)
        .output()
        .map_err(|e| format!("cannot run initdb: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

/// Spawns `postgres` from a keeper thread that never ends (so `PR_SET_PDEATHSIG` fires only
/// when the process exits); its pid, and a receiver that hears when it has exited.
fn spawn(
    bin: &Path,
    dir: &Path,
    port: u16,
    user: Option<(u32, u32)>,
) -> Result<(i32, Receiver<()>), String> {
    let (tx, rx) = channel();
    let (exited_tx, exited) = channel();
    let (postgres, data, sock) = (bin.join("postgres"), dir.join("data"), dir.to_path_buf());
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
            let _ = exited_tx.send(());
        }
        loop {
            std::thread::park();
        }
    });
    let pid = rx
        .recv()
        .map_err(|e| e.to_string())?
        .map_err(|e| format!("cannot start postgres: {e}"))?;
    Ok((pid as i32, exited))
}

impl Server {
    /// Starts a server and waits (up to 30 s) until it listens.
    pub fn start() -> Result<Server, String> {
        let bin = bin_dir().ok_or("no /usr/lib/postgresql/*/bin/initdb (install Debian's postgresql, e.g. `cargo xtask setup --test`)")?;
        let tmp = std::env::temp_dir();
        clean_stale(&tmp);
        static STARTED: AtomicUsize = AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, Ordering::Relaxed);
        let dir = tmp.join(format!("{DIR_PREFIX}{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let user = drop_to();
        if let Some((uid, gid)) = user {
            std::os::unix::fs::chown(&dir, Some(uid), Some(gid))
                .map_err(|e| format!("chown: {e}"))?;
        }
        initdb(&bin, &dir.join("data"), user)?;
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| format!("no free port: {e}"))?
            .port();
        let (pid, exited) = spawn(&bin, &dir, port, user)?;
        let server = Server {
            url: format!("postgres://postgres@127.0.0.1:{port}/postgres"),
            port,
            pid,
            dir,
            exited: Mutex::new(exited),
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > deadline {
                return Err("postgres did not listen within 30 s".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(server)
    }

    /// Its directory (the data folder and the socket), removed when it stops.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Keeps the server until the process exits (then it is killed and its directory removed),
    /// for one server shared by every test of a binary; its URL.
    pub fn kill_at_exit(self) -> String {
        static KEPT: Mutex<Vec<(i32, PathBuf)>> = Mutex::new(Vec::new());
        static REGISTERED: OnceLock<()> = OnceLock::new();
        extern "C" fn at_exit() {
            let kept = KEPT.lock().map(|k| k.clone()).unwrap_or_default();
            for (pid, dir) in kept {
                // SAFETY: a signal to our own child, by its pid alone.
                unsafe { libc::kill(pid, libc::SIGKILL) };
                let _ = std::fs::remove_dir_all(dir);
            }
        }
        REGISTERED.get_or_init(|| {
            // SAFETY: registers a plain function.
            unsafe { libc::atexit(at_exit) };
        });
        if let Ok(mut kept) = KEPT.lock() {
            kept.push((self.pid, self.dir.clone()));
        }
        let url = self.url.clone();
        std::mem::forget(self);
        url
    }
}

impl Drop for Server {
    /// PostgreSQL's immediate shutdown (SIGQUIT, as `pg_ctl -m immediate stop`): the postmaster
    /// ends its children, then itself, so its port is closed once it has exited; SIGKILL if it
    /// has not within 10 s.
    fn drop(&mut self) {
        let exited = self.exited.lock();
        for signal in [libc::SIGQUIT, libc::SIGKILL] {
            // SAFETY: a signal to our own child, by its pid alone.
            unsafe { libc::kill(self.pid, signal) };
            let gone = exited
                .as_ref()
                .map_or(true, |e| e.recv_timeout(Duration::from_secs(10)).is_ok());
            if gone {
                break;
            }
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
