//! Storage series per drive: IOPS, traffic, times and flushes.

use super::signal::unit;
use super::{Sampled, Series, push};

/// `kubevirt_vmi_storage_*`.
pub(super) fn series(s: &Sampled, out: &mut Vec<Series>) {
    let (vm, l, c) = (s.vm, &s.labels[..], &s.c);
    for (i, d) in vm.disks.iter().enumerate() {
        let salt = 1000 + i as u64 * 50;
        let drive = [("drive", d.name.clone())];
        let scale = if d.kind == "cloudInit" { 0.0001 } else { 1.0 };
        let read_bps = scale * (50e3 + 4e6 * unit(vm.seed, salt));
        let write_bps = scale * (20e3 + 2e6 * unit(vm.seed, salt + 1));
        push(
            out,
            "kubevirt_vmi_storage_iops_read_total",
            l,
            &drive,
            c.value(salt + 2, read_bps / 16384.0).floor(),
        );
        push(
            out,
            "kubevirt_vmi_storage_iops_write_total",
            l,
            &drive,
            c.value(salt + 3, write_bps / 16384.0).floor(),
        );
        push(
            out,
            "kubevirt_vmi_storage_read_traffic_bytes_total",
            l,
            &drive,
            c.value(salt + 4, read_bps).floor(),
        );
        push(
            out,
            "kubevirt_vmi_storage_write_traffic_bytes_total",
            l,
            &drive,
            c.value(salt + 5, write_bps).floor(),
        );
        push(
            out,
            "kubevirt_vmi_storage_read_times_seconds_total",
            l,
            &drive,
            c.value(salt + 6, read_bps / 16384.0 * 0.0004),
        );
        push(
            out,
            "kubevirt_vmi_storage_write_times_seconds_total",
            l,
            &drive,
            c.value(salt + 7, write_bps / 16384.0 * 0.0009),
        );
        push(
            out,
            "kubevirt_vmi_storage_flush_requests_total",
            l,
            &drive,
            c.value(salt + 8, scale * 2.0).floor(),
        );
        push(
            out,
            "kubevirt_vmi_storage_flush_times_seconds_total",
            l,
            &drive,
            c.value(salt + 9, scale * 0.002),
        );
    }
}
