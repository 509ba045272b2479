//! The overview card of one VMI: name, namespace, node, phase (with a Paused badge when paused
//! while Running), IP, live-migratable, guest agent, the migration in progress with its percent,
//! the three layers' verdicts at a glance and the model's headline.

use crate::components::common::{health_id, layer_id};
use crate::i18n::{Lang, lang, tr};
use leptos::prelude::*;
use model::diagnosis::{Health, Layer};
use model::summary::AgentState;
use model::{VmiKey, VmiSummary};

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

/// The card of `summary`. Every status field is bound on its own: when the summary changes (a
/// live update), only what differs is rewritten in the DOM; the card is not built again.
///
/// What the card is built for, unbound: its language, and the VMI it shows (name, namespace,
/// link). A change of either, which is rare (another VMI taking this place in the virtual list,
/// a change of language), runs [`card`] again, and the elements are updated in place. A status
/// update wakes only the status bindings, each subscribed to the summary alone: an update of
/// the 24 visible cards re-runs a few hundred bindings, not one per field of every card.
#[component]
pub fn VmiCard(#[prop(into)] summary: Signal<VmiSummary>) -> impl IntoView {
    let l = lang();
    let key = Memo::new(move |_| summary.with(|s| s.key.clone()));
    move || card(key.get(), summary, l.get())
}

fn card(key: VmiKey, summary: Signal<VmiSummary>, l: Lang) -> impl IntoView {
    let t = move |id| tr(l, id);
    let get = move |f: fn(&VmiSummary) -> String| move || summary.with(f);
    let href = format!("/vmi/{}/{}", key.namespace, key.name);
    let label = key.to_string();
    // Plain closures rather than memos: each is cheap to recompute, and every distinct memo type
    // costs the bundle its own copy of the reactive machinery. (The key memo in `VmiCard` is the
    // exception: it spares the name, the link and the key a binding each.)
    let v = move || summary.with(verdict);
    let phase = get(|s| {
        if s.phase.is_empty() {
            "(no phase)".to_string()
        } else {
            s.phase.clone()
        }
    });
    let migratable =
        move || match summary.with(|s| (s.live_migratable, s.not_migratable_reason.clone())) {
            (Some(true), _) => view! { <span class="yes">{t("yes")}</span> }.into_any(),
            (Some(false), reason) => {
                let suffix = reason.as_ref().map(|r| format!(" ({r})"));
                view! {
                    <span class="no" title=reason.unwrap_or_default()>{t("no")} {suffix}</span>
                }
                .into_any()
            }
            (None, _) => view! { <span class="muted">"—"</span> }.into_any(),
        };
    let agent = move || match summary.with(|s| s.agent) {
        AgentState::Connected => ("agent-ok", "agent.connected"),
        AgentState::Absent => ("agent-none", "agent.absent"),
        AgentState::Unsupported => ("agent-bad", "agent.unsupported"),
    };
    let paused = move || summary.with(|s| s.paused);
    let migration = move || {
        summary.with(|s| s.migration.clone()).map(|m| {
            let pct = m
                .percent
                .map(|p| format!("{p:.0}%"))
                .unwrap_or_else(|| "…".into());
            let value = m.percent.unwrap_or(0.0).clamp(0.0, 100.0);
            view! {
                <dt>{t("f.migration")}</dt>
                <dd data-testid="migration">
                    <progress max="100" value=format!("{value:.0}") aria-label="migration progress"></progress>
                    " " {pct} " " {m.mode.clone().unwrap_or_default()} {m.target_node.clone().map(|n| format!(" → {n}"))}
                </dd>
            }
        })
    };
    let glance = [Layer::ControlPlane, Layer::Node, Layer::Guest]
        .into_iter()
        .map(|layer| {
            let h = move || {
                summary.with(|s| match layer {
                    Layer::ControlPlane => s.layers.control_plane,
                    Layer::Node => s.layers.node,
                    _ => s.layers.guest,
                })
            };
            view! {
                // Coloured by `data-health` (see the style sheet): one binding less per layer.
                <li class="glance" data-layer=layer.as_str() data-health=move || h().as_str()
                    title=move || format!("{}: {}", t(layer_id(layer)), t(health_id(h())))>
                    <span class="glance-layer">{t(layer_id(layer))}</span>
                    <span class="glance-health">{move || t(health_id(h()))}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        // Bordered by `data-verdict` (see the style sheet).
        <article class="vmi-card" data-key=label.clone() data-verdict=move || v().as_str() aria-label=label>
            <header>
                <a class="name" href=href>{key.name}</a>
                <span class="ns">{key.namespace}</span>
            </header>
            <ul class="glances" aria-label=t("f.layers")>{glance}</ul>
            <dl>
                <dt>{t("f.phase")}</dt>
                <dd>
                    <span class=move || summary.with(|s| phase_class(&s.phase)) data-testid="phase">{phase}</span>
                    {move || paused().then(|| view! { <span class="badge badge-paused">"Paused"</span> })}
                </dd>
                <dt>{t("f.node")}</dt>
                <dd data-testid="node">{get(|s| s.node.clone().unwrap_or_else(|| "—".into()))}</dd>
                <dt>{t("f.ip")}</dt>
                <dd data-testid="ip">{get(|s| s.ip.clone().unwrap_or_else(|| "—".into()))}</dd>
                <dt>{t("f.migratable")}</dt>
                <dd data-testid="migratable">{migratable}</dd>
                <dt>{t("f.agent")}</dt>
                <dd data-testid="agent" class=move || agent().0>{move || t(agent().1)}</dd>
                {migration}
            </dl>
            <p class="card-headline" title=get(|s| s.headline.clone())>{get(|s| s.headline.clone())}</p>
        </article>
    }
}
