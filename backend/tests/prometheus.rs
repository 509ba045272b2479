//! The backend's PromQL queries against a real Prometheus scraping the simulator's `/metrics`:
//! the same series as from the simulator's own `/api/v1/query`; a running migration's percent,
//! processed / remaining data and rates through the backend's API; and the migration series
//! found under the names of each KubeVirt release family the simulator imitates
//! (`--kubevirt-version`), with the release read from a scraped `kubevirt_info`.
//!
//! Needs `prometheus` (Debian package; `PROMETHEUS` overrides the path). The Prometheus process
//! is killed and its storage removed by a guard, also when the test fails.

mod common;
#[path = "support/prom.rs"]
mod prom;

use backend::api::SeriesGroup;
use backend::promql::Release;
use backend::series::queries;
use prom::Guard;
use serde_json::Value;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Prometheus scraping every target in `targets` each second.
fn start_prometheus_on(targets: &[&str]) -> (Guard, String) {
    prom::start_prometheus(targets, prom::Extra::default())
}

fn start_prometheus(target: &str) -> (Guard, String) {
    start_prometheus_on(&[target])
}

async fn query(
    client: &reqwest::Client,
    base: &str,
    q: &str,
    t: f64,
) -> Vec<(BTreeMap<String, String>, f64)> {
    let r = client
        .get(format!("{base}/api/v1/query"))
        .query(&[("query", q), ("time", &format!("{t:.3}"))])
        .send()
        .await
        .unwrap();
    let status = r.status();
    let v: Value = r.json().await.unwrap();
    assert!(
        status.is_success() && v["status"] == "success",
        "{base} {q}: {v}"
    );
    assert_eq!(v["data"]["resultType"], "vector", "{q}");
    v["data"]["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let labels: BTreeMap<String, String> = s["metric"]
                .as_object()
                .unwrap()
                .iter()
                .filter(|(k, _)| *k != "job" && *k != "instance")
                .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
                .collect();
            (
                labels,
                s["value"][1].as_str().unwrap().parse::<f64>().unwrap(),
            )
        })
        .collect()
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs()) + 1e-6
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_prometheus_agrees_with_the_simulator() {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let sim = sim::Sim::start_with(listener, &sim::SimArgs::default())
        .await
        .unwrap();
    // A slow migration, so the migration series exist while the test runs.
    let vmim = sim.migrate("prod", "web-frontend-1", "long").unwrap();
    assert!(!vmim.is_empty());
    let (_guard, prom) = start_prometheus(&sim.addr().to_string());
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();

    // Wait until Prometheus has scraped for longer than the rate window.
    let window = Duration::from_secs(10);
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut first_up: Option<Instant> = None;
    loop {
        assert!(
            Instant::now() < deadline,
            "Prometheus did not scrape the simulator in time"
        );
        let up = client
            .get(format!("{prom}/api/v1/query"))
            .query(&[("query", "up")])
            .send()
            .await;
        if let Ok(r) = up
            && let Ok(v) = r.json::<Value>().await
            && v["data"]["result"][0]["value"][1] == "1"
        {
            let since = *first_up.get_or_insert_with(Instant::now);
            if since.elapsed() > window + Duration::from_secs(8) {
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }

    let t = sim.now() - 3.0;
    let mut compared = 0;
    let mut migration_series = 0;
    for (ns, name) in [
        ("prod", "web-frontend-1"),
        ("prod", "api-gateway"),
        ("net", "edge-router"),
        ("staging", "ci-runner-7"),
    ] {
        let all = [SeriesGroup::Domain, SeriesGroup::Migration]
            .into_iter()
            .flat_map(|g| queries(g, ns, name, window.as_secs(), None));
        for planned in all {
            let (key, q) = (planned.metric, planned.promql);
            let real = query(&client, &prom, &q, t).await;
            let simulated = query(&client, &sim.url(), &q, t).await;
            let real_sets: Vec<_> = real.iter().map(|(l, _)| l.clone()).collect();
            let sim_sets: Vec<_> = simulated.iter().map(|(l, _)| l.clone()).collect();
            let mut a = real_sets.clone();
            let mut b = sim_sets.clone();
            a.sort();
            b.sort();
            assert_eq!(a, b, "{ns}/{name} {key}: series differ\n{q}");
            let rel = if key.starts_with("migration") {
                0.01
            } else if q.starts_with("rate") || q.starts_with("sum") {
                0.15
            } else {
                0.05
            };
            for (labels, v) in &real {
                let s = simulated.iter().find(|(l, _)| l == labels).unwrap().1;
                assert!(
                    close(*v, s, rel),
                    "{ns}/{name} {key} {labels:?}: Prometheus {v} vs simulator {s}\n{q}"
                );
                compared += 1;
                if key.starts_with("migration") {
                    migration_series += 1;
                }
            }
            if matches!(key, "cpu" | "memory_resident" | "block_read" | "net_rx") {
                assert!(!real.is_empty(), "{ns}/{name} {key} has data");
            }
        }
    }
    assert!(compared >= 30, "compared {compared} series");
    assert_eq!(
        migration_series, 5,
        "the five migration series of the migrating VMI (v1.9: with the data total)"
    );
}

/// Serves `kubevirt_info` as virt-handler does (`version_metrics.go`), for `kubeversion`.
async fn serve_kubevirt_info(kubeversion: &str) -> String {
    let body = format!(
        "# HELP kubevirt_info Version information.\n# TYPE kubevirt_info gauge\n\
         kubevirt_info{{goversion=\"go1.22.0\",kubeversion=\"{kubeversion}\"}} 1\n"
    );
    let app = axum::Router::new().route(
        "/metrics",
        axum::routing::get(move || {
            let body = body.clone();
            async move { body }
        }),
    );
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

/// A simulator imitating `version` (`None`: its default) with a long migration of
/// `prod/web-frontend-1` under way, a real Prometheus scraping it (and `kubevirt_info` for
/// `info` when given), and the backend's Prometheus client on it; waits until Prometheus has the
/// migration's data-processed series under the release's name.
struct Scraped {
    sim: sim::Sim,
    vmim: String,
    prom: String,
    backend: backend::series::Prometheus,
    _guard: Guard,
}

const VMI: (&str, &str) = ("prod", "web-frontend-1");

async fn scraped(version: Option<&str>, info: Option<&str>) -> Scraped {
    let args = sim::SimArgs {
        kubevirt_version: version.unwrap_or("1.9").into(),
        ..sim::SimArgs::default()
    };
    let sim = common::sim_with(args).await;
    let vmim = sim.migrate(VMI.0, VMI.1, "long").unwrap();
    let mut targets = vec![sim.addr().to_string()];
    if let Some(v) = info {
        targets.push(serve_kubevirt_info(v).await);
    }
    let targets: Vec<&str> = targets.iter().map(String::as_str).collect();
    let (guard, prom) = start_prometheus_on(&targets);
    let backend = backend::series::Prometheus::new(&prom).unwrap();
    let client = reqwest::Client::new();
    let v = sim::version::KubeVirtVersion::parse(version.unwrap_or("1.9")).unwrap();
    let processed = sim::metrics::names::names(v).processed;
    let q = format!("{processed}{{namespace=\"{}\",name=\"{}\"}}", VMI.0, VMI.1);
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        assert!(
            Instant::now() < deadline,
            "Prometheus never scraped {q} (v{v:?})"
        );
        if let Ok(r) = client
            .get(format!("{prom}/api/v1/query"))
            .query(&[("query", q.as_str())])
            .send()
            .await
            && let Ok(v) = r.json::<Value>().await
            && v["data"]["result"]
                .as_array()
                .is_some_and(|a| !a.is_empty())
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    // A few more scrapes, so a range query has several points.
    tokio::time::sleep(Duration::from_secs(6)).await;
    Scraped {
        sim,
        vmim,
        prom,
        backend,
        _guard: guard,
    }
}

/// The latest value of each migration series the backend reads for `VMI`.
async fn migration_values(s: &Scraped) -> BTreeMap<String, f64> {
    let end = s.sim.now();
    let r = backend::series::Range::ending_at(end, Some(60), Some(2)).unwrap();
    let set = s
        .backend
        .series(SeriesGroup::Migration, VMI.0, VMI.1, r)
        .await;
    assert!(set.available, "{:?}", set.message);
    set.series
        .iter()
        .filter_map(|x| Some((x.metric.clone(), x.points.last()?[1])))
        .collect()
}

/// One value of `name` for `VMI` straight from Prometheus.
async fn raw(s: &Scraped, name: &str) -> Option<f64> {
    let q = format!("max({name}{{namespace=\"{}\",name=\"{}\"}})", VMI.0, VMI.1);
    let client = reqwest::Client::new();
    query(&client, &s.prom, &q, s.sim.now())
        .await
        .first()
        .map(|x| x.1)
}

/// The backend finds every migration series of release `version` under its names, the memory
/// rate under the name that carries libvirt's `MemoryBps` in that release, and the total only
/// where it is exported. With `pinned`, the release comes from a scraped `kubevirt_info`.
async fn release_family(version: &str, pinned: bool) {
    let kubeversion = format!("v{version}.0");
    let s = scraped(Some(version), pinned.then_some(kubeversion.as_str())).await;
    let expected = Release::parse(&kubeversion);
    assert_eq!(
        s.backend.release().await,
        if pinned { expected } else { None },
        "release from kubevirt_info"
    );
    let v = sim::version::KubeVirtVersion::parse(version).unwrap();
    let names = sim::metrics::names::names(v);
    let got = migration_values(&s).await;
    for key in [
        "migration_processed",
        "migration_remaining",
        "migration_transfer_rate",
        "migration_dirty_rate",
    ] {
        assert!(got.contains_key(key), "v{version}: {key} missing: {got:?}");
    }
    assert_eq!(
        got.contains_key("migration_total"),
        names.total.is_some(),
        "v{version}: the total exactly where exported: {got:?}"
    );
    // The value under this release's memory-rate name (v1.1 to v1.6: the disk name).
    let memory = raw(&s, names.memory_rate).await.unwrap();
    assert!(memory > 0.0, "v{version}: memory rate {memory}");
    assert!(
        close(got["migration_transfer_rate"], memory, 0.05),
        "v{version}: transfer rate {} is {} ({memory})",
        got["migration_transfer_rate"],
        names.memory_rate
    );
    if let Some(disk) = names.disk_rate {
        let disk = raw(&s, disk).await.unwrap();
        assert!(
            disk < memory,
            "v{version}: disk rate {disk} is not the memory rate"
        );
    }
    let processed = raw(&s, names.processed).await.unwrap();
    assert!(close(got["migration_processed"], processed, 0.05));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v1_0_names_are_found() {
    release_family("1.0", true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v1_1_swapped_rates_are_read_right() {
    release_family("1.1", true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v1_1_without_kubevirt_info_still_reads_the_memory_rate() {
    release_family("1.1", false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v1_4_disk_named_memory_rate_is_found() {
    release_family("1.4", true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v1_6_names_are_found() {
    release_family("1.6", false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v1_8_names_are_found() {
    release_family("1.8", true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn v1_9_names_are_found() {
    release_family("1.9", false).await;
}

/// The migrations page's row of a running migration: percent, processed / remaining and rates
/// from the real Prometheus, through the backend's HTTP API (both the series endpoint and the
/// migration reports), for a release with a total (1.9) and one without (1.4).
async fn progress_through_the_api(version: &str) {
    let s = scraped(Some(version), None).await;
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(s.sim.url()))
        .await
        .unwrap();
    let console = common::console_with(
        client,
        backend::run::Options {
            prometheus_url: Some(s.prom.clone()),
            ..backend::run::Options::local(None)
        },
    )
    .await;
    let path = format!(
        "/api/v1/vmis/{}/{}/metrics?set=migration&range=60&step=2",
        VMI.0, VMI.1
    );
    let (status, set) = common::get_json(&console, &path).await;
    assert_eq!(status, 200, "{set}");
    let metrics: Vec<&str> = set["series"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["points"].as_array().is_some_and(|p| !p.is_empty()))
        .filter_map(|x| x["metric"].as_str())
        .collect();
    for m in [
        "migration_processed",
        "migration_remaining",
        "migration_transfer_rate",
        "migration_dirty_rate",
    ] {
        assert!(metrics.contains(&m), "v{version}: {m} in {metrics:?}");
    }
    let vmim = s.vmim.clone();
    let progress = common::eventually(Duration::from_secs(30), "the row's progress", || {
        let console = &console;
        let vmim = vmim.clone();
        async move {
            let (status, rows) = common::get_json(console, "/api/v1/migrations/reports").await;
            if status != 200 {
                return None;
            }
            let row = rows
                .as_array()?
                .iter()
                .find(|r| r["report"]["name"] == vmim.as_str())?
                .clone();
            let p = row["report"]["progress"].clone();
            p["percent"].is_number().then_some(p)
        }
    })
    .await;
    let f = |k: &str| progress[k].as_f64();
    let (processed, remaining) = (
        f("data_processed_bytes").unwrap(),
        f("data_remaining_bytes").unwrap(),
    );
    let percent = f("percent").unwrap();
    assert!((0.0..=100.0).contains(&percent), "{progress}");
    let expected = match f("data_total_bytes") {
        Some(total) => (total - remaining) / total * 100.0,
        None => processed / (processed + remaining) * 100.0,
    };
    assert!(
        close(percent, expected.clamp(0.0, 100.0), 1e-9),
        "{progress}"
    );
    assert_eq!(
        f("data_total_bytes").is_some(),
        version == "1.9",
        "{progress}"
    );
    assert!(
        f("transfer_rate_bytes_per_sec").unwrap() > 0.0,
        "{progress}"
    );
    assert!(f("dirty_rate_bytes_per_sec").is_some(), "{progress}");
    eprintln!("v{version} progress: {progress}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn running_migration_progress_comes_through_the_api() {
    progress_through_the_api("1.9").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn running_migration_progress_without_a_total() {
    progress_through_the_api("1.4").await;
}
