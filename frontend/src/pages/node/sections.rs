//! The node page's sections that read the Node itself: its health and problems, conditions,
//! scheduling (cordon and taints), virt-handler's health, and its devices and allocatable
//! resources.

use crate::components::common::HealthBadge;
use crate::components::rel_time::RelTime;
use crate::i18n::{Key, t};
use leptos::prelude::*;
use model::time::Timestamp;
use model::view::NodeView;
use model::view::node::{HandlerHealth, HandlerPresence};

/// The heartbeat's age (exact time on hover), marked when stale; a note when absent.
pub fn heartbeat_text(h: &HandlerHealth, now: Signal<Timestamp>) -> AnyView {
    match h.heartbeat {
        None => view! { <span class="muted">{t(Key::NdHeartbeatNone)}</span> }.into_any(),
        Some(at) => {
            let class = if h.stale { "drain-bad" } else { "" };
            view! {
                <span class=class data-testid="heartbeat" data-stale=h.stale.to_string()>
                    <RelTime at=Some(at) now=now/>
                    {h.stale.then(|| view! { " — " {t(Key::NdHeartbeatStale)} })}
                </span>
            }
            .into_any()
        }
    }
}

/// Health and the sentences that explain it.
pub fn health(v: &NodeView) -> impl IntoView + use<> {
    let problems = v.problems.clone();
    view! {
        <section aria-labelledby="nd-health" data-testid="node-health" data-health=v.health.as_str()>
            <h2 id="nd-health">{t(Key::NdHealth)} " " <HealthBadge health=v.health/></h2>
            {if problems.is_empty() {
                view! { <p class="empty">{t(Key::NdNoProblem)}</p> }.into_any()
            } else {
                view! {
                    <ul class="node-problems" data-testid="node-problems" aria-label=move || t(Key::NdProblems)()>
                        {problems.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}
                    </ul>
                }
                .into_any()
            }}
        </section>
    }
}

