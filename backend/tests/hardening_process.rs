//! Issue 17, the `strata` binary itself: local mode on a non-loopback address is refused without
//! `--unsafe-shared-local`, and `strata serve` stops on SIGTERM or Ctrl-C within 10 s while a
//! push stream is open (signals go to the child's own pid only, through `libc::kill`).

mod common;

use common::*;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Waits up to `limit` for `child` to exit.
fn wait_for(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

/// Ends `child` if a test failed before it exited (its own pid only).
struct Reaper(Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        if self.0.try_wait().ok().flatten().is_none() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

#[test]
fn local_mode_on_a_non_loopback_address_is_refused() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_strata"))
        .args(["demo", "--listen", "0.0.0.0:0", "--assets", "/nonexistent"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_for(&mut child, Duration::from_secs(10));
    let mut child = Reaper(child);
    let status = status.expect("strata started serving on 0.0.0.0 in local mode");
    assert!(!status.success());
    let mut err = String::new();
    std::io::Read::read_to_string(child.0.stderr.as_mut().unwrap(), &mut err).unwrap();
    assert!(err.contains("CVE-2018-18264"), "{err}");
    assert!(err.contains("--unsafe-shared-local"), "{err}");
}

/// `strata serve` against `sim`, on a free loopback port; the child and its URL.
fn serve(sim_url: &str, dir: &std::path::Path) -> (Reaper, String) {
    let kubeconfig = dir.join("kubeconfig");
    std::fs::write(
        &kubeconfig,
        format!(
            "apiVersion: v1\nkind: Config\nclusters:\n- name: sim\n  cluster:\n    server: {sim_url}\n\
             users:\n- name: sim\n  user: {{}}\ncontexts:\n- name: sim\n  context:\n    cluster: sim\n    \
             user: sim\ncurrent-context: sim\n"
        ),
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_strata"))
        .arg("serve")
        .arg("--kubeconfig")
        .arg(&kubeconfig)
        .args(["--listen", "127.0.0.1:0", "--assets", "/nonexistent"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim()
        .strip_prefix("Strata is serving on ")
        .unwrap_or_else(|| panic!("{line:?}"))
        .to_string();
    (Reaper(child), url)
}

async fn stops_on(signal: libc::c_int) {
    let sim = sim("healthy").await;
    let dir = tempfile::tempdir().unwrap();
    let (mut child, url) = serve(&sim.url(), dir.path());
    eventually(Duration::from_secs(20), "ready", || async {
        let r = http().get(format!("{url}/readyz")).send().await.ok()?;
        (r.status() == 200).then_some(())
    })
    .await;
    let mut stream = http()
        .get(format!("{url}/api/v1/stream"))
        .send()
        .await
        .unwrap();
    stream.chunk().await.unwrap();
    let pid = child.0.id() as libc::pid_t;
    // SAFETY: a signal to the child's own pid, which has not been reaped.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    let t = Instant::now();
    let status = tokio::task::spawn_blocking(move || {
        let s = wait_for(&mut child.0, Duration::from_secs(10));
        (s, child)
    })
    .await
    .unwrap()
    .0;
    let status = status.expect("strata still running 10 s after the signal");
    assert!(
        status.success(),
        "a clean exit, not killed by the signal: {status:?}"
    );
    assert!(t.elapsed() < Duration::from_secs(10));
    // The stream was ended.
    let rest = tokio::time::timeout(Duration::from_secs(2), async {
        while let Ok(Some(_)) = stream.chunk().await {}
    })
    .await;
    assert!(rest.is_ok());
}

// Multi-threaded: the simulator must answer while this thread reads the child's output.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_serve_within_10_s_with_a_stream_open() {
    stops_on(libc::SIGTERM).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_c_stops_serve_within_10_s_with_a_stream_open() {
    stops_on(libc::SIGINT).await;
}
