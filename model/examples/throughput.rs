//! `cargo run --release -p model --example throughput -- [DUMP_FILE]`: a quick native measure of
//! diagnosis throughput on the scenario fixtures and, given a file, of `input::analyse` on it,
//! for profiling without the bench stack (`cargo xtask bench` holds the figures of record).
//! `ROUNDS=N` judges the fixtures N times instead of for `SECS` seconds, and `RUNS` sets how often
//! the file is analysed (3): fixed work, to count instructions under a profiler on a busy machine.

use std::time::{Duration, Instant};

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    let mut objects = Vec::new();
    for p in &paths {
        let text = std::fs::read_to_string(p).expect("fixture");
        if let Ok(parsed) = model::input::parse::parse(&text) {
            objects.extend(parsed.objects.into_iter().map(|l| l.object));
        }
    }
    let bundles = model::input::group(objects, None).bundles;
    let now = model::time::Timestamp::parse("2026-11-30T09:00:00Z");
    let secs: f64 = std::env::var("SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let rounds: Option<u64> = std::env::var("ROUNDS").ok().and_then(|s| s.parse().ok());
    let start = Instant::now();
    let (mut judged, mut broken) = (0u64, 0u64);
    let mut round = 0;
    while rounds.map_or(start.elapsed() < Duration::from_secs_f64(secs), |r| {
        round < r
    }) {
        round += 1;
        for e in &bundles {
            let d = model::diagnosis::diagnose(std::hint::black_box(e), now);
            broken += u64::from(d.is_broken());
            judged += 1;
        }
    }
    let rate = judged as f64 / start.elapsed().as_secs_f64();
    println!(
        "diagnose: {} bundles, {rate:.0} VMIs/s ({broken} broken)",
        bundles.len()
    );
    if let Some(path) = std::env::args().nth(1) {
        let text = std::fs::read_to_string(&path).expect("dump");
        let runs: usize = std::env::var("RUNS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(3);
        for _ in 0..runs {
            let t = Instant::now();
            let a = model::input::analyse(&text, None).expect("analyse");
            println!(
                "analyse: {} bytes, {} blocks, {} VMIs, {:.0} ms",
                text.len(),
                a.blocks.len(),
                a.dump.bundles.len(),
                t.elapsed().as_secs_f64() * 1000.0
            );
        }
    }
}
