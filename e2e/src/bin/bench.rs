//! The benchmark runner behind `cargo xtask bench` (see `e2e::bench`).

use clap::Parser;
use e2e::bench::{
    Check, Report, Settings, fleet, fleet_overview, fleet_pixel, history, load, mixed, overview,
    paste, pixel, server, sessions, silent, start, throughput,
};
use std::path::PathBuf;

#[derive(Parser)]
#[command(about = "Measures Strata against its budgets; writes target/bench/report.{md,json}")]
struct Args {
    /// Small N and short runs (what CI runs).
    #[arg(long)]
    quick: bool,
    /// Exit non-zero when a budget is missed (or a measurement could not run); `--check=ratios`
    /// judges only the ratios between sizes, which a busy machine does not move (what CI runs).
    #[arg(long, value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "all")]
    check: Option<Check>,
    /// The built frontend.
    #[arg(long)]
    dist: PathBuf,
    /// The release `strata` binary.
    #[arg(long)]
    strata: PathBuf,
    /// Where the report goes.
    #[arg(long)]
    out: PathBuf,
    /// Run only the measurements whose name contains this (e.g. `memory`, `fan-out`,
    /// `forged cookies`).
    #[arg(long)]
    only: Option<String>,
    /// Seconds of churn for the overview's heap trend (default: 10 quick, 60 at 1,000 and 600
    /// at 10,000 VMIs).
    #[arg(long)]
    churn: Option<u64>,
    /// Also write a CPU profile (`.cpuprofile`, for Chromium's DevTools) of each overview's 10%
    /// update into `--out`. The profiler's overhead is in that run's script time.
    #[arg(long)]
    cpu_profile: bool,
    /// The fleet sizes `fleet` measures, as CLUSTERSxVMIS per cluster, comma-separated (the
    /// issue's size is 10x10000: about 10.5 GiB in the simulator).
    #[arg(long, value_parser = fleet::sizes, default_value = fleet::DEFAULT_SIZES)]
    fleet: fleet::Sizes,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // Before any measurement pins this process: the set to restore afterwards.
    e2e::bench::cpus();
    let args = Args::parse();
    let s = Settings {
        quick: args.quick,
        dist: args.dist,
        strata: args.strata,
    };
    let mut report = Report {
        mode: if s.quick { "quick" } else { "full" },
        figures: vec![],
        errors: vec![],
    };
    let mut add = |name: &str, r: anyhow::Result<Vec<e2e::bench::Figure>>| match r {
        Ok(f) => report.figures.extend(f),
        Err(e) => {
            eprintln!("bench: {name}: {e:#}");
            report.errors.push(format!("{name}: {e:#}"));
        }
    };
    // Each measurement runs when its name contains `--only` (or always without it).
    let want = |name: &str| args.only.as_deref().is_none_or(|o| name.contains(o));
    let q = s.quick;
    let profile = args.cpu_profile.then_some(args.out.as_path());
    // The demo stack only when a measurement needs it (`--only history` runs without one).
    let stacked = ["first load", "side by side", "diagnosis native"];
    let stack = match stacked.iter().any(|m| want(m)) {
        true => Some(load::Stack::demo(&s).await?),
        false => None,
    };
    if let Some(stack) = &stack {
        if want("first load") {
            add("first load", load::first_load(&s, stack).await);
        }
        if want("side by side") {
            add("side by side", load::side_by_side(stack).await);
        }
        if want("diagnosis native") {
            let url = stack.sim.url();
            add("diagnosis native", throughput::native(&url, q).await);
        }
    }
    if want("event-to-pixel") {
        let changes = if q { 30 } else { 200 };
        add("event-to-pixel", pixel::event_to_pixel(changes).await);
    }
    if want("paste 10 MB") {
        add("paste 10 MB", paste::ten_mb());
    }
    if want("mixed dump") {
        add("mixed dump", mixed::ten_thousand(q));
    }
    if want("diagnosis wasm") {
        add("diagnosis wasm", throughput::wasm().await);
    }
    if want("overview 1000") {
        let churn = args.churn.unwrap_or(if q { 10 } else { 60 });
        add("overview 1000", overview::at(1_000, churn, profile).await);
    }
    if !q && want("overview 10000") {
        let churn = args.churn.unwrap_or(600);
        add("overview 10000", overview::at(10_000, churn, profile).await);
    }
    if want("backend memory") {
        let n = if q { 1_000 } else { 10_000 };
        add("backend memory", server::memory(&s, n).await);
    }
    if want("backend start") {
        add("backend start", start::measure(&s).await);
    }
    if want("fan-out") {
        let steps: &[usize] = if q {
            &[50, 200]
        } else {
            &[250, 500, 1_000, 2_000, 4_000]
        };
        add("fan-out", server::fan_out(&s, steps).await);
    }
    // Not in CI's quick run: a fleet of 10,000-VMI clusters takes gigabytes in the simulator.
    if !q && want("fleet") {
        add("fleet", fleet::measure(&s, &args.fleet.0).await);
    }
    // The largest fleet asked for, churning, with the overview open (issue 32, item 5).
    if !q
        && want("fleet event-to-pixel")
        && let Some(&size) = args.fleet.0.iter().max_by_key(|f| f.clusters * f.vmis)
    {
        add(
            "fleet event-to-pixel",
            fleet_pixel::measure(&s, size, 200, profile).await,
        );
    }
    // The overview's 10% update with the largest fleet asked for on the page (issue 32, item 5).
    if !q
        && want("fleet overview")
        && let Some(&size) = args.fleet.0.iter().max_by_key(|f| f.clusters * f.vmis)
    {
        add(
            "fleet overview",
            fleet_overview::measure(&s, size, profile).await,
        );
    }
    if want("forged cookies") {
        let (forged, clients) = if q { (300, 100) } else { (2_000, 1_000) };
        add(
            "forged cookies",
            sessions::forged_cookies(&s, forged, clients).await,
        );
    }
    if want("silent connections") {
        let (n, secs) = if q { (2_000, 15) } else { (10_000, 30) };
        let duration = std::time::Duration::from_secs(secs);
        add("silent connections", silent::measure(&s, n, duration).await);
    }

    if want("history") {
        add("history", history::measure(q).await);
    }

    report.write(&args.out)?;
    println!("{}", report.markdown());
    println!("written to {}", args.out.join("report.md").display());
    if let Some(check) = args.check {
        let failures = report.failures(check);
        for f in &failures {
            eprintln!("bench: {f}");
        }
        if !failures.is_empty() {
            std::process::exit(1);
        }
    }
    Ok(())
}
