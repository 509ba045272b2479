//! The VMI page's view model: everything the live VMI page and the paste-a-dump page show for one
//! VMI, computed from its [`Evidence`] and [`Diagnosis`].
//!
//! The backend builds it for the live page (`GET /api/v1/vmis/{ns}/{name}/detail`) and the paste
//! page's on-demand wasm module builds it for a dump, so the browser's main bundle carries no
//! diagnosis, no explanation catalogue and no tolerant Kubernetes types: only these plain rows.
//! Every explanation is already resolved to text here.

use crate::diagnosis::{Diagnosis, diagnose};
use crate::evidence::Evidence;
use crate::explain::{Subject, Topic, explain, explain_condition};
use crate::kube::GuestAgentResult;
use crate::kube::VmiKey;
use crate::kube::{GuestAgentAnswer, GuestAgentInfo, Pod, Vmi};
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};

/// How often an open VMI page fetches its detail again even when the stream reports no change
/// of the VMI (events and the guest agent's answer are not on the stream).
pub const REFRESH_SECS: i64 = 30;

/// One VMI as its page shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VmiDetail {
    pub key: VmiKey,
    /// `status.phase`; empty when the VMI has none (or the evidence holds no VMI).
    pub phase: String,
    /// The VMI carries a true `Paused` condition.
    pub paused: bool,
    /// When the VMI was observed (the evidence's freshness).
    pub observed_at: Option<Timestamp>,
    pub diagnosis: Diagnosis,
    /// `status.conditions`, each with its explanation.
    pub conditions: Vec<ConditionRow>,
    /// `status.activePods` with roles; `None` when the evidence holds no VMI.
    pub pods: Option<Vec<PodRow>>,
    /// `status.interfaces` with IP provenance and the network findings that cite each.
    pub interfaces: Vec<InterfaceRow>,
    pub guest: GuestView,
    /// Newest first.
    pub events: Vec<EventRow>,
    /// A migration is in progress (the page then also charts migration metrics).
    pub migrating: bool,
}

/// An explanation resolved to text.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Explained {
    pub title: String,
    pub meaning: String,
    /// What it implies for the VM (reasons only; may be empty).
    pub implies: String,
    pub next_steps: Vec<String>,
}

/// One condition of the VMI.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConditionRow {
    pub type_: String,
    pub status: String,
    pub reason: String,
    pub message: String,
    /// The reason's explanation when there is a reason, else the condition type's; next steps
    /// fall back to the type's when the reason has none.
    pub explained: Explained,
}

/// What a launcher pod is to the VMI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PodRole {
    /// The pod the VM runs in (no migration in progress).
    Current,
    /// The migration's source.
    Source,
    /// The migration's target.
    Target,
    /// A pod that ended (phase Succeeded or Failed): an earlier migration's source, or the pod
    /// of a VMI that failed. `activePods` keeps these (`watch/vmi/lifecycle.go`).
    Finished,
}

/// One launcher pod: an entry of `status.activePods`, or a launcher pod of the evidence that
/// `activePods` no longer lists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PodRow {
    pub role: PodRole,
    pub uid: String,
    pub node: String,
    /// From the pod itself; `None` when the pod is not in the evidence.
    pub name: Option<String>,
    pub phase: String,
}

/// One entry of `status.interfaces`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InterfaceRow {
    /// The interface's name, or `#<index> (guest-only <ifname>)` for one only the guest reports.
    pub label: String,
    pub guest_name: String,
    pub ips: Vec<String>,
    pub mac: String,
    /// `infoSource`, split: `domain`, `guest-agent`, `multus-status`.
    pub sources: Vec<String>,
    pub link_state: String,
    /// Titles of the network findings (degraded or contradictions) that cite this interface.
    pub issues: Vec<String>,
}

/// What is known of the guest agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum GuestView {
    Info(Box<GuestInfoView>),
    /// 409: `AgentConnected` absent.
    NotConnected,
    /// 409: the VMI is not Running.
    NotRunning,
    /// 403: the caller may not read the guest agent subresources.
    Forbidden(String),
    Error(String),
    /// Not asked (e.g. a dump without a guest agent answer).
    Unknown,
}

