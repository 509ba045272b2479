//! Issue 17, finding 1: `strata serve --auth token` under forged session cookies and many signed-in
//! streams. The simulator (with a token policy) runs in this process; `strata serve` is a child
//! process. Measured: its resident memory before, at the peak and after the load, and its open
//! connections to the API server (sampled from `/proc`), with the simulator's counts of rejected
//! tokens and access reviews. The simulator's clock stands still, so the connections counted are
//! the load's, not those of the server's own re-projections of changing VMIs.

use super::server::rss;
use super::{Budget, Figure, Settings};
use anyhow::{Context, Result};
use futures::StreamExt;
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::process::{Child, Command};

const MIB: f64 = 1024.0 * 1024.0;
/// How long the server idles after the load before its last memory sample.
const IDLE: Duration = Duration::from_secs(10);

/// A `strata serve --auth token` child on `sim`, killed when dropped.
struct TokenServe {
    child: Child,
    url: String,
    _dir: tempfile::TempDir,
}

impl TokenServe {
    async fn start(s: &Settings, sim_url: &str, dir: tempfile::TempDir) -> Result<TokenServe> {
        let kc = dir.path().join("kubeconfig");
        std::fs::write(
            &kc,
            format!(
                "apiVersion: v1\nkind: Config\nclusters:\n- name: sim\n  cluster:\n    server: \
                 {sim_url}\ncontexts:\n- name: sim\n  context:\n    cluster: sim\n    user: sim\n\
                 users:\n- name: sim\n  user:\n    token: strata-sa-token\ncurrent-context: sim\n"
            ),
        )?;
        let port = super::server::free_port().await?;
        // A fresh history database: what an earlier run recorded is not measured.
        let history = dir.path().join("history");
        let child = super::server::serve_command(Command::new(&s.strata), s, &history, &kc, port)
            .args(["--auth", "token", "--insecure-cookie"])
            // Every stream here is one user's: lift the per-user cap so all of them open.
            .args(["--max-streams-per-client", "100000"])
            .spawn()
            .with_context(|| format!("starting {}", s.strata.display()))?;
        let serve = TokenServe {
            child,
            url: format!("http://127.0.0.1:{port}"),
            _dir: dir,
        };
        super::server::wait_ready(&serve.url, "strata serve --auth token").await?;
        Ok(serve)
    }

    fn pid(&self) -> Result<u32> {
        self.child.id().context("strata serve exited")
    }
}

/// Established TCP connections of process `pid` to remote port `port`: its socket inodes
/// (`/proc/PID/fd`) matched against the network namespace's table.
fn connections(pid: u32, port: u16) -> usize {
    let inodes: HashSet<String> = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .into_iter()
        .flatten()
        .filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
        .filter_map(|l| {
            let l = l.to_string_lossy().into_owned();
            Some(l.strip_prefix("socket:[")?.strip_suffix(']')?.to_string())
        })
        .collect();
    let hex = format!(":{port:04X}");
    ["tcp", "tcp6"]
        .iter()
        .filter_map(|t| std::fs::read_to_string(format!("/proc/{pid}/net/{t}")).ok())
        .map(|table| {
            table
                .lines()
                .skip(1)
                .filter(|l| {
                    let f: Vec<&str> = l.split_whitespace().collect();
                    f.len() > 9 && f[2].ends_with(&hex) && f[3] == "01" && inodes.contains(f[9])
                })
                .count()
        })
        .sum()
}

