//! Round 26: batch25 as the working set (the table in `fixtures/fresh/README.md`, "Round 26"),
//! each category taught as a family read from its source; every input is a synthetic member
//! shaped after the program that writes it, never copied from a batch item:
//!
//! - libvirt failing to set a limit of the QEMU process it starts (`src/util/virprocess.c`):
//!   the node's;
//! - virt-handler failing in the launcher's SELinux context
//!   (`pkg/virt-handler/selinux/context_executor.go`, `labels.go`): the node's, over the step
//!   it served;
//! - Longhorn refusing or reverting a migratable volume's migration (longhorn-manager
//!   `manager/volume.go`, `controller/volume_controller.go`): the migration's control plane;
//! - HCO declining a golden image for its architectures (`golden_images.go`): the control
//!   plane's;
//! - the kernel's bonding driver losing or tearing down a bond (`bond_main.c`): the network's;
//! - virt-handler's node-labeller noting the host CPU model at start (`cpu_plugin.go`): no fault.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::blame;

#[test]
fn libvirt_refused_a_limit_of_the_qemu_process_is_the_nodes() {
    for paste in [
        // the compute container's relayed libvirt error, locked memory for a passed-through GPU
        r#"{"component":"virt-launcher","level":"error","msg":"Failed to start VirtualMachineInstance with flags 0.","pos":"manager.go:1048","reason":"virError(Code=1, Domain=10, Message='internal error: Process exited prior to exec: libvirt: error : cannot limit locked memory of process 87 to 17314086912: Operation not permitted')","timestamp":"2025-02-01T10:00:00.000000Z"}"#,
        // the open-files limit, bare, as a user quotes it
        "error: cannot limit number of open files of process 2211 to 32769: Operation not permitted\n",
        // reading the limit back
        "libvirt: error : cannot get locked memory limit of process 311: No such process\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Node), "{text}");
        assert!(text.contains("resource limit"), "{text}");
    }
}

#[test]
fn virt_handler_failing_in_the_launchers_selinux_context_is_the_nodes_not_the_network() {
    for paste in [
        // the network setup wrapping the label read (its own reading is the network's)
        r#"{"component":"virt-handler","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","reason":"failed to configure vmi network: setup failed, err: Critical network error: could not retrieve pid 5120 selinux label: getxattr /proc/5120/attr/current: operation not supported","pos":"vm.go:1720"}"#,
        // a hot-plugged volume's mount in the launcher's context
        "  Warning  SyncFailed  12s  virt-handler  failed to switch selinux context to system_u:system_r:container_t:s0:c12,c34. Reason: invalid argument\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Node), "{text}");
        assert!(text.contains("SELinux"), "{text}");
    }
    // The network setup failing for a network reason keeps the network's reading.
    let (l, _, text) = blame(
        r#"{"component":"virt-handler","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","reason":"failed to configure vmi network: setup failed, err: failed plugging phase1 at nic 'net2': Link not found"}"#,
    );
    assert_eq!(l, Some(Layer::Network), "{text}");
}

#[test]
fn longhorn_refusing_a_volumes_migration_is_the_migrations_control_plane() {
    for paste in [
        // the attach/detach controller's event for the target node, Longhorn's refusal inside
        "  Warning  FailedAttachVolume  20s (x4 over 40s)  attachdetach-controller  AttachVolume.Attach failed for volume \"pvc-0f1e\" : rpc error: code = Internal desc = Bad response statusCode [500]. Status [500 Internal Server Error]. Body: [message=unable to attach volume pvc-0f1e to node-c: upgrading in process for volume, cannot start migration, code=Server Error, detail=]\n",
        // today's volume controller holding the migration of a degraded volume
        "time=\"2025-03-01T08:00:00Z\" level=warning msg=\"Skip the migration processing since the volume current robustness is degraded\" accessMode=rwx controller=longhorn-volume node=node-a volume=pvc-0f1e\n",
    ] {
        let (l, p, text) = blame(paste);
        assert_eq!(
            (l, p),
            (Some(Layer::Migration), Some(SignalPlane::Control)),
            "{text}"
        );
        assert!(text.contains("healthy"), "{text}");
    }
    // A first attachment racing another (the volume still attaching) keeps the volume's reading.
    let (l, _, text) = blame(
        "AttachVolume.Attach failed for volume \"pvc-77aa\" : rpc error: code = Internal desc = Bad response statusCode [500]. Body: [message=unable to attach volume pvc-77aa to node-b: invalid volume state to start migration attaching, code=Server Error]\n",
    );
    assert_eq!(l, Some(Layer::Node), "{text}");
}

#[test]
fn hco_declining_a_golden_image_for_its_architectures_is_the_control_planes() {
    let paste = "status:\n  dataImportCronTemplates:\n  - metadata:\n      name: fedora-image-cron\n    status:\n      conditions:\n      - lastTransitionTime: \"2025-05-01T00:00:00Z\"\n        message: DataImportCronTemplate has no supported architectures for the current cluster\n        reason: UnsupportedArchitectures\n        status: \"False\"\n        type: Deployed\n      originalSupportedArchitectures: s390x\n";
    let (l, _, text) = blame(paste);
    assert_eq!(l, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("architectures"), "{text}");
}