/// The `guestosinfo` answer, as shown.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GuestInfoView {
    /// `os.prettyName`, else `os.name`.
    pub os: String,
    pub kernel: String,
    pub hostname: String,
    pub timezone: String,
    pub users: Vec<String>,
    pub agent_version: String,
    /// Commands KubeVirt requires that the agent does not offer.
    pub missing_commands: Vec<String>,
    pub filesystems: Vec<FilesystemRow>,
}

/// One guest filesystem.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FilesystemRow {
    pub mount: String,
    pub fs_type: String,
    pub disk: String,
    pub used_bytes: f64,
    pub total_bytes: f64,
}

/// One Kubernetes event about the VMI or its pods.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventRow {
    pub time: Option<Timestamp>,
    pub reason: String,
    pub count: Option<i64>,
    /// `<kind> <name>` of the involved object.
    pub object: String,
    pub message: String,
    pub warning: bool,
    /// What the reason means, when the catalogue knows it.
    pub meaning: Option<String>,
}

impl GuestInfoView {
    fn from_info(info: &GuestAgentInfo) -> GuestInfoView {
        GuestInfoView {
            os: info
                .os
                .pretty_name
                .clone()
                .or_else(|| info.os.name.clone())
                .unwrap_or_default(),
            kernel: info.os.kernel_release.clone().unwrap_or_default(),
            hostname: info.hostname.clone().unwrap_or_default(),
            timezone: info.timezone.clone().unwrap_or_default(),
            users: info
                .user_list
                .iter()
                .map(|u| {
                    u.get("userName")
                        .and_then(|v| v.as_str())
                        .unwrap_or("?")
                        .to_string()
                })
                .collect(),
            agent_version: info.guest_agent_version.clone().unwrap_or_default(),
            missing_commands: info
                .missing_required_commands()
                .into_iter()
                .map(String::from)
                .collect(),
            filesystems: info
                .fs_info
                .disks
                .iter()
                .map(|d| FilesystemRow {
                    mount: d.mount_point.clone().unwrap_or_default(),
                    fs_type: d.file_system_type.clone().unwrap_or_default(),
                    disk: d.disk_name.clone().unwrap_or_default(),
                    used_bytes: d.used_bytes.unwrap_or(0.0),
                    total_bytes: d.total_bytes.unwrap_or(0.0),
                })
                .collect(),
        }
    }
}

impl GuestView {
    /// From what the evidence holds: the agent's answer, else what the VMI's phase and
    /// `AgentConnected` condition imply.
    pub fn from_evidence(e: &Evidence) -> GuestView {
        match e.guest_agent.as_ref().map(|o| &o.value) {
            Some(answer) => GuestView::from_answer(answer),
            None => match e.vmi() {
                Some(v) if v.phase() != "Running" => GuestView::NotRunning,
                Some(v) if v.condition("AgentConnected").is_none_or(|c| !c.is_true()) => {
                    GuestView::NotConnected
                }
                _ => GuestView::Unknown,
            },
        }
    }

    /// From the backend's own `guestosinfo` call, which tells a refusal (403) apart.
    pub fn from_api(r: &GuestAgentResult) -> GuestView {
        match r {
            GuestAgentResult::Forbidden { message } => GuestView::Forbidden(message.clone()),
            other => GuestView::from_answer(&other.answer()),
        }
    }

    fn from_answer(answer: &GuestAgentAnswer) -> GuestView {
        match answer {
            GuestAgentAnswer::Info(i) => GuestView::Info(Box::new(GuestInfoView::from_info(i))),
            GuestAgentAnswer::NotConnected => GuestView::NotConnected,
            GuestAgentAnswer::NotRunning => GuestView::NotRunning,
            GuestAgentAnswer::Error { message } => GuestView::Error(message.clone()),
        }
    }
}

fn explained(e: crate::explain::Explanation) -> Explained {
    Explained {
        title: e.title,
        meaning: e.meaning,
        implies: e.implies,
        next_steps: e.next_steps,
    }
}

