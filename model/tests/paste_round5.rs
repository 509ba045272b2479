//! Round 5 of reading what people paste, by category, each input shaped after the source that
//! prints it (not copied from a thread):
//!
//! 1. `kubectl get` rows without their header whose alignment was lost (single spaces), and
//!    events rows without their header;
//! 2. virt-api's dialers, by the errno Go names (unanswered: the network; refused: the peer);
//! 3. HTTP 5xx answered for KubeVirt's API groups (client-go's request log, virtctl's websocket);
//! 4. a describe's event row read by its recorder (`From`);
//! 5. the migration controller's words about the target pod;
//! 6. YAML values folded over lines, and a condition typed `Succeeded` that is not a phase;
//! 7. a VirtualMachine without its VMI, by every `VirtualMachinePrintableStatus`;
//! 8. tables and log lines a mail client hard-wrapped (and, as coverage, quoting prefixes);
//! 9. an error line naming no component, by the errno it ends in;
//!
//! and a guard that healthy text read by these readers still blames nothing.

use model::evidence::SignalPlane;
use model::input::{Analysis, analyse};
use model::verdict::Layer;

fn read(paste: &str) -> Analysis {
    analyse(paste, None).unwrap_or_else(|e| panic!("cannot read: {e}\n{paste}"))
}

/// The verdict's layer and plane.
fn blame(paste: &str) -> (Option<Layer>, Option<SignalPlane>, String) {
    let v = read(paste).verdict();
    (v.layer, v.plane, v.title)
}

// ---- 1. rows without their header ----

#[test]
fn pod_rows_whose_alignment_collapsed_to_single_spaces_are_read() {
    // printPod: NAME READY STATUS RESTARTS AGE, padding lost.
    let healthy = "```\nvirt-launcher-db-a1b2c 0/1 Completed 0 40m\n\
        virt-launcher-db-d3e4f 1/1 Running 0 2m\n```\n";
    assert_eq!(blame(healthy).0, None);
    let broken = "virt-launcher-db-a1b2c 0/1 CrashLoopBackOff 7 40m\n\
        virt-launcher-web-d3e4f 1/1 Running 0 2m\n";
    assert_eq!(blame(broken).0, Some(Layer::Node), "{broken}");
}

#[test]
fn event_rows_without_their_header_are_read_by_type_and_object() {
    // printEvent: LAST SEEN TYPE REASON OBJECT MESSAGE (core/v1 EventTypeNormal/Warning).
    let healthy = "3m    Normal   SuccessfulCreate   virtualmachineinstance/db   Created virtual machine pod virt-launcher-db-x1y2z\n\
        2m    Normal   Started            virtualmachine/db           Started the virtual machine by creating the new virtual machine instance db\n";
    assert_eq!(blame(healthy).0, None);
    let ns = "vms   3m   Warning   FailedScheduling   pod/virt-launcher-db-x1y2z   0/3 nodes are available: 3 Insufficient memory.\n";
    assert!(
        read(ns)
            .blocks
            .iter()
            .any(|b| b.format == model::view::BlockFormat::Table)
    );
    assert_eq!(blame(ns).0, Some(Layer::Node), "{ns}");
}

// ---- 2. virt-api's dialers, by the errno Go names ----

#[test]
fn virt_api_dialing_virt_handler_is_read_by_its_errno() {
    // pkg/virt-api/rest/dialers.go "dialing virt-handler: %w"; Go's errno texts.
    for errno in [
        "connect: connection timed out",
        "connect: no route to host",
        "connect: network is unreachable",
        "i/o timeout",
    ] {
        let paste = format!(
            "$ virtctl console db\nCan't access VMI db: Internal error occurred: dialing virt-handler: dial tcp 10.4.0.9:8186: {errno}\n"
        );
        assert_eq!(blame(&paste).0, Some(Layer::Network), "{paste}");
    }
    let refused = "Can't access VMI db: Internal error occurred: dialing virt-handler: dial tcp 10.4.0.9:8186: connect: connection refused\n";
    assert_eq!(blame(refused).0, Some(Layer::Node));
}

