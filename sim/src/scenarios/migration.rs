//! Live migration as virt-controller and virt-handler drive it: the VMIM phases, the target pod,
//! `migrationState` on the VMI, pre-copy/post-copy/paused modes, aborts and failures, and the
//! events each step records (facts.md §3).

use super::new_pod;
use crate::kubevirt::{Migration, node_ip, vmim_condition};
use crate::world::{Key, World};

const MIB: f64 = 1024.0 * 1024.0;

/// How a migration ends.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Outcome {
    /// Pre-copy converges (transfer rate above dirty rate).
    Converge,
    /// Pre-copy does not converge; after `switch_after` s it switches to PostCopy, then
    /// succeeds or (with `fail`) fails irrecoverably.
    PostCopy { switch_after: f64, fail: bool },
    /// Pre-copy does not converge; after `switch_after` s the guest is paused (mode Paused).
    PausedMode { switch_after: f64 },
    /// An abort is requested `after` s into the transfer; it succeeds or fails.
    Abort { after: f64, succeeds: bool },
    /// The target pod stays unschedulable until the controller gives up.
    TargetUnschedulable,
    /// Creating the target pod is rejected by a ResourceQuota; stays Pending.
    QuotaRejected,
}

/// A migration to run.
#[derive(Debug, Clone, PartialEq)]
pub struct MigrationSpec {
    pub outcome: Outcome,
    /// Memory transfer rate, MiB/s.
    pub transfer_mib: f64,
    /// Guest dirty rate, MiB/s.
    pub dirty_mib: f64,
    /// The node being evacuated, for evacuation migrations.
    pub evacuation: Option<String>,
    pub target_node: Option<String>,
}

impl MigrationSpec {
    pub fn new(outcome: Outcome, transfer_mib: f64, dirty_mib: f64) -> MigrationSpec {
        MigrationSpec {
            outcome,
            transfer_mib,
            dirty_mib,
            evacuation: None,
            target_node: None,
        }
    }

    /// Parses the names the HTTP control API accepts.
    pub fn named(name: &str) -> Option<MigrationSpec> {
        let s = match name {
            "converge" | "precopy" => MigrationSpec::new(Outcome::Converge, 120.0, 30.0),
            "postcopy" => MigrationSpec::new(
                Outcome::PostCopy {
                    switch_after: 4.0,
                    fail: false,
                },
                400.0,
                600.0,
            ),
            "precopy-to-postcopy" => MigrationSpec::new(
                Outcome::PostCopy {
                    switch_after: 25.0,
                    fail: false,
                },
                300.0,
                450.0,
            ),
            "postcopy-failure" => MigrationSpec::new(
                Outcome::PostCopy {
                    switch_after: 15.0,
                    fail: true,
                },
                250.0,
                400.0,
            ),
            "paused-mode" => {
                MigrationSpec::new(Outcome::PausedMode { switch_after: 20.0 }, 150.0, 260.0)
            }
            "abort" => MigrationSpec::new(
                Outcome::Abort {
                    after: 15.0,
                    succeeds: true,
                },
                60.0,
                20.0,
            ),
            "abort-fails" => MigrationSpec::new(
                Outcome::Abort {
                    after: 12.0,
                    succeeds: false,
                },
                90.0,
                20.0,
            ),
            "target-unschedulable" => MigrationSpec::new(Outcome::TargetUnschedulable, 100.0, 10.0),
            "quota" => MigrationSpec::new(Outcome::QuotaRejected, 100.0, 10.0),
            "long" => MigrationSpec::new(Outcome::Converge, 55.0, 8.0),
            _ => return None,
        };
        Some(s)
    }
}

/// The names [`MigrationSpec::named`] accepts.
pub const NAMED: &[&str] = &[
    "converge",
    "postcopy",
    "precopy-to-postcopy",
    "postcopy-failure",
    "paused-mode",
    "abort",
    "abort-fails",
    "target-unschedulable",
    "quota",
    "long",
];

/// Starts `spec` after `first` seconds, and again `every` seconds after each one ends.
pub fn start_repeating(w: &mut World, k: &Key, spec: MigrationSpec, first: f64, every: f64) {
    w.after_vm(first, k, move |w, k| {
        start(w, k, spec.clone());
        watch_and_repeat(w, k, spec, every);
    });
}

