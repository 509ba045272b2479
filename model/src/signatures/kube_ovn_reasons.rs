//! Kube-OVN's controller and CNI daemon naming a failure by its reason: the `reason` of the
//! conditions they write on their own resources and of the Warning events they record, which is
//! what an operator pastes (`kubectl describe pod|subnet|provider-network`, `get subnet -o yaml`,
//! `get events`). The whole failure vocabulary, read from kubeovn/kube-ovn:
//!
//! - a pod's address and logical port (a VM's launcher pod too): the events of
//!   `pkg/controller/pod.go` (`AcquireAddressFailed`, `PodNetworkAllocationFailed`,
//!   `CreateOVNPortFailed`, `ValidatePodNetworkFailed`, `GetVlanInfoFailed`,
//!   `PodNetworkUpdateFailed`) and of the CNI daemon, `pkg/daemon/handler.go`
//!   (`PodNetworkConfigureFailed`), and the IPAM's errors they carry, `pkg/ipam/ipam.go`
//!   (`NoAvailableAddress`, `AddressConflict`, `AddressOutOfRange`);
//! - a subnet's logical switch and an IP pool: `patchSubnetStatus`'s reasons
//!   (`pkg/controller/subnet.go`, `subnet_status.go`: the `Error` condition, `Ready` False and a
//!   Warning event with the same reason; the older `CreateLogicalSwitchFailed`,
//!   `ListLogicalSwitchFailed` and `SetLogicalSwitchConfigFailed` of releases before the OVN
//!   client refactor, kube-ovn commit 443dd58) and `pkg/controller/ippool.go`'s;
//! - a subnet's gateway (`NoActiveGatewayFound`, `NoReadyGateway`) and a provider network's
//!   bridge on a node (`pkg/controller/provider_network.go`, `InitOVSBridgeFailed`);
//! - what leaves the pod connected but its policy unapplied (QoS, port security, network policy
//!   ACLs, a node address inside a subnet's CIDR, a port not released): degraded.
//!
//! Every one is the pod network's, whichever object carries it: the VM's interfaces get no
//! address, port or route from Kube-OVN. The `…Success` reasons are the normal ones and are not
//! here; the VPC egress gateway's reasons (`pkg/controller/vpc_egress_gateway*.go`) concern no
//! VM's own network and their words (`UpdateStatusFailed`, `DeleteFailed`) are other
//! controllers' too, so they are left out. A reason is matched as Kube-OVN spells it.
//! Kube-OVN's CNI server's own messages are in `kube_ovn.rs`.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// A pod (a VM's launcher) that Kube-OVN gave no address or logical port.
const POD_PORT: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "Kube-OVN could not give the pod its address or logical port",
    cause: "kube-ovn-controller allocates every pod's address from its subnet and creates its \
        OVN logical switch port, and kube-ovn-cni plugs it on the node; one of these steps \
        failed (no free or a conflicting address, a missing VLAN or subnet, the OVN database \
        refusing the port), so the pod (a VM's launcher too) has no working pod network",
    next_steps: &[
        "kubectl describe pod <virt-launcher pod> (Kube-OVN's events: stage= and error=)",
        "kubectl logs -n kube-system deploy/kube-ovn-controller | grep <pod>",
        "kubectl get subnet <subnet> -o yaml and kubectl get ip | grep <vm>",
    ],
    ..BASE
};

/// A subnet's logical switch (or an IP pool) Kube-OVN could not create or configure.
const SUBNET: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "Kube-OVN could not set up a subnet's logical switch",
    cause: "kube-ovn-controller reconciles each Subnet (and IPPool) into an OVN logical switch \
        with its load balancers, ACLs and address sets; this step failed and the subnet \
        carries the reason on its Error condition: pods and VMs on the subnet get no or a \
        broken network until it is fixed",
    next_steps: &[
        "kubectl get subnet <subnet> -o yaml (status.conditions: the Error condition's message)",
        "kubectl logs -n kube-system deploy/kube-ovn-controller | grep <subnet>",
        "kubectl ko nbctl show <subnet> (the logical switch and its ports)",
    ],
    ..BASE
};

