//! The `strata` binary as a child process, for tests that need a real process boundary (a
//! restart of `strata serve` on the same data directory, not a new server in the test process).
//!
//! The binary is `STRATA_BIN` when set, else this workspace's debug build (`cargo build -p
//! backend --bin strata`, a no-op when fresh). It is copied into a temporary folder before it
//! runs: a shared target directory may be rebuilt by another checkout meanwhile.

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};
use tokio::process::{Child, Command};

/// A `strata serve` (or `strata demo`) child, killed when dropped.
pub struct Serve {
    child: Child,
    _bin: tempfile::TempDir,
    _kubeconfig: tempfile::TempDir,
}

impl Serve {
    /// The child's process id.
    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }
}

/// The `strata` binary to run, copied to a folder of its own (kept while the dir lives).
async fn binary() -> Result<(tempfile::TempDir, PathBuf)> {
    let built = match std::env::var_os("STRATA_BIN") {
        Some(p) => PathBuf::from(p),
        None => build().await?,
    };
    let dir = tempfile::tempdir()?;
    let copy = dir.path().join("strata");
    std::fs::copy(&built, &copy).with_context(|| format!("copying {}", built.display()))?;
    Ok((dir, copy))
}

/// Builds this workspace's `strata` (debug) and returns the executable cargo reports.
async fn build() -> Result<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(crate::workspace())
        .args([
            "build",
            "-p",
            "backend",
            "--bin",
            "strata",
            "--message-format=json",
        ])
        .stderr(Stdio::inherit())
        .output()
        .await
        .context("running cargo build for the strata binary")?;
    if !out.status.success() {
        bail!("cargo build -p backend --bin strata failed");
    }
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == "strata")
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .context("cargo reported no strata executable")
}

/// Starts `strata serve` on `listen` against the simulator at `sim_url` (through a kubeconfig,
/// as against a real cluster), recording in `data_dir`, and waits until `/readyz` answers.
pub async fn serve(
    sim_url: &str,
    listen: std::net::SocketAddr,
    dist: &Path,
    data_dir: &Path,
) -> Result<Serve> {
    let (bin_dir, bin) = binary().await?;
    let (kc_dir, kc) = crate::bench::load::temp_kubeconfig(sim_url)?;
    let mut cmd = Command::new(&bin);
    cmd.arg("serve")
        .arg("--listen")
        .arg(listen.to_string())
        .arg("--kubeconfig")
        .arg(&kc)
        .arg("--assets")
        .arg(dist)
        .arg("--prometheus-url")
        .arg(sim_url)
        .arg("--data-dir")
        .arg(data_dir)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true);
    let child = spawn_copied(&mut cmd, &bin).await?;
    let serve = Serve {
        child,
        _bin: bin_dir,
        _kubeconfig: kc_dir,
    };
    ready(serve, listen).await
}

/// Starts `strata demo --clusters N` on `listen` (a simulated fleet in the child, named `prod`,
/// `staging`, `edge`, …), and waits until `/readyz` answers.
pub async fn demo_fleet(clusters: u16, listen: std::net::SocketAddr, dist: &Path) -> Result<Serve> {
    let (bin_dir, bin) = binary().await?;
    let mut cmd = Command::new(&bin);
    cmd.arg("demo")
        .arg("--clusters")
        .arg(clusters.to_string())
        .arg("--listen")
        .arg(listen.to_string())
        .arg("--assets")
        .arg(dist)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true);
    let child = spawn_copied(&mut cmd, &bin).await?;
    let serve = Serve {
        child,
        _bin: bin_dir,
        _kubeconfig: tempfile::tempdir()?,
    };
    ready(serve, listen).await
}

/// Spawns `cmd`, the copy of the binary at `bin`. While another test of the same process copies
/// its own binary, a child it forks meanwhile holds that copy's file open for writing, and
/// spawning ours may fail with ETXTBSY until that child has exec'd: spawned again, briefly.
async fn spawn_copied(cmd: &mut Command, bin: &Path) -> Result<Child> {
    let mut tries = 0;
    loop {
        match cmd.spawn() {
            Err(e) if e.raw_os_error() == Some(libc::ETXTBSY) && tries < 50 => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            r => return r.with_context(|| format!("starting {}", bin.display())),
        }
    }
}

/// `serve` once `/readyz` answers on `listen`.
async fn ready(mut serve: Serve, listen: std::net::SocketAddr) -> Result<Serve> {
    let client = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(r) = client.get(format!("http://{listen}/readyz")).send().await
            && r.status().is_success()
        {
            return Ok(serve);
        }
        if let Some(status) = serve.child.try_wait()? {
            bail!("strata exited before it was ready: {status}");
        }
        if Instant::now() > deadline {
            bail!("strata did not become ready on {listen} within 60 s");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
