//! Scenarios of a VMI that does not get to run: its pod cannot be scheduled, or the domain cannot
//! be synchronized.

use super::eviction::host_device;
use crate::kubevirt::{Agent, Vm};
use crate::scenarios::vms::new_pod;
use crate::world::{Involved, Key, World};

/// Phase Scheduling for four minutes: the launcher pod asks for a GPU no worker has.
pub fn unschedulable(w: &mut World, vm: &mut Vm) {
    let now = w.now;
    vm.phase = "Scheduling".into();
    vm.created = now - 240.0;
    vm.phase_times = vec![
        ("Pending".into(), vm.created),
        ("Scheduling".into(), vm.created + 0.4),
    ];
    vm.node = None;
    vm.agent = Agent::None;
    vm.running_since = None;
    vm.ifaces.clear();
    host_device(w, vm);
    let mut pod = new_pod(w, &vm.name, None, vm.created + 0.3);
    pod.unschedulable = Some(format!(
        concat!(
            "0/{n} nodes are available: {c} node(s) had untolerated taint ",
            "{{node-role.kubernetes.io/control-plane: }}, {k} Insufficient nvidia.com/GA102GL_A10. ",
            "preemption: 0/{n} nodes are available: {c} Preemption is not helpful for scheduling, ",
            "{k} No preemption victims found for incoming pod."
        ),
        n = w.nodes.len(),
        c = w.nodes.values().filter(|n| n.control_plane).count(),
        k = w.nodes.values().filter(|n| !n.control_plane).count(),
    ));
    vm.pod = Some(pod);
}

/// The scheduler's `FailedScheduling` event on the launcher pod.
pub fn failed_scheduling_event(w: &mut World, k: &Key) {
    let msg = w.vms[k]
        .pod
        .as_ref()
        .and_then(|p| p.unschedulable.clone())
        .unwrap_or_default();
    let pod = w.vms[k].pod.clone().expect("pod");
    let on = Involved {
        kind: "Pod",
        api_version: "v1",
        ns: k.0.clone(),
        name: pod.name,
        uid: pod.uid,
    };
    w.event(
        &on,
        "Warning",
        "FailedScheduling",
        &msg,
        "default-scheduler",
        None,
    );
}

/// Phase Scheduled for ten minutes with Synchronized=False: QEMU cannot open a disk image.
pub fn sync_failed(w: &mut World, vm: &mut Vm) {
    vm.created = w.now - 600.0;
    vm.phase = "Scheduled".into();
    vm.phase_times = vec![
        ("Pending".into(), vm.created),
        ("Scheduling".into(), vm.created + 0.4),
        ("Scheduled".into(), vm.created + 9.0),
    ];
    vm.agent = Agent::None;
    vm.running_since = None;
    let image = "/var/run/kubevirt-private/vmi-disks/datadisk/disk.img";
    vm.sync_error = Some((
        "Synchronizing with the Domain failed.".into(),
        format!(
            concat!(
                "server error. command SyncVMI failed: \"LibvirtError(Code=1, Domain=10, ",
                "Message='internal error: process exited while connecting to monitor: qemu-kvm: ",
                "-blockdev {{\\\"driver\\\":\\\"file\\\",\\\"filename\\\":\\\"{image}\\\"}}: ",
                "Could not open '{image}': Permission denied')\""
            ),
            image = image
        ),
        vm.created + 11.0,
    ));
    if let Some(p) = vm.pod.as_mut() {
        p.created = vm.created + 0.3;
        p.started = Some(vm.created + 6.0);
    }
}

/// virt-handler's `SyncFailed` event with the synchronization error.
pub fn sync_failed_event(w: &mut World, k: &Key) {
    let msg = w.vms[k]
        .sync_error
        .as_ref()
        .map(|s| s.1.clone())
        .unwrap_or_default();
    w.vmi_event(k, "Warning", "SyncFailed", &msg, "virt-handler");
}