/// A centralized subnet without a ready gateway node.
const GATEWAY: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "a Kube-OVN subnet has no ready gateway",
    cause: "a centralized Kube-OVN subnet sends its pods' traffic out through its gateway \
        nodes; none is named or none is ready, so pods and VMs on the subnet cannot reach \
        anything outside it",
    next_steps: &[
        "kubectl get subnet <subnet> -o yaml (spec.gatewayNode, status.activateGateway)",
        "kubectl get nodes (the gateway nodes' readiness)",
    ],
    ..BASE
};

/// A provider network whose OVS bridge could not be made on a node.
const PROVIDER: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "Kube-OVN could not set up a provider network's bridge on a node",
    cause: "kube-ovn-cni creates the OVS bridge of an underlay provider network on each node \
        and moves the node's NIC into it; on this node it failed, so VLAN and underlay subnets \
        have no path out there",
    next_steps: &[
        "kubectl get provider-network <name> -o yaml (status.conditions per node)",
        "kubectl logs -n kube-system <kube-ovn-cni pod on the node>",
    ],
    ..BASE
};

/// A pod connected but one of its network policies not applied.
const POLICY: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Degraded,
    title: "Kube-OVN could not apply a pod's network policy or release its port",
    cause: "the pod's network works, but Kube-OVN failed to apply its QoS, port security or \
        network policy ACLs, warns of a node address inside a subnet, or could not release a \
        deleted pod's port: traffic may be unlimited, unfiltered or collide with a stale port",
    next_steps: &[
        "kubectl describe pod <pod> (Kube-OVN's events: stage= and error=)",
        "kubectl logs -n kube-system deploy/kube-ovn-controller | grep <pod>",
    ],
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    // a pod's address and logical port
    Signature {
        id: "kube-ovn-acquire-address-failed",
        all: &["AcquireAddressFailed"],
        cased: &["AcquireAddressFailed"],
        source: "kube-ovn pkg/controller/pod.go (reconcileAllocateSubnets: Eventf Warning \"AcquireAddressFailed\", \"stage=acquireAddress error=%v\")",
        example: "  Warning  AcquireAddressFailed  14s (x6 over 2m)  kube-ovn-controller  stage=acquireAddress error=failed to get ip for pod vms/virt-launcher-db-7k2qp",
        ..POD_PORT
    },
    Signature {
        id: "kube-ovn-pod-network-allocation-failed",
        all: &["PodNetworkAllocationFailed"],
        cased: &["PodNetworkAllocationFailed"],
        source: "kube-ovn pkg/controller/pod.go (reconcileAllocateSubnets: Eventf Warning \"PodNetworkAllocationFailed\", \"stage=%s error=%v\")",
        example: "  Warning  PodNetworkAllocationFailed  40s  kube-ovn-controller  stage=getPodKubeovnNets error=failed to get pod kubeovn nets",
        ..POD_PORT
    },
    Signature {
        id: "kube-ovn-create-ovn-port-failed",
        all: &["CreateOVNPortFailed"],
        cased: &["CreateOVNPortFailed"],
        source: "kube-ovn pkg/controller/pod.go (reconcileAllocateSubnets: Eventf Warning \"CreateOVNPortFailed\", \"stage=createLogicalSwitchPort error=%v\")",
        example: "  Warning  CreateOVNPortFailed  9s  kube-ovn-controller  stage=createLogicalSwitchPort error=transaction failed",
        ..POD_PORT
    },
    Signature {
        id: "kube-ovn-validate-pod-network-failed",
        all: &["ValidatePodNetworkFailed"],
        cased: &["ValidatePodNetworkFailed"],
        source: "kube-ovn pkg/controller/pod.go (reconcileAllocateSubnets: Eventf Warning \"ValidatePodNetworkFailed\", \"stage=validateNetworkBroadcast error=%v\")",
        example: "  Warning  ValidatePodNetworkFailed  3s  kube-ovn-controller  stage=validateNetworkBroadcast error=10.16.0.255 is the broadcast ip in cidr 10.16.0.0/24",
        ..POD_PORT
    },
    Signature {
        id: "kube-ovn-get-vlan-info-failed",
        all: &["GetVlanInfoFailed"],
        cased: &["GetVlanInfoFailed"],
        source: "kube-ovn pkg/controller/pod.go (reconcileAllocateSubnets: Eventf Warning \"GetVlanInfoFailed\", \"stage=getVlanInfo error=%v\")",
        example: "  Warning  GetVlanInfoFailed  21s  kube-ovn-controller  stage=getVlanInfo error=vlan.kubeovn.io \"vlan20\" not found",
        ..POD_PORT
    },
    Signature {
        id: "kube-ovn-pod-network-update-failed",
        all: &["PodNetworkUpdateFailed"],
        cased: &["PodNetworkUpdateFailed"],
        source: "kube-ovn pkg/controller/pod.go (handleAddOrUpdatePod: Eventf Warning \"PodNetworkUpdateFailed\", \"stage=getPodKubeovnNets error=%v\")",
        example: "  Warning  PodNetworkUpdateFailed  5s  kube-ovn-controller  stage=syncKubeOvnNet error=subnet attach-1 not found",
        ..POD_PORT
    },
    Signature {
        id: "kube-ovn-pod-network-configure-failed",
        all: &["PodNetworkConfigureFailed"],
        cased: &["PodNetworkConfigureFailed"],
        source: "kube-ovn pkg/daemon/handler.go (handleAdd: recordCNIPodEvent Warning \"PodNetworkConfigureFailed\", \"stage=%s error=%v\")",
        example: "  Warning  PodNetworkConfigureFailed  12s  kube-ovn-cni  stage=configureNic error=exit status 1",
        ..POD_PORT
    },
    Signature {
        id: "kube-ovn-no-available-address",
        all: &["NoAvailableAddress"],
        cased: &["NoAvailableAddress"],
        source: "kube-ovn pkg/ipam/ipam.go (ErrNoAvailable = errors.New(\"NoAvailableAddress\")), returned by pkg/controller/pod.go acquireAddress",
        example: "E0412 09:13:55.201177       7 pod.go:702] NoAvailableAddress",
        ..POD_PORT
    },
    Signature {
        id: "kube-ovn-address-conflict",
        all: &["AddressConflict"],
        // A node's address in a subnet's CIDR is its own (degraded) reason.
        none: &["NodeAddressConflictWithSubnet"],
        cased: &["AddressConflict"],
        source: "kube-ovn pkg/ipam/ipam.go (ErrConflict = errors.New(\"AddressConflict\")), returned by pkg/controller/pod.go acquireStaticAddress",
        example: "E0412 09:13:55.201177       7 pod.go:702] AddressConflict",
        ..POD_PORT
    },
    Signature {
        id: "kube-ovn-address-out-of-range",
        all: &["AddressOutOfRange"],
        cased: &["AddressOutOfRange"],
        source: "kube-ovn pkg/ipam/ipam.go (ErrOutOfRange = errors.New(\"AddressOutOfRange\"))",
        example: "E0412 09:13:55.201177       7 pod.go:702] AddressOutOfRange",
        ..POD_PORT
    },
    // a subnet's logical switch, an IP pool
    Signature {
        id: "kube-ovn-create-logical-switch-failed",
        all: &["CreateLogicalSwitchFailed"],
        cased: &["CreateLogicalSwitchFailed"],
        source: "kube-ovn pkg/controller/subnet.go before kube-ovn 443dd58 (handleAddOrUpdateSubnet: patchSubnetStatus(subnet, \"CreateLogicalSwitchFailed\", err.Error()))",
        example: "    reason: CreateLogicalSwitchFailed",
        ..SUBNET
    },
    Signature {
        id: "kube-ovn-list-logical-switch-failed",
        all: &["ListLogicalSwitchFailed"],
        cased: &["ListLogicalSwitchFailed"],
        source: "kube-ovn pkg/controller/subnet.go before kube-ovn 443dd58 (patchSubnetStatus(subnet, \"ListLogicalSwitchFailed\", err.Error()))",
        example: "    reason: ListLogicalSwitchFailed",
        ..SUBNET
    },
    Signature {
        id: "kube-ovn-set-logical-switch-config-failed",
        all: &["SetLogicalSwitchConfigFailed"],
        cased: &["SetLogicalSwitchConfigFailed"],
        source: "kube-ovn pkg/controller/subnet.go before kube-ovn 443dd58 (patchSubnetStatus(subnet, \"SetLogicalSwitchConfigFailed\", err.Error()))",
        example: "    reason: SetLogicalSwitchConfigFailed",
        ..SUBNET
    },
    Signature {
        id: "kube-ovn-validate-logical-switch-failed",
        all: &["ValidateLogicalSwitchFailed"],
        cased: &["ValidateLogicalSwitchFailed"],
        source: "kube-ovn pkg/controller/subnet.go (handleAddOrUpdateSubnet: patchSubnetStatus(subnet, \"ValidateLogicalSwitchFailed\", ...)); pkg/controller/subnet_status.go (NotValidated)",
        example: "  Warning  ValidateLogicalSwitchFailed  7s  kube-ovn-controller  subnet net1 cidr 10.16.0.0/16 conflicts with subnet ovn-default cidr 10.16.0.0/16",
        ..SUBNET
    },
    Signature {
        id: "kube-ovn-validate-subnet-vlan-failed",
        all: &["ValidateSubnetVlanFailed"],
        cased: &["ValidateSubnetVlanFailed"],
        source: "kube-ovn pkg/controller/subnet.go (patchSubnetStatus(subnet, \"ValidateSubnetVlanFailed\", err.Error()))",
        example: "    reason: ValidateSubnetVlanFailed",
        ..SUBNET
    },
    Signature {
        id: "kube-ovn-add-lb-to-logical-switch-failed",
        all: &["AddLbToLogicalSwitchFailed"],
        cased: &["AddLbToLogicalSwitchFailed"],
        source: "kube-ovn pkg/controller/subnet.go (patchSubnetStatus(subnet, \"AddLbToLogicalSwitchFailed\", lbErr.Error()))",
        example: "    reason: AddLbToLogicalSwitchFailed",
        ..SUBNET
    },
    Signature {
        id: "kube-ovn-set-private-logical-switch-failed",
        all: &["SetPrivateLogicalSwitchFailed"],
        cased: &["SetPrivateLogicalSwitchFailed"],
        source: "kube-ovn pkg/controller/subnet.go (patchSubnetStatus(subnet, \"SetPrivateLogicalSwitchFailed\", privErr.Error()))",
        example: "    reason: SetPrivateLogicalSwitchFailed",
        ..SUBNET
    },
    Signature {
        id: "kube-ovn-reset-logical-switch-acl-failed",
        all: &["ResetLogicalSwitchAclFailed"],
        cased: &["ResetLogicalSwitchAclFailed"],
        source: "kube-ovn pkg/controller/subnet.go (patchSubnetStatus(subnet, \"ResetLogicalSwitchAclFailed\", aclErr.Error()))",
        example: "    reason: ResetLogicalSwitchAclFailed",
        ..SUBNET
    },
    Signature {
        id: "kube-ovn-set-logical-switch-acls-failed",
        all: &["SetLogicalSwitchAclsFailed"],
        cased: &["SetLogicalSwitchAclsFailed"],
        source: "kube-ovn pkg/controller/subnet.go (patchSubnetStatus(subnet, \"SetLogicalSwitchAclsFailed\", aclErr.Error()))",
        example: "    reason: SetLogicalSwitchAclsFailed",
        ..SUBNET
    },
    Signature {
        id: "kube-ovn-update-ipam-failed",
        all: &["UpdateIPAMFailed"],
        cased: &["UpdateIPAMFailed"],
        source: "kube-ovn pkg/controller/ippool.go (patchIPPoolStatusCondition(ippool, \"UpdateIPAMFailed\", err.Error()))",
        example: "    reason: UpdateIPAMFailed",
        ..SUBNET
    },
    Signature {
        id: "kube-ovn-reconcile-address-set-failed",
        all: &["ReconcileAddressSetFailed"],
        cased: &["ReconcileAddressSetFailed"],
        source: "kube-ovn pkg/controller/ippool.go (patchIPPoolStatusCondition(ippool, \"ReconcileAddressSetFailed\", err.Error()))",
        example: "    reason: ReconcileAddressSetFailed",
        ..SUBNET
    },
    // a subnet's gateway
    Signature {
        id: "kube-ovn-no-active-gateway-found",
        all: &["NoActiveGatewayFound"],
        cased: &["NoActiveGatewayFound"],
        source: "kube-ovn pkg/controller/subnet.go (reconcileCentralizedGateway: patchSubnetStatus(subnet, \"NoActiveGatewayFound\", \"subnet %s gws are not ready\"))",
        example: "  Warning  NoActiveGatewayFound  1m  kube-ovn-controller  subnet vm-net gws are not ready",
        ..GATEWAY
    },
    Signature {
        id: "kube-ovn-no-ready-gateway",
        all: &["NoReadyGateway"],
        cased: &["NoReadyGateway"],
        source: "kube-ovn pkg/controller/subnet.go (reconcileGateway: subnet.Status.NotReady(\"NoReadyGateway\", \"\"))",
        example: "    reason: NoReadyGateway",
        ..GATEWAY
    },
    // a provider network's bridge
    Signature {
        id: "kube-ovn-init-ovs-bridge-failed",
        all: &["InitOVSBridgeFailed"],
        cased: &["InitOVSBridgeFailed"],
        source: "kube-ovn pkg/controller/provider_network.go (pn.Status.SetNodeNotReady(node.Name, \"InitOVSBridgeFailed\", errMsg)); pkg/daemon (the event on the node)",
        example: "    reason: InitOVSBridgeFailed",
        ..PROVIDER
    },
    // policies applied, a port released (degraded)
    Signature {
        id: "kube-ovn-pod-qos-update-failed",
        all: &["PodQoSUpdateFailed"],
        cased: &["PodQoSUpdateFailed"],
        source: "kube-ovn pkg/daemon/controller_linux.go (Eventf Warning \"PodQoSUpdateFailed\", \"Failed to update pod QoS: stage=%s ...\")",
        example: "  Warning  PodQoSUpdateFailed  30s  kube-ovn-cni  Failed to update pod QoS: stage=bandwidth provider=ovn interface=db.vms node=worker-1: exit status 1",
        ..POLICY
    },
    Signature {
        id: "kube-ovn-pod-security-update-failed",
        all: &["PodSecurityUpdateFailed"],
        cased: &["PodSecurityUpdateFailed"],
        source: "kube-ovn pkg/controller/pod.go (handleUpdatePodSecurity: Eventf Warning \"PodSecurityUpdateFailed\", \"stage=%s error=%v\")",
        example: "  Warning  PodSecurityUpdateFailed  8s  kube-ovn-controller  stage=reconcilePortSg error=security group sg-web not found",
        ..POLICY
    },
    Signature {
        id: "kube-ovn-create-acl-failed",
        all: &["CreateACLFailed"],
        cased: &["CreateACLFailed"],
        source: "kube-ovn pkg/controller/network_policy.go (Eventf Warning \"CreateACLFailed\", \"%s\", err.Error())",
        example: "  Warning  CreateACLFailed  12s  kube-ovn-controller  add ingress acls to port group failed",
        ..POLICY
    },
    Signature {
        id: "kube-ovn-node-address-conflict-with-subnet",
        all: &["NodeAddressConflictWithSubnet"],
        cased: &["NodeAddressConflictWithSubnet"],
        source: "kube-ovn pkg/controller/node.go (Eventf Warning \"NodeAddressConflictWithSubnet\", \"internal IP address of node %s is in CIDR of subnet %s, this may result in network issues\")",
        example: "  Warning  NodeAddressConflictWithSubnet  2m  kube-ovn-controller  internal IP address of node worker-2 is in CIDR of subnet vm-net, this may result in network issues",
        ..POLICY
    },
    Signature {
        id: "kube-ovn-pod-network-release-failed",
        all: &["PodNetworkReleaseFailed"],
        cased: &["PodNetworkReleaseFailed"],
        source: "kube-ovn pkg/controller/pod.go (handleDeletePod: Eventf Warning \"PodNetworkReleaseFailed\", \"stage=%s error=%v\")",
        example: "  Warning  PodNetworkReleaseFailed  4s  kube-ovn-controller  stage=deleteLogicalSwitchPort error=transaction failed",
        ..POLICY
    },
    Signature {
        id: "kube-ovn-pod-network-remove-failed",
        all: &["PodNetworkRemoveFailed"],
        cased: &["PodNetworkRemoveFailed"],
        source: "kube-ovn pkg/daemon/handler.go (handleDel: Eventf Warning \"PodNetworkRemoveFailed\")",
        example: "  Warning  PodNetworkRemoveFailed  4s  kube-ovn-cni  stage=deleteNic error=exit status 1",
        ..POLICY
    },
];
