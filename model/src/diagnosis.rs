//! The layered diagnosis: a total function from the evidence known about one VMI to a verdict per
//! layer (control plane, node/launcher, guest, network, migration), each Healthy, Degraded, Broken
//! or Unknown, with findings that cite the exact evidence, contradictions between layers, and one
//! headline naming the broken layer.
//!
//! A layer is Healthy only on positive evidence; missing evidence gives Unknown or lowers the
//! confidence, never a false "healthy". "Now" is a parameter.

use crate::evidence::Evidence;
use crate::explain::{Severity, Subject, Topic, explain};
use crate::kube::VmiKey;
use crate::kube::vmi::effective_eviction_strategy;
use crate::kube::{Condition, Vmi};
use crate::kube::{Event, GuestAgentAnswer, Node, Pod};
use crate::migration::{
    IRRECOVERABLE_MESSAGE, MigrationContext, MigrationReport, Outcome, interpret,
};
use crate::time::{Timestamp, format_duration};
use crate::verdict::combine;
// Transitional paths for the other crates (`model::diagnosis::{Health, Layer, Finding}`); removed
// after they move to `model::verdict`.
pub use crate::verdict::{Confidence, Finding, Health, Layer};
use serde::{Deserialize, Serialize};

/// The verdict of one layer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayerVerdict {
    pub layer: Layer,
    pub health: Health,
    pub confidence: Confidence,
    /// One line: the most important finding's title.
    pub summary: String,
    pub findings: Vec<Finding>,
}

/// The full diagnosis of one VMI.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Diagnosis {
    pub key: VmiKey,
    /// Always five, in [`Layer::ALL`] order.
    pub layers: Vec<LayerVerdict>,
    /// The worst layer health (Unknown only when every layer is Unknown).
    pub overall: Health,
    /// Names the broken (or degraded) layer and why.
    pub headline: String,
    pub migrations: Vec<MigrationReport>,
    /// Evidence that was not available and would have helped.
    pub missing_evidence: Vec<String>,
}

impl Diagnosis {
    /// The verdict of one layer.
    pub fn layer(&self, layer: Layer) -> &LayerVerdict {
        // Layers are always built for every value of Layer::ALL.
        self.layers
            .iter()
            .find(|l| l.layer == layer)
            .unwrap_or(&self.layers[0])
    }
    /// True when any layer is Broken.
    pub fn is_broken(&self) -> bool {
        self.layers.iter().any(|l| l.health == Health::Broken)
    }
    /// Every contradiction found.
    pub fn contradictions(&self) -> impl Iterator<Item = &Finding> {
        self.layers
            .iter()
            .flat_map(|l| l.findings.iter())
            .filter(|f| f.contradiction)
    }
}

struct Ctx<'a> {
    e: &'a Evidence,
    vmi: Option<&'a Vmi>,
    now: Option<Timestamp>,
    subject: Subject,
    findings: Vec<Finding>,
    missing: Vec<String>,
}

/// Joins a free-text message and an explanation into one text with proper punctuation.
fn sentences(message: &str, explanation: &str) -> String {
    let m = message.trim();
    if m.is_empty() {
        explanation.to_string()
    } else if m.ends_with(['.', '!', '?']) {
        format!("{m} {explanation}")
    } else {
        format!("{m}. {explanation}")
    }
}

fn cond_cite(c: &Condition) -> Vec<String> {
    let t = c.type_.as_deref().unwrap_or("?");
    let mut v = vec![format!(
        "status.conditions[{t}].status = {}",
        c.status.as_deref().unwrap_or("(unset)")
    )];
    if !c.reason().is_empty() {
        v.push(format!("status.conditions[{t}].reason = {}", c.reason()));
    }
    if !c.message().is_empty() {
        v.push(format!("status.conditions[{t}].message = {}", c.message()));
    }
    v
}

impl Ctx<'_> {
    fn push(&mut self, finding: Finding) {
        self.findings.push(finding);
    }
    fn explain(&self, topic: Topic, value: &str) -> crate::explain::Explanation {
        explain(topic, value, &self.subject)
    }
    fn warning_events(&self, reason: &str) -> Vec<&Event> {
        self.e
            .events
            .iter()
            .map(|o| &o.value)
            .filter(|ev| ev.reason() == reason && ev.is_warning())
            .collect()
    }
}

/// Diagnoses one VMI from everything known about it. Total: any evidence, however odd or
/// incomplete, gives a diagnosis.
pub fn diagnose(e: &Evidence, now: Option<Timestamp>) -> Diagnosis {
    let vmi = e.vmi();
    let subject = e.subject();
    let mut cx = Ctx {
        e,
        vmi,
        now,
        subject,
        findings: Vec::new(),
        missing: Vec::new(),
    };
    let active_pod = pick_active_pod(&cx);
    if let Some(p) = active_pod {
        cx.subject.pod = Some(p.metadata.name().to_string());
    }
    let node = vmi
        .and_then(|v| v.status.node_name.as_deref())
        .and_then(|n| e.node(n));
    let migrations = migrations(&cx);
    let stale = node_stale(&mut cx, node);

    control_plane(&mut cx);
    node_layer(&mut cx, active_pod, node, stale);
    guest(&mut cx, active_pod, stale);
    network(&mut cx, stale);
    migration_layer(&mut cx, &migrations);

    let mut layers = Vec::new();
    for layer in Layer::ALL {
        let mut findings: Vec<Finding> = cx
            .findings
            .iter()
            .filter(|f| f.layer == layer)
            .cloned()
            .collect();
        findings.sort_by(|a, b| {
            b.health
                .rank()
                .cmp(&a.health.rank())
                .then(b.severity.cmp(&a.severity))
        });
        let health = combine(&findings);
        let confidence = confidence(&cx, layer, health, stale);
        let summary = findings
            .iter()
            .find(|f| f.health == health)
            .or(findings.first())
            .map(|f| f.title.clone())
            .unwrap_or_else(|| "no evidence".into());
        layers.push(LayerVerdict {
            layer,
            health,
            confidence,
            summary,
            findings,
        });
    }
    let overall = layers
        .iter()
        .map(|l| l.health)
        .fold(Health::Unknown, Health::worse);
    let headline = headline(&e.key, &layers);
    let mut missing = cx.missing;
    missing.extend(old_observations(e, now));
    missing.dedup();
    Diagnosis {
        key: e.key.clone(),
        layers,
        overall,
        headline,
        migrations,
        missing_evidence: missing,
    }
}

/// Evidence observed more than [`OLD_OBSERVATION_SECS`] before `now`.
fn old_observations(e: &Evidence, now: Option<Timestamp>) -> Vec<String> {
    let Some(now) = now else { return Vec::new() };
    let mut out = Vec::new();
    let mut check = |what: String, at: Option<Timestamp>| {
        if let Some(at) = at
            && at.seconds_until(now) > OLD_OBSERVATION_SECS
        {
            out.push(format!(
                "fresh {what} (the one used was observed {} before now)",
                format_duration(at.seconds_until(now))
            ));
        }
    };
    if let Some(v) = &e.vmi {
        check("VMI status".into(), v.observed_at);
    }
    for p in &e.pods {
        check(format!("pod {}", p.value.metadata.name()), p.observed_at);
    }
    for n in &e.nodes {
        check(format!("node {}", n.value.metadata.name()), n.observed_at);
    }
    for m in &e.migrations {
        check(
            format!("migration {}", m.value.metadata.name()),
            m.observed_at,
        );
    }
    if let Some(g) = &e.guest_agent {
        check("guest agent answer".into(), g.observed_at);
    }
    out
}

/// Older observations lower the confidence of every layer.
pub const OLD_OBSERVATION_SECS: f64 = 300.0;

