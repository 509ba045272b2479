//! The node's container runtime refusing the kubelet's image calls other than a pull.
//!
//! The kubelet reaches the runtime's image service through its CRI client (kubernetes
//! `staging/src/k8s.io/cri-client/pkg/remote_image.go`; before, `pkg/kubelet/cri/remote/`),
//! which logs "<call> from image service failed" with the runtime's gRPC error: `RemoveImage`
//! when the image garbage collector frees disk (`pkg/kubelet/images/image_gc_manager.go`,
//! "Removing image to free bytes", then "wanted to free %d bytes, but freed %d bytes space with
//! errors in image deletion"), `ListImages`, `ImageStatus`, `ImageFsInfo` for its stats. Each is
//! the runtime on the node (CRI-O or containerd and their image store) refusing or failing: an
//! image still pinned by a container record ("image is in use by a container"), a store it
//! cannot read, a socket that is gone. While the collector cannot free space the node stays
//! under DiskPressure and evicts pods: the node's. A failed pull is not taken here: its cause
//! is the image's reference, registry or credentials, read by the pull readings.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const RUNTIME: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "the node's container runtime refuses the kubelet's image calls",
    cause: "the kubelet asked the node's container runtime (CRI-O, containerd) to remove, list \
        or inspect images and the runtime failed (an image still held by a stopped container's \
        record, its image store or socket broken), so the kubelet's image garbage collection \
        cannot free disk and the node may stay under DiskPressure",
    next_steps: &[
        "on the node: crictl ps -a (stopped containers still holding images) and crictl rmi --prune",
        "on the node: journalctl -u kubelet | grep -i 'image service failed' and the runtime's own log",
        "kubectl describe node <node> (DiskPressure, FreeDiskSpaceFailed events)",
    ],
    source: "kubernetes staging/src/k8s.io/cri-client/pkg/remote_image.go (\"%s from image \
        service failed\"); pkg/kubelet/images/image_gc_manager.go",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "cri-image-service-failed",
        all: &["from image service failed"],
        any: &["RemoveImage", "ListImages", "ImageStatus", "ImageFsInfo"],
        none: &["PullImage"],
        example: "remote_image.go:266] \"RemoveImage from image service failed\" err=\"rpc error: code = Unknown desc = image used by 5b1c: image is in use by a container\" image=\"sha256:4dae\"",
        ..RUNTIME
    },
    Signature {
        id: "image-gc-deletion-errors",
        all: &["errors in image deletion"],
        example: "Image garbage collection failed once: wanted to free 1207235428 bytes, but freed 0 bytes space with errors in image deletion: rpc error: code = Unknown desc = image is in use by a container",
        ..RUNTIME
    },
];
