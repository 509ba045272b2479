//! Hot-plugged volumes on their way into the VM: each `status.volumeStatus[]` entry with a
//! `hotplugVolume` moves through KubeVirt's `VolumePhase` (`staging/src/kubevirt.io/api/core/v1/
//! types.go`: Pending, Bound, AttachedToNode, MountedToPod, Ready; Detaching and UnMountedFromPod
//! on the way out). Until it is Ready the guest does not have the disk. Pending and Bound wait on
//! virt-controller's attachment pod (the control plane: the pod not created or not scheduled);
//! AttachedToNode and MountedToPod wait on virt-handler on the VMI's node, which mounts the
//! volume into the launcher and has the domain attach it (the node). Shown not Ready, the entry
//! is degraded: a hotplug in progress, or one stuck there (then the VMI's events and
//! virt-handler's log say why).

use super::ctx::Ctx;
use crate::explain::Severity;
use crate::verdict::{Finding, Health, Layer};

/// One finding per hot-plugged volume not yet Ready.
pub(super) fn hotplug_volumes(cx: &mut Ctx<'_>) {
    let Some(v) = cx.vmi else { return };
    let mut found = Vec::new();
    for vs in &v.status.volume_status {
        if vs.hotplug_volume.is_none() {
            continue;
        }
        let phase = vs.phase.as_deref().unwrap_or("");
        let (layer, waits_on) = match phase {
            "Pending" | "Bound" => (
                Layer::ControlPlane,
                "virt-controller's attachment pod (created, scheduled and running on the VMI's \
                 node)",
            ),
            "AttachedToNode" => (
                Layer::Node,
                "virt-handler on the VMI's node, which mounts the volume into the launcher pod \
                 (MountedToPod) and then has the domain attach it (Ready)",
            ),
            "MountedToPod" => (
                Layer::Node,
                "virt-handler and virt-launcher on the VMI's node attaching the mounted volume \
                 to the running domain",
            ),
            _ => continue,
        };
        let name = vs.name.as_deref().unwrap_or("?");
        let mut f = Finding::new(
            layer,
            Health::Degraded,
            Severity::Warning,
            format!("hotplug volume {name} is {phase}, not Ready"),
        );
        f.detail = format!(
            "The guest does not have this disk yet: it waits on {waits_on}. A hotplug in \
             progress passes through this phase; one that stays in it is stuck there."
        );
        f.evidence
            .push(format!("status.volumeStatus[{name}].phase = {phase}"));
        for (field, value) in [("reason", &vs.reason), ("message", &vs.message)] {
            if let Some(x) = value.as_deref().filter(|x| !x.is_empty()) {
                f.evidence
                    .push(format!("status.volumeStatus[{name}].{field} = {x}"));
            }
        }
        f.next_steps = vec![
            "kubectl get events -n <ns> --field-selector involvedObject.name=<vmi> (hotplug events)".into(),
            "kubectl get pods -n <ns> | grep hp-volume (the attachment pod)".into(),
            "kubectl logs -n kubevirt <virt-handler pod on the VMI's node> | grep -i hotplug".into(),
        ];
        found.push(f);
    }
    for f in found {
        cx.push(f);
    }
}
