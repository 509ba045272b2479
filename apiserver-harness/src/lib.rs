//! A real Kubernetes API server for tests: etcd + kube-apiserver built by `cargo xtask
//! apiserver`, on random loopback ports, with KubeVirt's CRDs.
//!
//! One server per test binary ([`shared`]), a namespace per test ([`namespace`]). When the
//! binaries or the CRDs cannot be had, [`shared`] says so and answers `None` (the test returns),
//! unless the run is opted in (`STRATA_REAL_APISERVER=1`, set by `cargo xtask apiserver --test`
//! and `cargo xtask test`): then it fails. A server that is there but does not
//! start always fails.

mod binaries;
pub mod crds;
mod kubeconfig;
pub mod manifest;
mod pki;
mod process;
mod rbac;
mod server;
mod users;
pub mod versions;

pub use binaries::Binaries;
pub use rbac::{grant_read, namespace, service_account_token};
pub use server::ApiServer;
pub use users::User;

use std::sync::OnceLock;

/// Whether this run must have a real API server (`STRATA_REAL_APISERVER=1`).
pub fn opted_in() -> bool {
    std::env::var("STRATA_REAL_APISERVER").as_deref() == Ok("1")
}

enum Shared {
    Up(Box<ApiServer>),
    /// The binaries or CRDs are missing: why.
    Missing(String),
    /// They are there but the server did not start: why.
    Failed(String),
}

/// The test binary's one server, started on first use and killed when the binary exits.
/// `None` (after a notice) when it cannot be had and the run is not opted in.
pub fn shared() -> Option<&'static ApiServer> {
    shared_with(&[])
}

/// [`shared`], its kube-apiserver started with the `extra` flags (e.g. `--watch-cache=false`).
/// A test binary passes the same flags on every call: the first call's start the server.
pub fn shared_with(extra: &'static [&'static str]) -> Option<&'static ApiServer> {
    static SHARED: OnceLock<Shared> = OnceLock::new();
    match SHARED.get_or_init(|| start_shared(extra)) {
        Shared::Up(server) => {
            register_stop(server);
            Some(server)
        }
        Shared::Missing(why) if !opted_in() => {
            // Straight to stderr: libtest would swallow `eprintln!` of a passing test.
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "NOTICE: real API server test skipped (set STRATA_REAL_APISERVER=1 to make this fail): {why}"
            );
            None
        }
        Shared::Missing(why) | Shared::Failed(why) => {
            panic!("the real API server is required here: {why}")
        }
    }
}

/// The shared server, registered to be stopped at exit (statics are never dropped).
static STOP_AT_EXIT: OnceLock<&'static ApiServer> = OnceLock::new();

extern "C" fn stop_at_exit() {
    if let Some(server) = STOP_AT_EXIT.get() {
        server.stop();
    }
}

fn start_shared(extra: &'static [&'static str]) -> Shared {
    let bins = match Binaries::find() {
        Ok(b) => b,
        Err(why) => return Shared::Missing(why),
    };
    let crds = match crds::read(&crds::source()) {
        Ok(c) => c,
        Err(why) => return Shared::Missing(why),
    };
    // Started on a thread of its own: the caller may be inside a test's runtime.
    let started = std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?
            .block_on(ApiServer::start_with(&bins, crds, extra))
    })
    .join()
    .unwrap_or_else(|_| Err("the start-up thread panicked".into()));
    match started {
        Ok(server) => {
            let rss: Vec<String> = server
                .rss()
                .iter()
                .map(|(name, b)| format!("{name} {} MB", b.unwrap_or(0) / 1_000_000))
                .collect();
            eprintln!(
                "NOTICE: real API server at {} ready in {:.1} s, with {} CRDs Established in {:.1} s; resident: {}",
                server.url,
                server.ready_in.as_secs_f64(),
                server.crds.len(),
                server.startup.as_secs_f64(),
                rss.join(", ")
            );
            Shared::Up(Box::new(server))
        }
        Err(why) => Shared::Failed(why),
    }
}

/// Registers [`stop_at_exit`] for the shared server (called once it is up).
fn register_stop(server: &'static ApiServer) {
    if STOP_AT_EXIT.set(server).is_ok() {
        // SAFETY: registers a plain function.
        unsafe { libc::atexit(stop_at_exit) };
    }
}
