//! The guest's dirty rate, and while it migrates the migration series virt-handler polls, under
//! the names of the imitated KubeVirt release ([`super::names`]).

use super::names::MetricNames;
use super::signal::{unit, wave};
use super::{Sampled, Series, push};
use crate::kubevirt::Vm;
use crate::world::World;

/// `kubevirt_vmi_dirty_rate_bytes_per_second` (v1.6 on; from v1.9 not while migrating); the
/// migration series are [`polled`].
pub(super) fn dirty_rate(s: &Sampled, out: &mut Vec<Series>) {
    let (vm, t, l) = (s.vm, s.t, &s.labels[..]);
    let (mem, period, phase) = (s.mem, s.period, s.phase);
    let names = &s.names;
    // What was in progress at `t` (a range query asks past instants of the current state).
    let migrating = vm.migration.as_ref().filter(|m| m.active_at(t));
    if names.guest_dirty_rate && !(migrating.is_some() && names.dirty_rate_skips_migrating) {
        let dirty = wave(
            mem * 0.004 * (0.2 + unit(vm.seed, 50)),
            0.3,
            period,
            phase,
            t,
        )
        .round();
        push(
            out,
            "kubevirt_vmi_dirty_rate_bytes_per_second",
            l,
            &[],
            if vm.paused.is_some() { 0.0 } else { dirty },
        );
    }
}

/// The migration series virt-handler polled at `t` (see [`dirty_rate`] for the guest's own). The source node's
/// virt-handler polls while the migration is in progress; once it ended, Prometheus keeps what
/// it scraped, whatever the VM's node does now.
pub(super) fn polled(w: &World, vm: &Vm, t: f64, names: &MetricNames, out: &mut Vec<Series>) {
    let Some(m) = vm.migration.as_ref().filter(|m| m.active_at(t)) else {
        return;
    };
    let source_up = w
        .nodes
        .get(&m.source_node)
        .is_some_and(|n| n.kubelet_up && n.handler_up);
    if !vm.running() || (m.end.is_none() && (vm.frozen || !source_up)) {
        return;
    }
    // virt-handler polls the source domain every 5 s while the migration is in progress; each
    // sample carries its own time (`migrationdomainstats/queue.go`, `pollingInterval`).
    let start = m.start.unwrap_or(t);
    let polled = start + ((t - start) / 5.0).floor() * 5.0;
    let ml = [
        ("namespace".to_string(), vm.ns.clone()),
        ("name".to_string(), vm.name.clone()),
        // virt-handler on the source node polls it (`queue.go`: the VMI's node while it runs).
        ("node".to_string(), m.source_node.clone()),
    ];
    let mut mig = |name: &'static str, value: f64| {
        out.push(Series {
            name,
            labels: ml.to_vec(),
            value: value.round(),
            ts: Some(polled),
        })
    };
    if let Some(total) = names.total {
        mig(total, m.total_bytes);
    }
    mig(names.remaining, m.remaining(polled));
    mig(names.processed, m.processed(polled));
    mig(names.dirty_memory, m.dirty_rate_at(polled));
    mig(names.memory_rate, m.transfer_rate);
    if let Some(disk) = names.disk_rate {
        // libvirt's DiskBps: only a block migration copies disks.
        let disk_bps = if vm.block_migration() {
            m.transfer_rate * 0.25
        } else {
            0.0
        };
        mig(disk, disk_bps);
    }
}
