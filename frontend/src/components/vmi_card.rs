//! The overview card of one VMI: name, namespace, node, phase (with a Paused badge when paused
//! while Running), IP, live-migratable, guest agent, the migration in progress with its percent,
//! the three layers' verdicts at a glance and the model's headline.

use crate::components::common::{health_id, layer_id};
use crate::i18n::{lang, t, tr};
use leptos::prelude::*;
use model::VmiSummary;
use model::diagnosis::{Health, Layer};
use model::summary::AgentState;

/// CSS class for a phase; unknown phases get a neutral class, shown verbatim.
pub fn phase_class(phase: &str) -> &'static str {
    match phase {
        "Running" => "phase phase-ok",
        "Pending" | "Scheduling" | "Scheduled" | "WaitingForSync" => "phase phase-wait",
        "Failed" | "Unknown" => "phase phase-bad",
        "Succeeded" => "phase phase-done",
        _ => "phase phase-other",
    }
}

/// The card's verdict: the worst of the three layers the model judged from the VMI.
pub fn verdict(s: &VmiSummary) -> Health {
    let rank = |h: Health| match h {
        Health::Unknown => 0,
        Health::Healthy => 1,
        Health::Degraded => 2,
        Health::Broken => 3,
    };
    [s.layers.control_plane, s.layers.node, s.layers.guest]
        .into_iter()
        .max_by_key(|h| rank(*h))
        .unwrap_or(Health::Unknown)
}

#[component]
pub fn VmiCard(summary: VmiSummary) -> impl IntoView {
    let l = lang();
    let key = summary.key.to_string();
    let phase = if summary.phase.is_empty() {
        "(no phase)".to_string()
    } else {
        summary.phase.clone()
    };
    let class = phase_class(&summary.phase);
    let href = format!("/vmi/{}/{}", summary.key.namespace, summary.key.name);
    let v = verdict(&summary);
    let migratable = match summary.live_migratable {
        Some(true) => view! { <span class="yes">{t("yes")}</span> }.into_any(),
        Some(false) => view! {
            <span class="no" title=summary.not_migratable_reason.clone().unwrap_or_default()>
                {t("no")} {summary.not_migratable_reason.clone().map(|r| format!(" ({r})"))}
            </span>
        }
        .into_any(),
        None => view! { <span class="muted">"—"</span> }.into_any(),
    };
    let agent = match summary.agent {
        AgentState::Connected => ("agent-ok", "agent.connected"),
        AgentState::Absent => ("agent-none", "agent.absent"),
        AgentState::Unsupported => ("agent-bad", "agent.unsupported"),
    };
    let migration = summary.migration.clone().map(|m| {
        let pct = m.percent.map(|p| format!("{p:.0}%")).unwrap_or_else(|| "…".into());
        let value = m.percent.unwrap_or(0.0).clamp(0.0, 100.0);
        view! {
            <dt>{t("f.migration")}</dt>
            <dd data-testid="migration">
                <progress max="100" value=format!("{value:.0}") aria-label="migration progress"></progress>
                " " {pct} " " {m.mode.clone().unwrap_or_default()} {m.target_node.clone().map(|n| format!(" → {n}"))}
            </dd>
        }
    });
    let glance = [
        (Layer::ControlPlane, summary.layers.control_plane),
        (Layer::Node, summary.layers.node),
        (Layer::Guest, summary.layers.guest),
    ]
    .into_iter()
    .map(|(layer, h)| {
        view! {
            <li class=format!("glance health-{}", h.as_str()) data-layer=layer.as_str() data-health=h.as_str()
                title=move || format!("{}: {}", tr(l.get(), layer_id(layer)), tr(l.get(), health_id(h)))>
                <span class="glance-layer">{move || tr(l.get(), layer_id(layer))}</span>
                <span class="glance-health">{move || tr(l.get(), health_id(h))}</span>
            </li>
        }
    })
    .collect_view();
    view! {
        <article class=format!("vmi-card verdict-{}", v.as_str()) data-key=key.clone() data-verdict=v.as_str() aria-label=key>
            <header>
                <a class="name" href=href>{summary.key.name.clone()}</a>
                <span class="ns">{summary.key.namespace.clone()}</span>
            </header>
            <ul class="glances" aria-label=move || t("f.layers")()>{glance}</ul>
            <dl>
                <dt>{t("f.phase")}</dt>
                <dd>
                    <span class=class data-testid="phase">{phase}</span>
                    {summary.paused.then(|| view! { <span class="badge badge-paused">"Paused"</span> })}
                </dd>
                <dt>{t("f.node")}</dt>
                <dd data-testid="node">{summary.node.clone().unwrap_or_else(|| "—".into())}</dd>
                <dt>{t("f.ip")}</dt>
                <dd data-testid="ip">{summary.ip.clone().unwrap_or_else(|| "—".into())}</dd>
                <dt>{t("f.migratable")}</dt>
                <dd data-testid="migratable">{migratable}</dd>
                <dt>{t("f.agent")}</dt>
                <dd data-testid="agent" class=agent.0>{t(agent.1)}</dd>
                {migration}
            </dl>
            <p class="card-headline" title=summary.headline.clone()>{summary.headline.clone()}</p>
        </article>
    }
}
