//! What a fleet costs the simulator: N clusters × V VMIs with churn (issue #32's scale scenario,
//! 10 clusters × 10,000 VMIs), as CPU seconds (user + system, from `/proc/self/stat`, so Linux
//! only) per wall second, and resident memory.
//!
//! Re-run (a release build; the numbers of a debug build mean little; one malloc arena, as
//! `strata` sets it up in `backend::memory::tune`, else glibc's per-thread arenas grow RSS by
//! gigabytes under churn):
//!
//! ```text
//! MALLOC_ARENA_MAX=1 cargo run --release -p sim --example fleet_cpu -- \
//!     --clusters 10 --vmis 10000 --churn 100 --seconds 60 --watch
//! ```
//!
//! Measured so on a 2-core machine: start-up 37 CPU s (39 s wall), RSS 10.5 GiB (about 1 GiB per
//! 10,000-VMI cluster: 90 MiB of objects as JSON, held as `serde_json::Value`); churn alone 0.25
//! cores; with one watch per cluster (about 1,000 events/s) 0.38 cores, RSS 11.4 GiB.
//!
//! Phases: start-up (building every world); `--seconds` of churn with no client; with `--watch`,
//! one VMI watch per cluster (what one console holds), read as bytes and counted by lines (no
//! JSON parsing, so the client's share of the process's CPU stays small), measured for
//! `--seconds` after its initial events have arrived.

use clap::Parser;
use sim::SimArgs;
use sim::fleet::{Fleet, FleetCluster, scale_fleet};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[derive(Parser)]
struct Cli {
    #[arg(long, default_value_t = 10)]
    clusters: usize,
    #[arg(long, default_value_t = 10_000)]
    vmis: usize,
    /// Status changes per simulated second in each cluster.
    #[arg(long, default_value_t = 100.0)]
    churn: f64,
    /// Length of each measured phase.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Also measure with one VMI watch per cluster.
    #[arg(long)]
    watch: bool,
}

/// User and system CPU seconds of this process so far.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("Linux /proc");
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f[11].parse::<f64>().unwrap() + f[12].parse::<f64>().unwrap();
    // USER_HZ is 100 on every Linux ABI Rust targets.
    ticks / 100.0
}

/// Resident memory now and at its peak, MiB.
fn rss_mib() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").expect("Linux /proc");
    let kib = |key: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (kib("VmRSS:") / 1024.0, kib("VmHWM:") / 1024.0)
}

/// CPU per wall second over `secs` of running.
async fn measure(label: &str, secs: u64, events: Option<&AtomicU64>) {
    let (c0, t0) = (cpu_seconds(), Instant::now());
    let e0 = events.map(|e| e.load(Ordering::Relaxed));
    tokio::time::sleep(Duration::from_secs(secs)).await;
    let (cpu, wall) = (cpu_seconds() - c0, t0.elapsed().as_secs_f64());
    let (rss, peak) = rss_mib();
    let mut line = format!(
        "{label}: {cpu:.1} CPU s over {wall:.1} s = {:.3} cores; RSS {rss:.0} MiB (peak {peak:.0})",
        cpu / wall
    );
    if let (Some(e), Some(e0)) = (events, e0) {
        let n = e.load(Ordering::Relaxed) - e0;
        line += &format!("; {:.0} watch events/s received", n as f64 / wall);
    }
    println!("{line}");
}

/// Watches every VMI of `c`, counting event lines into `events`.
async fn watch(c: FleetCluster, events: Arc<AtomicU64>) {
    let url = format!(
        "{}/apis/kubevirt.io/v1/virtualmachineinstances?watch=true&allowWatchBookmarks=true",
        c.url()
    );
    let mut req = reqwest::Client::new().get(url);
    if let Some(t) = c.token() {
        req = req.bearer_auth(t);
    }
    let mut resp = req.send().await.expect("watch");
    while let Ok(Some(chunk)) = resp.chunk().await {
        let lines = chunk.iter().filter(|b| **b == b'\n').count() as u64;
        events.fetch_add(lines, Ordering::Relaxed);
    }
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let cli = Cli::parse();
    let (c0, t0) = (cpu_seconds(), Instant::now());
    let plans = scale_fleet(cli.clusters, cli.vmis, cli.churn, 1);
    let any = SocketAddr::from(([127, 0, 0, 1], 0));
    let fleet = Fleet::start(plans, &SimArgs::default(), any).await?;
    let (rss, _) = rss_mib();
    println!(
        "start-up of {} clusters × {} VMIs: {:.1} s wall, {:.1} CPU s; RSS {rss:.0} MiB",
        cli.clusters,
        cli.vmis,
        t0.elapsed().as_secs_f64(),
        cpu_seconds() - c0
    );
    let label = format!("churn {}/s per cluster, no client", cli.churn);
    measure(&label, cli.seconds, None).await;
    if cli.watch {
        let events = Arc::new(AtomicU64::new(0));
        let initial = (cli.clusters * cli.vmis) as u64;
        let (c0, t0) = (cpu_seconds(), Instant::now());
        for c in fleet.clusters() {
            tokio::spawn(watch(c.clone(), events.clone()));
        }
        while events.load(Ordering::Relaxed) < initial {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        println!(
            "initial watch events ({initial}): {:.1} s wall, {:.1} CPU s",
            t0.elapsed().as_secs_f64(),
            cpu_seconds() - c0
        );
        let label = format!(
            "churn {}/s per cluster, one VMI watch per cluster",
            cli.churn
        );
        measure(&label, cli.seconds, Some(&events)).await;
    }
    Ok(())
}
