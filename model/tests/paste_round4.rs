//! Round 4 of reading what people paste, by category, each input shaped after the source that
//! prints it (not copied from a thread):
//!
//! 1. kubectl's output that shows nothing wrong (a `top` table, an events section cut above its
//!    `Events:` line, a healthy DaemonSet) is read and diagnosed healthy, not refused;
//! 2. the install: apps workload tables and `kubectl get all` (an operator without any of the
//!    components it deploys, replicas short of what a workload wants, the KubeVirt resource's
//!    phase);
//! 3. kubectl's and the API's own errors (a kind not served, an invalid request without a field
//!    error type) and Go's whole x509/TLS vocabulary;
//! 4. what a guest writes on its console (firmware and boot loader finding nothing to boot, a
//!    kernel panic, a login prompt after `virtctl console`);
//! 5. kernel OOM reports without a log prefix, a device a pod may not open, Multus without its
//!    NetworkAttachmentDefinition, a PodDisruptionBudget that cannot count its pods, libvirt
//!    queries refused in the domain's state;
//! 6. describe and fragments: a migration's own conditions in a describe cut before `Kind:`, a
//!    user's abort that succeeded, `LiveMigratable: False` in a status pasted without its spec;
//! 7. text on a code-fence line.

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

// ---- 1. healthy kubectl output is read ----

#[test]
fn a_kubectl_top_table_is_read_and_healthy() {
    // k8s.io/kubectl pkg/metricsutil/metrics_printer.go: NAME CPU(cores) MEMORY(bytes).
    let paste = "$ kubectl top pod -n vms\n\
        NAME                         CPU(cores)   MEMORY(bytes)\n\
        virt-launcher-alpha-x2x9z    12m          290Mi\n\
        virt-launcher-beta-q8r7t     201m         1043Mi\n";
    let a = read(paste);
    assert_eq!(a.verdict().layer, None);
    assert!(
        a.blocks
            .iter()
            .any(|b| b.format == model::view::BlockFormat::Table),
        "{:?}",
        a.blocks
    );
}

#[test]
fn an_events_section_cut_above_its_header_with_normal_events_is_healthy() {
    let paste = "  Type    Reason            Age                 From            Message\n\
        \x20 ----    ------            ----                ----            -------\n\
        \x20 Normal  SuccessfulCreate  3m (x12 over 2h)    virtualmachine-controller  Created virtual machine pod virt-launcher-db-7hq2c\n";
    assert_eq!(blame(paste).0, None);
}

#[test]
fn a_healthy_daemon_set_table_is_read_and_one_short_of_ready_points_at_its_layer() {
    let healthy = "NAME           DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE\n\
        virt-handler   3         3         3       3            3           kubernetes.io/os=linux   9d\n";
    assert_eq!(blame(healthy).0, None);
    let short = healthy.replace("3         3         3 ", "3         3         1 ");
    assert_eq!(blame(&short).0, Some(Layer::Node), "{short}");
    let api = "$ kubectl get deploy -n kubevirt\n\
        NAME              READY   UP-TO-DATE   AVAILABLE   AGE\n\
        virt-api          0/2     2            0           4m\n\
        virt-controller   2/2     2            2           4m\n\
        virt-operator     2/2     2            2           5m\n";
    assert_eq!(blame(api).0, Some(Layer::ControlPlane));
}

// ---- 2. the install ----

#[test]
fn an_operator_listed_without_its_components_is_an_unfinished_install() {
    let all = "# kubectl get all -n kubevirt\n\
        NAME                                READY   STATUS    RESTARTS   AGE\n\
        pod/virt-operator-7c9d5b8f6d-4kq2w   1/1     Running   0          3h\n\
        \n\
        NAME                            READY   UP-TO-DATE   AVAILABLE   AGE\n\
        deployment.apps/virt-operator   1/1     1            1           3h\n";
    let (layer, _, title) = blame(all);
    assert_eq!(layer, Some(Layer::ControlPlane));
    assert!(title.contains("virt-operator"), "{title}");
    let cdi = "$ kubectl get deployments -n cdi\n\
        NAME           READY   UP-TO-DATE   AVAILABLE   AGE\n\
        cdi-operator   1/1     1            1           2d\n";
    let (layer, _, title) = blame(cdi);
    assert_eq!(layer, Some(Layer::ControlPlane));
    assert!(title.contains("cdi-apiserver"), "{title}");
    // Its components listed: nothing wrong.
    let whole = "$ kubectl get deployments -n cdi\n\
        NAME              READY   UP-TO-DATE   AVAILABLE   AGE\n\
        cdi-apiserver     1/1     1            1           2d\n\
        cdi-deployment    1/1     1            1           2d\n\
        cdi-operator      1/1     1            1           2d\n\
        cdi-uploadproxy   1/1     1            1           2d\n";
    assert_eq!(blame(whole).0, None);
    // A listing cut down by grep says nothing of what is absent.
    let grep = "$ kubectl get deployments -n cdi | grep -e NAME -e operator\n\
        NAME           READY   UP-TO-DATE   AVAILABLE   AGE\n\
        cdi-operator   1/1     1            1           2d\n";
    assert_eq!(blame(grep).0, None);
}

