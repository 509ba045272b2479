//! Which component wrote a log line, and which layer that component belongs to. A line names its
//! component by the `component` field of KubeVirt's JSON log (and its `subcomponent`: `libvirt`,
//! `qemu`), a controller-runtime `logger` (CDI's controllers), a klog source path in the message
//! (`pkg/virt-handler/…`, client-go's reflector names its informer's file), a journal prefix
//! (`kubelet[123]:`, `kernel:`, `containerd[…]:`, `virtqemud[…]:`), a `dmesg` timestamp, or a
//! klog file name only one component has (CDI's `importer.go`, kubelet's `pod_workers.go`).
//! Failing all that, the text around it (a `kubectl logs virt-handler-x` command, a pod name, the
//! last component seen) names it: see [`component_in_text`].
//!
//! The layer of each component follows KubeVirt's architecture (`docs/components.md` in
//! kubevirt/kubevirt): virt-api, virt-controller and virt-operator are cluster-wide Deployments
//! (the control plane: admission, VMI and pod orchestration, install); virt-handler is the
//! per-node DaemonSet and virt-launcher is the VMI's pod on that node, running libvirt
//! (virtqemud) and QEMU: the node and its launcher. kubelet, the container runtime and the kernel
//! are the node itself. CDI provisions the VM's disks through its controller and short-lived
//! importer/cloner/upload pods that the cluster schedules: storage provisioning, a control-plane
//! concern for the VM (the VM waits for its DataVolume). A launcher, libvirt or QEMU line about a
//! migration points at the migration layer, one about the guest agent at the guest.

use crate::verdict::Layer;

/// A component that writes logs people paste.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Component {
    VirtApi,
    VirtController,
    VirtHandler,
    VirtLauncher,
    VirtOperator,
    /// CDI: cdi-controller/deployment, cdi-apiserver, cdi-uploadproxy, importer, cloner, upload.
    Cdi,
    Kubelet,
    /// containerd or CRI-O.
    ContainerRuntime,
    Kernel,
    /// libvirt, libvirtd or virtqemud (inside virt-launcher).
    Libvirt,
    Qemu,
    /// kube-apiserver, kube-scheduler, kube-controller-manager, etcd.
    Kubernetes,
    /// Multus, a CNI plugin, bridge-marker, kubemacpool, OVS.
    Cni,
}

impl Component {
    /// Every component, for tests and reports.
    pub const ALL: [Component; 13] = [
        Component::VirtApi,
        Component::VirtController,
        Component::VirtHandler,
        Component::VirtLauncher,
        Component::VirtOperator,
        Component::Cdi,
        Component::Kubelet,
        Component::ContainerRuntime,
        Component::Kernel,
        Component::Libvirt,
        Component::Qemu,
        Component::Kubernetes,
        Component::Cni,
    ];

    /// The name an operator knows it by.
    pub fn name(self) -> &'static str {
        match self {
            Component::VirtApi => "virt-api",
            Component::VirtController => "virt-controller",
            Component::VirtHandler => "virt-handler",
            Component::VirtLauncher => "virt-launcher",
            Component::VirtOperator => "virt-operator",
            Component::Cdi => "CDI",
            Component::Kubelet => "kubelet",
            Component::ContainerRuntime => "container runtime",
            Component::Kernel => "kernel",
            Component::Libvirt => "libvirt",
            Component::Qemu => "QEMU",
            Component::Kubernetes => "Kubernetes control plane",
            Component::Cni => "CNI",
        }
    }

    /// The layer a line of this component points at when no signature knows it (see the module
    /// comment for why); `text` is the line, for the migration and guest cues.
    pub fn layer(self, text: &str) -> Layer {
        match self {
            Component::VirtApi
            | Component::VirtController
            | Component::VirtOperator
            | Component::Cdi
            | Component::Kubernetes => Layer::ControlPlane,
            Component::Kubelet | Component::ContainerRuntime | Component::Kernel => Layer::Node,
            Component::Cni => Layer::Network,
            Component::VirtHandler
            | Component::VirtLauncher
            | Component::Libvirt
            | Component::Qemu => launcher_cue(text),
        }
    }

    /// Why this component's lines point at its layer, for the finding's cause.
    pub fn why(self) -> &'static str {
        match self {
            Component::VirtApi | Component::VirtController | Component::VirtOperator => {
                "a cluster-wide KubeVirt Deployment (admission, VMI and pod orchestration, \
                 install): the control plane"
            }
            Component::Cdi => {
                "CDI provisions the VM's disks (DataVolumes) through its controller and importer \
                 pods: storage provisioning, before the VM can run"
            }
            Component::Kubernetes => "a Kubernetes control-plane component",
            Component::VirtHandler => "KubeVirt's per-node DaemonSet: the node's agent",
            Component::VirtLauncher | Component::Libvirt | Component::Qemu => {
                "the VMI's own pod on the node (virt-launcher runs libvirt and QEMU)"
            }
            Component::Kubelet | Component::ContainerRuntime | Component::Kernel => {
                "the node itself"
            }
            Component::Cni => "the pod network the VMI's interfaces are bound to",
        }
    }
}

