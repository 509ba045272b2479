//! Drain impact: for a node and the VMIs on it, what `kubectl drain` would do to each one —
//! migrate it, be blocked by it (and why), shut it down, or leave it to an external controller.
//! Follows KubeVirt's eviction strategies (`EvictionStrategyNone`, `EvictionStrategyLiveMigrate`,
//! `EvictionStrategyLiveMigrateIfPossible`, `EvictionStrategyExternal` in
//! `staging/src/kubevirt.io/api/core/v1/types.go`) and its eviction webhook
//! (`pkg/virt-api/webhooks/validating-webhook/admitters/pod-eviction-admitter.go`).

use crate::explain::{Subject, Topic, explain};
use crate::kube::VmiKey;
use crate::kube::vmi::Vmi;
use crate::kube::vmi::effective_eviction_strategy;
use crate::kube::{Pod, Vm};
use serde::{Deserialize, Serialize};

#[cfg(test)]
mod reference;
#[cfg(test)]
mod same_as_reference;

/// What a drain does to one VMI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrainAction {
    /// The eviction is turned into a live migration.
    Migrate,
    /// The eviction is denied: the drain cannot finish while this VMI stays.
    BlockDrain,
    /// The launcher pod is evicted; the VM stops (and may restart elsewhere).
    ShutDown,
    /// The VMI is protected and marked; an external controller must remove it.
    External,
    /// Not on this node, or already final.
    NotAffected,
    /// Not enough evidence (e.g. `LiveMigratable` unknown with LiveMigrate).
    Unknown,
}

/// The drain outcome of one VMI.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DrainOutcome {
    pub key: VmiKey,
    pub action: DrainAction,
    /// The effective eviction strategy, verbatim.
    pub strategy: String,
    /// Where the strategy came from.
    pub strategy_source: String,
    pub live_migratable: Option<bool>,
    /// Why, in one sentence.
    pub reason: String,
    pub evidence: Vec<String>,
    pub next_steps: Vec<String>,
}

/// The drain impact on a node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DrainReport {
    pub node: String,
    pub outcomes: Vec<DrainOutcome>,
    /// VMIs that block the drain.
    pub blocking: usize,
    pub summary: String,
}

/// What draining `node` would do to each of `vmis` (VMIs elsewhere are skipped). `vms` give
/// template eviction strategies and run strategies; `cluster_default` is
/// `KubeVirt.spec.configuration.evictionStrategy` when known.
pub fn drain_impact(
    node: &str,
    vmis: &[Vmi],
    vms: &[Vm],
    cluster_default: Option<&str>,
) -> DrainReport {
    drain_impact_with_pods(node, vmis, vms, &[], cluster_default)
}

/// [`drain_impact`] with the pods known: live hot-plug attachment pods of a VMI on the node
/// (denied "cannot evict hotplug pod…" from v1.7, `admitHotplugPod`) block the drain too, and
/// live migration target pods on the node do as the VMI's eviction strategy says
/// (`target_pod_outcome`).
pub fn drain_impact_with_pods(
    node: &str,
    vmis: &[Vmi],
    vms: &[Vm],
    pods: &[Pod],
    cluster_default: Option<&str>,
) -> DrainReport {
    let vmis: Vec<&Vmi> = vmis.iter().collect();
    drain_impact_of(node, &vmis, vms, pods, cluster_default)
}

