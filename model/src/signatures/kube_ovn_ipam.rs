//! Kube-OVN's IP address management refusing a pod an address or a MAC: the error lines
//! kube-ovn-controller logs from its IPAM (kubeovn/kube-ovn `pkg/ipam/ipam.go`, GetStaticAddress
//! and AddOrUpdateSubnet; `pkg/ipam/subnet.go`, the subnet's and IP pool's allocators), read
//! whole:
//!
//! - a static or kept address (a VM's, with keep-vm-ip, across its launcher pods): "failed to
//!   allocate static ip %s for %s", "static ip %s does not match requested ip family %s", "ip %s
//!   has been allocated to %v", "ip %s conflicts with subnet gateway", "ip %s is out of range";
//! - a MAC: "failed to register mac %v for %s from subnet %s", "mac %s has been allocated to pod
//!   %s", "static MAC %s conflicts with gateway MAC";
//! - a subnet or pool with nothing left: "no available ip", "no free v4 ip in ip pool %s", "no
//!   free v6 ip in ip pool %s", "no ip pool %s in subnet %s", "ippool %s has conflict IPs with
//!   ippool %s: %s";
//! - a subnet's CIDR changed under its pods: "%s address %s not in subnet %s new cidr %s".
//!
//! The pod (a VM's launcher) is not given the address it needs and its network is not set up
//! (the controller records the error on the pod as `AcquireAddressFailed`,
//! `kube_ovn_reasons.rs`): the network's. The two short ones ("no available ip", "ip %s is out
//! of range") are read only in kube-ovn-controller's klog lines, by their source file.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// Kube-OVN's IPAM refused a pod the address or MAC it asked for.
const IPAM: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "Kube-OVN's IP address management refused the pod an address",
    cause: "kube-ovn-controller's IPAM could not give the pod (a VM's launcher too) its \
        address or MAC: the static or kept address is taken by another pod, is the gateway's \
        or outside the subnet, or the subnet or IP pool has none left; the pod's network is \
        not set up until the conflict is resolved or addresses are freed",
    next_steps: &[
        "kubectl logs -n kube-system deploy/kube-ovn-controller | grep <pod>",
        "kubectl get subnet <subnet> -o yaml and kubectl get ip | grep <vm>",
        "kubectl get ip -o wide | grep <address> (which pod or VM holds it)",
    ],
    ..BASE
};

