//! How a migration ends: success (the source pod retires), a successful abort, a failure before
//! the start, an irrecoverable post-copy failure; and deleting the VMIM.

use super::{current, set_phase};
use crate::kubevirt::vmim_condition;
use crate::world::{Key, World};

/// Marks a pod finished and keeps it: KubeVirt keeps finished launcher pods (and lists them in
/// `activePods`) until the VMI is deleted or, from v1.9, until its migration is garbage-collected
/// (see `collect_finalized`).
pub(super) fn retire_pod(w: &mut World, k: &Key, pod: crate::kubevirt::Pod, phase: &str) {
    let now = w.now;
    let mut pod = pod;
    pod.phase = phase.to_string();
    pod.ended = Some(now);
    if let Some(vm) = w.vm_mut(k) {
        vm.old_pods.push(pod);
    }
}

pub(super) fn succeed(w: &mut World, k: &Key) {
    let now = w.now;
    let (source_pod, target) = {
        let Some(vm) = w.vm_mut(k) else { return };
        let Some(m) = vm.migration.as_mut() else {
            return;
        };
        m.end = Some(now);
        m.completed = true;
        let target = m.target_node.clone().unwrap_or_default();
        let new_pod = vm.target_pod.take();
        let old = std::mem::replace(&mut vm.pod, new_pod);
        vm.node = Some(target.clone());
        if let Some(p) = vm.pod.as_mut() {
            p.migration = None;
        }
        let new_ip = vm.pod.as_ref().and_then(|p| p.ip.clone());
        if let Some(i) = vm.ifaces.first_mut()
            && i.multus.is_none()
            && i.name.is_some()
        {
            let rest: Vec<String> = i.ips.iter().skip(1).cloned().collect();
            i.ips = new_ip.into_iter().chain(rest).collect();
        }
        if vm.paused.is_some_and(|p| p.0 == "PausedByMigrationMonitor") {
            vm.paused = None;
        }
        vm.evacuation_node = None;
        vm.eviction_requested_since = None;
        (old, target)
    };
    set_phase(w, k, "Succeeded");
    if let Some(p) = source_pod {
        retire_pod(w, k, p, "Succeeded");
    }
    w.vmim_event(
        k,
        "Normal",
        "SuccessfulMigration",
        "Source node reported migration succeeded",
    );
    w.vmi_event(
        k,
        "Normal",
        "Migrated",
        &format!("The VirtualMachineInstance migrated to node {target}."),
        "virt-handler",
    );
    delete_if_deleting(w, k);
}

/// A VMIM that was deleted (abort) disappears once final.
pub(super) fn delete_if_deleting(w: &mut World, k: &Key) {
    let Some(m) = w.vms[k].migration.as_ref() else {
        return;
    };
    if m.deleting.is_none() {
        return;
    }
    let name = m.name.clone();
    w.after_vm(2.0, k, move |w, k| {
        w.flush();
        w.store.delete(&crate::store::VMIM, Some(&k.0), &name);
        if let Some(vm) = w.vm_mut(k)
            && vm.migration.as_ref().is_some_and(|m| m.name == name)
        {
            // The VMIM is gone; the VMI keeps its migrationState.
            if let Some(m) = vm.migration.as_mut() {
                m.gone = true;
            }
        }
    });
}

/// The libvirt job ended aborted: `abortStatus: Succeeded`, `failed`, `completed` with
/// `reason`, the target pod Failed, the VMIM Failed, and the VMI Warning `Migrated` virt-handler
/// records (KubeVirt `pkg/virt-handler/migration-source.go`). Shared by user aborts and, through
/// the same path, the progress/completion timeouts.
fn end_aborted(w: &mut World, k: &Key, reason: &str) {
    let now = w.now;
    let (uid, target_pod) = {
        let Some(vm) = w.vm_mut(k) else { return };
        let tp = vm.target_pod.take();
        let Some(m) = vm.migration.as_mut() else {
            return;
        };
        m.abort_status = Some("Succeeded");
        m.completed = true;
        m.failed = true;
        m.end = Some(now);
        m.failure_reason = Some(reason.into());
        (m.uid.clone(), tp)
    };
    set_phase(w, k, "Failed");
    if let Some(p) = target_pod {
        retire_pod(w, k, p, "Failed");
    }
    w.vmi_event(
        k,
        "Warning",
        "Migrated",
        &format!("VirtualMachineInstance migration uid {uid} failed. reason:{reason}"),
        "virt-handler",
    );
}

