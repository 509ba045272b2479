//! The commands the catalogue suggests: templates with placeholders, and [`render`], which fills
//! them in for a [`Subject`].

use crate::explain::Subject;

pub(super) const GET_VMI: &str = "kubectl get vmi {name} -n {ns} -o yaml";
pub(super) const EVENTS: &str = "kubectl get events -n {ns} \
    --field-selector involvedObject.name={name} --sort-by=.lastTimestamp";
pub(super) const PODS: &str = "kubectl get pods -n {ns} -l kubevirt.io/created-by={uid} -o wide";
pub(super) const VMIMS: &str = "kubectl get vmim -n {ns} -l kubevirt.io/vmi-name={name}";
pub(super) const GET_VMIM: &str = "kubectl get vmim {migration} -n {ns} -o yaml";
pub(super) const NODE: &str = "kubectl describe node {node}";
pub(super) const LAUNCHER_LOG: &str = "kubectl logs -n {ns} {pod} -c compute";
pub(super) const HANDLER: &str =
    "kubectl get pods -A -l kubevirt.io=virt-handler -o wide --field-selector spec.nodeName={node}";
pub(super) const MIGRATE: &str = "virtctl migrate {name} -n {ns}";
pub(super) const NODES_SCHEDULABLE: &str = "kubectl get nodes -o custom-columns=NAME:.metadata.name,SCHEDULABLE:.metadata.labels.kubevirt\\.io/schedulable,HEARTBEAT:.metadata.annotations.kubevirt\\.io/heartbeat";
pub(super) const PVC: &str = "kubectl get pvc -n {ns} -o wide";
pub(super) const KV_CONFIG: &str =
    "kubectl get kubevirt -A -o jsonpath='{.items[0].spec.configuration}'";
pub(super) const GUESTINFO: &str = "virtctl guestosinfo {name} -n {ns}";
pub(super) const QUOTA: &str = "kubectl describe resourcequota -n {ns}";
pub(super) const GET_VM: &str = "kubectl get vm {name} -n {ns} -o yaml";

/// Fills a template's placeholders from `s`; a missing part becomes a `<placeholder>` (the uid a
/// command that looks it up).
pub(super) fn render(template: &str, s: &Subject) -> String {
    let uid = s.uid.clone().unwrap_or_else(|| {
        format!(
            "$(kubectl get vmi {} -n {} -o jsonpath='{{.metadata.uid}}')",
            s.name, s.namespace
        )
    });
    template
        .replace(
            "{ns}",
            if s.namespace.is_empty() {
                "<namespace>"
            } else {
                &s.namespace
            },
        )
        .replace("{name}", if s.name.is_empty() { "<vmi>" } else { &s.name })
        .replace("{node}", s.node.as_deref().unwrap_or("<node>"))
        .replace(
            "{migration}",
            s.migration.as_deref().unwrap_or("<migration>"),
        )
        .replace("{pod}", s.pod.as_deref().unwrap_or("<virt-launcher pod>"))
        .replace("{uid}", &uid)
}

/// Renders every template of `steps` for `s`.
pub(super) fn render_all(steps: &[&str], s: &Subject) -> Vec<String> {
    steps.iter().map(|t| render(t, s)).collect()
}