#[test]
fn virt_api_dialing_the_vm_is_read_by_its_errno() {
    let timeout = "error: Internal error occurred: dialing VM: dial tcp 10.244.3.8:22: connect: connection timed out\n";
    assert_eq!(blame(timeout).0, Some(Layer::Network));
    let refused = "error: Internal error occurred: dialing VM: dial tcp 10.244.3.8:22: connect: connection refused\n";
    assert_eq!(blame(refused).0, Some(Layer::Guest));
}

// ---- 3. HTTP server errors for KubeVirt's APIs ----

#[test]
fn a_request_log_with_a_server_error_for_a_kubevirt_group_is_the_control_plane() {
    // client-go round_trippers.go at -v=6; apimachinery errors.go's codes.
    for status in [
        "500 Internal Server Error",
        "502 Bad Gateway",
        "503 Service Unavailable",
        "504 Gateway Timeout",
    ] {
        let paste = format!(
            "$ kubectl create -f vm.yaml -v=6\n\
            I0301 10:00:00.100000   4242 loader.go:375] Config loaded from file:  /root/.kube/config\n\
            I0301 10:00:30.200000   4242 round_trippers.go:553] POST https://10.0.0.1:6443/apis/kubevirt.io/v1/namespaces/vms/virtualmachines {status} in 30004 milliseconds\n"
        );
        assert_eq!(blame(&paste).0, Some(Layer::ControlPlane), "{paste}");
    }
    // A 404 GET (how apply looks an object up) and a 201 are not faults (info lines alone are
    // nothing to diagnose, so the paste may also be refused).
    let fine = "I0301 10:00:00.100000   4242 round_trippers.go:553] GET https://10.0.0.1:6443/apis/kubevirt.io/v1/namespaces/vms/virtualmachines/db 404 Not Found in 3 milliseconds\n\
        I0301 10:00:00.200000   4242 round_trippers.go:553] POST https://10.0.0.1:6443/apis/kubevirt.io/v1/namespaces/vms/virtualmachines 201 Created in 20 milliseconds\n";
    let layer = analyse(fine, None).ok().and_then(|a| a.verdict().layer);
    assert_eq!(layer, None);
}

#[test]
fn a_websocket_refused_by_the_proxy_in_front_of_virt_api_is_the_control_plane() {
    for code in ["502", "504"] {
        let paste = format!(
            "$ virtctl vnc db\nCan't access VMI db: Can't connect to websocket ({code}): websocket: bad handshake\n"
        );
        assert_eq!(blame(&paste).0, Some(Layer::ControlPlane), "{paste}");
    }
}

// ---- 4. an event row names its recorder ----

#[test]
fn an_unknown_warning_event_points_at_the_layer_of_its_recorder() {
    // pkg/kubelet/events/event.go: FailedToCreateContainer = "Failed", recorded as `kubelet`.
    let kubelet = "  Normal   Pulled     3m50s                 kubelet            Container image \"quay.io/x/y:v1\" already present on machine\n\
        \x20 Warning  Failed     3m40s (x3 over 3m49s)  kubelet           Error: failed to generate container \"0a1b\" spec: some runtime complaint nobody catalogued\n";
    assert_eq!(blame(kubelet).0, Some(Layer::Node), "{kubelet}");
    // pkg/virt-controller/watch/application.go: the VM controller records as
    // virtualmachine-controller.
    let controller = "  Warning  SomethingNew  12s   virtualmachine-controller  failed to do a thing nobody catalogued\n";
    assert_eq!(
        blame(controller).0,
        Some(Layer::ControlPlane),
        "{controller}"
    );
    // `kubectl get events -o wide`: the SOURCE column (printEvent).
    let wide = "LAST SEEN   TYPE      REASON         OBJECT   SUBOBJECT   SOURCE         MESSAGE                                  FIRST SEEN   COUNT   NAME\n\
        2m          Warning   SomethingOdd   vmi/db               virt-handler   failed to do a thing nobody catalogued   10m          5       db.17a\n";
    assert_eq!(blame(wide).0, Some(Layer::Node), "{wide}");
    let normal = "  Normal  Started  3m43s  kubelet  Started container compute\n";
    assert_eq!(blame(normal).0, None);
}

// ---- 5. the migration controller's words about the target pod ----

