//! Remedies of third-party components' failure vocabularies (mechanism (A)): Kube-OVN's reasons,
//! IPAM refusals and admission webhook (`signatures/kube_ovn_reasons.rs`, `kube_ovn_ipam.rs`,
//! `kube_ovn_webhook.rs`) and Harvester's migrate action refusing
//! (`signatures/harvester_migrate.rs`), by signature id.
//!
//! Written from kubeovn/kube-ovn: the pod's address annotation `ovn.kubernetes.io/ip_address`
//! (`pkg/util/const.go`) and the IP objects the controller keeps per pod; a new pod is allocated
//! again by `reconcileAllocateSubnets` (`pkg/controller/pod.go`); the Subnet's `gatewayType`,
//! `gatewayNode` and `gatewayNodeSelectors` (`pkg/apis/kubeovn/v1/subnet.go`); the
//! ProviderNetwork's `defaultInterface`, `customInterfaces` and `excludeNodes`
//! (`pkg/apis/kubeovn/v1/provider-network.go`); and from harvester/harvester's migrate action
//! (`pkg/api/vm/handler.go`: the KubeVirt CR's `Available` condition, the migratable nodes).

/// A pod Kube-OVN gave no address or port.
const ADDRESS: &[&str] = &[
    "Free or correct the address Kube-OVN names (`kubectl get ip | grep <address>` shows who holds it; a VM's fixed address is its `ovn.kubernetes.io/ip_address` annotation; an exhausted subnet or IP pool needs a wider range), then delete the launcher pod so kube-ovn-controller allocates again: `kubectl delete pod {pod} -n {ns}`.",
];
/// A subnet's logical switch not set up.
const SUBNET: &[&str] = &[
    "Fix what the subnet's Error condition names (a CIDR overlapping another subnet, a port or MAC already in OVN's northbound database: `kubectl ko nbctl show`); kube-ovn-controller reconciles the subnet again on its own, and restarting it forces that: `kubectl rollout restart deploy/kube-ovn-controller -n kube-system`.",
];
/// A centralized subnet without a ready gateway.
const GATEWAY: &[&str] = &[
    "Give the centralized subnet a ready gateway node (its `gatewayNode` or `gatewayNodeSelectors`, and that node Ready), or make the subnet `gatewayType: distributed`.",
];
/// A provider network's bridge not made on a node.
const PROVIDER: &[&str] = &[
    "Fix the node's NIC the provider network names (`defaultInterface` or `customInterfaces`) so kube-ovn-cni can move it into the bridge, or leave the node out with `excludeNodes`.",
];
/// Kube-OVN's admission webhook refused the pod's or VM's network annotations
/// (`pkg/webhook/static_ip.go`).
const WEBHOOK_REFUSED: &[&str] = &[
    "Fix the network annotation the webhook names before creating the object again: a fixed address no IP resource holds (`kubectl get ip -o wide | grep <address>`; free it or pick another), an IP pool that exists (`kubectl get ippool`), an address that parses (IPv6 in lower case).",
];
/// Harvester refused to start a migration.
const HARVESTER_REFUSED: &[&str] = &[
    "Fix what Harvester names before migrating again: KubeVirt's deployment (`kubectl get kubevirt -n harvester-system kubevirt`, Available with reason DeploymentReady), a node that can take the VM, or the extra launcher pod; then migrate again: `virtctl migrate {name} -n {ns}`.",
];

/// Kube-OVN's reasons and IPAM errors for a pod's address and port.
const ADDRESS_IDS: &[&str] = &[
    "kube-ovn-acquire-address-failed",
    "kube-ovn-pod-network-allocation-failed",
    "kube-ovn-create-ovn-port-failed",
    "kube-ovn-validate-pod-network-failed",
    "kube-ovn-get-vlan-info-failed",
    "kube-ovn-pod-network-update-failed",
    "kube-ovn-pod-network-configure-failed",
    "kube-ovn-no-available-address",
    "kube-ovn-address-conflict",
    "kube-ovn-address-out-of-range",
];
/// Kube-OVN's subnet and IP pool reasons.
const SUBNET_IDS: &[&str] = &[
    "kube-ovn-create-logical-switch-failed",
    "kube-ovn-list-logical-switch-failed",
    "kube-ovn-set-logical-switch-config-failed",
    "kube-ovn-validate-logical-switch-failed",
    "kube-ovn-validate-subnet-vlan-failed",
    "kube-ovn-add-lb-to-logical-switch-failed",
    "kube-ovn-set-private-logical-switch-failed",
    "kube-ovn-reset-logical-switch-acl-failed",
    "kube-ovn-set-logical-switch-acls-failed",
    "kube-ovn-update-ipam-failed",
    "kube-ovn-reconcile-address-set-failed",
];
/// Harvester's broken refusals (the degraded ones keep the layer's general remedy).
const HARVESTER_IDS: &[&str] = &[
    "harvester-migrate-kubevirt-not-ready",
    "harvester-migrate-vm-not-ready",
    "harvester-migrate-to-node-failed",
    "harvester-migrate-node-non-migratable",
    "harvester-migrate-no-migratable-nodes",
    "harvester-migrate-launcher-pods",
];

/// The remedy of a third-party vocabulary's signature `id`, if it has one here.
pub fn for_id(id: &str) -> Option<&'static [&'static str]> {
    if let Some(a) = super::longhorn::for_id(id) {
        return Some(a);
    }
    if let Some(a) = super::platform::for_id(id) {
        return Some(a);
    }
    if ADDRESS_IDS.contains(&id) || id.starts_with("kube-ovn-ipam-") {
        return Some(ADDRESS);
    }
    if SUBNET_IDS.contains(&id) {
        return Some(SUBNET);
    }
    if HARVESTER_IDS.contains(&id) {
        return Some(HARVESTER_REFUSED);
    }
    match id {
        "kube-ovn-no-active-gateway-found" | "kube-ovn-no-ready-gateway" => Some(GATEWAY),
        "kube-ovn-init-ovs-bridge-failed" => Some(PROVIDER),
        "kube-ovn-webhook-denied" => Some(WEBHOOK_REFUSED),
        _ => None,
    }
}