fn confidence(cx: &Ctx<'_>, layer: Layer, health: Health, stale: bool) -> Confidence {
    if health == Health::Unknown {
        return Confidence::Low;
    }
    let vmi_old = cx
        .now
        .zip(cx.e.vmi.as_ref().and_then(|v| v.observed_at))
        .is_some_and(|(now, at)| at.seconds_until(now) > OLD_OBSERVATION_SECS);
    if vmi_old {
        return Confidence::Low;
    }
    let e = cx.e;
    let direct = match layer {
        Layer::ControlPlane => cx.vmi.is_some(),
        Layer::Node => !e.pods.is_empty() && !e.nodes.is_empty(),
        Layer::Guest => {
            e.guest_agent.is_some()
                || cx
                    .vmi
                    .is_some_and(|v| v.condition("AgentConnected").is_some())
        }
        Layer::Network => cx.vmi.is_some_and(|v| !v.status.interfaces.is_empty()),
        Layer::Migration => {
            cx.vmi
                .is_some_and(|v| v.condition("LiveMigratable").is_some())
                || !e.migrations.is_empty()
        }
    };
    if stale && layer != Layer::Node {
        Confidence::Low
    } else if direct {
        Confidence::High
    } else {
        Confidence::Medium
    }
}

fn headline(key: &VmiKey, layers: &[LayerVerdict]) -> String {
    let name = if key.name.is_empty() {
        "(unnamed VMI)".to_string()
    } else {
        key.to_string()
    };
    // Ties go to the layer most likely to be the cause.
    let priority = [
        Layer::Node,
        Layer::ControlPlane,
        Layer::Migration,
        Layer::Guest,
        Layer::Network,
    ];
    for target in [Health::Broken, Health::Degraded] {
        let mut hits: Vec<(&LayerVerdict, &Finding)> = layers
            .iter()
            .filter(|l| l.health == target)
            .filter_map(|l| {
                l.findings
                    .iter()
                    .find(|f| f.health == target)
                    .map(|f| (l, f))
            })
            .collect();
        if hits.is_empty() {
            continue;
        }
        hits.sort_by(|a, b| {
            b.1.severity.cmp(&a.1.severity).then_with(|| {
                let pa = priority.iter().position(|p| *p == a.0.layer);
                let pb = priority.iter().position(|p| *p == b.0.layer);
                pa.cmp(&pb)
            })
        });
        let (l, f) = hits[0];
        let others: Vec<&str> = hits[1..].iter().map(|(l, _)| l.layer.as_str()).collect();
        let also = if others.is_empty() {
            String::new()
        } else {
            format!(" (also {}: {})", target.as_str(), others.join(", "))
        };
        return format!(
            "{name}: {} {} — {}{also}",
            l.layer.as_str(),
            target.as_str(),
            f.title
        );
    }
    let unknown: Vec<&str> = layers
        .iter()
        .filter(|l| l.health == Health::Unknown)
        .map(|l| l.layer.as_str())
        .collect();
    if unknown.len() == layers.len() {
        format!("{name}: unknown — not enough evidence")
    } else if unknown.is_empty() {
        format!("{name}: healthy")
    } else {
        format!(
            "{name}: healthy as far as seen; unknown: {}",
            unknown.join(", ")
        )
    }
}

fn pick_active_pod<'a>(cx: &Ctx<'a>) -> Option<&'a Pod> {
    let pods: Vec<&Pod> = cx.e.pods.iter().map(|o| &o.value).collect();
    let vmi = cx.vmi?;
    let target = vmi
        .status
        .migration_state
        .as_ref()
        .and_then(|m| m.target_pod.as_deref());
    let node = vmi.status.node_name.as_deref();
    // The pod whose UID is in activePods on the VMI's node, else any launcher pod on that node that
    // is not the migration target, else the newest non-target pod.
    pods.iter()
        .copied()
        .find(|p| {
            p.metadata
                .uid
                .as_deref()
                .is_some_and(|u| vmi.status.active_pods.get(u).map(String::as_str) == node)
                && node.is_some()
        })
        .or_else(|| {
            pods.iter().copied().find(|p| {
                p.node().is_some() && p.node() == node && Some(p.metadata.name()) != target
            })
        })
        .or_else(|| {
            pods.iter()
                .copied()
                .filter(|p| Some(p.metadata.name()) != target)
                .filter(|p| {
                    !p.metadata
                        .labels
                        .contains_key("kubevirt.io/migrationJobUID")
                })
                .max_by_key(|p| p.metadata.created())
        })
}

fn migrations(cx: &Ctx<'_>) -> Vec<MigrationReport> {
    let events: Vec<&Event> = cx.e.events.iter().map(|o| &o.value).collect();
    let pods: Vec<&Pod> = cx.e.pods.iter().map(|o| &o.value).collect();
    let mctx = MigrationContext {
        vmi: cx.vmi,
        events: &events,
        pods: &pods,
        metrics: &cx.e.metrics,
        now: cx.now,
    };
    let mut vmims: Vec<&crate::kube::Vmim> = cx.e.migrations.iter().map(|o| &o.value).collect();
    vmims.sort_by_key(|m| m.metadata.created());
    let latest_uid = vmims.last().and_then(|m| m.metadata.uid.clone());
    let mut out: Vec<MigrationReport> = vmims
        .iter()
        .map(|m| {
            // Events and metrics of a VMI only describe its latest migration.
            let is_latest = m.metadata.uid == latest_uid;
            let own_events: Vec<&Event> = events
                .iter()
                .copied()
                .filter(|e| {
                    let io = &e.involved_object;
                    (io.kind.as_deref() == Some("VirtualMachineInstanceMigration")
                        && io.name.as_deref() == Some(m.metadata.name()))
                        || is_latest
                })
                .collect();
            let c = MigrationContext {
                events: &own_events,
                metrics: if is_latest { mctx.metrics } else { &[] },
                ..mctx
            };
            interpret(Some(m), &c)
        })
        .collect();
    // A migrationState with no VMIM to match it.
    if let Some(v) = cx.vmi
        && let Some(ms) = &v.status.migration_state
    {
        let matched = vmims
            .iter()
            .any(|m| m.metadata.uid.is_some() && m.metadata.uid == ms.migration_uid);
        if !matched && (vmims.is_empty() || ms.migration_uid.is_some()) {
            out.push(interpret(None, &mctx));
        }
    }
    out
}

/// Node NotReady (or unreachable) while the VMI still claims to run: the VMI status is stale.
fn node_stale(cx: &mut Ctx<'_>, node: Option<&Node>) -> bool {
    let (Some(vmi), Some(node)) = (cx.vmi, node) else {
        return false;
    };
    let Some(ready) = node.ready() else {
        return false;
    };
    if ready.is_true() || !matches!(vmi.phase(), "Running" | "Scheduled") {
        return false;
    }
    let since = ready
        .last_transition_time
        .as_deref()
        .and_then(Timestamp::parse);
    let newest = vmi.newest_status_time();
    let mut evidence = cond_cite(ready)
        .into_iter()
        .map(|c| format!("node {}: {c}", node.metadata.name()))
        .collect::<Vec<_>>();
    evidence.push(format!("status.phase = {}", vmi.phase()));
    let older = match (newest, since) {
        (Some(n), Some(s)) if n < s => {
            evidence.push(format!(
                "newest VMI status time {n} is older than the node going NotReady at {s}"
            ));
            true
        }
        _ => false,
    };
    let hb = node.last_heartbeat();
    if let Some(h) = hb {
        evidence.push(format!("node {}: last heartbeat {h}", node.metadata.name()));
    }
    cx.push(Finding::contradiction(Layer::Guest, Health::Unknown, "VMI status is stale: its node is NotReady").explained(format!(
            "The VMI says {} but its node has been NotReady{}{}; virt-handler there cannot update the status, so the guest's real state is unknown.",
            vmi.phase(),
            since.map(|s| format!(" since {s}")).unwrap_or_default(),
            if older { " and the VMI status was last written before that" } else { "" }
        )).cite(evidence).steps(vec![format!("kubectl describe node {}", node.metadata.name())]));
    true
}

