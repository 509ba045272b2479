//! A KubeVirt image's own script finding a command missing: the image was built without it.
//!
//! KubeVirt's images run shell scripts of their own (kubevirt/kubevirt `cmd/`):
//! `cmd/virt-launcher/node-labeller/node-labeller.sh` (the node-labeller init container of
//! virt-handler: `mknod`, `chmod`, `virtqemud`, `virsh`, `grep`, `cut`),
//! `cmd/virt-handler/virt-handler.sh`, `cmd/virt-launcher/libvirtd.sh`,
//! `cmd/tpm-clone-handler/tpm-clone-handler.sh`,
//! `cmd/vm-state-clone-handler/vm-state-clone-handler.sh`. When the image lacks a program the
//! script runs, bash prints `<script>: line <n>: <cmd>: command not found` (bash
//! `execute_cmd.c`, "%s: command not found", prefixed by the script and line in
//! `error.c`), dash and busybox `<script>: <n>: <cmd>: not found`. The script stops (`set -e`),
//! the component's pod does not start, on every node alike: the image of KubeVirt's components
//! is wrong, a packaging defect of the control plane, not a node's (data table).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// The scripts KubeVirt's images run (kubevirt/kubevirt `cmd/`).
const SCRIPTS: &[&str] = &[
    "node-labeller.sh",
    "virt-handler.sh",
    "libvirtd.sh",
    "tpm-clone-handler.sh",
    "vm-state-clone-handler.sh",
];

const IMAGE: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "a KubeVirt component's image lacks a command its own script runs",
    cause: "a script shipped in KubeVirt's image (node-labeller.sh, virt-handler.sh, …) runs a \
        program the image does not contain, so the script stops and the component's pod does \
        not start on any node: the image of KubeVirt's components is built wrong (a \
        distribution's or custom build's packaging), not the node",
    next_steps: &[
        "kubectl logs -n <kubevirt namespace> <virt-handler pod> -c virt-launcher (the node-labeller init container)",
        "kubectl get kubevirt -n <kubevirt namespace> -o yaml (the image registry and tag in use)",
        "use the images of a released KubeVirt, or rebuild the image with the missing program",
    ],
    source: "kubevirt/kubevirt cmd/virt-launcher/node-labeller/node-labeller.sh, \
        cmd/virt-handler/virt-handler.sh, cmd/virt-launcher/libvirtd.sh; bash execute_cmd.c \
        (\"%s: command not found\")",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "kubevirt-image-script-command-not-found",
        all: &["command not found"],
        any: SCRIPTS,
        example: "/usr/bin/node-labeller.sh: line 19: virsh: command not found",
        ..IMAGE
    },
    Signature {
        id: "kubevirt-image-script-not-found",
        all: &[".sh: ", ": not found"],
        none: &["command not found"],
        any: SCRIPTS,
        example: "/usr/bin/virt-handler.sh: 3: cat: not found",
        ..IMAGE
    },
];
