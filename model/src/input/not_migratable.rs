//! A VMI that cannot live-migrate, pasted while it runs and is Ready, with nothing asking it to
//! move. virt-handler sets the `LiveMigratable` condition on every running VMI
//! (`pkg/virt-handler/vm.go`, calculateLiveMigrationCondition: False with
//! `DisksNotLiveMigratable`, `InterfaceNotLiveMigratable` … and "cannot migrate VMI: …"), so
//! a VM on ReadWriteOnce storage or a bridge binding shows it all its life. It refuses
//! something only when a migration or an eviction is asked for: the migration-create webhook
//! refuses a VirtualMachineInstanceMigration (`pkg/virt-api/webhooks/validating-webhook/
//! admitters/migration-create-admitter.go`), the pod-eviction webhook a drain's eviction of the
//! launcher ("VMI %s is configured with an eviction strategy but is not live-migratable",
//! `pod-eviction-admitter.go`), and the evacuation controller has nothing to migrate
//! (`status.evacuationNodeName`). So the condition's lines, beside the VMI's own `Ready`
//! condition True and with no migration, drain, eviction or evacuation in the paste, state a
//! property of the VM: their signals become noise. With any of those in the paste they keep
//! their reading (the migration's control plane), and so does a condition pasted alone.

use super::read::ReadPaste;
use crate::evidence::Signal;
use crate::scan;
use crate::verdict::Layer;

/// The words of a migration, a drain, an eviction or an evacuation being asked for (lower
/// case), and of the refusals that answer one: any of them keeps the condition's reading.
const ASKED: &[&str] = &[
    "drain",
    "evict",
    "evacuat",
    "virtctl migrate",
    "virtualmachineinstancemigration",
    "vmim",
    "migrationstate",
    "migration state",
    "migrationuid",
    "migrating",
    "migrated",
    "migration-create",
    "migration failed",
    "failedmigration",
    "admission webhook",
    "denied",
    "migrationjob",
];

/// Makes the `LiveMigratable` condition's signals noise on a Ready VMI nobody asks to move.
pub fn settle(out: &mut ReadPaste, input: &str) {
    if !out.signals.iter().any(is_capability) {
        return;
    }
    if !scan::text_holds_ignore_case(input, "livemigratable") || !ready_true(input) {
        return;
    }
    if ASKED.iter().any(|w| scan::text_holds_ignore_case(input, w)) {
        return;
    }
    for s in out.signals.iter_mut().filter(|s| is_capability(s)) {
        s.reread_as_noise(
"not-migratable-ready",
"the VMI cannot live-migrate, which nothing here asks of it (not a fault)",
"the VMI's LiveMigratable condition is False (its disks are not shared, or \
            its interface or devices do not allow it) while the VMI is Ready: a property of the \
            VM that refuses only a migration or a drain's eviction, and the paste shows neither \
            being asked for",
vec![
            "kubectl get vmi <vmi> -n <namespace> -o jsonpath='{.spec.evictionStrategy}' (with LiveMigrate a drain of its node would block)".into(),
        ],
);
    }
}

/// A signal of the condition's own lines: the migration layer's, on a line naming a
/// `…NotLiveMigratable` reason or KubeVirt's "cannot migrate VMI" message.
fn is_capability(s: &Signal) -> bool {
    s.layer == Some(Layer::Migration)
        && (s.excerpt.contains("NotLiveMigratable") || s.excerpt.contains("cannot migrate VMI"))
}

/// Whether the paste holds a `Ready` condition whose status is True (YAML, JSON or
/// describe): a `type: Ready` line with a `status: True` line among its condition's lines.
fn ready_true(input: &str) -> bool {
    let lines: Vec<&str> = input.lines().collect();
    for i in scan::lines_holding_ignore_case(input, &["ready"]) {
        if field(lines[i], "type") != Some("Ready") {
            continue;
        }
        // The condition's other lines: up to four either side, not past another condition's
        // type.
        let near = |range: &mut dyn Iterator<Item = usize>| {
            for j in range {
                let Some(l) = lines.get(j) else { break };
                if field(l, "type").is_some() {
                    break;
                }
                if let Some(v) = field(l, "status") {
                    return v == "True";
                }
            }
            false
        };
        if near(&mut (i + 1..i + 5)) || near(&mut (i.saturating_sub(4)..i).rev()) {
            return true;
        }
    }
    false
}

/// The value of a `key: value` / `"key": "value"` / describe `Key: value` line whose key is
/// `key` (any case), quotes and a list item's dash taken off.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let l = line.trim().trim_start_matches("- ").trim_start();
    let (k, v) = l.split_once(':')?;
    let k = k.trim().trim_matches('"');
    if !k.eq_ignore_ascii_case(key) {
        return None;
    }
    Some(
        v.trim()
            .trim_end_matches(',')
            .trim()
            .trim_matches('"')
            .trim_matches('\''),
    )
}
