//! ovnkube failing to start because a tool it runs is missing: the network's.
//!
//! Before anything else ovnkube (ovn-kubernetes `go-controller/cmd/ovnkube/ovnkube.go`,
//! startOvnKube and runOvnKube) resolves every command it runs through
//! `util.SetExec` (`go-controller/pkg/util/ovs.go`: `exec.LookPath` of ovs-ofctl, ovs-vsctl,
//! ovs-dpctl, ovs-appctl, ovn-appctl, ovn-nbctl, ovn-sbctl, ovsdb-client, ovsdb-tool, ip,
//! arping, sysctl …) and exits with "failed to initialize exec helper: %v" when one is not found
//! (older releases and ovn4nfv-k8s-plugin log "Failed to initialize exec helper"): the cluster
//! network's node or control-plane component does not run, so pods on its nodes get no network.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "ovnkube-exec-helper",
    all: &["initialize exec helper"],
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "ovnkube cannot start: a command it runs is missing",
    cause: "ovnkube resolves the OVS, OVN and system commands it runs (ovs-vsctl, ovn-nbctl, \
        ip, sysctl …) before it starts and exits when one is not in its image's PATH: the \
        cluster network's component does not run on that node, so pods there get no network",
    next_steps: &[
        "kubectl get pods -n <ovn-kubernetes namespace> -o wide (the ovnkube pods restarting)",
        "kubectl logs <ovnkube pod> -c <container> --previous (the command it names)",
    ],
    source: "ovn-kubernetes go-controller/cmd/ovnkube/ovnkube.go (\"failed to initialize exec \
        helper: %v\"), go-controller/pkg/util/ovs.go (SetExec, exec.LookPath)",
    example: "F0101 00:00:00.000000       1 ovnkube.go:137] failed to initialize exec helper: exec: \"ovs-vsctl\": executable file not found in $PATH",
    ..BASE
}];
