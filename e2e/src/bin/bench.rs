//! The benchmark runner behind `cargo xtask bench` (see `e2e::bench`).

use clap::Parser;
use e2e::bench::{Report, Settings, load, overview, pixel, server, throughput};
use std::path::PathBuf;

#[derive(Parser)]
#[command(about = "Measures Strata against its budgets; writes target/bench/report.{md,json}")]
struct Args {
    /// Small N and short runs (what CI runs).
    #[arg(long)]
    quick: bool,
    /// Exit non-zero when a budget is missed.
    #[arg(long)]
    check: bool,
    /// The built frontend.
    #[arg(long)]
    dist: PathBuf,
    /// The release `strata` binary.
    #[arg(long)]
    strata: PathBuf,
    /// Where the report goes.
    #[arg(long)]
    out: PathBuf,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
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
    let stack = load::Stack::demo(&s).await?;
    add("first load", load::first_load(&s, &stack).await);
    add("side by side", load::side_by_side(&stack).await);
    add(
        "diagnosis throughput",
        throughput::native(&stack.sim.url(), s.quick).await,
    );
    add(
        "event-to-pixel",
        pixel::event_to_pixel(if s.quick { 30 } else { 200 }).await,
    );
    add("diagnosis throughput (wasm)", throughput::wasm().await);
    if s.quick {
        add("overview at 1000", overview::at(1_000, 10).await);
        add("backend memory", server::memory(&s, 1_000).await);
        add("fan-out", server::fan_out(&s, &[50, 200]).await);
    } else {
        add("overview at 1000", overview::at(1_000, 60).await);
        add("overview at 10000", overview::at(10_000, 600).await);
        add("backend memory", server::memory(&s, 10_000).await);
        add(
            "fan-out",
            server::fan_out(&s, &[250, 500, 1_000, 2_000, 4_000]).await,
        );
    }

    report.write(&args.out)?;
    println!("{}", report.markdown());
    println!("written to {}", args.out.join("report.md").display());
    let missed = report.missed();
    if args.check && (!missed.is_empty() || !report.errors.is_empty()) {
        for f in missed {
            eprintln!("bench: budget missed: {} = {} {}", f.title, f.value, f.unit);
        }
        std::process::exit(1);
    }
    Ok(())
}