/// [`drain_impact_with_pods`] on borrowed VMIs. Linear in the dump: the pods on `node` (the only
/// ones that can be a target or hot-plug pod of this drain) and the VMs by name are looked up
/// once, not once per VMI.
pub fn drain_impact_of(
    node: &str,
    vmis: &[&Vmi],
    vms: &[Vm],
    pods: &[Pod],
    cluster_default: Option<&str>,
) -> DrainReport {
    let pods = pods_on(node, pods);
    // The first VM of each namespace and name, as a scan in order would find it.
    let mut vm_by_key: rustc_hash::FxHashMap<(&str, &str), &Vm> = Default::default();
    for v in vms {
        let key = (v.metadata.namespace(), v.metadata.name());
        vm_by_key.entry(key).or_insert(v);
    }
    let mut outcomes = Vec::new();
    let vm_of = |vmi: &Vmi| {
        let key = (vmi.metadata.namespace(), vmi.metadata.name());
        vm_by_key.get(&key).copied()
    };
    for &vmi in vmis {
        // A VMI elsewhere whose live launcher pod on the node carries a migration job.
        let target = (vmi.status.node_name.as_deref() != Some(node))
            .then(|| pods.targets.iter().find(|p| launcher_of(vmi, p)))
            .flatten();
        if let Some(t) = target {
            outcomes.push(target_pod_outcome(
                node,
                vmi,
                vm_of(vmi),
                t,
                cluster_default,
            ));
            continue;
        }
        if !on_node(node, vmi) {
            continue;
        }
        let mut o = outcome(vmi, vm_of(vmi), cluster_default);
        if o.action != DrainAction::NotAffected {
            push_hotplug(&mut o, node, &hotplug_pods(vmi, &pods));
        }
        outcomes.push(o);
    }
    report(node, outcomes)
}

/// `status.nodeName`, or the target of a migration in progress (its target pod is there). Not
/// every activePods entry: KubeVirt keeps finished pods there.
fn on_node(node: &str, vmi: &Vmi) -> bool {
    vmi.status.node_name.as_deref() == Some(node)
        || vmi
            .status
            .migration_state
            .as_ref()
            .is_some_and(|m| m.target_node.as_deref() == Some(node) && m.is_in_progress(None))
}

/// The hot-plug attachment pods whose eviction is denied, as evidence of the outcome.
fn push_hotplug(o: &mut DrainOutcome, node: &str, hotplug: &[&Pod]) {
    for hp in hotplug {
        o.evidence.push(format!(
            "hot-plug attachment pod {} on {node}: its eviction is denied while the VMI \
                runs (\"cannot evict hotplug pod\", KubeVirt >= 1.7)",
            hp.metadata.name()
        ));
    }
}

/// The report of a drain: its outcomes and their counts.
fn report(node: &str, outcomes: Vec<DrainOutcome>) -> DrainReport {
    let blocking = outcomes
        .iter()
        .filter(|o| o.action == DrainAction::BlockDrain)
        .count();
    let count = |a: DrainAction| outcomes.iter().filter(|o| o.action == a).count();
    let summary = format!(
        "draining {node}: {} migrate, {} block, {} shut down, {} external, {} unknown",
        count(DrainAction::Migrate),
        blocking,
        count(DrainAction::ShutDown),
        count(DrainAction::External),
        count(DrainAction::Unknown)
    );
    DrainReport {
        node: node.to_string(),
        outcomes,
        blocking,
        summary,
    }
}

