//! What to do about a finding: the actions that fix its cause (commands in backticks, or the
//! configuration change to make), distinct from its next steps (what to inspect). Chosen by the
//! finding's cause, one table per layer, written from KubeVirt's own material: the runbooks'
//! "Mitigation" sections (kubevirt/monitoring `docs/runbooks/*.md`), the user guide, and
//! KubeVirt's source for what an action does; each table cites its files.
//!
//! * [`for_value`]: by the catalogue value a finding rests on (a phase, a reason, an event
//!   reason), for the rules that explain a value.
//! * [`control_plane`], [`node`], [`guest`], [`network`], [`migration`]: the layer's own causes
//!   (hand-made findings call them by name) and its table of values.
//! * [`alerts`]: by the alert's name; [`signals`]: by the message signature's id or family.
//! * [`fallback`]: the layer's general remedy for a finding no table knows; [`settle`] gives it
//!   to every broken or degraded finding still without one, and clears a healthy one's.

pub mod alerts;
pub mod control_plane;
pub mod guest;
pub mod longhorn;
pub mod migration;
pub mod network;
pub mod node;
pub mod platform;
pub mod signals;
pub mod third_party;

use crate::explain::{Subject, Topic, render_command};
use crate::verdict::{Finding, Health, Layer};

/// One value's remedy: command templates with the catalogue's placeholders (`{ns}`, `{name}`,
/// `{node}`, `{pod}`, `{migration}`, `{uid}`).
pub struct ByValue {
    pub topic: Topic,
    pub value: &'static str,
    pub actions: &'static [&'static str],
}

/// Every table of values, in lookup order.
fn tables() -> impl Iterator<Item = &'static ByValue> {
    control_plane::BY_VALUE
        .iter()
        .chain(node::BY_VALUE)
        .chain(guest::BY_VALUE)
        .chain(network::BY_VALUE)
        .chain(migration::BY_VALUE)
}

/// Fills the placeholders of each action for `s`.
pub fn render(actions: &[&str], s: &Subject) -> Vec<String> {
    actions.iter().map(|a| render_command(a, s)).collect()
}

/// The remedy for a catalogue value (an event reason falls back to the reason of that name, as
/// in [`crate::explain::explain`]); empty when no table has it.
pub fn for_value(topic: Topic, value: &str, s: &Subject) -> Vec<String> {
    let value = value.trim();
    let find = |t: Topic| tables().find(|b| b.topic == t && b.value == value);
    let hit = find(topic).or_else(|| {
        (topic == Topic::EventReason)
            .then(|| find(Topic::Reason))
            .flatten()
    });
    if let Some(b) = hit {
        return render(b.actions, s);
    }
    // The free-text `AgentVersionNotSupported` reasons (`crate::explain`'s agent reasons).
    if topic == Topic::Reason && value.contains("guest agent") {
        return render(guest::AGENT, s);
    }
    Vec::new()
}

/// The layer's general remedy, for a broken or degraded finding no table knows.
pub fn fallback(layer: Layer) -> Vec<String> {
    let text: &[&str] = match layer {
        // `docs/runbooks/VirtControllerDown.md`, `VirtAPIDown.md`: the KubeVirt components
        // recover once their pods run; virt-operator redeploys what it owns.
        Layer::ControlPlane => &[
            "Fix what the cited condition or message names, then let virt-controller retry: it \
             reconciles the VMI again on its own. If a KubeVirt component is down, delete its \
             crashing pod so its Deployment recreates it: `kubectl delete pod <pod> -n kubevirt`.",
        ],
        // `docs/runbooks/VirtualMachineStuckOnNode.md` "Pod-Level Issues".
        Layer::Node => &[
            "Fix the node or pod problem the evidence names; if the launcher pod is stuck, delete \
             it (`kubectl delete pod <virt-launcher pod> -n <namespace>`) so the VM controller \
             starts a new one (run strategy Always or RerunOnFailure), or restart the VM \
             (`virtctl restart <vm> -n <namespace>`).",
        ],
        // `docs/runbooks/VMNonRecoverableOSPanic.md` "Mitigation".
        Layer::Guest => &[
            "Fix the guest from its console (`virtctl console <vm> -n <namespace>`); if it \
             cannot recover, restart the VM (`virtctl restart <vm> -n <namespace>`).",
        ],
        // `docs/runbooks/NodeNetworkInterfaceDown.md`, `KubemacpoolMACCollisionDetected.md`.
        Layer::Network => &[
            "Fix the network the interface is attached to (its NetworkAttachmentDefinition and \
             the node's interface), then restart the VM (`virtctl restart <vm> -n <namespace>`) \
             so the interfaces are plugged again.",
        ],
        // `docs/runbooks/VMCannotBeEvicted.md` "Mitigation".
        Layer::Migration => &["Resolve what prevents the migration, then migrate again \
             (`virtctl migrate <vm> -n <namespace>`); for a VM that cannot migrate, set its \
             `evictionStrategy` to `None` or shut it down before the node is drained."],
    };
    text.iter().map(|s| s.to_string()).collect()
}

/// Settles the remedies of a set of findings: a healthy finding needs none (a VMI starting on
/// time has nothing to fix), and every broken or degraded one still without a remedy gets its
/// layer's fallback.
pub fn settle(findings: &mut [Finding]) {
    for f in findings {
        match f.health {
            Health::Healthy => f.remedy.clear(),
            Health::Broken | Health::Degraded if f.remedy.is_empty() => {
                f.remedy = fallback(f.layer)
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::Severity;

    fn subject() -> Subject {
        Subject {
            namespace: "prod".into(),
            name: "web".into(),
            node: Some("n1".into()),
            ..Default::default()
        }
    }

    #[test]
    fn a_value_gets_its_remedy_with_the_subject_filled_in() {
        let r = for_value(Topic::Reason, "NodeUnresponsive", &subject());
        assert_eq!(r.len(), 1);
        assert!(r[0].contains("virt-handler on n1"), "{r:?}");
        assert!(r[0].contains("`virtctl restart web -n prod`"), "{r:?}");
        // An event reason falls back to the condition reason of that name.
        assert_eq!(
            for_value(Topic::EventReason, "PausedIOError", &subject()),
            for_value(Topic::Reason, "PausedIOError", &subject())
        );
        assert!(for_value(Topic::Reason, "NoSuchReason", &subject()).is_empty());
    }

    #[test]
    fn settle_clears_healthy_and_fills_broken_findings() {
        let mut fs = vec![
            Finding::new(Layer::Node, Health::Healthy, Severity::Info, "ok")
                .remedy(vec!["x".into()]),
            Finding::new(Layer::Guest, Health::Broken, Severity::Error, "bad"),
            Finding::new(Layer::Network, Health::Unknown, Severity::Info, "?"),
            Finding::new(
                Layer::Migration,
                Health::Degraded,
                Severity::Warning,
                "slow",
            )
            .remedy(vec!["own".into()]),
        ];
        settle(&mut fs);
        assert!(fs[0].remedy.is_empty());
        assert_eq!(fs[1].remedy, fallback(Layer::Guest));
        assert!(fs[2].remedy.is_empty());
        assert_eq!(fs[3].remedy, vec!["own".to_string()]);
    }
}