fn watch_and_repeat(w: &mut World, k: &Key, spec: MigrationSpec, every: f64) {
    w.after_vm(5.0, k, move |w, k| {
        let vm = &w.vms[k];
        let done = vm
            .migration
            .as_ref()
            .is_none_or(|m| matches!(m.phase.as_str(), "Succeeded" | "Failed"));
        if !vm.running() {
            return;
        }
        if done {
            w.after_vm(every, k, move |w, k| {
                if w.vms[k].running()
                    && w.vms[k]
                        .migration
                        .as_ref()
                        .is_none_or(|m| matches!(m.phase.as_str(), "Succeeded" | "Failed"))
                {
                    start(w, k, spec.clone());
                }
                watch_and_repeat(w, k, spec, every);
            });
        } else {
            watch_and_repeat(w, k, spec, every);
        }
    });
}

fn set_phase(w: &mut World, k: &Key, phase: &str) {
    let now = w.now;
    if let Some(m) = w.vm_mut(k).and_then(|v| v.migration.as_mut())
        && m.phase != phase
    {
        m.phase = phase.to_string();
        m.phase_times.push((phase.to_string(), now));
    }
}

/// Whether the migration with `uid` is still the VM's current one and not final.
fn current(w: &World, k: &Key, uid: &str) -> bool {
    w.vms
        .get(k)
        .and_then(|v| v.migration.as_ref())
        .is_some_and(|m| m.uid == uid && !matches!(m.phase.as_str(), "Succeeded" | "Failed"))
}

/// Starts a migration of a Running VM now. Returns the VMIM name, or None when the VM cannot
/// start one (not running, or already migrating).
pub fn start(w: &mut World, k: &Key, spec: MigrationSpec) -> Option<String> {
    let vm = w.vms.get(k)?;
    if !vm.running()
        || vm
            .migration
            .as_ref()
            .is_some_and(|m| !matches!(m.phase.as_str(), "Succeeded" | "Failed"))
    {
        return None;
    }
    let source_node = vm.node.clone()?;
    let source_pod = vm.pod.as_ref()?.name.clone();
    let memory = vm.memory_mib as f64 * MIB;
    let name = match &spec.evacuation {
        Some(_) => format!("kubevirt-evacuation-{}", w.suffix(5)),
        None => format!("{}-migration-{}", k.1, w.suffix(5)),
    };
    let uid = w.uuid();
    let now = w.now;
    // Retire the previous migration object (keep the last five finished ones, as KubeVirt's GC).
    if let Some(prev) = w.vms[k].migration.as_ref().map(|m| m.name.clone()) {
        let list = w.finished_migrations.entry(k.clone()).or_default();
        list.push_back(prev);
        while list.len() > 5 {
            if let Some(old) = list.pop_front() {
                w.store.delete(&crate::store::VMIM, Some(&k.0), &old);
            }
        }
    }
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
    let Some(target) = target else {
        w.after_vm(1.0, k, move |w, k| {
            if current(w, k, &uid) {
                fail_before_start(
                    w,
                    k,
                    "Migration target pod for VMI is currently unschedulable.",
                );
            }
        });
        return Some(name);
    };
    w.after_vm(1.0, k, move |w, k| scheduling(w, k, uid, target, spec));
    Some(name)
}

