//! Network series per interface with a spec name: bytes, packets, errors and drops.

use super::signal::unit;
use super::{Sampled, Series, push};

/// `kubevirt_vmi_network_*`.
pub(super) fn series(s: &Sampled, out: &mut Vec<Series>) {
    let (vm, l, c) = (s.vm, &s.labels[..], &s.c);
    for (i, iface) in vm.ifaces.iter().enumerate() {
        let Some(name) = &iface.name else { continue };
        let salt = 2000 + i as u64 * 50;
        let ifl = [("interface", name.clone())];
        let rx = 10e3 + 3e6 * unit(vm.seed, salt);
        let tx = 5e3 + 2e6 * unit(vm.seed, salt + 1);
        push(
            out,
            "kubevirt_vmi_network_receive_bytes_total",
            l,
            &ifl,
            c.value(salt + 2, rx).floor(),
        );
        push(
            out,
            "kubevirt_vmi_network_transmit_bytes_total",
            l,
            &ifl,
            c.value(salt + 3, tx).floor(),
        );
        push(
            out,
            "kubevirt_vmi_network_receive_packets_total",
            l,
            &ifl,
            c.value(salt + 4, rx / 900.0).floor(),
        );
        push(
            out,
            "kubevirt_vmi_network_transmit_packets_total",
            l,
            &ifl,
            c.value(salt + 5, tx / 700.0).floor(),
        );
        push(
            out,
            "kubevirt_vmi_network_receive_errors_total",
            l,
            &ifl,
            0.0,
        );
        push(
            out,
            "kubevirt_vmi_network_transmit_errors_total",
            l,
            &ifl,
            0.0,
        );
        push(
            out,
            "kubevirt_vmi_network_receive_packets_dropped_total",
            l,
            &ifl,
            c.value(salt + 6, 0.01).floor(),
        );
        push(
            out,
            "kubevirt_vmi_network_transmit_packets_dropped_total",
            l,
            &ifl,
            0.0,
        );
    }
}
