//! What an error or warning line no signature knows still says: the component that wrote it
//! points at that component's layer ([`super::component`]), as a degraded finding of low weight
//! (it loses to every known message and every finding from the objects) and low confidence, with
//! the line cited. An info line is normal operation and points at nothing.

use super::component::Component;
use super::level::Level;
use crate::verdict::{Health, Layer};

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
