//! The backend's PromQL queries give the same series from a real Prometheus scraping the
//! simulator's `/metrics` as from the simulator's own `/api/v1/query`.
//!
//! Needs `prometheus` (Debian package; `PROMETHEUS` overrides the path). The Prometheus process
//! is killed and its storage removed by a guard, also when the test fails.

use backend::api::SeriesGroup;
use backend::series::queries;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kills Prometheus and removes its files when dropped.
struct PrometheusGuard {
    child: Child,
    dir: PathBuf,
}

impl Drop for PrometheusGuard {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn start_prometheus(target: &str) -> (PrometheusGuard, String) {
    let dir = std::env::temp_dir().join(format!(
        "strata-prometheus-{}-{}",
        std::process::id(),
        free_port()
    ));
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let config = format!(
        "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\nscrape_configs:\n  - job_name: kubevirt-prometheus-metrics\n    honor_labels: true\n    metrics_path: /metrics\n    static_configs:\n      - targets: ['{target}']\n"
    );
    std::fs::write(dir.join("prometheus.yml"), config).unwrap();
    let port = free_port();
    let bin = std::env::var("PROMETHEUS").unwrap_or_else(|_| "prometheus".into());
    let child = Command::new(bin)
        .arg(format!(
            "--config.file={}",
            dir.join("prometheus.yml").display()
        ))
        .arg(format!(
            "--storage.tsdb.path={}",
            dir.join("data").display()
        ))
        .arg(format!("--web.listen-address=127.0.0.1:{port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("prometheus starts (apt-get install prometheus)");
    (
        PrometheusGuard { child, dir },
        format!("http://127.0.0.1:{port}"),
    )
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
        migration_series, 4,
        "the four migration series of the migrating VMI"
    );
}
