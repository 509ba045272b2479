//! The one sentence for a VMI's phase in the case at hand, where the catalogue's entry
//! ([`super::catalogue`]) lists every case KubeVirt uses the phase for: the diagnosis shows the
//! case, the explain view the whole entry.
//!
//! The Failed cases, from KubeVirt: `pkg/virt-controller/watch/node/node.go` (virt-handler stopped
//! heartbeating and the launcher pod is gone: reason `NodeUnresponsive`),
//! `pkg/virt-handler/migration-source.go` (a migration that lost the VM),
//! `pkg/virt-handler/vm.go` (the domain crashed or shut off unexpectedly: a Warning `Stopped`
//! event; a failed post-copy migration: the domain is destroyed as irrecoverable),
//! `pkg/virt-controller/watch/vmi/vmi.go` (the launcher pod failed or vanished before the VMI was
//! handed to a node).

use crate::kube::Vmi;

/// Why this VMI is Failed, in one sentence. `crashed` is the message of a Warning `Stopped`
/// event about it, if any.
pub fn failed_case(vmi: &Vmi, crashed: Option<&str>) -> String {
    if vmi.status.reason.as_deref() == Some("NodeUnresponsive") {
        let node = vmi.status.node_name.as_deref().unwrap_or("its node");
        return format!(
            "virt-handler on {node} stopped heartbeating and the launcher pod is gone, so \
             virt-controller marked the VMI Failed (reason NodeUnresponsive): the guest is gone."
        );
    }
    let ms = vmi.status.migration_state.as_ref();
    let post_copy = ms
        .is_some_and(|m| m.failed == Some(true) && m.mode.as_deref() == Some("PostCopy"))
        || vmi
            .condition("Synchronized")
            .is_some_and(|c| c.message().contains("post-copy"));
    if post_copy {
        return "A post-copy migration failed after the guest had switched to the target: its \
                memory was split between the nodes, so virt-handler destroyed it."
            .to_string();
    }
    if ms.is_some_and(|m| m.completed == Some(true) && m.failed != Some(true)) {
        let to = ms
            .and_then(|m| m.target_node.as_deref())
            .unwrap_or("the target");
        return format!(
            "The migration to {to} completed but the domain was never seen running there, so \
             the VMI failed: the guest is lost."
        );
    }
    if ms.is_some_and(|m| m.failed == Some(true)) {
        let to = ms
            .and_then(|m| m.target_node.as_deref())
            .map(|t| format!(" to {t}"))
            .unwrap_or_default();
        return format!(
            "The VMI failed during its migration{to}: the guest was lost (its domain did not \
             come up on the target, or it ran on a host KubeVirt does not know)."
        );
    }
    if let Some(m) = crashed.map(str::trim).filter(|m| !m.is_empty()) {
        return format!("The guest's domain stopped unexpectedly (Warning Stopped: {m}).");
    }
    if vmi.status.node_name.as_deref().is_none_or(str::is_empty) {
        return "The VMI failed before it reached a node: its launcher pod failed or was \
                deleted before the guest started."
            .to_string();
    }
    let node = vmi.status.node_name.as_deref().unwrap_or_default();
    format!(
        "The guest on {node} stopped and will not run again in this VMI: its domain or its \
         launcher pod ended."
    )
}
