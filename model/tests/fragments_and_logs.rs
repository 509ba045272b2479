//! Fragments read by their field names, and log lines read by the component that wrote them:
//!
//! 1. a sub-tree of a VMI, pod or node status pasted alone (`migrationState:`, an indented
//!    `- infoSource:` list, `volumeStatus:`, `activePods:`, `guestOSInfo:`, `metadata:`,
//!    `containerStatuses:`, node conditions), indented or not, with `...` and comment lines, is
//!    read as the object it was cut from and the report says what the paste lacks; a failed
//!    `migrationState` blames the migration layer, never makes the VMI Failed;
//! 2. an error or warning line no signature knows points at the layer of its component (from the
//!    JSON `component`, a klog source path, a journal prefix, the `kubectl logs` command before
//!    it), with low confidence; kernel lines (OOM killer, `kvm: disabled by bios`, I/O errors,
//!    NFS) are known;
//! 3. a source position (`pkg/virt-handler/vm.go:440:`) is a panic frame only when the paste
//!    shows a panic;
//! 4. info lines and known noise blame nothing.
//!
//! The JSON log lines have the fields of KubeVirt's logger
//! (`staging/src/kubevirt.io/client-go/log/log.go`: `component`, `level`, `msg`, `pos`,
//! `reason`, `timestamp`, `subcomponent`); klog lines klog's header (`Lmmdd hh:mm:ss.uuuuuu
//! threadid file:line] msg`).

use model::input::object::Object;
use model::input::{Analysis, analyse};
use model::verdict::{Confidence, Health, Layer};

fn read(paste: &str) -> Analysis {
    analyse(paste, None).unwrap_or_else(|e| panic!("cannot read: {e}\n{paste}"))
}

