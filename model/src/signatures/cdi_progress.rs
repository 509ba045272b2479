//! CDI's controllers polling an importer's progress: a failed poll is no failure of the import.
//! The import populator and the Forklift populator (containerized-data-importer
//! `pkg/controller/populators/import-populator.go`, `forklift-populator.go`,
//! updateImportProgress) read the running importer pod's `/metrics` endpoint to copy its
//! progress into the claim's annotation; when the request fails (the pod already finished or
//! is not yet listening: "dial tcp …:8443: i/o timeout", "connection refused") they log "Failed
//! to update import progress for pvc %s/%s" and carry on: the progress is a display value, the
//! import's own phase and events say whether it succeeded. The same holds for the clone and
//! upload progress the controllers read the same way (`pkg/controller/import-controller.go`,
//! `clone-controller.go`: "Unable to update progress", `pkg/monitoring`'s progress readers).
//! Noise, shown and blaming nothing.

use super::Signature;
use super::base::BASE;

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "cdi-progress-poll-failed",
    all: &["Failed to update", "progress for pvc", "/metrics"],
    any: &["import progress", "clone progress", "upload progress"],
    title: "CDI could not read a transfer's progress (noise)",
    cause: "CDI's controller reads the importer pod's metrics endpoint only to show the \
        transfer's progress on the claim; the request failed (the pod already finished or not \
        yet listening) and the controller carries on: the import's phase and events, not this \
        line, say whether it works",
    source: "containerized-data-importer pkg/controller/populators/import-populator.go \
        (updateImportProgress: \"Failed to update import progress for pvc %s/%s\"); \
        forklift-populator.go",
    example: r#"{"level":"error","logger":"controller.import-populator","msg":"Failed to update import progress for pvc ns/disk-1","error":"Get \"https://10.0.0.9:8443/metrics\": dial tcp 10.0.0.9:8443: i/o timeout"}"#,
    ..BASE
}];
