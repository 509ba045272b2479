//! CPU series: usage counters, per-vCPU time, and the node CPU affinity.

use super::signal::RoundIsh;
use super::{Sampled, Series, push};

/// `kubevirt_vmi_cpu_*` and `kubevirt_vmi_vcpu_*`.
pub(super) fn usage(s: &Sampled, out: &mut Vec<Series>) {
    let (vm, l, c, cpus, util) = (s.vm, &s.labels[..], &s.c, s.cpus, s.util);
    let cpu = c.value(20, cpus * util);
    push(out, s.names.cpu_usage, l, &[], cpu);
    push(
        out,
        "kubevirt_vmi_cpu_user_usage_seconds_total",
        l,
        &[],
        (cpu * 0.78).round_ties_even_ish(),
    );
    push(
        out,
        "kubevirt_vmi_cpu_system_usage_seconds_total",
        l,
        &[],
        (cpu * 0.17).round_ties_even_ish(),
    );
    for i in 0..vm.cpus.min(16) {
        let id = i.to_string();
        push(
            out,
            "kubevirt_vmi_vcpu_seconds_total",
            l,
            &[("id", id.clone()), ("state", "running".into())],
            c.value(100 + i as u64 * 7, util),
        );
        push(
            out,
            "kubevirt_vmi_vcpu_wait_seconds_total",
            l,
            &[("id", id.clone())],
            c.value(300 + i as u64 * 7, util * 0.01),
        );
        push(
            out,
            "kubevirt_vmi_vcpu_delay_seconds_total",
            l,
            &[("id", id)],
            c.value(500 + i as u64 * 7, util * 0.02),
        );
    }
}

/// `kubevirt_vmi_node_cpu_affinity`.
pub(super) fn affinity(s: &Sampled, out: &mut Vec<Series>) {
    let (l, cpus) = (&s.labels[..], s.cpus);
    push(out, "kubevirt_vmi_node_cpu_affinity", l, &[], cpus * 64.0);
}
