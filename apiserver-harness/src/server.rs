//! One etcd + kube-apiserver pair on loopback, torn down when dropped.
//!
//! etcd listens on plain HTTP on loopback; kube-apiserver serves HTTPS with the harness's own CA
//! (see `pki`), authenticates static tokens (`users`) and ServiceAccount tokens it issues,
//! authorizes with RBAC, and does not reconcile its own endpoints (`--endpoint-reconciler-type
//! =none`: there is no cluster network).

use crate::binaries::Binaries;
use crate::pki::Pki;
use crate::process::Group;
use crate::users::{Tokens, User};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long etcd and kube-apiserver get to become ready.
const READY_WITHIN: Duration = Duration::from_secs(90);

pub struct ApiServer {
    /// `https://127.0.0.1:PORT`.
    pub url: String,
    /// etcd's client URL (`http://127.0.0.1:PORT`), for tests that compact it.
    pub etcd_url: String,
    pub ca_pem: String,
    ca_der: Vec<u8>,
    tokens: Tokens,
    /// The admin's kubeconfig.
    pub kubeconfig: PathBuf,
    /// The CRDs installed (their names).
    pub crds: Vec<String>,
    /// From the first process start to `/readyz` answering 200.
    pub ready_in: Duration,
    /// From the first process start to Established CRDs.
    pub startup: Duration,
    procs: Mutex<Vec<Group>>,
    dir: Mutex<Option<tempfile::TempDir>>,
}

/// A free loopback port (bound, read, released: the server binds it next).
fn free_port() -> Result<u16, String> {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}

fn log_to(dir: &Path, name: &str) -> Result<(Stdio, Stdio), String> {
    let f = std::fs::File::create(dir.join(format!("{name}.log"))).map_err(|e| e.to_string())?;
    let g = f.try_clone().map_err(|e| e.to_string())?;
    Ok((Stdio::from(f), Stdio::from(g)))
}

/// The last lines of a process's log, for an error message.
fn log_tail(dir: &Path, name: &str) -> String {
    let text = std::fs::read_to_string(dir.join(format!("{name}.log"))).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(15)..].join("\n")
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn etcd(bin: &Path, dir: &Path, client: u16, peer: u16) -> Result<Group, String> {
    let (client, peer) = (
        format!("http://127.0.0.1:{client}"),
        format!("http://127.0.0.1:{peer}"),
    );
    let mut c = Command::new(bin);
    c.arg("--name=default")
        .arg(format!("--data-dir={}", dir.join("etcd").display()))
        .arg(format!("--listen-client-urls={client}"))
        .arg(format!("--advertise-client-urls={client}"))
        .arg(format!("--listen-peer-urls={peer}"))
        .arg(format!("--initial-advertise-peer-urls={peer}"))
        .arg(format!("--initial-cluster=default={peer}"))
        .args(["--unsafe-no-fsync", "--log-level=warn"]);
    let (out, err) = log_to(dir, "etcd")?;
    c.stdin(Stdio::null()).stdout(out).stderr(err);
    Group::spawn("etcd", c).map_err(|e| format!("cannot start {}: {e}", bin.display()))
}

fn kube_apiserver(
    bin: &Path,
    dir: &Path,
    port: u16,
    etcd: &str,
    extra: &[&str],
) -> Result<Group, String> {
    let p = |name: &str| dir.join(name).display().to_string();
    let mut c = Command::new(bin);
    c.arg(format!("--etcd-servers={etcd}"))
        .args(["--bind-address=127.0.0.1", "--advertise-address=127.0.0.1"])
        .arg(format!("--secure-port={port}"))
        .arg(format!("--cert-dir={}", p("certs")))
        .arg(format!("--tls-cert-file={}", p("serving.crt")))
        .arg(format!("--tls-private-key-file={}", p("serving.key")))
        .arg(format!("--client-ca-file={}", p("ca.crt")))
        .arg(format!("--token-auth-file={}", p("tokens.csv")))
        .args(["--authorization-mode=RBAC", "--anonymous-auth=false"])
        .arg(format!("--service-account-key-file={}", p("sa.pub")))
        .arg(format!(
            "--service-account-signing-key-file={}",
            p("sa.key")
        ))
        .args([
            "--service-account-issuer=https://kubernetes.default.svc",
            "--api-audiences=https://kubernetes.default.svc",
            // Allocated only: nothing is routed there.
            "--service-cluster-ip-range=10.96.0.0/24",
            "--endpoint-reconciler-type=none",
            "--allow-privileged=true",
            "--profiling=false",
            // The launcher pods of the simulator name ServiceAccounts no controller creates; a
            // node is created with a `not-ready` taint (TaintNodesByCondition) that only the node
            // lifecycle controller, which does not run here, lifts once the node is Ready.
            "--disable-admission-plugins=ServiceAccount,TaintNodesByCondition",
        ])
        .args(extra);
    let (out, err) = log_to(dir, "kube-apiserver")?;
    c.stdin(Stdio::null()).stdout(out).stderr(err);
    Group::spawn("kube-apiserver", c).map_err(|e| format!("cannot start {}: {e}", bin.display()))
}

impl ApiServer {
    /// Starts etcd and kube-apiserver, waits for `/readyz`, installs `crds` and waits until
    /// they are Established.
    pub async fn start(bins: &Binaries, crds: Vec<serde_json::Value>) -> Result<ApiServer, String> {
        Self::start_with(bins, crds, &[]).await
    }

