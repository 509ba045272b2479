//! Round 15: families read from their sources, each input a synthetic member shaped after the
//! program that writes it, never copied from a batch item:
//!
//! - a pod no node fits is the nodes' in the live diagnosis as in the paste readers (one rule,
//!   `model::scheduling`, from the `PodScheduled` reasons of `k8s.io/api/core/v1/types.go`);
//! - virtiofsd's error lines (the launcher's `virtiofs-<volume>` container,
//!   `pkg/virt-controller/services/virtiofs.go`): the node's file-sharing daemon;
//! - a VM's volume snapshot statuses without a VolumeSnapshotClass
//!   (`pkg/storage/snapshot/snapshot.go`): snapshots not configured, the control plane's;
//! - another program's lowercase `succeeded` is no VMI phase (`Succeeded`, `types.go`).
//! - a describe's event row quoted alone (`> `) is kubectl's output, not a continuation prompt
//!   (kubectl `describe.go`, DescribeEvents);
//! - headerless rows carrying a NAMESPACE (kubectl prints it first across namespaces) under a
//!   command line without `-A`;
//! - headerless rows holding their kind's `-o wide` columns (`printers.go`), and an author's
//!   elision (`...`, `[..]`) between a table's rows, which is no row;
//! - the launcher's `guest-console-log` container printing nothing
//!   (`pkg/virt-controller/services/serialconsolelog.go`): the guest's silence, as a blank
//!   `virtctl console`;
//! - netlink's `Link not found` under virt-handler's command to the launcher
//!   (`cmd-client/client.go`): the pod's network, not the command wrapping it;
//! - HCO initializing its HyperConverged resource (reason `Init`, `hyperconverged_controller.go`): a
//!   start-up state.

#[path = "support/blame.rs"]
mod support_blame;

use model::input::pipeline::diagnose_input;
use model::verdict::Layer;
use support_blame::layer;

fn vmi(reason: &str, message: &str) -> String {
    [
        "apiVersion: kubevirt.io/v1",
        "kind: VirtualMachineInstance",
        "metadata:",
        "  name: db",
        "  namespace: apps",
        "spec:",
        "  domain:",
        "    devices: {}",
        "status:",
        "  phase: Scheduling",
        "  conditions:",
        "  - type: PodScheduled",
        "    status: \"False\"",
        &format!("    reason: {reason}"),
        &format!("    message: '{message}'"),
        "",
    ]
    .join("\n")
}

/// The layer whose findings hold the live diagnosis' scheduling finding of the VMI `db`.
fn scheduling_finding_layer(text: &str) -> Option<Layer> {
    let r = diagnose_input(text, None).unwrap_or_else(|e| panic!("{e}"));
    let d = r.diagnoses.iter().find(|d| d.key.name == "db").expect("db");
    Layer::ALL.into_iter().find(|&l| {
        d.layer(l).findings.iter().any(|f| {
            f.title.starts_with("Launcher pod cannot be scheduled")
                || f.title.starts_with("VM status ErrorUnschedulable")
        })
    })
}

const FIT: &str = "0/3 nodes are available: 3 Insufficient memory.";

#[test]
fn a_pod_no_node_fits_is_the_nodes_in_the_diagnosis_as_in_the_readers() {
    // the live diagnosis' finding on the VMI's condition
    assert_eq!(
        scheduling_finding_layer(&vmi("Unschedulable", FIT)),
        Some(Layer::Node)
    );
    // the paste readers: the VM's printable status, the scheduler's event, the condition
    let row =
        layer("NAME   AGE   STATUS               READY\ndb     20m   ErrorUnschedulable   False\n");
    let event = layer(
        "LAST SEEN   TYPE      REASON             OBJECT                        MESSAGE\n\
         20m         Warning   FailedScheduling   pod/virt-launcher-db-x2k9q    0/3 nodes are available: 3 Insufficient memory.\n",
    );
    let object = layer(&vmi("Unschedulable", FIT));
    assert_eq!(
        (row, event, object),
        (Some(Layer::Node), Some(Layer::Node), Some(Layer::Node))
    );
    // the scheduler's own error is not the nodes'
    assert_eq!(
        scheduling_finding_layer(&vmi(
            "SchedulerError",
            "binding rejected: scheduler cache is stale"
        )),
        Some(Layer::ControlPlane)
    );
}

#[test]
fn a_vm_object_unschedulable_is_the_nodes_like_its_row() {
    let vm = "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: db\n  namespace: apps\n\
              spec:\n  runStrategy: Always\nstatus:\n  printableStatus: ErrorUnschedulable\n";
    let both = format!("{vm}---\n{}", vmi("Unschedulable", FIT));
    assert_eq!(scheduling_finding_layer(&both), Some(Layer::Node));
    assert_eq!(layer(&both), Some(Layer::Node));
}

#[test]
fn virtiofsd_errors_after_its_info_lines_are_the_nodes() {
    let info = "[2025-03-01T08:00:00Z INFO  virtiofsd] Waiting for vhost-user socket connection...\n\
                [2025-03-01T08:00:01Z INFO  virtiofsd] Client connected, servicing requests\n";
    for err in [
        "[2025-03-01T09:10:11Z ERROR virtiofsd] Waiting for daemon failed: HandleRequest(QueueReader(x))\n",
        "[2025-03-01T09:10:11Z ERROR virtiofsd::passthrough] Failed to open directory: Too many open files\n",
    ] {
        assert_eq!(layer(&format!("{info}{err}")), Some(Layer::Node), "{err}");
    }
}

