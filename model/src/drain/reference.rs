//! The drain impact as it was before [`super::drain_impact_of`] looked the pods and VMs up once:
//! every VMI scans every VM and every pod (N² in the dump for each drained node). Kept, for tests
//! only, as the reference the indexed one must equal.

use super::{DrainAction, target_pod_outcome};
use super::{DrainReport, launcher_of, on_node, outcome, push_hotplug, report};
use crate::kube::vmi::Vmi;
use crate::kube::{Pod, Vm};

pub(super) fn drain_reference(
    node: &str,
    vmis: &[Vmi],
    vms: &[Vm],
    pods: &[Pod],
    cluster_default: Option<&str>,
) -> DrainReport {
    let mut outcomes = Vec::new();
    for vmi in vmis {
        let vm = vms.iter().find(|v| {
            v.metadata.name() == vmi.metadata.name()
                && v.metadata.namespace() == vmi.metadata.namespace()
        });
        if vmi.status.node_name.as_deref() != Some(node)
            && let Some(t) = pods.iter().find(|p| {
                p.metadata.labels.get("kubevirt.io").map(String::as_str) == Some("virt-launcher")
                    && p.migration_job_uid().is_some()
                    && p.node() == Some(node)
                    && p.is_live()
                    && launcher_of(vmi, p)
            })
        {
            outcomes.push(target_pod_outcome(node, vmi, vm, t, cluster_default));
            continue;
        }
        if !on_node(node, vmi) {
            continue;
        }
        let mut o = outcome(vmi, vm, cluster_default);
        if o.action != DrainAction::NotAffected {
            push_hotplug(&mut o, node, &hotplug_pods(node, vmi, pods));
        }
        outcomes.push(o);
    }
    report(node, outcomes)
}

fn hotplug_pods<'a>(node: &str, vmi: &Vmi, pods: &'a [Pod]) -> Vec<&'a Pod> {
    let launchers: Vec<&str> = pods
        .iter()
        .filter(|p| launcher_of(vmi, p))
        .filter_map(|p| p.metadata.uid.as_deref())
        .collect();
    pods.iter()
        .filter(|p| {
            p.metadata.labels.get("kubevirt.io").map(String::as_str) == Some("hotplug-disk")
                && p.node() == Some(node)
                && p.is_live()
                && p.metadata.owner_references.iter().any(|o| {
                    o.kind.as_deref() == Some("Pod")
                        && o.uid.as_deref().is_some_and(|u| launchers.contains(&u))
                })
        })
        .collect()
}