/// kube-ovn-controller's IPAM source files, which its klog lines name.
const IPAM_FILES: &[&str] = &["subnet.go:", "ipam.go:"];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "kube-ovn-ipam-static-ip-failed",
        all: &["failed to allocate static ip", " for "],
        source: "kube-ovn pkg/ipam/ipam.go (GetStaticAddress: \"failed to allocate static ip %s \
            for %s\")",
        example: "E0610 14:02:02.182886       7 ipam.go:129] failed to allocate static ip 10.16.0.9 for vms/web-1",
        ..IPAM
    },
    Signature {
        id: "kube-ovn-ipam-ip-family",
        all: &["does not match requested ip family"],
        source: "kube-ovn pkg/ipam/ipam.go (GetStaticAddress: \"static ip %s does not match \
            requested ip family %s\")",
        example: "E0610 14:02:02.182886       7 ipam.go:120] static ip fd00::9 does not match requested ip family IPv4",
        ..IPAM
    },
    Signature {
        id: "kube-ovn-ipam-ip-taken",
        all: &["has been allocated to ["],
        source: "kube-ovn pkg/ipam/subnet.go (GetStaticAddress: \"ip %s has been allocated to \
            %v\")",
        example: "E0610 14:02:02.182886       7 subnet.go:558] ip 10.16.0.9 has been allocated to [vms/virt-launcher-web-1-x8k2d]",
        ..IPAM
    },
    Signature {
        id: "kube-ovn-ipam-ip-is-gateway",
        all: &["conflicts with subnet gateway"],
        source: "kube-ovn pkg/ipam/subnet.go (\"ip %s conflicts with subnet gateway\")",
        example: "E0610 14:02:02.182886       7 subnet.go:498] ip 10.16.0.1 conflicts with subnet gateway",
        ..IPAM
    },
    Signature {
        id: "kube-ovn-ipam-out-of-range",
        all: &["is out of range"],
        any: IPAM_FILES,
        source: "kube-ovn pkg/ipam/subnet.go (\"ip %s is out of range\")",
        example: "E0610 14:02:02.182886       7 subnet.go:485] ip 10.17.0.9 is out of range",
        ..IPAM
    },
    Signature {
        id: "kube-ovn-ipam-register-mac",
        all: &["failed to register mac", "from subnet"],
        source: "kube-ovn pkg/ipam/ipam.go (\"failed to register mac %v for %s from subnet %s: \
            %v\")",
        example: "E0610 14:02:02.182886       7 ipam.go:101] failed to register mac 00:00:00:35:d7:52 for vms/web-1 from subnet vm-net: AddressConflict",
        ..IPAM
    },
    Signature {
        id: "kube-ovn-ipam-mac-taken",
        all: &["mac", "has been allocated to pod"],
        source: "kube-ovn pkg/ipam/subnet.go (\"mac %s has been allocated to pod %s\")",
        example: "E0610 14:02:02.182886       7 subnet.go:203] mac 00:00:00:35:d7:52 has been allocated to pod vms/virt-launcher-web-1-x8k2d",
        ..IPAM
    },
    Signature {
        id: "kube-ovn-ipam-mac-is-gateway",
        all: &["conflicts with gateway MAC"],
        source: "kube-ovn pkg/ipam/subnet.go (\"static MAC %s conflicts with gateway MAC\")",
        example: "E0610 14:02:02.182886       7 subnet.go:208] static MAC 0a:58:0a:10:00:01 conflicts with gateway MAC",
        ..IPAM
    },
    Signature {
        id: "kube-ovn-ipam-no-available-ip",
        all: &["no available ip"],
        any: IPAM_FILES,
        source: "kube-ovn pkg/ipam/subnet.go (\"no available ip\")",
        example: "E0610 14:02:02.182886       7 subnet.go:572] no available ip",
        ..IPAM
    },
    Signature {
        id: "kube-ovn-ipam-pool-exhausted",
        all: &["ip in ip pool"],
        any: &["no free v4", "no free v6"],
        source: "kube-ovn pkg/ipam/subnet.go (\"no free v4 ip in ip pool %s\", \"no free v6 ip in \
            ip pool %s\")",
        example: "E0610 14:02:02.182886       7 subnet.go:334] no free v4 ip in ip pool vm-pool",
        ..IPAM
    },
    Signature {
        id: "kube-ovn-ipam-no-pool",
        all: &["no ip pool", "in subnet"],
        source: "kube-ovn pkg/ipam/subnet.go (\"no ip pool %s in subnet %s\")",
        example: "E0610 14:02:02.182886       7 subnet.go:325] no ip pool vm-pool in subnet vm-net",
        ..IPAM
    },
    Signature {
        id: "kube-ovn-ipam-pool-conflict",
        all: &["has conflict IPs with ippool"],
        source: "kube-ovn pkg/ipam/subnet.go (\"ippool %s has conflict IPs with ippool %s: %s\")",
        example: "ippool vm-pool-b has conflict IPs with ippool vm-pool-a: 10.16.0.10-10.16.0.20",
        ..IPAM
    },
    Signature {
        id: "kube-ovn-ipam-cidr-changed",
        all: &["not in subnet", "new cidr"],
        source: "kube-ovn pkg/ipam/ipam.go (AddOrUpdateSubnet: \"%s address %s not in subnet %s \
            new cidr %s\")",
        example: "E0610 14:02:02.182886       7 ipam.go:349] vms/web-1 address 10.16.0.9 not in subnet vm-net new cidr 10.17.0.0/16",
        ..IPAM
    },
];