/// A launcher-side line about a migration points at the migration layer, one about the guest
/// agent at the guest; otherwise at the node (the launcher).
fn launcher_cue(text: &str) -> Layer {
    let lower = text.to_ascii_lowercase();
    if lower.contains("migrat") {
        Layer::Migration
    } else if lower.contains("guest agent") || lower.contains("qemu-ga") || lower.contains("guest-")
    {
        Layer::Guest
    } else {
        Layer::Node
    }
}

/// The component a log line names by itself (its own fields, prefix or source path).
pub fn component_of_line(line: &str) -> Option<Component> {
    let t = line.trim();
    if let Some(c) = from_json(t) {
        return Some(c);
    }
    if let Some(c) = from_journal(t) {
        return Some(c);
    }
    if is_dmesg(t) {
        return Some(Component::Kernel);
    }
    if let Some(c) = from_logfmt(t) {
        return Some(c);
    }
    if let Some(c) = from_source_path(t) {
        return Some(c);
    }
    if let Some(p) = super::printed_by::printed_by(t) {
        return Some(match p {
            super::printed_by::Printer::Libvirt => Component::Libvirt,
            super::printed_by::Printer::Qemu => Component::Qemu,
        });
    }
    from_klog_file(t)
}

/// The component some text names (a shell command, prose, a pod name): the first name found.
pub fn component_in_text(text: &str) -> Option<Component> {
    const NAMES: &[(&str, Component)] = &[
        ("virt-handler", Component::VirtHandler),
        ("virt handler", Component::VirtHandler),
        ("virt-launcher", Component::VirtLauncher),
        ("virt launcher", Component::VirtLauncher),
        ("virt-controller", Component::VirtController),
        ("virt controller", Component::VirtController),
        ("virt-api", Component::VirtApi),
        ("virt api", Component::VirtApi),
        ("virt-operator", Component::VirtOperator),
        ("virt operator", Component::VirtOperator),
        ("cdi-", Component::Cdi),
        ("importer-", Component::Cdi),
        ("kubelet", Component::Kubelet),
        ("journalctl -k", Component::Kernel),
        ("dmesg", Component::Kernel),
        ("containerd", Component::ContainerRuntime),
        ("crio", Component::ContainerRuntime),
        ("virtqemud", Component::Libvirt),
        ("libvirtd", Component::Libvirt),
    ];
    let lower = text.to_ascii_lowercase();
    NAMES
        .iter()
        .filter_map(|(n, c)| crate::scan::find(&lower, n).map(|at| (at, *c)))
        .min_by_key(|(at, _)| *at)
        .map(|(_, c)| c)
}

/// KubeVirt's JSON log (`component`, `subcomponent`, from
/// `staging/src/kubevirt.io/client-go/log/log.go`) or a controller-runtime log (`logger`).
fn from_json(t: &str) -> Option<Component> {
    if !t.starts_with('{') {
        return None;
    }
    let field = |k: &str| super::fields::json_field(t, k);
    match field("subcomponent") {
        Some("libvirt") => return Some(Component::Libvirt),
        Some("qemu") => return Some(Component::Qemu),
        _ => {}
    }
    if let Some(c) = field("component") {
        return by_name(c);
    }
    // klog's JSON format: `"caller":"importer/importer.go:185"`.
    if let Some(caller) = field("caller") {
        let file = caller.rsplit('/').next().unwrap_or(caller);
        let file = file.split(':').next().unwrap_or(file);
        if let Some(c) = by_klog_file(file) {
            return Some(c);
        }
        if caller.starts_with("importer/") || caller.contains("data-importer") {
            return Some(Component::Cdi);
        }
    }
    let logger = field("logger")?.to_ascii_lowercase();
    const CDI: [&str; 6] = [
        "datavolume",
        "import",
        "clone",
        "upload",
        "cdi",
        "populator",
    ];
    CDI.iter()
        .any(|w| logger.contains(w))
        .then_some(Component::Cdi)
        .or_else(|| by_name(&logger))
}