fn outcome(vmi: &Vmi, vm: Option<&Vm>, cluster_default: Option<&str>) -> DrainOutcome {
    let (strategy, source) = effective_eviction_strategy(vmi, vm, cluster_default);
    let lm = vmi.live_migratable();
    let cond = vmi.condition("LiveMigratable");
    let mut evidence = vec![format!("{source} = {strategy}")];
    if let Some(c) = cond {
        evidence.push(format!(
            "status.conditions[LiveMigratable].status = {}",
            c.status.as_deref().unwrap_or("")
        ));
        if !c.reason().is_empty() {
            evidence.push(format!(
                "status.conditions[LiveMigratable].reason = {}",
                c.reason()
            ));
        }
    }
    let subject = Subject {
        namespace: vmi.metadata.namespace().into(),
        name: vmi.metadata.name().into(),
        node: vmi.status.node_name.clone(),
        ..Default::default()
    };
    let not_migratable = || {
        let r = cond.map(|c| c.reason()).unwrap_or("");
        explain(Topic::Reason, r, &subject).title
    };
    // `pkg/virt-controller/watch/vm/vm.go`: RerunOnFailure restarts only a Failed VMI; an
    // evicted launcher shuts the guest down gracefully (Succeeded), but a guest destroyed after
    // the grace period ends Failed when ACPI is on (`calculateVmPhaseForStatusReason`).
    let restart = vm.and_then(Vm::run_strategy).map(|r| match r.as_str() {
        "Always" => format!(" With run strategy {r} it is started again on another node."),
        "RerunOnFailure" => " With run strategy RerunOnFailure it stays stopped: a graceful \
            shutdown ends Succeeded; it is restarted only if the guest had to be destroyed after \
            the grace period (phase Failed)."
            .to_string(),
        other => format!(" With run strategy {other} it stays stopped."),
    });
    let restart = restart
        .unwrap_or_else(|| " The VM's run strategy decides whether it restarts elsewhere.".into());
    let (action, reason) = action(vmi, &strategy, lm, &not_migratable(), &restart);
    let next_steps = match action {
        DrainAction::BlockDrain => {
            let mut s = explain(
                Topic::Reason,
                cond.map(|c| c.reason()).unwrap_or(""),
                &subject,
            )
            .next_steps;
            s.push(format!(
                "virtctl stop {} -n {}   # or make it migratable; the drain then continues",
                subject.name, subject.namespace
            ));
            s
        }
        _ => explain(Topic::EvictionStrategy, &strategy, &subject).next_steps,
    };
    DrainOutcome {
        key: vmi.key(),
        action,
        strategy,
        strategy_source: source.to_string(),
        live_migratable: lm,
        reason,
        evidence,
        next_steps,
    }
}

/// What the drain does to a running VMI with this strategy and live-migratability, and why.
fn action(
    vmi: &Vmi,
    strategy: &str,
    lm: Option<bool>,
    not_migratable: &str,
    restart: &str,
) -> (DrainAction, String) {
    if matches!(vmi.phase(), "Succeeded" | "Failed") {
        (
            DrainAction::NotAffected,
            format!("The VMI is already {}.", vmi.phase()),
        )
    } else {
        match (strategy, lm) {
            ("LiveMigrate", Some(true)) | ("LiveMigrateIfPossible", Some(true)) => (
                DrainAction::Migrate,
                "The eviction is turned into a live migration.".to_string(),
            ),
            ("LiveMigrate", Some(false)) => (
                DrainAction::BlockDrain,
                format!(
                    "Eviction strategy LiveMigrate but not live-migratable ({}): \
                        the eviction is denied (\"VMI {} is configured with an \
                        eviction strategy but is not live-migratable\") and the \
                        drain waits.",
                    not_migratable,
                    vmi.metadata.name()
                ),
            ),
            ("LiveMigrate", None) => (
                DrainAction::Unknown,
                "LiveMigratable is unknown: the drain migrates it if it is \
                    migratable and blocks otherwise."
                    .into(),
            ),
            ("LiveMigrateIfPossible", Some(false)) => (
                DrainAction::ShutDown,
                format!(
                    "Not live-migratable ({}), so it behaves like None: the pod \
                        is evicted and the VM stops.{restart}",
                    not_migratable
                ),
            ),
            ("LiveMigrateIfPossible", None) => (
                DrainAction::Unknown,
                "LiveMigratable is unknown: migrated if possible, shut down \
                    otherwise."
                    .into(),
            ),
            ("External", _) => (
                DrainAction::External,
                "The eviction is denied and evacuationNodeName is set; an \
                    external controller (such as cluster-api-provider-kubevirt) \
                    must remove the VM."
                    .into(),
            ),
            ("None", _) => (
                DrainAction::ShutDown,
                format!(
                    "Eviction strategy None: the pod is evicted and the VM \
                        stops.{restart}"
                ),
            ),
            (other, _) => (
                DrainAction::Unknown,
                format!("Unrecognised eviction strategy {other}."),
            ),
        }
    }
}

