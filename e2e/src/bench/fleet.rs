//! Issue 32, item 5: one backend watching a fleet. A simulated fleet of N clusters × V VMIs runs
//! in the bench process (`sim::fleet`, as `strata sim --clusters N` runs it, no churn so the
//! counts hold still); `strata serve` runs as a child with one `--context` per cluster of the
//! fleet's kubeconfig, exactly as against real clusters. Two figures per size:
//!
//! * **ready with the whole fleet**: from spawning the process until `GET /api/v1/clusters`
//!   lists every cluster reachable, synced and with all its V VMIs counted (asked every
//!   [`POLL`], or four times an answer's time when longer); the issue's budget, [`BUDGET_READY_MS`], at its size (10 × 10,000) only.
//! * **backend memory per watched VMI**: as the single-cluster "backend memory" figure
//!   ([`super::server::memory`]) reads it, `VmRSS` of `strata serve` once settled after ready
//!   (see [`SETTLE`]; the peak on the way is in the note), minus the same with the same N clusters holding no VMI, over N × V; the issue's budget
//!   ([`BUDGET_PER_VMI`]) at its size only. The flight recorder is on (the default); it records
//!   every cluster (see `backend::history::Recorder::start_fleet`).
//!
//! The simulator holds about 1 GiB per 10,000-VMI cluster (`sim/examples/fleet_cpu.rs`), so the
//! default sizes ([`DEFAULT_SIZES`]) fit a shared machine; `--fleet 10x10000` measures the
//! issue's size.

use super::{Budget, Figure, Settings};
use anyhow::{Context, Result, bail};
use sim::fleet::{Fleet, scale_fleet};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::process::{Child, Command};

/// The issue's fleet: clusters × VMIs per cluster.
pub const ISSUE_SIZE: Size = Size {
    clusters: 10,
    vmis: 10_000,
};
/// What the full run measures without `--fleet`: what fits beside other work.
pub const DEFAULT_SIZES: &str = "10x1000,3x10000";
/// Ready with the whole fleet, at most (ms), at [`ISSUE_SIZE`].
pub const BUDGET_READY_MS: f64 = 10_000.0;
/// Backend memory per watched VMI, at most (bytes), at [`ISSUE_SIZE`].
pub const BUDGET_PER_VMI: f64 = 2048.0;
/// How often `/api/v1/clusters` is asked while the backend starts.
const POLL: Duration = Duration::from_millis(50);
/// The longest the backend may take to be ready with the whole fleet.
const READY_WITHIN: Duration = Duration::from_secs(180);
/// The memory is read once the start's work after ready (the VMs' and events' lists, the
/// recorder's first pass) is done: at least [`SETTLE`] after ready, then every [`SETTLE_STEP`]
/// until two readings in a row moved less than 1 %, at most [`SETTLE_WITHIN`]. A fixed moment
/// measured how much of that tail had run, which a faster start moves (a start two seconds
/// sooner read 2-3 KiB per VMI at 10 × 10,000 where the slower start read 0.8).
const SETTLE: Duration = Duration::from_secs(2);
const SETTLE_STEP: Duration = Duration::from_millis(500);
const SETTLE_WITHIN: Duration = Duration::from_secs(30);

/// A fleet's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    pub clusters: usize,
    /// VMIs per cluster.
    pub vmis: usize,
}

impl Size {
    pub(super) fn label(&self) -> String {
        format!("{}x{}", self.clusters, self.vmis)
    }
}

/// The sizes to measure (a type of its own: clap reads a `Vec` field as repeated values).
#[derive(Debug, Clone)]
pub struct Sizes(pub Vec<Size>);

/// [`parse_sizes`], for the bench's `--fleet`.
pub fn sizes(s: &str) -> Result<Sizes, String> {
    parse_sizes(s).map(Sizes)
}