/// A component's own name (`virt-handler`, `cdi-controller`, `kubelet`).
fn by_name(name: &str) -> Option<Component> {
    let n = name.to_ascii_lowercase();
    let c = match n.as_str() {
        "virt-api" => Component::VirtApi,
        "virt-controller" => Component::VirtController,
        "virt-handler" => Component::VirtHandler,
        "virt-launcher" | "virt-launcher-monitor" => Component::VirtLauncher,
        "virt-operator" => Component::VirtOperator,
        "kubelet" => Component::Kubelet,
        "containerd" | "crio" | "cri-o" | "dockerd" => Component::ContainerRuntime,
        "kernel" => Component::Kernel,
        "libvirt" | "libvirtd" | "virtqemud" => Component::Libvirt,
        "qemu" | "qemu-kvm" | "qemu-system-x86_64" => Component::Qemu,
        _ if n.starts_with("cdi") => Component::Cdi,
        _ if n.starts_with("kube-") || n == "etcd" => Component::Kubernetes,
        _ => return component_in_text(&n),
    };
    Some(c)
}

/// A logfmt line's `component=` (or `logger=`) field.
fn from_logfmt(t: &str) -> Option<Component> {
    for key in ["component=", "logger="] {
        let Some(i) = t.find(key) else { continue };
        if i > 0 && !t[..i].ends_with(' ') {
            continue;
        }
        let v = t[i + key.len()..].trim_start_matches('"');
        let end = v.find(['"', ' ']).unwrap_or(v.len());
        if let Some(c) = by_name(&v[..end]) {
            return Some(c);
        }
    }
    None
}

/// A journal line: `Mar 01 10:00:00 node01 kubelet[1234]: …` or `… kernel: …`. The process name
/// is the word before `[pid]:` or before `:` right after the host name.
fn from_journal(t: &str) -> Option<Component> {
    let head = t.get(..t.len().min(120))?;
    for (i, _) in head.match_indices(": ") {
        let before = &head[..i];
        let word = before.rsplit(' ').next().unwrap_or("");
        let name = word.split('[').next().unwrap_or(word);
        // `kernel: …` at the very start is a YAML key, not a journal line.
        let prefixed = before.len() > word.len() || word.contains('[');
        if name.is_empty() || !prefixed {
            continue;
        }
        if let Some(c) = by_journal_name(name) {
            return Some(c);
        }
    }
    None
}

fn by_journal_name(name: &str) -> Option<Component> {
    match name {
        "kernel" => Some(Component::Kernel),
        "kubelet" => Some(Component::Kubelet),
        "containerd" | "crio" | "dockerd" => Some(Component::ContainerRuntime),
        "libvirtd" | "virtqemud" => Some(Component::Libvirt),
        "qemu-kvm" | "qemu-system-x86_64" => Some(Component::Qemu),
        "kube-apiserver" | "kube-scheduler" | "kube-controller-manager" | "etcd" => {
            Some(Component::Kubernetes)
        }
        _ => None,
    }
}