/// Whether `p` is a launcher pod of the VMI (by `kubevirt.io/created-by` or an `activePods` uid).
fn launcher_of(vmi: &Vmi, p: &Pod) -> bool {
    let uid = vmi.metadata.uid.as_deref();
    (uid.is_some()
        && p.metadata
            .labels
            .get("kubevirt.io/created-by")
            .map(String::as_str)
            == uid)
        || p.metadata
            .uid
            .as_deref()
            .is_some_and(|u| vmi.status.active_pods.contains_key(u))
}

/// The pods one drain looks at: those on the node that can be a live migration target pod or a
/// live hot-plug attachment pod, and (only when there is such a hot-plug pod) every pod by uid,
/// since the launcher that owns a hot-plug pod may be anywhere.
struct DrainPods<'a> {
    targets: Vec<&'a Pod>,
    hotplug: Vec<&'a Pod>,
    by_uid: rustc_hash::FxHashMap<&'a str, Vec<&'a Pod>>,
}

fn pods_on<'a>(node: &str, pods: &'a [Pod]) -> DrainPods<'a> {
    let mut d = DrainPods {
        targets: Vec::new(),
        hotplug: Vec::new(),
        by_uid: Default::default(),
    };
    for p in pods
        .iter()
        .filter(|p| p.node() == Some(node) && p.is_live())
    {
        match p.metadata.labels.get("kubevirt.io").map(String::as_str) {
            Some("virt-launcher") if p.migration_job_uid().is_some() => d.targets.push(p),
            Some("hotplug-disk") => d.hotplug.push(p),
            _ => {}
        }
    }
    if !d.hotplug.is_empty() {
        for p in pods {
            if let Some(u) = p.metadata.uid.as_deref() {
                d.by_uid.entry(u).or_default().push(p);
            }
        }
    }
    d
}

/// Live hot-plug attachment pods (`kubevirt.io: hotplug-disk`) on the node, owned by a launcher
/// pod of the VMI.
fn hotplug_pods<'a>(vmi: &Vmi, pods: &DrainPods<'a>) -> Vec<&'a Pod> {
    let owned_by_launcher = |u: &str| {
        pods.by_uid
            .get(u)
            .is_some_and(|ps| ps.iter().any(|p| launcher_of(vmi, p)))
    };
    pods.hotplug
        .iter()
        .copied()
        .filter(|p| {
            p.metadata.owner_references.iter().any(|o| {
                o.kind.as_deref() == Some("Pod") && o.uid.as_deref().is_some_and(owned_by_launcher)
            })
        })
        .collect()
}

