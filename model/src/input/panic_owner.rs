//! Which program a Go panic belongs to, from its stack frames, so a panic naming no component
//! is not the node's by default. Go prints each frame as `<import path>.<func>(…)` followed by
//! `<file>:<line> +0x…` (`runtime/traceback.go`); a program's own frames carry its module path
//! (its `go.mod`), and a vendored library's frames carry it too, before `/vendor/`
//! (`github.com/<org>/<repo>/vendor/k8s.io/apimachinery/…`). KubeVirt's and CDI's frames are
//! read by the generated package table (`explain::generated`: the package's component and
//! layer); other projects' by their module path below.

use crate::explain::generated::{self, SourceLayer};
use crate::signatures::Component;
use crate::verdict::Layer;

/// The program a panic ran in and the layer it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    pub name: String,
    pub layer: Layer,
    /// How the program was found: its stack frames, or the log stream the panic is in.
    pub by_frames: bool,
}

/// Go modules outside KubeVirt's and CDI's (their `go.mod` module paths), by layer: a
/// cluster-level controller or operator is the control plane, a per-node storage or network
/// daemon its layer. A project that moved keeps its old module path in the frames of the
/// releases built before the move: Harvester's repositories were `github.com/rancher/…` until
/// late 2020 (their `go.mod`: `module github.com/rancher/harvester`,
/// `module github.com/rancher/harvester-network-controller`).
const MODULES: &[(&str, &str, Layer)] = &[
    (
        "github.com/rancher/harvester-network-controller",
        "Harvester network controller",
        Layer::Network,
    ),
    (
        "github.com/rancher/harvester",
        "Harvester's controllers",
        Layer::ControlPlane,
    ),
    (
        "github.com/harvester/harvester-network-controller",
        "Harvester network controller",
        Layer::Network,
    ),
    (
        "github.com/harvester/harvester",
        "Harvester's controllers",
        Layer::ControlPlane,
    ),
    (
        "github.com/longhorn/longhorn-manager",
        "Longhorn manager",
        Layer::Node,
    ),
    (
        "github.com/longhorn/longhorn-engine",
        "Longhorn engine",
        Layer::Node,
    ),
    (
        "gopkg.in/k8snetworkplumbingwg/multus-cni",
        "Multus",
        Layer::Network,
    ),
    (
        "github.com/k8snetworkplumbingwg/multus-cni",
        "Multus",
        Layer::Network,
    ),
    (
        "github.com/kubevirt/cluster-network-addons-operator",
        "cluster network add-ons operator",
        Layer::ControlPlane,
    ),
    (
        "github.com/kubevirt/hyperconverged-cluster-operator",
        "HCO",
        Layer::ControlPlane,
    ),
    (
        "kubevirt.io/ssp-operator",
        "SSP operator",
        Layer::ControlPlane,
    ),
    ("k8s.io/kubernetes/pkg/kubelet", "the kubelet", Layer::Node),
    (
        "k8s.io/kubernetes/pkg/scheduler",
        "kube-scheduler",
        Layer::ControlPlane,
    ),
    (
        "k8s.io/kubernetes/pkg/controller",
        "kube-controller-manager",
        Layer::ControlPlane,
    ),
];

/// The owner of the panic in `paste`: the first frame naming a known program.
pub fn owner(paste: &str) -> Option<Owner> {
    paste.lines().filter(|l| is_frame(l)).find_map(frame_owner)
}

/// The owner of a panic whose frames name no program, from the log stream it was printed in:
/// apimachinery's `HandleCrash` ("Observed a panic", `k8s.io/apimachinery/pkg/util/runtime/
/// runtime.go`) and Go's runtime write into the crashing process's own log, so the component
/// of the log lines before it (their `"component"` field, klog's source file, a `kubectl logs`
/// of its pod) is the program that panicked. Only Go programs panic so: the kernel, libvirt and
/// QEMU (C) own no Go panic.
pub fn of_stream(c: Component) -> Option<Owner> {
    match c {
        Component::Kernel | Component::Libvirt | Component::Qemu => None,
        _ => Some(Owner {
            name: c.name().to_string(),
            layer: c.layer(""),
            by_frames: false,
        }),
    }
}

/// A stack frame line: a function call `path.func(…)` or its `file.go:NNN` position.
fn is_frame(line: &str) -> bool {
    let t = line.trim_start();
    (t.contains(".go:") && (t.contains(" +0x") || t.starts_with('/')))
        || (t.ends_with(')')
            && t.split('(')
                .next()
                .is_some_and(|f| f.contains('/') && !f.contains(' ')))
}

fn frame_owner(line: &str) -> Option<Owner> {
    let t = line.trim();
    // The program's own module comes before any `/vendor/`.
    let own = t.split("/vendor/").next().unwrap_or(t);
    if own.contains("kubevirt.io/kubevirt/") || own.contains("containerized-data-importer/") {
        let path = package_path(own.split_whitespace().next().unwrap_or(own));
        if let (Some(c), Some(l)) = (
            generated::component_of_file(&path),
            generated::layer_of_file(&path),
        ) {
            return Some(Owner {
                name: c.as_str().to_string(),
                layer: layer_of(l),
                by_frames: true,
            });
        }
    }
    MODULES
        .iter()
        .filter(|(m, ..)| {
            own.find(m).is_some_and(|i| {
                let after = &own[i + m.len()..];
                after.is_empty() || after.starts_with(['/', '.'])
            })
        })
        .max_by_key(|(m, ..)| m.len())
        .map(|(_, name, layer)| Owner {
            name: name.to_string(),
            layer: *layer,
            by_frames: true,
        })
}

/// A file position as it is; a function frame (`<import path>.<func>`, the package ending at
/// the first `.` after the last `/`) as its package's directory.
fn package_path(token: &str) -> String {
    if token.contains(".go:") || token.ends_with(".go") {
        return token.to_string();
    }
    let call = token.split('(').next().unwrap_or(token);
    let slash = call.rfind('/').unwrap_or(0);
    match call[slash..].find('.') {
        Some(dot) => format!("{}/", &call[..slash + dot]),
        None => format!("{call}/"),
    }
}

fn layer_of(l: SourceLayer) -> Layer {
    crate::signatures::fallback::layer_of(l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_module_before_vendor_and_kubevirts_packages_name_the_program() {
        let vendored =
            "github.com/acme/x/vendor/k8s.io/apimachinery/pkg/util/runtime.logPanic({0x1?, 0x2})";
        assert_eq!(owner(vendored), None);
        let harvester = "github.com/harvester/harvester/vendor/k8s.io/apimachinery/pkg/util/runtime.logPanic({0x1?, 0x2})";
        assert_eq!(owner(harvester).map(|o| o.layer), Some(Layer::ControlPlane));
        let ctrl = "\t/go/src/kubevirt.io/kubevirt/pkg/virt-controller/watch/vmi.go:120 +0x2b";
        assert_eq!(owner(ctrl).map(|o| o.layer), Some(Layer::ControlPlane));
        let handler = "kubevirt.io/kubevirt/pkg/virt-handler.(*VirtualMachineController).execute(0xc0001, {0xc0002, 0x10})";
        assert_eq!(owner(handler).map(|o| o.layer), Some(Layer::Node));
    }
}
