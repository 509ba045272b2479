//! Series the guest agent reports: load averages and filesystems (only while it is connected).

use super::{Sampled, Series, push};
use std::f64::consts::TAU;

/// `kubevirt_vmi_guest_load_*`.
pub(super) fn load(s: &Sampled, out: &mut Vec<Series>) {
    let (vm, t, l) = (s.vm, s.t, &s.labels[..]);
    let (cpus, util, period, phase) = (s.cpus, s.util, s.period, s.phase);
    if vm.agent.connected() {
        let load = cpus * util * (1.0 + 0.3 * (TAU / period * t + phase).sin());
        push(
            out,
            "kubevirt_vmi_guest_load_1m",
            l,
            &[],
            (load * 100.0).round() / 100.0,
        );
        push(
            out,
            "kubevirt_vmi_guest_load_5m",
            l,
            &[],
            (cpus * util * 100.0).round() / 100.0,
        );
        push(
            out,
            "kubevirt_vmi_guest_load_15m",
            l,
            &[],
            (cpus * util * 0.95 * 100.0).round() / 100.0,
        );
    }
}

/// `kubevirt_vmi_filesystem_*`.
pub(super) fn filesystems(s: &Sampled, out: &mut Vec<Series>) {
    let (vm, l) = (s.vm, &s.labels[..]);
    if vm.agent.connected() {
        for fs in crate::guestagent::filesystems(vm) {
            let field = |k: &str| fs[k].as_str().unwrap_or_default().to_string();
            let fl = [
                ("disk_name", field("diskName")),
                ("mount_point", field("mountPoint")),
                ("file_system_type", field("fileSystemType")),
            ];
            push(
                out,
                "kubevirt_vmi_filesystem_capacity_bytes",
                l,
                &fl,
                fs["totalBytes"].as_f64().unwrap_or(0.0),
            );
            push(
                out,
                "kubevirt_vmi_filesystem_used_bytes",
                l,
                &fl,
                fs["usedBytes"].as_f64().unwrap_or(0.0),
            );
        }
    }
}
