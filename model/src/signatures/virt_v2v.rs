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
    // The source hypervisor's domain, looked up before anything is copied (virt-v2v
    // `input/input_libvirt.ml` / `parse_libvirt_xml.ml`, get_dom: "libvirt domain ‘%s’ is
    // running or paused.  It must be shut down in order to perform virt-v2v conversion";
    // "cannot find libvirt domain ‘%s’: %s"): the import's source is not in a state to convert.
    Signature {
        id: "virt-v2v-source-not-shut-down",
        all: &["virt-v2v"],
        any: &[
            "must be shut down in order to perform virt-v2v conversion",
            "cannot find libvirt domain",
        ],
        title: "virt-v2v refuses the source VM: it is running or cannot be found",
        cause: "virt-v2v looks the source VM up on its hypervisor before copying anything and \
            converts only a VM that is shut down (a running or paused VM's disks change under \
            the copy) and that exists under the name given; the source is still running or \
            paused, or not found, so the import fails and the VM's disk is never provisioned",
        next_steps: &[
            "shut the source VM down on its hypervisor (vSphere, RHV, libvirt), then retry the import or the plan",
            "kubectl logs <the conversion pod> (virt-v2v's output before the error)",
            "check the source VM's name in the import or the Forklift plan",
        ],
        source: "libguestfs/virt-v2v input/input_libvirt.ml and parse_libvirt_xml.ml (get_dom: \
            \"It must be shut down in order to perform virt-v2v conversion\")",
        example: "virt-v2v: error: internal error: invalid argument: libvirt domain ‘web-1’ is running or paused.  It must be shut down in order to perform virt-v2v conversion",
        ..INSPECT
    },
];