#[test]
fn a_volume_without_a_snapshot_class_is_the_control_planes_and_an_unsupported_source_nothing() {
    let status = |reason: &str| {
        format!(
            "status:\n  printableStatus: Running\n  volumeSnapshotStatuses:\n  - enabled: false\n    name: data\n    reason: '{reason}'\n"
        )
    };
    assert_eq!(
        layer(&status(
            "No VolumeSnapshotClass: Volume snapshots are not configured for this StorageClass [local-path] [data]"
        )),
        Some(Layer::ControlPlane)
    );
    // a containerDisk or cloud-init volume is never snapshotted: by design
    assert_eq!(
        layer(&status(
            "Snapshot is not supported for this volumeSource type [data]"
        )),
        None
    );
}

#[test]
fn another_programs_lowercase_succeeded_is_no_vmi_phase() {
    let report = "Name:         nightly\nNamespace:    backups\n\nPhase:  Completed\n\n\
                  Volumes:\n  apps/data:\n    Upload:\n      Result: succeeded\n";
    assert_eq!(layer(report), None);
    // the VMI's own phase keeps its reading
    assert_eq!(
        layer("NAME   AGE   PHASE       IP    NODENAME\ndb     3h    Succeeded         w1\n"),
        Some(Layer::Guest)
    );
}

#[test]
fn an_event_row_quoted_alone_is_read_as_kubectl_output_not_a_prompt() {
    let row = "  Warning  FailedCreatePodSandBox  3m   kubelet, node-b    Failed to create pod sandbox: rpc error: code = Unknown desc = failed to set up sandbox container \"4f1e\" network for pod \"api-0\": networkPlugin cni failed to set up pod \"api-0_web\" network: failed to find plugin \"ptp\" in path [/opt/cni/bin]\n";
    let quoted = format!(
        "The pod never starts, describe says:\n\n> {}",
        row.trim_start()
    );
    assert_eq!(layer(row), Some(Layer::Network));
    assert_eq!(layer(&quoted), Some(Layer::Network));
    // a `> ` continuation prompt before a command stays a command
    assert_eq!(
        layer(
            "$ kubectl get pods \\\n> -n web\nNAME    READY   STATUS    RESTARTS   AGE\napi-0   1/1     Running   0          3h\n"
        ),
        None
    );
}

#[test]
fn headerless_rows_carrying_a_namespace_are_read_under_a_command_without_one() {
    // kubectl prints NAMESPACE first across namespaces; the rows say so whatever the command
    let paste = "$ kubectl get vm -n lab\nlab   db-1    3h10m   WaitingForVolumeBinding   False\n";
    assert_eq!(layer(paste), Some(Layer::ControlPlane));
    // the rows the command describes keep their reading
    let plain = "$ kubectl get vm -n lab\ndb-1    3h10m   WaitingForVolumeBinding   False\n";
    assert_eq!(layer(plain), Some(Layer::ControlPlane));
    let healthy = "$ kubectl get vm -n lab\nlab   db-1    3h10m   Running   True\n";
    assert_eq!(layer(healthy), None);
}

#[test]
fn hco_initializing_its_resource_is_a_start_up_state() {
    for paste in [
        "Checking HyperConverged kubevirt-hyperconverged\nError: Available not valid: Status: False Reason: Init Message: Initializing HyperConverged cluster\nError: Available not valid: 'False'\n",
        "status:\n  conditions:\n  - type: ReconcileComplete\n    status: \"Unknown\"\n    reason: Init\n    message: Initializing HyperConverged cluster\n",
    ] {
        assert_eq!(layer(paste), None, "{paste}");
    }
}

#[test]
fn headerless_wide_pod_rows_are_read_under_the_wide_columns() {
    // `get pods -A -o wide` without its header: IP, NODE, NOMINATED NODE, READINESS GATES
    let row = |ip: &str| {
        format!(
            "apps   virt-launcher-web-7xk2p   0/2   ContainerCreating   0   25m   {ip}   worker-3   <none>   <none>\n"
        )
    };
    assert_eq!(layer(&row("<none>")), Some(Layer::Network));
    assert_eq!(layer(&row("10.244.3.17")), Some(Layer::Node));
}

#[test]
fn an_authors_elision_between_rows_is_no_row() {
    for cut in ["...", "[..]", "<snip>"] {
        let paste = format!(
            "$ kubectl get pods -A\n{cut}\nops    metrics-agent-8d2k1       1/1   Running    0   6d2h\napps   virt-launcher-web-7xk2p   0/2   Init:0/2   0   2d4h\n"
        );
        assert_eq!(layer(&paste), Some(Layer::Node), "{paste}");
    }
}

#[test]
fn an_empty_guest_console_log_is_the_guests_silence() {
    let cmd = "$ kubectl logs virt-launcher-web-7xk2p -n apps -c guest-console-log";
    for paste in [
        format!("{cmd} | wc -l\n0\n"),
        format!("{cmd}\n$ kubectl get vmi -n apps\n"),
    ] {
        assert_eq!(layer(&paste), Some(Layer::Guest), "{paste}");
    }
    // the guest writing is no silence
    assert_eq!(layer(&format!("{cmd}\nweb login:\n")), None);
}

#[test]
fn a_missing_pod_link_under_virt_handlers_command_is_the_networks() {
    for reason in [
        "server error. command Launcher.Sync failed: Link not found",
        "unknown error encountered sending command SyncVMI: rpc error: code = Unknown desc = Link not found",
    ] {
        let line = format!(
            "{{\"component\":\"virt-handler\",\"level\":\"error\",\"msg\":\"Synchronizing the VirtualMachineInstance failed.\",\"name\":\"db\",\"namespace\":\"apps\",\"reason\":\"{reason}\"}}\n"
        );
        assert_eq!(layer(&line), Some(Layer::Network), "{line}");
    }
}
