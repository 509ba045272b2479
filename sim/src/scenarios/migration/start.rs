//! A migration's start: the VMIM, the target pod and its scheduling (or why it is not scheduled).

use super::admit::in_flight;
use super::ending::{target_pod_down, target_pod_removed};
use super::transfer::running;
use super::{MIB, MigrationSpec, Outcome, current, set_phase};
use crate::kubevirt::{Migration, node_ip, vmim_condition};
use crate::scenarios::vms::new_pod;
use crate::world::{Key, World};

/// Starts a migration of a Running VM now. Returns the VMIM name, or None when the VM cannot
/// start one (not running, or already migrating).
///
/// A migration in flight is never replaced ([`in_flight`]: the webhook admits no second VMIM
/// beside it). The last migration's VMIM is written to the store as it ended before the new one
/// takes the VM's place: the store otherwise only sees the current one at the next flush, so a
/// migration that ended and was followed by another within one clock step kept the status of
/// the flush before (e.g. `Pending`) forever.
pub fn start(w: &mut World, k: &Key, spec: MigrationSpec) -> Option<String> {
    let vm = w.vms.get(k)?;
    if !vm.running() || in_flight(w, k).is_some() {
        return None;
    }
    let source_node = vm.node.clone()?;
    let source_pod = vm.pod.as_ref()?.name.clone();
    let memory = vm.memory_mib as f64 * MIB;
    let last = vm.vmim();
    let name = match (&spec.name, &spec.evacuation) {
        (Some(n), _) => n.clone(),
        (None, Some(_)) => format!("kubevirt-evacuation-{}", w.suffix(5)),
        (None, None) => format!("{}-migration-{}", k.1, w.suffix(5)),
    };
    let listed = |o: &serde_json::Value| {
        let name = o["metadata"]["name"].as_str().unwrap_or_default();
        w.store.get(&crate::store::VMIM, Some(&k.0), name).is_some()
    };
    if let Some(last) = last.filter(listed) {
        w.store.upsert(last);
    }
    let uid = w.uuid();
    let now = w.now;
    let allow_post_copy = matches!(spec.outcome, Outcome::PostCopy { .. });
    let m = Migration {
        name: name.clone(),
        uid: uid.clone(),
        created: now,
        phase: "Pending".into(),
        phase_times: vec![("Pending".into(), now)],
        source_node: source_node.clone(),
        source_pod,
        target_node: None,
        target_pod: None,
        target_address: None,
        on_vmi: false,
        start: None,
        end: None,
        mode: "PreCopy",
        mode_since: now,
        remaining_at_mode: memory,
        remaining_at_start: memory,
        completed: false,
        failed: false,
        abort_requested: false,
        abort_status: None,
        failure_reason: None,
        total_bytes: memory * 1.02,
        transfer_rate: spec.transfer_mib * MIB,
        dirty_rate: spec.dirty_mib * MIB,
        allow_post_copy,
        conditions: Vec::new(),
        evacuation: spec.evacuation.clone(),
        deleting: None,
        gone: false,
    };
    w.vm_mut(k)?.migration = Some(m);
    let candidates = w.schedulable_nodes(Some(&source_node));
    let target = spec.target_node.clone().or_else(|| {
        if candidates.is_empty() {
            None
        } else {
            let i = w.below(candidates.len());
            Some(candidates[i].clone())
        }
    });
    if spec.outcome == Outcome::QuotaRejected {
        w.after_vm(1.0, k, move |w, k| {
            if !current(w, k, &uid) {
                return;
            }
            let now = w.now;
            let pod_name = format!("virt-launcher-{}-{}", k.1, w.suffix(5));
            let msg = format!(
                "pods \"{pod_name}\" is forbidden: exceeded quota: {ns}-compute, requested: requests.memory=4556Mi, used: requests.memory=60Gi, limited: requests.memory=64Gi",
                ns = k.0
            );
            if let Some(m) = w.vm_mut(k).and_then(|v| v.migration.as_mut()) {
                m.conditions.push(vmim_condition("migrationRejectedByResourceQuota", "", &msg, now));
            }
            w.vmim_event(k, "Warning", "FailedCreate", &format!("Error creating pod: {msg}"));
        });
        return Some(name);
    }
    // No node fits: the target pod is still created, and stays unschedulable.
    let (target, spec) = match target {
        Some(t) => (t, spec),
        None => {
            let mut spec = spec;
            spec.outcome = Outcome::TargetUnschedulable;
            (String::new(), spec)
        }
    };
    w.after_vm(1.0, k, move |w, k| scheduling(w, k, uid, target, spec));
    Some(name)
}

