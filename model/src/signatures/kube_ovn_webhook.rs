//! Kube-OVN's admission webhook refusing an object's network request. Kube-OVN registers one
//! validating webhook configuration (`kube-ovn-webhook`, its webhook named
//! `pod-ip-validating.kube-ovn.io`, spelled `pod-ip-validaing.kube-ovn.io` in older releases)
//! for pods and their workloads (Deployments, StatefulSets, DaemonSets, Jobs, CronJobs) and its
//! own network objects (subnets, VPCs, VIPs, NAT gateways). It denies (kubeovn/kube-ovn
//! `pkg/webhook/static_ip.go` validateIP, validateIPConflict, checkIPConflict; `subnet.go`,
//! `vpc.go`, `vip.go`, `ovn_nat_gateway.go`, `vpc_nat_gateway.go`): a fixed address already
//! held by another pod's IP resource ("annotation static-ip %s is conflict with ip crd %s, ip
//! %s"; older "annotation ip address %s is conflict with IP CRD %s %s", oldest "overlap"), an
//! IP pool that does not exist ("ippool %q not found"), an address that does not parse
//! ("invalid static ip/ippool annotation value"), an IPv6 address in upper case, and a subnet's,
//! VPC's or gateway's settings that contradict each other. A VM's launcher pod asking for a
//! fixed address meets the same refusal. Whatever the message, the refusal is the pod
//! network's address management: the network's, not the control plane's (the generic
//! admission reading, `generic.rs`).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "kube-ovn-webhook-denied",
    all: &["denied the request", ".kube-ovn.io"],
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "Kube-OVN's admission webhook refused the object's network settings",
    cause: "Kube-OVN validates the network annotations of pods (a VM's launcher pod too) and \
        its own subnets, VPCs and gateways before they are created: the fixed address asked for \
        is in conflict with one another pod's IP resource already holds, the IP pool named does \
        not exist, or the address or the network object's settings are invalid, so the object \
        is not created and the VM does not get its network",
    next_steps: &[
        "kubectl get ip -o wide | grep <address> (which pod or VM holds the address)",
        "kubectl get ippool,subnet (the pool and subnet the annotations name)",
        "check the ovn.kubernetes.io/ip_address and ip_pool annotations of the pod template or VM",
    ],
    source: "kubeovn/kube-ovn pkg/webhook/static_ip.go (validateIP, checkIPConflict), \
        pkg/webhook/subnet.go, vpc.go, vip.go; the kube-ovn-webhook configuration",
    example: r#"Error from server: error when creating "vm-pod.yaml": admission webhook "pod-ip-validating.kube-ovn.io" denied the request: ippool "pool-a" not found"#,
    ..BASE
}];
