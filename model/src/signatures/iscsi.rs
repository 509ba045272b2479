//! The kernel's iSCSI initiator losing its session to a target: the block path under a Longhorn
//! v1 volume (its engine's frontend is an iSCSI target on the VM's node, longhorn/longhorn-engine
//! `pkg/frontend/tgt`) and under any iSCSI storage. Read from Linux: `iscsi_conn_error_event`
//! ("detected conn error (%d)", KERN_INFO) and `session_recovery_timedout` ("session recovery
//! timed out after %u secs") in `drivers/scsi/scsi_transport_iscsi.c`; the SCSI mid-layer then
//! offlines the disk ("Device offlined - not ready after error recovery",
//! `drivers/scsi/scsi_error.c`) and fails every request to it ("rejecting I/O to offline
//! device", `scsi_device_state_check` in `drivers/scsi/scsi_lib.c`).
//!
//! A connection error alone is retried (degraded); once the session's recovery times out the
//! disk is gone and the VM's I/O on it fails (broken). The node's storage either way.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const STEPS: &[&str] = &[
    "iscsiadm -m session -P 3 (the sessions, their state and their disks)",
    "check the path to the iSCSI target (for a Longhorn volume, the engine's instance manager pod on the same node)",
];

/// The session lost and its disk offlined.
const LOST: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "the node's iSCSI session to a volume's target was lost",
    cause: "the kernel's iSCSI initiator could not recover its session to the target in time, \
        so the SCSI layer took the disk offline and rejects every I/O to it: the VM's disk on \
        that volume fails (a Longhorn volume's engine or the storage network is down)",
    next_steps: STEPS,
    ..BASE
};

/// A connection error, recovery under way.
const CONN: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Degraded,
    title: "the node's iSCSI connection to a volume's target failed",
    cause: "the kernel's iSCSI initiator lost a connection to the target and tries to log in \
        again; I/O to the disk waits meanwhile and fails if the session's recovery times out",
    next_steps: STEPS,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "iscsi-session-recovery-timed-out",
        all: &["session recovery timed out after "],
        source: "Linux drivers/scsi/scsi_transport_iscsi.c (session_recovery_timedout: \"session recovery timed out after %u secs\")",
        example: "[ 7475.976977]  session13: session recovery timed out after 120 secs",
        ..LOST
    },
    Signature {
        id: "iscsi-rejecting-io-offline-device",
        all: &["rejecting I/O to offline device"],
        source: "Linux drivers/scsi/scsi_lib.c (scsi_device_state_check: sdev_printk(KERN_ERR, sdev, \"rejecting I/O to offline device\\n\"))",
        example: "[ 1704.984660] sd 6:0:0:0: rejecting I/O to offline device",
        ..LOST
    },
    Signature {
        id: "scsi-device-offlined",
        all: &["Device offlined - not ready after error"],
        source: "Linux drivers/scsi/scsi_error.c (scsi_eh_offline_sdevs: \"Device offlined - not ready after error recovery\")",
        example: "[ 7476.01] sd 5:0:0:0: Device offlined - not ready after error recovery",
        ..LOST
    },
    Signature {
        id: "iscsi-detected-conn-error",
        all: &["detected conn error ("],
        source: "Linux drivers/scsi/scsi_transport_iscsi.c (iscsi_conn_error_event: iscsi_cls_conn_printk(KERN_INFO, conn, \"detected conn error (%d)\\n\", error))",
        example: "[ 7470.860369]  connection13:0: detected conn error (1022)",
        ..CONN
    },
];
