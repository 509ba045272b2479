//! A paste that ends inside Harvester's pre-drain wait. Harvester's node upgrade
//! (harvester/harvester `package/upgrade/upgrade_node.sh`, `wait_vms_out` and
//! `wait_vms_out_or_shutdown`) counts the VMIs still on the node it upgrades
//! (`kubectl get vmi -A -l kubevirt.io/nodeName=<node>`) and, until none is left, prints
//! "Waiting for VM live-migration or shutdown...(N left)" (older: "(count: N)") every five
//! seconds; newer versions print "all VMs on node <node> have been live-migrated or shutdown"
//! once done, and after 240 rounds "WARNING: fail to live-migrate N VM(s). Shutting down
//! them...". The node is drained by KubeVirt's evacuation (its VMIs live-migrated away by the
//! migrations virt-controller's drain controller creates), so a paste whose last line of
//! output is still that wait (only the loop's own `set -x` trace after it) shows VMIs that were
//! never migrated off the node: the migration's, before any data moved (pending or refused
//! migrations, nowhere to go). It weighs least: read only when nothing else in the paste blames
//! a layer (`pipeline`), and degraded.

use crate::evidence::{Signal, SignalPlane};
use crate::verdict::{Health, Layer};

/// The wait's line (compared case-insensitively).
const WAIT: &str = "waiting for vm live-migration or shutdown";

/// A line without a log viewer's box border (k9s draws `│` on both sides; a cut border shows
/// as a replacement character).
fn unboxed(line: &str) -> &str {
    line.trim_matches(|c: char| c == '│' || c == '|' || c == '\u{FFFD}' || c.is_whitespace())
}

/// Whether the line is the script's own trace (`set -x` prints `+ command`) or says nothing.
fn trace_or_blank(line: &str) -> bool {
    line.is_empty() || line.starts_with('+') || line.starts_with("```")
}

/// A signal for the pre-drain wait the paste ends in, when it ends in one.
pub fn read(input: &str) -> Option<Signal> {
    let lines: Vec<&str> = input.lines().collect();
    let at = lines
        .iter()
        .rposition(|l| unboxed(l).to_ascii_lowercase().contains(WAIT))?;
    if !lines[at + 1..].iter().all(|l| trace_or_blank(unboxed(l))) {
        return None;
    }
    Some(Signal {
        signature: Some("harvester-pre-drain-wait".into()),
        layer: Some(Layer::Migration),
        plane: Some(SignalPlane::Control),
        health: Health::Degraded,
        title: "the node's upgrade still waits for its VMs to be live-migrated away".into(),
        cause: "Harvester's upgrade drains each node before upgrading it and waits until no VMI \
            is left on it, each live-migrated away by the evacuation (or shut down); the paste \
            stops inside that wait, so VMIs stay on the node: their migrations are not created, \
            stay pending or fail (no other node can take them, a migration policy or the VM's \
            own settings refuse it)"
            .into(),
        next_steps: vec![
            "kubectl get vmi -A -l kubevirt.io/nodeName=<node> (the VMIs still on the node)".into(),
            "kubectl get vmim -A (their migrations' phases) and kubectl describe vmi <name> (the LiveMigratable condition)".into(),
        ],
        source: "harvester/harvester package/upgrade/upgrade_node.sh (wait_vms_out, \
            wait_vms_out_or_shutdown)"
            .into(),
        line: at + 1,
        from: "Harvester's upgrade log".into(),
        excerpt: unboxed(lines[at]).chars().take(160).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_wait_the_paste_ends_in_is_read() {
        let open = "+ echo 'Waiting for VM live-migration or shutdown...(1 left)'\nWaiting for VM live-migration or shutdown...(1 left)\n+ sleep 5\n";
        assert_eq!(read(open).unwrap().line, 2);
        let done = "Waiting for VM live-migration or shutdown...(count: 1)\nall VMs on node n1 have been live-migrated or shutdown\n";
        assert!(read(done).is_none());
    }
}
