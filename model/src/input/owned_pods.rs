//! A pod's failing status belongs to whoever owns the pod, read from its name where the paste
//! names no namespace (`sightings::pod_layer` reads the namespace and the generic shapes):
//!
//! - the control plane's own workloads by the names their installers give them
//!   (`pod_owner`, asked by `sightings::pod_layer`);
//! - a listing of a cluster that runs inside the VMs (a guest cluster): the charts only a
//!   cluster hosted on Harvester's or KubeVirt's VMs installs, Harvester's CSI driver and cloud
//!   provider (harvester/charts `charts/harvester-csi-driver`, `charts/harvester-cloud-provider`,
//!   RKE2's `helm-install-<chart>` job pods of them) and KubeVirt's CSI driver's tenant DaemonSet
//!   (kubevirt/csi-driver `deploy/tenant/base/deploy.yaml`: `kubevirt-csi-node`): every pod of
//!   that listing is a workload of the guest, so its failure is the guest's, not the host
//!   node's or the host's control plane's.

use super::read::ReadPaste;
use super::vocab::Kind;
use crate::verdict::Layer;
use rustc_hash::FxHashMap;

/// Pods only a cluster running inside Harvester's or KubeVirt's VMs runs, by name prefix.
const GUEST_MARKERS: &[&str] = &[
    "harvester-csi-driver",
    "helm-install-harvester-csi-driver",
    "harvester-cloud-provider",
    "helm-install-harvester-cloud-provider",
    "kubevirt-csi-node",
];

/// The guest-cluster marker a pod's name starts with.
fn guest_marker(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    GUEST_MARKERS.iter().copied().find(|m| lower.starts_with(m))
}

/// The pods' signals of a listing that shows a guest cluster's marker pod become the guest's.
pub fn settle(out: &mut ReadPaste) {
    let mut marked: FxHashMap<usize, String> = FxHashMap::default();
    for s in out.sightings.all().filter(|s| s.kind == Kind::Pod) {
        if guest_marker(&s.name).is_some() {
            marked.entry(s.block).or_insert_with(|| s.name.clone());
        }
    }
    if marked.is_empty() {
        return;
    }
    let rows: FxHashMap<usize, String> = out
        .sightings
        .all()
        .filter(|s| s.kind == Kind::Pod)
        .filter_map(|s| marked.get(&s.block).map(|m| (s.line, m.clone())))
        .collect();
    for x in out.signals.iter_mut() {
        let Some(marker) = rows.get(&x.line) else {
            continue;
        };
        if matches!(
            x.layer,
            Some(Layer::Node | Layer::ControlPlane | Layer::Network)
        ) {
            x.layer = Some(Layer::Guest);
            x.plane = None;
            x.cause = format!(
                "{}; the listing holds {marker}, a pod only a cluster running inside the VMs \
                 runs, so the pod is a workload of that guest cluster and its fault is the \
                 guest's",
                x.cause
            );
        }
    }
}
