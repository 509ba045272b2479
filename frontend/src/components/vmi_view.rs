//! One VMI's page from its [`VmiDetail`]: the headline naming the broken layer, the layers side
//! by side with findings and evidence, conditions with their explanations, launcher pods,
//! interfaces with IP provenance, the guest agent, events and migrations. The live VMI page (the
//! backend builds the detail) and the paste-a-dump page (the dump module builds it) both render
//! this; nothing here diagnoses or explains.
//!
//! Tab and selected migration are query parameters (`tab`, `mig`), so a copied link reopens the
//! same view.

use crate::api;
use crate::components::common::{HealthBadge, layer_key, plane_label};
use crate::components::finding::{findings_list, next_step, prose};
use crate::components::rel_time::RelTimeOr;
use crate::deferred::{Deferred, View};
use crate::i18n::{Key, lang, t, tr};
use crate::nav::{param_href, query_param};
use leptos::prelude::*;
use model::time::{Timestamp, format_duration};
use model::view::detail::{
    ConditionRow, EventRow, GuestView, InterfaceRow, PodRole, PodRow, VmiDetail,
};
use model::view::{
    MigrationReport, Outcome, Trigger,
    format::{human_bytes, human_rate},
};
use model::{
    verdict::{Confidence, Finding, Layer},
    view::Diagnosis,
};

/// The tabs, in order: (query value, message).
pub const TABS: [(&str, Key); 6] = [
    ("diagnosis", Key::TabDiagnosis),
    ("network", Key::TabNetwork),
    ("guest", Key::TabGuest),
    ("events", Key::TabEvents),
    ("migrations", Key::TabMigrations),
    ("metrics", Key::TabMetrics),
];

/// Evidence older than this (seconds) is flagged stale.
pub const STALE_AFTER_SECS: f64 = 120.0;

/// The whole VMI view. `detail` changes in place (the live page reads it again every few
/// seconds): the header and the open tab follow it, and the metrics tab, which does not read it,
/// is never rebuilt by it (its charts keep their state, their data and their DOM).
#[component]
pub fn VmiView(
    #[prop(into)] detail: Signal<VmiDetail>,
    /// The time ages are judged against (the clock live, the dump's time for a paste).
    #[prop(into)]
    now: Signal<Option<Timestamp>>,
    /// The metrics tab's content (live pages only).
    #[prop(optional, into)]
    metrics: Option<ViewFn>,
) -> impl IntoView {
    let tab = query_param("tab");
    let current_tab = Memo::new(move |_| tab.get().unwrap_or_else(|| "diagnosis".into()));
    let tabs = TABS
        .iter()
        .map(|(id, msg)| {
            let id = *id;
            let href = param_href("tab", Some(id.to_string()));
            let selected = move || current_tab.get() == id;
            view! {
                <a href=href role="tab" class="tab" aria-selected=move || selected().to_string() class:tab-on=selected data-tab=id>{t(*msg)}</a>
            }
        })
        .collect_view();

    // Live pages ask the backend for series; a paste has none.
    let live = metrics.is_some();
    // Only the arm shown reads `detail`: the metrics arm reads nothing of it.
    let body = move || match current_tab.get().as_str() {
        "metrics" => match &metrics {
            Some(m) => m.run(),
            None => view! { <p class="empty">{t(Key::VmiNoprom)}</p> }.into_any(),
        },
        tab => detail.with(|d| tab_body(tab, d, now, live)),
    };
    let key = move || detail.with(|d| d.key.to_string());
    view! {
        <article class="vmi-view" data-key=key>
            {move || detail.with(|d| head(d, now))}
            <nav class="tabs" role="tablist" aria-label="VMI sections">{tabs}</nav>
            <section class="tab-body" role="tabpanel">{body}</section>
        </article>
    }
}

/// One tab's content other than the metrics (those read no detail).
fn tab_body(tab: &str, d: &VmiDetail, now: Signal<Option<Timestamp>>, live: bool) -> AnyView {
    match tab {
        "network" => {
            view! { <Interfaces rows=d.interfaces.clone() diagnosis=d.diagnosis.clone()/> }
                .into_any()
        }
        "guest" => view! { <GuestPanel state=d.guest.clone()/> }.into_any(),
        "events" => view! { <Events rows=d.events.clone() now=now/> }.into_any(),
        "migrations" => {
            view! { <Migrations reports=d.diagnosis.migrations.clone() live=live/> }.into_any()
        }
        _ => view! { <DiagnosisTab detail=d.clone()/> }.into_any(),
    }
}

