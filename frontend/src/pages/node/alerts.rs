//! The node's alerts: the alerts `GET /api/v1/alerts` matched to this node (an `AlertRow` whose
//! targets name the node), each with its severity, summary and upstream runbook. Without an
//! Alertmanager or Prometheus the backend says `not_configured` and the section says so.

use crate::api;
use crate::i18n::{Key, t};
use leptos::prelude::*;
use model::api::{AlertRow, AlertSource, AlertTarget, AlertsAnswer};

/// The rows of `answer` that name node `node` (its `node` label or a node target).
pub fn node_alerts<'a>(answer: &'a AlertsAnswer, node: &str) -> Vec<&'a AlertRow> {
    answer
        .alerts
        .iter()
        .filter(|r| {
            r.targets
                .iter()
                .any(|t| matches!(t, AlertTarget::Node { name } if name == node))
        })
        .collect()
}

/// One alert as a list item: name, severity, summary and the runbook link when KubeVirt ships it.
fn alert_item(r: &AlertRow) -> impl IntoView + use<> {
    let name = r.alert.name.clone();
    let severity = r.alert.severity().to_string();
    let summary = r.alert.summary.clone();
    let runbook = r.runbook.clone();
    // Which VM or VMI it speaks of: several alerts of one name differ only by it.
    let about = r.targets.iter().find_map(|t| match t {
        AlertTarget::Vm { namespace, name } | AlertTarget::Vmi { namespace, name } => {
            Some(format!("{namespace}/{name}"))
        }
        _ => None,
    });
    view! {
        <li>
            <strong>{name.clone()}</strong>
            " "
            {(!severity.is_empty()).then(|| view! { <span class="badge">{severity}</span> })}
            {about.map(|a| view! { " " <code>{a}</code> })}
            {(!summary.is_empty()).then(|| view! { " — " <span class="node-alert-summary">{summary}</span> })}
            {runbook.map(|href| view! { " · " <a href=href rel="noopener noreferrer" target="_blank">{format!("runbook: {name}")}</a> })}
        </li>
    }
}

/// The "Alerts" section of the node page.
#[component]
pub fn NodeAlerts(#[prop(into)] node: Signal<String>, tick: Memo<i64>) -> impl IntoView {
    let data = LocalResource::new(move || {
        tick.track();
        async move { api::get_json::<AlertsAnswer>(model::wire::paths::ALERTS).await }
    });
    let body = move || {
        let node = node.get();
        match data.get() {
            None => view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }.into_any(),
            Some(Ok(a)) if !matches!(a.source, AlertSource::NotConfigured) => {
                let mine = node_alerts(&a, &node);
                if mine.is_empty() {
                    view! { <p class="empty" data-testid="node-alerts-none">{t(Key::NdNoAlerts)}</p> }.into_any()
                } else {
                    view! {
                        <ul class="node-alerts" data-testid="node-alerts-list">
                            {mine.into_iter().map(alert_item).collect_view()}
                        </ul>
                    }
                    .into_any()
                }
            }
            // No source configured, or the endpoint could not be read.
            Some(_) => view! { <p class="empty" data-testid="node-alerts-nosource">{t(Key::NdNoAlertSource)}</p> }.into_any(),
        }
    };
    view! {
        <section class="node-alerts-section" data-testid="node-alerts" aria-labelledby="nd-alerts">
            <h2 id="nd-alerts">{t(Key::NdAlerts)}</h2>
            {body}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, targets: Vec<AlertTarget>) -> AlertRow {
        let alert = model::api::Alert::new(
            [("alertname", name), ("severity", "warning")],
            [],
            Default::default(),
            None,
        );
        AlertRow {
            runbook: alert.runbook(),
            alert,
            layer: None,
            targets,
            vmis: vec![],
            every_vmi: false,
        }
    }

    #[test]
    fn only_alerts_naming_the_node_are_the_nodes() {
        let answer = AlertsAnswer {
            source: AlertSource::NotConfigured,
            alerts: vec![
                row(
                    "OrphanedVirtualMachineInstances",
                    vec![AlertTarget::Node {
                        name: "worker-3".into(),
                    }],
                ),
                row(
                    "VMCannotBeEvicted",
                    vec![
                        AlertTarget::Vm {
                            namespace: "prod".into(),
                            name: "worker-3".into(),
                        },
                        AlertTarget::Node {
                            name: "worker-1".into(),
                        },
                    ],
                ),
                row("LowReadyVirtHandlerCount", vec![AlertTarget::Cluster]),
            ],
        };
        let names: Vec<&str> = node_alerts(&answer, "worker-3")
            .iter()
            .map(|r| r.alert.name.as_str())
            .collect();
        // A VM named like the node is not the node.
        assert_eq!(names, ["OrphanedVirtualMachineInstances"]);
        assert_eq!(node_alerts(&answer, "worker-1").len(), 1);
        assert!(node_alerts(&answer, "worker-9").is_empty());
    }
}
