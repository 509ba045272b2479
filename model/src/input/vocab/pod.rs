//! A pod's STATUS column as kubectl prints it: `printPod` in Kubernetes'
//! `pkg/printers/internalversion/printers.go` prints the phase, else `status.reason` (the
//! kubelet's `Evicted`, `NodeAffinity`, `OutOf…`, `Shutdown`, the node controller's `NodeLost`),
//! else an init container's `Init:<reason>` / `Init:N/M` / `Init:Signal:N` / `Init:ExitCode:N`,
//! else a container's waiting or terminated reason (the kubelet's `ContainerCreating`,
//! `CrashLoopBackOff`, `ErrImagePull`, `CreateContainerConfigError`, …, `Completed`, `Error`,
//! `OOMKilled`, `Signal:N`, `ExitCode:N`), then `NotReady`, `Terminating` or `Unknown`. The layer
//! is the launcher's (node and virt-launcher); a KubeVirt control-plane pod's row is moved to
//! its own layer by the reader.
//!
//! The kubelet's words: waiting reasons in `pkg/kubelet/container/sync_result.go` and
//! `pkg/kubelet/images/types.go` (`CreatePodSandboxError`, `ImageInspectError`,
//! `RegistryUnavailable`, …), admission rejections in `pkg/kubelet/lifecycle/predicate.go`
//! (`OutOf<resource>`, `InvalidNodeInfo`, `PodOSNotSupported`, …, or the failing predicate's
//! name, `NodeAffinity`, `TaintToleration`), preemption's `Preempting`
//! (`pkg/kubelet/preemption`).

use super::{Meaning, m};
use crate::verdict::{Health::*, Layer::*};

pub(super) const SOURCE: &str = "Kubernetes pkg/printers/internalversion/printers.go (printPod) and the kubelet's container reasons (pkg/kubelet/container, pkg/kubelet/images)";

/// One entry per value, one line each.
#[rustfmt::skip]
pub(super) const STATUSES: &[Meaning] = &[
    // Phases.
    m("Pending", Some(Node), Healthy, "The pod is accepted but not all its containers run yet (scheduling, image pulls)."),
    m("Running", None, Healthy, "The pod is bound to a node and its containers run."),
    m("Succeeded", None, Healthy, "Every container ended successfully."),
    m("Failed", Some(Node), Broken, "Every container ended and at least one failed."),
    m("Unknown", Some(Node), Degraded, "The pod's state cannot be obtained: its node does not report."),
    // status.reason.
    m("Evicted", Some(Node), Broken, "The kubelet evicted the pod (node pressure: memory, disk or PIDs)."),
    m("NodeLost", Some(Node), Broken, "The pod's node was lost."),
    m("NodeAffinity", Some(Node), Broken, "The kubelet rejected the pod at admission: the node no longer matches its affinity or selector."),
    m("NodeShutdown", Some(Node), Broken, "The node shut down and terminated the pod."),
    m("Shutdown", Some(Node), Broken, "The node shut down and terminated the pod."),
    m("Terminated", Some(Node), Broken, "The pod was terminated by its node."),
    m("UnexpectedAdmissionError", Some(Node), Broken, "The kubelet failed to admit the pod (a device plugin or resource manager error)."),
    m("OutOfcpu", Some(Node), Broken, "The kubelet rejected the pod: not enough CPU on the node."),
    m("OutOfmemory", Some(Node), Broken, "The kubelet rejected the pod: not enough memory on the node."),
    m("OutOfpods", Some(Node), Broken, "The kubelet rejected the pod: the node's pod limit is reached."),
    m("SchedulingGated", Some(ControlPlane), Degraded, "The pod waits for its scheduling gates to be removed."),
    m("Preempting", Some(Node), Broken, "The kubelet preempted the pod to admit a critical pod the node had no room for."),
    m("OutOfephemeral-storage", Some(Node), Broken, "The kubelet rejected the pod: not enough ephemeral storage on the node."),
    m("InvalidNodeInfo", Some(Node), Broken, "The kubelet rejected the pod at admission: it cannot read its own Node object."),
    m("PodOSSelectorNodeLabelDoesNotMatch", Some(Node), Broken, "The kubelet rejected the pod at admission: its kubernetes.io/os selector does not match the node."),
    m("PodOSNotSupported", Some(Node), Broken, "The kubelet rejected the pod at admission: its OS field does not match the node's OS."),
    m("InitContainerRestartPolicyForbidden", Some(Node), Broken, "The kubelet rejected the pod at admission: an init container's restart policy is not supported there."),
    m("SupplementalGroupsPolicyNotSupported", Some(Node), Broken, "The kubelet rejected the pod at admission: the node does not support its SupplementalGroupsPolicy."),
    m("UnknownReason", Some(Node), Broken, "The kubelet rejected the pod at admission for a reason it could not name."),
    m("UnexpectedPredicateFailureType", Some(Node), Broken, "The kubelet rejected the pod at admission (an unexpected predicate failure)."),
    m("TaintToleration", Some(Node), Broken, "The kubelet rejected the pod at admission: it does not tolerate a NoExecute taint of the node."),
    m("NodePorts", Some(Node), Broken, "The kubelet rejected the pod at admission: a host port it asks for is taken on the node."),
    m("NodeName", Some(Node), Broken, "The kubelet rejected the pod at admission: it names another node."),
    // Waiting reasons.
    m("ContainerCreating", Some(Node), Healthy, "The kubelet is creating the containers (volumes, network, images)."),
    m("PodInitializing", Some(Node), Healthy, "Init containers have run; the main containers start."),
    m("CrashLoopBackOff", Some(Node), Broken, "A container keeps exiting; the kubelet backs off between restarts."),
    m("ErrImagePull", Some(Node), Broken, "The kubelet cannot pull an image."),
    m("ImagePullBackOff", Some(Node), Broken, "Pulling an image keeps failing; the kubelet backs off."),
    m("InvalidImageName", Some(Node), Broken, "An image name cannot be parsed."),
    m("ImageInspectError", Some(Node), Broken, "The runtime cannot inspect an image."),
    m("RegistryUnavailable", Some(Node), Broken, "The image registry cannot be reached."),
    m("SignatureValidationFailed", Some(Node), Broken, "An image's signature cannot be validated."),
    m("CreatePodSandboxError", Some(Node), Broken, "The runtime cannot create the pod's sandbox (often its network: the CNI plugin fails)."),
    m("ConfigPodSandboxError", Some(Node), Broken, "The kubelet cannot build the pod's sandbox configuration."),
    m("KillPodSandboxError", Some(Node), Broken, "The runtime cannot stop the pod's sandbox."),
    m("KillContainerError", Some(Node), Broken, "The runtime cannot kill a container."),
    m("PreCreateHookError", Some(Node), Broken, "A container's pre-create hook failed (a device or resource plugin)."),
    m("VerifyNonRootError", Some(Node), Broken, "A container must run as non-root but its image runs as root."),
    m("RunInitContainerError", Some(Node), Broken, "The runtime cannot start an init container."),
    m("ErrImageNeverPull", Some(Node), Broken, "An image is absent and the pull policy is Never."),
    m("CreateContainerConfigError", Some(Node), Broken, "A container's configuration cannot be built (a missing ConfigMap, Secret or key)."),
    m("CreateContainerError", Some(Node), Broken, "The runtime cannot create a container."),
    m("RunContainerError", Some(Node), Broken, "The runtime cannot start a container."),
    m("PreStartHookError", Some(Node), Broken, "A container's pre-start hook failed."),
    m("PostStartHookError", Some(Node), Broken, "A container's post-start hook failed."),
    m("ContainerStatusUnknown", Some(Node), Degraded, "A container's state could not be found."),
    // Terminated reasons.
    m("Completed", None, Healthy, "The containers ended with exit code 0."),
    m("Error", Some(Node), Broken, "A container ended with a non-zero exit code."),
    m("OOMKilled", Some(Node), Broken, "A container was killed for exceeding its memory limit (for a launcher: QEMU's overhead was not covered)."),
    m("ContainerCannotRun", Some(Node), Broken, "The runtime could not run a container."),
    m("DeadlineExceeded", Some(Node), Broken, "The pod ran past its active deadline."),
    m("StartError", Some(Node), Broken, "A container failed to start."),
    // kubectl's own words.
    m("NotReady", Some(Node), Degraded, "The pod runs but a container is not ready."),
    m("Terminating", None, Healthy, "The pod is being deleted (deletionTimestamp set); if it stays, its node does not confirm the deletion."),
];

