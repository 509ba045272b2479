//! virt-handler failing to work in the launcher's SELinux context. To act inside a VM's pod
//! (creating its tap device, mounting a hot-plugged volume, relabelling the files it hands the
//! launcher), virt-handler reads the launcher process's SELinux label from
//! `/proc/<pid>/attr/current` and switches its own thread to it (KubeVirt
//! `pkg/virt-handler/selinux/context_executor.go`, getLabelForPID "could not retrieve pid %d
//! selinux label: %v" and desiredLabel "failed to switch selinux context to %s. Reason: %v"; the
//! same words in the older `pkg/network/.../network_utils.go` of virt-handler), and relabels
//! files through `pkg/virt-handler/selinux/labels.go` ("error relabeling file", "failed to
//! create a policy file", "failed to read a policy file"). These fail when the host's SELinux is
//! compiled in but not enabled (`/sys/fs/selinux` present, the label unreadable: `getxattr …
//! operation not supported`) or its policy refuses the switch: the host's security setup, the
//! node's, whatever step virt-handler served (the VM's network, a volume), so it outranks that
//! step's own reading (`network.rs` "failed to configure vmi network").

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const CONTEXT: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "virt-handler cannot work in the launcher's SELinux context on the node",
    cause: "virt-handler reads the launcher process's SELinux label and switches to it to act \
        inside the VM's pod (its network, a hot-plugged volume, a file's label); the node's \
        SELinux refused (compiled in but not enabled, so the label cannot be read, or a policy \
        denying the switch), so the step it served fails on this node whatever the VM asks",
    next_steps: &[
        "on the node: getenforce; cat /sys/fs/selinux/enforce; ls /sys/fs/selinux (SELinux present but disabled?)",
        "on the node: ausearch -m avc -ts recent (SELinux denials)",
        "kubectl logs -n kubevirt <virt-handler pod on the node> | grep -i selinux",
    ],
    source: "KubeVirt pkg/virt-handler/selinux/context_executor.go (getLabelForPID, \
        setDesiredContext), pkg/virt-handler/selinux/labels.go",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "handler-selinux-label-unreadable",
        all: &["could not retrieve pid", "selinux label"],
        example: "failed to configure vmi network: setup failed, err: Critical network error: could not retrieve pid 4242 selinux label: getxattr /proc/4242/attr/current: operation not supported",
        ..CONTEXT
    },
    Signature {
        id: "handler-selinux-context-switch-failed",
        all: &["failed to switch selinux context to"],
        example: "failed to switch selinux context to system_u:system_r:container_t:s0:c1,c2. Reason: write /proc/thread-self/attr/exec: invalid argument",
        ..CONTEXT
    },
    Signature {
        id: "handler-selinux-relabel-failed",
        all: &["error relabeling file"],
        example: "error relabeling file /var/run/kubevirt-private/vmi-disks/disk0/disk.img with label system_u:object_r:container_file_t:s0. Reason: operation not supported",
        ..CONTEXT
    },
    Signature {
        id: "handler-selinux-policy-file-failed",
        all: &["a policy file"],
        any: &["failed to create", "failed to read"],
        example: "failed to read a policy file: open /var/run/kubevirt/virt_launcher.cil: no such file or directory",
        ..CONTEXT
    },
];
