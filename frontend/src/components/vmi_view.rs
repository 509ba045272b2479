//! The diagnosis of one VMI from its [`Evidence`] and the model's [`Diagnosis`]: the headline
//! naming the broken layer, the layers side by side with findings and evidence, conditions with
//! their explanations, launcher pods, interfaces with IP provenance, the guest agent, events and
//! migrations. The live VMI page and the paste-a-dump page both render this.
//!
//! Tab and selected migration are query parameters (`tab`, `mig`), so a copied link reopens the
//! same view.

use crate::api;
use crate::components::common::{HealthBadge, age, layer_id};
use crate::components::migration_graph::MigrationGraph;
use crate::i18n::{lang, t, tr};
use crate::nav::{param_href, query_param};
use leptos::prelude::*;
use model::diagnosis::{Diagnosis, Finding, Health, Layer};
use model::evidence::Evidence;
use model::explain::{Subject, Topic, explain};
use model::migration::{MigrationReport, Outcome, Trigger, human_bytes, human_rate};
use model::objects::{GuestAgentAnswer, GuestAgentInfo};
use model::time::{Timestamp, format_duration};

/// The tabs, in order: (query value, message id).
pub const TABS: [(&str, &str); 6] = [
    ("diagnosis", "tab.diagnosis"),
    ("network", "tab.network"),
    ("guest", "tab.guest"),
    ("events", "tab.events"),
    ("migrations", "tab.migrations"),
    ("metrics", "tab.metrics"),
];

/// Evidence older than this (seconds) is flagged stale.
pub const STALE_AFTER_SECS: f64 = 120.0;

/// What is known of the guest agent.
#[derive(Debug, Clone, PartialEq)]
pub enum GuestState {
    Info(Box<GuestAgentInfo>),
    /// 409: `AgentConnected` absent.
    NotConnected,
    /// 409: the VMI is not Running.
    NotRunning,
    Forbidden(String),
    Error(String),
    /// Not asked (e.g. a dump without a guest agent answer).
    Unknown,
}

impl GuestState {
    /// From what a dump or the evidence bundle holds.
    pub fn from_evidence(e: &Evidence) -> GuestState {
        match e.guest_agent.as_ref().map(|o| &o.value) {
            Some(GuestAgentAnswer::Info(i)) => GuestState::Info(i.clone()),
            Some(GuestAgentAnswer::NotConnected) => GuestState::NotConnected,
            Some(GuestAgentAnswer::NotRunning) => GuestState::NotRunning,
            Some(GuestAgentAnswer::Error { message }) => GuestState::Error(message.clone()),
            None => match e.vmi() {
                Some(v) if v.phase() != "Running" => GuestState::NotRunning,
                Some(v) if v.condition("AgentConnected").is_none_or(|c| !c.is_true()) => {
                    GuestState::NotConnected
                }
                _ => GuestState::Unknown,
            },
        }
    }
    /// From the backend's `guestosinfo` answer.
    /// The answer as diagnosis evidence (none for a refusal or when not asked).
    pub fn answer(self) -> Option<GuestAgentAnswer> {
        match self {
            GuestState::Info(i) => Some(GuestAgentAnswer::Info(i)),
            GuestState::NotConnected => Some(GuestAgentAnswer::NotConnected),
            GuestState::NotRunning => Some(GuestAgentAnswer::NotRunning),
            GuestState::Error(message) => Some(GuestAgentAnswer::Error { message }),
            GuestState::Forbidden(_) | GuestState::Unknown => None,
        }
    }

    pub fn from_api(r: model::api::GuestAgentResult) -> GuestState {
        use model::api::GuestAgentResult as G;
        match r {
            G::Ok { data } => GuestState::Info(Box::new(GuestAgentInfo::from_value(&data))),
            G::AgentNotConnected { .. } => GuestState::NotConnected,
            G::VmiNotRunning { .. } => GuestState::NotRunning,
            G::Forbidden { message } => GuestState::Forbidden(message),
            G::NotFound { message } | G::Error { message } => GuestState::Error(message),
        }
    }
}

