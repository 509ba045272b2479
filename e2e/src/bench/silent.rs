//! Issue 27, finding 3: silent connections. `strata demo` runs as its own process with the
//! default limits (8,192 connections, 256 per address, 10 s to the first request). From
//! 127.0.0.1 the bench keeps N connections that say nothing: a third plain TCP, a third HTTP/2
//! (h2c) that stop after the preface, a third h2c with a HEADERS frame that never ends; each one
//! the server closes is opened again a second later. Meanwhile, from 127.0.0.2 (the kernel
//! routes all of 127/8 to loopback, and the server counts it as another client), `/healthz` is
//! asked every 100 ms on a new connection, and the operator port's `/readyz` every second.
//! The same attack is then made with the per-address cap lifted, which is how the console was
//! before it: the figures show what the cap and the deadlines each do.

use super::{Budget, Figure, Settings, quantile};
use anyhow::{Context, Result, bail};
use std::net::SocketAddr;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::process::{Child, Command};

/// The HTTP/2 preface and an empty SETTINGS frame.
const PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\x04\0\0\0\0\0";
/// A HEADERS frame on stream 1 without END_HEADERS (`:method GET`, `:scheme http`).
const UNFINISHED_HEADERS: &[u8] = b"\0\0\x02\x01\x01\0\0\0\x01\x82\x86";
/// How long a `/healthz` may take before it counts as failed.
const PROBE_TIMEOUT: Duration = Duration::from_secs(5);
/// New connections the attack opens per 100 ms while ramping up.
const RAMP_PER_TICK: usize = 500;

/// `strata demo` as a child, killed when dropped.
struct Demo {
    _child: Child,
    console: SocketAddr,
    operator: SocketAddr,
}

async fn free_port() -> Result<u16> {
    Ok(tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await?
        .local_addr()?
        .port())
}

impl Demo {
    async fn start(s: &Settings, extra: &[&str]) -> Result<Demo> {
        let (console, operator) = (free_port().await?, free_port().await?);
        let child = Command::new(&s.strata)
            .arg("demo")
            .args(["--listen", &format!("127.0.0.1:{console}")])
            .args(["--metrics-listen", &format!("127.0.0.1:{operator}")])
            .arg("--assets")
            .arg(&s.dist)
            .args(extra)
            .env("RUST_LOG", "error")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {}", s.strata.display()))?;
        let demo = Demo {
            _child: child,
            console: SocketAddr::from(([127, 0, 0, 1], console)),
            operator: SocketAddr::from(([127, 0, 0, 1], operator)),
        };
        super::server::wait_ready(&format!("http://{}", demo.operator), "strata demo").await?;
        Ok(demo)
    }
}

/// Raises this process's open-file limit to its hard limit (the children inherit it); the
/// limit afterwards.
fn raise_nofile() -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain system calls on a local struct.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            lim.rlim_cur = lim.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
            libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim);
        }
    }
    lim.rlim_cur
}

async fn connect_from(from: [u8; 4], to: SocketAddr) -> std::io::Result<TcpStream> {
    let s = TcpSocket::new_v4()?;
    s.bind(SocketAddr::from((from, 0)))?;
    s.connect(to).await
}

/// What the attack counts.
#[derive(Default)]
struct Attack {
    held: AtomicUsize,
    peak: AtomicUsize,
    opened: AtomicU64,
    failed: AtomicU64,
    stop: AtomicBool,
}