#[test]
fn the_kubevirt_resource_being_deleted_is_the_control_plane() {
    let paste = "$ kubectl get kubevirt -n kubevirt\n\
        NAME       AGE   PHASE\n\
        kubevirt   12d   Deleting\n";
    assert_eq!(blame(paste).0, Some(Layer::ControlPlane));
    let fine = paste.replace("Deleting", "Deployed");
    assert_eq!(blame(&fine).0, None);
}

// ---- 3. API errors and certificates ----

#[test]
fn a_kind_the_api_does_not_serve_is_the_control_plane() {
    let p = r#"error: unable to recognize "dv.yaml": no matches for kind "DataVolume" in version "cdi.kubevirt.io/v1beta1""#;
    assert_eq!(blame(p).0, Some(Layer::ControlPlane));
    let p = r#"error: the server doesn't have a resource type "vmis""#;
    assert_eq!(blame(p).0, Some(Layer::ControlPlane));
}

#[test]
fn an_invalid_request_without_a_field_error_type_is_the_control_plane() {
    let p = "$ kubectl apply -f vm.yaml\n\
        The request is invalid: spec.template.spec.domain.devices.hostDevices[0].deviceName: HostDevice vendor.com/NIC is not permitted in permittedHostDevices configuration";
    assert_eq!(blame(p).0, Some(Layer::ControlPlane));
}

#[test]
fn every_x509_hostname_and_chain_error_is_the_control_plane() {
    for line in [
        "Post https://10.0.0.7:30443/v1beta1/upload: x509: cannot validate certificate for 10.0.0.7 because it doesn't contain any IP SANs",
        "x509: certificate is valid for 1 IP SANs, but none matched 10.1.1.1",
        "x509: certificate relies on legacy Common Name field, use SANs instead",
        "remote error: tls: expired certificate",
        "x509: certificate specifies an incompatible key usage",
    ] {
        assert_eq!(blame(line).0, Some(Layer::ControlPlane), "{line}");
    }
}

// ---- 4. the guest's console ----

#[test]
fn firmware_and_boot_loader_finding_nothing_to_boot_is_the_guest() {
    let uefi = "BdsDxe: failed to load Boot0002 \"UEFI QEMU DVD-ROM QM00005 \" from PciRoot(0x0)/Pci(0x1F,0x2)/Sata(0x2,0xFFFF,0x0): Not Found\n\
        BdsDxe: No bootable option or device was found.\n";
    assert_eq!(blame(uefi).0, Some(Layer::Guest));
    assert_eq!(
        blame("Booting from Hard Disk...\nBoot failed: not a bootable disk\n\nNo bootable device.")
            .0,
        Some(Layer::Guest)
    );
    let panic = "[    1.912] VFS: Cannot open root device \"vda1\" or unknown-block(0,0): error -6\n\
        [    1.913] Kernel panic - not syncing: VFS: Unable to mount root fs on unknown-block(0,0)\n";
    assert_eq!(blame(panic).0, Some(Layer::Guest));
}

#[test]
fn a_console_the_guest_writes_on_is_healthy_and_a_blank_one_is_not() {
    let login = "$ virtctl console db\n\
        Successfully connected to db console. The escape sequence is ^]\n\
        \n\
        db login: \n";
    assert_eq!(blame(login).0, None);
    let blank = "$ virtctl console db\n\
        Successfully connected to db console. The escape sequence is ^]\n";
    assert_eq!(blame(blank).0, Some(Layer::Guest));
}