#[test]
fn the_migration_controllers_target_pod_words_are_the_migration_control_plane() {
    // pkg/virt-controller/watch/migration/migration.go (handlePendingPodTimeout, the
    // MigrationTargetPodUnschedulable event, "Target pod is down").
    for msg in [
        "unschedulable pod vms/virt-launcher-db-x2x9z timeout period exceeded",
        "pending pod vms/virt-launcher-db-x2x9z timeout period exceeded",
        "Migration target pod for VMI [vms/db] is currently unschedulable.",
        "VirtualMachineInstance migration uid 0c1d failed. reason: Target pod is down",
    ] {
        let (layer, plane, _) = blame(&format!("{msg}\n"));
        assert_eq!(layer, Some(Layer::Migration), "{msg}");
        assert_eq!(plane, Some(SignalPlane::Control), "{msg}");
    }
    // A cancelled migration's pod deleted is what should happen.
    let cancelled = "migration canceled and pod vms/virt-launcher-db-x2x9z is deleted\n";
    let layer = analyse(cancelled, None)
        .ok()
        .and_then(|a| a.verdict().layer);
    assert_eq!(layer, None);
}

// ---- 6. YAML values wrapped over lines, and a condition's type that is not a phase ----

#[test]
fn a_condition_message_wrapped_over_lines_is_read_whole() {
    // go-yaml folds a long scalar onto more-indented lines (YAML 1.2 §7.3): a CDI webhook's
    // denial split between `admission webhook "…"` and `denied the request:`.
    let quoted = "    conditions:\n\
        \x20   - lastTransitionTime: \"2024-03-01T10:00:00Z\"\n\
        \x20     message: 'creating the DataVolume failed: admission webhook \"datavolume-validate.cdi.kubevirt.io\"\n\
        \x20       denied the request:  Missing Data volume source'\n\
        \x20     reason: CreationFailed\n\
        \x20     status: \"False\"\n\
        \x20     type: Ready\n";
    assert_eq!(blame(quoted).0, Some(Layer::ControlPlane), "{quoted}");
    let plain = quoted
        .replace("message: 'creating", "message: creating")
        .replace("source'", "source");
    assert_eq!(blame(&plain).0, Some(Layer::ControlPlane), "{plain}");
}

#[test]
fn a_condition_typed_succeeded_is_not_the_vmis_phase() {
    // CDI's and vm-import's conditions have a type `Succeeded`; a VMI's phase is a column or
    // `phase:`, never `type:`.
    let id = |l: &str| model::signatures::match_line(l).map(|s| s.id);
    assert_ne!(id("      type: Succeeded"), Some("vmi-succeeded-row"));
    assert_eq!(
        id("db   2d   Succeeded   10.0.0.4   node01"),
        Some("vmi-succeeded-row")
    );
}

// ---- 7. a VirtualMachine without its VMI ----

/// Every VirtualMachinePrintableStatus of KubeVirt's staging/src/kubevirt.io/api/core/v1/types.go.
const PRINTABLE: [&str; 17] = [
    "Stopped",
    "Provisioning",
    "Starting",
    "Running",
    "Paused",
    "Stopping",
    "Terminating",
    "CrashLoopBackOff",
    "Migrating",
    "Unknown",
    "ErrorUnschedulable",
    "ErrImagePull",
    "ImagePullBackOff",
    "ErrorPvcNotFound",
    "DataVolumeError",
    "WaitingForVolumeBinding",
    "WaitingForReceiver",
];

#[test]
fn a_vm_alone_is_read_by_its_printable_status_with_the_vocabularys_layer() {
    use model::input::vocab::{Kind, meaning};
    use model::verdict::Health;
    for ps in PRINTABLE {
        let m = meaning(Kind::Vm, ps).unwrap_or_else(|| panic!("{ps} has no meaning"));
        let expected = match m.health {
            Health::Broken | Health::Degraded => m.layer,
            _ => None,
        };
        let paste = format!(
            "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: db\n  namespace: vms\n\
             spec:\n  runStrategy: Always\nstatus:\n  printableStatus: {ps}\n"
        );
        let a = read(&paste);
        assert_eq!(a.verdict().layer, expected, "{ps}");
        // The diagnosis names the VM's status even when it blames nothing.
        let out = model::cli::render_analysis(&a);
        assert!(out.contains(&format!("VM status {ps}")), "{ps}\n{out}");
    }
}

