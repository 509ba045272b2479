//! What happens to one VM over its life: it boots, its guest agent connects or disconnects, it is
//! paused and unpaused.

use super::vms::{new_pod, primary_iface};
use crate::kubevirt::Agent;
use crate::world::{Key, World};

/// Boots a freshly added VM: Pending, Scheduling (pod), Scheduled, Running, agent later.
pub fn boot(w: &mut World, k: &Key, node: String, with_agent: bool) {
    w.after_vm(1.0, k, move |w, k| {
        let now = w.now;
        let name = k.1.clone();
        let pod = new_pod(w, &name, None, now);
        if let Some(vm) = w.vm_mut(k) {
            vm.set_phase("Scheduling", now);
            vm.pod = Some(pod);
        }
        w.vmi_event(
            k,
            "Normal",
            "SuccessfulCreate",
            &format!(
                "Created virtual machine pod {}",
                w.vms[k].pod.as_ref().map_or("", |p| p.name.as_str())
            ),
            "virtualmachine-controller",
        );
        w.after_vm(3.0, k, move |w, k| {
            let now = w.now;
            let ip = w.pod_ip(&node);
            if let Some(vm) = w.vm_mut(k) {
                if let Some(p) = vm.pod.as_mut() {
                    p.node = Some(node.clone());
                    p.phase = "Running".into();
                    p.ip = Some(ip.clone());
                    p.started = Some(now);
                }
                vm.node = Some(node.clone());
                vm.set_phase("Scheduled", now);
            }
            w.after_vm(4.0, k, move |w, k| {
                let now = w.now;
                let os = w.vms[k].os;
                let iface = primary_iface(w, Some(ip), false, &os);
                if let Some(vm) = w.vm_mut(k) {
                    vm.set_phase("Running", now);
                    vm.running_since = Some(now);
                    vm.ifaces = vec![iface];
                }
                w.vmi_event(
                    k,
                    "Normal",
                    "Created",
                    "VirtualMachineInstance defined.",
                    "virt-handler",
                );
                w.vmi_event(
                    k,
                    "Normal",
                    "Started",
                    "VirtualMachineInstance started.",
                    "virt-handler",
                );
                if with_agent {
                    w.after_vm(20.0, k, connect_agent);
                }
            });
        });
    });
}

/// The guest agent connects: AgentConnected, guest OS info, guest interface names.
pub fn connect_agent(w: &mut World, k: &Key) {
    let now = w.now;
    if let Some(vm) = w.vm_mut(k) {
        vm.agent = Agent::Connected { since: now };
        let os = vm.os;
        for i in vm
            .ifaces
            .iter_mut()
            .filter(|i| i.multus.is_none() && i.name.is_some())
        {
            i.guest_name = Some(if os.id == "mswindows" {
                "Ethernet".into()
            } else {
                "eth0".into()
            });
            i.info_source = "domain, guest-agent".into();
        }
    }
}

/// The guest agent disconnects: the condition is removed.
pub fn disconnect_agent(w: &mut World, k: &Key) {
    if let Some(vm) = w.vm_mut(k) {
        vm.agent = Agent::None;
        for i in vm.ifaces.iter_mut() {
            i.guest_name = None;
            i.info_source = "domain".into();
        }
        vm.ifaces.retain(|i| i.name.is_some());
    }
}

/// Pauses a VM (`reason` is `PausedByUser` or `PausedIOError`).
pub fn pause(w: &mut World, k: &Key, reason: &'static str) {
    let now = w.now;
    let message = match reason {
        "PausedIOError" => "VMI was paused, low-level IO error detected",
        "PausedByMigrationMonitor" => "VMI was paused by the migration monitor",
        _ => "VMI was paused by user",
    };
    if let Some(vm) = w.vm_mut(k) {
        vm.paused = Some((reason, message, now));
    }
    let msg = if reason == "PausedIOError" {
        "VirtualMachineInstance paused due to an IO error."
    } else {
        "VirtualMachineInstance paused."
    };
    let _ = msg;
    if reason == "PausedByUser" {
        w.vmi_event(
            k,
            "Normal",
            "Paused",
            "VirtualMachineInstance paused",
            "virt-handler",
        );
    } else if reason == "PausedIOError" {
        w.vmi_event(
            k,
            "Warning",
            "IOerror",
            "VM Paused due to IO error at the volume: rootdisk",
            "virt-handler",
        );
    }
}

pub fn unpause(w: &mut World, k: &Key) {
    if let Some(vm) = w.vm_mut(k) {
        vm.paused = None;
    }
    w.vmi_event(
        k,
        "Normal",
        "Resumed",
        "VirtualMachineInstance unpaused",
        "virt-handler",
    );
}