/// The header (name, phase, health, observed) and the headline of one detail.
fn head(detail: &VmiDetail, now: Signal<Option<Timestamp>>) -> AnyView {
    let l = lang();
    let phase =
        crate::components::vmi_card::phase_text(l.get_untracked(), &detail.phase).to_string();
    let observed = detail.observed_at;
    let staleness = move || {
        let n = now.get()?;
        let o = observed?;
        let secs = o.seconds_until(n);
        Some(secs > STALE_AFTER_SECS)
    };
    let overall = detail.diagnosis.overall;
    view! {
        <header class="vmi-head">
            <h1>
                <span class="name">{detail.key.name.clone()}</span>
                " "
                <span class="ns">{detail.key.namespace.clone()}</span>
            </h1>
            <span class=crate::components::vmi_card::phase_class(&phase) data-testid="phase">{phase.clone()}</span>
            {detail.paused.then(|| view! { <span class="badge badge-paused">{t(Key::BadgePaused)}</span> })}
            <HealthBadge health=overall/>
            <span class="observed" data-testid="observed">
                {t(Key::VmiObserved)} ": "
                <span class:stale-warn=move || staleness() == Some(true)>
                    <RelTimeOr at=observed now=now/>
                    {move || (staleness() == Some(true)).then(|| view! { " — " {move || tr(l.get(), Key::VmiStale)} })}
                </span>
            </span>
        </header>
        <p class=format!("headline headline-{}", overall.as_str()) data-testid="headline" role="status">{detail.diagnosis.headline.clone()}</p>
    }
    .into_any()
}

#[component]
fn DiagnosisTab(detail: VmiDetail) -> impl IntoView {
    let l = lang();
    let diagnosis = &detail.diagnosis;
    let layers = Layer::ALL
        .iter()
        .map(|layer| {
            let v = diagnosis.layer(*layer).clone();
            let layer = *layer;
            let main = matches!(layer, Layer::ControlPlane | Layer::Node | Layer::Guest);
            view! {
                <section class=format!("layer layer-{}{}", v.health.as_str(), if main { " layer-main" } else { "" }) data-layer=layer.as_str() aria-label=move || tr(l.get(), layer_key(layer))>
                    <h3><span class="layer-name">{move || tr(l.get(), layer_key(layer))}</span> " " <HealthBadge health=v.health/></h3>
                    // The summary is the main finding's title: said once, by the finding.
                    <p class="layer-summary">{summary_shown(&v.summary, &v.findings).map(str::to_string)} " " <span class="confidence">{t(confidence_key(v.confidence))}</span></p>
                    <ul class="findings">{findings_list(v.findings.clone())}</ul>
                </section>
            }
        })
        .collect_view();
    let cond_rows = detail
        .conditions
        .iter()
        .cloned()
        .map(|c: ConditionRow| {
            let ex = c.explained;
            view! {
                <tr data-condition=c.type_.clone()>
                    <th scope="row">{c.type_.clone()}</th>
                    <td class=format!("cond-{}", c.status.to_ascii_lowercase())>{c.status.clone()}</td>
                    <td><code>{c.reason}</code></td>
                    // The condition's message is KubeVirt's own text: quoted, verbatim.
                    <td>{(!c.message.is_empty()).then(|| view! { <q class="data">{c.message.clone()}</q> })}</td>
                    <td class="explain">
                        <strong>{ex.title}</strong>
                        <p>{prose(&ex.meaning)}</p>
                        {(!ex.implies.is_empty()).then(|| view! { <p class="implies">{prose(&ex.implies)}</p> })}
                        {(!ex.next_steps.is_empty()).then(|| view! {
                            <details><summary>{t(Key::VmiNext)}</summary>
                                <ul class="next">{ex.next_steps.iter().map(|s| next_step(s)).collect_view()}</ul>
                            </details>
                        })}
                    </td>
                </tr>
            }
        })
        .collect_view();
    let missing = diagnosis.missing_evidence.clone();
    view! {
        <div class="layers" data-testid="layers">{layers}</div>
        <h2>{t(Key::VmiConditions)}</h2>
        <div class="table-wrap">
            <table class="conditions" data-testid="conditions">
                <thead><tr>
                    <th scope="col">{t(Key::ColType)}</th><th scope="col">{t(Key::ColStatus)}</th>
                    <th scope="col">{t(Key::ColReason)}</th><th scope="col">{t(Key::ColMessage)}</th>
                    <th scope="col">{t(Key::ColMeaning)}</th>
                </tr></thead>
                <tbody>{cond_rows}</tbody>
            </table>
        </div>
        <h2>{t(Key::VmiPods)}</h2>
        <Pods rows=detail.pods.clone()/>
        {(!missing.is_empty()).then(|| view! {
            <h2>{t(Key::VmiMissing)}</h2>
            <ul class="missing">{missing.into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}</ul>
        })}
    }
}