fn subject(e: &Evidence) -> Subject {
    Subject {
        namespace: e.key.namespace.clone(),
        name: e.key.name.clone(),
        node: e.vmi().and_then(|v| v.status.node_name.clone()),
        uid: e.vmi().and_then(|v| v.metadata.uid.clone()),
        ..Default::default()
    }
}

/// The newest observation time of the evidence (the VMI's), if known.
pub fn observed_at(e: &Evidence) -> Option<Timestamp> {
    e.vmi.as_ref().and_then(|o| o.observed_at)
}

/// The whole VMI view.
#[component]
pub fn VmiView(
    evidence: Evidence,
    diagnosis: Diagnosis,
    /// The time ages are judged against (the clock live, the dump's time for a paste).
    #[prop(into)]
    now: Signal<Option<Timestamp>>,
    #[prop(optional)] guest: Option<Signal<GuestState>>,
    /// The metrics tab's content (live pages only).
    #[prop(optional, into)]
    metrics: Option<ViewFn>,
) -> impl IntoView {
    let tab = query_param("tab");
    let current_tab = move || tab.get().unwrap_or_else(|| "diagnosis".into());
    let guest = guest.unwrap_or_else(|| Signal::stored(GuestState::from_evidence(&evidence)));
    let vmi = evidence.vmi().cloned();
    let phase = vmi
        .as_ref()
        .map(|v| v.phase().to_string())
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| "(no phase)".into());
    let paused = vmi.as_ref().is_some_and(|v| v.is_paused());
    let observed = observed_at(&evidence);
    let l = lang();
    let staleness = move || {
        let n = now.get()?;
        let o = observed?;
        let secs = o.seconds_until(n);
        Some((secs > STALE_AFTER_SECS, age(Some(o), n)))
    };
    let tabs = TABS
        .iter()
        .map(|(id, msg)| {
            let id = *id;
            let href = param_href("tab", Some(id.to_string()));
            let selected = move || current_tab() == id;
            view! {
                <a href=href role="tab" class="tab" aria-selected=move || selected().to_string() class:tab-on=selected data-tab=id>{t(msg)}</a>
            }
        })
        .collect_view();

    let e1 = evidence.clone();
    let d1 = diagnosis.clone();
    let e2 = evidence.clone();
    let d2 = diagnosis.clone();
    let e4 = evidence.clone();
    let d4 = diagnosis.clone();
    let body = move || match current_tab().as_str() {
        "network" => view! { <Interfaces evidence=e2.clone() diagnosis=d2.clone()/> }.into_any(),
        "guest" => view! { <GuestPanel state=guest/> }.into_any(),
        "events" => view! { <Events evidence=e4.clone()/> }.into_any(),
        "migrations" => view! { <Migrations reports=d4.migrations.clone()/> }.into_any(),
        "metrics" => match &metrics {
            Some(m) => m.run(),
            None => view! { <p class="empty">{t("vmi.noprom")}</p> }.into_any(),
        },
        _ => view! { <DiagnosisTab evidence=e1.clone() diagnosis=d1.clone()/> }.into_any(),
    };

    view! {
        <article class="vmi-view" data-key=evidence.key.to_string()>
            <header class="vmi-head">
                <h1>
                    <span class="name">{evidence.key.name.clone()}</span>
                    " "
                    <span class="ns">{evidence.key.namespace.clone()}</span>
                </h1>
                <span class=crate::components::vmi_card::phase_class(&phase) data-testid="phase">{phase.clone()}</span>
                {paused.then(|| view! { <span class="badge badge-paused">"Paused"</span> })}
                <HealthBadge health=diagnosis.overall/>
                <span class="observed" data-testid="observed">
                    {t("vmi.observed")} ": "
                    {move || match staleness() {
                        Some((stale, a)) => view! {
                            <span class:stale-warn=stale>{a}{stale.then(|| view! { " — " {move || tr(l.get(), "vmi.stale")} })}</span>
                        }.into_any(),
                        None => view! { <span>{observed.map(|o| o.to_rfc3339()).unwrap_or_else(|| "—".into())}</span> }.into_any(),
                    }}
                </span>
            </header>
            <p class=format!("headline headline-{}", diagnosis.overall.as_str()) data-testid="headline" role="status">{diagnosis.headline.clone()}</p>
            <nav class="tabs" role="tablist" aria-label="VMI sections">{tabs}</nav>
            <section class="tab-body" role="tabpanel">{body}</section>
        </article>
    }
}

