//! Scenarios of a VMI that is not live-migratable (`LiveMigratable=False`), so it blocks a drain.

use crate::kubevirt::{Disk, Vm};
use crate::scenarios::vms::new_pod;
use crate::world::World;

fn set_not_migratable(vm: &mut Vm, reason: &str, message: &str) {
    vm.not_migratable = Some((reason.to_string(), message.to_string()));
}

/// A ReadWriteOnce data volume: `DisksNotLiveMigratable`.
pub fn rwo_disk(_: &mut World, vm: &mut Vm) {
    vm.os = crate::kubevirt::os::RHEL;
    let claim = format!("{}-data", vm.name);
    vm.disks.push(Disk {
        name: "datadisk".into(),
        target: "vdc".into(),
        kind: "pvc-rwo",
        claim: Some(claim.clone()),
        size: 200 << 30,
    });
    set_not_migratable(
        vm,
        "DisksNotLiveMigratable",
        &format!(
            concat!(
                "cannot migrate VMI: PVC {} is not shared, live migration requires that all PVCs ",
                "must be shared (using ReadWriteMany access mode)"
            ),
            claim
        ),
    );
}

/// A bridge binding on the pod network: `InterfaceNotLiveMigratable`.
pub fn bridge_on_pod_network(_: &mut World, vm: &mut Vm) {
    vm.ifaces[0].binding = "bridge";
    set_not_migratable(
        vm,
        "InterfaceNotLiveMigratable",
        concat!(
            "cannot migrate VMI which does not use masquerade or a migratable plugin to connect ",
            "to the pod network"
        ),
    );
}

/// A passed-through GPU: `HostDeviceNotLiveMigratable`.
pub fn host_device(_: &mut World, vm: &mut Vm) {
    vm.host_devices = vec![("gpu1".into(), "nvidia.com/GA102GL_A10".into())];
    set_not_migratable(
        vm,
        "HostDeviceNotLiveMigratable",
        "VMI specifies non-migratable generic PCI host device",
    );
}

/// AMD SEV: `SEVNotLiveMigratable`.
pub fn sev(_: &mut World, vm: &mut Vm) {
    vm.sev = true;
    set_not_migratable(vm, "SEVNotLiveMigratable", "VMI uses SEV");
}

/// `host-model` CPU on a node that does not allow migrating it: `CPUModeLiveMigratable`.
pub fn host_model_cpu(_: &mut World, vm: &mut Vm) {
    let node_name = vm.node.clone().unwrap_or_default();
    set_not_migratable(
        vm,
        "CPUModeLiveMigratable",
        &format!("the node \"{node_name}\" does not allow migration with host-model"),
    );
}

/// A hot-plugged volume and its attachment pod on the VM's node.
pub fn hotplug_volume(w: &mut World, vm: &mut Vm) {
    let node = vm.node.clone();
    let t = vm.running_since.unwrap_or(w.now) + 600.0;
    let mut pod = new_pod(w, &vm.name, node.as_deref(), t.min(w.now));
    pod.name = format!("hp-volume-{}", w.suffix(5));
    pod.ip = None;
    vm.hotplug_pod = Some(pod);
    vm.disks.push(Disk {
        name: "hotplug-data".into(),
        target: "sda".into(),
        kind: "pvc-rwx",
        claim: Some(format!("{}-hotplug", vm.name)),
        size: 50 << 30,
    });
}
