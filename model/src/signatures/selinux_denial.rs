//! SELinux refusing a program, read by the types its message names: who was refused tells the
//! layer, not the word "denied".
//!
//! The kernel logs an access vector denial as `avc:  denied  { <perms> } for  pid=… comm=…
//! scontext=<user:role:type:level> tcontext=… tclass=<class> permissive=<0|1>` (linux
//! `security/selinux/avc.c`, avc_audit_pre_callback and avc_audit_post_callback); a user-space
//! object manager (PAM, D-Bus, systemd) logs the same words as `type=USER_AVC` through
//! libselinux (`libselinux/src/avc.c`, avc_audit). `permissive=1` was only logged, not enforced.
//! When a new policy is loaded, a file or process labelled with a type that policy no longer
//! defines is reported as `SELinux:  Context %s is not valid (left unmapped).` (linux
//! `security/selinux/ss/sidtab.c`, at info level: a test label left by an installer prints it
//! too, harmlessly, so it counts only for the types below).
//!
//! The types come from the policies that define them. On the host: container-selinux
//! (`container.te`, `container.fc`: `container_t`, `container_runtime_t`,
//! `container_runtime_exec_t`, `container_file_t`, `container_var_lib_t`, `spc_t`, and the
//! kubelet's `kubelet_t` and `kubelet_exec_t`, the label of `/usr/bin/kubelet` and
//! `/usr/bin/hyperkube`), libvirt's sVirt domains in selinux-policy (`policy/modules/contrib/
//! virt.te`: `svirt_t`, `svirt_tcg_t`, `svirt_image_t`) and KubeVirt's own launcher policy
//! (`cmd/virt-handler/virt_launcher.cil`: `virt_launcher.process`, which virt-handler installs
//! on every node). A refusal naming any of them is the node's SELinux policy refusing the node's
//! stack: the node. Inside a guest: the QEMU guest agent's domain `virt_qemu_ga_t` (and its
//! `virt_qemu_ga_*` file types, selinux-policy `virt.te`) exists only where qemu-ga runs, in the
//! guest OS; a refusal of it is the guest's own policy: the guest. A refusal of any other type
//! (a guest's web server, a host's unrelated daemon) says nothing of where it was logged and is
//! left to the other readings (data table).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// The types of the node's stack (container-selinux, sVirt, KubeVirt's launcher policy), as
/// they stand inside a context (`user:role:TYPE:level`), and the comm of the node's programs.
const HOST_TYPES: &[&str] = &[
    ":kubelet_t:",
    ":kubelet_exec_t:",
    ":container_t:",
    ":container_init_t:",
    ":container_runtime_t:",
    ":container_runtime_exec_t:",
    ":container_file_t:",
    ":container_var_lib_t:",
    ":container_var_run_t:",
    ":spc_t:",
    ":svirt_t:",
    ":svirt_tcg_t:",
    ":svirt_image_t:",
    ":virt_launcher.process:",
    "comm=\"kubelet\"",
    "comm=\"hyperkube\"",
    "comm=\"virt-handler\"",
    "comm=\"virt-launcher\"",
    "comm=\"virtqemud\"",
];

const NODE: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "the node's SELinux policy refuses a program of the node's stack",
    cause: "the host's SELinux policy refused (or no longer knows the type of) the kubelet, \
        the container runtime, a container or KubeVirt's launcher: the types it names are the \
        node's stack, so the node's policy is at fault (a policy not refreshed by an OS update, \
        a custom module freezing it, a missing or wrong file label), not KubeVirt's control \
        plane nor the guest",
    next_steps: &[
        "on the node: ausearch -m avc,user_avc -ts recent; getenforce",
        "on the node: seinfo -t <type> (is the type in the loaded policy?); semodule -l",
        "on the node: restorecon -Rv <path of the refused file>; rpm -V container-selinux selinux-policy-targeted",
    ],
    source: "linux security/selinux/avc.c (\"avc:  denied  { %s } for \", \"scontext=%s \
        tcontext=%s tclass=%s permissive=%u\"), security/selinux/ss/sidtab.c (\"SELinux:  \
        Context %s is not valid (left unmapped).\"); container-selinux container.te and \
        container.fc; selinux-policy policy/modules/contrib/virt.te; KubeVirt \
        cmd/virt-handler/virt_launcher.cil",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "selinux-guest-agent-denied",
        all: &["avc:", "denied", "scontext=", "virt_qemu_ga"],
        none: &["permissive=1"],
        layer: Some(Layer::Guest),
        health: Health::Broken,
        title: "the guest's SELinux policy refuses the QEMU guest agent",
        cause: "the refused domain is virt_qemu_ga_t, the QEMU guest agent's, which exists \
            only inside a guest: the guest OS's own SELinux policy stops qemu-ga from doing \
            what it was asked (reading a disk, setting a password, reporting addresses), so \
            the agent's answers are missing or fail; the guest's policy, not KubeVirt nor the \
            node",
        next_steps: &[
            "in the guest: ausearch -m avc,user_avc -c qemu-ga -ts recent",
            "in the guest: update selinux-policy, or add a local module allowing the refused access (audit2allow)",
            "virtctl console <vm> -n <namespace> (to reach the guest)",
        ],
        source: "linux security/selinux/avc.c, libselinux src/avc.c (avc_audit); \
            selinux-policy policy/modules/contrib/virt.te (virt_qemu_ga_t)",
        example: "type=AVC msg=audit(1700000000.100:42): avc:  denied  { read } for  pid=812 comm=\"qemu-ga\" name=\"shadow\" scontext=system_u:system_r:virt_qemu_ga_t:s0 tcontext=system_u:object_r:shadow_t:s0 tclass=file permissive=0",
        ..BASE
    },
    Signature {
        id: "selinux-node-stack-denied",
        all: &["avc:", "denied", "scontext="],
        none: &["permissive=1", "virt_qemu_ga"],
        any: HOST_TYPES,
        example: "type=AVC msg=audit(1700000000.200:77): avc:  denied  { write } for  pid=2210 comm=\"kubelet\" name=\"pods\" scontext=system_u:system_r:kubelet_t:s0 tcontext=system_u:object_r:var_lib_t:s0 tclass=dir permissive=0",
        ..NODE
    },
    Signature {
        id: "selinux-node-type-unmapped",
        all: &["SELinux:", "is not valid (left unmapped)"],
        any: HOST_TYPES,
        example: "kernel: SELinux:  Context system_u:object_r:container_runtime_exec_t:s0 is not valid (left unmapped).",
        ..NODE
    },
];
