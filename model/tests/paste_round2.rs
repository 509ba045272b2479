//! Categories of everyday pastes the diagnosis missed, each read from the vocabulary of the
//! source that prints it (lines below are shaped after that source, not copied from a thread):
//!
//! 1. a paste quoted as a Markdown blockquote (`> ` on every line, an issue comment quoting an
//!    earlier one) is read as if unquoted;
//! 2. an API-server timeout (`StatusReasonTimeout`, k8s.io/apiserver's finisher) logged by
//!    virt-handler blames the control plane, not the node;
//! 3. start-up errors that are benign (libvirt's DBus and cgroup probes inside virt-launcher,
//!    virt-handler's optional client certificate) blame nothing;
//! 4. virt-handler's containerDisk mount failures (pkg/virt-handler/container-disk/mount.go)
//!    and virt-launcher's IOerror event (pkg/virt-launcher/notify-client/client.go) blame the
//!    node.

use model::input::{Analysis, analyse};
use model::verdict::Layer;
use model::view::BlockFormat;

fn read(paste: &str) -> Analysis {
    analyse(paste, None).unwrap_or_else(|e| panic!("cannot read: {e}\n{paste}"))
}

// ---- 1. quoted pastes ----

#[test]
fn a_quoted_get_vmi_table_is_read_as_a_table() {
    let paste = "> Here is what I see now:\n>\n> ```\n> $ kubectl get vmi -o wide\n\
        > NAME    AGE   PHASE     IP            NODENAME   READY   LIVE-MIGRATABLE   PAUSED\n\
        > fedora  12m   Running   10.244.1.17   worker-2   True    True\n> ```\n";
    let a = read(paste);
    let v = a.verdict();
    assert_eq!(v.layer, None, "{v:?}");
    let text = model::cli::render_analysis(&a);
    assert!(
        text.contains("fedora") && text.contains("Running"),
        "{text}"
    );
}

#[test]
fn a_quoted_failing_get_pods_table_still_blames() {
    let paste = "> > kubectl get pods\n> > NAME                          READY   STATUS             RESTARTS   AGE\n\
        > > virt-launcher-db-7xk2p        0/2     ImagePullBackOff   0          4m\n";
    let a = read(paste);
    assert_eq!(a.verdict().layer, Some(Layer::Node), "{:?}", a.verdict());
    assert!(
        a.blocks.iter().any(|b| b.format == BlockFormat::Table),
        "{:?}",
        a.blocks
    );
}

// ---- 2. API-server timeouts are the control plane's ----

#[test]
fn a_status_update_timeout_in_virt_handler_blames_the_control_plane() {
    let line = r#"{"component":"virt-handler","kind":"VirtualMachineInstance","level":"error","msg":"Updating the VirtualMachineInstance status failed.","name":"db","namespace":"prod","pos":"vm.go:1210","reason":"Timeout: request did not complete within requested timeout - context deadline exceeded","timestamp":"2024-05-02T08:00:00.000000Z"}"#;
    let a = read(line);
    let v = a.verdict();
    assert_eq!(v.layer, Some(Layer::ControlPlane), "{v:?}");
}

// ---- 3. benign start-up errors ----

#[test]
fn libvirt_dbus_and_cgroup_probes_at_launcher_start_blame_nothing() {
    let paste = concat!(
        r#"{"component":"virt-launcher","level":"error","msg":"internal error: Unable to get DBus system bus connection: Failed to connect to socket /run/dbus/system_bus_socket: No such file or directory","pos":"virDBusGetSystemBus:111","subcomponent":"libvirt","timestamp":"2024-05-02T08:00:01.000000Z"}"#,
        "\n",
        r#"{"component":"virt-launcher","level":"error","msg":"At least one cgroup controller is required: No such device or address","pos":"virCgroupDetect:400","subcomponent":"libvirt","timestamp":"2024-05-02T08:00:02.000000Z"}"#,
        "\n",
        r#"{"component":"virt-launcher","level":"info","msg":"Domain started.","pos":"manager.go:900","timestamp":"2024-05-02T08:00:03.000000Z"}"#,
        "\n"
    );
    let v = read(paste).verdict();
    assert_eq!(v.layer, None, "{v:?}");
}

#[test]
fn virt_handler_missing_client_certificate_blames_nothing() {
    let line = r#"{"component":"virt-handler","level":"error","msg":"failed to load the certificate /etc/virt-handler/clientcertificates/tls.crt and /etc/virt-handler/clientcertificates/tls.key","pos":"cert-manager.go:190","reason":"open /etc/virt-handler/clientcertificates/tls.crt: no such file or directory","timestamp":"2024-05-02T08:00:00.000000Z"}"#;
    let v = read(line).verdict();
    assert_eq!(v.layer, None, "{v:?}");
}

// ---- 4. node-side disk failures ----

