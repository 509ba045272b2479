//! The host OS image tool failing on a node. Harvester's hosts run an immutable OS that
//! rancher/elemental-toolkit installs, upgrades and resets (its `elemental` CLI writes the OS
//! image onto the host's partitions: COS_STATE, COS_RECOVERY, COS_OEM, COS_PERSISTENT); every
//! failure it exits with has a code of its own (`pkg/error/exit-codes.go`: partitions not
//! mounted or formatted, the state partition undefined, the image not deployed, GRUB not
//! installed, a hook failing, …), and Harvester's node upgrade prints it as "elemental upgrade
//! failed with return code: %d" (harvester/harvester `package/upgrade/upgrade_node.sh`).
//! elemental's own error lines for a command set up wrong (`cmd/upgrade.go`, `cmd/install.go`,
//! `cmd/reset.go`: "Invalid upgrade command setup %v", "invalid install command setup %v", …)
//! come from the host's configuration and partitions as it reads them. Whatever the code, it is
//! the host's own OS or disk, the node's.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const HOST_OS: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "the host's OS image tool (elemental) failed on the node",
    cause: "the node's operating system is written and upgraded as an image by elemental; it \
        stopped with an error of the host's own (its partitions not found, mounted or labelled \
        as expected, a state or configuration file on them incomplete, the image not written), \
        so the node's OS is not upgraded and its upgrade job fails or retries",
    next_steps: &[
        "on the node: cat /usr/local/upgrade_tmp/elemental-upgrade-*.log (the log the job names)",
        "on the node: lsblk -o NAME,LABEL,SIZE,FSTYPE; cat /run/initramfs/cos-state/state.yaml",
        "the exit code's meaning: elemental-toolkit docs/elemental_exit-codes.md",
    ],
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "elemental-exit-code",
        all: &["elemental ", "failed with return code"],
        any: &[
            "elemental upgrade",
            "elemental install",
            "elemental reset",
            "elemental upgrade-recovery",
        ],
        source: "harvester/harvester package/upgrade/upgrade_node.sh (\"elemental upgrade \
            failed with return code: $ret\"); rancher/elemental-toolkit pkg/error/exit-codes.go",
        example: "elemental upgrade failed with return code: 33",
        ..HOST_OS
    },
    Signature {
        id: "elemental-invalid-setup",
        all: &["command setup"],
        any: &[
            "Invalid upgrade command setup",
            "invalid install command setup",
            "Invalid reset command setup",
            "Invalid upgrade-recovery command setup",
        ],
        source: "rancher/elemental-toolkit cmd/upgrade.go, cmd/install.go, cmd/reset.go, \
            cmd/upgrade-recovery.go (\"Invalid upgrade command setup %v\", \"invalid install \
            command setup %v\", …)",
        example: "ERRO[2024-01-01T10:00:00Z] Invalid upgrade command setup undefined state partition",
        ..HOST_OS
    },
];
