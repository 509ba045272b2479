//! The package that wrote an error outranks the program that reported it. A KubeVirt component
//! runs packages of several layers: virt-launcher hosts the pod network's plumbing
//! (`pkg/virt-launcher/virtwrap/network/`), the guest agent's poller (`…/agent-poller/`) and the
//! live migration's source (`…/live-migration-source.go`); virt-handler the migration target's
//! (`pkg/virt-handler/migration…`); virt-controller the migration, drain and workload-update
//! controllers (`pkg/virt-controller/watch/migration/`, `…/drain/`, `…/workload-updater/`). The
//! component says where the line was printed; the error string the line holds, found in the
//! catalogue generated from KubeVirt's source (`explain::generated`, every `fmt.Errorf`,
//! `errors.New` and error-level log message of the package, with the package → layer mapping
//! of `xtask/src/catalog/components.rs`), says which package failed. When that package is built
//! into the very program that reported the line and its layer is another, the package's layer
//! is the line's subject.

use crate::explain::generated::{self, Entry, Kind, Pattern, ThirdParty};
use crate::signatures::Component;
use crate::signatures::fallback::layer_of;
use crate::verdict::Layer;

/// The layer of the package whose error string `line` holds, when that package is built into
/// `reporter` (the same program) and places the line elsewhere than `reporter_layer`; with the
/// generated row (the string and its file).
pub fn package_layer(
    line: &str,
    reporter: Component,
    reporter_layer: Layer,
) -> Option<(Layer, &'static Entry)> {
    let rows = generated::error_strings(line);
    let first = rows.first()?;
    if !matches!(first.kind, Kind::ErrorString | Kind::LogError) {
        return None;
    }
    // Every package writing this string must be the reporter's and agree on one layer.
    let ours = rows
        .iter()
        .filter(|e| matches!(e.kind, Kind::ErrorString | Kind::LogError))
        .all(|e| e.component.as_str() == reporter.name() && e.layer == first.layer);
    let layer = layer_of(first.layer);
    (ours && layer != reporter_layer).then_some((layer, first))
}

/// The finding's cause when the package decides.
pub fn cause(reporter: Component, e: &Entry, layer: Layer) -> String {
    format!(
        "no signature knows this line; {} printed it, but its error \"{}\" is written in {}, a \
         package of the {} layer: the package that failed decides over the program that printed \
         it, with low confidence: read the line itself",
        reporter.name(),
        e.value,
        e.file,
        layer.as_str()
    )
}

/// The same rule for a program outside KubeVirt (`generated::third_party`): the kubelet's,
/// kube-scheduler's, kube-controller-manager's or a CDI program's message, printed by that very
/// program (the component the reader named) and written in a folder of another layer (the
/// kubelet's DNS and pod network setup: the network's; the persistent volume controller's
/// provisioning: the control plane's), takes that folder's layer. With the row.
pub fn third_party_layer(
    m: &ThirdParty,
    reporter: Component,
    reporter_layer: Layer,
) -> Option<(Layer, &'static Pattern)> {
    let layer = layer_of(m.layer()?);
    let ours = m.rows.iter().all(|r| same_program(reporter, r.program));
    (ours && layer != reporter_layer).then_some((layer, m.first()))
}

/// Whether the reader's component is the program that prints a third-party row.
fn same_program(c: Component, program: &str) -> bool {
    match c {
        Component::Kubelet => program == "kubelet",
        Component::Cdi => program.starts_with("cdi"),
        Component::Kubernetes => program.starts_with("kube-"),
        Component::ContainerRuntime => program == "containerd",
        Component::Cni => program == "multus" || program == "cni-plugins",
        _ => false,
    }
}

/// The finding's cause when a third-party folder decides.
pub fn third_party_cause(reporter: Component, p: &Pattern, layer: Layer) -> String {
    format!(
        "no signature knows this line; {} printed it, but its message \"{}\" is written in {}, a \
         folder of the {} layer: the code that failed decides over the program that printed \
         it, with low confidence: read the line itself",
        reporter.name(),
        p.text,
        p.file,
        layer.as_str()
    )
}
