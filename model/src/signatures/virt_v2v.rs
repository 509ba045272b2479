//! virt-v2v refusing to convert a guest because inspecting its disks fails, the conversion pod's
//! failure in a Forklift (MTV) migration or any virt-v2v run that imports a VM into KubeVirt.
//! The whole set of inspection errors of libguestfs/virt-v2v `convert/inspect_source.ml`
//! (choose_root, reject_if_not_installed_image, error_if_unknown and the root mount):
//! "inspection could not detect the source guest (or physical machine) operating system"
//! (with "No root device found in this operating system image." or "Inspection field ‘%s’ was
//! ‘unknown’."), "multi-boot operating systems are not supported by virt-v2v", "root device %s
//! not found.  Roots found were: %s", "libguestfs thinks this is not an installed operating
//! system", "unable to mount the disk image for writing" (Windows hibernation or Fast Restart),
//! "filesystem was mounted read-only, even though we asked for it to be mounted read-write",
//! "could not write to the guest filesystem". The VM's disk is never converted: by the corpus's
//! convention for imports, a failure of the import itself is the control plane's.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const INSPECT: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "virt-v2v cannot inspect the source guest: the VM is not converted",
    cause: "the conversion (virt-v2v, run by Forklift's conversion pod or by hand) mounts the \
        source VM's disks and inspects its operating system before converting it: it found no \
        root filesystem, several, or one it cannot mount read-write (an unclean shutdown, \
        Windows hibernation or Fast Restart, a disk missing from the copy), so the VM's disk is \
        never converted and the import fails",
    next_steps: &[
        "kubectl logs <the conversion pod> (virt-v2v's output before the error)",
        "check that every disk of the source VM was copied, and shut the source VM down cleanly",
        "for Windows guests: disable Fast Restart and hibernation in the guest, then retry",
    ],
    source: "libguestfs/virt-v2v convert/inspect_source.ml",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "virt-v2v-no-root",
        all: &["inspection could not detect the source guest"],
        example: "virt-v2v: error: inspection could not detect the source guest (or physical machine) operating system.",
        ..INSPECT
    },
    Signature {
        id: "virt-v2v-no-root-device",
        all: &["No root device found in this operating system image"],
        example: "No root device found in this operating system image.",
        ..INSPECT
    },
    Signature {
        id: "virt-v2v-multi-boot",
        all: &["multi-boot operating systems are not supported"],
        example: "virt-v2v: error: multi-boot operating systems are not supported by virt-v2v. Use the --root option to change how virt-v2v handles this.",
        ..INSPECT
    },
    Signature {
        id: "virt-v2v-root-not-found",
        all: &["Roots found were"],
        any: &["root device"],
        example: "virt-v2v: error: root device /dev/sdb1 not found.  Roots found were: /dev/sda2",
        ..INSPECT
    },
    Signature {
        id: "virt-v2v-not-installed",
        all: &["libguestfs thinks this is not an installed operating"],
        example: "virt-v2v: error: libguestfs thinks this is not an installed operating system (it might be, for example, an installer disk or live CD).",
        ..INSPECT
    },
    Signature {
        id: "virt-v2v-mount-for-writing",
        all: &["virt-v2v"],
        any: &[
            "unable to mount the disk image for writing",
            "filesystem was mounted read-only, even though",
            "could not write to the guest filesystem",
        ],
        example: "virt-v2v: error: unable to mount the disk image for writing. This has probably happened because Windows Hibernation or Fast Restart is being used in this guest.",
        ..INSPECT
    },
];
