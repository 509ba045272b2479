//! KubeMacPool's words for a MAC address it cannot give out or finds twice, read from its source
//! (k8snetworkplumbingwg/kubemacpool): the pool manager's refusal of a requested MAC and its log
//! of whom it belongs to (`pkg/pool-manager/virtualmachine_pool.go`:
//! "failed to allocate requested mac address", "mac address %s already allocated to %+v,
//! conflict with: %s:%s"; a VM with the same MAC on two interfaces, "duplicate MAC address %s
//! found on interfaces: %s and %s"), its pool exhausted (`pool.go`, ErrFull "the range is
//! full"), the mutating webhook's wrap (`pkg/webhook/virtualmachine/virtualmachine.go`:
//! "Failed to create/update virtual machine allocation error: %v") and the collision
//! controller's Warning event on running VMIs and pods (`pkg/controller/maccollision/
//! vmi_controller.go`, `pod_controller.go`: reason `MACCollision`, "MAC %s: Collision between
//! %s"). Two interfaces with one MAC on the same LAN break each other's traffic, and a VM
//! refused its MAC is not created: the VMs' network (data table). The webhook's denial as the
//! API server relays it is `multus.rs`'s.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const MAC: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "KubeMacPool finds a MAC address already in use",
    cause: "KubeMacPool, which allocates the MAC addresses of VMs and pods in opted-in \
        namespaces, finds the MAC asked for already given to another VM's or pod's interface: \
        two interfaces with one MAC on the same network break each other's traffic, and a VM \
        refused its MAC is not created",
    next_steps: &[
        "kubectl logs -n <network add-ons namespace> deploy/kubemacpool-mac-controller-manager",
        "kubectl get vm -A -o yaml | grep -i macAddress (the VMs that ask for that MAC)",
        "remove the duplicate macAddress from one of the VMs' interfaces",
    ],
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "kubemacpool-mac-already-allocated",
        all: &["mac address", "already allocated to"],
        source: "kubemacpool pkg/pool-manager/virtualmachine_pool.go \
            (checkRequestedVirtualMachineInterfaceMac: \"mac address %s already allocated to \
            %+v, conflict with: %s:%s\")",
        example: "mac address 02:00:00:00:00:07 already allocated to [vm/ns/db eth1], conflict with: vm/ns/web:eth1",
        ..MAC
    },
    Signature {
        id: "kubemacpool-requested-mac-refused",
        all: &["failed to allocate requested mac address"],
        source: "kubemacpool pkg/pool-manager/virtualmachine_pool.go (\"failed to allocate \
            requested mac address\"); pkg/webhook/virtualmachine/virtualmachine.go (\"Failed \
            to create virtual machine allocation error: %v\")",
        example: "Failed to create virtual machine allocation error: failed to allocate requested mac address",
        ..MAC
    },
    // The webhook's wraps of any allocation failure (`pkg/webhook/virtualmachine/
    // virtualmachine.go`: errors.Wrap(err, "Failed to allocate mac to the vm object"), then
    // "Failed to create virtual machine allocation error: %v" or "Failed to update virtual
    // machine allocation error: %v"): read on their own, as a refusal wrapped over lines
    // (a restore's or a client's log) splits the inner error from them.
    Signature {
        id: "kubemacpool-vm-allocation-failed",
        all: &["Failed to allocate mac to the vm object"],
        none: &["the range is full"],
        source: "kubemacpool pkg/webhook/virtualmachine/virtualmachine.go \
            (errors.Wrap(err, \"Failed to allocate mac to the vm object\"))",
        example: "Failed to allocate mac to the vm object: failed to allocate requested mac",
        ..MAC
    },
    Signature {
        id: "kubemacpool-vm-allocation-error",
        all: &["virtual machine allocation error"],
        any: &["Failed to create", "Failed to update"],
        source: "kubemacpool pkg/webhook/virtualmachine/virtualmachine.go \
            (\"Failed to create virtual machine allocation error: %v\", \"Failed to update \
            virtual machine allocation error: %v\")",
        example: "denied the request: Failed to update virtual machine allocation error:",
        ..MAC
    },
    Signature {
        id: "kubemacpool-mac-collision",
        all: &["Collision between"],
        any: &["MACCollision", "MAC "],
        title: "KubeMacPool reports running interfaces that share a MAC address",
        source: "kubemacpool pkg/controller/maccollision/vmi_controller.go, pod_controller.go \
            (Warning MACCollision: \"MAC %s: Collision between %s\")",
        example: "Warning  MACCollision  2m  kubemacpool  MAC 02:00:00:00:00:07: Collision between ns/vmi-a, ns/vmi-b",
        ..MAC
    },
    Signature {
        id: "kubemacpool-duplicate-mac-in-vm",
        all: &["duplicate MAC address", "found on interfaces"],
        health: Health::Degraded,
        title: "a VM asks for one MAC address on two of its interfaces",
        cause: "the VM's spec gives two of its interfaces the same macAddress, which KubeMacPool \
            refuses: the VM is not created until one is changed",
        next_steps: &[
            "kubectl get vm <name> -o yaml (spec.template.spec.domain.devices.interfaces[].macAddress)",
        ],
        source: "kubemacpool pkg/pool-manager/virtualmachine_pool.go (checkIntraVMDuplicateMACs: \
            \"duplicate MAC address %s found on interfaces: %s and %s\")",
        example: "duplicate MAC address 02:00:00:00:00:07 found on interfaces: eth1 and eth2",
        ..MAC
    },
    Signature {
        id: "kubemacpool-range-full",
        all: &["the range is full"],
        any: &["mac", "kubemacpool"],
        title: "KubeMacPool's MAC range is exhausted",
        cause: "every MAC address of KubeMacPool's configured range is given out, so new VMs and \
            pods in opted-in namespaces get none and are not created",
        next_steps: &[
            "kubectl get cm -n <network add-ons namespace> kubemacpool-mac-range-config -o yaml (RANGE_START, RANGE_END)",
            "widen the range in the NetworkAddonsConfig's kubeMacPool (rangeStart, rangeEnd)",
        ],
        source: "kubemacpool pkg/pool-manager/pool.go (ErrFull: \"the range is full\")",
        example: "failed to allocate mac to the vm object: the range is full",
        ..MAC
    },
];