/// Reads `10x1000,3x10000`: fleet sizes as clusters × VMIs per cluster, comma-separated.
pub fn parse_sizes(s: &str) -> Result<Vec<Size>, String> {
    s.split(',')
        .map(|part| {
            let (c, v) = part
                .trim()
                .split_once(['x', '×'])
                .ok_or_else(|| format!("{part:?}: expected CLUSTERSxVMIS"))?;
            let clusters: usize = c.trim().parse().map_err(|e| format!("{part:?}: {e}"))?;
            let vmis: usize = v.trim().parse().map_err(|e| format!("{part:?}: {e}"))?;
            if clusters == 0 || vmis == 0 {
                return Err(format!("{part:?}: clusters and VMIs must be at least 1"));
            }
            Ok(Size { clusters, vmis })
        })
        .collect()
}

/// A `strata serve` child watching every cluster of a fleet, killed when dropped.
pub(super) struct FleetServe {
    child: Child,
    pub(super) url: String,
    _dir: tempfile::TempDir,
}

impl FleetServe {
    /// Spawns `strata serve` with one `--context` per cluster of `fleet` (recorder on, a fresh
    /// history database) and returns at once.
    pub(super) async fn spawn(s: &Settings, fleet: &Fleet) -> Result<FleetServe> {
        let dir = tempfile::tempdir()?;
        let kc = dir.path().join("kubeconfig");
        fleet.write_kubeconfig(&kc)?;
        let port = super::server::free_port().await?;
        let history = dir.path().join("history");
        let mut cmd = super::server::serve_command(Command::new(&s.strata), s, &history, &kc, port);
        for c in fleet.clusters() {
            cmd.arg("--context").arg(c.name());
        }
        let child = cmd
            .spawn()
            .with_context(|| format!("starting {}", s.strata.display()))?;
        Ok(FleetServe {
            child,
            url: format!("http://127.0.0.1:{port}"),
            _dir: dir,
        })
    }

    fn rss(&self) -> Result<f64> {
        super::server::rss(self.child.id().context("exited")?)
    }

    /// Waits until `/api/v1/clusters` lists `clusters` clusters, each [`whole`] with `vmis`.
    pub(super) async fn wait_whole(&self, clusters: usize, vmis: usize) -> Result<()> {
        let client = reqwest::Client::new();
        let deadline = Instant::now() + READY_WITHIN;
        let mut last = String::from("no answer");
        loop {
            let asked = Instant::now();
            if let Ok(r) = client
                .get(format!("{}/api/v1/clusters", self.url))
                .send()
                .await
                && let Ok(v) = r.json::<serde_json::Value>().await
            {
                if whole(&v, clusters, vmis) {
                    return Ok(());
                }
                last = v.to_string();
            }
            // An answer counts every VMI (tens of ms at 100,000 on a busy machine): asking again
            // only after four times as long keeps the polling under a fifth of a core.
            let wait = POLL.max(asked.elapsed() * 4);
            if Instant::now() > deadline {
                last.truncate(400);
                bail!(
                    "the backend did not list {clusters} clusters × {vmis} VMIs within {} s; \
                     last answer: {last}",
                    READY_WITHIN.as_secs()
                );
            }
            tokio::time::sleep(wait).await;
        }
    }
}

/// True when the `/api/v1/clusters` answer `v` lists `clusters` clusters, every one reachable,
/// synced and counting `vmis` VMIs (the sum of its counts per verdict).
fn whole(v: &serde_json::Value, clusters: usize, vmis: usize) -> bool {
    let Some(rows) = v["clusters"].as_array() else {
        return false;
    };
    rows.len() == clusters
        && rows.iter().all(|c| {
            let total: u64 = ["broken", "degraded", "unknown", "healthy"]
                .iter()
                .map(|k| c["counts"][*k].as_u64().unwrap_or(0))
                .sum();
            c["reachable"] == true
                && c["synced"] == true
                && c["counts"].is_object()
                && total == vmis as u64
        })
}

/// A started scale fleet of `size` (no churn), on free loopback ports.
pub(super) async fn start_fleet(clusters: usize, vmis: usize) -> Result<Fleet> {
    let any = SocketAddr::from(([127, 0, 0, 1], 0));
    let plans = scale_fleet(clusters, vmis, 0.0, 1);
    Ok(Fleet::start(plans, &sim::SimArgs::default(), any).await?)
}