/// `Init:2/3`, `Init:<reason>`, `Init:Signal:9`, `Init:ExitCode:1`, `Signal:9`, `ExitCode:137`,
/// `OutOf<resource>` (an extended resource: `OutOfdevices.kubevirt.io/kvm`).
pub(super) fn patterned(value: &str) -> Option<Meaning> {
    if value.len() > 5 && value.starts_with("OutOf") {
        return Some(m(
            "OutOf<resource>",
            Some(Node),
            Broken,
            "The kubelet rejected the pod at admission: the node lacks a resource it requests \
             (for a launcher, devices.kubevirt.io/kvm or /tun: the device plugin there \
             advertises none).",
        ));
    }
    if let Some(rest) = value.strip_prefix("Init:") {
        if rest.split_once('/').is_some_and(|(a, b)| {
            a.bytes().all(|c| c.is_ascii_digit()) && b.bytes().all(|c| c.is_ascii_digit())
        }) {
            return Some(m(
                "Init:N/M",
                Some(Node),
                Healthy,
                "Init containers run (N of M done).",
            ));
        }
        if let Some(e) = exit(rest) {
            return Some(e);
        }
        return STATUSES.iter().find(|e| e.value == rest).map(|e| Meaning {
            value: "Init:<reason>",
            ..*e
        });
    }
    exit(value)
}

fn exit(value: &str) -> Option<Meaning> {
    if let Some(n) = value.strip_prefix("Signal:") {
        return n.parse::<u32>().ok().map(|_| {
            m(
                "Signal:N",
                Some(Node),
                Broken,
                "A container was killed by a signal.",
            )
        });
    }
    let code = value.strip_prefix("ExitCode:")?.parse::<i64>().ok()?;
    Some(if code == 0 {
        m(
            "ExitCode:0",
            None,
            Healthy,
            "A container ended with exit code 0.",
        )
    } else {
        m(
            "ExitCode:N",
            Some(Node),
            Broken,
            "A container ended with a non-zero exit code.",
        )
    })
}
