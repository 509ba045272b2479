//! Signatures of control-plane messages: admission webhooks, schema rejections, the operator and
//! controllers, quota (data table).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    // The VM snapshot controller's verdict on each volume (`pkg/storage/snapshot/snapshot.go`,
    // `getVolumeSnapshotStatus`, into `vm.status.volumeSnapshotStatuses`): a PVC or DataVolume
    // whose StorageClass has no VolumeSnapshotClass of its CSI driver is disabled with "No
    // VolumeSnapshotClass: Volume snapshots are not configured for this StorageClass [sc]
    // [volume]", so a VirtualMachineSnapshot skips or cannot take it: snapshot provisioning is
    // not configured in the cluster. ("Snapshot is not supported for this volumeSource type",
    // a containerDisk's or cloud-init's, is by design and no signature.)
    Signature {
        id: "no-volume-snapshot-class",
        all: &[
            "No VolumeSnapshotClass",
            "not configured for this StorageClass",
        ],
        health: Health::Degraded,
        title: "the VM's volume cannot be snapshotted: no VolumeSnapshotClass for its StorageClass",
        cause: "KubeVirt's snapshot controller found no VolumeSnapshotClass for the CSI driver of \
            the volume's StorageClass, so it marks the volume not snapshottable \
            (volumeSnapshotStatuses enabled: false) and a VM snapshot or restore leaves that \
            disk out or fails; the storage's snapshot support is not configured",
        next_steps: &[
            "kubectl get volumesnapshotclass (one with the StorageClass's provisioner as driver)",
            "kubectl get vm <vm> -o jsonpath='{.status.volumeSnapshotStatuses}'",
        ],
        source: "KubeVirt pkg/storage/snapshot/snapshot.go (getVolumeSnapshotStatus: \"No \
            VolumeSnapshotClass: Volume snapshots are not configured for this StorageClass\")",
        example: "    reason: 'No VolumeSnapshotClass: Volume snapshots are not configured for this StorageClass [nfs] [rootdisk]'",
        ..CP
    },
    Signature {
        id: "apiserver-request-timeout",
        all: &["request did not complete within requested timeout"],
        title: "the Kubernetes API server timed out a request",
        cause: "a KubeVirt component's request (a status update, a watch, a create) reached the \
            API server but did not complete in time (StatusReasonTimeout): the API server or etcd \
            is overloaded or unreachable from the component, so the VMI's status is not written \
            and it looks stuck; the node itself is not at fault",
        next_steps: &[
            "kubectl get --raw='/readyz?verbose'",
            "check the API server's and etcd's logs and latency",
        ],
        source: "k8s.io/apiserver/pkg/endpoints/handlers/finisher/finisher.go (\"request did not \
            complete within requested timeout\", StatusReasonTimeout); logged by pkg/virt-handler/vm.go (\"Updating \
            the VirtualMachineInstance status failed.\")",
        example: r#"{"component":"virt-handler","level":"error","msg":"Updating the VirtualMachineInstance status failed.","reason":"Timeout: request did not complete within requested timeout - context deadline exceeded"}"#,
        ..CP
    },
    Signature {
        id: "webhook-service-missing",
        all: &["failed calling webhook", "not found"],
        title: "an admission webhook's service does not exist",
        cause: "the API server cannot call a KubeVirt validating webhook because its service is \
            missing (e.g. the fake-validation-service placeholder virt-operator installs before \
            virt-api is up): the install did not finish",
        next_steps: &[
            "kubectl get validatingwebhookconfigurations | grep kubevirt",
            "kubectl logs -n kubevirt deploy/virt-operator",
        ],
        source: "pkg/virt-operator (placeholder webhooks); corpus item 021",
        example: r#"Internal error occurred: failed calling webhook "virtualmachineinstances.kubevirt.io-tmp-validator": Post https://fake-validation-service.kubevirt-hyperconverged.svc:443/fake-path: service "fake-validation-service" not found"#,
        ..CP
    },
    Signature {
        id: "webhook-volume-no-disk",
        all: &["denied the request", "doesn't have a matching disk"],
        title: "a webhook denied the request: a volume has no matching disk",
        cause: "the virtualmachineinstances-update-validator (or storage hotplug admitter) denies \
            a spec where a volume has no disk of the same name",
        next_steps: &["add a disk for the volume, or remove the volume"],
        source: "pkg/storage/admitters/storagehotplug.go: \"volume %s doesn't have a matching disk\"",
        example: r#"admission webhook "virtualmachineinstances-update-validator.kubevirt.io" denied the request: Volume my-volume doesn't have a matching disk"#,
        ..CP
    },
    Signature {
        id: "crd-status-validator",
        all: &["kubevirt-crd-status-validator", "denied the request"],
        title: "the status validator webhook denied the update",
        cause: "kubevirt-crd-status-validator rejects a status that breaks the CRD schema (e.g. \
            status.volumeRequests.addVolumeOptions.disk required): HTTP 422 Invalid",
        next_steps: &["check the client (virtctl addvolume) version against the cluster's"],
        source: "pkg/virt-operator/resource/generate/components/webhooks.go \
            (kubevirt-crd-status-validator.kubevirt.io)",
        example: r#""message": "admission webhook \"kubevirt-crd-status-validator.kubevirt.io\" denied the request: status.volumeRequests.addVolumeOptions.disk in body is required","#,
        ..CP
    },
    Signature {
        id: "forbidden-property",
        all: &["is a forbidden property"],
        title: "the API server rejects a field of the manifest (forbidden property)",
        cause: "the CRD's schema does not allow the field: mis-indented YAML (e.g. domain under \
            spec.template.metadata instead of spec.template.spec) or a field the installed \
            KubeVirt CRD does not know (older CRD, e.g. containerDisk)",
        next_steps: &[
            "kubectl explain vm.spec.template --recursive | less",
            "kubectl get crd virtualmachines.kubevirt.io -o yaml (installed version)",
        ],
        source: "Kubernetes API server structural schema validation of KubeVirt's CRDs; \
            corpus items 022, 046",
        example: "spec.template.metadata.domain in body is a forbidden property",
        ..CP
    },
    Signature {
        id: "quota-exceeded",
        all: &["exceeded quota"],
        title: "a ResourceQuota refuses the request (exceeded quota)",
        cause: "a namespace ResourceQuota forbids the object (a DataVolume's PVC or the launcher \
            pod): the VM controller reports FailedCreate and the VMI never exists (VMINotExists)",
        next_steps: &["kubectl describe resourcequota -n <ns>"],
        source: "pkg/virt-controller/watch/vm/vm.go \
            (\"Error encountered while creating DataVolumes: %v\", FailedCreate)",
        example: r#"Error encountered while creating DataVolumes: DataVolume my-vol importer is not running due to an error: persistentvolumeclaims "my-vol" is forbidden: exceeded quota: storage"#,
        ..CP
    },
    Signature {
        id: "datavolume-create-failed",
        all: &["Error encountered while creating DataVolumes"],
        title: "the VM controller cannot create its DataVolumes (FailedCreate)",
        cause: "the VM's DataVolumes could not be created; the VM reports FailedCreate and its \
            VMI does not exist (VMINotExists)",
        next_steps: &["kubectl get dv -n <ns>", "kubectl describe vm <name>"],
        source: "pkg/virt-controller/watch/vm/vm.go",
        example: "message: 'Error encountered while creating DataVolumes: DataVolume x failed'",
        ..CP
    },
    Signature {
        id: "vm-failed-create",
        all: &["reason: FailedCreate"],
        title: "the VM controller failed to create an object (FailedCreate)",
        cause: "the VM's Failure condition has reason FailedCreate: virt-controller could not \
            create the VMI, its pod or its DataVolume (quota, admission)",
        next_steps: &["kubectl describe vm <name>"],
        source: "pkg/controller/controller.go (FailedCreatePodReason = \"FailedCreate\")",
        example: "      reason: FailedCreate",
        ..CP
    },
    Signature {
        id: "vm-vmi-not-exists",
        all: &["VMINotExists"],
        health: Health::Degraded,
        title: "the VM has no VMI (VMINotExists)",
        cause: "the VM's Ready condition says VMI does not exist: either stopped on purpose, or \
            the controller failed to create it (see a Failure condition)",
        next_steps: &["kubectl get vm <name> -o yaml (status.conditions)"],
        source: "pkg/virt-controller/watch/vm/vm.go (Reason \"VMINotExists\")",
        example: "      reason: VMINotExists",
        ..CP
    },
    Signature {
        id: "pod-terminating",
        all: &["PodTerminating"],
        title: "the virt-launcher pod is stuck terminating (PodTerminating)",
        cause: "the VM is Stopped but its virt-launcher pod is terminating and does not go away \
            (a finalizer, an unmount on the node, or a stuck kubelet), so the VMI cannot be \
            cleaned up or restarted",
        next_steps: &[
            "kubectl get pod <virt-launcher pod> -o yaml (deletionTimestamp, finalizers)",
        ],
        source: "pkg/virt-controller/watch/vmi/lifecycle.go (\"virt-launcher pod is terminating\")",
        example: "      reason: PodTerminating",
        ..CP
    },
    Signature {
        id: "kubevirt-not-available",
        all: &["KubeVirt is not available"],
        title: "KubeVirt is not Available (still Deploying)",
        cause: "the HyperConverged/KubeVirt CR reports Available False: virt-operator is still \
            Deploying the version (or a component is Degraded)",
        next_steps: &[
            "kubectl get kubevirt -n kubevirt -o yaml (status.conditions)",
            "kubectl get pods -n kubevirt",
        ],
        source: "virt-operator (KubeVirt CR conditions Available/Progressing/Degraded)",
        example: "Available\tFalse\tKubeVirt is not available: Deploying version v0.20.4 with registry kubevirt",
        ..CP
    },
    Signature {
        id: "component-degraded",
        all: &["is degraded:"],
        health: Health::Degraded,
        title: "an operator reports Degraded",
        cause: "a component of the virtualization stack (KubeVirt, CDI, network addons) reports \
            Degraded True",
        next_steps: &["kubectl get hco -A -o yaml (status.conditions)"],
        source: "HyperConverged operator conditions; corpus item 068",
        example: "Degraded\tTrue\tCDI is degraded: ",
        ..CP
    },
    Signature {
        id: "virt-controller-crashloop",
        all: &["virt-controller", "CrashLoopBackOff"],
        title: "virt-controller is in CrashLoopBackOff",
        cause: "virt-controller pods keep crashing: VMIs are not scheduled or updated while no \
            leader runs",
        next_steps: &["kubectl logs -n kubevirt <virt-controller pod> --previous"],
        source: "kubectl get pods -n kubevirt; corpus item 069",
        example: "virt-controller-6fccbf85fd-mb4zp   0/1       CrashLoopBackOff   3921       14d",
        ..CP
    },
    Signature {
        id: "virt-api-crashloop",
        all: &["virt-api", "CrashLoopBackOff"],
        title: "virt-api is in CrashLoopBackOff",
        cause: "virt-api pods keep crashing: webhooks and subresources (console, VNC, migrate) fail",
        next_steps: &["kubectl logs -n kubevirt <virt-api pod> --previous"],
        source: "kubectl get pods -n kubevirt",
        example: "virt-api-fd86fd5fc-7cfxq   0/1   CrashLoopBackOff   12   1h",
        ..CP
    },
    Signature {
        id: "virt-handler-crashloop",
        all: &["virt-handler", "CrashLoopBackOff"],
        layer: Some(Layer::Node),
        title: "virt-handler is in CrashLoopBackOff",
        cause: "the node's virt-handler keeps crashing (often a panic, e.g. a nil pointer): VMIs \
            on the node are not synced",
        next_steps: &["kubectl logs -n kubevirt <virt-handler pod> --previous"],
        source: "kubectl get pods -n kubevirt",
        example: "virt-handler-8b84x   0/1   CrashLoopBackOff   7   20m",
        ..CP
    },
    Signature {
        id: "cdi-http-source",
        all: &["Unable to connect to http data source"],
        title: "CDI cannot download the disk image (Unable to connect to http data source)",
        cause: "the DataVolume's importer cannot fetch its HTTP(S) source (wrong URL, 404/403, \
            DNS, proxy or an untrusted certificate): the VM's disk is never ready",
        next_steps: &[
            "kubectl get dv -n <ns> (the Running condition's message)",
            "kubectl logs <importer pod>",
        ],
        source: "containerized-data-importer pkg/importer/http-datasource.go (\"unable to connect \
            to http data source\")",
        example: "E0301 10:00:00.000000       1 importer.go:185] Unable to connect to http data source: expected status code 200, got 404. Status: 404 Not Found",
        ..CP
    },
    // A VirtualMachineInstancePreset whose settings conflict with the VMI's own: KubeVirt's
    // preset code (pkg/virt-controller/watch/preset.go in the releases that applied presets in
    // virt-controller, later pkg/virt-api/webhooks/mutating-webhook/mutators/preset.go) records
    // "Unable to apply VirtualMachineInstancePreset '%s': %v" (an event, reason Conflict or
    // Override) and, for presets conflicting with each other, "VirtualMachinePresets cannot be
    // applied due to conflicts: %v" (reason PresetFailed). The API objects disagree: the
    // control plane's.
    Signature {
        id: "vmi-preset-conflict",
        all: &["Preset"],
        any: &[
            "Unable to apply VirtualMachineInstancePreset",
            "VirtualMachinePresets cannot be applied due to conflicts",
        ],
        health: Health::Degraded,
        title: "a VirtualMachineInstancePreset conflicts with the VMI (preset not applied)",
        cause: "a preset selecting this VMI sets a field the VMI already sets to another value \
            (or two presets conflict); KubeVirt does not apply it, and the VMI is not the one \
            the preset describes",
        next_steps: &[
            "kubectl get vmipreset -n <namespace> -o yaml (the selector and the conflicting field)",
            "remove the field from the VMI or the preset, or narrow the preset's selector",
        ],
        source: "KubeVirt pkg/virt-controller/watch/preset.go, pkg/virt-api/webhooks/\
            mutating-webhook/mutators/preset.go (\"Unable to apply VirtualMachineInstancePreset \
            '%s': %v\", \"VirtualMachinePresets cannot be applied due to conflicts: %v\")",
        example: "Warning   Conflict   virtualmachineinstance-preset-controller   Unable to apply VirtualMachineInstancePreset 'small': spec.cpu: &{2} != &{1}",
        ..CP
    },
];
