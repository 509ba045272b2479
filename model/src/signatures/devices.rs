//! A process in a pod refused access to a device node it was given: a block volume
//! (`volumeMode: Block`, e.g. CDI's importer writing `/dev/cdi-block-volume`, QEMU opening a
//! VM's block disk) or a host device. The device exists in the container but its owner and
//! mode are the host's: the node's container runtime does not hand device ownership to the
//! pod's non-root user (containerd's `device_ownership_from_security_context`, CRI-O's
//! `device_ownership_from_security_context`), or SELinux denies it. A node fault (data table).
//! Messages: CDI `pkg/util/file.go` (`blockdev` run through `GetAvailableSpaceBlock`: "cannot
//! open %s: Permission denied"), QEMU's block layer ("Could not open '%s': Permission denied").

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "device-permission-denied",
    all: &["Permission denied"],
    // `cannot open /dev/…`, `failed to open /dev/…`, `Could not open '/dev/…'`.
    any: &["open /dev/", "open '/dev/"],
    none: &["/dev/kvm"],
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "a pod cannot open its block device (Permission denied)",
    cause: "the device node is in the container but keeps the host's owner and mode, so the \
        pod's non-root process (CDI's importer, virt-launcher's QEMU) cannot open it: the \
        node's container runtime is not set to give device ownership to the pod's security \
        context (containerd or CRI-O device_ownership_from_security_context), or SELinux \
        denies it",
    next_steps: &[
        "on the node: grep device_ownership_from_security_context /etc/containerd/config.toml (or crio.conf); set it to true and restart the runtime",
        "ausearch -m avc -ts recent (SELinux denials on the node)",
    ],
    source: "CDI pkg/util/file.go (blockdev: \"cannot open %s: Permission denied\"); QEMU \
        block layer (\"Could not open '%s': Permission denied\")",
    example: "E0422 07:37:02.929473 1 importer.go:137] exit status 1, blockdev: cannot open /dev/cdi-block-volume: Permission denied",
    ..BASE
}];