/// One silent client: connects, says its part (`kind` 0: nothing, 1: the h2c preface, 2: the
/// preface and an unfinished HEADERS frame), waits for the server to close, again a second later.
async fn silent_client(to: SocketAddr, kind: usize, attack: Arc<Attack>) {
    let mut buf = [0u8; 1024];
    while !attack.stop.load(Ordering::Relaxed) {
        let Ok(mut s) = connect_from([127, 0, 0, 1], to).await else {
            attack.failed.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        attack.opened.fetch_add(1, Ordering::Relaxed);
        let said = match kind {
            0 => Ok(()),
            1 => s.write_all(PREFACE).await,
            _ => match s.write_all(PREFACE).await {
                Ok(()) => s.write_all(UNFINISHED_HEADERS).await,
                e => e,
            },
        };
        if said.is_ok() {
            let now = attack.held.fetch_add(1, Ordering::Relaxed) + 1;
            attack.peak.fetch_max(now, Ordering::Relaxed);
            while !attack.stop.load(Ordering::Relaxed) {
                match tokio::time::timeout(Duration::from_millis(500), s.read(&mut buf)).await {
                    Ok(Ok(0)) | Ok(Err(_)) => break,
                    _ => {}
                }
            }
            attack.held.fetch_sub(1, Ordering::Relaxed);
        }
        drop(s);
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// One `GET /healthz` from 127.0.0.2 on a new connection: its latency, `None` when it failed.
async fn probe(to: SocketAddr) -> Option<Duration> {
    let start = Instant::now();
    let exchange = async {
        let mut s = connect_from([127, 0, 0, 2], to).await.ok()?;
        s.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            .await
            .ok()?;
        let mut out = Vec::new();
        s.read_to_end(&mut out).await.ok()?;
        out.starts_with(b"HTTP/1.1 200").then_some(())
    };
    tokio::time::timeout(PROBE_TIMEOUT, exchange).await.ok()??;
    Some(start.elapsed())
}

/// What one run measured.
struct Run {
    latencies_ms: Vec<f64>,
    failed: usize,
    peak_held: usize,
    opened: u64,
    saturated: usize,
    readyz_samples: usize,
    peak_open: u64,
    connections: serde_json::Value,
}

/// Opens `n` silent clients against `to`, [`RAMP_PER_TICK`] every 100 ms.
async fn ramp(to: SocketAddr, n: usize, attack: Arc<Attack>) {
    let mut clients = Vec::with_capacity(n);
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    while clients.len() < n {
        tick.tick().await;
        for i in clients.len()..n.min(clients.len() + RAMP_PER_TICK) {
            clients.push(tokio::spawn(silent_client(to, i % 3, attack.clone())));
        }
    }
    // The clients end once `stop` is set.
    futures::future::join_all(clients).await;
}

/// What the probes saw.
#[derive(Default)]
struct Probes {
    latencies_ms: Vec<f64>,
    failed: usize,
    saturated: usize,
    readyz_samples: usize,
    peak_open: u64,
    connections: serde_json::Value,
}

/// Probes `console` every 100 ms and the operator's `/readyz` every second, for `duration`.
async fn probes(console: SocketAddr, operator: SocketAddr, duration: Duration) -> Probes {
    let mut p = Probes::default();
    let http = reqwest::Client::new();
    let start = Instant::now();
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut ticks = 0u64;
    while start.elapsed() < duration {
        tick.tick().await;
        ticks += 1;
        match probe(console).await {
            Some(d) => p.latencies_ms.push(d.as_secs_f64() * 1e3),
            None => p.failed += 1,
        }
        if ticks.is_multiple_of(10) {
            let url = format!("http://{operator}/readyz");
            if let Ok(r) = http.get(url).timeout(PROBE_TIMEOUT).send().await {
                let body: serde_json::Value = r.json().await.unwrap_or_default();
                p.readyz_samples += 1;
                p.saturated += usize::from(body["saturated"] == true);
                let open = body["connections"]["open"].as_u64().unwrap_or(0);
                p.peak_open = p.peak_open.max(open);
                p.connections = body["connections"].clone();
            }
        }
    }
    p
}

/// Attacks `demo` with `n` silent connections for `duration` while probing. The probes run on
/// a thread and runtime of their own, so that their latency is the server's, not the wait for
/// this runtime's ten thousand attacking tasks.
async fn run(demo: &Demo, n: usize, duration: Duration) -> Result<Run> {
    let attack = Arc::new(Attack::default());
    let attacker = tokio::spawn(ramp(demo.console, n, attack.clone()));
    let (console, operator) = (demo.console, demo.operator);
    let prober = std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map(|rt| rt.block_on(probes(console, operator, duration)))
    });
    let p = tokio::task::spawn_blocking(move || prober.join())
        .await?
        .map_err(|_| anyhow::anyhow!("the probe thread panicked"))??;
    attack.stop.store(true, Ordering::Relaxed);
    // The clients notice `stop` within their 500 ms read; then their sockets close.
    let _ = tokio::time::timeout(Duration::from_secs(5), attacker).await;
    Ok(Run {
        latencies_ms: p.latencies_ms,
        failed: p.failed,
        peak_held: attack.peak.load(Ordering::Relaxed),
        opened: attack.opened.load(Ordering::Relaxed),
        saturated: p.saturated,
        readyz_samples: p.readyz_samples,
        peak_open: p.peak_open,
        connections: p.connections,
    })
}

/// The figures of `run`, titled with `what`; budgets only for the run with the cap at N = 10,000.
fn figures(id: &str, what: &str, n: usize, r: &mut Run, budgeted: bool) -> Vec<Figure> {
    let probes = r.latencies_ms.len() + r.failed;
    let max = match r.failed {
        0 => r.latencies_ms.iter().copied().fold(0.0, f64::max),
        _ => PROBE_TIMEOUT.as_secs_f64() * 1e3,
    };
    let p99 = quantile(&mut r.latencies_ms, 0.99);
    let note = format!(
        "{what}; {probes} probes, {} failed (no answer in 5 s), p99 {p99:.1} ms; the attack \
         opened {} connections, at most {} at once (accepted, or still in the backlog); the \
         server had at most {} open (operator /readyz, each second), which said saturated {} \
         of {} times; its counts at the end: {}",
        r.failed, r.opened, r.peak_held, r.peak_open, r.saturated, r.readyz_samples, r.connections
    );
    let applies = budgeted && n == 10_000;
    vec![
        Figure::new(
            &format!("{id}_healthz_max"),
            &format!("/healthz from another address, slowest, {what} (N = {n})"),
            max,
            "ms",
        )
        .budget_if(applies, Budget::AtMost(1000.0))
        .note(note),
        Figure::new(
            &format!("{id}_healthz_failed"),
            &format!("/healthz from another address, failed, {what} (N = {n})"),
            r.failed as f64,
            "probes",
        )
        .budget_if(applies, Budget::AtMost(0.0)),
    ]
}

/// `cargo xtask bench --only "silent connections"`.
pub async fn measure(s: &Settings, n: usize, duration: Duration) -> Result<Vec<Figure>> {
    let limit = raise_nofile();
    if limit < n as u64 + 1024 {
        bail!(
            "the open-file limit is {limit}; {n} connections need at least {}",
            n + 1024
        );
    }
    let mut out = Vec::new();
    let demo = Demo::start(s, &[]).await?;
    let mut capped = run(&demo, n, duration).await?;
    drop(demo);
    out.extend(figures(
        "silent",
        "silent connections from one address",
        n,
        &mut capped,
        true,
    ));
    let demo = Demo::start(s, &["--max-connections-per-address", "100000"]).await?;
    let mut uncapped = run(&demo, n, duration).await?;
    out.extend(figures(
        "silent_uncapped",
        "the same without the per-address cap",
        n,
        &mut uncapped,
        false,
    ));
    Ok(out)
}