/// Every condition with its status, reason, message and age.
pub fn conditions(v: &NodeView, now: Signal<Timestamp>) -> impl IntoView + use<> {
    let rows = v
        .conditions
        .iter()
        .map(|c| {
            let class = if c.bad { "drain-bad" } else { "" };
            view! {
                <tr data-condition=c.type_.clone() data-bad=c.bad.to_string()>
                    <th scope="row">{c.type_.clone()}</th>
                    <td class=class>{c.status.clone()}</td>
                    <td>{c.reason.clone()}</td>
                    <td>{c.message.clone()}</td>
                    <td><RelTime at=c.since now=now/></td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section aria-labelledby="nd-conditions">
            <h2 id="nd-conditions">{t(Key::NdConditions)}</h2>
            <div class="table-wrap">
            <table data-testid="node-conditions">
                <thead><tr>
                    <th scope="col">{t(Key::ColType)}</th><th scope="col">{t(Key::ColStatus)}</th>
                    <th scope="col">{t(Key::ColReason)}</th><th scope="col">{t(Key::ColMessage)}</th>
                    <th scope="col">{t(Key::NdSince)}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
            </div>
        </section>
    }
}

/// Cordon state and taints, and virt-handler: heartbeat, schedulable label and its pod.
pub fn scheduling_and_handler(v: &NodeView, now: Signal<Timestamp>) -> impl IntoView + use<> {
    let cordon = if v.cordoned {
        view! { <span class="drain-warn" data-testid="cordon" data-cordoned="true">{t(Key::NdCordoned)} " (spec.unschedulable = true)"</span> }.into_any()
    } else {
        view! { <span data-testid="cordon" data-cordoned="false">{t(Key::NdSchedulableYes)}</span> }
            .into_any()
    };
    let taints = if v.taints.is_empty() {
        view! { <span class="muted">{t(Key::NdNoTaints)}</span> }.into_any()
    } else {
        view! { <ul class="plain" data-testid="taints">{v.taints.iter().map(|x| view! { <li><code>{x.clone()}</code></li> }).collect_view()}</ul> }.into_any()
    };
    let h = &v.handler;
    let pod = match (&h.pod, h.presence) {
        (Some(p), _) => {
            let state = if p.ready { t(Key::NdReady) } else { t(Key::NdNotReady) };
            let class = if p.ready { "" } else { "drain-bad" };
            view! {
                <span data-testid="handler-pod"><code>{p.name.clone()}</code> " " {p.phase.clone()} ", "
                    <span class=class>{state}</span> ", " {p.restarts} " " {t(Key::NdRestarts)}</span>
            }
            .into_any()
        }
        (None, HandlerPresence::NotPlaced) => view! {
            <span class="muted" data-testid="handler-pod" data-presence="not_placed" title=h.not_placed.clone().unwrap_or_default()>{t(Key::NdHandlerNotPlaced)}</span>
        }.into_any(),
        (None, HandlerPresence::NotInViewBeating) => view! { <span class="muted" data-testid="handler-pod" data-presence="not_in_view_beating">{t(Key::NdHandlerPodNotInView)}</span> }.into_any(),
        (None, HandlerPresence::PodsNotRead) => view! { <span class="muted" data-testid="handler-pod">{t(Key::NdPodsUnread)}</span> }.into_any(),
        (None, _) => view! { <span class="muted" data-testid="handler-pod">{t(Key::NdHandlerPodNone)}</span> }.into_any(),
    };
    let schedulable = h.schedulable.clone().unwrap_or_else(|| "—".into());
    let sched_class = if h.schedulable.as_deref() == Some("false") {
        "drain-bad"
    } else {
        ""
    };
    view! {
        <section aria-labelledby="nd-scheduling">
            <h2 id="nd-scheduling">{t(Key::NdScheduling)}</h2>
            <dl class="kv">
                <dt>{t(Key::ColStatus)}</dt><dd>{cordon}</dd>
                <dt>{t(Key::NdTaints)}</dt><dd>{taints}</dd>
            </dl>
        </section>
        <section aria-labelledby="nd-handler" data-testid="node-handler">
            <h2 id="nd-handler">{t(Key::NdHandler)}</h2>
            <dl class="kv">
                <dt>{t(Key::NdHeartbeat)}</dt><dd>{heartbeat_text(h, now)}</dd>
                <dt><code>{t(Key::NdSchedulableLabel)}</code></dt><dd class=sched_class data-testid="handler-schedulable">{schedulable}</dd>
                <dt>{t(Key::NdHandlerPod)}</dt><dd>{pod}</dd>
            </dl>
        </section>
    }
}

/// A quantity of the resource `name` in human units (the verbatim quantity is the cell's title).
fn shown(name: &str, quantity: Option<&str>) -> String {
    quantity.map_or_else(|| "—".into(), |q| model::view::quantity::human(name, q))
}

/// KubeVirt's devices first, then cpu and memory.
pub fn resources(v: &NodeView) -> impl IntoView + use<> {
    let rows = v
        .resources
        .iter()
        .map(|r| {
            let zero = r
                .allocatable
                .as_deref()
                .is_some_and(|a| a.trim_start_matches('0').is_empty() || a == "0");
            let class = if zero { "drain-bad" } else { "" };
            view! {
                <tr data-resource=r.name.clone()>
                    <th scope="row"><code>{r.name.clone()}</code></th>
                    <td class=class title=r.allocatable.clone()>{shown(&r.name, r.allocatable.as_deref())}</td>
                    <td title=r.capacity.clone()>{shown(&r.name, r.capacity.as_deref())}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <section aria-labelledby="nd-resources">
            <h2 id="nd-resources">{t(Key::NdResources)}</h2>
            <div class="table-wrap">
            <table data-testid="node-resources">
                <thead><tr>
                    <th scope="col">{t(Key::NdResource)}</th><th scope="col">{t(Key::NdAllocatable)}</th>
                    <th scope="col">{t(Key::NdCapacity)}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
            </div>
        </section>
    }
}