#[test]
fn a_vm_status_fragment_without_kind_is_read_the_same() {
    let paste = "    status:\n      printableStatus: ErrorPvcNotFound\n      ready: false\n";
    assert_eq!(blame(paste).0, Some(Layer::ControlPlane), "{paste}");
}

// ---- 8. lines a mail client or a chat wrapped or quoted ----

#[test]
fn a_table_wrapped_at_the_mail_width_is_read_row_by_row() {
    let paste = "$ kubectl get pods -n kubevirt\n\
        NAME                                                   READY   STATUS\n\
        \x20      RESTARTS   AGE\n\
        virt-api-7d4f8b9c6d-abcde                              1/1     Running\n\
        \x20     0          5m4s\n\
        hyperconverged-cluster-operator-7ff5c6b47c-w2frd       0/1\n\
        \x20CrashLoopBackOff   6          8m43s\n";
    let (layer, _, title) = blame(paste);
    assert_eq!(layer, Some(Layer::ControlPlane), "{title}");
    assert!(title.contains("hyperconverged-cluster-operator"), "{title}");
}

#[test]
fn a_log_line_wrapped_at_the_mail_width_is_read_whole() {
    // Go's log package prefix (2006/01/02 15:04:05), a message carried onto the next line.
    let paste = "$ kubectl logs -n kubevirt-hyperconverged pod/some-operator-7ff5c6b47c-w2frd\n\
        2024/03/01 10:00:00 registering Components\n\
        2024/03/01 10:00:01 failed setting up operator controllers: environment\n\
        variable SOMEWORD has to be set\n";
    let out = model::cli::render_analysis(&read(paste));
    assert!(out.contains("variable SOMEWORD"), "{out}");
}

// Coverage (read since round 2): quoting prefixes of mail and chat.
#[test]
fn pastes_quoted_by_mail_or_chat_are_read_like_the_plain_paste() {
    let plain = "$ kubectl get vmi -n vms\n\
        NAME   AGE   PHASE     IP    NODENAME   READY\n\
        db     3h    Failed          node01     False\n";
    let want = blame(plain).0;
    assert_eq!(want, Some(Layer::Node));
    for prefix in ["> ", ">> ", "> > ", "| "] {
        let quoted: String = plain.lines().map(|l| format!("{prefix}{l}\n")).collect();
        assert_eq!(blame(&quoted).0, want, "{quoted}");
    }
}

// ---- 9. an error line that names no component, by the errno it ends in ----

#[test]
fn an_error_line_naming_no_component_points_at_what_its_errno_is_about() {
    // Linux errno texts as Go's syscall package prints them (zerrors_linux).
    for (line, layer) in [
        (
            "error: write /var/lib/data/disk.img: no space left on device",
            Layer::Node,
        ),
        (
            "failed to sync: read /var/run/disk.img: input/output error",
            Layer::Node,
        ),
        (
            "error: mkdir /var/run/kubevirt-private/x: read-only file system",
            Layer::Node,
        ),
        ("error: open /dev/vhost-net: permission denied", Layer::Node),
        (
            "failed to connect: dial tcp 10.2.0.4:9090: connect: no route to host",
            Layer::Network,
        ),
        // client-go's reflector (a shared file, no component) dialing the API server's service.
        (
            "E0301 10:00:00.000000       1 reflector.go:138] Failed to watch *v1.Pod: Get \"https://10.96.0.1:443/api/v1/pods\": dial tcp 10.96.0.1:443: i/o timeout",
            Layer::Network,
        ),
    ] {
        assert_eq!(blame(&format!("{line}\n")).0, Some(layer), "{line}");
    }
    // An errno any layer meets says nothing alone.
    let refused = "error: dial tcp 10.2.0.4:9090: connect: connection refused, try again\n";
    assert_ne!(blame(refused).0, Some(Layer::Node));
}

// ---- guards: healthy text stays healthy under this round's readers ----

