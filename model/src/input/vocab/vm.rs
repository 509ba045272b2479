//! A VM's STATUS column (`.status.printableStatus`, the VM CRD's `Status` printer column): the
//! `VirtualMachinePrintableStatus` constants of KubeVirt's
//! `staging/src/kubevirt.io/api/core/v1/types.go`, each with its layer.

use super::{Meaning, m};
use crate::verdict::{Health::*, Layer::*};

pub(super) const SOURCE: &str =
    "KubeVirt staging/src/kubevirt.io/api/core/v1/types.go (VirtualMachinePrintableStatus)";

/// One entry per value, one line each.
#[rustfmt::skip]
pub(super) const STATUSES: &[Meaning] = &[
    m("Stopped", None, Healthy, "The VM has no running instance."),
    m("Provisioning", Some(ControlPlane), Healthy, "Its DataVolumes are being provisioned."),
    m("Starting", Some(ControlPlane), Healthy, "Its VMI is being prepared, scheduled or started."),
    m("Running", None, Healthy, "Its VMI runs and is not paused."),
    m("Paused", Some(Guest), Degraded, "Its VMI runs but the guest is paused (by a user, or by an I/O error: see the Paused condition's reason)."),
    m("Stopping", None, Healthy, "Its VMI is being stopped."),
    m("Terminating", None, Healthy, "The VM is being deleted."),
    m("CrashLoopBackOff", Some(Node), Broken, "Its VMI keeps failing to start and KubeVirt backs off between attempts: the launcher or the domain crashes on start."),
    m("Migrating", Some(Migration), Healthy, "Its VMI is being live-migrated."),
    m("Unknown", Some(Node), Degraded, "The state of its VMI cannot be obtained (typically its node is unreachable)."),
    // Set when the launcher pod's PodScheduled condition is False with reason Unschedulable
    // (pkg/virt-controller/watch/vm/vm.go, isVirtualMachineStatusUnschedulable): the same fact as the VMI
    // condition, whose layer is no node fitting's (`crate::scheduling`, shared with the live diagnosis).
    m("ErrorUnschedulable", Some(crate::scheduling::NO_NODE_FITS), Broken, "Its launcher pod cannot be scheduled: no node fits its requests, selectors, affinity or taints."),
    m("ErrImagePull", Some(Node), Broken, "The kubelet cannot pull an image of its launcher pod (a containerDisk or the launcher image)."),
    m("ImagePullBackOff", Some(Node), Broken, "Pulling an image of its launcher pod keeps failing; the kubelet backs off."),
    m("ErrorPvcNotFound", Some(ControlPlane), Broken, "A PVC its volumes name does not exist."),
    m("DataVolumeError", Some(ControlPlane), Broken, "One of its DataVolumes failed (import, clone or upload)."),
    m("WaitingForVolumeBinding", Some(ControlPlane), Degraded, "Its PVCs wait to be bound (a storage class with WaitForFirstConsumer, or no provisioner)."),
    m("WaitingForReceiver", Some(Migration), Healthy, "The VM waits as the receiving side of a cross-cluster migration."),
];
