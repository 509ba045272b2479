//! Every VMI key names its cluster (issue 32, step 2): two clusters holding `infra/bastion`
//! each never mix — on the push stream, in `/api/v1/vmis`, and on the per-VMI routes under
//! `/api/v1/c/{cluster}/`; the routes without the prefix answer for the first cluster; an
//! unknown cluster is a 404; an unreachable cluster's VMIs stay on the stream while the other
//! cluster's changes still reach it.

use super::*;
use model::VmiKey;
use model::view::VmiSummary;
use model::wire::{EVENT_NAME, StreamMsg};

/// A browser's view of the push stream: every message read, applied to a list as the
/// frontend applies them.
pub(super) struct Watch {
    res: reqwest::Response,
    buf: String,
    pub(super) list: Vec<VmiSummary>,
    pub(super) seen: Vec<StreamMsg>,
}

impl Watch {
    async fn open(console: &Console) -> Watch {
        Watch::open_as(console, None).await
    }

    /// The stream as the session of `cookie` (token mode) reads it.
    pub(super) async fn open_as(console: &Console, cookie: Option<&str>) -> Watch {
        let mut req = common::http().get(format!("{}/api/v1/stream", console.url()));
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        let res = req.send().await.unwrap();
        assert_eq!(res.status().as_u16(), 200);
        Watch {
            res,
            buf: String::new(),
            list: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// Applies the complete events in the buffer.
    fn take_events(&mut self) {
        while let Some(end) = self.buf.find("\n\n") {
            let event: String = self.buf.drain(..end + 2).collect();
            let mut name = "";
            let mut data = String::new();
            for line in event.lines() {
                if let Some(n) = line.strip_prefix("event:") {
                    name = n.trim();
                } else if let Some(d) = line.strip_prefix("data:") {
                    data.push_str(d.trim_start());
                }
            }
            if name != EVENT_NAME {
                continue;
            }
            let msg: StreamMsg = serde_json::from_str(&data).unwrap();
            let msgs = match msg {
                StreamMsg::Batch { msgs } => msgs,
                m => vec![m],
            };
            for m in msgs {
                self.seen.push(m.clone());
                m.apply(&mut self.list);
            }
        }
    }

    /// Reads the stream until `done` holds for the list.
    pub(super) async fn until(&mut self, what: &str, done: impl Fn(&[VmiSummary]) -> bool) {
        let deadline = tokio::time::Instant::now() + RECOVERY;
        while !done(&self.list) {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match tokio::time::timeout(left, self.res.chunk()).await {
                Ok(Ok(Some(chunk))) => {
                    self.buf.push_str(&String::from_utf8_lossy(&chunk));
                    self.take_events();
                }
                other => panic!("stream ended or timed out before {what}: {other:?}"),
            }
        }
    }
}

/// A VMI's key in cluster `c` of the fleet: the first one's (a's) names no cluster, the
/// empty cluster meaning the first.
pub(super) fn key_in(c: &str, ns: &str, name: &str) -> VmiKey {
    VmiKey::new(ns, name).in_cluster(if c == "a" { "" } else { c })
}

pub(super) fn bastion(c: &str) -> VmiKey {
    key_in(c, "infra", "bastion")
}

pub(super) fn find<'a>(list: &'a [VmiSummary], key: &VmiKey) -> Option<&'a VmiSummary> {
    list.iter().find(|s| s.key == *key)
}

/// The keys a message names.
pub(super) fn keys_of(m: &StreamMsg) -> Vec<VmiKey> {
    match m {
        StreamMsg::Upsert { item } => vec![item.key.clone()],
        StreamMsg::Delete { key } => vec![key.clone()],
        StreamMsg::Snapshot { items, .. } => items.iter().map(|s| s.key.clone()).collect(),
        StreamMsg::Batch { msgs } => msgs.iter().flat_map(keys_of).collect(),
    }
}

/// Until both bastions (and a's frontend) are on the stream.
async fn both(console: &Console) -> Watch {
    let mut watch = Watch::open(console).await;
    watch
        .until("both bastions and a's frontend", |l| {
            find(l, &bastion("a")).is_some()
                && find(l, &bastion("b")).is_some()
                && find(l, &key_in("a", "web", "frontend")).is_some()
        })
        .await;
    watch
}

#[tokio::test]
async fn the_stream_carries_both_bastions_each_under_its_cluster_and_a_change_only_under_its_own() {
    let fleet = fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let console = console(&fleet, dir.path()).await;
    let mut watch = both(&console).await;
    assert_eq!(watch.list.len(), 3, "{:?}", watch.list);
    let in_a = find(&watch.list, &bastion("a")).unwrap().clone();
    let in_b = find(&watch.list, &bastion("b")).unwrap().clone();
    assert_ne!(in_a.layers, in_b.layers, "healthy in a, no agent in b");
    // A change in b shows under b's key alone.
    let read = watch.seen.len();
    assert!(
        fleet
            .sim("b")
            .unwrap()
            .set_vmi_phase("infra", "bastion", "Failed")
    );
    watch
        .until("b's bastion Failed", |l| {
            find(l, &bastion("b")).is_some_and(|s| s.phase == "Failed")
        })
        .await;
    for m in &watch.seen[read..] {
        for k in keys_of(m) {
            assert_eq!(k.cluster, "b", "{m:?}");
        }
    }
    assert_eq!(
        find(&watch.list, &bastion("a")),
        Some(&in_a),
        "a's unchanged"
    );
    // The list the overview loads holds the same keys.
    let (status, vmis) = common::get_json(&console, "/api/v1/vmis").await;
    assert_eq!(status, 200);
    let listed: Vec<VmiSummary> = serde_json::from_value(vmis).unwrap();
    let keys: Vec<&VmiKey> = listed.iter().map(|s| &s.key).collect();
    let web = key_in("a", "web", "frontend");
    assert_eq!(keys, [&bastion("a"), &web, &bastion("b")]);
}