fn control_plane(cx: &mut Ctx<'_>) {
    let Some(vmi) = cx.vmi else {
        cx.missing
            .push("the VMI itself (only a migration names it)".into());
        cx.push(
            Finding::new(
                Layer::ControlPlane,
                Health::Unknown,
                Severity::Warning,
                "VMI not in the evidence",
            )
            .explained("Only a migration names this VMI; its own status is not known.")
            .steps(vec![
                cx.explain(Topic::VmiPhase, "Running").next_steps[0].clone(),
            ]),
        );
        return;
    };
    let phase = vmi.phase().to_string();
    let px = cx.explain(Topic::VmiPhase, &phase);
    let pcite = vec![format!(
        "status.phase = {}",
        if phase.is_empty() { "\"\"" } else { &phase }
    )];
    if vmi.metadata.deletion_timestamp.is_some() {
        cx.push(
            Finding::new(
                Layer::ControlPlane,
                Health::Degraded,
                Severity::Info,
                "VMI is being deleted",
            )
            .explained("metadata.deletionTimestamp is set.")
            .cite(vec![format!(
                "metadata.deletionTimestamp = {}",
                vmi.metadata.deletion_timestamp.as_deref().unwrap_or("")
            )]),
        );
    }
    if let Some(c) = vmi.condition("PodScheduled").filter(|c| c.is_false()) {
        let x = cx.explain(Topic::Reason, c.reason());
        cx.push(
            Finding::new(
                Layer::ControlPlane,
                Health::Broken,
                Severity::Error,
                format!("Launcher pod cannot be scheduled ({})", c.reason()),
            )
            .explained(sentences(c.message(), &x.implies))
            .cite(cond_cite(c))
            .steps(x.next_steps),
        );
    }
    if let Some(c) = vmi.condition("Synchronized").filter(|c| !c.is_true())
        && c.reason().trim() != "Synchronizing with the Domain failed."
    {
        let x = cx.explain(Topic::Reason, c.reason());
        cx.push(
            Finding::new(
                Layer::ControlPlane,
                Health::Broken,
                Severity::Error,
                format!("virt-controller sync error: {}", x.title),
            )
            .explained(sentences(c.message(), &x.meaning))
            .cite(cond_cite(c))
            .steps(x.next_steps),
        );
    }
    if let Some(c) = vmi.condition("Provisioning").filter(|c| c.is_true()) {
        let x = cx.explain(Topic::ConditionType, "Provisioning");
        cx.push(
            Finding::new(
                Layer::ControlPlane,
                Health::Degraded,
                Severity::Info,
                x.title,
            )
            .explained(x.meaning)
            .cite(cond_cite(c))
            .steps(x.next_steps),
        );
    }
    if let Some(c) = vmi.condition("DataVolumesReady").filter(|c| c.is_false()) {
        let x = cx.explain(Topic::Reason, c.reason());
        cx.push(
            Finding::new(
                Layer::ControlPlane,
                Health::Degraded,
                Severity::Warning,
                "DataVolumes not ready",
            )
            .explained(x.meaning)
            .cite(cond_cite(c))
            .steps(x.next_steps),
        );
    }
    if let Some(c) = vmi.condition("MigrationRequired") {
        let x = cx.explain(Topic::ConditionType, "MigrationRequired");
        cx.push(
            Finding::new(
                Layer::ControlPlane,
                Health::Degraded,
                Severity::Warning,
                x.title,
            )
            .explained(x.meaning)
            .cite(cond_cite(c))
            .steps(x.next_steps),
        );
    }
    if let Some(c) = vmi.condition("HotMemoryChange").filter(|c| c.is_false()) {
        cx.push(
            Finding::new(
                Layer::ControlPlane,
                Health::Degraded,
                Severity::Warning,
                "Memory hotplug failed",
            )
            .explained(c.message().to_string())
            .cite(cond_cite(c)),
        );
    }
    if let Some(vm) = cx.e.vm.as_ref().map(|o| &o.value)
        && let Some(ps) = vm.status.printable_status.as_deref()
    {
        let x = cx.explain(Topic::VmPrintableStatus, ps);
        if x.severity >= Severity::Error {
            cx.push(
                Finding::new(
                    Layer::ControlPlane,
                    Health::Broken,
                    Severity::Error,
                    format!("VM status {ps}"),
                )
                .explained(x.meaning)
                .cite(vec![format!("vm.status.printableStatus = {ps}")])
                .steps(x.next_steps),
            );
        }
    }
    let since = vmi.phase_entered(&phase).or_else(|| vmi.metadata.created());
    let waited = since.zip(cx.now).map(|(a, b)| a.seconds_until(b));
    match phase.as_str() {
        "" | "Pending" | "Scheduling" | "Scheduled" => {
            let long = waited.is_some_and(|w| w > 300.0);
            let health = if long {
                Health::Degraded
            } else {
                Health::Healthy
            };
            let detail = format!(
                "{}{}",
                px.meaning,
                waited
                    .map(|w| format!(" In this phase for {}.", format_duration(w)))
                    .unwrap_or_default()
            );
            let title = if long {
                format!(
                    "Stuck in {} for {}",
                    if phase.is_empty() {
                        "an unset phase"
                    } else {
                        &phase
                    },
                    format_duration(waited.unwrap_or(0.0))
                )
            } else {
                format!("Starting: {}", px.title)
            };
            cx.push(
                Finding::new(
                    Layer::ControlPlane,
                    health,
                    if long {
                        Severity::Warning
                    } else {
                        Severity::Info
                    },
                    title,
                )
                .explained(detail)
                .cite(pcite)
                .steps(px.next_steps),
            );
        }
        "Running" | "Succeeded" | "Failed" | "Unknown" | "WaitingForSync" => {
            cx.push(
                Finding::new(
                    Layer::ControlPlane,
                    Health::Healthy,
                    Severity::Info,
                    "Processed by the controllers",
                )
                .explained(format!("The VMI reached phase {phase}."))
                .cite(pcite),
            );
        }
        _ => cx.push(
            Finding::new(
                Layer::ControlPlane,
                Health::Degraded,
                Severity::Warning,
                px.title,
            )
            .explained(px.meaning)
            .cite(pcite)
            .steps(px.next_steps),
        ),
    }
}