/// User and system CPU seconds `pid` has used (`/proc/PID/stat`, every thread), or `None`.
fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command name (which may hold spaces): utime and stime are fields 14 and 15.
    let f: Vec<&str> = stat
        .get(stat.rfind(')')? + 2..)?
        .split_whitespace()
        .collect();
    let ticks = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    // USER_HZ is 100 on every Linux ABI Rust targets.
    Some(ticks / 100.0)
}

/// One reading of a fleet of `clusters` × `vmis`.
struct Reading {
    /// From spawn to ready with the whole fleet.
    ms: f64,
    /// `VmRSS` once settled (see [`SETTLE`]), the highest reading on the way, and how long
    /// after ready the settled one was read.
    rss: f64,
    peak: f64,
    settled_after: Duration,
    /// CPU seconds until ready: the backend's, and this process's (the simulated fleet
    /// answering the lists, and the polling).
    backend_cpu: f64,
    sim_cpu: f64,
    /// One `/api/v1/clusters` answer once ready (ms): the polling's own share of the start.
    answer_ms: f64,
}

async fn reading(s: &Settings, clusters: usize, vmis: usize) -> Result<Reading> {
    let fleet = start_fleet(clusters, vmis).await?;
    let own = cpu_seconds("self").unwrap_or(f64::NAN);
    let started = Instant::now();
    let serve = FleetServe::spawn(s, &fleet).await?;
    serve.wait_whole(clusters, vmis).await?;
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let pid = serve.child.id().context("exited")?.to_string();
    let backend_cpu = cpu_seconds(&pid).unwrap_or(f64::NAN);
    let sim_cpu = cpu_seconds("self").unwrap_or(f64::NAN) - own;
    let (rss, peak, settled_after) = settled_rss(&serve).await?;
    let asked = Instant::now();
    reqwest::get(format!("{}/api/v1/clusters", serve.url))
        .await?
        .bytes()
        .await?;
    Ok(Reading {
        ms,
        rss,
        peak,
        settled_after,
        backend_cpu,
        sim_cpu,
        answer_ms: asked.elapsed().as_secs_f64() * 1000.0,
    })
}

/// The backend's `VmRSS` once settled (see [`SETTLE`]), the peak seen, and when (after ready).
async fn settled_rss(serve: &FleetServe) -> Result<(f64, f64, Duration)> {
    let ready = Instant::now();
    tokio::time::sleep(SETTLE).await;
    let mut last = serve.rss()?;
    let mut peak = last;
    let mut still = 0;
    while still < 2 && ready.elapsed() < SETTLE_WITHIN {
        tokio::time::sleep(SETTLE_STEP).await;
        let now = serve.rss()?;
        peak = peak.max(now);
        still = if (now - last).abs() <= last * 0.01 {
            still + 1
        } else {
            0
        };
        last = now;
    }
    Ok((last, peak, ready.elapsed()))
}