fn findings_list(findings: Vec<Finding>) -> impl IntoView {
    findings
        .into_iter()
        .map(|f| {
            let class = format!(
                "finding sev-{}{}",
                format!("{:?}", f.severity).to_lowercase(),
                if f.contradiction { " contradiction" } else { "" }
            );
            view! {
                <li class=class data-health=f.health.as_str()>
                    <strong>{f.title.clone()}</strong>
                    {(!f.detail.is_empty()).then(|| view! { <p>{f.detail.clone()}</p> })}
                    {(!f.evidence.is_empty()).then(|| view! {
                        <ul class="evidence" aria-label="evidence">
                            {f.evidence.iter().map(|c| view! { <li><code>{c.clone()}</code></li> }).collect_view()}
                        </ul>
                    })}
                    {(!f.next_steps.is_empty()).then(|| view! {
                        <details><summary>{t("vmi.next")}</summary>
                            <ul class="next">{f.next_steps.iter().map(|c| view! { <li><code>{c.clone()}</code></li> }).collect_view()}</ul>
                        </details>
                    })}
                </li>
            }
        })
        .collect_view()
}

#[component]
fn DiagnosisTab(evidence: Evidence, diagnosis: Diagnosis) -> impl IntoView {
    let l = lang();
    let layers = Layer::ALL
        .iter()
        .map(|layer| {
            let v = diagnosis.layer(*layer).clone();
            let layer = *layer;
            let main = matches!(layer, Layer::ControlPlane | Layer::Node | Layer::Guest);
            view! {
                <section class=format!("layer layer-{}{}", v.health.as_str(), if main { " layer-main" } else { "" }) data-layer=layer.as_str() aria-label=move || tr(l.get(), layer_id(layer))>
                    <h3>{move || tr(l.get(), layer_id(layer))} " " <HealthBadge health=v.health/></h3>
                    <p class="layer-summary">{v.summary.clone()} <span class="confidence">{format!(" ({:?} confidence)", v.confidence).to_lowercase()}</span></p>
                    <ul class="findings">{findings_list(v.findings.clone())}</ul>
                </section>
            }
        })
        .collect_view();
    let subj = subject(&evidence);
    let conditions = evidence
        .vmi()
        .map(|v| v.status.conditions.clone())
        .unwrap_or_default();
    let cond_rows = conditions
        .into_iter()
        .map(|c| {
            let ty = c.type_.clone().unwrap_or_default();
            let ex_type = explain(Topic::ConditionType, &ty, &subj);
            let ex_reason = (!c.reason().is_empty()).then(|| explain(Topic::Reason, c.reason(), &subj));
            let steps = ex_reason
                .as_ref()
                .map(|e| e.next_steps.clone())
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| ex_type.next_steps.clone());
            let status = c.status.clone().unwrap_or_default();
            view! {
                <tr data-condition=ty.clone()>
                    <th scope="row">{ty.clone()}</th>
                    <td class=format!("cond-{}", status.to_lowercase())>{status.clone()}</td>
                    <td><code>{c.reason().to_string()}</code></td>
                    <td>{c.message().to_string()}</td>
                    <td class="explain">
                        <strong>{ex_reason.as_ref().map(|e| e.title.clone()).unwrap_or_else(|| ex_type.title.clone())}</strong>
                        <p>{ex_reason.as_ref().map(|e| e.meaning.clone()).unwrap_or_else(|| ex_type.meaning.clone())}</p>
                        {ex_reason.as_ref().filter(|e| !e.implies.is_empty()).map(|e| view! { <p class="implies">{e.implies.clone()}</p> })}
                        {(!steps.is_empty()).then(|| view! {
                            <details><summary>{t("vmi.next")}</summary>
                                <ul class="next">{steps.iter().map(|s| view! { <li><code>{s.clone()}</code></li> }).collect_view()}</ul>
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
        <h2>{t("vmi.conditions")}</h2>
        <div class="table-wrap">
            <table class="conditions" data-testid="conditions">
                <thead><tr>
                    <th scope="col">{t("col.type")}</th><th scope="col">{t("col.status")}</th>
                    <th scope="col">{t("col.reason")}</th><th scope="col">{t("col.message")}</th>
                    <th scope="col">{t("col.meaning")}</th>
                </tr></thead>
                <tbody>{cond_rows}</tbody>
            </table>
        </div>
        <h2>{t("vmi.pods")}</h2>
        <Pods evidence=evidence.clone()/>
        {(!missing.is_empty()).then(|| view! {
            <h2>{t("vmi.missing")}</h2>
            <ul class="missing">{missing.into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}</ul>
        })}
    }
}

/// `status.activePods` as source and target launcher pods with their nodes.
#[component]
fn Pods(evidence: Evidence) -> impl IntoView {
    let Some(vmi) = evidence.vmi().cloned() else {
        return view! { <p class="empty">{t("vmi.none")}</p> }.into_any();
    };
    let ms = vmi.status.migration_state.clone();
    let in_progress = ms.as_ref().is_some_and(|m| m.is_in_progress(None));
    let rows = vmi
        .status
        .active_pods
        .iter()
        .map(|(uid, node)| {
            let pod = evidence
                .pods
                .iter()
                .map(|o| &o.value)
                .find(|p| p.metadata.uid.as_deref() == Some(uid.as_str()));
            let name = pod.map(|p| p.metadata.name().to_string());
            let role = match (&ms, &name) {
                (Some(m), Some(n)) if m.target_pod.as_deref() == Some(n.as_str()) => "vmi.pod.target",
                (Some(m), Some(n)) if m.source_pod.as_deref() == Some(n.as_str()) => "vmi.pod.source",
                (Some(m), _) if in_progress && m.target_node.as_deref() == Some(node.as_str()) => "vmi.pod.target",
                (Some(m), _) if in_progress && m.source_node.as_deref() == Some(node.as_str()) => "vmi.pod.source",
                _ if vmi.status.node_name.as_deref() == Some(node.as_str()) => "vmi.pod.current",
                _ => "vmi.pod.source",
            };
            let phase = pod.map(|p| p.phase().to_string()).unwrap_or_default();
            view! {
                <tr data-pod-uid=uid.clone()>
                    <td><span class=format!("role role-{}", role.trim_start_matches("vmi.pod."))>{t(role)}</span></td>
                    <td>{name.unwrap_or_else(|| "(pod not in evidence)".into())}</td>
                    <td><code>{uid.clone()}</code></td>
                    <td><a href=format!("/node/{node}")>{node.clone()}</a></td>
                    <td>{phase}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="pods" data-testid="pods">
            <thead><tr><th scope="col">"Role"</th><th scope="col">{t("col.name")}</th><th scope="col">"UID"</th><th scope="col">{t("f.node")}</th><th scope="col">{t("col.phase")}</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
    .into_any()
}

#[component]
fn Interfaces(evidence: Evidence, diagnosis: Diagnosis) -> impl IntoView {
    let ifaces = evidence
        .vmi()
        .map(|v| v.status.interfaces.clone())
        .unwrap_or_default();
    let contradictions: Vec<Finding> = diagnosis
        .layer(Layer::Network)
        .findings
        .iter()
        .filter(|f| f.contradiction || f.health == Health::Degraded)
        .cloned()
        .collect();
    let no_ifaces = ifaces.is_empty();
    let rows = ifaces
        .into_iter()
        .enumerate()
        .map(|(idx, i)| {
            let label = i.name.clone().filter(|n| !n.is_empty()).unwrap_or_else(|| {
                format!(
                    "#{idx} (guest-only {})",
                    i.interface_name.as_deref().unwrap_or("?")
                )
            });
            let cite = format!("status.interfaces[{label}]");
            let issues: Vec<String> = contradictions
                .iter()
                .filter(|f| f.evidence.iter().any(|c| c.starts_with(&cite)))
                .map(|f| f.title.clone())
                .collect();
            let disagree = !issues.is_empty();
            let badges = i
                .info_sources()
                .into_iter()
                .map(|s| view! { <span class=format!("src src-{s}")>{s.to_string()}</span> })
                .collect_view();
            view! {
                <tr class:disagree=disagree data-iface=label.clone()>
                    <th scope="row">{label.clone()}</th>
                    <td>{i.interface_name.clone().unwrap_or_default()}</td>
                    <td>{i.all_ips().join(", ")}</td>
                    <td><code>{i.mac.clone().unwrap_or_default()}</code></td>
                    <td>{badges}</td>
                    <td>{i.link_state.clone().unwrap_or_default()}</td>
                    <td class="issues">{issues.join("; ")}</td>
                </tr>
            }
        })
        .collect_view();
    let net = diagnosis.layer(Layer::Network).clone();
    view! {
        <h2>{t("vmi.interfaces")} " " <HealthBadge health=net.health/></h2>
        <div class="table-wrap">
        <table class="interfaces" data-testid="interfaces">
            <thead><tr>
                <th scope="col">{t("col.name")}</th><th scope="col">"guest if"</th><th scope="col">{t("col.ips")}</th>
                <th scope="col">{t("col.mac")}</th><th scope="col">{t("col.source")}</th><th scope="col">"link"</th><th scope="col">"!"</th>
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
        </div>
        {no_ifaces.then(|| view! { <p class="empty" data-testid="no-interfaces">{t("vmi.none")}</p> })}
        <ul class="findings">{findings_list(net.findings)}</ul>
    }
}

/// The guest agent panel: OS, hostname, timezone, users, filesystems, or why there is nothing.
#[component]
pub fn GuestPanel(#[prop(into)] state: Signal<GuestState>) -> impl IntoView {
    move || match state.get() {
        GuestState::Info(info) => {
            let os = info
                .os
                .pretty_name
                .clone()
                .or_else(|| info.os.name.clone())
                .unwrap_or_default();
            let kernel = info.os.kernel_release.clone().unwrap_or_default();
            let users = info
                .user_list
                .iter()
                .map(|u| {
                    u.get("userName")
                        .and_then(|v| v.as_str())
                        .unwrap_or("?")
                        .to_string()
                })
                .collect::<Vec<_>>()
                .join(", ");
            let fs = info
                .fs_info
                .disks
                .iter()
                .map(|d| {
                    let used = d.used_bytes.unwrap_or(0.0);
                    let total = d.total_bytes.unwrap_or(0.0);
                    let pct = if total > 0.0 { (used / total * 100.0).clamp(0.0, 100.0) } else { 0.0 };
                    let mount = d.mount_point.clone().unwrap_or_default();
                    view! {
                        <li class="fs">
                            <span class="fs-name">{mount.clone()} " " <small>{d.file_system_type.clone().unwrap_or_default()} " " {d.disk_name.clone().unwrap_or_default()}</small></span>
                            <meter min="0" max="100" low="80" high="90" optimum="10" value=format!("{pct:.0}") aria-label=format!("{mount} usage")></meter>
                            <span class="fs-use">{format!("{pct:.0}% — {} / {}", human_bytes(used), human_bytes(total))}</span>
                        </li>
                    }
                })
                .collect_view();
            let missing = info.missing_required_commands();
            view! {
                <section class="guest" data-testid="guest" data-state="info">
                    <h2>{t("vmi.guest")}</h2>
                    <dl class="kv">
                        <dt>"OS"</dt><dd data-testid="guest-os">{os}</dd>
                        <dt>"Kernel"</dt><dd>{kernel}</dd>
                        <dt>"Hostname"</dt><dd data-testid="guest-hostname">{info.hostname.clone().unwrap_or_default()}</dd>
                        <dt>"Timezone"</dt><dd>{info.timezone.clone().unwrap_or_default()}</dd>
                        <dt>"Users"</dt><dd>{users}</dd>
                        <dt>"Agent"</dt><dd>{info.guest_agent_version.clone().unwrap_or_default()}</dd>
                    </dl>
                    {(!missing.is_empty()).then(|| view! { <p class="warn">{format!("Agent lacks required commands: {}", missing.join(", "))}</p> })}
                    <ul class="filesystems">{fs}</ul>
                </section>
            }
            .into_any()
        }
        other => {
            let (state, text) = match other {
                GuestState::NotConnected => ("not_connected", "The guest agent is not connected: the VMI has no AgentConnected condition (virt-handler removes it when the agent's channel is down). Guest OS data cannot be read.".to_string()),
                GuestState::NotRunning => ("not_running", "The VMI is not Running, so the guest agent cannot be asked.".to_string()),
                GuestState::Forbidden(m) => ("forbidden", format!("Forbidden: you may not read the guest agent subresources of this VMI. {m}")),
                GuestState::Error(m) => ("error", format!("The guest agent query failed: {m}")),
                _ => ("unknown", "No guest agent answer in this evidence.".to_string()),
            };
            view! {
                <section class="guest" data-testid="guest" data-state=state>
                    <h2>{t("vmi.guest")}</h2>
                    <p class="guest-state" role="status">{text}</p>
                </section>
            }
            .into_any()
        }
    }
}

#[component]
fn Events(evidence: Evidence) -> impl IntoView {
    let mut events: Vec<_> = evidence.events.iter().map(|o| o.value.clone()).collect();
    events.sort_by_key(|e| std::cmp::Reverse(e.time()));
    let subj = subject(&evidence);
    if events.is_empty() {
        return view! { <p class="empty" data-testid="events">{t("vmi.none")}</p> }.into_any();
    }
    let items = events
        .into_iter()
        .map(|e| {
            let ex = explain(Topic::EventReason, e.reason(), &subj);
            let warn = e.is_warning();
            view! {
                <li class:ev-warn=warn data-reason=e.reason().to_string()>
                    <time>{e.time().map(|t| t.to_rfc3339()).unwrap_or_else(|| "—".into())}</time>
                    <span class="ev-reason">{e.reason().to_string()}</span>
                    {e.count.filter(|c| *c > 1).map(|c| view! { <span class="ev-count">{format!("×{c}")}</span> })}
                    <span class="ev-obj">{format!("{} {}", e.involved_object.kind.clone().unwrap_or_default(), e.involved_object.name.clone().unwrap_or_default())}</span>
                    <p>{e.message().to_string()}</p>
                    {ex.known.then(|| view! { <p class="explain">{ex.meaning.clone()}</p> })}
                </li>
            }
        })
        .collect_view();
    view! { <h2>{t("vmi.events")}</h2><ol class="events" data-testid="events">{items}</ol> }
        .into_any()
}

fn trigger_text(t: &Trigger) -> String {
    match t {
        Trigger::Evacuation { node } => {
            format!("evacuation of {}", node.as_deref().unwrap_or("a node"))
        }
        Trigger::WorkloadUpdate => "workload update".into(),
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
fn Migrations(reports: Vec<MigrationReport>) -> impl IntoView {
    if reports.is_empty() {
        return view! { <p class="empty" data-testid="migrations">{t("mg.empty")}</p> }.into_any();
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
            let pct = r.progress.as_ref().and_then(|p| p.percent).map(|p| format!("{p:.0}%")).unwrap_or_default();
            view! {
                <tr class:selected=is_sel data-migration=name.clone()>
                    <th scope="row"><a href=href>{name.clone()}</a></th>
                    <td>{r.phase.clone()}</td>
                    <td>{r.mode.clone().unwrap_or_default()}</td>
                    <td>{trigger_text(&r.trigger)}</td>
                    <td>{pct}</td>
                    <td class=format!("outcome outcome-{:?}", r.outcome).to_lowercase()>{outcome_text(r.outcome)}</td>
                    <td>{format!("{} → {}", r.source_node.clone().unwrap_or_default(), r.target_node.clone().unwrap_or_default())}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <h2>{t("vmi.history")}</h2>
        <table class="migrations" data-testid="migrations">
            <thead><tr>
                <th scope="col">{t("col.name")}</th><th scope="col">{t("col.phase")}</th><th scope="col">{t("col.mode")}</th>
                <th scope="col">{t("col.trigger")}</th><th scope="col">{t("col.progress")}</th><th scope="col">{t("col.outcome")}</th><th scope="col">{t("col.nodes")}</th>
            </tr></thead>
            <tbody>{rows}</tbody>
        </table>
        {move || selected().map(|r| view! { <MigrationDetail report=r/> })}
    }
    .into_any()
}

#[component]
fn MigrationDetail(report: MigrationReport) -> impl IntoView {
    let progress = report.progress.clone().map(|p| {
        let conv = match p.converging {
            Some(true) => "converging",
            Some(false) => "NOT converging: memory is dirtied as fast as it is sent",
            None => "",
        };
        view! {
            <dl class="kv progress" data-testid="mg-progress">
                <dt>{t("col.progress")}</dt><dd>{p.percent.map(|x| format!("{x:.1}%")).unwrap_or_else(|| "—".into())}</dd>
                <dt>"processed / remaining"</dt><dd>{format!("{} / {}", p.data_processed_bytes.map(human_bytes).unwrap_or_default(), p.data_remaining_bytes.map(human_bytes).unwrap_or_default())}</dd>
                <dt>"transfer vs dirty rate"</dt><dd>{format!("{} vs {} {conv}", p.transfer_rate_bytes_per_sec.map(human_rate).unwrap_or_default(), p.dirty_rate_bytes_per_sec.map(human_rate).unwrap_or_default())}</dd>
                <dt>"ETA"</dt><dd>{p.eta_secs.map(format_duration).unwrap_or_else(|| "—".into())}</dd>
            </dl>
        }
    });
    let failure = report.failure.clone().map(|f| {
        view! {
            <div class="mg-failure" role="alert">
                <strong>{format!("Failure ({:?} plane, {:?})", f.plane, f.kind)}</strong>
                <p>{f.reason.clone()}</p>
                <ul class="evidence">{f.evidence.iter().map(|c| view! { <li><code>{c.clone()}</code></li> }).collect_view()}</ul>
            </div>
        }
    });
    view! {
        <section class="mg-detail" data-testid="mg-detail" data-migration=report.name.clone()>
            <h3>{report.name.clone()} " " <HealthBadge health=report.health/></h3>
            <p class="headline">{report.headline.clone()}</p>
            <MigrationGraph report=report.clone()/>
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
            {move || if copied.get() { t("vmi.copied")() } else { t("vmi.copy")() }}
        </button>
    }
}