/// How sure a layer's verdict is, as its label says it.
fn confidence_key(c: Confidence) -> Key {
    match c {
        Confidence::High => Key::ConfidenceHigh,
        Confidence::Medium => Key::ConfidenceMedium,
        Confidence::Low => Key::ConfidenceLow,
    }
}

/// A pod's node: a link to its page, or a dash while the pod is on no node (Pending).
fn node_cell(node: &str) -> AnyView {
    if node.is_empty() {
        return view! { <span data-testid="pod-no-node">"—"</span> }.into_any();
    }
    view! { <a href=format!("/node/{node}")>{node.to_string()}</a> }.into_any()
}

/// Every launcher pod of the evidence with its role (source, target, current, finished) and node.
#[component]
fn Pods(rows: Option<Vec<PodRow>>) -> impl IntoView {
    let Some(rows) = rows else {
        return view! { <p class="empty">{t(Key::VmiNone)}</p> }.into_any();
    };
    let rows = rows
        .into_iter()
        .map(|p| {
            let (role, class) = match p.role {
                PodRole::Target => (Key::VmiPodTarget, "target"),
                PodRole::Source => (Key::VmiPodSource, "source"),
                PodRole::Current => (Key::VmiPodCurrent, "current"),
                PodRole::Finished => (Key::VmiPodFinished, "finished"),
            };
            view! {
                <tr data-pod-uid=p.uid.clone() data-role=class>
                    <td><span class=format!("role role-{class}")>{t(role)}</span></td>
                    <td>{p.name.clone().unwrap_or_else(|| "(pod not in evidence)".into())}</td>
                    <td><code>{p.uid.clone()}</code></td>
                    <td>{node_cell(&p.node)}</td>
                    <td>{p.phase.clone()}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="pods" data-testid="pods">
            <thead><tr><th scope="col">{t(Key::ColRole)}</th><th scope="col">{t(Key::ColName)}</th><th scope="col">"UID"</th><th scope="col">{t(Key::FNode)}</th><th scope="col">{t(Key::ColPhase)}</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
    .into_any()
}

#[component]
fn Interfaces(rows: Vec<InterfaceRow>, diagnosis: Diagnosis) -> impl IntoView {
    let no_ifaces = rows.is_empty();
    let rows = rows
        .into_iter()
        .map(|i| {
            let disagree = !i.issues.is_empty();
            let badges = i
                .sources
                .iter()
                .map(|s| view! { <span class=format!("src src-{s}")>{s.clone()}</span> })
                .collect_view();
            view! {
                <tr class:disagree=disagree data-iface=i.label.clone()>
                    <th scope="row">{i.label.clone()}</th>
                    <td>{i.guest_name}</td>
                    <td>{i.ips.join(", ")}</td>
                    <td><code>{i.mac}</code></td>
                    <td>{badges}</td>
                    <td>{i.link_state}</td>
                    <td class="issues">{i.issues.join("; ")}</td>
                </tr>
            }
        })
        .collect_view();
    let net = diagnosis.layer(Layer::Network).clone();
    view! {
        <h2>{t(Key::VmiInterfaces)} " " <HealthBadge health=net.health/></h2>
        <div class="table-wrap">
        <table class="interfaces" data-testid="interfaces">
            <thead><tr>
                <th scope="col">{t(Key::ColName)}</th><th scope="col">"guest if"</th><th scope="col">{t(Key::ColIps)}</th>
                <th scope="col">{t(Key::ColMac)}</th><th scope="col">{t(Key::ColSource)}</th><th scope="col">"link"</th><th scope="col">"!"</th>
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
        </div>
        {no_ifaces.then(|| view! { <p class="empty" data-testid="no-interfaces">{t(Key::VmiNone)}</p> })}
        <ul class="findings">{findings_list(net.findings)}</ul>
    }
}

/// The guest agent panel: OS, hostname, timezone, users, filesystems, or why there is nothing.
#[component]
pub fn GuestPanel(state: GuestView) -> impl IntoView {
    match state {
        GuestView::Info(info) => {
            let fs = info
                .filesystems
                .iter()
                .map(|d| {
                    let (used, total) = (d.used_bytes, d.total_bytes);
                    let pct = if total > 0.0 { (used / total * 100.0).clamp(0.0, 100.0) } else { 0.0 };
                    let mount = d.mount.clone();
                    view! {
                        <li class="fs">
                            <span class="fs-name">{mount.clone()} " " <small>{d.fs_type.clone()} " " {d.disk.clone()}</small></span>
                            <meter min="0" max="100" low="80" high="90" optimum="10" value=format!("{pct:.0}") aria-label=format!("{mount} usage")></meter>
                            <span class="fs-use">{format!("{pct:.0}% — {} / {}", human_bytes(used), human_bytes(total))}</span>
                        </li>
                    }
                })
                .collect_view();
            let missing = info.missing_commands.clone();
            view! {
                <section class="guest" data-testid="guest" data-state="info">
                    <h2>{t(Key::VmiGuest)}</h2>
                    <dl class="kv">
                        <dt>"OS"</dt><dd data-testid="guest-os">{info.os.clone()}</dd>
                        <dt>"Kernel"</dt><dd>{info.kernel.clone()}</dd>
                        <dt>"Hostname"</dt><dd data-testid="guest-hostname">{info.hostname.clone()}</dd>
                        <dt>"Timezone"</dt><dd>{info.timezone.clone()}</dd>
                        <dt>"Users"</dt><dd>{info.users.join(", ")}</dd>
                        <dt>"Agent"</dt><dd>{info.agent_version.clone()}</dd>
                    </dl>
                    {(!missing.is_empty()).then(|| view! { <p class="warn">{format!("Agent lacks required commands: {}", missing.join(", "))}</p> })}
                    <ul class="filesystems">{fs}</ul>
                </section>
            }
            .into_any()
        }
        other => {
            let (state, text) = match other {
                GuestView::NotConnected => ("not_connected", "The guest agent is not connected: the VMI has no AgentConnected condition (virt-handler removes it when the agent's channel is down). Guest OS data cannot be read.".to_string()),
                GuestView::NotRunning => ("not_running", "The VMI is not Running, so the guest agent cannot be asked.".to_string()),
                GuestView::Forbidden(m) => ("forbidden", format!("Forbidden: you may not read the guest agent subresources of this VMI. {m}")),
                GuestView::Error(m) => ("error", format!("The guest agent query failed: {m}")),
                _ => ("unknown", "No guest agent answer in this evidence.".to_string()),
            };
            view! {
                <section class="guest" data-testid="guest" data-state=state>
                    <h2>{t(Key::VmiGuest)}</h2>
                    <p class="guest-state" role="status">{text}</p>
                </section>
            }
            .into_any()
        }
    }
}

#[component]
fn Events(rows: Vec<EventRow>, now: Signal<Option<Timestamp>>) -> impl IntoView {
    if rows.is_empty() {
        return view! { <p class="empty" data-testid="events">{t(Key::VmiNone)}</p> }.into_any();
    }
    let items = rows
        .into_iter()
        .map(|e| {
            view! {
                <li class:ev-warn=e.warning data-reason=e.reason.clone()>
                    <RelTimeOr at=e.time now=now/>
                    <span class="ev-reason">{e.reason.clone()}</span>
                    {e.count.filter(|c| *c > 1).map(|c| view! { <span class="ev-count">{format!("×{c}")}</span> })}
                    <span class="ev-obj">{e.object}</span>
                    // The event's message is its recorder's own text: quoted, verbatim.
                    <p><q class="data">{e.message}</q></p>
                    {e.meaning.map(|m| view! { <p class="explain">{prose(&m)}</p> })}
                </li>
            }
        })
        .collect_view();
    view! { <h2>{t(Key::VmiEvents)}</h2><ol class="events" data-testid="events">{items}</ol> }
        .into_any()
}

/// What started a migration, in a few words.
pub fn trigger_text(t: &Trigger) -> String {
    match t {
        Trigger::Evacuation { node } => {
            format!("evacuation of {}", node.as_deref().unwrap_or("a node"))
        }
        Trigger::WorkloadUpdate => "workload update".into(),
        Trigger::Descheduler { node } => {
            format!("descheduler, off {}", node.as_deref().unwrap_or("a node"))
        }
        Trigger::User => "user".into(),
        Trigger::Unknown => "unknown".into(),
    }
}

/// The outcome as a lowercase word.
pub fn outcome_text(o: Outcome) -> &'static str {
    match o {
        Outcome::Pending => "pending",
        Outcome::InProgress => "in progress",
        Outcome::Succeeded => "succeeded",
        Outcome::Failed => "failed",
        Outcome::Aborted => "aborted",
        Outcome::Unknown => "unknown",
    }
}

#[component]
fn Migrations(reports: Vec<MigrationReport>, live: bool) -> impl IntoView {
    if reports.is_empty() {
        return view! { <p class="empty" data-testid="migrations">{t(Key::MgEmpty)}</p> }
            .into_any();
    }
    let sel = query_param("mig");
    let reports2 = reports.clone();
    let selected = move || {
        let name = sel.get();
        reports2
            .iter()
            .find(|r| Some(&r.name) == name.as_ref())
            .or_else(|| reports2.first())
            .cloned()
    };
    let rows = reports
        .iter()
        .map(|r| {
            let name = r.name.clone();
            let href = param_href("mig", Some(name.clone()));
            let n2 = name.clone();
            let is_sel = {
                let first = reports.first().map(|f| f.name.clone());
                move || sel.get().or(first.clone()).as_deref() == Some(n2.as_str())
            };
            let pct = r.progress.as_ref().and_then(|p| p.percent).map(|p| format!("{p:.0}%"));
            // No figure: "complete", or "unknown" and why.
            let missing = pct.is_none().then(|| crate::migrations_model::progress::gap(r)).flatten();
            view! {
                <tr class:selected=is_sel data-migration=name.clone()>
                    <th scope="row"><a href=href>{name.clone()}</a></th>
                    <td>{r.phase.clone()}</td>
                    <td>{r.mode.clone().unwrap_or_default()}</td>
                    <td>{trigger_text(&r.trigger)}</td>
                    <td data-testid="mg-progress-cell">{pct} {missing.map(|g| crate::components::common::gap_view(g, if live { Key::MgProgSeeChart } else { Key::MgProgPaste }))}</td>
                    <td class=format!("outcome outcome-{:?}", r.outcome).to_ascii_lowercase()>{outcome_text(r.outcome)}</td>
                    <td>{format!("{} → {}", r.source_node.clone().unwrap_or_default(), r.target_node.clone().unwrap_or_default())}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <h2>{t(Key::VmiHistory)}</h2>
        <table class="migrations" data-testid="migrations">
            <thead><tr>
                <th scope="col">{t(Key::ColName)}</th><th scope="col">{t(Key::ColPhase)}</th><th scope="col">{t(Key::ColMode)}</th>
                <th scope="col">{t(Key::ColTrigger)}</th><th scope="col">{t(Key::ColProgress)}</th><th scope="col">{t(Key::ColOutcome)}</th><th scope="col">{t(Key::ColNodes)}</th>
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
        {move || selected().map(|r| view! { <MigrationDetail report=r live=live/> })}
    }
    .into_any()
}

#[component]
fn MigrationDetail(report: MigrationReport, live: bool) -> impl IntoView {
    let progress = report.progress.clone().map(|p| {
        let conv = match p.converging {
            Some(true) => t(Key::MgConverging)(),
            Some(false) => t(Key::CvNotConverging)(),
            None => "",
        };
        view! {
            <dl class="kv progress" data-testid="mg-progress">
                <dt>{t(Key::ColProgress)}</dt><dd>{p.percent.map(|x| format!("{x:.1}%")).unwrap_or_else(|| "—".into())}</dd>
                <dt>{t(Key::MgProcessedRemaining)}</dt><dd>{format!("{} / {}", p.data_processed_bytes.map(human_bytes).unwrap_or_default(), p.data_remaining_bytes.map(human_bytes).unwrap_or_default())}</dd>
                <dt>{t(Key::MgRates)}</dt><dd>{format!("{} vs {} {conv}", p.transfer_rate_bytes_per_sec.map(human_rate).unwrap_or_default(), p.dirty_rate_bytes_per_sec.map(human_rate).unwrap_or_default())}</dd>
                <dt>{t(Key::CvEta)}</dt><dd>{p.eta_secs.map(format_duration).unwrap_or_else(|| "—".into())}</dd>
            </dl>
        }
    });
    let failure = report.failure.clone().map(|f| {
        view! {
            <div class="mg-failure" role="alert">
                <strong>{t(Key::MgColFailure)} " (" {t(plane_label(f.plane))} ", " {format!("{:?}", f.kind)} ")"</strong>
                // The reason as found: a component's own text comes quoted (“…”) from the model,
                // a reason of Strata's own (none recorded, a timeout's abort) in the reader's
                // language.
                <p>{f.reason.clone()}</p>
                <ul class="evidence">{f.evidence.iter().map(|c| view! { <li><code>{c.clone()}</code></li> }).collect_view()}</ul>
            </div>
        }
    });
    view! {
        <section class="mg-detail" data-testid="mg-detail" data-migration=report.name.clone()>
            <h3>{report.name.clone()} " " <HealthBadge health=report.health/></h3>
            <p class="headline">{report.headline.clone()}</p>
            // The state graph and the convergence chart, from the views module.
            <Deferred view=View::Migration { report: Box::new(report.clone()), live }/>
            {failure}
            {progress}
            {report.irrecoverable.then(|| view! { <p class="warn">"Failed in post-copy: the guest was lost."</p> })}
            <ul class="findings">{findings_list(report.findings.clone())}</ul>
        </section>
    }
}

/// The "copy link" button: copies the page's current URL (with its query and fragment).
#[component]
pub fn CopyLink() -> impl IntoView {
    let copied = RwSignal::new(false);
    let on_click = move |_| {
        let href = api::current_href();
        leptos::task::spawn_local(async move {
            copied.set(api::copy_to_clipboard(&href).await);
        });
    };
    view! {
        <button type="button" class="copy-link" data-testid="copy-link" on:click=on_click>
            {move || if copied.get() { t(Key::VmiCopied)() } else { t(Key::VmiCopy)() }}
        </button>
    }
}

/// A layer's summary line when it says something its findings do not: `None` when it is one
/// of their titles (the finding says it, once).
fn summary_shown<'a>(summary: &'a str, findings: &[Finding]) -> Option<&'a str> {
    let s = summary.trim();
    (!s.is_empty() && !findings.iter().any(|f| f.title.trim() == s)).then_some(summary)
}

#[cfg(test)]
mod tests {
    use super::summary_shown;
    use model::verdict::Finding;

    /// The layer's summary is its main finding's title: shown once, by the finding.
    #[test]
    fn a_summary_that_repeats_a_finding_is_not_shown_twice() {
        let f: Finding = serde_json::from_value(serde_json::json!({
            "layer": "node", "health": "broken", "severity": "error",
            "title": "The node is NotReady", "detail": "", "evidence": [],
            "next_steps": [], "contradiction": false
        }))
        .expect("a finding");
        assert_eq!(
            summary_shown("The node is NotReady", std::slice::from_ref(&f)),
            None
        );
        assert_eq!(
            summary_shown("No problem seen", &[f]),
            Some("No problem seen")
        );
        assert_eq!(summary_shown("  ", &[]), None);
    }
}