#[test]
fn healthy_text_read_by_this_rounds_readers_blames_nothing() {
    let describe_events = "Events:\n\
        \x20 Type    Reason     Age   From               Message\n\
        \x20 ----    ------     ----  ----               -------\n\
        \x20 Normal  Scheduled  5m    default-scheduler  Successfully assigned vms/virt-launcher-db-x2x9z to node01\n\
        \x20 Normal  Pulled     5m    kubelet            Container image \"quay.io/kubevirt/virt-launcher:v1.3.0\" already present on machine\n\
        \x20 Normal  Created    5m    kubelet            Created container compute\n\
        \x20 Normal  Started    5m    kubelet            Started container compute\n";
    let vm_and_vmi = "apiVersion: v1\nkind: List\nitems:\n\
        - apiVersion: kubevirt.io/v1\n  kind: VirtualMachine\n  metadata:\n    name: db\n    namespace: vms\n  \
        status:\n    printableStatus: Running\n    ready: true\n\
        - apiVersion: kubevirt.io/v1\n  kind: VirtualMachineInstance\n  metadata:\n    name: db\n    namespace: vms\n  \
        status:\n    phase: Running\n    nodeName: node01\n";
    let long_log = "2024/03/01 10:00:00 starting the operator and registering every component it knows\n\
        2024/03/01 10:00:01 all components registered and their controllers are running now\n\
        ready\n";
    let folded = "status:\n  conditions:\n  - message: the guest agent is connected and reports the\n      operating system it runs\n    status: \"True\"\n    type: AgentConnected\n  phase: Running\n";
    for paste in [describe_events, vm_and_vmi, long_log, folded] {
        let layer = analyse(paste, None).ok().and_then(|a| a.verdict().layer);
        assert_eq!(layer, None, "{paste}");
    }
}

// ---- 10. a DataVolume whose population never started ----

#[test]
fn a_data_volume_stuck_before_its_population_started_is_degraded() {
    // CDI's DataVolumePhase moves forward only: still before its pod runs long after creation.
    let dv = |phase: &str, age: &str| {
        format!(
            "$ kubectl get dv -n vms\nNAME   {:<24} PROGRESS   RESTARTS   AGE\ndb     {phase:<24} N/A        0          {age}\n",
            "PHASE"
        )
    };
    for phase in [
        "Pending",
        "PVCBound",
        "ImportScheduled",
        "CloneScheduled",
        "UploadScheduled",
    ] {
        assert_eq!(
            blame(&dv(phase, "3h")).0,
            Some(Layer::ControlPlane),
            "{phase}"
        );
        assert_eq!(blame(&dv(phase, "2m")).0, None, "{phase} young");
    }
    // A long import in progress, or a volume waiting for its first consumer, is not stuck.
    for phase in [
        "ImportInProgress",
        "WaitForFirstConsumer",
        "PendingPopulation",
        "UploadReady",
    ] {
        assert_eq!(blame(&dv(phase, "3h")).0, None, "{phase}");
    }
}

// ---- 11. a pod Running but not ready, and virtctl image-upload's failures ----

#[test]
fn a_pod_running_long_but_not_ready_is_degraded_at_its_layer() {
    // printPod's READY: ready containers of all.
    let pods = |ready: &str, age: &str| {
        format!(
            "$ kubectl get pods -n kubevirt\n\
            NAME                 READY   STATUS    RESTARTS      AGE\n\
            virt-handler-abcde   {ready}     Running   3 (2m ago)    {age}\n\
            virt-api-7d4f8b9c6d-xyz12   1/1     Running   0             2d\n"
        )
    };
    assert_eq!(blame(&pods("0/1", "2d")).0, Some(Layer::Node));
    assert_eq!(blame(&pods("0/1", "30s")).0, None, "just started");
    assert_eq!(blame(&pods("1/1", "2d")).0, None);
}

