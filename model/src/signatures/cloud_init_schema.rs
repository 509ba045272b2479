//! cloud-init's schema check refusing the configuration the guest received, in its own words
//! (`cloudinit/config/schema.py`: SchemaValidationError's "Cloud config schema errors: …",
//! `handle_schema_args`' "Invalid {schema type} {path}" and "Error: Invalid schema: {type}",
//! for every data type it validates — `cloud-config`, `user-data`, `vendor-data`,
//! `network-config` — as `cloud-init schema --system` and the boot's own validation print them).
//!
//! The guest's: the cloud-init inside the VM read its NoCloud or ConfigDrive data (the user's
//! `cloudInitNoCloud`/`cloudInitConfigDrive` volume) and found keys it does not know or values of
//! the wrong type, so the modules they configure (users, passwords, SSH keys, packages, network)
//! are skipped or fail while the VM runs.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const SCHEMA: Signature = Signature {
    layer: Some(Layer::Guest),
    health: Health::Degraded,
    title: "cloud-init in the guest rejects the configuration it received",
    cause: "cloud-init's schema check found keys it does not know or values of the wrong type in \
        the VM's cloud-init data (user-data, vendor-data or network-config from the cloudInitNoCloud \
        or cloudInitConfigDrive volume): what those keys configure (users, passwords, SSH keys, \
        packages, the network) is skipped or fails inside the guest although the VM runs",
    next_steps: &[
        "in the guest: sudo cloud-init schema --system --annotate (each rejected key, marked in the data)",
        "kubectl get vm <vm> -o yaml (spec.template.spec.volumes: the cloudInitNoCloud userData or its secret)",
        "in the guest: sudo cloud-init status --long; sudo grep -i warn /var/log/cloud-init.log",
    ],
    source: "cloud-init cloudinit/config/schema.py (SchemaValidationError, handle_schema_args)",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "cloud-init-schema-errors",
        all: &["cloud config schema errors:"],
        example: "Error: Cloud config schema errors: users.0: Additional properties are not allowed ('sudo_group' was unexpected)",
        ..SCHEMA
    },
    Signature {
        id: "cloud-init-schema-invalid",
        all: &["invalid "],
        any: &[
            "invalid schema: user-data",
            "invalid schema: vendor-data",
            "invalid schema: network-config",
            "invalid user-data /",
            "invalid vendor-data /",
            "invalid network-config /",
            "invalid cloud-config /",
        ],
        example: "Invalid user-data /var/lib/cloud/instances/iid-datasource-nocloud/cloud-config.txt",
        ..SCHEMA
    },
];
