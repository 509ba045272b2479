//! `cargo xtask demo --real-apiserver`: the console on a real kube-apiserver that the simulator
//! writes its world into. Three processes: the harness's `real-apiserver` (etcd + kube-apiserver
//! with KubeVirt's CRDs, from the cached binaries, built first when missing), `strata sim
//! --apiserver` (the simulator mirroring into it; its own address still answers Prometheus
//! queries) and `strata serve --kubeconfig` (the console). Ctrl-C reaches all three; when the
//! console ends, the other two are stopped.

use crate::{apiserver, cmd, root, run, show, target_dir};
use anyhow::{Context, Result, bail};
use std::path::Path;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// How long the API server gets to start and install the CRDs.
const READY_WITHIN: Duration = Duration::from_secs(180);

fn spawn(c: &mut Command) -> Result<Child> {
    eprintln!("xtask: $ {}", show(c));
    c.spawn()
        .with_context(|| format!("cannot start {}", show(c)))
}

/// Stops a child with SIGTERM (so that `real-apiserver` removes its kubeconfig), then waits;
/// through `kill(1)`: xtask has no libc binding for one call.
fn stop(mut child: Child) {
    if let Ok(Some(_)) = child.try_wait() {
        return;
    }
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let _ = child.wait();
}

/// Waits until `file` exists while `child` runs.
fn wait_for(file: &Path, child: &mut Child) -> Result<()> {
    let began = Instant::now();
    while !file.is_file() {
        if let Some(status) = child.try_wait()? {
            bail!("real-apiserver ended ({status}) before it was ready");
        }
        if began.elapsed() > READY_WITHIN {
            bail!("the real API server was not ready within {READY_WITHIN:?}");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    Ok(())
}

pub fn main(args: Vec<String>) -> Result<()> {
    let bins = apiserver::ensure()?;
    run(cmd("cargo").args([
        "build",
        "-p",
        "apiserver-harness",
        "--bin",
        "real-apiserver",
    ]))?;
    let dir = root().join("target/real-apiserver");
    std::fs::create_dir_all(&dir)?;
    let kubeconfig = dir.join("kubeconfig");
    let _ = std::fs::remove_file(&kubeconfig);
    let mut server = spawn(
        cmd(&target_dir().join("debug/real-apiserver").to_string_lossy())
            .arg(&kubeconfig)
            .env("STRATA_APISERVER_DIR", &bins.dir)
            .env("STRATA_KUBEVIRT_CRDS", apiserver::kubevirt_crds()),
    )?;
    if let Err(e) = wait_for(&kubeconfig, &mut server) {
        stop(server);
        return Err(e);
    }
    let strata = target_dir().join("release/strata");
    let sim_addr = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?;
    let sim = spawn(
        cmd(&strata.to_string_lossy())
            .args(["sim", "--listen", &sim_addr.to_string(), "--apiserver"])
            .arg(&kubeconfig),
    )?;
    let mut console = cmd(&strata.to_string_lossy());
    console
        .args(["serve", "--kubeconfig"])
        .arg(&kubeconfig)
        .arg("--assets")
        .arg(root().join("dist"))
        .args(["--prometheus-url", &format!("http://{sim_addr}")])
        .args(args);
    let console = spawn(&mut console);
    eprintln!(
        "xtask: the console reads a real API server; try `kubectl --kubeconfig {} get vmi -A`",
        kubeconfig
            .strip_prefix(root())
            .unwrap_or(&kubeconfig)
            .display()
    );
    let ended = console.and_then(|mut c| Ok(c.wait()?));
    stop(sim);
    stop(server);
    let status = ended?;
    if !status.success() {
        bail!("strata serve ended: {status}");
    }
    Ok(())
}