    /// [`ApiServer::start`] with `extra` kube-apiserver flags.
    pub async fn start_with(
        bins: &Binaries,
        crds: Vec<serde_json::Value>,
        extra: &[&str],
    ) -> Result<ApiServer, String> {
        let began = Instant::now();
        clean_stale(&std::env::temp_dir());
        let dir = tempfile::Builder::new()
            .prefix(&format!("strata-apiserver-{}-", std::process::id()))
            .tempdir()
            .map_err(|e| format!("temporary folder: {e}"))?;
        let d = dir.path();
        let pki = Pki::new().map_err(|e| format!("test PKI: {e}"))?;
        let tokens = Tokens::random();
        write(&d.join("ca.crt"), &pki.ca_pem)?;
        write(&d.join("serving.crt"), &pki.serving_cert_pem)?;
        write(&d.join("serving.key"), &pki.serving_key_pem)?;
        write(&d.join("sa.key"), &pki.service_account_key_pem)?;
        write(&d.join("sa.pub"), &pki.service_account_pub_pem)?;
        write(&d.join("tokens.csv"), &tokens.csv())?;
        let (etcd_port, peer_port, port) = (free_port()?, free_port()?, free_port()?);
        let etcd_url = format!("http://127.0.0.1:{etcd_port}");
        let url = format!("https://127.0.0.1:{port}");
        let kubeconfig = d.join("kubeconfig");
        let admin = User::Admin;
        crate::kubeconfig::write(
            &kubeconfig,
            &url,
            &pki.ca_pem,
            admin.name(),
            tokens.of(admin),
        )
        .map_err(|e| format!("kubeconfig: {e}"))?;
        let mut server = ApiServer {
            url,
            etcd_url: etcd_url.clone(),
            ca_der: pem_body(&pki.ca_pem)?,
            ca_pem: pki.ca_pem,
            tokens,
            kubeconfig,
            crds: Vec::new(),
            ready_in: Duration::ZERO,
            startup: Duration::ZERO,
            procs: Mutex::new(Vec::new()),
            dir: Mutex::new(None),
        };
        let etcd = etcd(&bins.etcd, d, etcd_port, peer_port)?;
        server.procs.lock().unwrap().push(etcd);
        let apiserver = kube_apiserver(&bins.kube_apiserver, d, port, &etcd_url, extra)?;
        server.procs.lock().unwrap().push(apiserver);
        let ready = server.wait_ready().await;
        if let Err(why) = ready {
            return Err(format!(
                "{why}\n--- etcd log:\n{}\n--- kube-apiserver log:\n{}",
                log_tail(d, "etcd"),
                log_tail(d, "kube-apiserver")
            ));
        }
        server.ready_in = began.elapsed();
        *server.dir.lock().unwrap() = Some(dir);
        let admin = server.client(User::Admin)?;
        server.crds = crate::crds::install(&admin, crds).await?;
        server.startup = began.elapsed();
        Ok(server)
    }

    /// Polls `/readyz` as the admin until it answers 200; fails when a process exits.
    async fn wait_ready(&self) -> Result<(), String> {
        let client = self.client(User::Admin)?;
        let deadline = Instant::now() + READY_WITHIN;
        loop {
            for g in self.procs.lock().unwrap().iter_mut() {
                if let Some(status) = g.exited() {
                    return Err(format!("{} exited: {status}", g.name()));
                }
            }
            let req = http::Request::get("/readyz")
                .body(Vec::new())
                .map_err(|e| e.to_string())?;
            let last = match client.request_text(req).await {
                Ok(_) => return Ok(()),
                Err(e) => e,
            };
            if Instant::now() > deadline {
                return Err(format!("not ready within {READY_WITHIN:?}: {last}"));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// A kube-rs `Config` for `user`: this server, its CA, the user's bearer token.
    pub fn config(&self, user: User) -> kube::Config {
        self.config_with_token(self.tokens.of(user))
    }

    /// A `Config` carrying any bearer token (a ServiceAccount's, say).
    pub fn config_with_token(&self, token: &str) -> kube::Config {
        let mut config = kube::Config::new(self.url.parse().expect("the server URL"));
        config.root_cert = Some(vec![self.ca_der.clone()]);
        config.auth_info.token = Some(token.to_string().into());
        config
    }

    /// A client as `user` (build one per test: a client belongs to the runtime it was made on).
    pub fn client(&self, user: User) -> Result<kube::Client, String> {
        kube::Client::try_from(self.config(user)).map_err(|e| e.to_string())
    }

    pub fn token(&self, user: User) -> &str {
        self.tokens.of(user)
    }

    /// Resident memory of (etcd, kube-apiserver), bytes.
    pub fn rss(&self) -> Vec<(&'static str, Option<u64>)> {
        let procs = self.procs.lock().unwrap();
        procs.iter().map(|g| (g.name(), g.rss_bytes())).collect()
    }

    /// Kills both process groups and removes the temporary folder (what `Drop` does).
    pub fn stop(&self) {
        let procs = std::mem::take(&mut *self.procs.lock().unwrap_or_else(|e| e.into_inner()));
        drop(procs);
        drop(self.dir.lock().unwrap_or_else(|e| e.into_inner()).take());
    }
}

impl Drop for ApiServer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Removes the folders of earlier test binaries that died without cleaning up (SIGKILL: their
/// servers died with them, see `process`), named `strata-apiserver-<pid>-…`.
fn clean_stale(tmp: &Path) {
    for e in std::fs::read_dir(tmp).into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let Some(pid) = name
            .strip_prefix("strata-apiserver-")
            .and_then(|rest| rest.split('-').next())
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

/// The DER bytes of a one-certificate PEM.
fn pem_body(pem: &str) -> Result<Vec<u8>, String> {
    use base64::Engine;
    let body: String = pem.lines().filter(|l| !l.starts_with("-----")).collect();
    base64::engine::general_purpose::STANDARD
        .decode(body)
        .map_err(|e| format!("CA PEM: {e}"))
}