// ---- 5. kernel, devices, Multus, disruption budgets, libvirt ----

#[test]
fn a_memory_cgroup_oom_report_without_a_prefix_is_the_node() {
    let p = "Memory cgroup out of memory: Kill process 4242 (hotplug-disk) score 998 or sacrifice child\n\
        Killed process 4242 (hotplug-disk) total-vm:4194304kB,\n";
    assert_eq!(blame(p).0, Some(Layer::Node));
}

#[test]
fn a_device_a_pod_may_not_open_is_the_node() {
    let p = r#"{"component":"virt-launcher","level":"error","msg":"Could not open '/dev/sdc': Permission denied","pos":"qemu"}"#;
    assert_eq!(blame(p).0, Some(Layer::Node));
    let cdi = "E0101 10:00:00.000000       1 importer.go:137] exit status 1, blockdev: cannot open /dev/cdi-block-volume: Permission denied";
    assert_eq!(blame(cdi).0, Some(Layer::Node));
}

#[test]
fn multus_without_its_network_attachment_definition_is_the_network() {
    let p = "  Warning  FailedCreatePodSandBox  12s  kubelet  Failed to create pod sandbox: plugin type=\"multus\" failed (add): Multus: [vms/virt-launcher-db-7hq2c/1f2e]: error loading k8s delegates k8s args: TryLoadPodDelegates: error in getting k8s network for pod: GetNetworkDelegates: failed getting the delegate: getKubernetesDelegate: cannot find a network-attachment-definition (vlan10) in namespace (vms): network-attachment-definitions.k8s.cni.cncf.io \"vlan10\" not found";
    assert_eq!(blame(p).0, Some(Layer::Network));
}

#[test]
fn a_disruption_budget_that_cannot_count_its_pods_blocks_migrations() {
    let p = "Events:\n  Type     Reason                           Age   From               Message\n  \
        ----     ------                           ----  ----               -------\n  \
        Warning  CalculateExpectedPodCountFailed  30s   controllermanager  Failed to calculate the number of expected pods: virtualmachineinstances.kubevirt.io does not implement the scale subresource";
    let (layer, plane, _) = blame(p);
    assert_eq!(layer, Some(Layer::Migration));
    assert_eq!(plane, Some(SignalPlane::Control));
}

#[test]
fn libvirt_queries_refused_in_the_domains_state_blame_nothing() {
    let p = r#"{"component":"virt-launcher","level":"error","msg":"failed to get domain metadata","pos":"libvirt_helper.go:114","reason":"virError(Code=55, Domain=10, Message='Requested operation is not valid: domain is not running')","timestamp":"2024-01-01T00:00:00.000000Z"}"#;
    assert_eq!(blame(p).0, None);
}

// ---- 6. describe and fragments ----

#[test]
fn a_migration_describe_cut_before_its_kind_with_its_abort_requested_is_the_migration() {
    let p = "Status:\n  Conditions:\n    Last Probe Time:       2024-05-02T08:00:00Z\n    \
        Last Transition Time:  <nil>\n    Status:                True\n    \
        Type:                  migrationAbortRequested\n  Phase:                   Pending\n";
    let (layer, plane, title) = blame(p);
    assert_eq!(layer, Some(Layer::Migration), "{title}");
    assert_eq!(plane, Some(SignalPlane::Control));
    assert!(title.contains("migrationAbortRequested"), "{title}");
}

#[test]
fn a_migration_state_whose_requested_abort_succeeded_is_not_a_fault() {
    let state = |abort: &str| {
        format!(
            "Name:         db\nNamespace:    vms\nKind:         VirtualMachineInstance\nStatus:\n  \
            Migration State:\n    Abort Requested:  {abort}\n    Abort Status:     Succeeded\n    \
            Completed:        true\n    End Timestamp:    2024-05-02T08:01:00Z\n    \
            Failed:           true\n    Source Node:      node-a\n    Target Node:      node-b\n  \
            Node Name:  node-a\n  Phase:  Running\n"
        )
    };
    assert_eq!(blame(&state("true")).0, None);
    // No abort asked for: the abort was the controller's (a timeout), a failed migration.
    assert_eq!(blame(&state("false")).0, Some(Layer::Migration));
}