#[test]
fn a_containerdisk_bind_mount_failure_blames_the_node() {
    let line = r#"{"component":"virt-handler","level":"info","msg":"re-enqueuing VirtualMachineInstance prod/db","pos":"vm.go:1700","reason":"failed to bindmount containerDisk rootdisk: mount: special device /var/lib/kubelet/pods/x/volumes/kubernetes.io~empty-dir/container-disks/disk_0.img does not exist\n : exit status 32","timestamp":"2024-05-02T08:00:00.000000Z"}"#;
    let a = read(line);
    let v = a.verdict();
    assert_eq!(v.layer, Some(Layer::Node), "{v:?}");
    assert!(
        model::cli::render_analysis(&a).contains("containerDisk"),
        "{v:?}"
    );
}

#[test]
fn an_ioerror_pause_event_in_prose_blames_the_node() {
    let paste = "Every VM paused with `VM Paused due to not enough space on volume: datadisk` \
        and came back a minute later.\n";
    let v = read(paste).verdict();
    assert_eq!(v.layer, Some(Layer::Node), "{v:?}");
}

// ---- 5. a VM that cannot be scheduled is the node's ----

#[test]
fn a_vm_in_error_unschedulable_blames_the_node() {
    // types.go: "an error has occurred while scheduling the virtual machine, e.g. due to
    // unsatisfiable resource requests or unsatisfiable scheduling constraints".
    let paste = "$ kubectl get vm\nNAME    AGE   STATUS               READY\nbig     3m    ErrorUnschedulable   False\n";
    let v = read(paste).verdict();
    assert_eq!(v.layer, Some(Layer::Node), "{v:?}");
}

#[test]
fn an_ioerror_event_row_is_read_as_the_disk_error_event() {
    let paste = "$ kubectl get events\nLAST SEEN   TYPE      REASON    OBJECT                      MESSAGE\n\
        8s          Warning   IOerror   virtualmachineinstance/db   VM Paused due to IO error at the volume: rootdisk\n";
    let a = read(paste);
    assert_eq!(a.verdict().layer, Some(Layer::Node), "{:?}", a.verdict());
    assert!(
        model::cli::render_analysis(&a).contains("disk error"),
        "{}",
        model::cli::render_analysis(&a)
    );
}

// ---- 6. a DataVolume whose populating pod restarts ----

#[test]
fn a_datavolume_in_progress_with_restarts_is_degraded_in_the_control_plane() {
    // DataVolumeStatus.RestartCount in CDI's core/v1beta1/types.go is the RESTARTS column.
    for phase in ["ImportInProgress", "CloneInProgress", "UploadReady"] {
        let paste = format!(
            "$ kubectl get dv -n vms\nNAME        PHASE{pad}PROGRESS   RESTARTS   AGE\n\
             golden      Succeeded{pad2}100.0%                2h\n\
             rootdisk    {phase}   N/A        4          20m\n",
            pad = " ".repeat(phase.len() - 2),
            pad2 = " ".repeat(phase.len() - 6),
        );
        let a = read(&paste);
        let v = a.verdict();
        assert_eq!(v.layer, Some(Layer::ControlPlane), "{paste}\n{v:?}");
        assert!(v.title.contains("4 restarts"), "{v:?}");
    }
    // The same phase without restarts is only a wait.
    let paste = "$ kubectl get dv\nNAME       PHASE             PROGRESS   RESTARTS   AGE\n\
        rootdisk   CloneInProgress   35.0%                 3m\n";
    assert_eq!(read(paste).verdict().layer, None);
}

// ---- 7. a VMI that never got past a starting phase ----

#[test]
fn a_vmi_scheduled_for_hours_blames_the_node_and_a_fresh_one_nothing() {
    let stuck = "$ kubectl get vmi\nNAME   AGE    PHASE       IP    NODENAME   READY\n\
        db     2h5m   Scheduled         node07     False\n";
    let v = read(stuck).verdict();
    assert_eq!(v.layer, Some(Layer::Node), "{v:?}");
    let pending = "$ kubectl get vmi\nNAME   AGE   PHASE     IP    NODENAME   READY\n\
        db     45m   Pending                      False\n";
    let v = read(pending).verdict();
    assert_eq!(v.layer, Some(Layer::ControlPlane), "{v:?}");
    let fresh = "$ kubectl get vmi\nNAME   AGE   PHASE       IP    NODENAME   READY\n\
        db     40s   Scheduled         node07     False\n";
    assert_eq!(read(fresh).verdict().layer, None);
}

// ---- 8. a migration that waits on a VMI with several active pods ----

#[test]
fn a_migration_waiting_on_multiple_active_pods_is_the_migration_control_plane() {
    let line = r#"{"component":"virt-controller","kind":"","level":"info","msg":"Waiting to schedule target pod for migration because there are already multiple pods running for vmi prod/db","name":"migration-x7k2p","namespace":"prod","pos":"migration.go:1104","timestamp":"2024-05-02T08:00:00.000000Z"}"#;
    let a = read(line);
    let v = a.verdict();
    assert_eq!(v.layer, Some(Layer::Migration), "{v:?}");
    assert_eq!(
        v.plane,
        Some(model::evidence::SignalPlane::Control),
        "{v:?}"
    );
    assert!(model::cli::render_analysis(&a).contains("activePods"));
}