/// A user abort that libvirt carried out. KubeVirt
/// `pkg/virt-launcher/virtwrap/live-migration-source.go`: up to v1.8 the libvirt error becomes
/// "Live migration failed <error>" (the error says "canceled by client"); v1.9
/// `setMigrationResult` rewrites it to "Live migration has been aborted".
pub(super) fn abort_succeeded(w: &mut World, k: &Key) {
    let reason = if w.kubevirt.at_least(9) {
        "Live migration has been aborted"
    } else {
        "Live migration failed operation aborted: migration out job: canceled by client"
    };
    end_aborted(w, k, reason);
    delete_if_deleting(w, k);
}

/// The migration monitor gave up: no progress for `progressTimeout` s (`progress`), or not
/// done after `completionTimeoutPerGiB` x size (`secs`). KubeVirt
/// `pkg/virt-launcher/virtwrap/live-migration-source.go`: up to v1.8 it aborts the job itself
/// with "Live migration stuck for %d seconds and has been aborted" / "Live migration is not
/// completed after %d seconds and has been aborted"; v1.9 calls `cancelMigration` like a user
/// abort, so the text is "Live migration has been aborted". Either way there is no
/// `abortRequested`, no `migrationAbortRequested` condition and no VMIM deletion: nobody asked.
pub(super) fn timed_out(w: &mut World, k: &Key, progress: bool, secs: u64) {
    let reason = if w.kubevirt.at_least(9) {
        "Live migration has been aborted".to_string()
    } else if progress {
        format!("Live migration stuck for {secs} seconds and has been aborted")
    } else {
        format!("Live migration is not completed after {secs} seconds and has been aborted")
    };
    end_aborted(w, k, &reason);
    // KubeVirt `pkg/virt-controller/watch/migration/migration.go`, `updateStatus`.
    w.vmim_event(
        k,
        "Warning",
        "FailedMigration",
        "source node reported migration failed",
    );
}

/// A user asked to abort (deleted the VMIM). KubeVirt
/// `pkg/virt-controller/watch/migration/migration.go`, `updateStatus`: the deletionTimestamp adds
/// VMIM condition `migrationAbortRequested` (True, no reason or message) and, once handed off,
/// `markMigrationAbortInVmiStatus` sets `abortRequested` with Normal `SuccessfulAbortMigration`.
/// `pkg/virt-handler/migration-source.go`, `setMigrationProgressStatus`: up to v1.8 the VMI shows
/// `abortStatus: Aborting` meanwhile; v1.9 copies the abort status only once the job failed.
pub(super) fn request_abort(w: &mut World, k: &Key) {
    let now = w.now;
    let show_aborting = !w.kubevirt.at_least(9);
    let mut handed_off = false;
    if let Some(m) = w.vm_mut(k).and_then(|v| v.migration.as_mut()) {
        m.deleting = Some(now);
        m.conditions
            .push(vmim_condition("migrationAbortRequested", "", "", now));
        if m.on_vmi {
            handed_off = true;
            m.abort_requested = true;
            if show_aborting && m.start.is_some() {
                m.abort_status = Some("Aborting");
            }
        }
    }
    if handed_off {
        w.vmim_event(
            k,
            "Normal",
            "SuccessfulAbortMigration",
            "Migration is ready to be canceled by virt-handler.",
        );
    }
}

/// A migration canceled before the handoff. KubeVirt `migration.go`,
/// `handlePreHandoffMigrationCancel`: the target pod is deleted ("migration canceled and pod
/// %s/%s is deleted"), and the VMIM fails "Migration failed due to being canceled".
pub(super) fn cancel_before_start(w: &mut World, k: &Key) {
    let target_pod = w.vm_mut(k).and_then(|v| v.target_pod.take());
    set_phase(w, k, "Failed");
    if let Some(p) = target_pod {
        w.store.delete(&crate::store::POD, Some(&k.0), &p.name);
        let msg = format!("migration canceled and pod {}/{} is deleted", k.0, p.name);
        w.vmim_event(k, "Normal", "SuccessfulDelete", &msg);
    }
    let msg = "Migration failed due to being canceled";
    w.vmim_event(k, "Warning", "FailedMigration", msg);
}

/// KubeVirt `migration.go`, `updateStatus`: the target was created (phase past Pending) and its
/// pod is gone, so `interruptMigration` fails the VMIM. No data moved; the VMI was never handed
/// off, so it shows no migrationState for this migration.
pub(super) fn target_pod_removed(w: &mut World, k: &Key) {
    set_phase(w, k, "Failed");
    let msg = "Migration target pod was removed during active migration.";
    w.vmim_event(k, "Warning", "FailedMigration", msg);
}

