//! libvirt refusing a disk of the domain KubeVirt rendered from the VM's spec. When virt-launcher
//! defines the domain (KubeVirt `pkg/virt-launcher/virtwrap/manager.go` SyncVMI, the converter
//! in `pkg/virt-launcher/virtwrap/converter/`), libvirt's QEMU driver checks each disk's
//! front end (libvirt `src/qemu/qemu_validate.c` qemuValidateDomainDeviceDefDiskFrontend, in
//! older releases `src/qemu/qemu_command.c` qemuBuildDriveStr) and refuses with
//! VIR_ERR_CONFIG_UNSUPPORTED: "readonly ide disks are not supported", "readonly sata disks are
//! not supported" (only a CD-ROM may be read-only on those buses), "transient disks not
//! supported yet". These refuse the VM's own definition on any node (nothing of the host is
//! asked), a spec virt-api's validation let through: the control plane's, as QEMU refusing a
//! CPU topology (`signatures/qemu_topology.rs`). libvirt's other "unsupported configuration"
//! refusals about the host (no KVM, no PCI passthrough, a CPU mode the host lacks) stay the
//! node's.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const DEFINITION: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "libvirt refuses a disk of the VM's definition",
    cause: "the VM's spec asks for a disk libvirt cannot give on its bus (a read-only disk on a \
        SATA or IDE bus, where only a CD-ROM may be read-only; a transient disk), so the domain \
        is never defined and the VM fails to start on any node: the spec must change (virt-api \
        let it through)",
    next_steps: &[
        "kubectl get vm <vm> -n <ns> -o jsonpath='{.spec.template.spec.domain.devices.disks}'",
        "make the disk a cdrom, drop readOnly, or put it on the virtio bus, then restart the VM",
    ],
    source: "libvirt src/qemu/qemu_validate.c (qemuValidateDomainDeviceDefDiskFrontend: \
        \"readonly sata disks are not supported\"); KubeVirt pkg/virt-launcher/virtwrap/manager.go",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "libvirt-readonly-disk-bus",
        all: &["readonly", "disks are not supported"],
        any: &["readonly ide", "readonly sata"],
        example: "server error. command SyncVMI failed: \"LibvirtError(Code=67, Domain=10, Message='unsupported configuration: readonly ide disks are not supported')\"",
        ..DEFINITION
    },
    Signature {
        id: "libvirt-transient-disk",
        all: &["unsupported configuration", "transient disks not supported"],
        example: "LibvirtError(Code=67, Domain=10, Message='unsupported configuration: transient disks not supported yet')",
        ..DEFINITION
    },
];
