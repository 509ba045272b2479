//! A launcher pod whose nodeSelector pins it to the source host's CPU model: a host-model
//! migration target (or a launcher that once was one), placed by the migration's controller.
//!
//! Only KubeVirt's migration controller puts the node labeller's migration label on a pod:
//! `prepareNodeSelectorForHostCpuModel` (`pkg/virt-controller/watch/migration/migration.go`)
//! gives the target pod of a VMI with `cpu.model: host-model` a selector on
//! `cpu-model-migration.node.kubevirt.io/<the source's host model>` (`v1.SupportedHostModelMigrationCPU`)
//! and on `cpu-feature.node.kubevirt.io/<each feature the host model requires>`, and copies
//! them from the source pod at every later migration ("migratedAtLeastOnce"); the node labeller
//! sets those labels on the nodes (`pkg/virt-handler/node-labeller/`), and
//! `alertIfHostModelIsUnschedulable` warns (`NoSuitableNodesForHostModelMigration`, "Migration
//! cannot proceed since no node is suitable to run the required CPU model / required
//! features") when no node but the source carries them all. A paste that shows such a selector
//! and no fault of its own shows the target's placement as the migration's controller set it:
//! the target pod stays Pending wherever no other node advertises the source's model and
//! features (a node of another CPU, a label the labeller renamed after an upgrade), the
//! migration's control plane, degraded. A node's own labels (the labeller sets the same keys on
//! every node) are not a selector and are not read; a paste that shows the pod scheduled or
//! running is left alone.

use crate::evidence::{Signal, SignalPlane};
use crate::scan;
use crate::verdict::{Health, Layer};

/// The label only the migration controller puts in a pod's selector (lower case).
const MIGRATION_LABEL: &str = "cpu-model-migration.node.kubevirt.io/";

/// The node labeller's CPU keys a target's selector carries (lower case).
const CPU_KEYS: &[&str] = &[MIGRATION_LABEL, "cpu-feature.node.kubevirt.io/"];

/// Where a pod's selector begins: YAML's key, describe's field (lower case).
const SELECTOR: &[&str] = &["nodeselector", "node-selectors:"];

/// Words showing the pod placed or running: then the selector is satisfied (lower case).
const PLACED: &[&str] = &["running", "nodename", "successfully assigned", "scheduled"];

/// Whether `line` is one entry of a selector: `key: value`, `key=value`, YAML or describe,
/// under a comment or quote marker.
fn is_entry(line: &str) -> bool {
    let t = line.trim_start_matches([' ', '\t', '#', '>', '-']).trim();
    !t.is_empty() && !t.ends_with(':') && (t.contains(": ") || t.contains('='))
}

/// The KubeVirt CPU entries of the selector whose field is the first line of `from`.
fn selector_entries(from: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut lines = scan::lines(from);
    // describe's `Node-Selectors:  key=value` holds its first entry on the field's own line.
    if let Some(head) = lines.next()
        && CPU_KEYS.iter().any(|k| scan::contains_ignore_case(head, k))
        && head.contains('=')
    {
        out.push(head.trim());
    }
    for l in lines {
        if !is_entry(l) {
            break;
        }
        if CPU_KEYS.iter().any(|k| scan::contains_ignore_case(l, k)) {
            out.push(l.trim());
        }
    }
    out
}

/// A signal for a pod pinned to a host-model migration's CPU labels, when the paste shows its
/// selector and nothing placed.
pub fn read(input: &str) -> Option<Signal> {
    // One scan each: the label, a selector, anything placed; nothing split before.
    if !scan::text_holds_ignore_case(input, MIGRATION_LABEL)
        || !SELECTOR
            .iter()
            .any(|s| scan::text_holds_ignore_case(input, s))
        || PLACED
            .iter()
            .any(|w| scan::text_holds_ignore_case(input, w))
    {
        return None;
    }
    for (at, start) in scan::line_starts_holding_ignore_case(input, SELECTOR) {
        let entries = selector_entries(&input[start..]);
        if !entries
            .iter()
            .any(|e| scan::contains_ignore_case(e, MIGRATION_LABEL))
        {
            continue;
        }
        let excerpt: String = entries
            .iter()
            .map(|e| e.trim_start_matches(['#', '>', ' ', '-']))
            .collect::<Vec<_>>()
            .join(", ")
            .chars()
            .take(240)
            .collect();
        return Some(Signal {
            signature: Some("host-model-target-selector".into()),
            layer: Some(Layer::Migration),
            plane: Some(SignalPlane::Control),
            health: Health::Degraded,
            title: "the launcher pod is pinned to the source host's CPU model and features (a \
                host-model migration's target)"
                .into(),
            cause: "KubeVirt's migration controller gives the target pod of a host-model VM a \
                node selector on the source host's CPU model (cpu-model-migration) and on each \
                feature it requires (cpu-feature), and carries them over at every later \
                migration; only nodes whose labeller advertises all of them can take the \
                target, so the target pod stays Pending and the migration cannot proceed when \
                no other node carries them (another CPU generation, a label renamed after an \
                upgrade)"
                .into(),
            next_steps: vec![
                "kubectl get nodes -L <each selector key> (which nodes advertise the source's model and features)".into(),
                "kubectl get events -n <ns> --field-selector reason=NoSuitableNodesForHostModelMigration".into(),
                "give the VM a CPU model every node supports (spec.domain.cpu.model), then restart it".into(),
            ],
            source: "KubeVirt pkg/virt-controller/watch/migration/migration.go \
                (prepareNodeSelectorForHostCpuModel, alertIfHostModelIsUnschedulable)"
                .into(),
            line: at + 1,
            from: "a pod's node selector".into(),
            excerpt,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_and_headers_are_told_apart() {
        assert!(is_entry("    cpu-feature.node.kubevirt.io/avx2: \"true\""));
        assert!(is_entry(
            "# cpu-model-migration.node.kubevirt.io/Skylake: \"true\""
        ));
        assert!(is_entry("                 kubevirt.io/schedulable=true"));
        assert!(!is_entry("labels:"));
        assert!(!is_entry("```"));
        assert!(!is_entry(""));
    }
}
