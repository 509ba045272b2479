//! The third-party sources the catalogue reads and the one table saying, for each of their
//! folders, which program prints its strings and which layer they are about.
//!
//! The layers are the model's five (`verdict::Layer`), used as its readers use them: the node
//! holds its storage, kubelet, runtime and the storage system's engines and replicas; the
//! control plane holds scheduling, provisioning and admission; CDI's imports are the control
//! plane's (the fresh corpus' convention: a DataVolume that cannot be populated leaves the VM's
//! disk unprovisioned, `tests/fixtures/fresh/README.md`, "Conventions"). A scheduler plugin's
//! filter reason says that no node fits: the nodes' (`model/src/scheduling.rs`); the
//! scheduler's own errors are the control plane's.

/// One third-party source: its name on the command line (`--<flag>`), the repository it is a
/// checkout of, the prefix its rows' files carry, and the folders read.
pub struct Source {
    pub flag: &'static str,
    pub repo: &'static str,
    pub prefix: &'static str,
    pub folders: &'static [&'static str],
}

pub const SOURCES: &[Source] = &[
    Source {
        flag: "longhorn-manager",
        repo: "longhorn/longhorn-manager",
        prefix: "longhorn-manager/",
        folders: &[
            "controller",
            "csi",
            "datastore",
            "engineapi",
            "manager",
            "scheduler",
            "webhook",
            "upgrade",
            "types",
            "util",
        ],
    },
    Source {
        flag: "longhorn-engine",
        repo: "longhorn/longhorn-engine",
        prefix: "longhorn-engine/",
        folders: &["pkg", "app"],
    },
    Source {
        flag: "longhorn-instance-manager",
        repo: "longhorn/longhorn-instance-manager",
        prefix: "longhorn-instance-manager/",
        folders: &["pkg"],
    },
    Source {
        flag: "multus-cni",
        repo: "k8snetworkplumbingwg/multus-cni",
        prefix: "multus-cni/",
        folders: &["pkg", "cmd"],
    },
    Source {
        flag: "cni-plugins",
        repo: "containernetworking/plugins",
        prefix: "cni-plugins/",
        folders: &["plugins/main", "plugins/ipam", "plugins/meta", "pkg"],
    },
    Source {
        flag: "containerd",
        repo: "containerd/containerd",
        prefix: "containerd/",
        folders: &[
            "internal/cri",
            "core/runtime",
            "cmd/containerd-shim-runc-v2",
            "pkg/oci",
        ],
    },
    Source {
        flag: "harvester",
        repo: "harvester/harvester",
        prefix: "harvester/",
        folders: &["pkg/controller", "pkg/webhook", "pkg/upgradehelper"],
    },
    Source {
        flag: "kubernetes",
        repo: "kubernetes/kubernetes",
        prefix: "kubernetes/",
        folders: &[
            "pkg/kubelet",
            "pkg/volume",
            "pkg/controller/volume",
            "pkg/scheduler",
        ],
    },
    Source {
        flag: "cdi",
        repo: "kubevirt/containerized-data-importer",
        prefix: "containerized-data-importer/",
        folders: &[
            "pkg/importer",
            "pkg/image",
            "pkg/controller",
            "pkg/uploadserver",
            "pkg/uploadproxy",
            "pkg/apiserver",
            "pkg/util",
        ],
    },
];