/// Signs in as alice; the `name=value` cookie.
async fn sign_in(url: &str) -> Result<String> {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;
    let res = client
        .post(format!("{url}/auth/signin"))
        .header("origin", url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("token=alice-token")
        .send()
        .await?;
    let set = res
        .headers()
        .get("set-cookie")
        .with_context(|| format!("sign-in answered {} without a cookie", res.status()))?;
    Ok(set
        .to_str()?
        .split(';')
        .next()
        .unwrap_or_default()
        .to_string())
}

/// Opens `k` streams with `cookie`; returns once each got its first bytes.
async fn streams(url: &str, cookie: &str, k: usize) -> Result<Vec<tokio::task::JoinHandle<()>>> {
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()?;
    let ready = Arc::new(tokio::sync::Semaphore::new(0));
    let mut tasks = Vec::with_capacity(k);
    for _ in 0..k {
        let res = client
            .get(format!("{url}/api/v1/stream"))
            .header("cookie", cookie)
            .send()
            .await?;
        anyhow::ensure!(
            res.status().is_success(),
            "stream answered {}",
            res.status()
        );
        let ready = ready.clone();
        tasks.push(tokio::spawn(async move {
            let mut body = res.bytes_stream();
            let mut first = true;
            while let Some(Ok(_)) = body.next().await {
                if first {
                    first = false;
                    ready.add_permits(1);
                }
            }
        }));
    }
    tokio::time::timeout(Duration::from_secs(120), ready.acquire_many(k as u32))
        .await
        .context("not every stream got its snapshot within 120 s")??
        .forget();
    Ok(tasks)
}

/// `n` requests with forged session cookies, 64 at a time, on the JSON API, the stream and the
/// proxy; returns how many were answered 401.
async fn forged(url: &str, n: usize) -> Result<usize> {
    let client = reqwest::Client::new();
    let paths = ["/api/v1/vmis", "/api/v1/stream", "/k8s/api/v1/nodes"];
    let unauthorized = futures::stream::iter(0..n)
        .map(|i| {
            let client = client.clone();
            let target = format!("{url}{}", paths[i % paths.len()]);
            async move {
                client
                    .get(target)
                    .header("cookie", format!("strata_session=forged-{i:06}-eyJhbGciOi"))
                    .send()
                    .await
                    .is_ok_and(|r| r.status() == 401)
            }
        })
        .buffer_unordered(64)
        .filter(|ok| futures::future::ready(*ok))
        .count()
        .await;
    Ok(unauthorized)
}

fn policy_dir() -> Result<(tempfile::TempDir, std::path::PathBuf)> {
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("policy.json");
    let read = ["get", "list", "watch"];
    let policy = serde_json::json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        {"name": "alice", "token": "alice-token", "rules": [{"verbs": read}]}
    ]});
    std::fs::write(&path, policy.to_string())?;
    Ok((dir, path))
}