/// A VMI elsewhere whose live migration target pod (`kubevirt.io: virt-launcher` with
/// `kubevirt.io/migrationJobUID`) runs on `node`. The eviction webhook (`admitLauncherPod`,
/// `pkg/virt-api/webhooks/validating-webhook/admitters/pod-eviction-admitter.go`) looks at the
/// eviction strategy first: with `None` (or none at all), or `LiveMigrateIfPossible` on a VMI
/// that cannot migrate, the eviction goes through, the migration fails ("Migration failed
/// because target pod shutdown during migration", `updateStatus` in
/// `pkg/virt-controller/watch/migration/migration.go`), the VMI stays on its source and the
/// drain goes on. With `LiveMigrate` on a VMI that cannot migrate it is denied ("… is not
/// live-migratable"); otherwise it is denied as "Evacuation in progress" or "Eviction request for
/// target Pod" (KubeVirt >= 1.5) until the migration ends.
fn target_pod_outcome(
    node: &str,
    vmi: &Vmi,
    vm: Option<&Vm>,
    t: &Pod,
    cluster_default: Option<&str>,
) -> DrainOutcome {
    let (strategy, source) = effective_eviction_strategy(vmi, vm, cluster_default);
    let lm = vmi.live_migratable();
    let pod = t.metadata.name();
    let (action, reason) = match (strategy.as_str(), lm) {
        ("None", _) | ("LiveMigrateIfPossible", Some(false)) => (
            DrainAction::NotAffected,
            format!(
                "The migration target pod {pod} is on this node and eviction strategy {strategy} \
                    lets its eviction through: the migration fails (\"target pod shutdown during \
                    migration\"), the VMI stays on its source node and the drain goes on."
            ),
        ),
        ("LiveMigrate", Some(false)) => (
            DrainAction::BlockDrain,
            format!(
                "The migration target pod {pod} is on this node; eviction strategy LiveMigrate \
                    but not live-migratable: its eviction is denied (\"VMI {} is configured with \
                    an eviction strategy but is not live-migratable\").",
                vmi.metadata.name()
            ),
        ),
        ("LiveMigrateIfPossible", None) => (
            DrainAction::Unknown,
            format!(
                "The migration target pod {pod} is on this node; LiveMigratable is unknown: its \
                    eviction is denied until the migration ends if the VMI can migrate, let \
                    through (failing the migration) otherwise."
            ),
        ),
        _ => (
            DrainAction::BlockDrain,
            format!(
                "The migration target pod {pod} is on this node: its eviction is denied \
                    (\"Eviction request for target Pod\", KubeVirt >= 1.5, or \"Evacuation in \
                    progress\") until the migration ends."
            ),
        ),
    };
    DrainOutcome {
        key: vmi.key(),
        action,
        live_migratable: lm,
        reason,
        evidence: vec![
            format!("pod {pod}: spec.nodeName = {node}"),
            format!("{source} = {strategy}"),
        ],
        strategy,
        strategy_source: source.to_string(),
        next_steps: vec![format!(
            "kubectl get vmim -n {} -l kubevirt.io/vmi-name={}",
            vmi.metadata.namespace(),
            vmi.metadata.name()
        )],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn vmi(name: &str, strategy: Option<&str>, lm: &str, reason: &str) -> Vmi {
        let mut v = json!({"metadata": {"name": name, "namespace": "ns"}, "status": {"phase": "Running", "nodeName": "n1",
            "conditions": [{"type": "LiveMigratable", "status": lm, "reason": reason}]}});
        if let Some(s) = strategy {
            v["spec"] = json!({"evictionStrategy": s});
        }
        Vmi::from_value(&v)
    }

    #[test]
    fn each_strategy() {
        let vmis = [
            vmi("a", Some("LiveMigrate"), "True", ""),
            vmi("b", Some("LiveMigrate"), "False", "DisksNotLiveMigratable"),
            vmi(
                "c",
                Some("LiveMigrateIfPossible"),
                "False",
                "HostDeviceNotLiveMigratable",
            ),
            vmi("d", Some("External"), "False", "SEVNotLiveMigratable"),
            vmi("e", None, "True", ""),
            vmi("f", Some("Sideways"), "True", ""),
        ];
        let r = drain_impact("n1", &vmis, &[], None);
        let actions: Vec<DrainAction> = r.outcomes.iter().map(|o| o.action).collect();
        use DrainAction::*;
        assert_eq!(
            actions,
            [Migrate, BlockDrain, ShutDown, External, ShutDown, Unknown]
        );
        assert_eq!(r.blocking, 1);
        assert!(r.outcomes[1].reason.contains("Disks"));
        assert!(r.outcomes[4].strategy_source.starts_with("assumed"));
        let r = drain_impact("n1", &vmis[4..5], &[], Some("LiveMigrate"));
        assert_eq!(r.outcomes[0].action, Migrate);
        assert_eq!(drain_impact("other", &vmis, &[], None).outcomes.len(), 0);
    }
}
