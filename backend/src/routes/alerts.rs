//! `GET /api/v1/alerts`: the alerts of the last read ([`crate::alerts`]), each with what its
//! labels name and the VMIs it concerns, from the board and the store (never a request to
//! Alertmanager or Prometheus). Token mode: an alert naming namespaced objects is listed only
//! when the user may list VMIs in one of those namespaces; one naming only nodes or the cluster
//! only when the user may list nodes.

use super::AppState;
use crate::auth::{Access, Caller};
use crate::error::ApiErr;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use model::alerts::{Alert, Involved, Scope, Target, concerns, known, targets};
use model::api::{AlertRow, AlertsAnswer};
use model::wire::paths;
use model::{VmiKey, VmiSummary};
use std::collections::{BTreeSet, HashMap};

pub fn routes() -> Router<AppState> {
    Router::new().route(paths::ALERTS, get(alerts))
}

/// The namespaces an alert's targets name.
pub fn namespaces(t: &[Target]) -> BTreeSet<String> {
    t.iter()
        .filter_map(|t| match t {
            Target::Vm { namespace, .. }
            | Target::Vmi { namespace, .. }
            | Target::Pod { namespace, .. }
            | Target::Migration { namespace, .. } => Some(namespace.clone()),
            Target::Node { .. } | Target::Cluster => None,
        })
        .collect()
}

/// The VMIs of one request, indexed by namespace and by node, so an alert looks only at the VMIs
/// its targets could name (at most 5,000 alerts against 10,000 VMIs would otherwise compare each
/// alert with every VMI on every request).
struct Index<'a> {
    by_namespace: HashMap<&'a str, Vec<&'a VmiSummary>>,
    by_node: HashMap<&'a str, Vec<&'a VmiSummary>>,
}

impl<'a> Index<'a> {
    fn new(items: &'a [VmiSummary]) -> Index<'a> {
        let mut by_namespace: HashMap<&str, Vec<&VmiSummary>> = HashMap::new();
        let mut by_node: HashMap<&str, Vec<&VmiSummary>> = HashMap::new();
        for s in items {
            by_namespace.entry(&s.key.namespace).or_default().push(s);
            if let Some(n) = s.node.as_deref() {
                by_node.entry(n).or_default().push(s);
            }
        }
        Index {
            by_namespace,
            by_node,
        }
    }

    /// The VMIs in one of `namespaces` or on one of `nodes`, each once, in key order.
    fn candidates(
        &self,
        namespaces: &BTreeSet<String>,
        nodes: &BTreeSet<&str>,
    ) -> Vec<&'a VmiSummary> {
        let mut out: Vec<&VmiSummary> = namespaces
            .iter()
            .filter_map(|n| self.by_namespace.get(n.as_str()))
            .chain(nodes.iter().filter_map(|n| self.by_node.get(n)))
            .flatten()
            .copied()
            .collect();
        out.sort_by(|a, b| a.key.cmp(&b.key));
        out.dedup_by(|a, b| a.key == b.key);
        out
    }
}