/// The UID of `infra/bastion` as cluster `c` of the fleet holds it.
pub(super) async fn uid_in(fleet: &Fleet, c: &str) -> String {
    let cluster = fleet.cluster(c).unwrap();
    let path = "/apis/kubevirt.io/v1/namespaces/infra/virtualmachineinstances/bastion";
    let request = common::http()
        .get(format!("{}{path}", cluster.url()))
        .bearer_auth(cluster.token().unwrap());
    let vmi = common::json_of(request).await;
    vmi["metadata"]["uid"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn each_cluster_answers_its_own_vmi_under_its_prefix_and_an_unknown_one_is_a_404() {
    let fleet = fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let console = console(&fleet, dir.path()).await;
    until(&console, "a", 2, true).await;
    until(&console, "b", 1, true).await;
    let (uid_a, uid_b) = (uid_in(&fleet, "a").await, uid_in(&fleet, "b").await);
    assert_ne!(uid_a, uid_b);
    let uid_at = |path: &'static str| {
        let console = &console;
        async move {
            let (status, bundle) = common::get_json(console, path).await;
            assert_eq!(status, 200, "{path}: {bundle}");
            bundle["vmi"]["value"]["metadata"]["uid"]
                .as_str()
                .unwrap_or_else(|| panic!("{path}: {bundle}"))
                .to_string()
        }
    };
    assert_eq!(uid_at("/api/v1/c/a/vmis/infra/bastion").await, uid_a);
    assert_eq!(uid_at("/api/v1/c/b/vmis/infra/bastion").await, uid_b);
    // Without the prefix: the first cluster, as before.
    assert_eq!(uid_at("/api/v1/vmis/infra/bastion").await, uid_a);
    // The page is diagnosed from the cluster's own caches: no agent in b.
    let (status, b) = common::get_json(&console, "/api/v1/c/b/vmis/infra/bastion/detail").await;
    assert_eq!(status, 200, "{b}");
    let (_, a) = common::get_json(&console, "/api/v1/c/a/vmis/infra/bastion/detail").await;
    assert_ne!(a["diagnosis"], b["diagnosis"]);
    // A VMI only a holds is not found in b.
    let (status, _) = common::get_json(&console, "/api/v1/c/b/vmis/web/frontend").await;
    assert_eq!(status, 404);
    // A cluster the console does not watch.
    let (status, err) = common::get_json(&console, "/api/v1/c/nowhere/vmis/infra/bastion").await;
    assert_eq!(status, 404, "{err}");
    assert!(err.to_string().contains("nowhere"), "{err}");
    // Only the per-VMI, node, migration and alert routes take a cluster: the stream and the
    // cluster list are the fleet's.
    for path in ["/api/v1/c/b/stream", "/api/v1/c/b/clusters"] {
        let (status, _) = common::get_json(&console, path).await;
        assert_eq!(status, 404, "{path}");
    }
}

/// The names of the VMIs a node page lists.
async fn on_node(console: &Console, path: &str) -> Vec<VmiKey> {
    let (status, view) = common::get_json(console, path).await;
    assert_eq!(status, 200, "{path}: {view}");
    let view: model::view::node::NodeView = serde_json::from_value(view).unwrap();
    view.vmis.into_iter().map(|v| v.key).collect()
}

#[tokio::test]
async fn a_node_of_the_same_name_in_each_cluster_lists_its_own_cluster_vmis() {
    let fleet = fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let console = console(&fleet, dir.path()).await;
    until(&console, "a", 2, true).await;
    until(&console, "b", 1, true).await;
    let web = key_in("a", "web", "frontend");
    let in_a = on_node(&console, "/api/v1/nodes/worker-1/view").await;
    assert_eq!(in_a, [bastion("a"), web.clone()]);
    assert_eq!(
        on_node(&console, "/api/v1/c/a/nodes/worker-1/view").await,
        in_a
    );
    let in_b = on_node(&console, "/api/v1/c/b/nodes/worker-1/view").await;
    assert_eq!(in_b, [bastion("b")]);
    let (status, rows) = common::get_json(&console, "/api/v1/c/b/nodes/rows").await;
    assert_eq!(status, 200, "{rows}");
    let (status, _) = common::get_json(&console, "/api/v1/c/b/migrations").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn an_unreachable_cluster_stays_on_the_stream_while_the_others_changes_reach_it() {
    let fleet = fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let console = console(&fleet, dir.path()).await;
    let mut watch = both(&console).await;
    fleet.set_unreachable("b", true);
    until(&console, "b", 1, false).await;
    assert!(
        fleet
            .sim("a")
            .unwrap()
            .set_vmi_phase("infra", "bastion", "Failed")
    );
    watch
        .until("a's bastion Failed", |l| {
            find(l, &bastion("a")).is_some_and(|s| s.phase == "Failed")
        })
        .await;
    assert!(find(&watch.list, &bastion("b")).is_some(), "b's kept");
    assert_ne!(find(&watch.list, &bastion("b")).unwrap().phase, "Failed");
    // A stream opened now starts with both too.
    let fresh = both(&console).await;
    assert_eq!(fresh.list.len(), 3);
    fleet.set_unreachable("b", false);
}
