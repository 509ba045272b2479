//! Signatures of CDI (containerized-data-importer): the DataVolume and PVC event reasons its
//! controllers emit when an import, clone or upload fails or cannot start, and the importer's
//! own messages (a registry or HTTP source it cannot reach). A DataVolume that cannot be
//! populated is the storage side of the control plane (CDI's controllers and importer pods),
//! not the VM's node or network (data table). Reasons from CDI's
//! `pkg/controller/datavolume/*-controller*.go`, `pkg/controller/import-controller.go` and
//! `pkg/controller/common/util.go`; importer messages from `pkg/importer/`.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// What a storage provisioner's failure says, by its event or by its message alone.
const PROVISIONING_TITLE: &str =
    "the storage provisioner cannot create the volume (ProvisioningFailed)";
const PROVISIONING_CAUSE: &str = "the PVC of the DataVolume or VM stays Pending: its storage \
    class's provisioner (CSI driver) fails to create the volume; the event's message says why \
    (capacity, parameters, access mode or volume mode the class does not support)";
const PROVISIONING_STEPS: &[&str] = &[
    "kubectl describe pvc <name> -n <ns> (Events)",
    "kubectl logs -n <csi namespace> <csi-provisioner pod>",
];

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    ..BASE
};

const DV_STEPS: &[&str] = &[
    "kubectl get dv,pvc -n <ns>",
    "kubectl describe dv <name> -n <ns> (Events, conditions)",
    "kubectl logs -n <ns> <importer-/cdi-upload-/clone pod>",
];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "cdi-importer-pod-failed",
        all: &["ErrImportFailed"],
        title: "the DataVolume's importer pod failed (ErrImportFailed)",
        cause: "CDI's importer could not fetch or convert the source into the PVC; the \
            event's message says why (registry or URL unreachable, certificate, disk full, bad \
            image); CDI retries the importer, so the DataVolume and its VM wait",
        next_steps: DV_STEPS,
        source: "CDI pkg/controller/import-controller.go (ErrImportFailedPVC = \"ErrImportFailed\")",
        example: "3m3s   Warning   ErrImportFailed   persistentvolumeclaim/ubuntu-base   Unable to process data: Unable to transfer source data to scratch space",
        ..CP
    },
    Signature {
        id: "cdi-import-failed",
        all: &["ImportFailed"],
        none: &["ErrImportFailed"],
        title: "the DataVolume import failed (ImportFailed)",
        cause: "CDI could not import the DataVolume's source into its PVC, so the VM that uses \
            it has no disk; the importer pod's log says why",
        next_steps: DV_STEPS,
        source: "CDI pkg/controller/datavolume/import-controller.go (ImportFailed, \"Failed to \
            import into PVC %s\")",
        example: "2m8s   Warning   ImportFailed   DataVolume   Failed to import into PVC alpine-dv",
        ..CP
    },
    Signature {
        id: "cdi-clone-failed",
        all: &["CloneFailed"],
        title: "the DataVolume clone failed (CloneFailed)",
        cause: "CDI could not clone the source PVC into the DataVolume (source in use, \
            permissions across namespaces, storage class mismatch)",
        next_steps: DV_STEPS,
        source: "CDI pkg/controller/datavolume/clone-controller-base.go (CloneFailed)",
        example: "Warning  CloneFailed  1m  datavolume-pvc-clone-controller  Cloning from ns/src into ns/dst failed",
        ..CP
    },
    Signature {
        id: "cdi-unable-to-clone",
        all: &["ErrUnableToClone"],
        title: "CDI cannot clone into the DataVolume (ErrUnableToClone)",
        cause: "the clone cannot start: the source is missing, not ready, or the user may not \
            clone it (clone permissions across namespaces)",
        next_steps: DV_STEPS,
        source: "CDI pkg/controller/datavolume/clone-controller-base.go (ErrUnableToClone)",
        example: "Warning  ErrUnableToClone  30s  datavolume-pvc-clone-controller  source PVC ns/src not found",
        ..CP
    },
    Signature {
        id: "cdi-clone-validation-failed",
        all: &["CloneValidationFailed"],
        title: "the clone does not meet CDI's validation (CloneValidationFailed)",
        cause: "source and target disagree (target smaller than the source, volume modes or \
            content types that cannot be cloned)",
        next_steps: DV_STEPS,
        source: "CDI pkg/controller/datavolume/clone-controller-base.go (CloneValidationFailed)",
        example: "Warning  CloneValidationFailed  5s  datavolume-pvc-clone-controller  The clone doesn't meet the validation requirements: target resources requests storage size is smaller than the source",
        ..CP
    },
    Signature {
        id: "cdi-upload-failed",
        all: &["UploadFailed"],
        title: "the DataVolume upload failed (UploadFailed)",
        cause: "the upload server could not write the uploaded image into the PVC",
        next_steps: DV_STEPS,
        source: "CDI pkg/controller/datavolume/upload-controller.go (UploadFailed)",
        example: "Warning  UploadFailed  1m  datavolume-upload-controller  Upload into dv1 failed",
        ..CP
    },
    Signature {
        id: "cdi-claim-not-valid",
        all: &["ErrClaimNotValid"],
        title: "CDI cannot create the DataVolume's PVC: the claim is not valid (ErrClaimNotValid)",
        cause: "the DataVolume's storage spec cannot become a PVC: no access mode or volume \
            mode and no storage class/profile to take them from, or an invalid size",
        next_steps: &[
            "kubectl get storageclass (a default?)",
            "kubectl get storageprofile <class> -o yaml (claimPropertySets)",
            "set spec.storage.accessModes / storageClassName on the DataVolume",
        ],
        source: "CDI pkg/controller/common/util.go (ErrClaimNotValid)",
        example: "Warning  ErrClaimNotValid  4m42s (x2 over 4m42s)  datavolume-import-controller  PVC spec is missing accessMode and no storageClass to choose profile",
        ..CP
    },
    Signature {
        id: "cdi-exceeded-quota",
        all: &["ErrExceededQuota"],
        title: "the DataVolume's PVC or pod exceeds a quota (ErrExceededQuota)",
        cause: "a ResourceQuota refuses the DataVolume's PVC or its importer/clone pod",
        next_steps: &["kubectl describe resourcequota -n <ns>"],
        source: "CDI pkg/controller/common/util.go (ErrExceededQuota)",
        example: "Warning  ErrExceededQuota  1m  datavolume-import-controller  exceeded quota: storage",
        ..CP
    },
    Signature {
        id: "cdi-claim-lost",
        all: &["ErrClaimLost"],
        title: "the DataVolume's PVC is lost (ErrClaimLost)",
        cause: "the PVC behind the DataVolume is in phase Lost: its PersistentVolume is gone",
        next_steps: &["kubectl get pvc,pv -n <ns>"],
        source: "CDI pkg/controller/datavolume/controller-base.go (ErrClaimLost)",
        example: "Warning  ErrClaimLost  1m  datavolume-import-controller  PVC dv1 lost",
        ..CP
    },
    Signature {
        id: "cdi-starting-pod",
        all: &["ErrStartingPod"],
        title: "CDI cannot start the importer/upload/clone pod (ErrStartingPod)",
        cause: "the pod that populates the PVC does not start (scheduling, image pull, \
            admission)",
        next_steps: DV_STEPS,
        source: "CDI pkg/controller/common/util.go (ErrStartingPod)",
        example: "Warning  ErrStartingPod  1m  import-controller  Error starting pod 'importer-dv1'",
        ..CP
    },
    Signature {
        id: "cdi-importer-image-pull",
        all: &["ImagePullFailed"],
        title: "CDI's importer cannot pull its source image (ImagePullFailed)",
        cause: "the importer pod of a registry import with node pull method cannot pull the \
            image (name, tag, pull secret, registry unreachable from the node)",
        next_steps: DV_STEPS,
        source: "CDI pkg/controller/util.go (ImagePullFailedReason)",
        example: "    reason: ImagePullFailed",
        ..CP
    },
    Signature {
        id: "cdi-registry-dns",
        all: &["pinging container registry", "lookup"],
        title: "the CDI importer cannot resolve the container registry's name (DNS)",
        cause: "the importer pod's DNS lookup of the registry fails or times out: the cluster's \
            DNS or the importer's egress (proxy settings in CDIConfig, network policy) does not \
            let it reach the registry; the VM's own network is not involved",
        next_steps: &[
            "kubectl run a pod in the DataVolume's namespace and nslookup the registry",
            "kubectl get cdiconfig config -o yaml (importProxy)",
            "kubectl logs <importer pod>",
        ],
        source: "CDI pkg/importer/transport.go (\"Could not create image reference: %v\"), \
            containers/image (\"pinging container registry %s\")",
        example: r#"E0827 18:35:13.959671       1 transport.go:78] Could not create image reference: pinging container registry registry-1.docker.io: Get "https://registry-1.docker.io/v2/": dial tcp: lookup registry-1.docker.io: i/o timeout"#,
        ..CP
    },
    Signature {
        id: "cdi-registry-unreachable",
        all: &["pinging container registry"],
        title: "the CDI importer cannot reach the container registry",
        cause: "the importer pod cannot open the registry (connection, certificate or proxy); \
            the text after the registry's name says which",
        next_steps: &[
            "kubectl get cdiconfig config -o yaml (importProxy)",
            "kubectl logs <importer pod>",
        ],
        source: "CDI pkg/importer/transport.go; containers/image (\"pinging container registry %s\")",
        example: r#"pinging container registry quay.io: Get "https://quay.io/v2/": dial tcp 1.2.3.4:443: connect: connection refused"#,
        ..CP
    },
    Signature {
        id: "cdi-write-io-error",
        all: &["qemu-img", "Input/output error"],
        // qemu-img's convert reports a failed read of its SOURCE as `error while reading
        // sector N` / `at byte N` (convert_co_read in QEMU's `qemu-img.c`), a failed write to
        // the target as `error while writing …`: only the latter is the volume's device.
        none: &["error while reading"],
        layer: Some(Layer::Node),
        title: "the importer's writes to the volume fail with an I/O error",
        cause: "CDI's importer converts the image into the PVC's device with qemu-img and the \
            device answers Input/output error: the storage backend's volume on the node (its \
            iSCSI/block path, a replica offline) is failing, not CDI",
        next_steps: &[
            "dmesg on the importer's node (I/O errors on the device)",
            "check the storage backend's volume health",
        ],
        source: "CDI pkg/image/qemu.go, pkg/system/prlimit.go (\"qemu-img failed output is\")",
        example: "E1013 17:50:06.249969       1 prlimit.go:176] qemu-img: /dev/cdi-block-volume: error while converting raw: Failed to clear the new image's first sector: Input/output error",
        ..CP
    },
    Signature {
        id: "cdi-source-read-error",
        all: &["qemu-img", "error while reading", "Input/output error"],
        title: "qemu-img cannot read the import's source",
        cause: "CDI's importer converts the image with qemu-img, which failed READING its source \
            (QEMU's qemu-img.c convert: `error while reading`; a write to the PVC's device would \
            say `error while writing`): the image at the source URL (read through qemu's curl \
            driver) or the registry is missing, moved or unreadable, so the import fails and the \
            disk is never provisioned; the lines before it (curl's HTTP error) say why",
        next_steps: &[
            "kubectl get dv <name> -o yaml (spec.source URL)",
            "curl -I <source URL> from a pod in the cluster",
        ],
        source: "QEMU qemu-img.c (convert_co_read: \"error while reading sector\"); CDI \
            pkg/image/qemu.go",
        example: "qemu-img: error while reading sector 4096: Input/output error",
        ..CP
    },
    // The importer pod's termination messages (CDI cmd/cdi-importer/importer.go), which the
    // import controller copies into the DataVolume's conditions and events: a source it cannot
    // reach ("Unable to connect to %s data source: %v", errorCannotConnectDataSource, for the
    // http, imageio, s3, gcs and vddk sources), a processing step that failed ("Unable to
    // process data: %v" around the data processor's wraps in pkg/importer/data-processor.go:
    // obtaining the source's information, transferring, converting, resizing, applying a
    // delta). The import itself fails and the disk is never
    // provisioned: the control plane's storage side. A cause the node owns keeps its own,
    // more specific reading (a write to the volume's device failing, permission denied on the
    // pod's /data or /scratch: `cdi_volume.rs`).
    Signature {
        id: "cdi-source-connect-failed",
        all: &["Unable to connect to", "data source"],
        // The http source's member has its own entry (`control_plane.rs`, cdi-http-source).
        any: &[
            "imageio data source",
            "s3 data source",
            "gcs data source",
            "vddk data source",
        ],
        title: "CDI's importer cannot open the import's source",
        cause: "the importer pod could not connect to the DataVolume's source (an HTTP URL, \
            oVirt imageio, S3, GCS, or VMware through VDDK: the vCenter, its credentials, the \
            VM or its snapshot, as the message says): the import fails and the disk is never \
            provisioned",
        next_steps: &[
            "kubectl get dv <name> -o yaml (spec.source, status.conditions)",
            "kubectl logs <importer pod> (the source's own error)",
        ],
        source: "CDI cmd/cdi-importer/importer.go (errorCannotConnectDataSource: \"Unable to \
            connect to %s data source: %v\")",
        example: "Unable to connect to s3 data source: could not get s3 object: \"disk.img\": AccessDenied",
        ..CP
    },
    Signature {
        id: "cdi-import-processing-failed",
        all: &["Unable to process data"],
        any: &[
            "Unable to obtain information about data source",
            "Unable to transfer source data",
            "Unable to convert source data to target format",
            "Unable to resize disk image",
            "Unable to apply delta to base image",
            "Conversion to Raw failed",
            "could not convert image to raw",
        ],
        title: "CDI's importer failed processing the import",
        cause: "the importer pod reached its source but a step of the import failed (reading \
            the source's information, transferring or converting it with qemu-img, resizing the \
            image): the import fails and restarts, and the disk is never provisioned; the rest \
            of the message is the step's own error",
        next_steps: DV_STEPS,
        source: "CDI cmd/cdi-importer/importer.go (\"Unable to process data: %v\"), \
            pkg/importer/data-processor.go (the processing phases' wraps)",
        example: "Unable to process data: Unable to resize disk image to requested size: Error resizing image /data/disk.img",
        ..CP
    },
    // qemu-img opening the import's SOURCE: CDI serves every http and vddk source to qemu-img
    // through nbdkit on a local socket (pkg/importer/http-datasource.go, "nbd+unix:///?socket=
    // %s"; pkg/image/qemu.go convertToRaw and Info take only that scheme or a file), so
    // "qemu-img: Could not open 'nbd+unix:…'" is the source failing to open, whatever follows
    // (QEMU block.c bdrv_open's "Could not open '%s': %s"; an image format's check of the data
    // nbdkit serves). Three needles: more specific than a write failing on the volume.
    Signature {
        id: "cdi-source-open-failed",
        all: &["qemu-img", "Could not open", "nbd+unix"],
        title: "qemu-img cannot open the import's source (served by nbdkit)",
        cause: "CDI's importer serves the DataVolume's source (an HTTP URL, a VMware disk) to \
            qemu-img through nbdkit, and qemu-img could not open or read it: the source image \
            is unreachable, truncated or not the format it claims, so the import fails and the \
            disk is never provisioned",
        next_steps: &[
            "kubectl get dv <name> -o yaml (spec.source URL)",
            "curl -I <source URL> from a pod in the cluster; qemu-img info on a copy of the image",
        ],
        source: "CDI pkg/importer/http-datasource.go (nbdkit socket), pkg/image/qemu.go \
            (convertToRaw, Info); QEMU block.c (\"Could not open '%s': %s\")",
        example: "qemu-img: Could not open 'nbd+unix:///?socket=/tmp/nbdkit.sock': Could not read L1 table: Input/output error",
        ..CP
    },
    Signature {
        id: "cdi-ssrf-blocked",
        all: &["SSRF protection", "blocked"],
        title: "CDI's SSRF protection blocks the import's source address",
        cause: "the import's source host resolves to a private, link-local or loopback address, \
            which CDI's importer refuses by default (server-side request forgery protection): \
            the DataVolume stays in ImportScheduled or fails and the disk is never provisioned. \
            Not a network fault: allow the address in the CDIConfig if the source is trusted",
        next_steps: &[
            "kubectl get cdiconfig config -o yaml (the SSRF allowlist)",
            "kubectl describe dv <name> (events)",
        ],
        source: "kubevirt/containerized-data-importer doc/ssrf-protection.md",
        example: "SSRF protection: host \"registry.internal\" resolves to blocked IP 192.168.1.5",
        ..CP
    },
    Signature {
        id: "cdi-source-http-error",
        all: &["curl", "The requested URL returned error"],
        title: "the import's source URL answers an HTTP error",
        cause: "the image's URL answers an HTTP error status (curl's \
            CURLE_HTTP_RETURNED_ERROR, through qemu's curl block driver or CDI's HTTP \
            reader): 404 means the image is not there any more, 401/403 that it needs \
            credentials; the import fails and the disk is never provisioned",
        next_steps: &[
            "kubectl get dv <name> -o yaml (spec.source.http.url)",
            "curl -I <source URL> from a pod in the cluster",
        ],
        source: "QEMU block/curl.c (the curl driver reports libcurl's error); CDI \
            pkg/importer/http-datasource.go",
        example: "qemu-img: curl: The requested URL returned error: 403 Forbidden",
        ..CP
    },
    Signature {
        id: "volume-provisioning-failed",
        all: &["ProvisioningFailed"],
        title: PROVISIONING_TITLE,
        cause: PROVISIONING_CAUSE,
        next_steps: PROVISIONING_STEPS,
        source: "Kubernetes external-provisioner (event ProvisioningFailed); \
            pkg/virtctl/imageupload/imageupload.go (\"Provisioning failed: %s\")",
        example: "Warning  ProvisioningFailed  5s  rook-ceph.rbd.csi.ceph.com_csi-rbdplugin  failed to provision volume with StorageClass \"rook-ceph-block\": rpc error: code = Internal",
        ..CP
    },
    // The event's message without its reason: the persistent volume controller's and the
    // external provisioner's `"Failed to provision volume with StorageClass %q: %v"`
    // (kubernetes `pkg/controller/volume/persistentvolume/pv_controller.go`,
    // sig-storage-lib-external-provisioner `controller/controller.go`), as virtctl image-upload
    // relays it ("Provisioning failed: %s") or a user quotes it.
    Signature {
        id: "volume-provisioning-failed-message",
        all: &["to provision volume with StorageClass"],
        title: PROVISIONING_TITLE,
        cause: PROVISIONING_CAUSE,
        next_steps: PROVISIONING_STEPS,
        source: "kubernetes pkg/controller/volume/persistentvolume/pv_controller.go, \
            sig-storage-lib-external-provisioner controller/controller.go (\"Failed to provision \
            volume with StorageClass %q: %v\"); pkg/virtctl/imageupload/imageupload.go \
            (\"Provisioning failed: %s\")",
        example: "Provisioning failed: failed to provision volume with StorageClass \"csi-rbd\": rpc error: code = InvalidArgument desc = invalid volume capability",
        ..CP
    },
];
