//! Each cluster's alerts come from its own Prometheus (issue 32: alerts per cluster, one
//! `--prometheus-url` per context): two clusters hold `infra/bastion`, only b's cannot be
//! evicted, and the alert b's Prometheus fires (`VMCannotBeEvicted`, kubevirt
//! `pkg/monitoring/rules/alerts/vms.go`, labels `namespace` and `name`) is b's bastion's alone:
//! on b's `/api/v1/c/b/alerts`, b's bastion's page and summary; never on a's, whose own
//! Prometheus fires nothing for it. A cluster without a Prometheus says its alerts are not
//! configured.

use super::keys::bastion;
use super::*;
use backend::fleet::Upstreams;
use model::view::VmiSummary;

/// a: a healthy bastion; b: a bastion whose eviction is blocked (a disk that cannot migrate).
async fn fleet_with_alert() -> Fleet {
    let a = ClusterPlan {
        vms: vec![vm("healthy", "infra", "bastion")],
        token: Some(TOKEN_A.into()),
        ..ClusterPlan::new("a", 1)
    };
    let b = ClusterPlan {
        vms: vec![vm("evict-blocked-disks", "infra", "bastion")],
        token: Some(TOKEN_B.into()),
        ..ClusterPlan::new("b", 2)
    };
    let any = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    Fleet::start(vec![a, b], &SimArgs::default(), any)
        .await
        .unwrap()
}

/// A console on both clusters, each cluster's Prometheus its own simulator's (as `strata serve
/// --context a --context b --prometheus-url A --prometheus-url B`), or none for b.
async fn console_with_prometheus(fleet: &Fleet, dir: &std::path::Path, b_has_one: bool) -> Console {
    let files = kubeconfig_files(fleet, dir);
    let named = names::pair(&["a".into(), "b".into()], &[]).unwrap();
    let mut clusters = connect::connect(&files, named).await.unwrap().into_iter();
    let first = clusters.next().unwrap();
    let b = clusters.next().unwrap();
    let url = |c: &str| fleet.cluster(c).unwrap().url();
    let spec = backend::fleet::Spec {
        upstreams: Upstreams {
            prometheus_url: b_has_one.then(|| url("b")),
            alertmanager_url: None,
        },
        ..b.spec()
    };
    common::console_with(
        first.client.clone(),
        Options {
            cluster: Some(first.name.clone()),
            server: Some(first.server.clone()),
            prometheus_url: Some(url("a")),
            alerts_poll: Duration::from_millis(200),
            clusters: vec![spec],
            ..Options::local(None)
        },
    )
    .await
}

/// The alert names an answer of `/api/v1/alerts` lists, with the VMIs each concerns.
fn listed(answer: &Value) -> Vec<(String, Vec<String>)> {
    answer["alerts"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"))
        .iter()
        .map(|r| {
            let vmis = r["vmis"]
                .as_array()
                .map(|v| {
                    v.iter()
                        .map(|k| {
                            let c = k["cluster"].as_str().unwrap_or("");
                            format!("{c}:{}/{}", k["namespace"], k["name"]).replace('"', "")
                        })
                        .collect()
                })
                .unwrap_or_default();
            (r["alert"]["name"].as_str().unwrap_or("").to_string(), vmis)
        })
        .collect()
}

/// The titles of a VMI page's findings, all layers.
fn titles(detail: &Value) -> Vec<String> {
    detail["diagnosis"]["layers"]
        .as_array()
        .unwrap_or_else(|| panic!("{detail}"))
        .iter()
        .flat_map(|l| l["findings"].as_array().unwrap().iter())
        .map(|f| f["title"].as_str().unwrap_or("").to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_alert_of_one_clusters_prometheus_marks_that_clusters_vmi_alone() {
    let fleet = fleet_with_alert().await;
    let dir = tempfile::tempdir().unwrap();
    let console = console_with_prometheus(&fleet, dir.path(), true).await;
    until(&console, "a", 1, true).await;
    until(&console, "b", 1, true).await;
    let in_b = eventually(RECOVERY, "b's alert read", || async {
        let (status, answer) = common::get_json(&console, "/api/v1/c/b/alerts").await;
        assert_eq!(status, 200, "{answer}");
        let rows = listed(&answer);
        rows.iter()
            .any(|(n, _)| n == "VMCannotBeEvicted")
            .then_some((answer, rows))
    })
    .await;
    let (answer, rows) = in_b;
    assert_eq!(answer["source"]["kind"], "read", "{answer}");
    let blocked = rows.iter().find(|(n, _)| n == "VMCannotBeEvicted").unwrap();
    assert_eq!(blocked.1, ["b:infra/bastion"], "b's bastion, named as b's");
    // a's Prometheus fires nothing for its healthy bastion, and b's alert is not a's.
    let (status, answer) = common::get_json(&console, "/api/v1/alerts").await;
    assert_eq!(status, 200);
    assert_eq!(answer["source"]["kind"], "read", "{answer}");
    assert!(
        !listed(&answer)
            .iter()
            .any(|(n, _)| n == "VMCannotBeEvicted"),
        "{answer}"
    );
    // The pages: b's bastion cites it, a's does not.
    let (status, b) = common::get_json(&console, "/api/v1/c/b/vmis/infra/bastion/detail").await;
    assert_eq!(status, 200, "{b}");
    assert!(
        titles(&b).iter().any(|t| t.contains("VMCannotBeEvicted")),
        "{:?}",
        titles(&b)
    );
    let (_, a) = common::get_json(&console, "/api/v1/c/a/vmis/infra/bastion/detail").await;
    assert!(
        !titles(&a).iter().any(|t| t.contains("Alert ")),
        "{:?}",
        titles(&a)
    );
    // The list the overview loads counts it on b's bastion only.
    let summaries = eventually(RECOVERY, "b's bastion counting its alert", || async {
        let (_, v) = common::get_json(&console, "/api/v1/vmis").await;
        let list: Vec<VmiSummary> = serde_json::from_value(v).ok()?;
        let b = list.iter().find(|s| s.key == bastion("b"))?;
        (b.alerts > 0).then_some(list)
    })
    .await;
    let a = summaries.iter().find(|s| s.key == bastion("a")).unwrap();
    assert_eq!(a.alerts, 0, "{a:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cluster_without_a_prometheus_says_its_alerts_are_not_configured() {
    let fleet = fleet_with_alert().await;
    let dir = tempfile::tempdir().unwrap();
    let console = console_with_prometheus(&fleet, dir.path(), false).await;
    until(&console, "b", 1, true).await;
    let (status, answer) = common::get_json(&console, "/api/v1/c/b/alerts").await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["source"]["kind"], "not_configured", "{answer}");
    // a's are read all the same.
    eventually(RECOVERY, "a's alerts read", || async {
        let (_, answer) = common::get_json(&console, "/api/v1/alerts").await;
        (answer["source"]["kind"] == "read").then_some(())
    })
    .await;
}