fn node_layer(cx: &mut Ctx<'_>, pod: Option<&Pod>, node: Option<&Node>, stale: bool) {
    let Some(vmi) = cx.vmi else { return };
    let phase = vmi.phase().to_string();
    let node_name = vmi.status.node_name.clone().filter(|n| !n.is_empty());
    // The node.
    match node {
        Some(n) => {
            let name = n.metadata.name().to_string();
            match n.ready() {
                Some(r) if r.is_true() => {
                    cx.push(
                        Finding::new(
                            Layer::Node,
                            Health::Healthy,
                            Severity::Info,
                            format!("Node {name} Ready"),
                        )
                        .cite(vec![format!(
                            "node {name}: status.conditions[Ready].status = True"
                        )]),
                    );
                    if let (Some(hb), Some(now)) = (n.last_heartbeat(), cx.now)
                        && hb.seconds_until(now) > 600.0
                    {
                        cx.push(Finding::new(Layer::Node, Health::Degraded, Severity::Warning, format!("Node {name} heartbeat is {} old", format_duration(hb.seconds_until(now)))).explained("The node status has not been refreshed for a long time; this view of it may be stale.").cite(vec![format!("node {name}: lastHeartbeatTime = {hb}")]).steps(vec![format!("kubectl describe node {name}")]));
                    }
                }
                Some(r) => {
                    let mut ev: Vec<String> = cond_cite(r)
                        .into_iter()
                        .map(|c| format!("node {name}: {c}"))
                        .collect();
                    if let Some(hb) = n.last_heartbeat() {
                        ev.push(format!("node {name}: lastHeartbeatTime = {hb}"));
                    }
                    cx.push(Finding::new(Layer::Node, Health::Broken, Severity::Error, format!("Node {name} NotReady")).explained(format!("{} The kubelet (and so virt-handler's view) on this node is not reporting.", r.message())).cite(ev).steps(vec![format!("kubectl describe node {name}")]));
                }
                None => cx.push(Finding::new(
                    Layer::Node,
                    Health::Unknown,
                    Severity::Info,
                    format!("Node {name} has no Ready condition"),
                )),
            }
            if n.is_cordoned() {
                cx.push(Finding::new(Layer::Node, Health::Healthy, Severity::Info, format!("Node {name} cordoned")).explained("spec.unschedulable is true: no new pods go there; a drain is likely in progress. Running VMs are not affected by the cordon itself.").cite(vec![format!("node {name}: spec.unschedulable = true")]));
            }
        }
        None => {
            if node_name.is_some() {
                cx.missing
                    .push(format!("node {}", node_name.clone().unwrap_or_default()));
            }
        }
    }
    if phase == "Unknown" {
        let x = cx.explain(Topic::VmiPhase, "Unknown");
        cx.push(
            Finding::new(
                Layer::Node,
                Health::Broken,
                Severity::Error,
                "Host cannot be reached (phase Unknown)",
            )
            .explained(x.meaning)
            .cite(vec!["status.phase = Unknown".into()])
            .steps(x.next_steps),
        );
    }
    if let Some(r) = vmi.status.reason.as_deref().filter(|r| !r.is_empty()) {
        let x = cx.explain(Topic::Reason, r);
        cx.push(
            Finding::new(
                Layer::Node,
                if x.severity >= Severity::Error {
                    Health::Broken
                } else {
                    Health::Degraded
                },
                x.severity,
                x.title,
            )
            .explained(x.meaning)
            .cite(vec![format!("status.reason = {r}")])
            .steps(x.next_steps),
        );
    }
    // virt-handler sync errors.
    if let Some(c) = vmi.condition("Synchronized").filter(|c| !c.is_true())
        && c.reason().trim() == "Synchronizing with the Domain failed."
    {
        let x = cx.explain(Topic::Reason, c.reason());
        let irrecoverable = c.message().contains(IRRECOVERABLE_MESSAGE);
        let title = if irrecoverable {
            "virt-handler destroyed the domain after a failed post-copy migration"
        } else {
            "virt-handler cannot sync the domain"
        };
        cx.push(
            Finding::new(Layer::Node, Health::Broken, Severity::Error, title)
                .explained(sentences(c.message(), &x.implies))
                .cite(cond_cite(c))
                .steps(x.next_steps),
        );
    } else if phase != "Failed" {
        let sync_failed = cx.warning_events("SyncFailed");
        if let Some(ev) = sync_failed.last() {
            cx.push(
                Finding::new(
                    Layer::Node,
                    Health::Degraded,
                    Severity::Warning,
                    "virt-handler reported a sync failure",
                )
                .explained(ev.message().to_string())
                .cite(vec![format!("event SyncFailed: {}", ev.message())]),
            );
        }
    }
    if let Some(c) = vmi
        .condition("Paused")
        .filter(|c| c.is_true() && c.reason() == "PausedIOError")
    {
        let x = cx.explain(Topic::Reason, "PausedIOError");
        cx.push(
            Finding::new(
                Layer::Node,
                Health::Broken,
                Severity::Error,
                "Storage I/O error paused the guest",
            )
            .explained(x.meaning)
            .cite(cond_cite(c))
            .steps(x.next_steps),
        );
    }
    // The launcher pod.
    let pcite = |p: &Pod, what: String| format!("pod {}: {what}", p.metadata.name());
    match pod {
        Some(p) => {
            let pp = p.phase().to_string();
            let ready = p.condition("Ready");
            let cites = vec![pcite(p, format!("status.phase = {pp}"))];
            match pp.as_str() {
                "Running" => {
                    let vmi_running = phase == "Running";
                    if vmi_running {
                        let detail = if ready.is_some_and(Condition::is_true) {
                            "The virt-launcher pod runs and is Ready."
                        } else {
                            "The virt-launcher pod runs (not Ready: paused guests fail the readiness gate)."
                        };
                        cx.push(
                            Finding::new(
                                Layer::Node,
                                Health::Healthy,
                                Severity::Info,
                                "Launcher pod Running",
                            )
                            .explained(detail)
                            .cite(cites.clone()),
                        );
                    } else if matches!(phase.as_str(), "Failed" | "Succeeded") {
                        cx.push(Finding::contradiction(Layer::Node, Health::Degraded, format!("Launcher pod Running but the VMI is {phase}")).explained("The pod should terminate when the VMI is final; it may be stuck terminating or its status is stale.").cite([cites.clone(), vec![format!("status.phase = {phase}")]].concat()).steps(cx.explain(Topic::VmiPhase, &phase).next_steps));
                    } else if phase == "Scheduled" {
                        let long = vmi
                            .phase_entered("Scheduled")
                            .zip(cx.now)
                            .is_some_and(|(a, b)| a.seconds_until(b) > 180.0);
                        let h = if long {
                            Health::Broken
                        } else {
                            Health::Degraded
                        };
                        cx.push(Finding::contradiction(Layer::Node, h, "Launcher pod Running but the VMI is not").explained("The pod runs but the guest was not reported as running; virt-handler has not started the domain yet or cannot.").cite([cites.clone(), vec!["status.phase = Scheduled".into()]].concat()).steps(cx.explain(Topic::VmiPhase, "Scheduled").next_steps));
                    } else {
                        cx.push(
                            Finding::contradiction(
                                Layer::Node,
                                Health::Degraded,
                                "Launcher pod Running but the VMI is not",
                            )
                            .explained(format!(
                                "The VMI is in phase {}.",
                                if phase.is_empty() { "(unset)" } else { &phase }
                            ))
                            .cite(
                                [cites.clone(), vec![format!("status.phase = {phase}")]].concat(),
                            ),
                        );
                    }
                }
                "Pending" => {
                    if let Some(c) = p.condition("PodScheduled").filter(|c| c.is_false()) {
                        // Scheduling belongs to the control plane; the VMI usually carries it too.
                        if vmi.condition("PodScheduled").is_none_or(|v| !v.is_false()) {
                            cx.push(
                                Finding::new(
                                    Layer::ControlPlane,
                                    Health::Broken,
                                    Severity::Error,
                                    "Launcher pod unschedulable",
                                )
                                .explained(c.message().to_string())
                                .cite(vec![pcite(
                                    p,
                                    format!(
                                        "status.conditions[PodScheduled].reason = {}",
                                        c.reason()
                                    ),
                                )])
                                .steps(cx.explain(Topic::Reason, "Unschedulable").next_steps),
                            );
                        }
                        cx.push(
                            Finding::new(
                                Layer::Node,
                                Health::Unknown,
                                Severity::Info,
                                "No node yet: the launcher pod is not scheduled",
                            )
                            .cite(vec![pcite(p, "spec.nodeName unset".into())]),
                        );
                    } else {
                        cx.push(
                            Finding::new(
                                Layer::Node,
                                Health::Degraded,
                                Severity::Info,
                                "Launcher pod Pending",
                            )
                            .cite(cites.clone()),
                        );
                    }
                    if phase == "Running" {
                        cx.push(
                            Finding::contradiction(
                                Layer::Node,
                                Health::Broken,
                                "VMI Running but its launcher pod is Pending",
                            )
                            .cite([cites.clone(), vec!["status.phase = Running".into()]].concat()),
                        );
                    }
                }
                "Failed" | "Succeeded" => {
                    if phase == "Running" {
                        cx.push(Finding::contradiction(Layer::Node, Health::Broken, format!("VMI Running but its launcher pod {pp}")).explained("The process that runs the guest has ended, yet the VMI still says Running: its status is stale or the guest is gone.").cite([cites.clone(), vec!["status.phase = Running".into()]].concat()).steps(cx.explain(Topic::EventReason, "Stopped").next_steps));
                    } else {
                        cx.push(
                            Finding::new(
                                Layer::Node,
                                Health::Degraded,
                                Severity::Info,
                                format!("Launcher pod {pp}"),
                            )
                            .cite(cites.clone()),
                        );
                    }
                }
                other => cx.push(
                    Finding::new(
                        Layer::Node,
                        Health::Unknown,
                        Severity::Info,
                        format!(
                            "Launcher pod phase {}",
                            if other.is_empty() { "unknown" } else { other }
                        ),
                    )
                    .cite(cites.clone()),
                ),
            }
            if p.metadata.deletion_timestamp.is_some() {
                cx.push(
                    Finding::new(
                        Layer::Node,
                        Health::Degraded,
                        Severity::Warning,
                        "Launcher pod terminating",
                    )
                    .cite(vec![pcite(p, "metadata.deletionTimestamp is set".into())]),
                );
            }
            for cs in &p.status.container_statuses {
                let cname = cs.name.as_deref().unwrap_or("?");
                if let Some(("waiting", Some(reason))) = cs.state_summary() {
                    let bad = matches!(
                        reason,
                        "CrashLoopBackOff"
                            | "ErrImagePull"
                            | "ImagePullBackOff"
                            | "CreateContainerConfigError"
                            | "CreateContainerError"
                            | "InvalidImageName"
                    );
                    if bad {
                        cx.push(Finding::new(Layer::Node, Health::Broken, Severity::Error, format!("Container {cname}: {reason}")).cite(vec![pcite(p, format!("status.containerStatuses[{cname}].state.waiting.reason = {reason}"))]));
                    }
                }
                if cname == "compute" && cs.restart_count.unwrap_or(0) > 0 {
                    cx.push(
                        Finding::new(
                            Layer::Node,
                            Health::Degraded,
                            Severity::Warning,
                            format!(
                                "compute container restarted {} times",
                                cs.restart_count.unwrap_or(0)
                            ),
                        )
                        .cite(vec![pcite(
                            p,
                            format!(
                                "status.containerStatuses[compute].restartCount = {}",
                                cs.restart_count.unwrap_or(0)
                            ),
                        )]),
                    );
                }
            }
        }
        None => {
            let running = phase == "Running";
            if cx.e.coverage.pods && running && !stale {
                // Pods were given but not this VMI's: the dump may be partial, so this is missing
                // evidence rather than proof that the pod is gone.
                cx.push(
                    Finding::new(
                        Layer::Node,
                        Health::Unknown,
                        Severity::Info,
                        "The VMI's launcher pod is not among the pods given",
                    )
                    .explained(
                        "Pods were included in the evidence but none is this VMI's active pod.",
                    )
                    .cite(vec![format!(
                        "status.activePods = {:?}",
                        vmi.status.active_pods
                    )])
                    .steps(vec![
                        cx.explain(Topic::VmiPhase, "Scheduling").next_steps[0].clone(),
                    ]),
                );
            }
            {
                cx.missing.push("the virt-launcher pod".into());
                if running && !stale {
                    if let Some(r) = vmi.condition("Ready").filter(|r| r.is_true()) {
                        cx.push(Finding::new(Layer::Node, Health::Healthy, Severity::Info, "Launcher pod Ready (from the VMI's Ready condition)").explained("The pod itself was not seen; the VMI's Ready condition is copied from it.").cite(cond_cite(r)));
                    } else if node.is_none() {
                        cx.push(
                            Finding::new(
                                Layer::Node,
                                Health::Unknown,
                                Severity::Info,
                                "Launcher pod and node not seen",
                            )
                            .steps(vec![
                                cx.explain(Topic::VmiPhase, "Scheduling").next_steps[0].clone(),
                            ]),
                        );
                    }
                }
            }
        }
    }
}

