//! Longhorn refusing or undoing the live migration of a migratable volume. A VM's live migration
//! attaches its RWX (migratable) Longhorn volume on the target node too; longhorn-manager starts
//! that second attachment as the volume's own migration and refuses it, or reverts it, in these
//! words (longhorn/longhorn-manager):
//!
//! - `manager/volume.go` of the releases with the revived migration feature (2021: `Attach` on a
//!   second node calls `MigrationStart`; `errors.Wrapf(err, "unable to attach volume %v to %v")`
//!   and `"unable to start migration for volume %v to %v"`): "invalid volume state to start
//!   migration %v", "volume must be healthy to start migration", "upgrading in process for
//!   volume, cannot start migration", "cannot migrate to the same node as volume currently
//!   attached to", "empty migration destination"; `MigrationConfirm` ("unable to confirm
//!   migration for volume %v", "migration is not ready yet", "no migration in process to be
//!   confirm") and `MigrationRollback` ("unable to rollback migration for volume %v");
//! - `controller/volume_controller.go` of today's releases: "failed to process migration for
//!   %v", "Skip the migration processing since the volume current robustness is %v", "Need to
//!   revert the migration since the current engine %v is state %v", "need to do revert then
//!   retry the migration", "no valid migration replica during the migration";
//!   `controller/volume_attachment_controller.go`: "failed to find the migrating engine for
//!   volume %v"; `webhook/resources/volume/validator.go`: "cannot change v.Spec.MigrationNodeID
//!   to node %v when the volume is doing live migration to node %v".
//!
//! "invalid volume state to start migration attaching" is left out: the volume has not finished
//! its first attachment (two attachments racing, a new VM's as well as a migration's), so it
//! keeps the volume's own reading (the node's storage, `signatures::about`).
//!
//! By the fresh corpus' conventions a migratable volume's second attachment failing is the
//! migration's (its control plane: the target's volume is not ready, no data moved), broken when
//! the start is refused, degraded while Longhorn waits or reverts. The event Longhorn records
//! when the migration fails unexpectedly is in `longhorn_reasons.rs`.

use super::Signature;
use super::base::BASE;
use super::longhorn_steps::VOLUME;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

const SOURCE_2021: &str = "longhorn/longhorn-manager manager/volume.go (Attach, MigrationStart, \
    MigrationConfirm, MigrationRollback; the revived migration feature, 2021)";
const SOURCE_NOW: &str = "longhorn/longhorn-manager controller/volume_controller.go \
    (processMigration), controller/volume_attachment_controller.go, \
    webhook/resources/volume/validator.go";

/// Longhorn refuses to start the volume's migration to the target node.
const REFUSED: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Control),
    health: Health::Broken,
    title: "Longhorn refuses to attach the VM's volume on the migration's target node",
    cause: "a live migration attaches the VM's migratable Longhorn volume on the target node too, \
        and Longhorn starts that second attachment only for a volume attached, healthy (every \
        replica it asks for) and not being upgraded; this volume is not, so the target's launcher \
        pod cannot mount it and the migration does not start",
    next_steps: VOLUME,
    source: SOURCE_2021,
    ..BASE
};

/// Longhorn holds or reverts the volume's migration.
const REVERTED: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Control),
    health: Health::Degraded,
    title: "Longhorn holds or reverts the migration of the VM's volume",
    cause: "Longhorn moves a migratable volume's engine to the target node only while the volume \
        is healthy and the migration engine runs; it skipped or reverted this volume's migration \
        (the volume not healthy, the migration engine or its replicas not valid), so the VM's \
        migration waits for the volume or fails",
    next_steps: VOLUME,
    source: SOURCE_NOW,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "longhorn-migration-start-refused",
        all: &["start migration"],
        any: &["volume must be healthy", "upgrading in process for volume"],
        none: &["invalid volume state"],
        example: "AttachVolume.Attach failed for volume \"pvc-1\" : rpc error: code = Internal desc = Bad response statusCode [500]. Body: [message=unable to attach volume pvc-1 to node-b: volume must be healthy to start migration, code=Server Error]",
        ..REFUSED
    },
    Signature {
        id: "longhorn-migration-destination-refused",
        all: &["unable to start migration for volume"],
        any: &[
            "cannot migrate to the same node",
            "empty migration destination",
            "migration already started",
        ],
        example: "unable to start migration for volume pvc-1 to node-a: cannot migrate to the same node as volume currently attached to",
        ..REFUSED
    },
    Signature {
        id: "longhorn-migration-confirm-failed",
        all: &["migration for volume"],
        any: &["unable to confirm", "unable to rollback"],
        example: "unable to confirm migration for volume pvc-1: migration is not ready yet",
        ..REVERTED
    },
    Signature {
        id: "longhorn-migration-held",
        all: &["migration"],
        any: &[
            "failed to process migration for",
            "need to revert the migration since the current engine",
            "need to do revert then retry the migration",
            "no valid migration replica during the migration",
            "failed to find the migrating engine for volume",
            "when the volume is doing live migration to node",
        ],
        example: "failed to process migration for pvc-1: no valid migration replica during the migration",
        source: SOURCE_NOW,
        ..REVERTED
    },
    // The robustness it names would read as the volume's own state (`longhorn_reasons.rs`):
    // three needles, so the migration's reading wins.
    Signature {
        id: "longhorn-migration-skipped-not-healthy",
        all: &[
            "skip the migration processing",
            "volume current",
            "robustness",
        ],
        example: "level=warning msg=\"Skip the migration processing since the volume current robustness is degraded\" accessMode=rwx controller=longhorn-volume migrationNodeID=node-b volume=pvc-1",
        source: SOURCE_NOW,
        ..REVERTED
    },
];