/// `[12345.678901] …`: a kernel ring-buffer line (`dmesg`).
fn is_dmesg(t: &str) -> bool {
    let Some(rest) = t.strip_prefix('[') else {
        return false;
    };
    let Some((stamp, _)) = rest.split_once(']') else {
        return false;
    };
    let stamp = stamp.trim();
    stamp.contains('.') && stamp.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// A KubeVirt source path in the line: `pkg/virt-handler/vm.go:440:` (client-go's reflector
/// names its informer's file), `cmd/virt-launcher/…`.
fn from_source_path(t: &str) -> Option<Component> {
    const PATHS: &[(&str, Component)] = &[
        ("pkg/virt-handler", Component::VirtHandler),
        ("cmd/virt-handler", Component::VirtHandler),
        ("pkg/virt-launcher", Component::VirtLauncher),
        ("cmd/virt-launcher", Component::VirtLauncher),
        ("pkg/virt-controller", Component::VirtController),
        ("cmd/virt-controller", Component::VirtController),
        ("pkg/virt-api", Component::VirtApi),
        ("cmd/virt-api", Component::VirtApi),
        ("pkg/virt-operator", Component::VirtOperator),
        ("cmd/virt-operator", Component::VirtOperator),
        ("containerized-data-importer", Component::Cdi),
        ("pkg/kubelet", Component::Kubelet),
    ];
    PATHS.iter().find(|(p, _)| t.contains(p)).map(|(_, c)| *c)
}

/// A klog line whose file only one component has: CDI's importer and upload server files,
/// kubelet's. Other files (client-go's `reflector.go`) say nothing.
fn from_klog_file(t: &str) -> Option<Component> {
    let b = t.as_bytes();
    let klog = b.len() > 6
        && matches!(b[0], b'I' | b'W' | b'E' | b'F')
        && b[1..5].iter().all(u8::is_ascii_digit);
    if !klog {
        return None;
    }
    let head = t.split_once(']')?.0;
    by_klog_file(head.rsplit(' ').next()?.split(':').next()?)
}

/// A source file only one component has.
fn by_klog_file(file: &str) -> Option<Component> {
    const CDI: &[&str] = &[
        "importer.go",
        "data-processor.go",
        "http-datasource.go",
        "registry-datasource.go",
        "s3-datasource.go",
        "gcs-datasource.go",
        "imageio-datasource.go",
        "vddk-datasource.go",
        "upload-datasource.go",
        "nbdkit.go",
        "prlimit.go",
        "uploadserver.go",
        "clone-source.go",
        "transport.go",
    ];
    const KUBELET: &[&str] = &[
        "kubelet.go",
        "kubelet_pods.go",
        "kubelet_node_status.go",
        "pod_workers.go",
        "kuberuntime_manager.go",
        "kuberuntime_container.go",
        "kuberuntime_sandbox.go",
        "operation_generator.go",
        "nestedpendingoperations.go",
        "reconciler_common.go",
        "csi_attacher.go",
        "csi_mounter.go",
        "csi_block.go",
        "eviction_manager.go",
        "pod_container_deletor.go",
        "remote_runtime.go",
        "cpu_manager.go",
        "topology_manager.go",
        "scope.go",
    ];
    if CDI.contains(&file) {
        Some(Component::Cdi)
    } else if KUBELET.contains(&file) {
        Some(Component::Kubelet)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_way_of_naming_a_component() {
        let c = |l: &str| component_of_line(l);
        assert_eq!(
            c(r#"{"component":"virt-api","level":"error","msg":"x"}"#),
            Some(Component::VirtApi)
        );
        assert_eq!(
            c(
                r#"{"component":"virt-launcher","level":"error","msg":"x","subcomponent":"libvirt"}"#
            ),
            Some(Component::Libvirt)
        );
        assert_eq!(
            c(
                r#"{"level":"error","ts":1,"logger":"controller.datavolume-import-controller","msg":"Reconciler error"}"#
            ),
            Some(Component::Cdi)
        );
        assert_eq!(
            c("Mar 01 10:00:00 node01 kubelet[1234]: E0301 10:00:00.000000 1234 x.go:1] y"),
            Some(Component::Kubelet)
        );
        assert_eq!(
            c("Mar 01 10:00:00 node01 kernel: Out of memory"),
            Some(Component::Kernel)
        );
        assert_eq!(
            c("[ 1234.567890] kvm: disabled by bios"),
            Some(Component::Kernel)
        );
        assert_eq!(
            c("E0602 08:40:12.123456 1 reflector.go:138] pkg/virt-handler/vm.go:440: Failed"),
            Some(Component::VirtHandler)
        );
        assert_eq!(
            c("E1121 00:37:27.874393 1 importer.go:156] failed"),
            Some(Component::Cdi)
        );
        assert_eq!(c("E1121 00:37:27.874393 1 reflector.go:156] failed"), None);
        assert_eq!(c("Error: something broke"), None);
        assert_eq!(
            c(
                r#"{"ts":1709287200000.1,"caller":"importer/data-processor.go:250","msg":"x","err":"y"}"#
            ),
            Some(Component::Cdi)
        );
        assert_eq!(
            c(r#"time="2024-03-01T10:00:00Z" level=error msg="x" component=virt-handler"#),
            Some(Component::VirtHandler)
        );
    }

    #[test]
    fn every_component_has_a_layer_and_a_reason() {
        for c in Component::ALL {
            assert!(!c.name().is_empty() && !c.why().is_empty());
            let _ = c.layer("");
        }
        assert_eq!(
            Component::VirtLauncher.layer("Live migration failed"),
            Layer::Migration
        );
        assert_eq!(Component::VirtApi.layer("x"), Layer::ControlPlane);
        assert_eq!(Component::Kernel.layer("x"), Layer::Node);
    }
}
