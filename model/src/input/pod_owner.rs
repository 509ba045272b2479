//! Whose workload a pod is, from its name alone (a leaf: names in, an answer out; the pods'
//! readers, `sightings` and `owned_pods`, ask it). The control plane's own workloads by the
//! names their installers give them: KubeVirt's Deployments
//! (`pkg/virt-operator/resource/generate/components/deployments.go`:
//! `VirtSynchronizationControllerName`), HCO's (`pkg/components/components.go`:
//! `hyperconverged-cluster-operator`, `hyperconverged-cluster-webhook`, the
//! `hyperconverged-cluster-cli-download` server) and every object HCO names after its one
//! HyperConverged resource (`pkg/apis/hco/v1beta1/hyperconverged_types.go`:
//! `HyperConvergedName = "kubevirt-hyperconverged"`), Rancher's management server and its
//! webhook (rancher/rancher `chart/templates/deployment.yaml`: the release name `rancher`;
//! rancher/webhook's chart: `rancher-webhook`), Fleet's controllers (rancher/fleet
//! `charts/fleet/templates/deployment.yaml`: `fleet-controller`, `gitjob`) and Harvester's own
//! Deployment (harvester/harvester `deploy/charts/harvester/templates/deployment.yaml`:
//! `harvester`): a Deployment's pod is `<deployment>-<hash>-<5 chars>`, so its name less the two
//! suffixes is the Deployment's, compared whole.

/// Control-plane Deployments, by the whole Deployment name.
const DEPLOYMENTS: &[&str] = &[
    "virt-synchronization-controller",
    "hyperconverged-cluster-operator",
    "hyperconverged-cluster-webhook",
    "hyperconverged-cluster-cli-download",
    "rancher",
    "rancher-webhook",
    "fleet-controller",
    "gitjob",
    "harvester",
];

/// The name of HCO's one HyperConverged resource, which names the objects HCO creates for it.
const HCO_CR: &str = "kubevirt-hyperconverged-";

/// The pod is one of the control plane's own workloads by its name.
pub fn control_pod(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    if lower.starts_with(HCO_CR) {
        return true;
    }
    replicaset_base(&lower).is_some_and(|base| DEPLOYMENTS.contains(&base))
}

/// The Deployment a ReplicaSet's pod belongs to: its name less the two suffixes.
pub fn replicaset_base(name: &str) -> Option<&str> {
    const SAFE: &str = "bcdfghjklmnpqrstvwxz2456789";
    let safe = |s: &str| s.chars().all(|c| SAFE.contains(c));
    let mut parts = name.rsplitn(3, '-');
    let (Some(rand), Some(hash), Some(base)) = (parts.next(), parts.next(), parts.next()) else {
        return None;
    };
    (rand.len() == 5
        && (6..=10).contains(&hash.len())
        && safe(rand)
        && safe(hash)
        && !base.is_empty())
    .then_some(base)
}
