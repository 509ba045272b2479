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

/// `kubevirt_vmi_guest_os_panic_total{namespace,name,type,bugcheck_code}` (v1.9 on, KubeVirt
/// `pkg/monitoring/metrics/virt-handler/guest_metrics.go`): a CounterVec, so a series exists
/// only once the guest panicked; `bugcheck_code` is "unknown" unless Hyper-V reports one.
pub(super) fn panics(s: &Sampled, out: &mut Vec<Series>) {
    if !s.names.guest_panic {
        return;
    }
    let vm = s.vm;
    let mut counts: Vec<((&str, String), f64)> = Vec::new();
    for (t, ty, code) in vm.panics.iter().filter(|p| p.0 <= s.t) {
        let _ = t;
        let code = if *code == 0 {
            "unknown".to_string()
        } else {
            format!("0x{code:x}")
        };
        match counts.iter_mut().find(|c| c.0.0 == *ty && c.0.1 == code) {
            Some(c) => c.1 += 1.0,
            None => counts.push(((ty, code), 1.0)),
        }
    }
    let nn = [
        ("namespace".to_string(), vm.ns.clone()),
        ("name".to_string(), vm.name.clone()),
    ];
    for ((ty, code), n) in counts {
        let extra = [("type", ty.to_string()), ("bugcheck_code", code)];
        push(out, "kubevirt_vmi_guest_os_panic_total", &nn, &extra, n);
    }
}

/// `kubevirt_vmi_filesystem_*`.
pub(super) fn filesystems(s: &Sampled, out: &mut Vec<Series>) {
    let (vm, l) = (s.vm, &s.labels[..]);
    if vm.agent.connected() {
        for fs in crate::subresources::filesystems(vm) {
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
