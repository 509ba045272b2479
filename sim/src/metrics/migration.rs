//! The guest's dirty rate, and while it migrates the migration series virt-handler polls.

use super::signal::{unit, wave};
use super::{Sampled, Series, push};

/// `kubevirt_vmi_dirty_rate_bytes_per_second`, or `kubevirt_vmi_migration_*` while migrating.
pub(super) fn series(s: &Sampled, node: String, out: &mut Vec<Series>) {
    let (vm, t, l) = (s.vm, s.t, &s.labels[..]);
    let (mem, period, phase) = (s.mem, s.period, s.phase);
    let migrating = vm.migration.as_ref().filter(|m| m.active());
    match migrating {
        None => {
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
        Some(m) => {
            // virt-handler polls the source domain every 5 s; each sample carries its own time.
            let start = m.start.unwrap_or(t);
            let polled = start + ((t - start) / 5.0).floor() * 5.0;
            let ml = [
                ("namespace".to_string(), vm.ns.clone()),
                ("name".to_string(), vm.name.clone()),
                ("node".to_string(), node),
            ];
            let mut mig = |name: &'static str, value: f64| {
                out.push(Series {
                    name,
                    labels: ml.to_vec(),
                    value: value.round(),
                    ts: Some(polled),
                })
            };
            mig("kubevirt_vmi_migration_data_bytes_total", m.total_bytes);
            mig(
                "kubevirt_vmi_migration_data_remaining_bytes",
                m.remaining(polled),
            );
            mig(
                "kubevirt_vmi_migration_data_processed_bytes",
                m.processed(polled),
            );
            mig(
                "kubevirt_vmi_migration_dirty_memory_rate_bytes",
                m.dirty_rate_now(),
            );
            mig(
                "kubevirt_vmi_migration_memory_transfer_rate_bytes",
                m.transfer_rate,
            );
        }
    }
}