fn agent_was_there(vmi: &Vmi) -> Option<String> {
    if vmi.status.guest_os_info.is_filled() {
        return Some(format!(
            "status.guestOSInfo.name = {}",
            vmi.status
                .guest_os_info
                .name
                .as_deref()
                .or(vmi.status.guest_os_info.pretty_name.as_deref())
                .unwrap_or("(set)")
        ));
    }
    vmi.status
        .interfaces
        .iter()
        .find(|i| i.info_sources().contains(&"guest-agent"))
        .map(|i| {
            format!(
                "status.interfaces[{}].infoSource = {}",
                i.name.as_deref().unwrap_or(""),
                i.info_source.as_deref().unwrap_or("")
            )
        })
}

fn guest(cx: &mut Ctx<'_>, pod: Option<&Pod>, stale: bool) {
    let Some(vmi) = cx.vmi else { return };
    let phase = vmi.phase().to_string();
    let pcite = vec![format!("status.phase = {phase}")];
    match phase.as_str() {
        "Failed" => {
            let x = cx.explain(Topic::VmiPhase, "Failed");
            let crashed = cx
                .warning_events("Stopped")
                .first()
                .map(|e| e.message().to_string());
            let mut ev = pcite.clone();
            if let Some(m) = &crashed {
                ev.push(format!("event Stopped (Warning): {m}"));
            }
            cx.push(
                Finding::new(
                    Layer::Guest,
                    Health::Broken,
                    Severity::Critical,
                    "Guest is gone (phase Failed)",
                )
                .explained(x.meaning)
                .cite(ev)
                .steps(x.next_steps),
            );
            return;
        }
        "Unknown" => {
            cx.push(
                Finding::new(
                    Layer::Guest,
                    Health::Unknown,
                    Severity::Warning,
                    "Guest state unknown: its host cannot be reached",
                )
                .explained("The guest may still run on the unreachable node or may be gone.")
                .cite(pcite),
            );
            return;
        }
        "Succeeded" => {
            cx.push(
                Finding::new(
                    Layer::Guest,
                    Health::Unknown,
                    Severity::Info,
                    "Guest shut down (phase Succeeded)",
                )
                .explained("The guest stopped normally.")
                .cite(pcite),
            );
            return;
        }
        "Running" => {}
        _ => {
            if vmi.is_paused() {
                let c = vmi.condition("Paused").cloned().unwrap_or_default();
                cx.push(
                    Finding::contradiction(
                        Layer::Guest,
                        Health::Degraded,
                        format!(
                            "Paused while the phase is {}",
                            if phase.is_empty() { "unset" } else { &phase }
                        ),
                    )
                    .explained("Pause is only set on running guests.")
                    .cite([cond_cite(&c), pcite.clone()].concat()),
                );
            }
            cx.push(
                Finding::new(
                    Layer::Guest,
                    Health::Unknown,
                    Severity::Info,
                    format!(
                        "Guest not running yet (phase {})",
                        if phase.is_empty() { "unset" } else { &phase }
                    ),
                )
                .cite(pcite),
            );
            return;
        }
    }
    if stale {
        return;
    }
    // Pause.
    if let Some(c) = vmi.condition("Paused").filter(|c| c.is_true()) {
        let x = cx.explain(Topic::Reason, c.reason());
        let health = if c.reason() == "PausedIOError" {
            Health::Broken
        } else {
            Health::Degraded
        };
        cx.push(
            Finding::new(
                Layer::Guest,
                health,
                x.severity.max(Severity::Warning),
                x.title.clone(),
            )
            .explained(x.meaning.clone())
            .cite(cond_cite(&c.clone()))
            .steps(x.next_steps.clone()),
        );
        cx.push(
            Finding::contradiction(
                Layer::Guest,
                Health::Degraded,
                "Phase Running, but the guest is paused",
            )
            .explained("A paused VMI keeps phase Running; only the Paused condition shows it.")
            .cite([pcite.clone(), cond_cite(c)].concat()),
        );
        if let Some(p) = pod
            && p.phase() == "Running"
        {
            cx.push(Finding::contradiction(Layer::Guest, Health::Degraded, "Launcher pod Running while the guest is paused").explained("The pod keeps running (Ready=False through the readiness gate) while the guest's vCPUs are stopped.").cite(vec![format!("pod {}: status.phase = Running", p.metadata.name()), format!("status.conditions[Paused].reason = {}", c.reason())]));
        }
        return;
    }
    if let Some(r) = vmi.condition("Ready").filter(|r| r.is_false()) {
        let x = cx.explain(Topic::Reason, r.reason());
        cx.push(
            Finding::new(
                Layer::Guest,
                Health::Degraded,
                Severity::Warning,
                format!(
                    "Running but not Ready ({})",
                    if r.reason().is_empty() {
                        "no reason"
                    } else {
                        r.reason()
                    }
                ),
            )
            .explained(x.meaning)
            .cite(cond_cite(r))
            .steps(x.next_steps),
        );
    }
    // Guest agent.
    let agent = vmi.condition("AgentConnected").filter(|c| c.is_true());
    let answer = cx.e.guest_agent.as_ref().map(|o| &o.value);
    match (agent, answer) {
        (Some(c), _) => {
            cx.push(
                Finding::new(
                    Layer::Guest,
                    Health::Healthy,
                    Severity::Info,
                    "Guest agent connected",
                )
                .explained(format!(
                    "The guest OS is up and its agent answers{}.",
                    vmi.status
                        .guest_os_info
                        .pretty_name
                        .as_deref()
                        .map(|n| format!(" ({n})"))
                        .unwrap_or_default()
                ))
                .cite(cond_cite(c)),
            );
        }
        (None, Some(GuestAgentAnswer::Info(i)))
            if i.guest_agent_version.is_some() || !i.supported_commands.is_empty() =>
        {
            cx.push(
                Finding::new(
                    Layer::Guest,
                    Health::Healthy,
                    Severity::Info,
                    "Guest agent answered",
                )
                .explained("The guestosinfo subresource returned data.")
                .cite(vec![format!(
                    "guestosinfo.guestAgentVersion = {}",
                    i.guest_agent_version.as_deref().unwrap_or("?")
                )]),
            );
        }
        _ => {
            let steps = cx
                .explain(Topic::ConditionType, "AgentConnected")
                .next_steps;
            if let Some(was) = agent_was_there(vmi) {
                cx.push(Finding::contradiction(Layer::Guest, Health::Degraded, "Guest agent gone while the domain runs").explained("The agent reported earlier but AgentConnected is absent now: the guest may be hung, rebooting, or the agent stopped.").cite(vec!["status.conditions[AgentConnected] absent".into(), was, "status.phase = Running".into()]).steps(steps));
            } else {
                cx.push(Finding::new(Layer::Guest, Health::Unknown, Severity::Info, "No guest agent: the guest OS cannot be observed").explained("Without qemu-guest-agent KubeVirt cannot tell whether the OS inside booted; guest IPs, OS info and users are missing.").cite(vec!["status.conditions[AgentConnected] absent".into()]).steps(steps));
            }
            if let Some(GuestAgentAnswer::NotConnected) = answer {
                cx.push(
                    Finding::new(
                        Layer::Guest,
                        Health::Unknown,
                        Severity::Info,
                        "guestosinfo: VMI does not have guest agent connected",
                    )
                    .cite(vec!["guestosinfo answered 409".into()]),
                );
            }
        }
    }
    if let Some(c) = vmi
        .condition("AgentVersionNotSupported")
        .filter(|c| c.is_true())
    {
        let x = cx.explain(Topic::Reason, c.reason());
        let title = if x.known {
            x.title.clone()
        } else {
            "Guest agent not supported".to_string()
        };
        cx.push(
            Finding::new(Layer::Guest, Health::Degraded, Severity::Warning, title)
                .explained(if x.known {
                    x.meaning
                } else {
                    c.reason().to_string()
                })
                .cite(cond_cite(c))
                .steps(x.next_steps),
        );
    }
    if let Some(GuestAgentAnswer::Info(i)) = answer {
        let missing = i.missing_required_commands();
        if !missing.is_empty() {
            cx.push(
                Finding::new(
                    Layer::Guest,
                    Health::Degraded,
                    Severity::Warning,
                    "Guest agent lacks required commands",
                )
                .explained(missing.join(", "))
                .cite(vec!["guestosinfo.supportedCommands".into()]),
            );
        }
        for fs in &i.fs_info.disks {
            if let (Some(u), Some(t)) = (fs.used_bytes, fs.total_bytes)
                && t > 0.0
                && u / t > 0.95
            {
                let mp = fs.mount_point.as_deref().unwrap_or("?");
                cx.push(
                    Finding::new(
                        Layer::Guest,
                        Health::Degraded,
                        Severity::Warning,
                        format!("Guest filesystem {mp} {:.0}% full", u / t * 100.0),
                    )
                    .cite(vec![format!(
                        "guestosinfo.fsInfo.disks[{mp}].usedBytes = {u}"
                    )]),
                );
            }
        }
    }
    if let Some(c) = vmi
        .condition("AccessCredentialsSynchronized")
        .filter(|c| c.is_false())
    {
        cx.push(
            Finding::new(
                Layer::Guest,
                Health::Degraded,
                Severity::Warning,
                "Access credentials not applied",
            )
            .explained(c.message().to_string())
            .cite(cond_cite(c)),
        );
    }
    let panics: f64 =
        cx.e.metrics
            .iter()
            .filter(|s| s.name == "kubevirt_vmi_guest_os_panic_total")
            .map(|s| s.value)
            .sum();
    if panics > 0.0 {
        cx.push(
            Finding::new(
                Layer::Guest,
                Health::Degraded,
                Severity::Warning,
                format!("Guest OS panicked ({panics:.0})"),
            )
            .cite(vec![format!(
                "kubevirt_vmi_guest_os_panic_total = {panics}"
            )]),
        );
    }
}

