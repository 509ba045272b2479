//! Which component and layer a source file belongs to, by its package path. The one place this
//! mapping is written: the generator classifies every row with it and emits it as
//! `model/src/explain/generated/components.rs` for `component_of_file`.
//!
//! KubeVirt paths are relative to its repository (`pkg/virt-handler/vm.go`); CDI paths carry
//! `containerized-data-importer/` in front, so the two never collide (both have `pkg/`).

/// The CDI repository's prefix in file paths.
pub const CDI: &str = "containerized-data-importer/";

/// Prefix, component, layer. The longest matching prefix wins (see [`classify`]).
/// Packages follow the binaries that run them: `cmd/virt-*/` in KubeVirt, `cmd/cdi-*` in CDI.
pub const COMPONENTS: &[(&str, &str, &str)] = &[
    ("pkg/controller/", "VirtController", "ControlPlane"),
    ("pkg/virt-api/", "VirtApi", "ControlPlane"),
    ("pkg/virt-controller/", "VirtController", "ControlPlane"),
    (
        "pkg/virt-controller/watch/drain/",
        "VirtController",
        "Migration",
    ),
    (
        "pkg/virt-controller/watch/migration/",
        "VirtController",
        "Migration",
    ),
    (
        "pkg/virt-controller/watch/volume-migration/",
        "VirtController",
        "Migration",
    ),
    (
        "pkg/virt-controller/watch/workload-updater/",
        "VirtController",
        "Migration",
    ),
    ("pkg/virt-handler/", "VirtHandler", "Node"),
    ("pkg/virt-handler/migration", "VirtHandler", "Migration"),
    ("pkg/virt-launcher/", "VirtLauncher", "Node"),
    (
        "pkg/virt-launcher/virtwrap/agent-poller/",
        "VirtLauncher",
        "Guest",
    ),
    ("pkg/virt-launcher/virtwrap/agent/", "VirtLauncher", "Guest"),
    (
        "pkg/virt-launcher/virtwrap/live-migration",
        "VirtLauncher",
        "Migration",
    ),
    (
        "pkg/virt-launcher/virtwrap/network/",
        "VirtLauncher",
        "Network",
    ),
    ("pkg/virt-operator/", "VirtOperator", "ControlPlane"),
    (
        "staging/src/kubevirt.io/api/",
        "KubevirtApi",
        "ControlPlane",
    ),
    (
        "containerized-data-importer/pkg/apiserver/",
        "CdiApiServer",
        "ControlPlane",
    ),
    (
        "containerized-data-importer/pkg/controller/",
        "CdiController",
        "ControlPlane",
    ),
    (
        "containerized-data-importer/pkg/importer/",
        "CdiImporter",
        "Node",
    ),
    (
        "containerized-data-importer/pkg/operator/",
        "CdiOperator",
        "ControlPlane",
    ),
    (
        "containerized-data-importer/pkg/uploadproxy/",
        "CdiUploadProxy",
        "ControlPlane",
    ),
    (
        "containerized-data-importer/pkg/uploadserver/",
        "CdiUploadServer",
        "Node",
    ),
    (
        "containerized-data-importer/staging/src/kubevirt.io/containerized-data-importer-api/",
        "CdiApi",
        "ControlPlane",
    ),
];

/// The component and layer of a file, by the longest prefix of [`COMPONENTS`] it starts with.
pub fn classify(path: &str) -> Option<(&'static str, &'static str)> {
    COMPONENTS
        .iter()
        .filter(|(prefix, _, _)| path.starts_with(prefix))
        .max_by_key(|(prefix, _, _)| prefix.len())
        .map(|&(_, component, layer)| (component, layer))
}
