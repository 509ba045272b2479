//! An image import whose S3 object store does not answer. An importer that stores or fetches
//! images through an S3 API with the MinIO client (minio-go) asks the bucket's region first,
//! `GET <endpoint>/<bucket>/?location=` (`api-get-bucket-location`/`bucket-cache.go`
//! getBucketLocationRequest: `urlValues.Set("location", "")`, path-style), and uploads large
//! objects in parts (`?uploads`, `?partNumber=…&uploadId=…`, `api-put-object-multipart.go`);
//! a failed request prints as Go's `<Method> "<URL>": dial tcp …` (`net/url` `(*Error).Error`).
//! Harvester's image controller before v0.2 imported every VM image into its own MinIO
//! (rancher/harvester `pkg/controller/master/image/`: `MinioClient.PutObjectWithContext`
//! into the `vm-images` bucket, the error written on the `imported` condition); CDI's S3
//! source reads the same kind of endpoint. By the corpus's convention for imports (a source
//! or store that cannot be reached fails the import itself), the control plane's.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const STORE: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "an image is not imported: its S3 object store does not answer",
    cause: "the importer's request to the S3 object store (a MinIO or other S3 endpoint: the \
        bucket's location, an upload) got no connection: the store's service has no ready pod, \
        or the endpoint configured for it is wrong or unreachable, so the image is not \
        imported and no VM can use it",
    next_steps: &[
        "kubectl get pods,svc -A | grep -i minio (the store's pods and service)",
        "check the endpoint the importer is configured with and curl it from a pod",
        "kubectl get virtualmachineimage -A -o yaml (the imported condition's message)",
    ],
    source: "minio-go getBucketLocationRequest (\"?location=\"), api-put-object-multipart.go; \
        Go net/url (*Error).Error; rancher/harvester pkg/controller/master/image",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "s3-store-bucket-location-unreachable",
        all: &["?location=", "dial tcp"],
        example: r#"Get "http://minio.storage:9000/images/?location=": dial tcp 10.43.0.9:9000: connect: connection refused"#,
        ..STORE
    },
    Signature {
        id: "s3-store-upload-unreachable",
        all: &["uploadId=", "dial tcp"],
        example: r#"Put "http://s3.local:9000/images/win.qcow2?partNumber=3&uploadId=2f1c": dial tcp 10.0.0.7:9000: i/o timeout"#,
        ..STORE
    },
];
