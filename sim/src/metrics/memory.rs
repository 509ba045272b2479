//! Memory series: resident, available, usable, balloon, swap and page faults.

use super::signal::{unit, wave};
use super::{Sampled, Series, push};
use crate::kubevirt::overhead_mib;

/// `kubevirt_vmi_memory_*`.
pub(super) fn series(s: &Sampled, out: &mut Vec<Series>) {
    let (vm, t, l, c) = (s.vm, s.t, &s.labels[..], &s.c);
    let (mem, period, phase) = (s.mem, s.period, s.phase);
    let overhead = overhead_mib(vm) as f64 * 1024.0 * 1024.0;
    let usable = wave(mem * (0.3 + 0.3 * unit(vm.seed, 32)), 0.1, period, phase, t).round();
    push(
        out,
        "kubevirt_vmi_memory_resident_bytes",
        l,
        &[],
        wave(mem * 0.55 + overhead, 0.02, period, phase, t).round(),
    );
    push(
        out,
        "kubevirt_vmi_memory_available_bytes",
        l,
        &[],
        mem - 48.0 * 1024.0 * 1024.0,
    );
    push(
        out,
        "kubevirt_vmi_memory_unused_bytes",
        l,
        &[],
        (usable * 0.7).round(),
    );
    push(
        out,
        "kubevirt_vmi_memory_cached_bytes",
        l,
        &[],
        (mem * 0.18).round(),
    );
    push(out, "kubevirt_vmi_memory_usable_bytes", l, &[], usable);
    push(out, "kubevirt_vmi_memory_actual_balloon_bytes", l, &[], mem);
    push(out, "kubevirt_vmi_memory_domain_bytes", l, &[], mem);
    push(
        out,
        "kubevirt_vmi_memory_swap_in_traffic_bytes",
        l,
        &[],
        0.0,
    );
    push(
        out,
        "kubevirt_vmi_memory_swap_out_traffic_bytes",
        l,
        &[],
        0.0,
    );
    push(
        out,
        "kubevirt_vmi_memory_pgmajfault_total",
        l,
        &[],
        c.value(40, 0.5).floor(),
    );
    push(
        out,
        "kubevirt_vmi_memory_pgminfault_total",
        l,
        &[],
        c.value(41, 120.0).floor(),
    );
}
