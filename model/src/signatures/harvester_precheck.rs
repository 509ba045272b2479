//! Harvester's upgrade pre-check (harvester/upgrade-helpers `pre-check/v1.x/check.sh`), which an
//! operator runs before an upgrade: each check ends in "<Check> Test: Pass", "Skipped" or
//! "Failed" (`record_fail`), so a failed check's name says what is not ready, and the checks
//! run on every node as a validator DaemonSet print "ERROR: <node>: …" for that node
//! (`run_validator_daemonset`). By the layer of what each check looks at:
//! - the nodes and their own OS: `Node-Status` (nodes Ready and schedulable, witness taints),
//!   `Node-Free-Space` (the hosts' disks), `Network-Config` (the hosts' `/oem` network
//!   configuration files, before NetworkManager replaces wicked), `COS_STATE-Size` (the host's
//!   state partition), and Longhorn's volumes on them, `Longhorn-Volume-Health-Status` and
//!   `Stale-Longhorn-Volumes` (storage on the nodes is the node's by this corpus' conventions);
//! - the control plane: the deployment machinery (`Helm-Bundles`, `Harvester-Bundles`), the
//!   management cluster's CAPI objects (`CAPI-Cluster-State`, `CAPI-Cluster-Pause`,
//!   `CAPI-Machine-Count`, `CAPI-Machine-State`), `Kubeconfig-Secret` (the local kubeconfig
//!   secret's label), `Certificates` (the control-plane certificates' expiry) and
//!   `Longhorn-Backing-Images` (the VM images' copies: the disks' provisioning);
//! - the network: the storage and RWX networks' free addresses (`Network-IP-Availability`,
//!   `Storage-Network-IP-Availability`, `RWX-Network-IP-Availability`);
//! - the migration's control plane: `Virtual-Machines` (running VMs with a CD-ROM or host
//!   devices, which cannot be live-migrated off a node being upgraded).
//!
//! `Pod-Status` (any pod not ready), `Backup-Target` and `Host` name no layer and are left to
//! what the paste shows of them. The validators' ERROR lines about a host's `/oem` files or its
//! COS_STATE partition are the node's.

use super::Signature;
use super::base::BASE;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

const PRECHECK: Signature = Signature {
    all: &["Test: Failed"],
    health: Health::Degraded,
    source: "harvester/upgrade-helpers pre-check/v1.x/check.sh (record_fail: \"${1} Test: \
        Failed\"; the checks' names)",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "harvester-precheck-nodes",
        any: &[
            "Node-Status Test: Failed",
            "Node-Free-Space Test: Failed",
            "Network-Config Test: Failed",
            "COS_STATE-Size Test: Failed",
            "Longhorn-Volume-Health-Status Test: Failed",
            "Stale-Longhorn-Volumes Test: Failed",
        ],
        layer: Some(Layer::Node),
        title: "Harvester's upgrade pre-check failed on the nodes' own state",
        cause: "the pre-check found nodes not ready for the upgrade by their own state: a node \
            not Ready or not schedulable, a host disk short of space, a host's network \
            configuration files in an old place or schema, a state partition too small, or \
            Longhorn volumes on them unhealthy or left attached; the lines before it name the \
            nodes and files",
        next_steps: &[
            "read the check's ERROR lines: each names the node and what to fix there",
            "kubectl get nodes; on the node named: ls -l /oem; df -h /run/initramfs/cos-state /var/lib",
        ],
        example: "Network-Config Test: Failed",
        ..PRECHECK
    },
    Signature {
        id: "harvester-precheck-control-plane",
        any: &[
            "Helm-Bundles Test: Failed",
            "Harvester-Bundles Test: Failed",
            "CAPI-Cluster-State Test: Failed",
            "CAPI-Cluster-Pause Test: Failed",
            "CAPI-Machine-Count Test: Failed",
            "CAPI-Machine-State Test: Failed",
            "Kubeconfig-Secret Test: Failed",
            "Certificates Test: Failed",
            "Longhorn-Backing-Images Test: Failed",
        ],
        layer: Some(Layer::ControlPlane),
        title: "Harvester's upgrade pre-check failed on the cluster's management state",
        cause: "the pre-check found the cluster's management not ready for the upgrade: Fleet \
            bundles not ready, the management cluster's CAPI cluster or machines not \
            provisioned or paused, the local kubeconfig secret without its label, control-plane \
            certificates expired or near expiry, or VM images without copies; the upgrade would \
            stop on it",
        next_steps: &[
            "kubectl get bundles -A; kubectl get clusters.cluster.x-k8s.io,machines.cluster.x-k8s.io -A",
            "kubectl get secret -n fleet-local local-kubeconfig --show-labels",
        ],
        example: "Harvester-Bundles Test: Failed",
        ..PRECHECK
    },
    Signature {
        id: "harvester-precheck-network",
        any: &[
            "Network-IP-Availability Test: Failed",
            "Storage-Network-IP-Availability Test: Failed",
            "RWX-Network-IP-Availability Test: Failed",
        ],
        layer: Some(Layer::Network),
        title: "Harvester's upgrade pre-check found too few free addresses on a storage network",
        cause: "the storage network (or the dedicated RWX network) has fewer free addresses in \
            its range than the upgrade needs for the pods it restarts on it (Longhorn's \
            instance and backing image managers), so they would not get one",
        next_steps: &[
            "kubectl get settings.harvesterhci.io storage-network rwx-network -o yaml (the range)",
            "kubectl get ippools.whereabouts.cni.cncf.io -A (the allocations)",
        ],
        example: "Storage-Network-IP-Availability Test: Failed",
        ..PRECHECK
    },
    Signature {
        id: "harvester-precheck-vms",
        any: &["Virtual-Machines Test: Failed"],
        layer: Some(Layer::Migration),
        plane: Some(SignalPlane::Control),
        title: "Harvester's upgrade pre-check found running VMs that cannot be live-migrated",
        cause: "running VMs have a CD-ROM or host devices, which keep them from being \
            live-migrated off a node while it is upgraded (and restoreVM is not enabled in the \
            upgrade-config setting), so the upgrade's drain would stop on them",
        next_steps: &[
            "the check's lines name the VMs; stop them or remove the CD-ROM or host devices before upgrading",
            "kubectl get settings.harvesterhci.io upgrade-config -o yaml (restoreVM)",
        ],
        example: "Virtual-Machines Test: Failed",
        ..PRECHECK
    },
    Signature {
        id: "harvester-precheck-host-files",
        all: &["ERROR: "],
        any: &[": /oem/", "COS_STATE partition"],
        layer: Some(Layer::Node),
        health: Health::Degraded,
        title: "a node's own OS files or partition are not ready for Harvester's upgrade",
        cause: "the pre-check's validator on the node found its OS configuration files under \
            /oem in an old place or schema, or its COS_STATE partition too small or unreadable: \
            the host's own state, to fix on that node before upgrading",
        next_steps: &[
            "on the node named: ls -l /oem; yq .install /oem/harvester.config",
            "df -h /run/initramfs/cos-state",
        ],
        source: "harvester/upgrade-helpers pre-check/v1.x/check.sh (check_network_config, \
            check_cos_state_partition_size: \"ERROR: $NODE_NAME: …\")",
        example: "[pod/upgrade-helper-network-config-check-abcde/validator] ERROR: node-2: /oem/harvester.config is missing management interface config",
        ..BASE
    },
];
