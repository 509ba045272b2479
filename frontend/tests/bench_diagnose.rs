//! Diagnosis throughput inside Chromium (the model compiled to wasm), for `cargo xtask bench`.
//!
//! Ignored by default: the bench runs it with `--include-ignored` in a release build and reads the
//! `diagnose_wasm_vmis_per_second=` line. As a test it still checks that every fixture is judged.

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

macro_rules! fixtures {
    ($($f:literal),* $(,)?) => { [$(include_str!(concat!("../../model/tests/fixtures/", $f))),*] };
}

const FIXTURES: [&str; 21] = fixtures!(
    "abort-failed.yaml",
    "abort-succeeded.yaml",
    "agent-unsupported.yaml",
    "healthy-with-agent.yaml",
    "interfaces-disagree.yaml",
    "no-guest-agent.yaml",
    "node-drain.yaml",
    "node-notready-stale.yaml",
    "node-unknown-phase.yaml",
    "paused-by-user.yaml",
    "paused-io-error.yaml",
    "paused-mode.yaml",
    "postcopy-failed.yaml",
    "postcopy-success.yaml",
    "precopy-converging.yaml",
    "precopy-to-postcopy.yaml",
    "quota-rejected.json",
    "scheduled-sync-failed.yaml",
    "target-unschedulable.yaml",
    "two-active-pods-left-behind.yaml",
    "unschedulable.yaml",
);

#[wasm_bindgen_test]
#[ignore]
fn diagnose_throughput_in_the_browser() {
    let mut objects = Vec::new();
    for f in FIXTURES {
        let parsed = model::input::parse::parse(f).expect("fixtures parse");
        objects.extend(parsed.objects.into_iter().map(|l| l.object));
    }
    let bundles = model::input::group(objects, None).bundles;
    assert!(
        bundles.len() >= FIXTURES.len(),
        "every fixture has at least one VMI"
    );
    let now = model::time::Timestamp::parse("2026-11-30T09:00:00Z");
    let perf = web_sys::window().unwrap().performance().unwrap();
    let start = perf.now();
    let mut judged = 0u64;
    let mut broken = 0u64;
    while perf.now() - start < 1500.0 {
        for e in &bundles {
            broken +=
                u64::from(model::diagnosis::diagnose(std::hint::black_box(e), now).is_broken());
            judged += 1;
        }
    }
    assert!(broken > 0, "the fixtures include broken VMIs");
    let rate = judged as f64 / ((perf.now() - start) / 1000.0);
    console_log!(
        "diagnose_wasm_vmis_per_second={rate:.0} bundles={}",
        bundles.len()
    );
}
