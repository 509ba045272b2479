//! Live migration as virt-controller and virt-handler drive it: the VMIM phases, the target pod,
//! `migrationState` on the VMI, pre-copy/post-copy/paused modes, aborts and failures, and the
//! events each step records (`pkg/virt-controller/watch/migration/migration.go`,
//! `pkg/virt-handler/migration-source.go`).
//!
//! * this module: what a migration is asked to do ([`MigrationSpec`], [`Outcome`]) and repeats.
//! * [`start`]: the VMIM and its target pod until the target is scheduled and running.
//! * [`transfer`]: the memory transfer (pre-copy, post-copy, paused mode) and its outcome.
//! * [`ending`]: success, abort, failure, and the retired pods.

pub mod admit;
mod ending;
mod start;
mod transfer;

pub use ending::abort;
pub use start::start;

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
    /// Pre-copy does not converge and the migration monitor aborts it: after `progressTimeout`
    /// (`progress`) or after `completionTimeoutPerGiB` x size.
    Timeout { progress: bool },
    /// The target pod stays unschedulable until the controller gives up.
    TargetUnschedulable,
    /// The target pod dies while the target is prepared (before any data moved).
    TargetPodDown,
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
    /// The VMIM's name when its creator chose one (a create through the API).
    pub name: Option<String>,
}

impl MigrationSpec {
    pub fn new(outcome: Outcome, transfer_mib: f64, dirty_mib: f64) -> MigrationSpec {
        MigrationSpec {
            outcome,
            transfer_mib,
            dirty_mib,
            evacuation: None,
            target_node: None,
            name: None,
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
            "timeout-progress" => {
                MigrationSpec::new(Outcome::Timeout { progress: true }, 80.0, 160.0)
            }
            "timeout-completion" => {
                MigrationSpec::new(Outcome::Timeout { progress: false }, 40.0, 35.0)
            }
            "target-unschedulable" => MigrationSpec::new(Outcome::TargetUnschedulable, 100.0, 10.0),
            "target-pod-down" => MigrationSpec::new(Outcome::TargetPodDown, 100.0, 10.0),
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
    "timeout-progress",
    "timeout-completion",
    "target-unschedulable",
    "target-pod-down",
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

pub(super) fn watch_and_repeat(w: &mut World, k: &Key, spec: MigrationSpec, every: f64) {
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

pub(super) fn set_phase(w: &mut World, k: &Key, phase: &str) {
    let now = w.now;
    let mut finished = None;
    if let Some(m) = w.vm_mut(k).and_then(|v| v.migration.as_mut())
        && m.phase != phase
    {
        m.phase = phase.to_string();
        m.phase_times.push((phase.to_string(), now));
        if matches!(phase, "Succeeded" | "Failed") {
            let pod = if m.failed || phase == "Failed" {
                m.target_pod.clone()
            } else {
                Some(m.source_pod.clone())
            };
            finished = Some((m.name.clone(), pod));
        }
    }
    if let Some(f) = finished {
        collect_finalized(w, k, f);
    }
}

/// Follows `garbageCollectFinalizedMigrations` (KubeVirt
/// `pkg/virt-controller/watch/migration/migration.go`,
/// `defaultFinalizedMigrationGarbageCollectionBuffer = 5`): the five newest final VMIMs of a
/// VMI stay, older ones are deleted. Only from v1.9 does it also delete the pod of a deleted
/// VMIM (the target pod of a failed migration, the source pod of a completed one); up to v1.8
/// finished launcher pods stay until the VMI is deleted.
fn collect_finalized(w: &mut World, k: &Key, finished: (String, Option<String>)) {
    let list = w.finished_migrations.entry(k.clone()).or_default();
    list.push_back(finished);
    let mut expired = Vec::new();
    while list.len() > 5 {
        expired.extend(list.pop_front());
    }
    let gc_pods = w.kubevirt.at_least(9);
    for (vmim, pod) in expired {
        w.store.delete(&crate::store::VMIM, Some(&k.0), &vmim);
        if let Some(pod) = pod.filter(|_| gc_pods) {
            let current = w.vms.get(k).is_some_and(|v| {
                [&v.pod, &v.target_pod]
                    .into_iter()
                    .flatten()
                    .any(|p| p.name == pod)
            });
            if current {
                continue;
            }
            if let Some(vm) = w.vm_mut(k) {
                vm.old_pods.retain(|p| p.name != pod);
            }
            w.store.delete(&crate::store::POD, Some(&k.0), &pod);
        }
    }
}

/// Whether the migration with `uid` is still the VM's current one and not final.
pub(super) fn current(w: &World, k: &Key, uid: &str) -> bool {
    w.vms
        .get(k)
        .and_then(|v| v.migration.as_ref())
        .is_some_and(|m| m.uid == uid && !matches!(m.phase.as_str(), "Succeeded" | "Failed"))
}

/// Why a VMIM created through an API was not started.
#[derive(Debug, Clone, PartialEq)]
pub enum Refused {
    /// The webhook denies it (its message, without the API server's prefix).
    Denied(String),
    /// Admitted, but the VMI is not running: virt-controller would keep the VMIM Pending
    /// (`handleTargetPodCreation` creates the target pod only for a running VMI); the simulator
    /// refuses it instead of keeping a VMIM nothing would ever move.
    NotRunning,
}

/// A VMIM a user creates: admitted by the webhook, then started by the migration engine.
/// Returns the VMIM's name.
pub fn create(w: &mut World, k: &Key, spec: MigrationSpec) -> Result<String, Refused> {
    admit::admit(w, k).map_err(Refused::Denied)?;
    start(w, k, spec).ok_or(Refused::NotRunning)
}
