//! Real Prometheus and Alertmanager processes for the tests that need them (Debian's
//! `prometheus` and `prometheus-alertmanager`; `PROMETHEUS` and `ALERTMANAGER` override the
//! paths), each in its own temporary directory on a free loopback port, killed and removed by a
//! guard when dropped, also when the test fails.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

/// Kills a process and removes its directory when dropped.
pub struct Guard {
    child: Child,
    dir: PathBuf,
}

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn temp_dir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "strata-{what}-{}-{}",
        std::process::id(),
        free_port()
    ));
    std::fs::create_dir_all(dir.join("data")).unwrap();
    dir
}

/// What a test Prometheus does besides scraping: its rules and where it sends alerts.
#[derive(Default)]
pub struct Extra<'a> {
    /// The text of a rules file, evaluated each second.
    pub rules: Option<String>,
    /// An Alertmanager's `host:port`.
    pub alertmanager: Option<&'a str>,
}

/// Prometheus scraping every target in `targets` each second (job `kubevirt-prometheus-metrics`,
/// labels kept as scraped); answers the guard and its base URL.
pub fn start_prometheus(targets: &[&str], extra: Extra) -> (Guard, String) {
    let dir = temp_dir("prometheus");
    let targets = targets
        .iter()
        .map(|t| format!("'{t}'"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut config = String::from(
        "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\n",
    );
    if let Some(rules) = &extra.rules {
        std::fs::write(dir.join("rules.yml"), rules).unwrap();
        config.push_str("rule_files:\n  - rules.yml\n");
    }
    if let Some(am) = extra.alertmanager {
        config.push_str(&format!(
            "alerting:\n  alertmanagers:\n    - static_configs:\n        - targets: ['{am}']\n"
        ));
    }
    config.push_str(&format!(
        "scrape_configs:\n  - job_name: kubevirt-prometheus-metrics\n    honor_labels: true\n\
         \x20   metrics_path: /metrics\n    static_configs:\n      - targets: [{targets}]\n"
    ));
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
    (Guard { child, dir }, format!("http://127.0.0.1:{port}"))
}

/// Alertmanager with one receiver that sends nowhere (alerts are only listed).
#[allow(dead_code)] // Used by some of the test binaries that include this file.
pub fn start_alertmanager() -> (Guard, String) {
    let dir = temp_dir("alertmanager");
    std::fs::write(
        dir.join("alertmanager.yml"),
        "route:\n  receiver: none\n  group_wait: 0s\nreceivers:\n  - name: none\n",
    )
    .unwrap();
    let port = free_port();
    let bin = std::env::var("ALERTMANAGER").unwrap_or_else(|_| "prometheus-alertmanager".into());
    let child = Command::new(bin)
        .arg(format!(
            "--config.file={}",
            dir.join("alertmanager.yml").display()
        ))
        .arg(format!("--storage.path={}", dir.join("data").display()))
        .arg(format!("--web.listen-address=127.0.0.1:{port}"))
        .arg("--cluster.listen-address=")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("alertmanager starts (apt-get install prometheus-alertmanager)");
    (Guard { child, dir }, format!("http://127.0.0.1:{port}"))
}
