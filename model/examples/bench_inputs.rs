//! Fixed work on the inputs of `cargo xtask bench`'s "diagnosis native" and "paste 10 MB", for
//! counting instructions (`perf stat -e instructions`) on a machine too busy for wall-clock
//! figures. The inputs are written once to files: the simulator's demo lists (the bench's
//! `throughput::demo_bundles` reads the same six lists: VMIs, VMs, migrations, pods, nodes,
//! events, each as the API serves it) and the two 10 MB pastes of `e2e/src/bench/paste.rs`.
//!
//! - `diagnose DIR ROUNDS`: groups the lists in DIR (`*.json`, sorted) as the bench does and
//!   diagnoses every bundle ROUNDS times.
//! - `analyse FILE RUNS`: `input::analyse` on FILE, RUNS times.
//!
//! Both warm up first (one round; an analysis of the file's first 64 KB and of a log line: what
//! is built once per process, such as the signature catalogue's automaton) and then do the measured work inside
//! `counted`, so that `valgrind --tool=callgrind --toggle-collect='*counted*'` counts only it
//! (the bench's best of three does not see the one-time work either).
//! - `digest DIR FILE...`: a digest of every diagnosis of DIR's bundles and of every FILE's
//!   whole analysis (`Debug`), to show that a change leaves every result as it was.

use std::hash::{Hash, Hasher};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n = |i: usize| args.get(i).and_then(|s| s.parse::<u64>().ok()).unwrap_or(1);
    match args.first().map(String::as_str) {
        Some("diagnose") => diagnose(&bundles(&args[1]), n(2)),
        Some("analyse") => analyse(&args[1], n(2)),
        Some("digest") => digest(&args[1], &args[2..]),
        _ => eprintln!("usage: diagnose DIR ROUNDS | analyse FILE RUNS | digest DIR FILE..."),
    }
}

/// The demo lists in `dir`, read and grouped as `throughput::demo_bundles` does.
fn bundles(dir: &str) -> Vec<model::evidence::Evidence> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("demo dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    let mut objects = Vec::new();
    for p in &paths {
        let text = std::fs::read_to_string(p).expect("list");
        let list: serde_json::Value = serde_json::from_str(&text).expect("json");
        if list["items"].as_array().is_none_or(|i| i.is_empty()) {
            continue;
        }
        let parsed = model::input::parse::parse(&text).expect("parse");
        objects.extend(parsed.objects.into_iter().map(|l| l.object));
    }
    model::input::group(objects, None).bundles
}

fn now() -> Option<model::time::Timestamp> {
    model::time::Timestamp::parse("2026-11-30T09:00:00Z")
}

/// Runs `f` (the measured work: `callgrind --toggle-collect='*counted*'`).
#[inline(never)]
fn counted<T>(f: impl FnOnce() -> T) -> T {
    f()
}

fn diagnose(bundles: &[model::evidence::Evidence], rounds: u64) {
    let round = |broken: &mut u64| {
        for e in bundles {
            let d = model::diagnosis::diagnose(std::hint::black_box(e), now());
            *broken += u64::from(d.is_broken());
        }
    };
    round(&mut 0);
    let mut broken = 0u64;
    counted(|| (0..rounds).for_each(|_| round(&mut broken)));
    println!(
        "diagnose: {} bundles × {rounds} rounds ({broken} broken)",
        bundles.len()
    );
}

fn analyse(path: &str, runs: u64) {
    let text = std::fs::read_to_string(path).expect("paste");
    let mut warm = text.len().min(64 * 1024);
    while !text.is_char_boundary(warm) {
        warm -= 1;
    }
    drop(model::input::analyse(&text[..warm], None));
    // And a log line: the signature catalogue's automaton is built once per process.
    drop(model::input::analyse(
        "{\"level\":\"error\",\"msg\":\"x\"}\n",
        None,
    ));
    for _ in 0..runs {
        let a = counted(|| model::input::analyse(std::hint::black_box(&text), None));
        let a = a.expect("analyse");
        println!(
            "analyse: {} bytes, {} blocks, {} VMIs",
            text.len(),
            a.blocks.len(),
            a.dump.bundles.len()
        );
    }
}

fn digest(dir: &str, files: &[String]) {
    let hash = |s: &str| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        s.hash(&mut h);
        h.finish()
    };
    let bundles = bundles(dir);
    let all: String = bundles
        .iter()
        .map(|e| format!("{:?}\n", model::diagnosis::diagnose(e, now())))
        .collect();
    println!(
        "diagnoses of {} bundles: {:016x}",
        bundles.len(),
        hash(&all)
    );
    for f in files {
        let text = std::fs::read_to_string(f).expect("paste");
        let a = model::input::analyse(&text, None).expect("analyse");
        println!("analysis of {f}: {:016x}", hash(&format!("{a:?}")));
    }
}
