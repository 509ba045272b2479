//! `real-apiserver KUBECONFIG`: the harness's etcd + kube-apiserver with KubeVirt's CRDs, kept
//! running until SIGINT or SIGTERM, its admin kubeconfig written (mode 0600) to `KUBECONFIG`
//! once the CRDs are Established, and removed at the end. `cargo xtask demo --real-apiserver`
//! runs it, then the simulator (`strata sim --apiserver`) and the console on it.

use apiserver_harness::{ApiServer, Binaries, crds};
use std::path::PathBuf;
use std::process::ExitCode;

async fn serve(out: PathBuf) -> Result<(), String> {
    let bins = Binaries::find()?;
    let crds = crds::read(&crds::source())?;
    let server = ApiServer::start(&bins, crds).await?;
    let _ = std::fs::remove_file(&out);
    // A copy keeps the file's 0600.
    std::fs::copy(&server.kubeconfig, &out).map_err(|e| format!("{}: {e}", out.display()))?;
    println!("API server: {}", server.url);
    println!("kubeconfig: {}", out.display());
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .map_err(|e| e.to_string())?;
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
    let _ = std::fs::remove_file(&out);
    server.stop();
    Ok(())
}

fn main() -> ExitCode {
    let Some(out) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: real-apiserver KUBECONFIG");
        return ExitCode::from(2);
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    match runtime.block_on(serve(out)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("real-apiserver: {why}");
            ExitCode::FAILURE
        }
    }
}
