//! Round 18: batch16 as the working set (the table in `fixtures/fresh/README.md`, "Round 18"),
//! each category fixed as a family read from its source; every input is a synthetic member
//! shaped after the program that writes it, never copied from a batch item:
//!
//! - `virtctl image-upload`'s wait for the upload pod in every release's words (KubeVirt
//!   `pkg/virtctl/imageupload/imageupload.go`: "to be running" / "Pod now running" before the
//!   DataVolume rewrite, "to be ready" / "Pod now ready" since).

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::{blame, layer};

#[test]
fn the_upload_pods_wait_in_every_releases_words_is_the_control_planes() {
    for paste in [
        // the releases before the DataVolume rewrite: "to be running"
        "Using existing PVC vms/win2k19-disk\n\
         Waiting for PVC win2k19-disk upload pod to be running...\n\
         error: timed out waiting for the condition\n",
        "PVC vms/rootdisk created\nWaiting for PVC rootdisk upload pod to be running...\n\
         timed out waiting for the condition.\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::ControlPlane), "{paste}");
    }
}

#[test]
fn a_pod_running_ends_the_wait_in_the_old_words_too() {
    let paste = "Waiting for PVC rootdisk upload pod to be running...\nPod now running\n\
                 Uploading data to https://cdi-uploadproxy.example\n\
                 timed out waiting for the condition\n";
    let (_, _, text) = blame(paste);
    assert!(!text.contains("upload pod never became ready"), "{text}");
}
