//! kubevirtci's words for a cluster node that never came up (`make cluster-up`, KubeVirt's
//! development and CI clusters): each node is a VM run in a container, and gocli
//! (kubevirt/kubevirtci `cluster-provision/gocli/cmd/run.go`) waits for it to answer over
//! ssh (`waitForVMToBeUp`: "ssh.sh echo VM is up", "waiting for node to come up", the warning
//! "Could not establish a ssh connection to the VM, retrying ...", then "could not establish
//! a connection to the node after a generous timeout: %v"), checks its ssh script ("checking
//! for ssh.sh script for node %s failed") and provisions it ("provisioning node %s failed",
//! with the phase after it in newer releases). The node VM's own boot, network or KVM did not
//! bring it up: the node's, before KubeVirt runs on it (data table).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const UP: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "a kubevirtci cluster node never came up (make cluster-up)",
    cause: "kubevirtci runs each cluster node as a VM in a container and waits for it over \
        ssh; this node never answered or could not be provisioned: its VM did not boot, got no \
        network, or the host gives it no usable KVM; nothing of KubeVirt runs there yet",
    next_steps: &[
        "docker ps -a (the node containers, <prefix>-node01 ...) and docker logs <node container>",
        "ls -l /dev/kvm on the host (the node VMs need KVM)",
        "make cluster-down && make cluster-up",
    ],
    source: "kubevirt/kubevirtci cluster-provision/gocli/cmd/run.go (waitForVMToBeUp: \"could \
        not establish a connection to the node after a generous timeout: %v\"; \"provisioning \
        node %s failed\"; \"checking for ssh.sh script for node %s failed\")",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "kubevirtci-node-not-up",
        all: &["could not establish a connection to the node after a generous timeout"],
        example: "could not establish a connection to the node after a generous timeout: ssh.sh echo VM is up failed",
        ..UP
    },
    Signature {
        id: "kubevirtci-node-ssh-retrying",
        all: &["Could not establish a ssh connection to the VM"],
        health: Health::Degraded,
        example: "WARN[0010] Could not establish a ssh connection to the VM, retrying ...",
        ..UP
    },
    Signature {
        id: "kubevirtci-provisioning-node-failed",
        all: &["provisioning node ", " failed"],
        example: "provisioning node node01 failed",
        ..UP
    },
    Signature {
        id: "kubevirtci-ssh-script-failed",
        all: &["checking for ssh.sh script for node"],
        example: "checking for ssh.sh script for node node02 failed",
        ..UP
    },
];