fn network(cx: &mut Ctx<'_>, stale: bool) {
    let Some(vmi) = cx.vmi else { return };
    if vmi.phase() != "Running" || stale {
        return;
    }
    let ifaces = &vmi.status.interfaces;
    if ifaces.is_empty() {
        cx.push(
            Finding::new(
                Layer::Network,
                Health::Unknown,
                Severity::Info,
                "No interface status",
            )
            .explained("status.interfaces is empty.")
            .cite(vec!["status.interfaces = []".into()]),
        );
        return;
    }
    let agent = vmi
        .condition("AgentConnected")
        .is_some_and(Condition::is_true);
    let mut all_ok = true;
    let mut ip_owner: Vec<(String, String)> = Vec::new();
    for (idx, i) in ifaces.iter().enumerate() {
        let label = i.name.clone().filter(|n| !n.is_empty()).unwrap_or_else(|| {
            format!(
                "#{idx} (guest-only {})",
                i.interface_name.as_deref().unwrap_or("?")
            )
        });
        let cite = |f: &str, v: &str| format!("status.interfaces[{label}].{f} = {v}");
        let ips = i.all_ips();
        if i.name.as_deref().is_none_or(str::is_empty) {
            continue; // Guest-only interfaces (docker0, veth…) are informational.
        }
        if i.link_state.as_deref() == Some("down") {
            all_ok = false;
            cx.push(
                Finding::new(
                    Layer::Network,
                    Health::Degraded,
                    Severity::Warning,
                    format!("Interface {label} link down"),
                )
                .cite(vec![cite("linkState", "down")]),
            );
        }
        if let (Some(first), Some(list0)) = (
            i.ip_address.as_deref().filter(|s| !s.is_empty()),
            i.ip_addresses.first(),
        ) && first != list0
        {
            all_ok = false;
            cx.push(
                Finding::contradiction(
                    Layer::Network,
                    Health::Degraded,
                    format!("Interface {label}: ipAddress differs from ipAddresses[0]"),
                )
                .explained(
                    "These must be equal; the status was written from two sources that disagree.",
                )
                .cite(vec![
                    cite("ipAddress", first),
                    cite("ipAddresses[0]", list0),
                ]),
            );
        }
        if ips.is_empty() {
            if agent {
                all_ok = false;
                cx.push(Finding::new(Layer::Network, Health::Degraded, Severity::Warning, format!("Interface {label} has no IP")).explained("The guest agent is connected but reports no address for this interface: DHCP or the guest's network config may have failed.").cite(vec![cite("ipAddresses", "[]")]));
            } else {
                all_ok = false;
                cx.push(
                    Finding::new(
                        Layer::Network,
                        Health::Unknown,
                        Severity::Info,
                        format!("Interface {label}: no IP known"),
                    )
                    .explained(
                        "Without the guest agent, addresses of this interface may not be reported.",
                    )
                    .cite(vec![cite("ipAddresses", "[]")]),
                );
            }
        }
        if i.info_sources().contains(&"guest-agent") && !agent {
            cx.push(Finding::new(Layer::Network, Health::Degraded, Severity::Warning, format!("Interface {label}: guest-agent data without an agent")).explained("The addresses came from the guest agent, which is no longer connected; they may be stale.").cite(vec![cite("infoSource", i.info_source.as_deref().unwrap_or(""))]));
            all_ok = false;
        }
        for ip in &ips {
            if let Some((other, _)) = ip_owner.iter().find(|(_, x)| x == ip) {
                all_ok = false;
                cx.push(
                    Finding::contradiction(
                        Layer::Network,
                        Health::Degraded,
                        format!("IP {ip} reported on two interfaces"),
                    )
                    .explained(format!("{other} and {label} both report it."))
                    .cite(vec![cite("ipAddresses", ip)]),
                );
            }
            ip_owner.push((label.clone(), ip.to_string()));
        }
        // Multus network-status of the launcher pod versus what the VMI reports.
        for p in cx.e.pods.iter().map(|o| &o.value) {
            for ns in p.network_status() {
                let same_mac = ns
                    .mac
                    .as_deref()
                    .zip(i.mac.as_deref())
                    .is_some_and(|(a, b)| a.eq_ignore_ascii_case(b));
                let same_if = ns
                    .interface
                    .as_deref()
                    .is_some_and(|x| Some(x) == i.pod_interface_name.as_deref());
                if !(same_mac || same_if)
                    || ns.ips.is_empty()
                    || ips.is_empty()
                    || ns.default == Some(true)
                {
                    continue;
                }
                if !ns.ips.iter().any(|x| ips.contains(&x.as_str())) {
                    all_ok = false;
                    let src = i.info_source.as_deref().unwrap_or("status");
                    cx.push(Finding::contradiction(Layer::Network, Health::Degraded, format!("Interface {label}: guest and Multus disagree on the IP")).explained(format!("Multus assigned {} but the VMI reports {} (from {src}); the guest may use a static or stale address.", ns.ips.join(", "), ips.join(", "))).cite(vec![format!("pod {}: k8s.v1.cni.cncf.io/network-status[{}].ips = {}", p.metadata.name(), ns.name.as_deref().unwrap_or("?"), ns.ips.join(",")), cite("ipAddresses", &ips.join(",")), cite("infoSource", src)]));
                }
            }
        }
    }
    if all_ok {
        let summary: Vec<String> = ifaces
            .iter()
            .filter(|i| i.name.as_deref().is_some_and(|n| !n.is_empty()))
            .map(|i| {
                format!(
                    "{}={}",
                    i.name.as_deref().unwrap_or(""),
                    i.all_ips().join(",")
                )
            })
            .collect();
        cx.push(
            Finding::new(
                Layer::Network,
                Health::Healthy,
                Severity::Info,
                "Interfaces have addresses",
            )
            .explained(summary.join("; "))
            .cite(vec![format!(
                "status.interfaces ({} entries)",
                ifaces.len()
            )]),
        );
    }
}

