//! Kubernetes' disruption controller on a PodDisruptionBudget that covers virt-launcher pods:
//! when it cannot count the pods the budget protects (a VMI has no scale subresource, a pod
//! without a controller), it allows no disruption at all, so every eviction of those pods, and
//! so every evacuation migration a drain asks for, is refused before any migration starts (the
//! migration's control plane). Event reasons and messages from kubernetes
//! `pkg/controller/disruption/disruption.go` (`CalculateExpectedPodCountFailed`: "Failed to
//! calculate the number of expected pods: %v"; `NoControllers`: "found no controllers for pod
//! %q") (data table).

use super::Signature;
use super::base::BASE;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

const M: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Control),
    health: Health::Broken,
    ..BASE
};

const STEPS: &[&str] = &[
    "kubectl get pdb -A -o wide (ALLOWED DISRUPTIONS 0 over virt-launcher pods)",
    "kubectl describe pdb <name> (its events)",
    "remove the custom PodDisruptionBudget over launcher pods: KubeVirt protects migrating VMIs with its own (kubevirt-disruption-budget-*)",
];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "pdb-expected-count-failed",
        all: &["CalculateExpectedPodCountFailed"],
        title: "a PodDisruptionBudget cannot count its pods (no evictions allowed)",
        cause: "the disruption controller cannot work out how many pods a budget expects (a \
            maxUnavailable or percentage budget over virt-launcher pods, whose owner, the VMI, \
            does not implement the scale subresource): it allows no disruption, so every \
            eviction of those pods, and every evacuation migration of a drain, is refused",
        next_steps: STEPS,
        source: "kubernetes pkg/controller/disruption/disruption.go \
            (CalculateExpectedPodCountFailed)",
        example: "Warning  CalculateExpectedPodCountFailed  2m  controllermanager  Failed to calculate the number of expected pods: virtualmachineinstances.kubevirt.io does not implement the scale subresource",
        ..M
    },
    Signature {
        id: "pdb-expected-count-message",
        all: &["Failed to calculate the number of expected pods"],
        title: "a PodDisruptionBudget cannot count its pods (no evictions allowed)",
        cause: "the disruption controller cannot work out how many pods a budget expects, so it \
            allows no disruption: evictions of the launcher pods it covers, and the drain's \
            evacuation migrations, are refused",
        next_steps: STEPS,
        source: "kubernetes pkg/controller/disruption/disruption.go (\"Failed to calculate the \
            number of expected pods: %v\")",
        example: "Failed to calculate the number of expected pods:",
        ..M
    },
    Signature {
        id: "pdb-no-scale-subresource",
        all: &["does not implement the scale subresource"],
        title: "a PodDisruptionBudget's pods have an owner without a scale subresource",
        cause: "a budget with maxUnavailable or a percentage needs the pods' owner to have a \
            scale subresource; a VMI has none, so the budget allows no disruption and drains \
            cannot evict (migrate) the VMIs",
        next_steps: STEPS,
        source: "kubernetes pkg/controller/disruption/disruption.go (getScaleController)",
        example: "virtualmachineinstances.kubevirt.io does not implement the scale subresource",
        ..M
    },
    Signature {
        id: "pdb-no-controllers",
        all: &["NoControllers", "found no controllers for pod"],
        title: "a PodDisruptionBudget finds no controller for its pods",
        cause: "the disruption controller cannot find the controller of a pod the budget \
            covers, so the budget allows no disruption: evictions (and evacuation migrations) \
            of those pods are refused",
        next_steps: STEPS,
        source: "kubernetes pkg/controller/disruption/disruption.go (NoControllers)",
        example: "Warning  NoControllers  1m  controllermanager  found no controllers for pod \"virt-launcher-x-abcde\"",
        ..M
    },
];