// ---- 9. pods that never started ----

#[test]
fn a_controllers_pod_pending_for_an_hour_is_the_control_plane_and_a_daemonset_pod_the_node() {
    // A Deployment's pod (`<name>-<pod-template-hash>-<5>`) in a system namespace is a
    // controller of the platform; a DaemonSet's pod (`<name>-<5>`) runs per node.
    let paste = "$ kubectl get pods -n acme-system\n\
        NAME                               READY   STATUS    RESTARTS   AGE\n\
        acme-api-5f7d9c8b6d-x2kqz          0/1     Pending   0          72m\n\
        acme-agent-7wq9t                   1/1     Running   0          30d\n";
    let v = read(paste).verdict();
    assert_eq!(v.layer, Some(Layer::ControlPlane), "{v:?}");
    assert!(v.title.contains("Pending"), "{v:?}");
    let paste = "$ kubectl get pods -n acme-system\n\
        NAME               READY   STATUS              RESTARTS   AGE\n\
        acme-agent-7wq9t   0/1     ContainerCreating   0          2h\n";
    assert_eq!(read(paste).verdict().layer, Some(Layer::Node));
    let fresh = "$ kubectl get pods -n acme-system\n\
        NAME                               READY   STATUS    RESTARTS   AGE\n\
        acme-api-5f7d9c8b6d-x2kqz          0/1     Pending   0          20s\n";
    assert_eq!(read(fresh).verdict().layer, None);
}

// ---- 10. a VMI waiting for its DataVolume ----

#[test]
fn a_pending_vmi_beside_a_populating_datavolume_waits_on_it() {
    // vmi.go: no launcher pod while a DataVolume populates.
    let paste = "$ kubectl get dv\nNAME       PHASE             PROGRESS   RESTARTS   AGE\n\
        rootdisk   ImportScheduled   N/A                   2m\n\n\
        $ kubectl get vmi\nNAME   AGE   PHASE     IP    NODENAME   READY\n\
        web    2m    Pending                      False\n";
    let a = read(paste);
    let v = a.verdict();
    assert_eq!(v.layer, Some(Layer::ControlPlane), "{v:?}");
    assert!(v.title.contains("ImportScheduled"), "{v:?}");
    // A DataVolume waiting for its first consumer waits for the pod: no blame from the pair.
    let wffc = paste.replace("ImportScheduled", "WaitForFirstConsumer");
    assert_eq!(read(&wffc).verdict().layer, None);
}

// ---- 11. the catalogues generated from KubeVirt's source ----

#[test]
fn an_unknown_log_line_with_a_kubevirt_error_string_points_at_its_package_and_cites_it() {
    // No component in the line, but its message is virt-launcher's (notify-client/client.go).
    let line = "time=\"2024-05-02T08:00:00Z\" level=error msg=\"Could not fetch the Domain specification.\" reason=\"virError(Code=42)\"\n";
    let a = read(line);
    let v = a.verdict();
    assert_eq!(v.layer, Some(Layer::Node), "{v:?}");
    let s = a
        .signals
        .iter()
        .find(|s| s.layer == Some(Layer::Node))
        .expect("a signal");
    assert!(
        s.source
            .contains("pkg/virt-launcher/notify-client/client.go"),
        "{s:?}"
    );
    assert!(s.signature.is_none(), "low weight: {s:?}");
}

#[test]
fn an_unknown_warning_event_kubevirt_records_points_at_its_layer() {
    // virt-handler records AccessCredentialsSyncFailed (pkg/virt-handler/vm.go).
    let paste = "$ kubectl get events\nLAST SEEN   TYPE      REASON                        OBJECT                      MESSAGE\n\
        30s         Warning   AccessCredentialsSyncFailed   virtualmachineinstance/db   something went wrong\n";
    let a = read(paste);
    assert_eq!(a.verdict().layer, Some(Layer::Node), "{:?}", a.verdict());
    // The same reason on an object that is not KubeVirt's says nothing.
    let other = paste.replace("virtualmachineinstance/db", "replicaset/web-5f7d9c8b6d");
    assert_eq!(read(&other).verdict().layer, None);
}

// ---- 12. a status cut before its phase, with the guest agent connected ----

#[test]
fn an_agent_connected_status_without_phase_has_its_interfaces_judged() {
    // AgentConnected is set from a running domain's agent channel: the guest runs, so an
    // interface the agent reports without any address is a network finding.
    let paste = "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata:\n  name: db\n  namespace: prod\n\
        status:\n  conditions:\n  - status: \"True\"\n    type: AgentConnected\n  interfaces:\n\
        \x20 - infoSource: domain, guest-agent\n    interfaceName: eth0\n    mac: 02:00:00:aa:bb:cc\n    name: default\n";
    let a = read(paste);
    let v = a.verdict();
    assert_eq!(v.layer, Some(Layer::Network), "{v:?}");
}
