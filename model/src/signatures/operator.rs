//! virt-operator's own account of the install, as the KubeVirt resource's conditions carry it
//! (`kubectl get kubevirt -o yaml`, `kubectl describe kubevirt`): the reasons virt-operator
//! sets on the Available / Progressing / Degraded / Created conditions. A deployment failing,
//! in progress or being deleted means KubeVirt's components are not all serving: the control
//! plane (data table). Reasons from KubeVirt `pkg/virt-operator/util` (ConditionReason*
//! constants: ExistingDeployment, DeploymentFailed, DeletionFailed, DeploymentInProgress,
//! UpdateInProgress, DeletionInProgress; AllResourcesCreated and AllComponentsReady mean done).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    source: "KubeVirt pkg/virt-operator/util (ConditionReason* of the KubeVirt resource's \
        conditions)",
    next_steps: &[
        "kubectl get kubevirt -A -o yaml (status.phase, conditions' messages)",
        "kubectl logs -n kubevirt deploy/virt-operator",
        "kubectl get pods -n kubevirt",
    ],
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    // KubeVirt's functional tests wait for the KubeVirt resource to be Available, not
    // Progressing nor Degraded, at its observed generation (`tests/libkubevirt`,
    // `EnsureKubevirtReadyWithTimeout`: "One of the Kubevirt control-plane components is not
    // ready."): virt-operator's components did not all come up.
    Signature {
        id: "kubevirt-components-not-ready-test",
        all: &["control-plane components is not ready"],
        health: Health::Degraded,
        title: "KubeVirt's control-plane components did not all become ready",
        cause: "the KubeVirt resource did not become Available (or stayed Progressing or \
            Degraded) in time: one of virt-api, virt-controller, virt-handler or virt-operator \
            is not ready",
        source: "KubeVirt tests/libkubevirt (EnsureKubevirtReadyWithTimeout: \"One of the \
            Kubevirt control-plane components is not ready.\")",
        example: "One of the Kubevirt control-plane components is not ready.",
        ..CP
    },
    Signature {
        id: "kubevirt-existing-deployment",
        all: &["ExistingDeployment"],
        title: "a second KubeVirt resource is refused (ExistingDeployment)",
        cause: "virt-operator deploys one KubeVirt per cluster: this KubeVirt resource is \
            refused because another one already exists",
        example: "    reason: ExistingDeployment",
        ..CP
    },
    Signature {
        id: "kubevirt-deployment-failed",
        all: &["DeploymentFailed"],
        title: "virt-operator failed to deploy KubeVirt (DeploymentFailed)",
        cause: "virt-operator could not create or update KubeVirt's components (its install \
            strategy job, RBAC, CRDs or deployments): the condition's message says which",
        example: "    reason: DeploymentFailed",
        ..CP
    },
    Signature {
        id: "kubevirt-deletion-failed",
        all: &["DeletionFailed"],
        title: "virt-operator failed to delete KubeVirt (DeletionFailed)",
        cause: "the KubeVirt resource is being deleted and virt-operator cannot remove its \
            components (VMs still present block it, or an API error)",
        example: "    reason: DeletionFailed",
        ..CP
    },
    Signature {
        id: "kubevirt-deployment-in-progress",
        all: &["DeploymentInProgress"],
        health: Health::Degraded,
        title: "KubeVirt is still being deployed (DeploymentInProgress)",
        cause: "virt-operator has not finished deploying KubeVirt: until virt-api, \
            virt-controller and virt-handler are all ready, VMs cannot be created or started \
            everywhere; if it stays so, the component named in Progressing's message does not \
            become ready",
        example: "    reason: DeploymentInProgress",
        ..CP
    },
    Signature {
        id: "kubevirt-update-in-progress",
        all: &["UpdateInProgress"],
        health: Health::Degraded,
        title: "KubeVirt is being updated (UpdateInProgress)",
        cause: "virt-operator is rolling out another KubeVirt version: components restart one \
            after the other and VMIs may be migrated to the new launcher (workload updates)",
        example: "    reason: UpdateInProgress",
        ..CP
    },
    Signature {
        id: "kubevirt-deletion-in-progress",
        all: &["DeletionInProgress"],
        title: "KubeVirt is being deleted (DeletionInProgress)",
        cause: "the KubeVirt resource is being deleted: virt-operator removes KubeVirt's \
            components and no VM can run",
        example: "    reason: DeletionInProgress",
        ..CP
    },
];
