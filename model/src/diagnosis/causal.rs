//! The weighing between findings, in causal order. Several findings of a paste compete for its
//! verdict; the one that EXPLAINS the others is the answer:
//!
//! 1. a symptom is demoted when its known cause is present: a pod or a VMI still waiting to
//!    start (kubectl's printPod `Pending`, `ContainerCreating`, `PodInitializing`, `Init:…`;
//!    a VMI's `Pending`/`Scheduling` phase; a VM's `Starting`, `Provisioning`,
//!    `WaitingForVolumeBinding`) waits for a node to take it (the scheduler, the kubelet's
//!    admission and volume mounts: `pkg/kubelet/kubelet.go`) or for its sandbox's network (the
//!    CNI ADD); a finding about a node or the network, present in the same paste, explains it;
//! 2. then the worse health (Broken before Degraded);
//! 3. then what a line is about before who reported it: a finding inferred only from the
//!    reporter of a line (the component that logged it, the recorder of an event) is the
//!    weakest reading of that line, and any finding about an object outranks it;
//! 4. then severity, and ties to the layer most likely the cause (node, control plane,
//!    migration, guest, network: the order the headline uses).
//!
//! A finding's standing is set where it is made ([`standing_of`] for the paste's signals); the
//! rest of the diagnosis' findings are causes.

use crate::evidence::Signal;
use crate::verdict::{Finding, Layer, Standing};
use std::cmp::Reverse;

/// The title suffix of a finding inferred from what its line is about (`input::last_resort`).
pub const BY_OBJECT: &str = "(inferred from what it is about)";
/// The title suffix of a finding inferred only from who reported its line.
pub const BY_REPORTER: &str = "(inferred from who reported it)";

/// Ties go to the layer most likely to be the cause (as the headline does).
const PRIORITY: [Layer; 5] = [
    Layer::Node,
    Layer::ControlPlane,
    Layer::Migration,
    Layer::Guest,
    Layer::Network,
];

/// What keeps a pod or a VMI waiting to start: a node that does not take it, or its network.
const WAITING_CAUSES: &[Layer] = &[Layer::Node, Layer::Network];

/// Status words of an object still waiting to start: kubectl's printPod
/// (`pkg/printers/internalversion/printers.go`), the VMI's phases and the VM's printable
/// statuses of `staging/src/kubevirt.io/api/core/v1/types.go` that wait for a node or a volume.
const WAITING: &[&str] = &[
    "Pending",
    "ContainerCreating",
    "PodInitializing",
    "Scheduling",
    "Starting",
    "Provisioning",
    "WaitingForVolumeBinding",
];

/// What a container's crash loop is explained by: whatever its program logged on the way out,
/// of any layer.
const CRASH_CAUSES: &[Layer] = &[
    Layer::Node,
    Layer::ControlPlane,
    Layer::Migration,
    Layer::Guest,
    Layer::Network,
];

/// What a creation failure virt-controller relays is explained by: the error it wraps, of any
/// layer (the one reading a crash loop's cause needs: as bad as the relay).
pub const RELAYED_CAUSES: &[Layer] = CRASH_CAUSES;

/// virt-controller's relays of a creation it could not make: the reason `FailedCreate` it sets
/// on the VMI's Synchronized condition and the VM's Failure condition, whose message is the
/// error it wraps (kubevirt/kubevirt `pkg/virt-controller/watch/vmi/lifecycle.go`:
/// `controller.FailedCreatePodReason` with "failed to render launch manifest: %v" or the pod
/// creation's error; `pkg/virt-controller/watch/vm/vm.go`, failedCreateReason), and its
/// "failed to create virtual machine pod: %v". The wrapped error names the cause when a
/// signature knows it (a NetworkAttachmentDefinition not found, a node-side refusal); the
/// relay then is its symptom.
const RELAYS: &[&str] = &["vm-failed-create", "vmi-pod-create-failed"];

/// A Go crash's goroutine traceback (`signatures/generic.rs`; Go `runtime/traceback.go`): the
/// runtime prints it after the panic's message (`runtime/panic.go` printpanics), which is what
/// names the cause; the traceback itself only says the program crashed.
const TRACEBACK: &str = "go-traceback";

