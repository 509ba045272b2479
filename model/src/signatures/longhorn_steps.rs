//! The next steps Longhorn's failure families share (`longhorn_reasons.rs`,
//! `longhorn_scheduling.rs`, `longhorn_csi.rs`, `longhorn_engine.rs`): where Longhorn keeps the
//! state the failure leaves (its `volumes`, `replicas`, `engines` and `nodes.longhorn.io`
//! resources, longhorn/longhorn-manager `k8s/pkg/apis/longhorn/v1beta2/`) and the logs of the
//! programs that wrote it (longhorn-manager, the CSI plugin, the instance managers).

/// A volume, its replicas and engine.
pub(super) const VOLUME: &[&str] = &[
    "kubectl get volumes.longhorn.io,replicas.longhorn.io -n longhorn-system (robustness, state, node)",
    "kubectl describe volumes.longhorn.io <volume> -n longhorn-system (its conditions and Longhorn's events)",
    "kubectl logs -n longhorn-system <longhorn-manager pod on the replicas' nodes>",
];

/// A Longhorn node and its disks.
pub(super) const NODE: &[&str] = &[
    "kubectl get nodes.longhorn.io -n longhorn-system -o yaml (status.conditions and each disk's conditions)",
    "check the nodes' disks (df -h, dmesg) under the Longhorn data path",
];

/// The CSI plugin on the VM's node.
pub(super) const CSI: &[&str] = &[
    "kubectl logs -n longhorn-system <longhorn-csi-plugin pod on the VM's node> -c longhorn-csi-plugin",
    "kubectl get volumes.longhorn.io,replicas.longhorn.io -n longhorn-system (robustness, state, node)",
    "kubectl get volumeattachments.longhorn.io <volume> -n longhorn-system -o yaml (the attachment tickets)",
];

/// The engine and the instance managers serving it.
pub(super) const ENGINE: &[&str] = &[
    "kubectl logs -n longhorn-system <instance-manager pod on the volume's node>",
    "kubectl get instancemanagers.longhorn.io,engines.longhorn.io -n longhorn-system",
    "check the network between the nodes: each replica's instance manager must be reachable from the engine's node",
];