/// The target pod died while virt-handler prepared the target (before any data moved).
/// KubeVirt `migration.go`: `updateStatus` fails the VMIM "Migration failed because target pod
/// shutdown during migration", and `handleMarkMigrationFailedOnVMI` writes the VMI's
/// migrationState `failed`, `completed`, `endTimestamp` = now, `startTimestamp` = now (it was
/// unset) and `failureReason` "Target pod is down", with a Warning `FailedMigration` on the VMI.
pub(super) fn target_pod_down(w: &mut World, k: &Key) {
    let now = w.now;
    let (uid, pod) = {
        let Some(vm) = w.vm_mut(k) else { return };
        let pod = vm.target_pod.take();
        let Some(m) = vm.migration.as_mut() else {
            return;
        };
        m.start.get_or_insert(now);
        m.end = Some(now);
        m.failed = true;
        m.completed = true;
        m.failure_reason
            .get_or_insert_with(|| "Target pod is down".into());
        (m.uid.clone(), pod)
    };
    if let Some(p) = pod {
        retire_pod(w, k, p, "Failed");
    }
    set_phase(w, k, "Failed");
    let msg = "Migration failed because target pod shutdown during migration";
    w.vmim_event(k, "Warning", "FailedMigration", msg);
    w.vmi_event(
        k,
        "Warning",
        "FailedMigration",
        &format!("VirtualMachineInstance migration uid {uid} failed. reason: Target pod is down"),
        "virtualmachine-controller",
    );
}

pub(super) fn postcopy_failure(w: &mut World, k: &Key) {
    let now = w.now;
    let reason = "operation failed: job 'migration out' failed: Unable to write to socket: Connection reset by peer";
    let irrecoverable = "VMI is irrecoverable due to failed post-copy migration";
    let (uid, source, target) = {
        let Some(vm) = w.vm_mut(k) else { return };
        let tp = vm.target_pod.take();
        let sp = vm.pod.take();
        let Some(m) = vm.migration.as_mut() else {
            return;
        };
        m.completed = true;
        m.failed = true;
        m.end = Some(now);
        m.failure_reason = Some(reason.into());
        (m.uid.clone(), sp, tp)
    };
    // virt-handler: SyncFailed while the VMI is not final yet, then phase Failed.
    if let Some(vm) = w.vm_mut(k) {
        vm.sync_error = Some((
            "Synchronizing with the Domain failed.".into(),
            irrecoverable.into(),
            now,
        ));
    }
    w.vmi_event(k, "Warning", "SyncFailed", irrecoverable, "virt-handler");
    w.vmi_event(
        k,
        "Warning",
        "Migrated",
        &format!("VirtualMachineInstance migration uid {uid} failed. reason:{reason}"),
        "virt-handler",
    );
    if let Some(vm) = w.vm_mut(k) {
        vm.set_phase("Failed", now);
        vm.agent = crate::kubevirt::Agent::None;
        vm.paused = None;
    }
    w.vmi_event(
        k,
        "Warning",
        "Stopped",
        "The VirtualMachineInstance crashed.",
        "virt-handler",
    );
    set_phase(w, k, "Failed");
    w.vmim_event(
        k,
        "Warning",
        "FailedMigration",
        "source node reported migration failed",
    );
    for p in [source, target].into_iter().flatten() {
        let mut p = p;
        p.phase = "Failed".into();
        p.ended = Some(now);
        if let Some(vm) = w.vm_mut(k) {
            vm.old_pods.push(p);
        }
    }
}

/// Aborts the VM's current migration, as deleting its VMIM does: `abortRequested`, then
/// `abortStatus: Succeeded` and the VMIM disappears. Returns false when nothing is in flight.
pub fn abort(w: &mut World, k: &Key) -> bool {
    let in_flight = w
        .vms
        .get(k)
        .and_then(|v| v.migration.as_ref())
        .filter(|m| !matches!(m.phase.as_str(), "Succeeded" | "Failed"));
    let Some(uid) = in_flight.map(|m| m.uid.clone()) else {
        return false;
    };
    request_abort(w, k);
    w.after_vm(2.0, k, move |w, k| {
        if current(w, k, &uid) {
            let started = w.vms[k]
                .migration
                .as_ref()
                .is_some_and(|m| m.start.is_some());
            if started {
                abort_succeeded(w, k);
            } else {
                cancel_before_start(w, k);
                delete_if_deleting(w, k);
            }
        }
    });
    true
}
