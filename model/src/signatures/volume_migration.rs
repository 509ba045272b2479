//! KubeVirt's volume migration refused before it starts: a VM whose volumes are changed under
//! `updateVolumesStrategy: Migration` is migrated to its new claims by virt-controller, which
//! first validates the change (`pkg/virt-controller/watch/volume-migration/volume-migration.go`:
//! ValidateVolumes' "invalid volumes to update with migration: hotplugged: … filesystems: …
//! shareable: … luns: … DV storage class isn't a CSI or not using volume populators: …",
//! ValidateVolumesUpdateMigration's "cannot migrate the volumes as the VMI isn't migratable: %s"
//! and "cannot migrate the VM. The volume %s is RWO and not included in the migration volumes",
//! VolumeMigrationCancel's InvalidUpdateErrMsg) and on a refusal sets the VM's `RestartRequired`
//! condition with the message and logs it (`pkg/virt-controller/watch/vm/vm.go`,
//! handleValidationErrors: "cannot migrate the VM. Volumes are invalid: %v", "cannot migrate the
//! VMI: %v"), or, for a destination claim that does not exist, the VMI's `VolumesChange`
//! condition ("One of the destination volumes doesn't exist: %v"). The decision to migrate is
//! the migration's control plane; the VM keeps running on its old volumes.

use super::Signature;
use super::base::BASE;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

/// A volume migration virt-controller refused.
const REFUSED: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Control),
    health: Health::Broken,
    title: "the volume migration was refused (updateVolumesStrategy: Migration)",
    cause: "the VM's volumes were changed to be migrated to new claims, and virt-controller \
        refused the change before migrating: a volume of a kind that cannot be copied live \
        (hotplugged, a filesystem, shareable, a LUN, a DataVolume not populated through CSI), \
        a ReadWriteOnce volume left out of the change, a VMI that is not migratable, or a \
        destination claim that does not exist; the VM keeps running on its old volumes and is \
        marked RestartRequired",
    next_steps: &[
        "kubectl get vm <name> -n <ns> -o jsonpath='{.status.conditions}' (RestartRequired's message)",
        "kubectl get vmi <name> -n <ns> -o jsonpath='{.status.conditions}' (LiveMigratable, VolumesChange)",
        "revert spec.template.spec.volumes to the running claims, or restart the VM to take the new ones",
    ],
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "volume-migration-invalid-volumes",
        all: &["invalid volumes to update with migration"],
        source: "KubeVirt pkg/virt-controller/watch/volume-migration/volume-migration.go \
            (invalidVols.errorMessage)",
        example: "invalid volumes to update with migration: hotplugged: [scratch]",
        ..REFUSED
    },
    Signature {
        id: "volume-migration-vmi-not-migratable",
        all: &["cannot migrate the volumes as the VMI isn't migratable"],
        source: "KubeVirt pkg/virt-controller/watch/volume-migration/volume-migration.go \
            (ValidateVolumesUpdateMigration)",
        example: "cannot migrate the volumes as the VMI isn't migratable: cannot migrate VMI with non-shared PVCs",
        ..REFUSED
    },
    Signature {
        id: "volume-migration-rwo-left-out",
        all: &["is RWO and not included in the migration volumes"],
        source: "KubeVirt pkg/virt-controller/watch/volume-migration/volume-migration.go \
            (ValidateVolumesUpdateMigration)",
        example: "cannot migrate the VM. The volume data is RWO and not included in the migration volumes",
        ..REFUSED
    },
    Signature {
        id: "volume-migration-destination-missing",
        all: &["One of the destination volumes doesn't exist"],
        source: "KubeVirt pkg/virt-controller/watch/vm/vm.go (handleValidationErrors)",
        example: "One of the destination volumes doesn't exist: persistentvolumeclaim \"new-disk\" not found",
        ..REFUSED
    },
    Signature {
        id: "volume-migration-revert-only",
        all: &["The volume can only be reverted to the previous version during the update"],
        source: "KubeVirt pkg/virt-controller/watch/volume-migration/volume-migration.go \
            (InvalidUpdateErrMsg)",
        example: "The volume can only be reverted to the previous version during the update",
        ..REFUSED
    },
];
