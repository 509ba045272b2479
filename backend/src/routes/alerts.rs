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
use model::{VmiKey, VmiSummary};
use std::collections::BTreeSet;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/v1/alerts", get(alerts))
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

/// The VMIs of `items` that `a` concerns, with their launchers and migrations from the caches.
fn vmis(state: &AppState, a: &Alert, items: &[VmiSummary]) -> Vec<VmiKey> {
    let t = targets(a);
    let ns = namespaces(&t);
    let nodes: BTreeSet<&str> = t
        .iter()
        .filter_map(|t| match t {
            Target::Node { name } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    items
        .iter()
        .filter(|s| {
            ns.contains(&s.key.namespace) || s.node.as_deref().is_some_and(|n| nodes.contains(n))
        })
        .filter(|s| {
            let pods: Vec<String> = state
                .caches
                .launchers(&s.key)
                .iter()
                .map(|l| l.name.to_string())
                .collect();
            let pods: Vec<&str> = pods.iter().map(String::as_str).collect();
            let migrations: Vec<String> = state
                .caches
                .migrations_in(&s.key.namespace)
                .iter()
                .filter(|m| m.spec.vmi_name.as_deref() == Some(s.key.name.as_str()))
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
            vmis(&state, a, &items)
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
