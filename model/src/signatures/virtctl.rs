//! Signatures of what `virtctl` prints when a request fails: the answers of virt-api's
//! subresources (start, stop, restart, migrate, pause, console, VNC, addvolume) and of CDI's
//! upload path for `virtctl image-upload` (data table). The strings come from
//! `pkg/virt-api/rest/` (what virt-api answers), `staging/src/kubevirt.io/client-go/kubevirt/
//! typed/core/v1/async.go` (how virtctl reports a websocket refused) and
//! `pkg/virtctl/imageupload/imageupload.go`.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    ..BASE
};

/// What virtctl's refused websocket names: `websocket` (client-go's `async.go` since the
/// subresources moved there), `console` and `VNC` (virtctl's own `console.go` and `vnc.go` of
/// the first releases: "Can't connect to console (%d): %s").
const WEBSOCKETS: &[&str] = &["websocket", "console", "vnc"];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "subresource-vm-not-running",
        all: &["VM is not running"],
        health: Health::Degraded,
        title: "virt-api refuses the request: VM is not running",
        cause: "virt-api's VM subresource (migrate, stop, restart, addvolume) answers Conflict \
            because it finds no running VMI for the VM: either the VM is stopped (start it \
            first), or the VMI it looks up (the VM's name) is not the one that runs",
        next_steps: &[
            "kubectl get vm,vmi <name> -n <ns> (printableStatus, phase, VMI name)",
            "kubectl logs -n kubevirt <virt-api pod>",
        ],
        source: "pkg/virt-api/rest/subresource.go (vmNotRunning = \"VM is not running\"), \
            lifecycle.go",
        example: r#"Error migrating VirtualMachine Operation cannot be fulfilled on virtualmachine.kubevirt.io "vm1": VM is not running"#,
        ..CP
    },
    Signature {
        id: "subresource-vmi-not-running",
        all: &["VMI is not running"],
        health: Health::Degraded,
        title: "virt-api refuses the request: VMI is not running",
        cause: "virt-api's VMI subresource (guest agent, pause, freeze, console) answers Conflict \
            because the VMI is not in phase Running",
        next_steps: &["kubectl get vmi <name> -n <ns> (phase, conditions)"],
        source: "pkg/virt-api/rest/subresource.go (vmiNotRunning = \"VMI is not running\")",
        example: r#"Error pausing VirtualMachineInstance vm1: Operation cannot be fulfilled on virtualmachineinstance.kubevirt.io "vm1": VMI is not running"#,
        ..CP
    },
    Signature {
        id: "subresource-vmi-phase",
        all: &["Unable to connect to VirtualMachineInstance because phase is"],
        health: Health::Degraded,
        title: "virt-api cannot connect to the VMI: it is neither Running nor Scheduled",
        cause: "console, VNC and port-forward go through the virt-handler of the VMI's node, \
            which virt-api only dials for a Running or Scheduled VMI",
        next_steps: &["kubectl get vmi <name> -n <ns> (phase)"],
        source: "pkg/virt-api/rest/dialers.go (getVirtHandlerConnForVMI)",
        example: "Can't access VMI vm1: Unable to connect to VirtualMachineInstance because phase is Pending instead of Running or Scheduled",
        ..CP
    },
    Signature {
        id: "websocket-internal-error",
        all: &["Can't connect to", "(500)"],
        any: WEBSOCKETS,
        title: "virt-api's console/VNC subresource answered 500 (Internal error)",
        cause: "virtctl reached the subresource API but virt-api (or the API server's proxy to \
            it) failed serving it: dialing the virt-handler of the VMI's node or the VM failed \
            (certificates between virt-api and virt-handler, virt-handler down, network \
            between them); the text after the code says which",
        next_steps: &[
            "kubectl logs -n kubevirt <virt-api pod> (Unable to establish connection to virt-handler)",
            "kubectl get pods -n kubevirt -o wide (virt-handler on the VMI's node)",
        ],
        source: "staging/src/kubevirt.io/client-go/kubevirt/typed/core/v1/async.go \
            (\"Can't connect to websocket (%d): %w\"); pkg/virt-api/rest/dialers.go",
        example: "Can't connect to websocket (500): ",
        ..CP
    },
    Signature {
        id: "error-dialing-backend",
        all: &["error dialing backend"],
        title: "the proxy to a KubeVirt backend cannot dial it (error dialing backend)",
        cause: "the API server (or virt-api) could not open the connection to the backend that \
            serves the request (virt-api's aggregated API, virt-handler's console server): a \
            certificate rejected, the service unreachable, or the pod down",
        next_steps: &[
            "kubectl get apiservice v1.subresources.kubevirt.io (Available)",
            "kubectl logs -n kubevirt <virt-api pod>",
        ],
        source: "k8s.io/apimachinery pkg/util/proxy (upgrade-aware proxy: \"error dialing \
            backend\"), as relayed by pkg/virt-api/rest",
        example: "error dialing backend: remote error: tls: bad certificate",
        ..CP
    },
    Signature {
        id: "subresource-not-served",
        all: &["the server could not find the requested resource"],
        title: "the API server does not serve the requested KubeVirt API (404)",
        cause: "the subresource or API virtctl asks for is not served: virt-api's aggregated \
            API (subresources.kubevirt.io) is not registered or not available, or the \
            installed KubeVirt is older than virtctl / lacks the feature (e.g. addvolume needs \
            the HotplugVolumes feature gate)",
        next_steps: &[
            "kubectl get apiservice | grep kubevirt",
            "virtctl version (client and server versions)",
            "kubectl get kubevirt -n kubevirt -o yaml (featureGates)",
        ],
        source: "Kubernetes API server (404 NotFound: \"the server could not find the \
            requested resource\"); pkg/virtctl/vm/add_volume.go (\"error adding volume, %v\")",
        example: "error adding volume, the server could not find the requested resource",
        ..CP
    },
    Signature {
        id: "subresource-feature-gate",
        all: &["feature gate is not enabled"],
        health: Health::Degraded,
        title: "virt-api refuses the request: its feature gate is not enabled",
        cause: "the subresource needs a feature gate the KubeVirt CR does not enable",
        next_steps: &[
            "kubectl get kubevirt -n kubevirt -o yaml (spec.configuration.developerConfiguration.featureGates)",
        ],
        source: "pkg/virt-api/rest/subresource.go (featureGateDisabledErrFmt \"'%s' feature gate is not enabled\")",
        example: "error adding volume, 'HotplugVolumes' feature gate is not enabled",
        ..CP
    },
    // virtctl's lifecycle verbs on a VirtualMachine (KubeVirt pkg/virtctl/vm: start.go "Error
    // starting VirtualMachine %v", stop.go and restart.go "Error stopping/restarting
    // VirtualMachine %v" and "error force stopping/restarting VirtualMachine: %v", migrate.go
    // "Error migrating VirtualMachine %v"; pkg/virtctl/pause and unpause "Error getting
    // VirtualMachine %s: %v") answered by virt-api's NotFound for the VM itself
    // (pkg/virt-api/rest/subresource.go: errors.NewNotFound(v1.Resource("virtualmachine"),
    // name), apimachinery's "%s %q not found": `virtualmachine.kubevirt.io "<name>" not found`).
    // Unlike a get's NotFound (a question answered) the action failed: the VM it names is not in
    // that namespace (gone, never created, or a wrong name or namespace). A VirtualMachineInstance
    // not found is another case: a VM that is not running has none (pause, migrate on a stopped
    // VM), no fault.
    Signature {
        id: "virtctl-target-not-found",
        all: &[
            "Error",
            "VirtualMachine",
            "virtualmachine.kubevirt.io",
            "not found",
        ],
        any: &[
            "Error starting VirtualMachine",
            "Error stopping VirtualMachine",
            "Error restarting VirtualMachine",
            "error force stopping VirtualMachine",
            "error force restarting VirtualMachine",
            "Error migrating VirtualMachine",
            "Error getting VirtualMachine",
        ],
        none: &["virtualmachineinstance", "failed calling webhook"],
        health: Health::Degraded,
        title: "virtctl acts on a VirtualMachine that does not exist (NotFound)",
        cause: "virt-api answers NotFound for the VM or VMI the command acts on: no such object \
            in that namespace, so nothing was started, stopped or moved; it was deleted (or \
            never created by whatever should own it), or the name or namespace is wrong",
        next_steps: &[
            "kubectl get vm,vmi -n <namespace> (the object the command names)",
            "check who should create the VM (its owner, a pipeline or an operator) and its events",
        ],
        source: "KubeVirt pkg/virtctl/vm/start.go (\"Error starting VirtualMachine %v\"), \
            pkg/virt-api/rest/subresource.go (errors.NewNotFound); apimachinery \
            pkg/api/errors/errors.go (\"%s %q not found\")",
        example: r#"Error stopping VirtualMachine virtualmachine.kubevirt.io "db-1" not found"#,
        ..CP
    },
    Signature {
        id: "vm-already-running",
        all: &["VM is already running"],
        layer: None,
        health: Health::Unknown,
        title: "virtctl start on a VM that already runs",
        cause: "virt-api answers Conflict to a start request for a running VM: nothing is broken",
        source: "pkg/virt-api/rest/lifecycle.go (\"VM is already running\")",
        example: r#"Error starting VirtualMachine Operation cannot be fulfilled on virtualmachine.kubevirt.io "vm1": VM is already running"#,
        ..BASE
    },
    Signature {
        id: "runstrategy-refuses-request",
        all: &["does not support manual"],
        layer: None,
        health: Health::Unknown,
        title: "the VM's runStrategy does not allow this start/stop/restart",
        cause: "virt-api refuses a manual start, stop or restart the VM's runStrategy does not \
            allow (e.g. Always cannot be started, Halted cannot be restarted): not a fault",
        next_steps: &["kubectl get vm <name> -o jsonpath='{.spec.runStrategy}'"],
        source: "pkg/virt-api/rest/lifecycle.go (\"%v does not support manual start requests\")",
        example: "Error starting VirtualMachine Operation cannot be fulfilled on virtualmachine.kubevirt.io \"vm1\": Always does not support manual start requests",
        ..BASE
    },
    Signature {
        id: "upload-token-request-failed",
        all: &["uploadtokenrequests"],
        title: "the upload token request to CDI's API failed (uploadtokenrequests)",
        cause: "virtctl image-upload asks the API server for an upload token \
            (uploadtokenrequests.upload.cdi.kubevirt.io, served by cdi-apiserver through API \
            aggregation); the API server refused or could not reach it, so nothing is uploaded",
        next_steps: &[
            "kubectl get apiservice v1beta1.upload.cdi.kubevirt.io (Available)",
            "kubectl logs -n cdi <cdi-apiserver pod>",
        ],
        source: "pkg/virtctl/imageupload/imageupload.go (getUploadToken, \"failed to get \
            upload token: %w\")",
        example: "the server has asked for the client to provide credentials (post uploadtokenrequests.upload.cdi.kubevirt.io)",
        ..CP
    },
    Signature {
        id: "uploadproxy-url-not-found",
        all: &["uploadproxy URL not found"],
        title: "virtctl image-upload finds no cdi-uploadproxy URL",
        cause: "no --uploadproxy-url was given and CDI's config has no upload proxy URL (no \
            route or ingress for cdi-uploadproxy)",
        next_steps: &[
            "kubectl get cdiconfig config -o yaml (status.uploadProxyURL)",
            "virtctl image-upload --uploadproxy-url=https://<reachable cdi-uploadproxy>",
        ],
        source: "pkg/virtctl/imageupload/imageupload.go (\"uploadproxy URL not found\")",
        example: "uploadproxy URL not found",
        ..CP
    },
    Signature {
        id: "uploadproxy-http-error",
        all: &["unexpected return value", "upload"],
        title: "cdi-uploadproxy answered an HTTP error to the upload",
        cause: "the upload reached cdi-uploadproxy, which answered with an error status (the \
            upload server pod not ready, the token refused, the volume not uploadable)",
        next_steps: &[
            "kubectl logs -n cdi <cdi-uploadproxy pod>",
            "kubectl logs <cdi-upload-<dv> pod>",
        ],
        source: "pkg/virtctl/imageupload/imageupload.go (\"unexpected return value %d, %s\")",
        example: "error uploading image after 5 retries: unexpected return value 502, ",
        ..CP
    },
    Signature {
        id: "upload-dv-not-bound",
        all: &["cannot upload to DataVolume in"],
        health: Health::Degraded,
        title: "virtctl image-upload waits for a DataVolume that is not ready for upload",
        cause: "the DataVolume is not in UploadReady (its PVC is not Bound, e.g. \
            WaitForFirstConsumer storage without --force-bind)",
        next_steps: &[
            "kubectl get dv,pvc -n <ns>",
            "virtctl image-upload --force-bind",
        ],
        source: "pkg/virtctl/imageupload/imageupload.go (\"cannot upload to DataVolume in %s \
            phase, make sure the PVC is Bound, or use force-bind flag\")",
        example: "cannot upload to DataVolume in WaitForFirstConsumer phase, make sure the PVC is Bound, or use force-bind flag",
        ..CP
    },
    Signature {
        id: "websocket-not-found",
        all: &["Can't connect to", "(404)"],
        any: WEBSOCKETS,
        title: "the console/VNC/port-forward subresource is not served (404)",
        cause: "the API server does not route the subresource to virt-api: the \
            subresources.kubevirt.io APIService is missing or not available, or the VMI does not \
            exist in that namespace",
        next_steps: &[
            "kubectl get apiservice v1.subresources.kubevirt.io",
            "kubectl get vmi -n <ns>",
        ],
        source: "staging/src/kubevirt.io/client-go/kubevirt/typed/core/v1/async.go \
            (\"Can't connect to websocket (%d): %w\")",
        example: "Can't access VMI web: Can't connect to websocket (404): websocket: bad handshake",
        ..CP
    },
    Signature {
        id: "vmi-pause-state-request",
        all: &["VMI is"],
        any: &[
            "VMI is already paused",
            "VMI is not paused",
            "VMI is paused",
        ],
        layer: None,
        health: Health::Unknown,
        title: "a request that does not fit the VMI's pause state",
        cause: "virt-api answers Conflict: pausing a paused VMI, unpausing one that is not \
            paused, or connecting (port-forward, soft reboot) to a paused one; unpause it first",
        next_steps: &["virtctl unpause vm <name>"],
        source: "pkg/virt-api/rest/lifecycle.go (\"VMI is already paused\", \"VMI is paused\"), \
            subresource.go (vmiNotPaused)",
        example: r#"Error unpausing VirtualMachineInstance web: Operation cannot be fulfilled on virtualmachineinstance.kubevirt.io "web": VMI is not paused"#,
        ..BASE
    },
    Signature {
        id: "vmi-no-console-device",
        all: &["are present."],
        any: &[
            "No serial consoles are present.",
            "No graphics devices are present.",
        ],
        layer: None,
        health: Health::Unknown,
        title: "the VMI has no serial console or graphics device to connect to",
        cause: "the VMI was defined without the device (autoattachSerialConsole or \
            autoattachGraphicsDevice false): virtctl console or vnc has nothing to attach to; \
            not a fault of a layer",
        next_steps: &["kubectl get vmi <name> -o yaml (spec.domain.devices.autoattach*)"],
        source: "pkg/virt-api/rest/console.go, vnc.go",
        example: "Can't access VMI web: No serial consoles are present.",
        ..BASE
    },
    Signature {
        id: "soft-reboot-impossible",
        all: &["neither have the agent connected nor the ACPI feature enabled"],
        layer: Some(Layer::Guest),
        health: Health::Degraded,
        title: "a soft reboot needs the guest agent or ACPI",
        cause: "virt-api refuses the soft reboot: the guest agent is not connected and the VMI \
            has no ACPI feature",
        next_steps: &["check qemu-guest-agent in the guest"],
        source: "pkg/virt-api/rest/lifecycle.go",
        example: "Error soft rebooting VirtualMachineInstance web: VMI neither have the agent connected nor the ACPI feature enabled",
        ..BASE
    },
    Signature {
        id: "ssh-publickey-denied",
        all: &["Permission denied (publickey"],
        layer: Some(Layer::Guest),
        health: Health::Degraded,
        title: "the guest's sshd refuses the key (Permission denied (publickey))",
        cause: "virtctl ssh reached the guest's sshd (so virt-api, virt-handler and the \
            port-forward work) but the guest does not accept the key: the key is not in the \
            user's authorized_keys (accessCredentials, cloud-init) or the user is wrong",
        next_steps: &[
            "kubectl get vmi <name> -o yaml (spec.accessCredentials)",
            "virtctl console <vm> and check ~/.ssh/authorized_keys",
        ],
        source: "OpenSSH client, run by pkg/virtctl/ssh (through the VMI's portforward subresource)",
        example: "fedora@vmi/web.default: Permission denied (publickey,gssapi-keyex,gssapi-with-mic).",
        ..BASE
    },
    // virt-handler answered virt-api's dial with an HTTP status instead of the upgrade
    // (gorilla/websocket's ErrBadHandshake): the path to the node works and virt-handler's
    // console server refused the stream (KubeVirt pkg/virt-handler/rest/console.go: the VMI
    // not in its informer, 404; the launcher's isolation or socket path not found, 400): the
    // subresource chain of KubeVirt's components, not the node's reachability.
    Signature {
        id: "virt-api-handler-refused-upgrade",
        all: &["dialing virt-handler", "bad handshake"],
        layer: Some(Layer::ControlPlane),
        health: Health::Broken,
        title: "virt-handler answered the console or VNC request with an error",
        cause: "virt-api reached virt-handler on the VMI's node, but virt-handler answered the \
            websocket upgrade with an HTTP error instead of opening the stream: it does not know \
            the VMI (not on its node, its informer behind) or cannot find the launcher's console \
            or VNC socket; virt-handler's own log names which",
        next_steps: &[
            "kubectl logs -n kubevirt <virt-handler pod on the VMI's node> | grep -i -e 'Failed retrieve VMI' -e 'unix socket'",
            "kubectl get vmi <name> -n <namespace> -o wide (its node, and that it is Running there)",
        ],
        source: "KubeVirt pkg/virt-api/rest/dialers.go (\"dialing virt-handler: %w\"), \
            pkg/virt-handler/rest/console.go (VNCHandler, SerialHandler: the status written \
            before the upgrade)",
        example: "Can't access VMI web: Internal error occurred: dialing virt-handler: websocket: bad handshake",
        ..BASE
    },
    Signature {
        id: "virt-api-dialing-handler",
        all: &["dialing virt-handler"],
        layer: Some(Layer::Node),
        health: Health::Broken,
        title: "virt-api cannot reach virt-handler on the VMI's node (console, VNC, guest agent)",
        cause: "virtctl console, vnc, guestosinfo and the other subresources go through virt-api, \
            which dials virt-handler on the VMI's node: virt-handler there is down or not \
            ready, its port is not reachable from virt-api (node network, firewall), or its \
            certificate is refused",
        next_steps: &[
            "kubectl get pods -n kubevirt -o wide | grep virt-handler (the one on the VMI's node)",
            "kubectl logs -n kubevirt <that virt-handler pod>",
        ],
        source: "KubeVirt pkg/virt-api/rest/dialers.go (\"dialing virt-handler: %w\")",
        example: "Can't access VMI web: Internal error occurred: dialing virt-handler: unexpected EOF",
        ..BASE
    },
];
