//! Round 17: categories that recur across the working sets (the table in
//! `fixtures/fresh/README.md`, "Round 17"), each fixed as a family read from its source; every
//! input is a synthetic member shaped after the program that writes it, never copied from a
//! batch item:
//!
//! - the cluster network add-ons operator failing its NetworkAddonsConfig
//!   (kubevirt/cluster-network-addons-operator `pkg/controller/networkaddonsconfig/
//!   networkaddonsconfig_controller.go`, `pkg/controller/statusmanager/status_manager.go`,
//!   `pkg/eventemitter/eventemitter.go`): the secondary-network add-ons are not deployed, the
//!   network's, wherever the paste shows it (a condition, an event row);
//! - kubevirtci's words for a cluster node that never came up (kubevirt/kubevirtci
//!   `cluster-provision/gocli/cmd/run.go`, `waitForVMToBeUp`): the node's;
//! - Longhorn's `Faulted` events (longhorn/longhorn-manager `controller/engine_controller.go`,
//!   `controller/volume_controller.go`): the node's storage;
//! - CDI waiting for a pod to release a claim ("pod %s/%s using PersistentVolumeClaim %s",
//!   `CloneSourceInUse` and its siblings in containerized-data-importer `pkg/controller/`): the
//!   control plane's, degraded.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::layer;

#[test]
fn the_network_addons_operator_failing_its_configuration_is_the_networks() {
    for paste in [
        // the Degraded condition the status manager sets, as `-o yaml` prints it
        "status:\n  conditions:\n  - lastTransitionTime: \"2024-03-01T10:00:00Z\"\n    \
         message: 'failed to render: failed to render linux-bridge: template: missing value'\n    \
         reason: FailedToRender\n    status: \"True\"\n    type: Degraded\n",
        "  - message: 'failed to retrieve previously applied configuration: configmap is not valid'\n    \
         reason: FailedToGetPreviousConfigSpec\n    status: \"True\"\n    type: Degraded\n",
        "    reason: FailedToDeleteObjects\n    status: \"True\"\n    type: Degraded\n",
        // Progressing False, which the status manager sets beside a failing configuration
        "  - message: Human interaction is needed, please fix the desired configuration\n    \
         reason: InvalidConfiguration\n    status: \"False\"\n    type: Progressing\n",
        // the Warning event the event emitter records, as `kubectl get events` prints it
        "LAST SEEN   TYPE      REASON                   OBJECT                         MESSAGE\n\
         3m          Warning   Failed: FailedToApply    networkaddonsconfig/cluster    Operator failed: \
         could not apply (apps/v1, Kind=DaemonSet) cluster-network-addons/macvtap-cni: \
         DaemonSet.apps \"macvtap-cni\" is invalid: spec.template.spec.containers[0].image: Required value\n",
        "  Warning  Failed: FailedToValidate  3m  networkaddonsconfig  Operator failed: failed to \
         validate NetworkConfig.Spec: failed to validate KubeMacPool: invalid range\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::Network), "{paste}");
    }
}

#[test]
fn another_operators_failed_to_apply_is_not_the_network_addons() {
    // a reason other operators also write, alone, says nothing of the network add-ons
    let paste = "  - lastTransitionTime: \"2024-03-01T10:00:00Z\"\n    reason: FailedToApply\n    \
                 status: \"False\"\n    type: Ready\n";
    assert_ne!(layer(paste), Some(Layer::Network));
}

#[test]
fn a_kubevirtci_node_that_never_came_up_is_the_nodes() {
    for paste in [
        // gocli's run, as `make cluster-up` prints it
        "+ make cluster-up\n./hack/cluster-up.sh\n\
         Download the image quay.io/kubevirtci/k8s-1.30\n\
         WARN[0031] Could not establish a ssh connection to the VM, retrying ...  error=\"waiting for node to come up failed\"\n\
         could not establish a connection to the node after a generous timeout: waiting for node to come up failed\n\
         make: *** [Makefile:118: cluster-up] Error 1\n",
        "./cluster/up.sh\nprovisioning node node02 failed (setting enableAudit phase)\nmake: *** [cluster-up] Error 1\n",
        "checking for ssh.sh script for node node01 failed\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::Node), "{paste}");
    }
}

#[test]
fn longhorn_faulting_the_volume_under_a_disk_is_the_nodes() {
    for paste in [
        // the volume controller's event, as `kubectl get events -n longhorn-system` prints it
        "LAST SEEN   TYPE      REASON    OBJECT                                                MESSAGE\n\
         4m          Warning   Faulted   volume/pvc-0c2f4e1a-6f3b-4c55-9a8e-1f2d3c4b5a69   volume pvc-0c2f4e1a-6f3b-4c55-9a8e-1f2d3c4b5a69 became faulted\n",
        // the engine monitor's events in longhorn-manager's log (logrus, the recorder's line)
        "time=\"2024-05-02T10:00:00Z\" level=info msg=\"Event(v1.ObjectReference{Kind:\\\"Engine\\\", \
         Namespace:\\\"longhorn-system\\\", Name:\\\"pvc-0c2f4e1a-e-0\\\"}): type: 'Warning' reason: 'Faulted' \
         Detected replica pvc-0c2f4e1a-r-1a2b3c4d (10.42.1.17:10000) in error\"\n",
        "  Warning  Faulted  3m  longhorn-engine-controller  Detected corrupted replica tcp://10.42.2.9:10000\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::Node), "{paste}");
    }
}

#[test]
fn longhorn_rebuilding_a_replica_is_no_fault() {
    // the engine monitor's Normal events while a replica is rebuilt (a guard)
    let paste = "  Normal  Rebuilding  3m  longhorn-engine-controller  Detected rebuilding replica \
                 pvc-0c2f4e1a-r-1a2b3c4d (10.42.1.17:10000)\n\
                 \x20 Normal  Rebuilt  1m  longhorn-engine-controller  Detected replica \
                 pvc-0c2f4e1a-r-1a2b3c4d (10.42.1.17:10000) has been rebuilt\n";
    assert_eq!(layer(paste), None);
}

#[test]
fn cdi_waiting_for_a_pod_to_release_the_claim_is_the_control_planes() {
    for paste in [
        // a DataVolume's events, as `kubectl describe dv` prints them
        "Events:\n  Type     Reason                 Age   From             Message\n  \
         ----     ------                 ----  ----             -------\n  \
         Warning  SmartCloneSourceInUse  2m    datavolume-pvc-clone-controller  pod prod/virt-launcher-web-5k9xz using PersistentVolumeClaim web-root\n",
        // the import's target in use, as `kubectl get events` prints it
        "LAST SEEN   TYPE      REASON              OBJECT                        MESSAGE\n\
         30s         Warning   ImportTargetInUse   persistentvolumeclaim/disk1   pod default/debug-shell using PersistentVolumeClaim disk1\n",
        // quoted alone in prose
        "the clone never starts, CDI keeps saying `pod ns1/virt-launcher-vm1-abcde using PersistentVolumeClaim vm1-disk`\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::ControlPlane), "{paste}");
    }
}

#[test]
fn a_read_write_once_pod_claim_in_use_stays_the_schedulers_filter() {
    // the scheduler's volume-restrictions filter (a guard: no node fits, not CDI)
    let paste = "  Warning  FailedScheduling  1s  default-scheduler  0/3 nodes are available: \
                 1 node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod \
                 access mode.\n";
    assert_ne!(layer(paste), Some(Layer::ControlPlane));
}