fn scheduling(w: &mut World, k: &Key, uid: String, target: String, spec: MigrationSpec) {
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
            "0/{n} nodes are available: 1 node(s) didn't match pod anti-affinity rules, {cp} node(s) had untolerated taint {{node-role.kubernetes.io/control-plane: }}, {} Insufficient memory. preemption: 0/{n} nodes are available: 1 No preemption victims found for incoming pod, {} Preemption is not helpful for scheduling.",
            n - cp - 1,
            n - 1
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
        w.after_vm(300.0, k, move |w, k| {
            if current(w, k, &uid) {
                let msg = format!(
                    "Migration target pod for VMI [{}/{}] is currently unschedulable.",
                    k.0, k.1
                );
                w.vmim_event(k, "Warning", "migrationTargetPodUnschedulable", &msg);
                fail_before_start(w, k, &msg);
            }
        });
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

fn running(w: &mut World, k: &Key, uid: String, spec: MigrationSpec) {
    if !current(w, k, &uid) {
        return;
    }
    let now = w.now;
    let (remaining, net) = {
        let Some(m) = w.vm_mut(k).and_then(|v| v.migration.as_mut()) else {
            return;
        };
        m.start = Some(now);
        m.mode_since = now;
        (m.remaining_at_mode, m.transfer_rate - m.dirty_rate)
    };
    set_phase(w, k, "Running");
    w.vmi_event(
        k,
        "Normal",
        "Migrating",
        "VirtualMachineInstance is migrating.",
        "virt-handler",
    );
    match spec.outcome {
        Outcome::Converge => {
            let d = if net > 0.0 { remaining / net } else { 60.0 };
            w.after_vm(d, k, move |w, k| {
                if current(w, k, &uid) {
                    succeed(w, k);
                }
            });
        }
        Outcome::PostCopy { switch_after, fail } => {
            w.after_vm(switch_after, k, move |w, k| {
                if !current(w, k, &uid) {
                    return;
                }
                let now = w.now;
                let rest = {
                    let Some(m) = w.vm_mut(k).and_then(|v| v.migration.as_mut()) else {
                        return;
                    };
                    let r = m.remaining(now);
                    m.mode = "PostCopy";
                    m.mode_since = now;
                    m.remaining_at_mode = r;
                    r / m.transfer_rate
                };
                if fail {
                    w.after_vm(rest * 0.5, k, move |w, k| {
                        if current(w, k, &uid) {
                            postcopy_failure(w, k);
                        }
                    });
                } else {
                    w.after_vm(rest, k, move |w, k| {
                        if current(w, k, &uid) {
                            succeed(w, k);
                        }
                    });
                }
            });
        }
        Outcome::PausedMode { switch_after } => {
            w.after_vm(switch_after, k, move |w, k| {
                if !current(w, k, &uid) {
                    return;
                }
                let now = w.now;
                let rest = {
                    let Some(m) = w.vm_mut(k).and_then(|v| v.migration.as_mut()) else {
                        return;
                    };
                    let r = m.remaining(now);
                    m.mode = "Paused";
                    m.mode_since = now;
                    m.remaining_at_mode = r;
                    r / m.transfer_rate
                };
                super::pause(w, k, "PausedByMigrationMonitor");
                w.after_vm(rest, k, move |w, k| {
                    if current(w, k, &uid) {
                        succeed(w, k);
                    }
                });
            });
        }
        Outcome::Abort { after, succeeds } => {
            w.after_vm(after, k, move |w, k| {
                if !current(w, k, &uid) {
                    return;
                }
                let now = w.now;
                if let Some(m) = w.vm_mut(k).and_then(|v| v.migration.as_mut()) {
                    m.abort_requested = true;
                    m.abort_status = Some("Aborting");
                    m.deleting = Some(now);
                    m.conditions.push(vmim_condition("migrationAbortRequested", "", "Migration abort requested", now));
                }
                w.after_vm(3.0, k, move |w, k| {
                    if !current(w, k, &uid) {
                        return;
                    }
                    if succeeds {
                        abort_succeeded(w, k);
                    } else {
                        let now = w.now;
                        let rest = {
                            let Some(m) = w.vm_mut(k).and_then(|v| v.migration.as_mut()) else { return };
                            m.abort_status = Some("Failed");
                            m.remaining(now) / (m.transfer_rate - m.dirty_rate).max(1.0)
                        };
                        w.vmim_event(k, "Warning", "FailedAbortMigration", "Failed to abort live migration: operation failed: migration out job: is not active");
                        w.after_vm(rest.min(120.0), k, move |w, k| {
                            if current(w, k, &uid) {
                                succeed(w, k);
                            }
                        });
                    }
                });
            });
        }
        Outcome::TargetUnschedulable | Outcome::QuotaRejected => {}
    }
}

/// Removes a pod object now, or marks it finished and deletes it later.
fn retire_pod(w: &mut World, k: &Key, pod: crate::kubevirt::Pod, phase: &str, keep_for: f64) {
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

fn succeed(w: &mut World, k: &Key) {
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
fn delete_if_deleting(w: &mut World, k: &Key) {
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

fn abort_succeeded(w: &mut World, k: &Key) {
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

fn fail_before_start(w: &mut World, k: &Key, message: &str) {
    let target_pod = w.vm_mut(k).and_then(|v| v.target_pod.take());
    set_phase(w, k, "Failed");
    if let Some(p) = target_pod {
        w.store.delete(&crate::store::POD, Some(&k.0), &p.name);
    }
    w.vmim_event(k, "Warning", "FailedMigration", message);
}

fn postcopy_failure(w: &mut World, k: &Key) {
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
