//! Round 33: the wide mechanisms round 32 set aside, taken up again for the sub-rule their items
//! agree on (the table in `fixtures/fresh/README.md`, "Round 33"); every input is a synthetic
//! member shaped after the program that prints it, never copied from a batch item:
//!
//! - the kubelet's wait for a pod's volumes timing out (volume_manager.go's
//!   WaitForAttachAndMount) while the paste shows no attach, mount or map step of its own
//!   (operation_generator.go records those; the wait for the controller's attach records
//!   nothing) is the control plane's: the attach the controllers make, or the claim or spec;
//!   a node-side step failing, an attach failing, or an attach done keeps the node's reading.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

#[test]
fn a_lone_volume_wait_is_the_attach_the_controllers_owe() {
    for paste in [
        // Today's kubelet, as the event's message.
        "  Warning  FailedMount  3m12s (x3 over 7m20s)  kubelet  Unable to attach or mount volumes: unmounted volumes=[rootdisk], unattached volumes=[], failed to process volumes=[]: context deadline exceeded\n",
        // The wait as a kubelet log line.
        "E0312 08:14:02.553120    2211 pod_workers.go:1298] \"Error syncing pod, skipping\" err=\"unable to attach or mount volumes: unmounted volumes=[datadisk], unattached volumes=[datadisk]: timed out waiting for the condition\" pod=\"vms/virt-launcher-alpine-7xk2p\"\n",
        // An older kubelet's words.
        "Warning  FailedMount  4m  kubelet, worker-3  Unable to mount volumes for pod \"virt-launcher-db-9qz7c_vms(0e1f)\": timeout expired waiting for volumes to attach or mount for pod \"vms\"/\"virt-launcher-db-9qz7c\". list of unmounted volumes=[rootdisk]. list of unattached volumes=[rootdisk]\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{paste}\n{text}");
    }
}

#[test]
fn a_volume_wait_beside_a_step_of_its_own_stays_the_nodes() {
    for paste in [
        // The node's staging failed: the wait is for it.
        "  Warning  FailedMount  2m  kubelet  Unable to attach or mount volumes: unmounted volumes=[rootdisk], unattached volumes=[rootdisk]: timed out waiting for the condition\n  Warning  FailedMount  40s (x6 over 9m)  kubelet  MountVolume.MountDevice failed for volume \"pvc-5a1c\" : rpc error: code = Internal desc = mount failed: exit status 32\n",
        // The attach was done: the wait is the node's mount.
        "  Normal   SuccessfulAttachVolume  9m  attachdetach-controller  AttachVolume.Attach succeeded for volume \"pvc-5a1c\"\n  Warning  FailedMount  2m  kubelet  Unable to attach or mount volumes: unmounted volumes=[rootdisk], unattached volumes=[]: timed out waiting for the condition\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Node), "{paste}\n{text}");
    }
}
