//! What an error or warning line no signature knows still says: the component that wrote it
//! points at that component's layer ([`super::component`]), as a degraded finding of low weight
//! (it loses to every known message and every finding from the objects) and low confidence, with
//! the line cited. An info line is normal operation and points at nothing. A line that holds
//! one of KubeVirt's own error strings, or a Warning event reason KubeVirt records (both from
//! the catalogues generated from its source, `explain::generated`), points at the layer of the
//! package that writes it, with that file cited ([`from_source`], [`warning_event`]); one
//! holding a third party's string (the catalogues generated from the kubelet's, Longhorn's,
//! CDI's, Multus' … source) points at the layer of the folder that writes it, with that file and
//! its pinned release cited ([`from_third_party`]).

use super::component::Component;
use super::level::Level;
use crate::explain::generated::{self, Entry, Kind, SourceLayer, ThirdParty};
use crate::verdict::{Health, Layer};

/// What a line no signature knows says through the generated catalogues: the layer of the
/// package that writes its error string or records its event reason, and that file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sourced {
    pub layer: Layer,
    pub title: String,
    pub cause: String,
    /// The source file (and the pinned release) the string or reason comes from.
    pub source: String,
}

/// The generated catalogues' layer as the verdict's.
pub(crate) fn layer_of(l: SourceLayer) -> Layer {
    match l {
        SourceLayer::ControlPlane => Layer::ControlPlane,
        SourceLayer::Node => Layer::Node,
        SourceLayer::Guest => Layer::Guest,
        SourceLayer::Network => Layer::Network,
        SourceLayer::Migration => Layer::Migration,
    }
}

fn cite(e: &Entry) -> String {
    format!(
        "{} (KubeVirt {}, from the generated catalogue)",
        e.file,
        generated::KUBEVIRT.tag
    )
}

/// The KubeVirt error string `line` holds (the longest generated prefix in it), as its
/// package's layer. Only error strings and error-level log messages count.
pub fn from_source(line: &str) -> Option<Sourced> {
    let e = generated::error_string(line)?;
    if !matches!(e.kind, Kind::ErrorString | Kind::LogError) {
        return None;
    }
    let layer = layer_of(e.layer);
    Some(Sourced {
        layer,
        title: format!("an unrecognised {} error", e.component.as_str()),
        cause: format!(
            "no signature knows this line, but it holds {}'s error \"{}\" (written in {}), so \
             it points at the {} layer, with low confidence: read the line itself",
            e.component.as_str(),
            e.value,
            e.file,
            layer.as_str()
        ),
        source: cite(e),
    })
}

/// The third-party string a line holds (the kubelet's, kube-scheduler's,
/// kube-controller-manager's, Longhorn's, CDI's, Multus', a CNI plugin's, containerd's or
/// Harvester's message, verbs filled in: `generated::third_party`), as
/// the layer of the folder that writes it, when every row it matches agrees on one layer.
pub fn from_third_party(m: &ThirdParty) -> Option<Sourced> {
    let layer = layer_of(m.layer()?);
    let e = m.first();
    let mut programs: Vec<&str> = Vec::new();
    for r in &m.rows {
        if !programs.contains(&r.program) {
            programs.push(r.program);
        }
    }
    let program = programs.join(" or ");
    let pin = generated::third_party_pin(e.file)?;
    Some(Sourced {
        layer,
        title: format!("an unrecognised {program} error"),
        cause: format!(
            "no signature knows this line, but it holds {program}'s message \"{}\" (written in \
             {}), so it points at the {} layer, with low confidence: read the line itself",
            e.text,
            e.file,
            layer.as_str()
        ),
        source: format!(
            "{} ({} {}, from the generated catalogue)",
            e.file, pin.repo, pin.tag
        ),
    })
}