#[test]
fn live_migratable_false_in_a_status_without_its_spec_is_the_migration_control_plane() {
    // KubeVirt's types.go: VirtualMachineInstanceReasonInterfaceNotMigratable.
    let p = "status:\n  conditions:\n  - status: \"False\"\n    type: LiveMigratable\n    \
        reason: InterfaceNotLiveMigratable\n    message: cannot migrate VMI with a bridge interface connected to a pod network\n";
    let (layer, plane, _) = blame(p);
    assert_eq!(layer, Some(Layer::Migration));
    assert_eq!(plane, Some(SignalPlane::Control));
    // With its spec saying None, a drain shuts it down: nothing to blame.
    let spec = format!(
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata:\n  name: db\n  \
        namespace: vms\nspec:\n  evictionStrategy: None\n{}  phase: Running\n",
        p
    );
    let (layer, _, title) = blame(&spec);
    assert_eq!(layer, None, "{title}\n{spec}");
}

// ---- 7. a code fence holding the text ----

#[test]
fn text_on_a_code_fence_line_is_read() {
    let p = "```Error creating pod: pods \"virt-launcher-db-7hq2c\" is forbidden: exceeded quota: team-q, requested: limits.memory=9Gi, used: limits.memory=0, limited: limits.memory=8Gi```";
    assert_eq!(blame(p).0, Some(Layer::ControlPlane));
    // A plain fence with a language word still only opens a block.
    let fenced = p
        .replacen("```", "```text\n", 1)
        .replacen("```", "\n```", 1);
    assert_eq!(blame(&fenced).0, Some(Layer::ControlPlane), "{fenced}");
}

// ---- 8. a launcher pod Terminating, and a Warning event resolved since ----

#[test]
fn a_launcher_pod_terminating_alone_is_the_node_not_healthy() {
    let p = "$ kubectl get pods -n vms\n\
        NAME                        READY   STATUS        RESTARTS   AGE\n\
        virt-launcher-web-4kq2w     1/2     Terminating   0          6h\n";
    assert_eq!(blame(p).0, Some(Layer::Node));
    // Any other pod being deleted says nothing of a layer.
    let other = p.replace("virt-launcher-web-4kq2w", "nginx-7c9d5b8f6d-4kq2w ");
    assert_eq!(blame(&other).0, None);
}

/// A describe of a VMI with a Warning event and a Normal one, each with its age.
fn described(phase: &str, warning_age: &str, normal_age: &str) -> String {
    format!(
        "Name:         web\nNamespace:    vms\nKind:         VirtualMachineInstance\nStatus:\n  \
        Node Name:  node-a\n  Phase:      {phase}\nEvents:\n  \
        Type     Reason      Age   From          Message\n  \
        ----     ------      ----  ----          -------\n  \
        Warning  SyncFailed  {warning_age}   virt-handler  server error. command SyncVMI failed: \"LibvirtError(Code=1, Domain=10, Message='internal error: unable to execute QEMU command')\"\n  \
        Normal   Started     {normal_age}   virt-handler  VirtualMachineInstance started.\n"
    )
}

#[test]
fn an_old_warning_event_resolved_by_a_newer_normal_one_and_a_running_vmi_blames_nothing() {
    let a = read(&described("Running", "2d", "20h"));
    assert_eq!(a.verdict().layer, None, "{}", a.verdict().title);
    // The Warning is still cited, marked resolved.
    assert!(a.signals.iter().any(|s| s.title.contains("resolved since")));
    // A Warning as recent as the last Normal event, or a VMI not running, keeps its weight.
    assert_eq!(
        blame(&described("Running", "5m", "20h")).0,
        Some(Layer::Node)
    );
    assert_eq!(
        blame(&described("Failed", "2d", "20h")).0,
        Some(Layer::Node)
    );
}

#[test]
fn an_operators_pod_crash_looping_is_the_control_plane_in_any_namespace() {
    let p = "$ kubectl get pods -n platform\n\
        NAME                                   READY   STATUS             RESTARTS   AGE\n\
        network-addons-operator-6b8f9d7c5d-x2x9z   0/1     CrashLoopBackOff   7          12m\n";
    assert_eq!(blame(p).0, Some(Layer::ControlPlane));
    // An application's pod there is not the platform's.
    let app = p.replace("network-addons-operator", "shop-frontend-worker   ");
    assert_eq!(blame(&app).0, Some(Layer::Node));
}

// ---- 9. virt-operator's conditions, virt-api's subresource dial ----