#[test]
fn virtctl_image_uploads_failures_are_read_and_a_populated_volume_is_not_a_fault() {
    // pkg/virtctl/imageupload/imageupload.go.
    for line in [
        "Claim not valid: PVC spec is missing accessMode and no storageClass to choose profile",
        "error uploading image after 5 retries: Post \"https://10.0.0.9:31001/v1beta1/upload\": EOF",
        "PVC db not available for upload",
        "Timed out waiting for post upload processing to complete, please check upload pod status for progress",
    ] {
        let paste =
            format!("$ virtctl image-upload pvc db --image-path=disk.img --size=10Gi\n{line}\n");
        assert_eq!(blame(&paste).0, Some(Layer::ControlPlane), "{line}");
    }
    let done = "$ virtctl image-upload pvc db --image-path=disk.img --no-create\nPVC db already successfully imported/cloned/updated\n";
    let layer = analyse(done, None).ok().and_then(|a| a.verdict().layer);
    assert_eq!(layer, None);
}

// ---- 12. a VMI failed by the node controller, and a sandbox whose network failed ----

#[test]
fn a_vmi_failed_because_its_node_stopped_answering_blames_the_node_not_the_guest() {
    // pkg/virt-controller/watch/node/node.go: status.reason = NodeUnresponsive.
    let paste = "{\"apiVersion\":\"kubevirt.io/v1\",\"kind\":\"VirtualMachineInstance\",\
        \"metadata\":{\"name\":\"db\",\"namespace\":\"vms\"},\
        \"status\":{\"phase\":\"Failed\",\"reason\":\"NodeUnresponsive\",\"nodeName\":\"node01\"}}\n";
    assert_eq!(blame(paste).0, Some(Layer::Node));
    // Without that reason a Failed VMI is still the guest's loss.
    let plain = paste.replace(",\"reason\":\"NodeUnresponsive\"", "");
    assert_eq!(blame(&plain).0, Some(Layer::Guest));
}

#[test]
fn a_pod_sandbox_whose_network_setup_failed_is_the_network() {
    // containerd's "failed to setup network for sandbox", CRI-O's "error adding pod … to CNI
    // network", in the kubelet's FailedCreatePodSandBox event.
    for msg in [
        "Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox \"9f1e\": plugin type=\"multus\" failed (add): timed out",
        "Failed to create pod sandbox: rpc error: code = Unknown desc = error adding pod vms_virt-launcher-db-x2x9z to CNI network \"multus-cni-network\": plugin type=\"multus\" failed",
    ] {
        let paste = format!("  Warning  FailedCreatePodSandBox  2m  kubelet  {msg}\n");
        assert_eq!(blame(&paste).0, Some(Layer::Network), "{msg}");
    }
}

// ---- 13. a VM that needs manual recovery after a failed volume migration ----

#[test]
fn a_vm_needing_manual_recovery_after_a_volume_migration_is_the_migration_layer() {
    // types.go VirtualMachineManualRecoveryRequired; virt-api's and virt-controller's refusals.
    let condition = "status:\n  conditions:\n  - lastTransitionTime: \"2024-03-01T10:00:00Z\"\n    \
        status: \"True\"\n    type: ManualRecoveryRequired\n  printableStatus: Stopped\n";
    assert_eq!(blame(condition).0, Some(Layer::Migration), "{condition}");
    let refusal = "$ virtctl start db\nError starting VirtualMachine Operation cannot be fulfilled on virtualmachine.kubevirt.io \"db\": VM recovery required: Volume migration failed, leaving some volumes pointing to non-consistent targets; manual intervention is needed to reassign them to their original volumes.\n";
    assert_eq!(blame(refusal).0, Some(Layer::Migration), "{refusal}");
}

// ---- 14. kubectl that cannot reach its API server: the control plane, not the network ----

#[test]
fn kubectl_not_reaching_its_api_server_is_read_as_the_control_plane() {
    // k8s.io/kubectl helpers.go: kubectl's own errors before any answer; without them the
    // errno fallback would take the dial's `i/o timeout` for the cluster's network. The API
    // server not answering is the control plane's (round 14: two fresh items, judged from
    // their threads, say so; it blamed no layer before).
    for line in [
        "Unable to connect to the server: dial tcp 10.0.0.1:6443: i/o timeout",
        "The connection to the server localhost:8080 was refused - did you specify the right host or port?",
    ] {
        let a = read(&format!("$ kubectl get vmi\n{line}\n"));
        assert_eq!(a.verdict().layer, Some(Layer::ControlPlane), "{line}");
        let out = model::cli::render_analysis(&a);
        assert!(out.contains("kubectl"), "{out}");
    }
}