impl VmiDetail {
    /// Diagnoses `e` against `now` and resolves everything the page shows.
    pub fn build(e: &Evidence, now: Option<Timestamp>) -> VmiDetail {
        let diagnosis = diagnose(e, now);
        VmiDetail::with_diagnosis(e, diagnosis)
    }

    /// As [`VmiDetail::build`], with a diagnosis already made (the paste page's report has one).
    pub fn with_diagnosis(e: &Evidence, diagnosis: Diagnosis) -> VmiDetail {
        let vmi = e.vmi();
        let subject = e.subject();
        let conditions = condition_rows(vmi, &subject);
        let pods = pod_rows(e, vmi);
        let interfaces = interface_rows(vmi, &diagnosis);
        let events = event_rows(e, &subject);
        VmiDetail {
            key: e.key.clone(),
            phase: vmi.map(|v| v.phase().to_string()).unwrap_or_default(),
            paused: vmi.is_some_and(|v| v.is_paused()),
            observed_at: e.vmi.as_ref().and_then(|o| o.observed_at),
            conditions,
            pods,
            interfaces,
            guest: GuestView::from_evidence(e),
            events,
            migrating: vmi
                .and_then(|v| v.status.migration_state.as_ref())
                .is_some_and(|ms| ms.is_in_progress(None)),
            diagnosis,
        }
    }
}

/// The VMI's conditions, each explained by its reason (or else its type).
fn condition_rows(vmi: Option<&Vmi>, subject: &Subject) -> Vec<ConditionRow> {
    vmi.map(|v| v.status.conditions.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|c| {
            let type_ = c.type_.clone().unwrap_or_default();
            let by_type = explain(Topic::ConditionType, &type_, subject);
            let mut shown = if c.reason().is_empty() {
                Explained {
                    implies: String::new(),
                    ..explained(by_type.clone())
                }
            } else {
                explained(explain_condition(&type_, c.reason(), c.message(), subject))
            };
            if shown.next_steps.is_empty() {
                shown.next_steps = by_type.next_steps;
            }
            ConditionRow {
                type_,
                status: c.status.clone().unwrap_or_default(),
                reason: c.reason().to_string(),
                message: c.message().to_string(),
                explained: shown,
            }
        })
        .collect()
}

/// Every launcher pod the evidence knows, with its role: the entries of `status.activePods`
/// first, then launcher pods of the evidence it does not list (a failed VMI's pod, a pasted
/// pod). `None` only when there is neither a VMI nor a pod.
fn pod_rows(e: &Evidence, vmi: Option<&Vmi>) -> Option<Vec<PodRow>> {
    let by_uid = |uid: &str| {
        e.pods
            .iter()
            .map(|o| &o.value)
            .find(|p| p.metadata.uid.as_deref() == Some(uid))
    };
    let listed = vmi
        .map(|v| v.status.active_pods.clone())
        .unwrap_or_default();
    let extra = e.pods.iter().map(|o| &o.value).filter(|p| {
        p.is_launcher()
            && p.metadata
                .uid
                .as_deref()
                .is_none_or(|u| !listed.contains_key(u))
    });
    let mut rows: Vec<PodRow> = listed
        .iter()
        .map(|(uid, node)| pod_row(vmi, by_uid(uid), uid, node))
        .collect();
    rows.extend(extra.map(|p| {
        let uid = p.metadata.uid.clone().unwrap_or_default();
        pod_row(vmi, Some(p), &uid, p.node().unwrap_or_default())
    }));
    (vmi.is_some() || !rows.is_empty()).then_some(rows)
}