/// The VMIs that `a` concerns, with their launchers and migrations from the caches.
fn vmis(state: &AppState, a: &Alert, t: &[Target], index: &Index) -> Vec<VmiKey> {
    let ns = namespaces(t);
    let nodes: BTreeSet<&str> = t
        .iter()
        .filter_map(|t| match t {
            Target::Node { name } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    index
        .candidates(&ns, &nodes)
        .into_iter()
        .filter(|s| {
            let pods: Vec<String> = state
                .caches
                .launchers(&s.key)
                .iter()
                .map(|l| l.name())
                .collect();
            let pods: Vec<&str> = pods.iter().map(String::as_str).collect();
            let migrations: Vec<String> = state
                .caches
                .migrations_of(&s.key)
                .iter()
                .map(|m| m.metadata.name().to_string())
                .collect();
            let migrations: Vec<&str> = migrations.iter().map(String::as_str).collect();
            let nodes: Vec<&str> = s.node.as_deref().into_iter().collect();
            concerns(
                a,
                &Involved {
                    key: &s.key,
                    nodes: &nodes,
                    pods: &pods,
                    migrations: &migrations,
                },
            )
        })
        .map(|s| s.key.clone())
        .collect()
}

/// Whether an alert naming the namespaces `ns` may be shown: in a `visible` one (`None`: all),
/// or, naming none, when nodes may be listed.
pub fn may_see(ns: &BTreeSet<String>, visible: &Option<BTreeSet<String>>, nodes_ok: bool) -> bool {
    match visible {
        None => true,
        Some(v) if !ns.is_empty() => ns.iter().any(|n| v.contains(n)),
        Some(_) => nodes_ok,
    }
}

async fn alerts(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiErr> {
    let caller = state.auth.caller(&headers)?;
    let snap = state.caches.alerts.get();
    let all_ns: BTreeSet<String> = snap
        .alerts
        .iter()
        .flat_map(|a| namespaces(&targets(a)))
        .collect();
    let (visible, nodes_ok) = if matches!(caller, Caller::Local) {
        (None, true)
    } else {
        let v = state
            .auth
            .visible_namespaces(&caller, "kubevirt.io", "virtualmachineinstances", all_ns)
            .await?;
        let nodes_ok = state
            .auth
            .may(&caller, &Access::list("", "nodes", None))
            .await?;
        (Some(v.into_iter().collect::<BTreeSet<String>>()), nodes_ok)
    };
    let items = state.store.items();
    let index = Index::new(&items);
    let mut rows = Vec::new();
    for a in &snap.alerts {
        let t = targets(a);
        let ns = namespaces(&t);
        if !may_see(&ns, &visible, nodes_ok) {
            continue;
        }
        let every_vmi = model::alerts::matching::scope(a, &t) == Scope::EveryVmi;
        let mut keys = if every_vmi {
            Vec::new()
        } else {
            vmis(&state, a, &t, &index)
        };
        if let Some(v) = &visible {
            keys.retain(|k| v.contains(&k.namespace));
        }
        rows.push(AlertRow {
            runbook: a.runbook(),
            layer: known(&a.name).map(|k| k.layer),
            targets: t,
            vmis: keys,
            every_vmi,
            alert: a.clone(),
        });
    }
    Ok(Json(AlertsAnswer {
        source: snap.source.clone(),
        alerts: rows,
    })
    .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vmi(ns: &str, name: &str, node: Option<&str>) -> VmiSummary {
        VmiSummary {
            key: VmiKey {
                cluster: String::new(),
                namespace: ns.into(),
                name: name.into(),
            },
            node: node.map(str::to_string),
            ..VmiSummary::from_vmi(&model::kube::Vmi::default())
        }
    }

    #[test]
    fn an_alert_looks_only_at_the_vmis_its_targets_could_name() {
        let items = vec![
            vmi("prod", "b", Some("n1")),
            vmi("prod", "a", Some("n2")),
            vmi("dev", "c", Some("n1")),
            vmi("dev", "d", None),
            vmi("qa", "e", Some("n3")),
        ];
        let index = Index::new(&items);
        let keys = |ns: &[&str], nodes: &[&str]| -> Vec<String> {
            let ns: BTreeSet<String> = ns.iter().map(|s| s.to_string()).collect();
            let nodes: BTreeSet<&str> = nodes.iter().copied().collect();
            index
                .candidates(&ns, &nodes)
                .iter()
                .map(|s| s.key.to_string())
                .collect()
        };
        assert_eq!(keys(&["prod"], &[]), ["prod/a", "prod/b"]);
        // A VMI both in a named namespace and on a named node comes once.
        assert_eq!(keys(&["prod"], &["n1"]), ["dev/c", "prod/a", "prod/b"]);
        assert_eq!(keys(&[], &["n3"]), ["qa/e"]);
        assert!(keys(&["nowhere"], &["n9"]).is_empty());
        assert!(keys(&[], &[]).is_empty());
    }
}