/// The standing of a finding made from one of the paste's signals: a waiting status is a
/// symptom; so is a crash loop (the kubelet backing off a container that keeps exiting,
/// `pkg/kubelet/kuberuntime/kuberuntime_manager.go`: its reason is what the program said
/// before it exited); a line no signature knows, read only by its reporter, is the reporter's
/// reading.
pub fn standing_of(s: &Signal) -> Standing {
    match s.signature.as_deref() {
        Some(id) if waiting(id) => Standing::Symptom(WAITING_CAUSES),
        Some(id) if crash_loop(id) => Standing::Symptom(CRASH_CAUSES),
        Some(id) if RELAYS.contains(&id) || id == TRACEBACK => Standing::Symptom(RELAYED_CAUSES),
        Some(_) => Standing::Cause,
        None if s.title.ends_with(BY_REPORTER) || is_reporter_fallback(&s.title) => {
            Standing::Reporter
        }
        None => Standing::Cause,
    }
}

/// `<kind>-status:<word>` (`input::sightings`) with a waiting word, or a component's pod
/// waiting for a node (`signatures::component_pods`).
fn waiting(id: &str) -> bool {
    if id == "component-pending" {
        return true;
    }
    id.split_once("-status:").is_some_and(|(_, word)| {
        WAITING.contains(&word) || word.starts_with("Init:") && !word.contains("Err")
    })
}

/// A pod's `CrashLoopBackOff` status row, or the kubelet's generic crash-loop reading.
fn crash_loop(id: &str) -> bool {
    id == "crashloop" || id.ends_with("-status:CrashLoopBackOff")
}

/// `an unrecognised virt-handler error line`: the fallback that reads a line by its component.
fn is_reporter_fallback(title: &str) -> bool {
    title.starts_with("an unrecognised ") && title.ends_with(" line")
}

/// Whether a cause of `f` is among `present` (another layer's finding standing as a cause).
pub fn explained(f: &Finding, present: &[&Finding]) -> bool {
    let Standing::Symptom(causes) = f.standing else {
        return false;
    };
    // A crash loop's cause is what its program said on the way out: a fatal reading, as bad as
    // the loop itself; another pod still waiting (degraded) does not explain it.
    let as_bad = |c: &Finding| causes != CRASH_CAUSES || c.health.rank() >= f.health.rank();
    present.iter().any(|c| {
        c.standing == Standing::Cause
            && c.layer != f.layer
            && causes.contains(&c.layer)
            && as_bad(c)
    })
}

/// Whether `f` outranks `than` among the competing findings `present`, in causal order.
pub fn outranks(f: &Finding, than: &Finding, present: &[&Finding]) -> bool {
    key(f, present) > key(than, present)
}

type Key = (bool, u8, bool, crate::explain::Severity, Reverse<usize>);

fn key(f: &Finding, present: &[&Finding]) -> Key {
    let pos = PRIORITY.iter().position(|p| *p == f.layer).unwrap_or(5);
    (
        !explained(f, present),
        f.health.rank(),
        f.standing != Standing::Reporter,
        f.severity,
        Reverse(pos),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::Severity;
    use crate::verdict::Health;

    fn f(layer: Layer, health: Health, standing: Standing) -> Finding {
        Finding {
            standing,
            ..Finding::new(layer, health, Severity::Warning, "x")
        }
    }

    #[test]
    fn a_waiting_symptom_yields_to_its_cause_and_only_to_it() {
        let pending = f(
            Layer::ControlPlane,
            Health::Degraded,
            Standing::Symptom(WAITING_CAUSES),
        );
        let node = f(Layer::Node, Health::Degraded, Standing::Cause);
        let guest = f(Layer::Guest, Health::Degraded, Standing::Cause);
        assert!(outranks(&node, &pending, &[&node, &pending]));
        // A guest fault does not explain a pod waiting for a node: the ordinary order decides.
        assert!(outranks(&pending, &guest, &[&guest, &pending]));
        // A node finding read only from a reporter explains nothing.
        let weak = f(Layer::Node, Health::Degraded, Standing::Reporter);
        assert!(!explained(&pending, &[&weak, &pending]));
    }

    #[test]
    fn what_a_line_is_about_outranks_who_reported_it() {
        let reporter = f(Layer::Node, Health::Degraded, Standing::Reporter);
        let about = f(Layer::Network, Health::Degraded, Standing::Cause);
        assert!(outranks(&about, &reporter, &[&about, &reporter]));
        // Health still comes first between them.
        let broken = f(Layer::Node, Health::Broken, Standing::Reporter);
        assert!(outranks(&broken, &about, &[&about, &broken]));
    }
}