/// Folder prefix (with its source's prefix) → program, layer. The longest prefix wins; a
/// folder of a source read but not listed here gives no rows.
pub const PROGRAMS: &[(&str, &str, &str)] = &[
    // longhorn-manager: one program (the manager DaemonSet, also the CSI plugin and webhook
    // servers it starts); its engine, replica, volume, node and disk code is the node's storage.
    ("longhorn-manager/", "longhorn-manager", "Node"),
    // Its admission webhook refusing an object and its upgrade path: the control plane's.
    (
        "longhorn-manager/webhook/",
        "longhorn-manager",
        "ControlPlane",
    ),
    (
        "longhorn-manager/upgrade/",
        "longhorn-manager",
        "ControlPlane",
    ),
    // Its CSI controller service (create, delete, snapshot, expand a volume): provisioning,
    // the control plane's, as the model reads a provisioner's failure (`signatures/reasons.rs`
    // ProvisioningFailed); its CSI node service (stage, publish) stays the node's.
    (
        "longhorn-manager/csi/controller_server.go",
        "longhorn-manager",
        "ControlPlane",
    ),
    // Longhorn's engine (the volume's controller and replica processes) and the instance
    // manager that runs them on every node: the node's storage.
    ("longhorn-engine/", "longhorn-engine", "Node"),
    (
        "longhorn-instance-manager/",
        "longhorn-instance-manager",
        "Node",
    ),
    // Multus and the reference CNI plugins (bridge, macvlan, host-device, IPAM, tuning …):
    // a pod's network plumbing, the network's.
    ("multus-cni/", "multus", "Network"),
    ("cni-plugins/", "cni-plugins", "Network"),
    // containerd's CRI service, runtime and runc shim: the node's (its sandbox network setup
    // is read as the pod's network plumbing by `signatures/about.rs` before this); its CNI
    // configuration watcher and pod bandwidth: the network's.
    ("containerd/", "containerd", "Node"),
    (
        "containerd/internal/cri/server/cni_conf_syncer.go",
        "containerd",
        "Network",
    ),
    (
        "containerd/internal/cri/bandwidth/",
        "containerd",
        "Network",
    ),
    // Harvester's controller manager: managing VMs, images, backups, volumes and upgrades is the
    // control plane's; its migration and pre-drain controllers the migration's (the node's
    // VMs moved away, `input/pre_drain.rs`); its node controller the node's; its storage
    // network the network's. Its admission webhook: the control plane's.
    ("harvester/pkg/controller/", "harvester", "ControlPlane"),
    (
        "harvester/pkg/controller/master/migration/",
        "harvester",
        "Migration",
    ),
    (
        "harvester/pkg/controller/master/nodedrain/",
        "harvester",
        "Migration",
    ),
    ("harvester/pkg/controller/master/node/", "harvester", "Node"),
    (
        "harvester/pkg/controller/master/storagenetwork/",
        "harvester",
        "Network",
    ),
    ("harvester/pkg/upgradehelper/", "harvester", "ControlPlane"),
    (
        "harvester/pkg/webhook/",
        "harvester-webhook",
        "ControlPlane",
    ),
    // Kubernetes' kubelet: the node's (pods, runtime, images, eviction, probes, volumes).
    ("kubernetes/pkg/kubelet/", "kubelet", "Node"),
    // The kubelet's DNS and pod network setup: the network's.
    ("kubernetes/pkg/kubelet/network/", "kubelet", "Network"),
    // Volume plugins and the operation executor (mount, attach, CSI): run by the kubelet (and
    // the attach/detach controller); the node's storage.
    ("kubernetes/pkg/volume/", "kubelet", "Node"),
    // kube-controller-manager's volume controllers: attaching and detaching is the node's
    // storage, as the readers place a volume operation (`signatures/about.rs`) ...
    (
        "kubernetes/pkg/controller/volume/",
        "kube-controller-manager",
        "Node",
    ),
    // ... binding and provisioning a claim, and handing its expansion over, the control
    // plane's (`signatures/reasons.rs` FailedBinding, ProvisioningFailed;
    // `signatures/volume_expand.rs`).
    (
        "kubernetes/pkg/controller/volume/persistentvolume/",
        "kube-controller-manager",
        "ControlPlane",
    ),
    (
        "kubernetes/pkg/controller/volume/expand/",
        "kube-controller-manager",
        "ControlPlane",
    ),
    // kube-scheduler: its own errors are the control plane's ...
    (
        "kubernetes/pkg/scheduler/",
        "kube-scheduler",
        "ControlPlane",
    ),
    // ... its plugins' filter reasons say no node fits: the nodes'.
    (
        "kubernetes/pkg/scheduler/framework/plugins/",
        "kube-scheduler",
        "Node",
    ),
    // CDI's programs: every one provisions a disk, the control plane's (see above).
    (
        "containerized-data-importer/pkg/importer/",
        "cdi-importer",
        "ControlPlane",
    ),
    (
        "containerized-data-importer/pkg/image/",
        "cdi-importer",
        "ControlPlane",
    ),
    (
        "containerized-data-importer/pkg/controller/",
        "cdi-controller",
        "ControlPlane",
    ),
    (
        "containerized-data-importer/pkg/uploadserver/",
        "cdi-uploadserver",
        "ControlPlane",
    ),
    (
        "containerized-data-importer/pkg/uploadproxy/",
        "cdi-uploadproxy",
        "ControlPlane",
    ),
    (
        "containerized-data-importer/pkg/apiserver/",
        "cdi-apiserver",
        "ControlPlane",
    ),
    // Shared helpers (qemu-img, nbdkit, the prlimit'd commands): run by the importer and the
    // upload server alike.
    (
        "containerized-data-importer/pkg/util/",
        "cdi",
        "ControlPlane",
    ),
];

/// The program and layer of a row's file, by the longest prefix of [`PROGRAMS`].
pub fn classify(path: &str) -> Option<(&'static str, &'static str)> {
    PROGRAMS
        .iter()
        .filter(|(prefix, _, _)| path.starts_with(prefix))
        .max_by_key(|(prefix, _, _)| prefix.len())
        .map(|&(_, program, layer)| (program, layer))
}

/// The generated file a program's rows go to (`tp_<program>`, `_1`, `_2` … when split).
pub fn file_stem(program: &str) -> String {
    format!("tp_{}", program.replace('-', "_"))
}