pub(super) fn scheduling(w: &mut World, k: &Key, uid: String, target: String, spec: MigrationSpec) {
    if !current(w, k, &uid) {
        return;
    }
    let now = w.now;
    let mut pod = new_pod(w, &k.1, None, now);
    let mname = w.vms[k]
        .migration
        .as_ref()
        .map(|m| m.name.clone())
        .unwrap_or_default();
    pod.migration = Some((uid.clone(), mname));
    let unschedulable = spec.outcome == Outcome::TargetUnschedulable;
    if unschedulable {
        let n = w.nodes.len();
        let cp = w.nodes.values().filter(|n| n.control_plane).count();
        pod.unschedulable = Some(format!(
            concat!(
                "0/{n} nodes are available: 1 node(s) didn't match pod anti-affinity rules, ",
                "{cp} node(s) had untolerated taint {{node-role.kubernetes.io/control-plane: }}, ",
                "{} Insufficient memory. preemption: 0/{n} nodes are available: ",
                "1 No preemption victims found for incoming pod, ",
                "{} Preemption is not helpful for scheduling."
            ),
            n - cp - 1,
            n - 1,
            n = n,
            cp = cp,
        ));
    }
    let pod_name = pod.name.clone();
    let pod_uid = pod.uid.clone();
    if let Some(vm) = w.vm_mut(k) {
        vm.target_pod = Some(pod.clone());
    }
    set_phase(w, k, "Scheduling");
    w.vmim_event(
        k,
        "Normal",
        "SuccessfulCreate",
        &format!(
            "Created migration target pod {}/{pod_name} with uuid {pod_uid} for migration {uid}",
            k.0
        ),
    );
    if unschedulable {
        let on = crate::world::Involved {
            kind: "Pod",
            api_version: "v1",
            ns: k.0.clone(),
            name: pod_name,
            uid: pod_uid,
        };
        let msg = pod.unschedulable.clone().unwrap_or_default();
        w.event(
            &on,
            "Warning",
            "FailedScheduling",
            &msg,
            "default-scheduler",
            None,
        );
        unschedulable_target(w, k, uid, now);
        return;
    }
    w.after_vm(2.0, k, move |w, k| {
        if !current(w, k, &uid) {
            return;
        }
        let now = w.now;
        let ip = w.pod_ip(&target);
        if let Some(vm) = w.vm_mut(k) {
            if let Some(p) = vm.target_pod.as_mut() {
                p.node = Some(target.clone());
                p.phase = "Running".into();
                p.ip = Some(ip);
                p.started = Some(now + 1.0);
            }
            let tp = vm.target_pod.as_ref().map(|p| p.name.clone());
            if let Some(m) = vm.migration.as_mut() {
                m.target_node = Some(target.clone());
                m.target_pod = tp;
                m.on_vmi = true;
            }
        }
        set_phase(w, k, "Scheduled");
        w.after_vm(1.0, k, move |w, k| {
            if !current(w, k, &uid) {
                return;
            }
            set_phase(w, k, "PreparingTarget");
            if spec.outcome == Outcome::TargetPodDown {
                w.after_vm(1.0, k, move |w, k| {
                    if current(w, k, &uid) {
                        target_pod_down(w, k);
                    }
                });
                return;
            }
            w.vmi_event(
                k,
                "Normal",
                "PreparingTarget",
                "VirtualMachineInstance Migration Target Prepared.",
                "virt-handler",
            );
            w.after_vm(1.0, k, move |w, k| {
                if !current(w, k, &uid) {
                    return;
                }
                let addr = node_ip(&target);
                if let Some(m) = w.vm_mut(k).and_then(|v| v.migration.as_mut()) {
                    m.target_address = Some(addr.clone());
                }
                set_phase(w, k, "TargetReady");
                w.vmi_event(
                    k,
                    "Normal",
                    "PreparingTarget",
                    &format!("Migration Target is listening at {addr}, on ports: 38421"),
                    "virt-handler",
                );
                w.after_vm(1.0, k, move |w, k| running(w, k, uid, spec));
            });
        });
    });
}

/// KubeVirt `pkg/virt-controller/watch/migration/migration.go`, `handlePendingPodTimeout`: while
/// the target pod is unschedulable each sync records Warning `migrationTargetPodUnschedulable`;
/// after `defaultUnschedulablePendingTimeoutSeconds` (300 s) `deleteTimedOutTargetPod` deletes
/// it, and the next sync fails the migration (`target_pod_removed`).
fn unschedulable_target(w: &mut World, k: &Key, uid: String, since: f64) {
    if !current(w, k, &uid) {
        return;
    }
    let now = w.now;
    if now - since < 300.0 {
        let msg = format!(
            "Migration target pod for VMI [{}/{}] is currently unschedulable.",
            k.0, k.1
        );
        w.vmim_event(k, "Warning", "migrationTargetPodUnschedulable", &msg);
        let next = (300.0 - (now - since)).min(60.0);
        w.after_vm(next, k, move |w, k| unschedulable_target(w, k, uid, since));
        return;
    }
    let pod = w.vm_mut(k).and_then(|v| v.target_pod.take());
    if let Some(p) = pod {
        w.store.delete(&crate::store::POD, Some(&k.0), &p.name);
        let msg = format!(
            "unschedulable pod {}/{} timeout period exceeded",
            k.0, p.name
        );
        w.vmim_event(k, "Normal", "SuccessfulDelete", &msg);
    }
    w.after_vm(1.0, k, move |w, k| {
        if current(w, k, &uid) {
            target_pod_removed(w, k);
        }
    });
}