#[test]
fn the_kubevirt_resource_yaml_still_deploying_or_failed_is_the_control_plane() {
    let kv = |reason: &str| {
        format!(
            "$ kubectl get kubevirt -n kubevirt kubevirt -o yaml\napiVersion: kubevirt.io/v1\n\
            kind: KubeVirt\nmetadata:\n  name: kubevirt\n  namespace: kubevirt\nstatus:\n  \
            conditions:\n  - message: an error occurred\n    reason: {reason}\n    \
            status: \"False\"\n    type: Available\n"
        )
    };
    assert_eq!(blame(&kv("DeploymentFailed")).0, Some(Layer::ControlPlane));
    assert_eq!(
        blame(&kv("DeploymentInProgress")).0,
        Some(Layer::ControlPlane)
    );
}

#[test]
fn virt_api_failing_to_dial_virt_handler_is_the_node() {
    // Round 5 reads the dial by its errno (tests/paste_round5.rs): refused is virt-handler
    // down on its node; an unanswered dial (`i/o timeout`) is the network between them.
    let p = "$ virtctl console web\n\
        Can't access VMI web: Internal error occurred: dialing virt-handler: dial tcp 10.0.0.5:8186: connect: connection refused";
    assert_eq!(blame(p).0, Some(Layer::Node));
}

#[test]
fn a_domain_log_saying_the_domain_crashed_is_the_node_and_a_requested_stop_blames_nothing() {
    let crashed = "2024-05-02 08:00:00.000+0000: shutting down, reason=crashed\n";
    assert_eq!(blame(crashed).0, Some(Layer::Node));
    let stop = "2024-05-02T08:00:00.000000Z qemu-kvm: terminating on signal 15 from pid 77 (/usr/sbin/virtqemud)\n\
        2024-05-02 08:00:00.100+0000: shutting down, reason=destroyed\n";
    assert_eq!(blame(stop).0, None);
}

#[test]
fn a_qemu_closing_its_monitor_inside_a_migration_failure_is_the_migration_data_plane() {
    let p = "Name:         kubevirt-migrate-vm-q8r7t\nNamespace:    vms\n\
        Kind:         VirtualMachineInstanceMigration\nSpec:\n  Vmi Name:  web\nStatus:\n  \
        Phase:  Failed\n  Migration State:\n    Failed:  true\n    \
        Failure Reason:  Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=1, Domain=10, Message='internal error: qemu unexpectedly closed the monitor')\n";
    let (layer, plane, _) = blame(p);
    assert_eq!(layer, Some(Layer::Migration));
    assert_eq!(plane, Some(SignalPlane::Data));
    // Outside a migration, QEMU closing its monitor is the node's.
    let start = "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Failed to start VirtualMachineInstance\",\"reason\":\"virError(Code=1, Domain=10, Message='internal error: qemu unexpectedly closed the monitor')\"}";
    assert_eq!(blame(start).0, Some(Layer::Node));
}

// ---- 10. hot-plugged volumes, a list item that lost its indentation ----

/// A VMI status with one hot-plugged volume in `phase`.
fn hotplug(phase: &str) -> String {
    format!(
        "status:\n  phase: Running\n  nodeName: node-a\n  volumeStatus:\n  - hotplugVolume:\n      \
        attachPodName: hp-volume-x2x9z\n    name: data-2\n    phase: {phase}\n    \
        reason: SuccessfulCreate\n    target: sdb\n"
    )
}

#[test]
fn a_hotplug_volume_not_ready_points_at_who_it_waits_on() {
    assert_eq!(blame(&hotplug("AttachedToNode")).0, Some(Layer::Node));
    assert_eq!(blame(&hotplug("MountedToPod")).0, Some(Layer::Node));
    assert_eq!(blame(&hotplug("Bound")).0, Some(Layer::ControlPlane));
    assert_eq!(blame(&hotplug("Ready")).0, None);
}

#[test]
fn a_list_item_whose_first_line_lost_its_indentation_is_read_whole() {
    // Copied from the middle of a `volumeStatus:` list: the `- ` line lost its four columns.
    let p = "- hotplugVolume:\n        attachPodName: hp-volume-q8r7t\n      \
        name: data-3\n      phase: MountedToPod\n      target: sdc\n";
    assert_eq!(blame(p).0, Some(Layer::Node));
}