/// Samples `pid`'s resident memory and connections to `port` every 100 ms until `stop`; the
/// peaks.
fn sampler(pid: u32, port: u16) -> (Arc<AtomicUsize>, tokio::task::JoinHandle<(f64, usize)>) {
    let stop = Arc::new(AtomicUsize::new(0));
    let flag = stop.clone();
    let task = tokio::spawn(async move {
        let (mut mem, mut conns) = (0f64, 0usize);
        while flag.load(Ordering::Relaxed) == 0 {
            mem = mem.max(rss(pid).unwrap_or(0.0));
            conns = conns.max(connections(pid, port));
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        (mem, conns)
    });
    (stop, task)
}

/// `forged` forged-cookie requests while `clients` signed-in streams are open.
pub async fn forged_cookies(s: &Settings, forged_n: usize, clients: usize) -> Result<Vec<Figure>> {
    let (dir, policy) = policy_dir()?;
    // The demo's VMIs on a still clock: the scenarios move nothing during the run. On the real
    // clock they change pods and migrations every few seconds, and the server GETs the VMIs
    // concerned again (`backend/src/watch/refresher.rs`) on connections of its own, since its
    // watches hold theirs: 3 more by 16 s after the start with no load at all, which the
    // figure below counted as opened by the load.
    let args = sim::SimArgs {
        scenarios: "demo".into(),
        token_policy: Some(policy),
        clock: "manual".into(),
        ..Default::default()
    };
    let sim = sim::Sim::start_with(
        tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?,
        &args,
    )
    .await?;
    let serve = TokenServe::start(s, &sim.url(), dir).await?;
    let (pid, port) = (serve.pid()?, sim.addr().port());
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (base_rss, base_conns) = (rss(pid)?, connections(pid, port));
    let before = sim::auth::counts();
    let (stop, peaks) = sampler(pid, port);

    let refused = forged(&serve.url, forged_n).await?;
    let forged_rss = rss(pid)?;
    let cookie = sign_in(&serve.url).await?;
    let tasks = streams(&serve.url, &cookie, clients).await?;
    let loaded_rss = rss(pid)?;
    for t in &tasks {
        t.abort();
    }
    drop(tasks);
    tokio::time::sleep(Duration::from_secs(3)).await;
    stop.store(1, Ordering::Relaxed);
    let (peak_rss, peak_conns) = peaks.await?;
    let after_rss = rss(pid)?;
    // And once the server has been idle a while.
    tokio::time::sleep(IDLE).await;
    let idle_rss = rss(pid)?;
    let counts = sim::auth::counts();
    let rejected = counts.rejected - before.rejected;
    let reviews = counts.access_reviews - before.access_reviews;
    let load = format!("{forged_n} forged-cookie requests and {clients} signed-in streams");
    Ok(vec![
        Figure::new(
            "token_forged_rss_growth_forged_only",
            "Token mode: memory growth under forged cookies alone",
            (forged_rss - base_rss).max(0.0),
            "bytes",
        )
        .budget(Budget::AtMost(16.0 * MIB))
        .note(format!(
            "VmRSS of strata serve --auth token after {forged_n} forged-cookie requests, before \
             any stream: {:.1} MiB",
            forged_rss / MIB
        )),
        Figure::new(
            "token_forged_rss_growth",
            "Token mode: memory growth under forged cookies and streams",
            peak_rss.max(loaded_rss) - base_rss,
            "bytes",
        )
        .budget(Budget::AtMost(64.0 * MIB))
        .note(format!(
            "VmRSS of strata serve --auth token: {:.1} MiB before, {:.1} MiB at the peak of {load}",
            base_rss / MIB,
            peak_rss.max(loaded_rss) / MIB
        )),
        Figure::new(
            "token_forged_rss_after",
            "Token mode: memory above baseline after the load",
            (after_rss - base_rss).max(0.0),
            "bytes",
        )
        .budget(Budget::AtMost(16.0 * MIB))
        .note(format!(
            "{:.1} MiB 3 s after the streams closed ({refused} of {forged_n} forged requests \
             answered 401)",
            after_rss / MIB
        )),
        Figure::new(
            "token_forged_rss_after_idle",
            "Token mode: memory above baseline once idle after the load",
            (idle_rss - base_rss).max(0.0),
            "bytes",
        )
        .budget(Budget::AtMost(16.0 * MIB))
        .note(format!(
            "{:.1} MiB {} s after the streams closed (before {:.1} MiB, after 3 s {:.1} MiB)",
            idle_rss / MIB,
            3 + IDLE.as_secs(),
            base_rss / MIB,
            after_rss / MIB
        )),
        Figure::new(
            "token_forged_api_connections",
            "Token mode: API-server connections opened by the load",
            peak_conns.saturating_sub(base_conns) as f64,
            "connections",
        )
        .budget(Budget::AtMost(5.0))
        .note(format!(
            "established connections of strata to the API server, sampled every 100 ms: {base_conns} \
             before (its watches), {peak_conns} at the peak; the API server saw {rejected} rejected \
             tokens and {reviews} access reviews"
        )),
        Figure::new(
            "token_forged_rejected_tokens",
            "Token mode: forged tokens sent to the API server",
            rejected as f64,
            "tokens",
        )
        .budget(Budget::AtMost(0.0))
        .note("the simulator's count of requests with a token its policy does not know"),
    ])
}
