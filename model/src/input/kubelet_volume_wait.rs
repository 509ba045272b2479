//! The kubelet's wait for a pod's volumes timing out while no attach, mount or map step reports
//! a failure of its own: the wait is for what the node does not do, not for the node.
//!
//! The kubelet's volume manager (kubernetes `pkg/kubelet/volumemanager/volume_manager.go`,
//! WaitForAttachAndMount) polls for about two minutes and then returns `unmounted volumes=%v,
//! unattached volumes=%v[, failed to process volumes=%v]: <the wait's error>`, which
//! `pkg/kubelet/kubelet.go` prints as `Unable to attach or mount volumes: %v` (older kubelets:
//! `Unable to mount volumes for pod %q: timeout expired waiting for volumes to attach or mount
//! for pod …`). The wait names no cause. Each node-side step that fails records its own event
//! (`pkg/volume/util/operationexecutor/operation_generator.go`: `MountVolume.MountDevice
//! failed`, `MountVolume.SetUp failed`, `MapVolume.SetUpDevice failed`, `MapVolume.MapPodDevice
//! failed`, `MountVolume.WaitForAttach failed`, the attach/detach controller's `AttachVolume.Attach
//! failed` and `Multi-Attach error`), while the kubelet's check that the controller attached the
//! volume (GenerateVerifyControllerAttachedVolumeFunc, "Volume not attached according to node
//! status") records none (`EventRecorderFunc: nil`). So when the wait is all a paste shows of
//! the volume, and no attach is reported done, the kubelet is waiting for the attach that the
//! attach/detach controller and the storage driver's controller (CSI ControllerPublishVolume)
//! make, or for a volume the pod's spec or claim gives in a form the node cannot set up: the
//! control plane's, with low weight (degraded). A node-side failure, a reported attach failure,
//! or a completed attach (the wait is then for the node's mount) keeps the node's reading.

use super::read::ReadPaste;
use crate::evidence::Signal;
use crate::scan;
use crate::verdict::{Health, Layer};
use std::collections::HashMap;

/// The volume manager's wait, in every kubelet's words (lower case).
const WAIT: &[&str] = &[
    "unable to attach or mount volumes",
    "timeout expired waiting for volumes to attach or mount",
];

/// A wait that ended by its timeout (lower case): `wait.ErrWaitTimeout`'s words, the context's,
/// the older kubelet's own.
const TIMED_OUT: &[&str] = &[
    "timed out waiting for the condition",
    "context deadline exceeded",
    "timeout expired waiting",
];

/// What an attach, mount or map step says of itself (operation_generator.go, the attach/detach
/// controller's events, the CSI node calls), and the attach limit the volume manager rejects a
/// pod for (lower case): any of them in the paste keeps the node's reading.
const STEP: &[&str] = &[
    "mountvolume.",
    "mapvolume.",
    "unmountvolume.",
    "unmapvolume.",
    "unmountdevice",
    "unmapdevice",
    "mountdevice",
    "waitforattach",
    "attachvolume.attach",
    "failedattachvolume",
    "successfulattachvolume",
    "failedmapvolume",
    "multi-attach",
    "nodestagevolume",
    "nodepublishvolume",
    "setup failed",
    "attachment limit",
];

/// Whether `line` is the volume manager's wait, timed out.
fn is_wait(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    WAIT.iter().any(|w| l.contains(w)) && TIMED_OUT.iter().any(|t| l.contains(t))
}

/// Whether any line of `text` reports an attach, mount or map step of its own (one scan of the
/// whole text).
fn holds_a_step(text: &str) -> bool {
    !scan::lines_holding_ignore_case(text, STEP).is_empty()
}

/// Reads a lone volume wait as the control plane's, when the paste shows no step of its own
/// and no other fault.
pub fn settle(out: &mut ReadPaste, input: &str) {
    // Every form of the wait says "mount" (one scan of the paste; a wrapped line joined keeps
    // its words whole): without it, nothing to settle.
    if !scan::text_holds_ignore_case(input, "mount") {
        return;
    }
    // The lines that can be the wait (they hold its words), found by one scan, by index.
    let waits: HashMap<usize, &str> = scan::line_starts_holding_ignore_case(input, WAIT)
        .into_iter()
        .map(|(i, start)| (i, scan::line_at(input, start)))
        .collect();
    let at = |s: &Signal| waits.get(&s.line.wrapping_sub(1)).copied().unwrap_or("");
    let ours = |s: &Signal| is_wait(&s.excerpt) || is_wait(at(s));
    if !out.signals.iter().any(ours) || holds_a_step(input) {
        return;
    }
    let other_fault = out.signals.iter().any(|s| {
        !ours(s) && s.layer.is_some() && matches!(s.health, Health::Broken | Health::Degraded)
    });
    if other_fault {
        return;
    }
    for s in out.signals.iter_mut().filter(|s| ours(s)) {
        s.signature = Some("volume-wait-no-step".into());
        s.layer = Some(Layer::ControlPlane);
        s.plane = None;
        s.health = Health::Degraded;
        s.title = "the kubelet waited for a volume no attach or mount step reports failing".into();
        s.cause = "the kubelet's volume manager gave up waiting (about two minutes) for the \
                   pod's volumes, and no attach, mount or map step reports an error of its own: \
                   the node's mount steps record their failures (MountVolume…, MapVolume…), the \
                   wait for the controller's attach records none, so the volume is waiting to \
                   be attached by the attach/detach controller and the storage driver's \
                   controller, or the pod's spec or claim gives it in a form the node cannot set \
                   up"
        .into();
        s.next_steps = vec![
            "kubectl get volumeattachment | grep <pv> (attached true or false, and its error)"
                .into(),
            "kubectl describe pvc <claim> -n <ns> (bound, volume mode, storage class)".into(),
            "kubectl logs -n <driver namespace> <CSI controller pod> -c csi-attacher".into(),
        ];
        s.source = "kubernetes pkg/kubelet/volumemanager/volume_manager.go \
                    (WaitForAttachAndMount); pkg/volume/util/operationexecutor/\
                    operation_generator.go (VerifyControllerAttachedVolume records no event)"
            .into();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_and_the_steps_are_told_apart() {
        assert!(is_wait(
            "Unable to attach or mount volumes: unmounted volumes=[d], unattached volumes=[d]: \
             timed out waiting for the condition"
        ));
        assert!(is_wait(
            "Unable to mount volumes for pod \"p\": timeout expired waiting for volumes to \
             attach or mount for pod \"ns\"/\"p\""
        ));
        assert!(!is_wait(
            "Unable to attach or mount volumes for pod; skipping pod"
        ));
        assert!(holds_a_step(
            "MountVolume.MountDevice failed for volume \"pvc-1\" : rpc error"
        ));
        assert!(holds_a_step(
            "AttachVolume.Attach succeeded for volume \"pvc-1\""
        ));
        assert!(!holds_a_step("Successfully assigned default/p to node-1"));
    }
}
