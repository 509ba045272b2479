//! The `interfaces` scenario: addresses from the guest agent, the domain and Multus, disagreeing.

use crate::kubevirt::{Iface, Vm};
use crate::scenarios::vms::primary_iface;
use crate::world::World;

/// A dual-stack primary interface, a secondary Multus network whose guest address Multus never
/// assigned, and a guest-only interface.
pub fn interfaces(w: &mut World, vm: &mut Vm) {
    let pod_ip = vm.pod.as_ref().and_then(|p| p.ip.clone());
    let mac2 = w.mac();
    let mac3 = w.mac();
    let os = vm.os;
    vm.ifaces = vec![
        Iface {
            ips: pod_ip
                .into_iter()
                .chain(["fd10:0:2::2".to_string()])
                .collect(),
            ..primary_iface(w, None, true, &os)
        },
        // Secondary network: the guest agent reports an address Multus never assigned.
        Iface {
            name: Some("tenant-net".into()),
            mac: mac2,
            ips: vec!["192.168.50.14".into(), "fe80::ff:fe3a:5c01".into()],
            guest_name: Some("eth1".into()),
            info_source: "domain, guest-agent, multus-status".into(),
            pod_iface: Some("pod9a1f3c8e2b4".into()),
            binding: "bridge",
            multus: Some("tenant-net".into()),
            multus_ip: Some("192.168.50.12".into()),
            state_down: false,
        },
        // A guest-only interface (no spec name).
        Iface {
            name: None,
            mac: mac3,
            ips: vec!["172.17.0.1".into()],
            guest_name: Some("docker0".into()),
            info_source: "guest-agent".into(),
            pod_iface: None,
            binding: "",
            multus: None,
            multus_ip: None,
            state_down: false,
        },
    ];
    // A bridge on a secondary network is migratable; the pod network stays masquerade.
}
