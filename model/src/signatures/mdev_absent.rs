//! A node without mediated devices, seen by the programs that look for them: noise.
//!
//! virt-handler's mediated-device manager (KubeVirt
//! `pkg/virt-handler/device-manager/mediated_devices_types.go`, removeUndesiredMDEVs) reads
//! `/sys/bus/mdev/devices` on every configuration pass to remove mdev types no longer asked
//! for; on a node whose kernel has no mediated-device bus the directory does not exist, and
//! older releases logged "failed to remove mdev types: failed to read the content of %s
//! directory" at error level on every pass; later releases log it at verbosity 4 with "This
//! most likely means that no mdev cleanup is necessary" and only a read error other than
//! `ErrNotExist` stays an error. The same manager reads `/sys/class/mdev_bus` for the types it
//! may create. NVIDIA's KubeVirt GPU device plugin walks the same tree
//! (`pkg/device_plugin/device_plugin.go`: "Error accessing file path %q: %v" from its
//! `filepath.Walk`) and, when the host's PCI ID database lacks a card's model, logs "Error:
//! Could not find device name for device id: %s" and names the resource by the id instead:
//! the devices are still found and advertised. Nothing is broken: shown, blaming nothing. A
//! failure to create or remove an mdev that exists is not matched.

use super::Signature;
use super::base::BASE;

const SOURCE: &str = "KubeVirt pkg/virt-handler/device-manager/mediated_devices_types.go \
    (removeUndesiredMDEVs: \"failed to remove mdev types: failed to read the content of %s \
    directory\", ErrNotExist: \"no mdev cleanup is necessary\"); NVIDIA kubevirt-gpu-device-plugin \
    pkg/device_plugin/device_plugin.go (\"Error accessing file path %q: %v\", \"Error: Could not \
    find device name for device id: %s\")";

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "mdev-bus-absent",
        all: &["no such file or directory"],
        any: &["/sys/bus/mdev/devices", "/sys/class/mdev_bus"],
        title: "the node has no mediated devices to read (noise)",
        cause: "a program looking for mediated devices (virt-handler's mdev manager, a GPU \
            device plugin) found no mediated-device directory in the node's sysfs: the node has \
            no mdev-capable device or driver, so there is nothing to create or clean up; \
            KubeVirt itself logs it at a debug level since (\"no mdev cleanup is necessary\")",
        source: SOURCE,
        example: r#"{"component":"virt-handler","level":"error","msg":"failed to remove mdev types: failed to read the content of /sys/bus/mdev/devices directory","reason":"open /sys/bus/mdev/devices: no such file or directory"}"#,
        ..BASE
    },
    Signature {
        id: "gpu-plugin-device-unnamed",
        all: &["Could not find device name for device id"],
        title: "a GPU device plugin names a card by its id (noise)",
        cause: "the device plugin did not find the card's model in the host's PCI ID database \
            and names its resource by the device id instead; the card is still discovered and \
            advertised (an outdated pci.ids, not a failure)",
        source: SOURCE,
        example: "2024/01/02 10:00:00 Error: Could not find device name for device id: 20b5",
        ..BASE
    },
];
