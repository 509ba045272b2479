//! What `virtctl image-upload` prints when an upload does not go through, from KubeVirt
//! `pkg/virtctl/imageupload/imageupload.go` (its errors and its messages), beyond the token,
//! proxy URL and HTTP answers `virtctl.rs` reads: the upload goes through CDI (its upload proxy,
//! an upload server pod per PVC), so a failed upload is the VM's disk not provisioned, the
//! control plane by this corpus' convention; a volume already populated is not a fault.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    source: "KubeVirt pkg/virtctl/imageupload/imageupload.go",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "upload-pod-never-ready",
        // "to be ready" since the DataVolume rewrite of image-upload, "to be running" before it.
        all: &["upload pod to be", "timed out waiting for the condition"],
        any: &["upload pod to be ready", "upload pod to be running"],
        title: "the upload pod never became ready (virtctl image-upload timed out)",
        cause: "virtctl waited for CDI to mark the PVC's upload server pod ready (the \
            cdi.kubevirt.io/storage.pod.ready annotation, set by CDI's upload controller) and \
            the wait ran out: the upload pod is not scheduled, its PVC not bound, or CDI's \
            controller does not see it ready; nothing is uploaded and the VM's disk is never \
            provisioned",
        next_steps: &[
            "kubectl get pvc,dv <name> -o yaml (phase, annotations cdi.kubevirt.io/storage.pod.phase and storage.pod.ready)",
            "kubectl describe pod cdi-upload-<name>; kubectl logs -n cdi deploy/cdi-deployment | grep <name>",
        ],
        example: "Waiting for PVC disk upload pod to be ready... timed out waiting for the condition",
        ..CP
    },
    Signature {
        id: "upload-claim-not-valid",
        all: &["Claim not valid"],
        title: "the upload's PVC is not valid (CDI's ErrClaimNotValid event)",
        cause: "CDI rejected the claim it was to upload into (an unsupported size, access mode \
            or volume mode for the storage class); virtctl reports the PVC's event",
        next_steps: &["kubectl describe pvc <name> -n <ns> (events)"],
        example: "Claim not valid: PVC spec is missing accessMode and no storageClass to choose profile",
        ..CP
    },
    Signature {
        id: "upload-retries-exhausted",
        all: &["error uploading image after", "retries"],
        title: "the upload failed after every retry",
        cause: "virtctl could not send the image to CDI's upload proxy, retrying until it gave \
            up: the proxy or the upload server pod behind it refused or dropped the transfer (the \
            text after the colon says how)",
        next_steps: &[
            "kubectl get pods -n <ns> | grep cdi-upload (the upload server pod)",
            "kubectl logs -n cdi <cdi-uploadproxy pod>",
        ],
        example: "error uploading image after 5 retries: Post \"https://cdi-uploadproxy/v1beta1/upload\": EOF",
        ..CP
    },
    Signature {
        id: "upload-authentication-failed",
        all: &["authentication failed:"],
        any: &["upload", "token"],
        title: "CDI's upload proxy refused the upload token",
        cause: "the upload proxy did not accept the token virtctl obtained (expired, or the \
            proxy's and cdi-apiserver's keys differ after a reinstall)",
        next_steps: &["kubectl logs -n cdi <cdi-uploadproxy pod>"],
        example: "authentication failed: upload token rejected",
        ..CP
    },
    Signature {
        id: "upload-pvc-not-available",
        all: &["not available for upload"],
        health: Health::Degraded,
        title: "the PVC is not ready to receive an upload",
        cause: "the PVC exists but CDI has not prepared it for upload (no upload annotation, or \
            its upload server is not up yet)",
        next_steps: &[
            "kubectl describe pvc <name> -n <ns> (annotations cdi.kubevirt.io/storage.*)",
        ],
        example: "PVC db not available for upload",
        ..CP
    },
    Signature {
        id: "upload-post-processing-timeout",
        all: &["Timed out waiting for post upload processing"],
        health: Health::Degraded,
        title: "the upload was sent but CDI's processing did not finish in time",
        cause: "the data reached the upload server, which converts or resizes it; virtctl \
            stopped waiting before it finished (the upload pod's status and logs say whether it \
            still works or failed)",
        next_steps: &[
            "kubectl logs -n <ns> <cdi-upload pod>",
            "kubectl get dv -n <ns>",
        ],
        example: "Timed out waiting for post upload processing to complete, please check upload pod status for progress",
        ..CP
    },
    Signature {
        id: "upload-already-populated",
        all: &["already successfully"],
        any: &["imported/cloned/updated", "populated"],
        layer: None,
        health: Health::Unknown,
        title: "the volume is already populated (not a fault)",
        cause: "virtctl refuses to upload into a PVC that CDI already populated: the disk is \
            there",
        next_steps: &[],
        example: "PVC db already successfully imported/cloned/updated",
        ..CP
    },
    Signature {
        id: "upload-readonly-volume",
        all: &["cannot upload to a readonly volume"],
        layer: None,
        health: Health::Unknown,
        title: "an upload into a read-only volume was asked for (a usage error)",
        cause: "the access mode asked for is ReadOnlyMany; ask for ReadWriteOnce or ReadWriteMany",
        next_steps: &["virtctl image-upload --access-mode=ReadWriteOnce"],
        example: "cannot upload to a readonly volume, use either ReadWriteOnce or ReadWriteMany if supported",
        ..CP
    },
];