#[test]
fn a_bond_losing_its_links_or_torn_down_is_the_networks() {
    for (paste, word) in [
        (
            "[Tue Jun  3 04:10:11 2025] uplink-bond (unregistering): (slave enp3s0f1): Releasing backup interface\n[Tue Jun  3 04:10:11 2025] uplink-bond (unregistering): Released all slaves\n",
            "torn down",
        ),
        (
            "kernel: bond1: (slave eno2): link status definitely down for interface eno2, disabling it\nkernel: bond1: now running without any active interface!\n",
            "no active link",
        ),
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Network), "{text}");
        assert!(text.contains(word), "{text}");
    }
}

#[test]
fn the_node_labellers_host_model_note_at_start_is_no_fault() {
    let paste = r#"{"component":"virt-handler","level":"info","msg":"node-labeller is starting","pos":"node_labeller.go:88","timestamp":"2025-01-01T00:00:00.000000Z"}
{"component":"virt-handler","level":"warning","msg":"host model mode is expected to contain only one model","pos":"cpu_plugin.go:103","timestamp":"2025-01-01T00:00:00.100000Z"}
{"component":"virt-handler","level":"warning","msg":"host-model cpu mode is not supported for arm64 architecture","pos":"cpu_plugin.go:88","timestamp":"2025-01-01T00:00:00.200000Z"}
"#;
    let (l, _, text) = blame(paste);
    assert_eq!(l, None, "{text}");
    // An unknown warning of the same component still points at its layer.
    let (l, _, text) = blame(
        r#"{"component":"virt-handler","level":"warning","msg":"could not open the device plugin socket for an unknown reason","pos":"device_controller.go:140"}"#,
    );
    assert_eq!(l, Some(Layer::Node), "{text}");
}

#[test]
fn a_libvirt_or_qemu_line_no_signature_knows_names_its_program_by_its_frame() {
    for (paste, program) in [
        // libvirt's default error function, an error no signature lists
        (
            "libvirt: QEMU Driver error : operation failed: the frobnication of the domain's widget did not complete\n",
            "libvirt",
        ),
        // libvirt's log output: thread, priority, function and line
        (
            "2025-04-02 09:14:07.512+0000: 1187: error : qemuDomainFrobnicate:4410 : the frobnication of the domain's widget did not complete\n",
            "libvirt",
        ),
        // QEMU's error report, its program name first
        (
            "qemu-system-x86_64: -object memory-backend-frob,id=mem0: the frobnication of the widget did not complete\n",
            "QEMU",
        ),
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Node), "{text}");
        assert!(
            text.contains(&format!("an unrecognised {program} error")),
            "{text}"
        );
    }
    // A line merely shaped `… error : …` names no program.
    let (_, _, text) = blame("the importer reported an error : nothing more was said\n");
    assert!(!text.contains("an unrecognised libvirt error"), "{text}");
}

#[test]
fn cdis_import_pod_that_no_node_fits_for_its_scratch_claim_is_the_control_planes() {
    let scratch = "The importer pod of my DataVolume stays Pending:\n\
        0/3 nodes are available: 3 node(s) had volume node affinity conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.\n\
        $ kubectl get pvc -n images\n\
        NAME                    STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   AGE\n\
        rocky-disk              Bound    pvc-1b2c3d4e-0000-4000-8000-00000000aaaa   20Gi       RWO            local-lvm      6m\n\
        rocky-disk-scratch      Bound    pvc-1b2c3d4e-0000-4000-8000-00000000bbbb   20Gi       RWO            local-lvm      6m\n";
    let (l, _, text) = blame(scratch);
    assert_eq!(l, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("scratch claim"), "{text}");
    // The same conflict without CDI's scratch pair stays the nodes'.
    let alone = "0/3 nodes are available: 3 node(s) had volume node affinity conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.\n";
    let (l, _, text) = blame(alone);
    assert_eq!(l, Some(Layer::Node), "{text}");
}

#[test]
fn an_unknown_error_line_of_a_kubectl_logs_output_is_the_pods_it_reads() {
    let line = "time=\"2025-02-11T07:30:00Z\" level=error msg=\"the frobnication of replica r-1 did not complete\"\n";
    // Under `kubectl logs <pod>`, the pod wrote the line: Longhorn's manager, the node's storage.
    let paste = format!("$ kubectl logs -n longhorn-system longhorn-manager-q8z2k\n{line}");
    let (l, _, text) = blame(&paste);
    assert_eq!(l, Some(Layer::Node), "{text}");
    assert!(text.contains("kubectl logs"), "{text}");
    // Its reading, in Japanese, says how the reporter was named.
    let a = model::input::analyse(&paste, None).unwrap();
    let f = a
        .report
        .diagnoses
        .iter()
        .flat_map(|d| d.layers.iter())
        .flat_map(|l| l.findings.iter())
        .find(|f| f.title.contains("inferred from who reported it"))
        .expect("the reporter's finding");
    let ja = model::i18n::tr(model::i18n::Lang::Ja, &f.detail);
    assert!(ja.contains("コマンドが読む Pod"), "{ja}");
    // The same line alone names no reporter and blames nothing.
    let (l, _, text) = blame(line);
    assert_eq!(l, None, "{text}");
}
