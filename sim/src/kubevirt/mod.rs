//! One simulated virtual machine: its state as Rust values and how it renders into the objects
//! KubeVirt and Kubernetes would show for it (VirtualMachine, VirtualMachineInstance,
//! virt-launcher pods, VirtualMachineInstanceMigration).
//!
//! Rendering is a pure function of the state (no clock reads), so re-rendering an unchanged VM
//! gives equal objects and the store records no change.
//!
//! * [`vm_state`]: the VM's state, with [`launcher`] (its pods) and [`migration_state`] (its
//!   migration); [`os`]: guest operating systems.
//! * [`vmi`], [`vm_object`], [`pod`], [`migration`]: rendering into each kind of object.

mod launcher;
mod migration;
mod migration_state;
pub mod os;
mod pod;
mod vm_object;
mod vm_state;
mod vmi;

pub use launcher::{LAUNCHER_IMAGE, Pod};
pub use migration::vmim_condition;
pub use migration_state::Migration;
pub use os::Os;
pub use vm_state::{Agent, Disk, Iface, Vm, overhead_mib};

use crate::clock::rfc3339;
use serde_json::{Value, json};

fn cond(
    ty: &str,
    status: &str,
    reason: &str,
    message: &str,
    probe: Option<f64>,
    transition: Option<f64>,
) -> Value {
    let mut c = json!({
        "type": ty, "status": status,
        "lastProbeTime": probe.map(rfc3339), "lastTransitionTime": transition.map(rfc3339),
    });
    if !reason.is_empty() {
        c["reason"] = json!(reason);
    }
    if !message.is_empty() {
        c["message"] = json!(message);
    }
    c
}

fn quantity_mib(mib: u64) -> String {
    if mib.is_multiple_of(1024) {
        format!("{}Gi", mib / 1024)
    } else {
        format!("{mib}Mi")
    }
}

/// The IP of a node from its name (stable, in 192.168.126.0/24).
pub fn node_ip(node: &str) -> String {
    let h = node
        .bytes()
        .fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32));
    format!("192.168.126.{}", 10 + h % 200)
}
