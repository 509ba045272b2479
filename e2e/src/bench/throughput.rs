//! Diagnosis throughput: how many VMIs per second `model::diagnosis::diagnose` judges natively,
//! on evidence bundles built from the simulator's demo cluster (every scenario).

use super::{Budget, Figure};
use anyhow::{Context, Result};
use std::time::{Duration, Instant};

/// Issue 30's budget for native diagnosis, one thread.
pub const BUDGET_VMIS_PER_S: f64 = 130_000.0;

/// The demo cluster's objects as evidence bundles, read through the simulator's real API.
pub async fn demo_bundles(sim_url: &str) -> Result<Vec<model::evidence::Evidence>> {
    let client = reqwest::Client::new();
    let mut objects = Vec::new();
    for path in [
        "/apis/kubevirt.io/v1/virtualmachineinstances",
        "/apis/kubevirt.io/v1/virtualmachines",
        "/apis/kubevirt.io/v1/virtualmachineinstancemigrations",
        "/api/v1/pods",
        "/api/v1/nodes",
        "/api/v1/events",
    ] {
        let res = client.get(format!("{sim_url}{path}")).send().await?;
        if !res.status().is_success() {
            continue; // a kind the simulator does not serve is simply not evidence
        }
        let text = res.text().await?;
        let list: serde_json::Value = serde_json::from_str(&text)?;
        if list["items"].as_array().is_none_or(|i| i.is_empty()) {
            continue; // nothing of this kind in the demo cluster right now
        }
        let parsed = model::input::parse::parse(&text)
            .map_err(|e| anyhow::anyhow!("{path}: {}", e.message))?;
        objects.extend(parsed.objects.into_iter().map(|l| l.object));
    }
    let dump = model::input::group(objects, None);
    anyhow::ensure!(!dump.bundles.is_empty(), "the simulator served no VMIs");
    Ok(dump.bundles)
}

/// VMIs judged per second, running for at least `min` (one thread).
pub fn diagnose_rate(bundles: &[model::evidence::Evidence], min: Duration) -> f64 {
    let now = model::time::Timestamp::parse("2026-11-30T09:00:00Z");
    let start = Instant::now();
    let mut judged = 0u64;
    let mut broken = 0u64;
    while start.elapsed() < min {
        for e in bundles {
            let d = model::diagnosis::diagnose(std::hint::black_box(e), now);
            broken += u64::from(d.is_broken());
            judged += 1;
        }
    }
    std::hint::black_box(broken);
    judged as f64 / start.elapsed().as_secs_f64()
}

/// Item 6 (native).
pub async fn native(sim_url: &str, quick: bool) -> Result<Vec<Figure>> {
    let bundles = demo_bundles(sim_url).await.context("collecting evidence")?;
    let n = bundles.len();
    let rate = tokio::task::spawn_blocking(move || {
        diagnose_rate(
            &bundles,
            if quick {
                Duration::from_millis(300)
            } else {
                Duration::from_secs(3)
            },
        )
    })
    .await?;
    Ok(vec![
        Figure::new(
            "diagnose_native",
            "Diagnosis throughput, native",
            rate,
            "VMIs/s",
        )
        .budget(Budget::AtLeast(BUDGET_VMIS_PER_S))
        .note(format!(
            "one thread, release build, {n} demo VMIs with pods, migrations, events, nodes"
        )),
    ])
}

/// Item 6 (wasm): the same judgement inside headless Chromium, from the frontend's ignored
/// wasm-bindgen test `bench_diagnose` built in release mode.
pub async fn wasm() -> Result<Vec<Figure>> {
    let root = crate::workspace();
    let out = tokio::process::Command::new("cargo")
        .current_dir(&root)
        .args([
            "test",
            "--release",
            "--locked",
            "-p",
            "frontend",
            "--target",
            "wasm32-unknown-unknown",
            "--test",
            "bench_diagnose",
            "--",
            "--include-ignored",
            "--nocapture",
        ])
        .env(
            "CHROMEDRIVER",
            std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into()),
        )
        .output()
        .await
        .context("running the wasm benchmark")?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let rate: f64 = text
        .split("diagnose_wasm_vmis_per_second=")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|r| r.parse().ok())
        .with_context(|| {
            format!(
                "no rate in the wasm test output:\n{}",
                text.lines().rev().take(15).collect::<Vec<_>>().join("\n")
            )
        })?;
    Ok(vec![
        Figure::new(
            "diagnose_wasm",
            "Diagnosis throughput, wasm in Chromium",
            rate,
            "VMIs/s",
        )
        .note("model compiled to wasm32 (release), 21 scenario fixtures, headless Chromium, 1.5 s"),
    ])
}