/// A `Warning` event row (`kubectl get events`, a describe's `Events:`) whose reason KubeVirt
/// records as a Warning, about a KubeVirt object (its OBJECT a VM, VMI, migration or launcher
/// pod, or `in_describe`: a describe's events concern the object described): the layer of the
/// package that records it, when every package recording it as a Warning is of one layer.
/// Kubernetes' own controllers share some reasons (`FailedCreate`), hence the object test.
pub fn warning_event(line: &str, in_describe: bool) -> Option<Sourced> {
    let lower = line.to_ascii_lowercase();
    let kubevirt_object = in_describe
        || ["virtualmachine", "vmi/", "vm/", "pod/virt-launcher-"]
            .iter()
            .any(|k| lower.contains(k));
    if !kubevirt_object {
        return None;
    }
    let mut cells = line.split_whitespace();
    cells.find(|c| *c == "Warning")?;
    let reason = cells.next()?;
    let mut rows = generated::event_reasons(reason)
        .iter()
        .filter(|e| e.kind == Kind::WarningEvent);
    let e = rows.next()?;
    if rows.any(|r| r.layer != e.layer) {
        return None;
    }
    let layer = layer_of(e.layer);
    Some(Sourced {
        layer,
        title: format!(
            "an unrecognised {} Warning event {reason}",
            e.component.as_str()
        ),
        cause: format!(
            "no signature knows this event, but {} records the Warning reason {reason} (in {}), \
             so it points at the {} layer, with low confidence: read its message",
            e.component.as_str(),
            e.file,
            layer.as_str()
        ),
        source: cite(e),
    })
}

/// The meaning of an unrecognised error or warning line from a known component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unrecognised {
    pub component: Component,
    pub level: Level,
    pub layer: Layer,
    pub health: Health,
    pub title: String,
    pub cause: String,
    pub next_steps: Vec<String>,
}

/// What `line` (stated at `level`, written by `component`) means when no signature knows it;
/// `None` for an info line.
pub fn unrecognised(line: &str, level: Level, component: Component) -> Option<Unrecognised> {
    if level == Level::Info {
        return None;
    }
    let layer = component.layer(line);
    let title = format!(
        "an unrecognised {} {} line",
        component.name(),
        level.as_str()
    );
    let cause = format!(
        "no signature knows this {} line; it comes from {} ({}), so it points at the {} layer, \
         with low confidence: read the line itself",
        level.as_str(),
        component.name(),
        component.why(),
        layer.as_str()
    );
    Some(Unrecognised {
        component,
        level,
        layer,
        health: Health::Degraded,
        title,
        cause,
        next_steps: next_steps(component),
    })
}

/// Where to look next for each component.
fn next_steps(c: Component) -> Vec<String> {
    let s: &[&str] = match c {
        Component::VirtApi => &["kubectl logs -n kubevirt -l kubevirt.io=virt-api"],
        Component::VirtController => &["kubectl logs -n kubevirt -l kubevirt.io=virt-controller"],
        Component::VirtOperator => &["kubectl get kubevirt -n kubevirt -o yaml (conditions)"],
        Component::VirtHandler => &["kubectl logs -n kubevirt <virt-handler pod on the node>"],
        Component::VirtLauncher | Component::Libvirt | Component::Qemu => {
            &["kubectl logs <virt-launcher pod> -c compute"]
        }
        Component::Cdi => &["kubectl get dv -n <ns>", "kubectl logs <importer pod>"],
        Component::Kubelet | Component::ContainerRuntime | Component::Kernel => &[
            "journalctl -u kubelet -k on the node",
            "kubectl describe node <node>",
        ],
        Component::Kubernetes => &["kubectl get events -A --field-selector type=Warning"],
        Component::Cni => &["kubectl logs -n <cni namespace> <cni pod on the node>"],
    };
    s.iter().map(|x| x.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_error_points_at_its_components_layer_and_info_at_nothing() {
        let u = unrecognised("x", Level::Error, Component::VirtApi).unwrap();
        assert_eq!(u.layer, Layer::ControlPlane);
        assert_eq!(u.health, Health::Degraded);
        assert!(u.title.contains("virt-api error"), "{}", u.title);
        let u = unrecognised("x", Level::Warning, Component::Kernel).unwrap();
        assert_eq!(u.layer, Layer::Node);
        assert!(unrecognised("x", Level::Info, Component::VirtApi).is_none());
    }
}
