//! How a migration ends: success (the source pod retires), a successful abort, a failure before
//! the start, an irrecoverable post-copy failure; and deleting the VMIM.

use super::{current, set_phase};
use crate::kubevirt::vmim_condition;
use crate::world::{Key, World};

/// Removes a pod object now, or marks it finished and deletes it later.
pub(super) fn retire_pod(
    w: &mut World,
    k: &Key,
    pod: crate::kubevirt::Pod,
    phase: &str,
    keep_for: f64,
) {
    let now = w.now;
    let mut pod = pod;
    pod.phase = phase.to_string();
    pod.ended = Some(now);
    let name = pod.name.clone();
    if let Some(vm) = w.vm_mut(k) {
        vm.old_pods.push(pod);
    }
    w.after_vm(keep_for, k, move |w, k| {
        if let Some(vm) = w.vm_mut(k) {
            vm.old_pods.retain(|p| p.name != name);
        }
        w.store.delete(&crate::store::POD, Some(&k.0), &name);
    });
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
        retire_pod(w, k, p, "Succeeded", 45.0);
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

pub(super) fn abort_succeeded(w: &mut World, k: &Key) {
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
        m.failure_reason = Some("Live migration has been aborted".into());
        (m.uid.clone(), tp)
    };
    set_phase(w, k, "Failed");
    if let Some(p) = target_pod {
        retire_pod(w, k, p, "Failed", 10.0);
    }
    w.vmim_event(
        k,
        "Normal",
        "SuccessfulAbortMigration",
        "Live migration has been aborted",
    );
    w.vmi_event(k, "Warning", "Migrated", &format!("VirtualMachineInstance migration uid {uid} failed. reason:Live migration has been aborted"), "virt-handler");
    delete_if_deleting(w, k);
}

pub(super) fn fail_before_start(w: &mut World, k: &Key, message: &str) {
    let target_pod = w.vm_mut(k).and_then(|v| v.target_pod.take());
    set_phase(w, k, "Failed");
    if let Some(p) = target_pod {
        w.store.delete(&crate::store::POD, Some(&k.0), &p.name);
    }
    w.vmim_event(k, "Warning", "FailedMigration", message);
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
    let now = w.now;
    if let Some(m) = w.vm_mut(k).and_then(|v| v.migration.as_mut()) {
        m.abort_requested = true;
        m.abort_status = Some("Aborting");
        m.deleting = Some(now);
        m.conditions.push(vmim_condition(
            "migrationAbortRequested",
            "",
            "Migration abort requested",
            now,
        ));
    }
    w.after_vm(2.0, k, move |w, k| {
        if current(w, k, &uid) {
            let started = w.vms[k]
                .migration
                .as_ref()
                .is_some_and(|m| m.start.is_some());
            if started {
                abort_succeeded(w, k);
            } else {
                fail_before_start(w, k, "Migration failed due to being canceled");
                delete_if_deleting(w, k);
            }
        }
    });
    true
}