/// One pod's row: the part the migration state's pod names give it (while that migration runs
/// or once it failed); finished when it ended; during a migration, its part by its node; else the VMI's current pod; a migration's target pod
/// (label `kubevirt.io/migrationJobUID` or annotation `kubevirt.io/migrationJobName`, set by
/// `createTargetPod` in `pkg/virt-controller/watch/migration/migration.go`) that is not on the
/// VMI's node is a target.
fn pod_row(vmi: Option<&Vmi>, pod: Option<&Pod>, uid: &str, node: &str) -> PodRow {
    let name = pod.map(|p| p.metadata.name().to_string());
    let phase = pod.map(|p| p.phase().to_string()).unwrap_or_default();
    let ms = vmi.and_then(|v| v.status.migration_state.as_ref());
    let in_progress = ms.is_some_and(|m| m.is_in_progress(None));
    let is = |field: Option<&String>, value: Option<&str>| {
        value.is_some() && field.map(String::as_str) == value
    };
    let job_target =
        pod.is_some_and(|p| p.migration_job_uid().is_some() || p.migration_job_name().is_some());
    let on_vmi_node = vmi.is_some_and(|v| v.status.node_name.as_deref() == Some(node));
    let during = ms.filter(|_| in_progress);
    let named = ms.filter(|m| in_progress || m.failed == Some(true));
    let role = match during {
        // The pods the VMI's migration state names keep their part while it runs and after it
        // failed (a failed target pod is that migration's target, not just a pod); after a
        // success the old pod is finished and the new one current.
        _ if named.is_some_and(|m| is(m.target_pod.as_ref(), name.as_deref())) => PodRole::Target,
        _ if named.is_some_and(|m| is(m.source_pod.as_ref(), name.as_deref())) => PodRole::Source,
        _ if matches!(phase.as_str(), "Succeeded" | "Failed") => PodRole::Finished,
        Some(m) if is(m.target_node.as_ref(), Some(node)) => PodRole::Target,
        Some(m) if is(m.source_node.as_ref(), Some(node)) => PodRole::Source,
        _ if on_vmi_node => PodRole::Current,
        _ if job_target => PodRole::Target,
        Some(_) => PodRole::Source,
        None => PodRole::Current,
    };
    PodRow {
        role,
        uid: uid.to_string(),
        node: node.to_string(),
        name,
        phase,
    }
}

/// The interfaces, each with the network findings that cite it.
fn interface_rows(vmi: Option<&Vmi>, diagnosis: &Diagnosis) -> Vec<InterfaceRow> {
    let net_issues: Vec<_> = diagnosis
        .layer(crate::verdict::Layer::Network)
        .findings
        .iter()
        .filter(|f| f.contradiction || f.health == crate::verdict::Health::Degraded)
        .collect();
    vmi.map(|v| v.status.interfaces.as_slice())
        .unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(idx, i)| {
            let label = i.name.clone().filter(|n| !n.is_empty()).unwrap_or_else(|| {
                format!(
                    "#{idx} (guest-only {})",
                    i.interface_name.as_deref().unwrap_or("?")
                )
            });
            let cite = format!("status.interfaces[{label}]");
            InterfaceRow {
                issues: net_issues
                    .iter()
                    .filter(|f| f.evidence.iter().any(|c| c.starts_with(&cite)))
                    .map(|f| f.title.clone())
                    .collect(),
                label,
                guest_name: i.interface_name.clone().unwrap_or_default(),
                ips: i.all_ips().into_iter().map(String::from).collect(),
                mac: i.mac.clone().unwrap_or_default(),
                sources: i.info_sources().into_iter().map(String::from).collect(),
                link_state: i.link_state.clone().unwrap_or_default(),
            }
        })
        .collect()
}

/// The events, newest first, with the meaning of their reason when known.
fn event_rows(e: &Evidence, subject: &Subject) -> Vec<EventRow> {
    let mut events: Vec<EventRow> = e
        .events
        .iter()
        .map(|o| {
            let ev = &o.value;
            let ex = explain(Topic::EventReason, ev.reason(), subject);
            EventRow {
                time: ev.time(),
                reason: ev.reason().to_string(),
                count: ev.count,
                object: format!(
                    "{} {}",
                    ev.involved_object.kind.as_deref().unwrap_or_default(),
                    ev.involved_object.name.as_deref().unwrap_or_default()
                ),
                message: ev.message().to_string(),
                warning: ev.is_warning(),
                meaning: ex.known.then_some(ex.meaning),
            }
        })
        .collect();
    events.sort_by_key(|r| std::cmp::Reverse(r.time));
    events
}
