//! Drain impact: for a node and the VMIs on it, what `kubectl drain` would do to each one —
//! migrate it, be blocked by it (and why), shut it down, or leave it to an external controller.
//! Follows KubeVirt's eviction strategies (`EvictionStrategyNone`, `EvictionStrategyLiveMigrate`,
//! `EvictionStrategyLiveMigrateIfPossible`, `EvictionStrategyExternal` in
//! `staging/src/kubevirt.io/api/core/v1/types.go`) and its eviction webhook
//! (`pkg/virt-api/webhooks/validating-webhook/admitters/pod-eviction-admitter.go`).

use crate::explain::{Subject, Topic, explain};
use crate::kube::Vm;
use crate::kube::VmiKey;
use crate::kube::vmi::Vmi;
use crate::kube::vmi::effective_eviction_strategy;
use serde::{Deserialize, Serialize};

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
    let mut outcomes = Vec::new();
    for vmi in vmis {
        let on_node = vmi.status.node_name.as_deref() == Some(node)
            || vmi.status.active_pods.values().any(|n| n == node);
        if !on_node {
            continue;
        }
        let vm = vms.iter().find(|v| {
            v.metadata.name() == vmi.metadata.name()
                && v.metadata.namespace() == vmi.metadata.namespace()
        });
        outcomes.push(outcome(vmi, vm, cluster_default));
    }
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
    let restart = vm.and_then(Vm::run_strategy).map(|r| match r.as_str() {
        "Always" | "RerunOnFailure" => {
            format!(" With run strategy {r} it is started again on another node.")
        }
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
