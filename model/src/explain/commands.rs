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
/// command that looks it up). One pass over the template, the uid's command built only when the
/// template asks for it: every finding renders its steps, so this runs per rule per VMI.
pub(super) fn render(template: &str, s: &Subject) -> String {
    // A subject part with a brace in it could itself read as a placeholder, which the
    // replacements in turn used to fill: that rare subject keeps the replacements' exact result.
    if [&s.namespace, &s.name]
        .into_iter()
        .chain(
            [&s.node, &s.migration, &s.pod, &s.uid]
                .into_iter()
                .flatten(),
        )
        .any(|v| v.contains('{'))
    {
        return render_in_turn(template, s);
    }
    let mut out = String::with_capacity(template.len() + 64);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        match PLACEHOLDERS.iter().position(|p| after.starts_with(*p)) {
            Some(k) => {
                fill(&mut out, k, s);
                rest = &after[PLACEHOLDERS[k].len()..];
            }
            None => {
                out.push('{');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The placeholders [`render`] fills.
const PLACEHOLDERS: [&str; 6] = ["{ns}", "{name}", "{node}", "{migration}", "{pod}", "{uid}"];

/// Appends the value of placeholder `k` of [`PLACEHOLDERS`] for `s` (by its index: no string
/// compared again).
fn fill(out: &mut String, k: usize, s: &Subject) {
    match k {
        0 if s.namespace.is_empty() => out.push_str("<namespace>"),
        0 => out.push_str(&s.namespace),
        1 if s.name.is_empty() => out.push_str("<vmi>"),
        1 => out.push_str(&s.name),
        2 => out.push_str(s.node.as_deref().unwrap_or("<node>")),
        3 => out.push_str(s.migration.as_deref().unwrap_or("<migration>")),
        4 => out.push_str(s.pod.as_deref().unwrap_or("<virt-launcher pod>")),
        _ => match &s.uid {
            Some(uid) => out.push_str(uid),
            None => out.push_str(&uid_lookup(s)),
        },
    }
}

/// The command that prints the VMI's uid, for a subject without one.
fn uid_lookup(s: &Subject) -> String {
    format!(
        "$(kubectl get vmi {} -n {} -o jsonpath='{{.metadata.uid}}')",
        s.name, s.namespace
    )
}

/// [`render`] as successive replacements, placeholder by placeholder.
fn render_in_turn(template: &str, s: &Subject) -> String {
    let uid = s.uid.clone().unwrap_or_else(|| uid_lookup(s));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn subject(parts: [&str; 6]) -> Subject {
        let opt = |v: &str| (!v.is_empty()).then(|| v.to_string());
        Subject {
            namespace: parts[0].into(),
            name: parts[1].into(),
            node: opt(parts[2]),
            uid: opt(parts[3]),
            migration: opt(parts[4]),
            pod: opt(parts[5]),
        }
    }

    #[test]
    fn one_pass_fills_every_template_as_the_replacements_do() {
        let subjects = [
            subject([
                "prod",
                "web-1",
                "worker-3",
                "u-1",
                "mig-1",
                "virt-launcher-web-1-x",
            ]),
            subject(["", "", "", "", "", ""]),
            subject(["ns", "vm", "", "", "", ""]),
            // A subject whose parts read as placeholders (or as the start of one).
            subject(["{name}", "{node}", "{pod}", "{ns}", "{uid", "{"]),
            subject(["a{b", "c", "", "", "", ""]),
        ];
        let extra = [
            KV_CONFIG,
            GET_VMI,
            PODS,
            "{",
            "{{ns}}",
            "x{nam{name}",
            "{uid}{uid}",
            "",
        ];
        let templates = super::super::catalogue::entries()
            .flat_map(|e| e.steps.iter().copied())
            .chain(extra);
        let mut checked = 0;
        for t in templates {
            for s in &subjects {
                assert_eq!(render(t, s), render_in_turn(t, s), "{t:?} for {s:?}");
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
        assert_eq!(
            render(PODS, &subjects[2]),
            "kubectl get pods -n ns -l kubevirt.io/created-by=$(kubectl get vmi vm -n ns -o \
             jsonpath='{.metadata.uid}') -o wide"
        );
    }
}