fn notes(a: &Analysis) -> String {
    a.report
        .notes
        .iter()
        .map(|n| n.message.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn the_vmi(a: &Analysis) -> &model::kube::vmi::Vmi {
    a.dump
        .bundles
        .iter()
        .find_map(|b| b.vmi())
        .unwrap_or_else(|| panic!("no VMI read: {:?}", a.blocks))
}

// ---- 1. fragments by their fields ----

#[test]
fn a_failed_migration_state_alone_blames_the_migration_and_says_what_is_missing() {
    let paste = "  migrationState:\n    abortStatus: \"\"\n    completed: true\n    \
        endTimestamp: \"2024-03-01T10:00:05Z\"\n    failed: true\n    \
        migrationUid: 7a1f9f3e-1111-2222-3333-444455556666\n    sourceNode: node01\n    \
        startTimestamp: \"2024-03-01T09:59:00Z\"\n    targetNode: node02\n    \
        targetPod: virt-launcher-web-abcde\n";
    let a = read(paste);
    let v = a.verdict();
    assert_eq!(v.layer, Some(Layer::Migration), "{v:?}");
    assert!(
        !a.signals.iter().any(|s| s.title.contains("VMI is Failed")),
        "{:?}",
        a.signals
    );
    let vmi = the_vmi(&a);
    assert!(vmi.status.migration_state.is_some());
    assert_ne!(vmi.phase(), "Failed");
    let n = notes(&a);
    assert!(
        n.contains("only the migrationState") && n.contains("no phase, no pods"),
        "{n}"
    );
    // Nor is describe's `Migration State:` section with its `Failed:  true`.
    for line in [
        "    failed: true",
        "    Failed:                          true",
    ] {
        assert!(
            model::signatures::match_line(line).is_none_or(|s| s.id != "vmi-failed-row"),
            "{line}"
        );
    }
    // Next to a phase, it may be a migration's own status: still the migration's fault.
    let a = read(
        "{\n  \"phase\": \"Failed\",\n  \"migrationState\": {\"failed\": true, \
         \"migrationUid\": \"x\", \"sourceNode\": \"a\", \"targetNode\": \"b\"}\n}\n",
    );
    assert_eq!(
        a.verdict().layer,
        Some(Layer::Migration),
        "{:?}",
        a.verdict()
    );
}

#[test]
fn an_indented_interfaces_list_is_a_vmi_status() {
    let paste = "    - infoSource: domain, guest-agent\n      interfaceName: eth0\n      \
        ipAddress: 10.244.1.15\n      ipAddresses:\n      - 10.244.1.15\n      \
        mac: 52:54:00:ab:cd:ef\n      name: default\n      queueCount: 1\n";
    let a = read(paste);
    let vmi = the_vmi(&a);
    assert_eq!(vmi.status.interfaces.len(), 1);
    assert!(notes(&a).contains("a list of interfaces"), "{}", notes(&a));
}

#[test]
fn each_vmi_status_sub_tree_alone_is_read_as_a_vmi() {
    for (paste, what) in [
        (
            "volumeStatus:\n- name: rootdisk\n  persistentVolumeClaimInfo:\n    accessModes:\n    \
             - ReadWriteOnce\n  target: vda\n- name: cloudinitdisk\n  size: 1048576\n  target: vdb\n",
            "volumeStatus",
        ),
        (
            "- name: rootdisk\n  persistentVolumeClaimInfo:\n    volumeMode: Block\n  target: vda\n",
            "volume statuses",
        ),
        (
            "  guestOSInfo:\n    id: fedora\n    kernelRelease: 6.5.6-300.fc39.x86_64\n    \
             name: Fedora Linux\n    prettyName: Fedora Linux 39\n    versionId: \"39\"\n",
            "guestOSInfo",
        ),
        (
            "activePods:\n  4e5f3d2c-aaaa-bbbb-cccc-ddddeeeeffff: node02\n",
            "activePods",
        ),
    ] {
        let a = read(paste);
        assert!(
            a.report.diagnoses.len() == 1 && a.dump.bundles[0].vmi().is_some(),
            "{what}: {:?}",
            a.blocks
        );
        assert!(notes(&a).contains(what), "{what}: {}", notes(&a));
    }
}

#[test]
fn elided_and_commented_lines_do_not_stop_the_reading() {
    let paste = "status:\n  activePods:\n    4e5f3d2c-aaaa-bbbb-cccc-ddddeeeeffff: node02\n  \
        ...\n  # cut here\n  migrationState:\n    completed: true\n    failed: true\n    \
        migrationUid: 11111111-2222-3333-4444-555555555555\n    sourceNode: node02\n    \
        targetNode: node03\n  ...\n  phase: Running\n";
    let a = read(paste);
    let vmi = the_vmi(&a);
    assert_eq!(vmi.phase(), "Running");
    assert!(vmi.status.migration_state.is_some() && !vmi.status.active_pods.is_empty());
    assert!(
        a.blocks[0]
            .recovered
            .iter()
            .any(|r| r.starts_with("elision")),
        "{:?}",
        a.blocks
    );
    assert_eq!(a.verdict().layer, Some(Layer::Migration));
}

#[test]
fn pod_and_node_sub_trees_are_read_as_pods_and_nodes() {
    let pod = "  containerStatuses:\n  - containerID: containerd://abc\n    \
        image: quay.io/kubevirt/virt-launcher:v1.2.0\n    imageID: quay.io/kubevirt/virt-launcher@sha256:abc\n    \
        lastState:\n      terminated:\n        exitCode: 137\n        reason: OOMKilled\n    \
        name: compute\n    ready: false\n    restartCount: 3\n";
    let a = read(pod);
    assert!(!a.dump.pods.is_empty(), "{:?}", a.blocks);
    assert!(notes(&a).contains("of a pod"), "{}", notes(&a));
    // Its compute container was OOMKilled: broken on the node.
    let v = a.verdict();
    assert_eq!(
        (v.layer, v.health),
        (Some(Layer::Node), Health::Broken),
        "{v:?}"
    );
    let node = "- lastHeartbeatTime: \"2024-03-01T10:00:00Z\"\n  lastTransitionTime: \"2024-03-01T09:00:00Z\"\n  \
        message: kubelet has sufficient memory available\n  reason: KubeletHasSufficientMemory\n  \
        status: \"False\"\n  type: MemoryPressure\n- lastHeartbeatTime: \"2024-03-01T10:00:00Z\"\n  \
        lastTransitionTime: \"2024-03-01T09:00:00Z\"\n  message: Kubelet stopped posting node status.\n  \
        reason: NodeStatusUnknown\n  status: Unknown\n  type: Ready\n";
    let a = read(node);
    assert_eq!(a.dump.nodes.len(), 1, "{:?}", a.blocks);
    assert!(notes(&a).contains("of a node"), "{}", notes(&a));
    // A node that stopped reporting is the node's fault.
    assert_eq!(a.verdict().layer, Some(Layer::Node), "{:?}", a.verdict());
}

#[test]
fn metadata_alone_is_read_as_the_object_it_names() {
    let paste = "metadata:\n  labels:\n    kubevirt.io: virt-launcher\n    \
        kubevirt.io/created-by: 1234\n  name: virt-launcher-web-abcde\n  namespace: prod\n  \
        ownerReferences:\n  - apiVersion: kubevirt.io/v1\n    kind: VirtualMachineInstance\n    \
        name: web\n    uid: 1234\n";
    let a = read(paste);
    assert!(
        a.dump
            .pods
            .iter()
            .any(|p| p.metadata.name() == "virt-launcher-web-abcde"),
        "{:?}",
        a.blocks
    );
    assert!(notes(&a).contains("only the metadata"), "{}", notes(&a));
}

#[test]
fn the_inside_of_one_sub_tree_is_read_by_its_fields() {
    // One condition, cut from its list (no `- `), as one block of the paste page.
    let r = model::input::recover::recover(&[
        "    lastProbeTime: null",
        "    lastTransitionTime: \"2024-03-01T09:00:00Z\"",
        "    reason: DisksNotLiveMigratable",
        "    status: \"False\"",
        "    type: LiveMigratable",
    ]);
    let Some(Object::Vmi(v)) = r.parsed.objects.first().map(|o| &o.object) else {
        panic!("{r:?}");
    };
    assert_eq!(
        v.condition("LiveMigratable")
            .and_then(|c| c.reason.as_deref()),
        Some("DisksNotLiveMigratable")
    );
    // One interface, cut from its list.
    let r = model::input::recover::recover(&[
        "infoSource: domain, guest-agent",
        "interfaceName: eth0",
        "ipAddress: 10.244.1.15",
        "mac: 52:54:00:ab:cd:ef",
        "name: default",
    ]);
    assert!(
        matches!(r.parsed.objects.first().map(|o| &o.object),
            Some(Object::Vmi(v)) if v.status.interfaces.len() == 1),
        "{r:?}"
    );
}

// ---- 2. no error line without a layer ----

/// The paste's verdict: its layer, and the confidence of that layer in the first diagnosis.
fn blamed(paste: &str) -> (Option<Layer>, Option<Confidence>, String) {
    let a = read(paste);
    let v = a.verdict();
    let conf = v
        .layer
        .and_then(|l| a.report.diagnoses.first().map(|d| d.layer(l).confidence));
    assert_ne!(v.title, "no layer shows a fault", "{paste}");
    (v.layer, conf, v.title)
}

#[test]
fn unknown_errors_point_at_their_components_layer_with_low_confidence() {
    let cases = [
        (
            r#"{"component":"virt-api","level":"error","msg":"Failed to update the KubeVirt CR status","pos":"kubevirt.go:310","reason":"Post \"https://10.96.0.1:443/apis\": dial tcp 10.96.0.1:443: i/o timeout","timestamp":"2024-03-01T10:00:00.000000Z"}"#,
            Layer::ControlPlane,
        ),
        (
            r#"{"component":"virt-controller","level":"warning","msg":"Unexpected condition on the VMI","pos":"vmi.go:1200","timestamp":"2024-03-01T10:00:00.000000Z"}"#,
            Layer::ControlPlane,
        ),
        (
            r#"{"component":"virt-handler","level":"error","msg":"could not set up the domain notify socket","pos":"vm.go:900","timestamp":"2024-03-01T10:00:00.000000Z"}"#,
            Layer::Node,
        ),
        (
            r#"{"component":"virt-launcher","level":"error","msg":"internal error: child reported (status=125): unexpected exit status 125","pos":"virCommandWait:2750","subcomponent":"libvirt","thread":"33","timestamp":"2024-03-01T10:00:00.000000Z"}"#,
            Layer::Node,
        ),
        (
            r#"{"level":"error","ts":"2024-03-01T10:00:00Z","logger":"controller.datavolume-import-controller","msg":"Reconciler error","name":"disk-dv","namespace":"default","error":"could not find the storage class"}"#,
            Layer::ControlPlane,
        ),
        (
            r#"{"ts":1709287200000.123,"caller":"importer/data-processor.go:276","msg":"Unable to process data","err":"qemu-img: /data/disk.img: Could not open: Permission denied"}"#,
            Layer::ControlPlane,
        ),
        (
            "E0301 10:00:00.000000       1 importer.go:216] Unable to process data: qemu-img: Could not open '/data/disk.img': Invalid argument",
            Layer::ControlPlane,
        ),
        (
            // (the 401's wording is a known message since round 19: `signatures/unauthenticated.rs`)
            "E0301 10:00:00.000000    4321 reflector.go:138] pkg/virt-controller/watch/vm/vm.go:150: Failed to watch *v1.VirtualMachine: unexpected object decoding error",
            Layer::ControlPlane,
        ),
        (
            "Mar 01 10:00:00 node01 kubelet[1234]: E0301 10:00:00.000000    1234 pod_workers.go:1298] \"Error syncing pod, skipping\" err=\"failed to \\\"StartContainer\\\"\" pod=\"prod/virt-launcher-web-abcde\"",
            Layer::Node,
        ),
        (
            "Mar 01 10:00:00 node01 containerd[812]: time=\"2024-03-01T10:00:00Z\" level=error msg=\"RunPodSandbox failed\"",
            Layer::Node,
        ),
    ];
    for (line, layer) in cases {
        let (got, conf, title) = blamed(line);
        assert_eq!(got, Some(layer), "{line}\n{title}");
        assert_eq!(conf, Some(Confidence::Low), "{line}\n{title}");
    }
}

#[test]
fn a_klog_line_takes_its_component_from_the_kubectl_logs_command_before_it() {
    let paste = "$ kubectl logs -n kubevirt virt-handler-7xk2p\n\
        E0301 10:00:00.000000    4321 server.go:95] could not serve the console: broken pipe\n";
    let (layer, _, _) = blamed(paste);
    assert_eq!(layer, Some(Layer::Node));
}

#[test]
fn the_known_examples_of_unknown_errors_land_in_a_layer() {
    let cases = [
        (
            "Error from server (InternalError): error when creating \"vm.yaml\": Internal error occurred: failed calling webhook \"virtualmachine-validator.kubevirt.io\": failed to call webhook: Post \"https://virt-api.kubevirt.svc:443/virtualmachines-validate?timeout=10s\": dial tcp 10.96.12.3:443: i/o timeout",
            Layer::ControlPlane,
        ),
        (
            r#"{"component":"virt-handler","level":"error","msg":"http: TLS handshake error from 10.244.0.1:52312: remote error: tls: bad certificate","pos":"server.go:3195","timestamp":"2024-03-01T10:00:00.000000Z"}"#,
            Layer::ControlPlane,
        ),
        (
            r#"{"component":"virt-handler","kind":"","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","name":"web","namespace":"default","pos":"vm.go:1710","reason":"Found multiple sockets for vmi default/web. waiting for only one to exist","timestamp":"2024-03-01T10:00:00.000000Z","uid":"abc"}"#,
            Layer::Node,
        ),
        (
            r#"{"component":"virt-handler","level":"error","msg":"failed to run the isolation check","pos":"isolation.go:120","reason":"fork/exec /usr/bin/virt-chroot: errno 0","timestamp":"2024-03-01T10:00:00.000000Z"}"#,
            Layer::Node,
        ),
        (
            "Mar 01 10:00:00 node01 kernel: Memory cgroup out of memory: Killed process 12345 (qemu-kvm) total-vm:8388608kB, anon-rss:4194304kB, file-rss:0kB, shmem-rss:0kB, UID:107 pgtables:9000kB oom_score_adj:-997",
            Layer::Node,
        ),
    ];
    for (line, layer) in cases {
        let (got, _, title) = blamed(line);
        assert_eq!(got, Some(layer), "{line}\n{title}");
    }
}

#[test]
fn kernel_and_journal_lines_are_known() {
    for (line, word) in [
        (
            "[ 8123.456789] Memory cgroup out of memory: Killed process 4242 (qemu-kvm) total-vm:2000000kB",
            "QEMU",
        ),
        ("[    5.123456] kvm: disabled by bios", "firmware"),
        (
            "Mar 01 10:00:00 node01 kernel: blk_update_request: I/O error, dev sdb, sector 2048 op 0x1:(WRITE) flags 0x800",
            "I/O error",
        ),
        (
            "Mar 01 10:00:00 node01 kernel: Buffer I/O error on dev dm-3, logical block 0, async page read",
            "I/O error",
        ),
        (
            "Mar 01 10:00:00 node01 kernel: nfs: server 10.0.0.5 not responding, still trying",
            "NFS",
        ),
        (
            "Mar 01 10:00:00 node01 kubelet[1234]: E0301 10:00:00.000000    1234 kubelet.go:2400] \"Skipping pod synchronization\" err=\"PLEG is not healthy: pleg was last seen active 3m0s ago\"",
            "PLEG",
        ),
    ] {
        let a = read(line);
        let v = a.verdict();
        assert_eq!(v.layer, Some(Layer::Node), "{line}: {v:?}");
        assert_eq!(v.health, Health::Broken, "{line}: {v:?}");
        assert!(v.title.contains(word), "{line}: {}", v.title);
    }
}

// ---- 3. a source position is not a panic ----

#[test]
fn a_source_position_prefix_is_not_a_panic() {
    let line = "E0602 08:40:12.123456       1 reflector.go:138] kubevirt.io/kubevirt/pkg/virt-handler/vm.go:440: Failed to watch *v1.VirtualMachineInstance: failed to list *v1.VirtualMachineInstance: Get \"https://10.96.0.1:443/apis/kubevirt.io/v1/virtualmachineinstances\": dial tcp 10.96.0.1:443: i/o timeout";
    let a = read(line);
    let v = a.verdict();
    assert!(!v.title.to_lowercase().contains("panic"), "{v:?}");
    assert_eq!(v.layer, Some(Layer::Node), "{v:?}");
    // The same frame inside a real panic trace is one.
    let trace = "panic: runtime error: invalid memory address or nil pointer dereference\n\
        [signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1a2b3c]\n\n\
        goroutine 312 [running]:\n\
        kubevirt.io/kubevirt/pkg/virt-handler.(*VirtualMachineController).execute(0xc000420cb0, {0xc0012a4000, 0x10})\n\
        \t/go/src/kubevirt.io/kubevirt/pkg/virt-handler/vm.go:440 +0x1a5\n";
    let a = read(trace);
    assert!(
        a.signals
            .iter()
            .any(|s| s.signature.as_deref() == Some("virt-handler-panic-frame")),
        "{:?}",
        a.signals
    );
}

// ---- 4. benign lines blame nothing ----

#[test]
fn info_lines_and_known_noise_blame_nothing() {
    let paste = concat!(
        r#"{"component":"virt-handler","level":"info","msg":"Processing event default/web failed once, retrying","pos":"vm.go:1500","timestamp":"2024-03-01T10:00:00.000000Z"}"#,
        "\n",
        "I0301 10:00:00.000000       1 importer.go:107] Unable to find the file, retrying with the next source\n",
        r#"{"component":"virt-controller","kind":"","level":"error","msg":"Updating the VirtualMachine status failed.","name":"nfsvm","namespace":"default","pos":"vm.go:386","reason":"virtualmachineinstances.kubevirt.io \"nfsvm\" not found","timestamp":"2024-05-21T17:16:04.809420Z"}"#,
        "\n",
        "E1121 00:37:27.874393       1 prlimit.go:156] failed to kill the process; os: process already finished\n",
    );
    let a = read(paste);
    let v = a.verdict();
    assert_eq!(v.layer, None, "{v:?}");
    assert_eq!(v.title, "no layer shows a fault", "{v:?}");
    // The info lines are said to be info lines, the error lines known noise.
    let titles: Vec<&str> = a.signals.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(
        titles
            .iter()
            .filter(|t| t.starts_with("an info line"))
            .count(),
        2,
        "{titles:?}"
    );
    let ids: Vec<&str> = a
        .signals
        .iter()
        .filter_map(|s| s.signature.as_deref())
        .collect();
    assert!(
        ids.contains(&"vm-status-update-vmi-gone") && ids.contains(&"cdi-prlimit-already-finished"),
        "{ids:?}"
    );
}

#[test]
fn a_fragment_may_start_with_an_elision_or_a_comment() {
    let paste = "...\n# the VMI's status, cut\n    migrationState:\n      failed: true\n      \
        migrationUid: 11111111-2222-3333-4444-555555555555\n      sourceNode: node02\n      \
        targetNode: node03\n";
    let a = read(paste);
    assert!(the_vmi(&a).status.migration_state.is_some());
    assert_eq!(a.verdict().layer, Some(Layer::Migration));
}

#[test]
fn vm_and_vmi_status_fields_name_their_kind() {
    let a = read(
        "status:\n  startFailure:\n    consecutiveFailCount: 3\n    \
         retryAfterTimestamp: \"2024-03-01T10:05:00Z\"\n  created: false\n",
    );
    assert_eq!(a.dump.vms.len(), 1, "{:?}", a.blocks);
    let a = read(
        "status:\n  kernelBootStatus:\n    kernelInfo:\n      checksum: 1234\n  phase: Running\n",
    );
    assert_eq!(the_vmi(&a).phase(), "Running");
}