fn migration_layer(cx: &mut Ctx<'_>, reports: &[MigrationReport]) {
    let vmi = cx.vmi;
    let vm = cx.e.vm.as_ref().map(|o| &o.value);
    let running = vmi.is_some_and(|v| v.phase() == "Running");
    let migratable = vmi.and_then(Vmi::live_migratable);
    let strategy =
        vmi.map(|v| effective_eviction_strategy(v, vm, cx.e.cluster_eviction_strategy.as_deref()));
    let any_active = reports
        .iter()
        .any(|r| matches!(r.outcome, Outcome::InProgress | Outcome::Pending));
    // Live-migratability.
    if let Some(v) = vmi {
        match (v.condition("LiveMigratable"), running) {
            (Some(c), _) if c.is_true() => cx.push(
                Finding::new(
                    Layer::Migration,
                    Health::Healthy,
                    Severity::Info,
                    "Can live-migrate",
                )
                .cite(cond_cite(c)),
            ),
            (Some(c), _) if c.is_false() => {
                let x = cx.explain(Topic::Reason, c.reason());
                let (s, src) = strategy.clone().unwrap_or_default();
                let blocks = s == "LiveMigrate";
                let detail = format!(
                    "{} {}{}",
                    x.meaning,
                    if c.message().is_empty() {
                        String::new()
                    } else {
                        format!("({}) ", c.message())
                    },
                    if blocks {
                        format!(
                            "Eviction strategy LiveMigrate ({src}): a drain of its node blocks on this VM."
                        )
                    } else {
                        format!(
                            "Eviction strategy {s} ({src}): a drain shuts it down instead of migrating it."
                        )
                    }
                );
                cx.push(
                    Finding::new(
                        Layer::Migration,
                        if blocks {
                            Health::Degraded
                        } else {
                            Health::Healthy
                        },
                        Severity::Warning,
                        format!("Cannot live-migrate: {}", x.title),
                    )
                    .explained(detail)
                    .cite(cond_cite(c))
                    .steps(x.next_steps),
                );
            }
            (_, true) => {
                cx.missing.push("the LiveMigratable condition".into());
                cx.push(Finding::new(Layer::Migration, Health::Unknown, Severity::Info, "LiveMigratable condition missing").explained("A running VMI always has it in current KubeVirt; it may be an old release or a partial status.").cite(vec!["status.conditions[LiveMigratable] absent".into()]));
            }
            _ => {}
        }
        // Evacuation.
        if let Some(node) = v.evacuation_node() {
            let cite = format!("status.evacuationNodeName = {node}");
            let (s, _) = strategy.clone().unwrap_or_default();
            if s == "External" {
                let x = cx.explain(Topic::EvictionStrategy, "External");
                cx.push(
                    Finding::new(
                        Layer::Migration,
                        Health::Degraded,
                        Severity::Info,
                        "Evacuation left to an external controller",
                    )
                    .explained(x.meaning)
                    .cite(vec![
                        cite.clone(),
                        "spec.evictionStrategy = External".into(),
                    ])
                    .steps(x.next_steps),
                );
            } else if migratable == Some(false) {
                let c = v.condition("LiveMigratable").cloned().unwrap_or_default();
                let x = cx.explain(Topic::Reason, c.reason());
                cx.push(Finding::contradiction(Layer::Migration, Health::Broken, format!("Evacuation requested but the VM cannot migrate ({})", c.reason())).explained(format!("Node {node} is being drained; this VM must leave it but {}. The drain stays blocked until the VM is stopped, made migratable, or the evacuation is cancelled.", x.title.to_lowercase())).cite([vec![cite.clone()], cond_cite(&c)].concat()).steps([x.next_steps, vec![format!("virtctl evacuate-cancel vmi {} -n {}   # KubeVirt >= 1.7", cx.subject.name, cx.subject.namespace)]].concat()));
            } else if any_active {
                cx.push(
                    Finding::new(
                        Layer::Migration,
                        Health::Degraded,
                        Severity::Info,
                        format!("Evacuating from {node}"),
                    )
                    .explained("An evacuation migration is under way.")
                    .cite(vec![cite.clone()]),
                );
            } else if cx.e.coverage.migrations || !reports.is_empty() {
                cx.push(Finding::new(Layer::Migration, Health::Degraded, Severity::Warning, format!("Evacuation of {node} requested, no migration running")).explained("The evacuation controller should create a kubevirt-evacuation-* migration; it may be throttled by parallel-migration limits or back-off.").cite(vec![cite.clone()]).steps(cx.explain(Topic::Reason, "MigrationBackoff").next_steps));
            } else {
                cx.push(
                    Finding::new(
                        Layer::Migration,
                        Health::Degraded,
                        Severity::Info,
                        format!("Evacuation of {node} requested"),
                    )
                    .explained("Migrations were not in the evidence.")
                    .cite(vec![cite.clone()]),
                );
            }
            if v.condition("EvictionRequested")
                .is_none_or(|c| !c.is_true())
                && v.condition("EvictionRequested").is_some()
            {
                cx.push(
                    Finding::contradiction(
                        Layer::Migration,
                        Health::Degraded,
                        "evacuationNodeName set but EvictionRequested is not True",
                    )
                    .cite(vec![cite]),
                );
            }
        } else if let Some(c) = v.condition("EvictionRequested").filter(|c| c.is_true()) {
            cx.push(
                Finding::new(
                    Layer::Migration,
                    Health::Degraded,
                    Severity::Warning,
                    "EvictionRequested without evacuationNodeName",
                )
                .explained("The condition is left over or the status is mid-update.")
                .cite(cond_cite(c)),
            );
        }
        // Left-behind state and active pods.
        let ms = v.status.migration_state.as_ref();
        let state_vmim_final = ms.is_some_and(|m| {
            cx.e.migrations.iter().any(|o| {
                o.value.metadata.uid.is_some()
                    && o.value.metadata.uid == m.migration_uid
                    && o.value.is_final()
            })
        });
        if v.status.active_pods.len() >= 2
            && !any_active
            && (state_vmim_final || !ms.is_some_and(|m| m.is_in_progress(cx.now)))
        {
            cx.push(Finding::contradiction(Layer::Migration, Health::Degraded, "Two activePods with no migration in progress").explained("During a migration the source and target pods are both active; without one, a pod was left behind (for example after a target crash).").cite(vec![format!("status.activePods = {:?}", v.status.active_pods)]).steps(vec![cx.explain(Topic::VmiPhase, "Scheduling").next_steps[0].clone()]));
        }
        if let Some(m) = ms
            && m.started().is_some()
            && !m.is_completed()
            && m.ended().is_none()
        {
            let vmim =
                cx.e.migrations
                    .iter()
                    .map(|o| &o.value)
                    .find(|x| x.metadata.uid.is_some() && x.metadata.uid == m.migration_uid);
            let target_gone = cx.e.coverage.pods
                && m.target_pod.as_deref().is_some_and(|t| {
                    !cx.e.pods.iter().any(|p| {
                        p.value.metadata.name() == t
                            && !matches!(p.value.phase(), "Failed" | "Succeeded")
                    })
                });
            let vmim_final = vmim.is_some_and(|x| x.is_final());
            if vmim_final || target_gone {
                cx.push(
                    Finding::contradiction(
                        Layer::Migration,
                        Health::Degraded,
                        "migrationState left behind",
                    )
                    .explained(format!(
                        "The VMI's migrationState says the migration is still running, but {}.",
                        if vmim_final {
                            "its VMIM is final"
                        } else {
                            "the target pod is gone or ended"
                        }
                    ))
                    .cite(vec![
                        format!(
                            "status.migrationState.migrationUid = {}",
                            m.migration_uid.as_deref().unwrap_or("?")
                        ),
                        "status.migrationState.completed = false".into(),
                    ]),
                );
            }
        }
    }
    // The migrations themselves: the latest one counts fully; older ones only when they broke the VM.
    let n = reports.len();
    for (i, r) in reports.iter().enumerate() {
        let latest = i + 1 == n || r.irrecoverable;
        for f in &r.findings {
            let mut f = f.clone();
            f.title = format!("{}: {}", r.name, f.title);
            if !latest && f.health != Health::Healthy {
                f.health = Health::Healthy;
                f.severity = Severity::Info;
                f.title = format!("{} (earlier migration)", f.title);
            }
            cx.findings.push(f);
        }
    }
    if vmi.is_some() && reports.is_empty() && !cx.e.coverage.migrations && migratable.is_none() {
        cx.missing.push("migrations (VMIMs)".into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn diag(v: serde_json::Value) -> Diagnosis {
        diagnose(&Evidence::from_vmi(Vmi::from_value(&v), None), None)
    }

    #[test]
    fn empty_evidence_is_unknown_not_healthy() {
        let d = diagnose(&Evidence::default(), None);
        assert_eq!(d.layers.len(), 5);
        assert!(
            d.layers.iter().all(|l| l.health != Health::Healthy),
            "{d:#?}"
        );
        let d = diag(json!({}));
        assert!(d.layer(Layer::Guest).health != Health::Healthy);
        assert!(d.layer(Layer::Node).health != Health::Healthy);
    }

    #[test]
    fn guest_agent_gone_while_the_domain_runs() {
        let d = diag(
            json!({"metadata": {"name": "a", "namespace": "n"}, "status": {"phase": "Running",
            "guestOSInfo": {"name": "Fedora Linux", "id": "fedora"},
            "interfaces": [{"name": "default", "ipAddress": "10.0.0.1", "ipAddresses": ["10.0.0.1"], "infoSource": "domain, guest-agent"}],
            "conditions": [{"type": "LiveMigratable", "status": "True"}, {"type": "Ready", "status": "True"}]}}),
        );
        assert_eq!(d.layer(Layer::Guest).health, Health::Degraded);
        let c: Vec<&str> = d.contradictions().map(|f| f.title.as_str()).collect();
        assert!(
            c.contains(&"Guest agent gone while the domain runs"),
            "{c:?}"
        );
        // Its guest-agent IPs are stale too.
        assert_eq!(d.layer(Layer::Network).health, Health::Degraded);
        // Without any sign of an earlier agent it is only unknown.
        let d = diag(
            json!({"status": {"phase": "Running", "conditions": [{"type": "LiveMigratable", "status": "True"}]}}),
        );
        assert_eq!(d.layer(Layer::Guest).health, Health::Unknown);
    }

    #[test]
    fn old_observations_lower_confidence() {
        let v = Vmi::from_value(
            &json!({"metadata": {"name": "a", "namespace": "n"}, "status": {"phase": "Running",
            "conditions": [{"type": "LiveMigratable", "status": "True"}]}}),
        );
        let seen = Timestamp::parse("2026-01-01T00:00:00Z");
        let fresh = diagnose(
            &Evidence::from_vmi(v.clone(), seen),
            Timestamp::parse("2026-01-01T00:01:00Z"),
        );
        assert_eq!(fresh.layer(Layer::Migration).confidence, Confidence::High);
        assert!(
            fresh
                .missing_evidence
                .iter()
                .all(|m| !m.contains("observed"))
        );
        let old = diagnose(
            &Evidence::from_vmi(v, seen),
            Timestamp::parse("2026-01-01T01:00:00Z"),
        );
        assert_eq!(old.layer(Layer::Migration).confidence, Confidence::Low);
        assert!(
            old.missing_evidence
                .iter()
                .any(|m| m.contains("observed 1h00m before now")),
            "{:?}",
            old.missing_evidence
        );
    }

    #[test]
    fn paused_by_user_is_degraded_guest_with_contradiction() {
        let d = diag(
            json!({"metadata": {"name": "a", "namespace": "n"}, "status": {"phase": "Running",
            "conditions": [{"type": "Paused", "status": "True", "reason": "PausedByUser"},
                           {"type": "LiveMigratable", "status": "True"}]}}),
        );
        assert_eq!(d.layer(Layer::Guest).health, Health::Degraded);
        assert!(d.contradictions().any(|f| f.title.contains("paused")));
        assert!(d.headline.contains("guest degraded"), "{}", d.headline);
    }
}
