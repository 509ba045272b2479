//! Measurements of the backend as its own process: resident memory per watched VMI, and how many
//! stream clients one core serves under churn.
//!
//! The simulator runs in the bench process; `strata serve` runs as a child process pointed at it
//! through a kubeconfig, exactly as against a real cluster.

use super::load::temp_kubeconfig;
use super::{Budget, Figure, Settings, quantile, scale_sim};
use anyhow::{Context, Result, bail};
use futures::StreamExt;
use std::collections::HashMap;
use std::path::Path;
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::process::{Child, Command};

/// A `strata serve` child, killed when dropped.
pub(super) struct Serve {
    child: Child,
    url: String,
    _kubeconfig: tempfile::TempDir,
}

impl Serve {
    /// Starts `strata serve` against `sim`, pinned to CPU `cpu` when given, and waits until ready.
    async fn start(s: &Settings, sim: &sim::Sim, cpu: Option<usize>) -> Result<Serve> {
        Self::start_opts(s, sim, cpu, true).await
    }

    /// Like [`Serve::start`]; `recorder: false` gives it a data directory it cannot use, so
    /// history is off (as a full or unusable disk leaves it) and nothing is recorded.
    pub(super) async fn start_opts(
        s: &Settings,
        sim: &sim::Sim,
        cpu: Option<usize>,
        recorder: bool,
    ) -> Result<Serve> {
        let (dir, kc) = temp_kubeconfig(&sim.url())?;
        let port = free_port().await?;
        let program = match cpu {
            Some(c) => {
                let mut t = Command::new("taskset");
                t.arg("-c").arg(c.to_string()).arg(&s.strata);
                t
            }
            None => Command::new(&s.strata),
        };
        // A fresh history database each time: what an earlier run recorded is not measured.
        let data = match recorder {
            true => dir.path().join("history"),
            false => {
                let file = dir.path().join("not-a-directory");
                std::fs::write(&file, b"")?;
                file.join("history")
            }
        };
        let child = serve_command(program, s, &data, &kc, port)
            .spawn()
            .with_context(|| format!("starting {}", s.strata.display()))?;
        let serve = Serve {
            child,
            url: format!("http://127.0.0.1:{port}"),
            _kubeconfig: dir,
        };
        wait_ready_every(&serve.url, "strata serve", READY_POLL).await?;
        Ok(serve)
    }

    /// Resident set size in bytes (`VmRSS`; taskset execs the program, so the pid is strata's).
    fn rss(&self) -> Result<f64> {
        rss(self.child.id().context("exited")?)
    }
}

/// A port free on the loopback now, for a child server to listen on.
pub(super) async fn free_port() -> Result<u16> {
    Ok(tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await?
        .local_addr()?
        .port())
}

/// `program` (`strata`, or a wrapper that execs it) set up as every bench runs `strata serve`:
/// history in `data`, the cluster(s) of `kubeconfig`, listening on loopback `port`, serving
/// `s.dist`, quiet, killed when dropped. Callers add their own flags (contexts, auth).
pub(super) fn serve_command(
    mut program: Command,
    s: &Settings,
    data: &Path,
    kubeconfig: &Path,
    port: u16,
) -> Command {
    program
        .arg("serve")
        .arg("--data-dir")
        .arg(data)
        .arg("--kubeconfig")
        .arg(kubeconfig)
        .arg("--listen")
        .arg(format!("127.0.0.1:{port}"))
        .arg("--assets")
        .arg(&s.dist)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true);
    program
}

/// How often a starting `strata serve` is asked `/readyz`: the start of 500 VMIs takes a few
/// hundred milliseconds, so a coarser poll would be a large share of it.
const READY_POLL: Duration = Duration::from_millis(10);

/// Waits until `url` answers `/readyz` (at most 120 s); `what` names the server in the error.
pub(super) async fn wait_ready(url: &str, what: &str) -> Result<()> {
    wait_ready_every(url, what, Duration::from_millis(50)).await
}

/// [`wait_ready`], asking every `every`.
async fn wait_ready_every(url: &str, what: &str, every: Duration) -> Result<()> {
    let client = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if let Ok(r) = client.get(format!("{url}/readyz")).send().await
            && r.status().is_success()
        {
            return Ok(());
        }
        if Instant::now() > deadline {
            bail!("{what} did not become ready within 120 s");
        }
        tokio::time::sleep(every).await;
    }
}

/// `VmRSS` of `pid`, in bytes.
pub(super) fn rss(pid: u32) -> Result<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .context("no VmRSS")?;
    Ok(kb * 1024.0)
}

