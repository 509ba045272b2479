//! The rest of virt-api's Conflict answers to a subresource request (`errors.NewConflict`, 409,
//! printed by kubectl and virtctl as `Operation cannot be fulfilled on <resource> "<name>":
//! <reason>`), read whole from KubeVirt's `pkg/virt-api/rest/`: `lifecycle.go` (start, stop,
//! restart, soft reboot, pause, freeze, backup), `console.go`, `usbredir.go`, `sev.go` and
//! `memorydump.go`. `virtctl.rs` reads the members earlier rounds met (VM or VMI not running,
//! already running, a runStrategy refusing a manual request, the pause state, the guest agent,
//! the volume-migration recovery); these are the others.
//!
//! Two kinds (data table): a request the VM's state makes wrong, which leaves the VM down until
//! someone acts (a RerunOnFailure VM whose VMI Failed cannot be started: KubeVirt restarts only
//! a Succeeded one and refuses a manual start from Failed; the console of a Failed VMI; a memory
//! dump into a claim that cannot hold it) — the control plane's, degraded, like the other
//! refusals of a VM's lifecycle; and a request that is redundant or that the VM's
//! configuration rules out by design (a Halted VM stopped again without a shorter grace period,
//! a snapshot in progress, USB redirection or SEV attestation not configured) — no fault.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const REFUSED: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Degraded,
    ..BASE
};

const BY_DESIGN: Signature = Signature {
    layer: None,
    health: Health::Unknown,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "subresource-start-from-failed",
        all: &["does not support starting VM from failed state"],
        title: "virt-api refuses to start a RerunOnFailure VM whose VMI failed",
        cause: "the VM's run strategy is RerunOnFailure and its VMI is in phase Failed: KubeVirt \
            restarts such a VM by itself, and virt-api answers a manual start with Conflict, so \
            the VM stays down while the failed VMI is kept; what made the VMI fail is in its \
            status and events",
        next_steps: &[
            "kubectl get vmi <name> -n <ns> -o yaml (status.phase, reason, conditions)",
            "virtctl restart <name> (or stop then start) once the failure is understood",
        ],
        source: "pkg/virt-api/rest/lifecycle.go (StartVMRequestHandler: \"%v does not support \
            starting VM from failed state\", RunStrategyRerunOnFailure)",
        example: r#"Operation cannot be fulfilled on virtualmachine.kubevirt.io "db": RerunOnFailure does not support starting VM from failed state"#,
        ..REFUSED
    },
    Signature {
        id: "subresource-console-vmi-failed",
        all: &["VMI is in failed status"],
        title: "virt-api refuses the console of a VMI that failed",
        cause: "the serial console is refused because the VMI is in phase Failed: the guest no \
            longer runs; what made the VMI fail is in its status and events",
        next_steps: &["kubectl get vmi <name> -n <ns> -o yaml (status.phase, reason, conditions)"],
        source: "pkg/virt-api/rest/console.go (validateVMIForConsole: \"VMI is in failed \
            status\")",
        example: r#"Operation cannot be fulfilled on virtualmachineinstance.kubevirt.io "db": VMI is in failed status"#,
        ..REFUSED
    },
    Signature {
        id: "subresource-memory-dump-claim",
        all: &["pvc"],
        any: &[
            "pvc should be filesystem pvc",
            "pvc access mode can't be read only",
            "should be bigger then",
            "can't request memory dump for pvc",
        ],
        title: "virt-api refuses a memory dump into the claim it names",
        cause: "the memory dump's claim cannot hold it: it must be a filesystem claim, writable, \
            larger than the VM's memory plus overhead, and not another dump's claim while that \
            one is still associated",
        next_steps: &[
            "kubectl get pvc <claim> -n <ns> -o yaml (volumeMode, accessModes, capacity)",
            "virtctl memory-dump get <vm> --claim-name=<new claim> --create-claim",
        ],
        source: "pkg/virt-api/rest/memorydump.go (pvcVolumeModeErr, pvcAccessModeErr, \
            pvcSizeErrFmt, memoryDumpNameConflictErr)",
        example: r#"Operation cannot be fulfilled on persistentvolumeclaim.kubevirt.io "dump": pvc size [1Gi] should be bigger then [2Gi]"#,
        ..REFUSED
    },
    Signature {
        id: "subresource-halted-stop-grace",
        all: &["only supports manual stop requests with a shorter graceperiod"],
        title: "a stop of a Halted VM refused: only a shorter grace period is accepted",
        cause: "the VM is already being stopped (run strategy Halted); virt-api accepts a second \
            stop only to shorten its grace period: not a fault",
        next_steps: &["virtctl stop <name> --grace-period=0 --force (to end it at once)"],
        source: "pkg/virt-api/rest/lifecycle.go (StopVMRequestHandler: \"%v only supports \
            manual stop requests with a shorter graceperiod\")",
        example: r#"Error stopping VirtualMachine Operation cannot be fulfilled on virtualmachine.kubevirt.io "db": Halted only supports manual stop requests with a shorter graceperiod"#,
        ..BY_DESIGN
    },
    Signature {
        id: "subresource-snapshot-in-progress",
        all: &["VM snapshot is in progress"],
        title: "a request refused while the VM's snapshot is taken",
        cause: "virt-api refuses to change the VM while a snapshot of it is in progress; the \
            request can be repeated once the snapshot is ready: not a fault",
        next_steps: &["kubectl get vmsnapshot -n <ns> (readyToUse, phase)"],
        source: "pkg/virt-api/rest/subresource.go (vmSnapshotInprogress), lifecycle.go",
        example: r#"Operation cannot be fulfilled on virtualmachine.kubevirt.io "db": VM snapshot is in progress"#,
        ..BY_DESIGN
    },
    Signature {
        id: "subresource-not-configured",
        all: &["Operation cannot be fulfilled on"],
        any: &[
            "Not configured with USB Redirection",
            "No USB support on s390x",
            "Attestation not requested for VMI",
            "Session already defined",
            "ChangedBlockTracking is not enabled",
        ],
        title: "a request the VM's configuration does not provide for",
        cause: "virt-api refuses a subresource the VMI was not configured for (USB \
            redirection, SEV attestation, changed block tracking) or asked twice: the \
            request, not the cluster, needs changing",
        next_steps: &[
            "kubectl get vmi <name> -n <ns> -o yaml (spec.domain: the feature asked for)",
        ],
        source: "pkg/virt-api/rest/usbredir.go, sev.go (vmiNoAttestationErr, \"Session already \
            defined\"), lifecycle.go (\"ChangedBlockTracking is not enabled\")",
        example: r#"Operation cannot be fulfilled on virtualmachineinstance.kubevirt.io "db": Not configured with USB Redirection"#,
        ..BY_DESIGN
    },
];
