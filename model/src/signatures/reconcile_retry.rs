//! A wrangler controller's handler failing to reconcile an object, in rancher/lasso's words
//! (`pkg/controller/sharedhandler.go`: "handler %s: %v", wrapped by `pkg/controller/
//! controller.go`: "error syncing '%s': %s, requeuing"), logged at error level by every
//! program built on wrangler: Harvester's controllers (VMs, images and their downloaders,
//! backups, settings, templates, upgrades), Rancher's, fleet's and the helm controller's. The
//! handler's error says what it could not do and the object is retried: the controller's
//! reconciliation, the control plane's, degraded (data table). A fallback, tried like
//! `generic.rs` only when no specific signature reads the wrapped error; Harvester's network
//! controller (`harvester-network-*` handlers of harvester/network-controller-harvester, which
//! wire VLANs and bridges on the nodes) is left to the readers of the network.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "wrangler-handler-requeuing",
    all: &["error syncing '", "': handler ", ", requeuing"],
    none: &["handler harvester-network-"],
    layer: Some(Layer::ControlPlane),
    health: Health::Degraded,
    title: "a controller cannot reconcile an object and retries it",
    cause: "a wrangler-based controller (Harvester's, Rancher's or an add-on's) failed to \
        reconcile the object named in quotes: its handler's error (after the handler's name) \
        says what it could not read or do, and the object is queued again until that is \
        fixed",
    next_steps: &[
        "kubectl get <the object the handler's error names> -n <namespace> (does it exist, what is its status)",
        "kubectl logs -n <namespace of the controller> <controller pod> (the handler's earlier lines)",
    ],
    source: "rancher/lasso pkg/controller/sharedhandler.go (\"handler %s: %v\"), \
        pkg/controller/controller.go (\"error syncing '%s': %s, requeuing\")",
    example: "time=\"2024-05-02T08:00:00Z\" level=error msg=\"error syncing 'default/img-1': handler vm-image-controller: failed to get pvc img-1: persistentvolumeclaims \\\"img-1\\\" not found, requeuing\"",
    ..BASE
}];
