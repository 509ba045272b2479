//! The memory transfer: pre-copy, the switch to post-copy or paused mode, aborts on the way, and
//! the end of the transfer.

use super::ending::{abort_succeeded, postcopy_failure, request_abort, succeed, timed_out};
use super::{MigrationSpec, Outcome, current, set_phase};
use crate::scenarios::lifecycle::pause;
use crate::world::{Key, World};

/// The target runs: the transfer starts, and its course follows the spec's outcome.
pub(super) fn running(w: &mut World, k: &Key, uid: String, spec: MigrationSpec) {
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
                pause(w, k, "PausedByMigrationMonitor");
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
                request_abort(w, k);
                w.after_vm(3.0, k, move |w, k| {
                    if !current(w, k, &uid) {
                        return;
                    }
                    if succeeds {
                        abort_succeeded(w, k);
                    } else {
                        let now = w.now;
                        let rest = {
                            let show = !w.kubevirt.at_least(9);
                            let Some(m) = w.vm_mut(k).and_then(|v| v.migration.as_mut()) else { return };
                            // v1.9 copies the abort status to the VMI only for a failed job.
                            m.abort_status = show.then_some("Failed");
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
        Outcome::Timeout { progress } => {
            // `progressTimeout` (150 s) and `completionTimeoutPerGiB` (150 s per GB of guest
            // memory, rounded up: `getVMIMigrationDataSize`), as in `migrationConfiguration`.
            let secs = match w.vms.get(k) {
                Some(vm) if !progress => {
                    150 * (vm.memory_mib as f64 * 1024.0 * 1024.0 / 1e9).ceil() as u64
                }
                _ => 150,
            };
            w.after_vm(secs as f64, k, move |w, k| {
                if current(w, k, &uid) {
                    timed_out(w, k, progress, secs);
                }
            });
        }
        Outcome::TargetUnschedulable | Outcome::TargetPodDown | Outcome::QuotaRejected => {}
    }
}