/// Item 5: resident bytes per watched VMI above an idle baseline, with the flight recorder on
/// (the default); and how long `strata serve` takes to answer `/readyz` with `n` VMIs.
pub async fn memory(s: &Settings, n: usize) -> Result<Vec<Figure>> {
    let mut rss = Vec::new();
    let mut start_ms = 0.0;
    // With `n` VMIs recording: the highest reading during the settle, and the reading once the
    // recorder has written every baseline (its start's burst over).
    let (mut peak, mut settled) = (0.0f64, None);
    // Idle and with `n` VMIs, recording; then with `n` VMIs and history off: the recorder's own
    // share is the difference of the last two.
    for (count, recorder) in [(0, true), (n, true), (n, false)] {
        let sim = scale_sim(count).await?;
        let started = Instant::now();
        let serve = Serve::start_opts(s, &sim, None, recorder).await?;
        if recorder {
            start_ms = started.elapsed().as_secs_f64() * 1000.0;
        }
        // Let allocations settle after the initial list (and the recorder write its baselines).
        let (until, mut high) = (Instant::now() + SETTLE, 0.0f64);
        while Instant::now() < until {
            high = high.max(serve.rss()?);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let now = serve.rss()?;
        rss.push(now);
        if count > 0 && recorder {
            peak = high.max(now);
            settled = baselines_written(&serve, count)
                .await
                .then(|| serve.rss())
                .transpose()?;
        }
    }
    let per = (rss[1] - rss[0]) / n as f64;
    let recorder = (rss[1] - rss[2]) / n as f64;
    Ok(vec![
        Figure::new(
            &format!("backend_serve_start_{n}"),
            &format!("strata serve start with {n} VMIs, recorder on: until /readyz"),
            start_ms,
            "ms",
        )
        .note(
            "from spawning the process (fresh history database) to the first 200 of /readyz, \
             every watch listed from the simulator",
        ),
        Figure::new(
            &format!("backend_rss_per_vmi_{n}"),
            &format!("Backend memory per watched VMI ({n} VMIs)"),
            per,
            "bytes",
        )
        .budget(Budget::AtMost(2048.0))
        .note(format!(
            "VmRSS of strata serve: {:.1} MiB idle, {:.1} MiB with {n} VMIs and their pods",
            rss[0] / 1048576.0,
            rss[1] / 1048576.0
        )),
        Figure::new(
            &format!("backend_rss_per_vmi_recorder_{n}"),
            &format!("Of which the flight recorder, per VMI ({n} VMIs)"),
            recorder,
            "bytes",
        )
        .note(format!(
            "VmRSS with {n} VMIs recording ({:.1} MiB) minus the same with history off \
             ({:.1} MiB), {} s after /readyz",
            rss[1] / 1048576.0,
            rss[2] / 1048576.0,
            SETTLE.as_secs()
        )),
        Figure::new(
            &format!("backend_rss_per_vmi_peak_{n}"),
            &format!(
                "Backend memory per watched VMI, highest in the first {} s ({n} VMIs)",
                SETTLE.as_secs()
            ),
            (peak - rss[0]) / n as f64,
            "bytes",
        )
        .note(format!(
            "highest VmRSS read every 50 ms from /readyz to the reading above: {:.1} MiB",
            peak / 1048576.0
        )),
        Figure::new(
            &format!("backend_rss_per_vmi_settled_{n}"),
            &format!("Backend memory per watched VMI once every baseline is written ({n} VMIs)"),
            settled.map_or(f64::NAN, |r| (r - rss[0]) / n as f64),
            "bytes",
        )
        .note(match settled {
            Some(r) => format!(
                "VmRSS once the recorder wrote its {} baseline rows: {:.1} MiB",
                7 * n,
                r / 1048576.0
            ),
            None => format!(
                "the baselines were not written within {} s",
                BASELINES_WITHIN.as_secs()
            ),
        }),
    ])
}

/// How long the recorder may take to write every baseline.
const BASELINES_WITHIN: Duration = Duration::from_secs(60);

/// Waits until the recorder of `serve` has written the baseline rows of `n` VMIs (seven each:
/// phase, five verdicts, headline), at most [`BASELINES_WITHIN`]; whether it did.
async fn baselines_written(serve: &Serve, n: usize) -> bool {
    let client = reqwest::Client::new();
    let deadline = Instant::now() + BASELINES_WITHIN;
    while Instant::now() < deadline {
        let status = client
            .get(format!("{}/api/v1/history", serve.url))
            .send()
            .await;
        if let Ok(r) = status
            && let Ok(v) = r.json::<serde_json::Value>().await
            && v["written"].as_u64().unwrap_or(0) >= 7 * n as u64
        {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

/// How long after `/readyz` the memory is read: the initial lists have been projected; the
/// recorder writes its baselines meanwhile (10,000 VMIs take 40 rounds of 100 ms).
const SETTLE: Duration = Duration::from_secs(2);

/// What precedes a change's sequence number in a stream message.
const TOKEN: &str = "\"p\":\"Fan";

/// A delivery: (client, seq) seen at an instant.
type Seen = (usize, u32, Instant);

/// Opens `k` streams; each reports when it saw phase token `Fan<seq>`. Returns once every stream
/// has received its first bytes (the snapshot).
async fn clients(
    url: &str,
    k: usize,
    tx: tokio::sync::mpsc::UnboundedSender<Seen>,
) -> Result<Vec<tokio::task::JoinHandle<()>>> {
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()?;
    let ready = Arc::new(tokio::sync::Semaphore::new(0));
    let mut tasks = Vec::with_capacity(k);
    for id in 0..k {
        let res = client.get(format!("{url}/api/v1/stream")).send().await?;
        let (ready, tx) = (ready.clone(), tx.clone());
        tasks.push(tokio::spawn(async move {
            let mut stream = res.bytes_stream();
            let mut first = true;
            let mut carry = Vec::new();
            while let Some(Ok(chunk)) = stream.next().await {
                if first {
                    first = false;
                    ready.add_permits(1);
                }
                let at = Instant::now();
                carry.extend_from_slice(&chunk);
                let text = String::from_utf8_lossy(&carry).into_owned();
                let Some(end) = text.rfind("\n\n") else {
                    continue;
                };
                for (i, _) in text[..end].match_indices(TOKEN) {
                    let digits: String = text[i + TOKEN.len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_digit())
                        .collect();
                    if let Ok(seq) = digits.parse::<u32>() {
                        let _ = tx.send((id, seq, at));
                    }
                }
                carry.drain(..(end + 2).min(carry.len()));
            }
        }));
    }
    if tokio::time::timeout(Duration::from_secs(120), ready.acquire_many(k as u32))
        .await
        .is_err()
    {
        bail!("not every one of {k} streams got its snapshot within 120 s");
    }
    Ok(tasks)
}

/// p99 delivery latency (ms) over `k` clients and `changes` changes (20 per second); a change a
/// client never saw within 2 s of the last one counts as infinitely late. Returns (p99, missed).
async fn fan_out_p99(
    url: &str,
    sim: &sim::Sim,
    key: (&str, &str),
    k: usize,
    changes: u32,
) -> Result<(f64, usize)> {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let tasks = clients(url, k, tx).await?;
    let mut sent = HashMap::new();
    let mut tick = tokio::time::interval(Duration::from_millis(50));
    for seq in 0..changes {
        tick.tick().await;
        sent.insert(seq, Instant::now());
        anyhow::ensure!(
            sim.set_vmi_phase(key.0, key.1, &format!("Fan{seq}")),
            "the VMI disappeared"
        );
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    for t in &tasks {
        t.abort();
    }
    let mut first: HashMap<(usize, u32), Instant> = HashMap::new();
    while let Ok((id, seq, at)) = rx.try_recv() {
        first.entry((id, seq)).or_insert(at);
    }
    let mut lat = Vec::with_capacity(k * changes as usize);
    let mut missed = 0;
    for id in 0..k {
        for (seq, t0) in &sent {
            match first.get(&(id, *seq)) {
                Some(at) => lat.push(at.duration_since(*t0).as_secs_f64() * 1000.0),
                None => {
                    missed += 1;
                    lat.push(f64::INFINITY);
                }
            }
        }
    }
    Ok((quantile(&mut lat, 0.99), missed))
}

/// Item 4: stream clients one backend core serves before p99 delivery passes 1 s.
pub async fn fan_out(s: &Settings, steps: &[usize]) -> Result<Vec<Figure>> {
    let sim = scale_sim(100).await?;
    let (_, vmis) = sim.store().list(&sim::store::VMI, None);
    let v = vmis.first().context("no VMI")?;
    let key = (
        v["metadata"]["namespace"]
            .as_str()
            .unwrap_or("")
            .to_string(),
        v["metadata"]["name"].as_str().unwrap_or("").to_string(),
    );
    // The backend gets core 0; this process (simulator and clients) core 1.
    let pinned = super::cores() >= 2;
    if pinned {
        super::pin(std::process::id(), &super::cpu(1));
    }
    let serve = Serve::start(s, &sim, pinned.then(|| super::cpus()[0])).await?;
    let mut best = 0usize;
    let mut rows = Vec::new();
    for &k in steps {
        let (p99, missed) = fan_out_p99(&serve.url, &sim, (&key.0, &key.1), k, 60).await?;
        rows.push(format!(
            "{k}: p99 {}{}",
            if p99.is_finite() {
                format!("{p99:.0} ms")
            } else {
                "∞".into()
            },
            if missed > 0 {
                format!(" ({missed} missed)")
            } else {
                String::new()
            }
        ));
        if p99 <= 1000.0 {
            best = k;
        } else {
            break;
        }
    }
    if pinned {
        super::pin(std::process::id(), &super::all_cpus());
    }
    let top = *steps.iter().max().unwrap_or(&0);
    let note = format!(
        "backend {} one core; 100 VMIs, 20 changes/s for 3 s; {}{}",
        if pinned {
            "pinned to"
        } else {
            "NOT pinned (one CPU here) on"
        },
        rows.join("; "),
        if best == top {
            " (largest step tried)"
        } else {
            ""
        }
    );
    let fig = Figure::new(
        "fanout_clients_per_core",
        "Fan-out: stream clients per backend core with p99 ≤ 1 s",
        best as f64,
        "clients",
    )
    .note(note);
    Ok(vec![fig.budget_if(top >= 1000, Budget::AtLeast(1000.0))])
}