/// The figures of one fleet size.
async fn at(s: &Settings, size: Size) -> Result<Vec<Figure>> {
    let Size { clusters, vmis } = size;
    // The same clusters with no VMI first: the backend's own cost with N watch sets.
    let idle = reading(s, clusters, 0).await?.rss;
    let r = reading(s, clusters, vmis).await?;
    let (ms, full) = (r.ms, r.rss);
    let watched = clusters * vmis;
    let per = (full - idle) / watched as f64;
    let issue = size == ISSUE_SIZE;
    let label = size.label();
    Ok(vec![
        Figure::new(
            &format!("fleet_ready_{label}"),
            &format!("Backend ready with the whole fleet ({clusters} clusters × {vmis} VMIs)"),
            ms,
            "ms",
        )
        .budget_if(issue, Budget::AtMost(BUDGET_READY_MS))
        .note(format!(
            "strata serve spawned with one --context per simulated cluster (recorder on) until \
             /api/v1/clusters lists every cluster reachable and synced with all its VMIs \
             counted (asked every {} ms, or four times an answer's time when longer); CPU until then: the backend {:.1} s, the simulated \
             fleet (the bench process) {:.1} s, on {} cores; one answer once ready {:.1} ms{}",
            POLL.as_millis(),
            r.backend_cpu,
            r.sim_cpu,
            super::cores(),
            r.answer_ms,
            if issue {
                ""
            } else {
                "; the budget applies at 10 × 10,000"
            }
        )),
        Figure::new(
            &format!("fleet_rss_per_vmi_{label}"),
            &format!("Backend memory per watched VMI ({clusters} clusters × {vmis} VMIs)"),
            per,
            "bytes",
        )
        .budget_if(issue, Budget::AtMost(BUDGET_PER_VMI))
        .note(format!(
            "VmRSS of strata serve once settled (two readings {} ms apart within 1 %), {:.1} s \
             after ready: {:.1} MiB with the {clusters} clusters empty, {:.1} MiB with {watched} \
             VMIs and their pods (peak seen after ready {:.1} MiB, {:.0} bytes per VMI)",
            SETTLE_STEP.as_millis(),
            r.settled_after.as_secs_f64(),
            idle / 1048576.0,
            full / 1048576.0,
            r.peak / 1048576.0,
            (r.peak - idle) / watched as f64
        )),
    ])
}

/// The figures of every size in `sizes`, smallest fleet first as given.
pub async fn measure(s: &Settings, sizes: &[Size]) -> Result<Vec<Figure>> {
    let mut figures = Vec::new();
    for &size in sizes {
        figures.extend(
            at(s, size)
                .await
                .with_context(|| format!("fleet {}", size.label()))?,
        );
    }
    Ok(figures)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn cpu_time_is_read_for_this_process() {
        let t = cpu_seconds("self").expect("Linux /proc");
        assert!(t >= 0.0);
        assert!(cpu_seconds(&std::process::id().to_string()).is_some());
        assert!(cpu_seconds("0").is_none());
    }

    #[test]
    fn sizes_read_as_clusters_by_vmis() {
        assert_eq!(
            parse_sizes("10x1000, 3x10000").unwrap(),
            [
                Size {
                    clusters: 10,
                    vmis: 1000
                },
                Size {
                    clusters: 3,
                    vmis: 10_000
                }
            ]
        );
        assert_eq!(parse_sizes("10×10000").unwrap(), [ISSUE_SIZE]);
        assert!(parse_sizes(DEFAULT_SIZES).is_ok());
        for bad in ["10", "0x5", "3x0", "ax1", ""] {
            assert!(parse_sizes(bad).is_err(), "{bad}");
        }
    }

    fn row(reachable: bool, synced: bool, healthy: u64, broken: u64) -> serde_json::Value {
        json!({"name": "c", "reachable": reachable, "synced": synced,
               "counts": {"broken": broken, "degraded": 0, "unknown": 0, "healthy": healthy}})
    }

    #[test]
    fn the_fleet_is_whole_when_every_cluster_counts_every_vmi() {
        let full = json!({"clusters": [row(true, true, 8, 2), row(true, true, 10, 0)]});
        assert!(whole(&full, 2, 10));
        // A cluster still listing, one not yet synced, one unreachable, one missing.
        assert!(!whole(
            &json!({"clusters": [row(true, true, 8, 2), row(true, true, 9, 0)]}),
            2,
            10
        ));
        assert!(!whole(
            &json!({"clusters": [row(true, true, 10, 0), row(true, false, 10, 0)]}),
            2,
            10
        ));
        assert!(!whole(
            &json!({"clusters": [row(true, true, 10, 0), row(false, true, 10, 0)]}),
            2,
            10
        ));
        assert!(!whole(
            &json!({"clusters": [row(true, true, 10, 0)]}),
            2,
            10
        ));
        // An empty fleet is whole once synced; a row without counts never is.
        assert!(whole(&json!({"clusters": [row(true, true, 0, 0)]}), 1, 0));
        assert!(!whole(
            &json!({"clusters": [{"name": "c", "reachable": true, "synced": true, "counts": null}]}),
            1,
            0
        ));
        assert!(!whole(&json!({"error": "x"}), 1, 0));
    }
}
