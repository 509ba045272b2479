//! What virtctl prints, what admission answers, what events and pod states say about KubeVirt's
//! own components, and messages whose words mislead (a `failed` inside a message, a DNS timeout
//! in an importer, QEMU's failure relayed at level info): each read at its meaning and given the
//! layer it points at. The lines are shaped as the source writes them (the KubeVirt or CDI file
//! is named next to each).

use model::evidence::SignalPlane;
use model::input::{Verdict, analyse};
use model::verdict::Layer;

fn verdict(paste: &str) -> Verdict {
    analyse(paste, None).expect("the paste is read").verdict()
}

fn assert_layer(paste: &str, layer: Layer) -> Verdict {
    let v = verdict(paste);
    assert_eq!(v.layer, Some(layer), "{paste}\n=> {v:?}");
    v
}

// A. virtctl

#[test]
fn virtctl_console_refused_by_virt_api_is_the_control_plane() {
    // staging/src/kubevirt.io/client-go/kubevirt/typed/core/v1/async.go (EnrichError).
    let v = assert_layer(
        "$ virtctl console fedora\nCan't connect to websocket (500): error dialing backend: remote error: tls: bad certificate\n",
        Layer::ControlPlane,
    );
    assert!(v.title.contains("500") || v.title.contains("dial"), "{v:?}");
}

#[test]
fn a_subresource_answering_vm_not_running_is_the_control_plane() {
    // pkg/virt-api/rest/subresource.go (vmNotRunning), as virtctl restart prints it.
    assert_layer(
        "$ virtctl restart db\nError restarting VirtualMachine Operation cannot be fulfilled on virtualmachine.kubevirt.io \"db\": VM is not running\n",
        Layer::ControlPlane,
    );
}

#[test]
fn a_subresource_the_api_server_does_not_serve_is_the_control_plane() {
    // pkg/virtctl/vm/add_volume.go ("error adding volume, %v") around a 404.
    let v = assert_layer(
        "$ virtctl addvolume web --volume-name=extra\nerror adding volume, the server could not find the requested resource\n",
        Layer::ControlPlane,
    );
    assert!(v.title.contains("API"), "{v:?}");
}

#[test]
fn image_upload_to_an_uploadproxy_with_other_names_is_the_control_plane() {
    // pkg/virtctl/imageupload/imageupload.go progress, then crypto/x509's HostnameError.
    let paste = "$ virtctl image-upload dv win --size=40Gi --image-path=/tmp/win.qcow2\n\
        PVC default/win not found\nDataVolume default/win created\n\
        Waiting for PVC win upload pod to be ready...\nPod now ready\n\
        Uploading data to https://upload.example.org\n\n\
        Post https://upload.example.org/v1beta1/upload: x509: certificate is valid for cdi-uploadproxy, cdi-uploadproxy.cdi, cdi-uploadproxy.cdi.svc, not upload.example.org\n";
    let v = assert_layer(paste, Layer::ControlPlane);
    assert!(v.title.contains("x509"), "{v:?}");
}

#[test]
fn starting_a_running_vm_blames_nothing() {
    // pkg/virt-api/rest/lifecycle.go ("VM is already running").
    let a = analyse(
        "$ virtctl start web\nError starting VirtualMachine Operation cannot be fulfilled on virtualmachine.kubevirt.io \"web\": VM is already running\n",
        None,
    )
    .expect("read");
    assert_eq!(a.verdict().layer, None);
    // Read at its meaning, not as an error line no signature knows.
    assert!(
        a.signals.iter().any(|s| s.signature.is_some()),
        "{:?}",
        a.signals
    );
}

// B. admission

#[test]
fn a_webhook_the_api_server_cannot_reach_is_the_control_plane() {
    for cause in [
        "dial tcp 10.96.7.7:443: i/o timeout",
        "no endpoints available for service \"virt-api\"",
        "dial tcp 10.96.7.7:443: connect: connection refused",
    ] {
        let paste = format!(
            "Error from server (InternalError): error when creating \"vmi.yaml\": Internal error occurred: failed calling webhook \"virtualmachineinstances-mutator.kubevirt.io\": failed to call webhook: Post \"https://virt-api.kubevirt.svc:443/virtualmachineinstances-mutate?timeout=10s\": {cause}\n"
        );
        let v = assert_layer(&paste, Layer::ControlPlane);
        assert!(v.title.contains("webhook"), "{v:?}");
        assert!(!v.title.contains("VM"), "not a VM's network: {v:?}");
    }
}

#[test]
fn a_migration_webhook_denial_is_the_migrations_control_plane() {
    // pkg/virt-api/webhooks/validating-webhook/admitters/migration-create-admitter.go.
    let v = assert_layer(
        "Error from server: error when creating \"mig.yaml\": admission webhook \"migration-create-validator.kubevirt.io\" denied the request: Cannot migrate VMI in finalized state.\n",
        Layer::Migration,
    );
    assert_eq!(v.plane, Some(SignalPlane::Control));
}

#[test]
fn an_eviction_that_starts_an_evacuation_blames_nothing() {
    // pkg/virt-api/webhooks/validating-webhook/admitters/pod-eviction-admitter.go.
    let v = verdict(
        "error when evicting pods/\"virt-launcher-web-x7k2p\" -n \"default\" (will retry after 5s): admission webhook \"virt-launcher-eviction-interceptor.kubevirt.io\" denied the request: Eviction triggered evacuation of VMI \"default/web\"\n",
    );
    assert_eq!(v.layer, None, "{v:?}");
}

#[test]
fn an_invalid_field_wrapped_over_lines_is_the_control_plane_and_cited_whole() {
    // k8s.io/apimachinery field errors as kubectl prints them, wrapped by the terminal.
    let paste = "The VirtualMachine \"web\" is invalid: spec.template.spec.domain.devices.disks[0].name: Required value:\n  a disk needs a name matching a volume\n";
    let a = analyse(paste, None).expect("read");
    let v = a.verdict();
    assert_eq!(v.layer, Some(Layer::ControlPlane), "{v:?}");
    let s = a
        .signals
        .iter()
        .find(|s| s.layer.is_some())
        .expect("a signal");
    assert!(s.excerpt.contains("matching a volume"), "{}", s.excerpt);
}

// C. KubeVirt's own pods

#[test]
fn a_component_failing_its_probe_is_its_layer_and_named() {
    let paste = "LAST SEEN   TYPE      REASON      OBJECT                                MESSAGE\n\
        2m          Warning   Unhealthy   pod/virt-controller-5c9f8d7b6-kq2lx   Liveness probe failed: Get \"https://10.244.1.9:8443/healthz\": context deadline exceeded\n";
    let v = assert_layer(paste, Layer::ControlPlane);
    assert!(v.title.contains("virt-controller"), "{v:?}");
}

#[test]
fn a_component_pod_crashlooping_in_a_describe_is_the_component_not_the_node() {
    let paste = "Name:           cdi-deployment-7f8b9c6d5-2xq9z\nNamespace:      cdi\n\
        Controlled By:  ReplicaSet/cdi-deployment-7f8b9c6d5\nContainers:\n  cdi-controller:\n\
            State:          Waiting\n      Reason:       CrashLoopBackOff\n\
            Last State:     Terminated\n      Reason:       Error\n      Exit Code:    2\n\
            Restart Count:  31\n";
    let v = assert_layer(paste, Layer::ControlPlane);
    assert!(v.title.contains("cdi-deployment"), "{v:?}");
}

#[test]
fn virt_handler_failing_its_init_container_is_the_node() {
    let paste = "NAME                               READY   STATUS       RESTARTS   AGE\n\
        virt-api-6d4f9c8b7-abcde           1/1     Running      0          20m\n\
        virt-handler-zq8xk                 0/1     Init:Error   6          20m\n";
    let v = assert_layer(paste, Layer::Node);
    assert!(v.title.contains("virt-handler"), "{v:?}");
}

#[test]
fn pods_refused_by_admission_are_the_control_plane() {
    let paste = "Events:\n  Type     Reason        Age   From                  Message\n  ----     ------        ----  ----                  -------\n\
        Warning  FailedCreate  40s   replicaset-controller  Error creating: pods \"virt-api-6d4f9c8b7-\" is forbidden: violates PodSecurity \"restricted:latest\": privileged\n";
    assert_layer(paste, Layer::ControlPlane);
}

// D. "failed" inside a message is not a Failed phase

#[test]
fn a_dv_import_failure_event_is_cdi_not_a_failed_vmi() {
    // CDI pkg/controller/datavolume/import-controller.go (ImportFailed, "Failed to import into PVC %s").
    let paste = "LAST SEEN   TYPE      REASON         KIND         MESSAGE\n\
        1m          Warning   ImportFailed   DataVolume   Failed to import into PVC rootdisk\n";
    let v = assert_layer(paste, Layer::ControlPlane);
    assert!(!v.title.contains("VMI is Failed"), "{v:?}");
    // A phase column that says Failed is still read as one.
    let row = "NAME    AGE   PHASE    IP    NODENAME\nweb     19s   Failed         node-2\n";
    assert!(verdict(row).title.contains("Failed"));
}

#[test]
fn a_vm_condition_message_saying_failed_is_its_cause_not_a_phase() {
    let paste = "Status:\n  Conditions:\n    Last Probe Time:       <nil>\n    Last Transition Time:  2024-02-13T02:24:10Z\n\
        Message:               failed to configure vmi network: setup failed, err: open /proc/sys/net/ipv4/ip_forward: read-only file system\n\
        Reason:                Synchronizing with the Domain failed.\n    Status:                False\n    Type:                  Synchronized\n";
    assert_layer(paste, Layer::Network);
}

#[test]
fn a_claim_cdi_cannot_create_is_the_control_plane() {
    // CDI pkg/controller/common/util.go (ErrClaimNotValid).
    let paste = "Events:\n  Type     Reason            Age   From                          Message\n  ----     ------            ----  ----                          -------\n\
        Warning  ErrClaimNotValid  10s   datavolume-import-controller  PVC spec is missing accessMode and no storageClass to choose profile\n";
    assert_layer(paste, Layer::ControlPlane);
}

// E. connection errors that are not the VM's network

#[test]
fn an_importer_that_cannot_resolve_its_registry_is_cdi_not_the_vm_network() {
    let paste = "E0301 10:00:00.000000       1 data-processor.go:253] pinging container registry quay.io: Get \"https://quay.io/v2/\": dial tcp: lookup quay.io on 10.96.0.10:53: read udp 10.244.0.5:41000->10.96.0.10:53: i/o timeout\n";
    assert_layer(paste, Layer::ControlPlane);
}

#[test]
fn virt_launchers_command_socket_refusing_is_the_node() {
    // pkg/virt-handler/isolation/detector.go, pkg/virt-handler/cmd-client/client.go.
    let paste = r#"{"component":"virt-handler","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","name":"db","namespace":"prod","pos":"vm.go:1940","reason":"failed to detect VMI pod: dial unix //pods/0b1c/volumes/kubernetes.io~empty-dir/sockets/launcher-sock: connect: connection refused","timestamp":"2024-01-01T00:00:00Z"}"#;
    assert_layer(paste, Layer::Node);
}

// F. failure carried by info-level lines

#[test]
fn qemu_refusing_the_migrated_state_at_info_is_the_migration_data_plane() {
    let paste = r#"{"component":"virt-launcher","level":"info","msg":"2025-01-01T00:00:00.000000Z qemu-kvm: error while loading state for instance 0x0 of device '0000:00:02.0/virtio-net'","subcomponent":"qemu","timestamp":"2025-01-01T00:00:01Z"}
{"component":"virt-launcher","level":"info","msg":"2025-01-01T00:00:00.000100Z qemu-kvm: load of migration failed: Operation not permitted","subcomponent":"qemu","timestamp":"2025-01-01T00:00:01Z"}"#;
    let v = assert_layer(paste, Layer::Migration);
    assert_eq!(v.plane, Some(SignalPlane::Data));
}

#[test]
fn a_host_missing_cpu_features_then_qemu_failing_is_the_migration_target() {
    let paste = r#"{"component":"virt-launcher","level":"info","msg":"qemu-kvm: warning: host doesn't support requested feature: CPUID.07H:EBX.avx512f [bit 16]","subcomponent":"qemu","timestamp":"2025-01-01T00:00:01Z"}
{"component":"virt-launcher","level":"info","msg":"2025-01-01 00:00:01.100+0000: shutting down, reason=failed","subcomponent":"qemu","timestamp":"2025-01-01T00:00:02Z"}"#;
    let v = assert_layer(paste, Layer::Migration);
    assert_eq!(v.plane, Some(SignalPlane::Data));
}

#[test]
fn a_vm_backing_off_its_starts_is_the_node() {
    // pkg/virt-controller/watch/vm/vm.go (start failure backoff).
    let paste = r#"{"component":"virt-controller","kind":"","level":"info","msg":"Delaying start of VM Starting VM with 'runStrategy: RerunOnFailure' due to start failure backoff. Waiting 20 more seconds before starting.","name":"db","namespace":"prod","pos":"vm.go:1075","timestamp":"2025-01-01T00:00:00Z"}"#;
    assert_layer(paste, Layer::Node);
}

// KubeVirt's own Warning events about VMIs and migrations

#[test]
fn a_crashed_vmi_event_is_the_node() {
    // pkg/virt-handler/controller.go (VMICrashed), vm.go (event Stopped).
    let paste = "LAST SEEN   TYPE      REASON             OBJECT                         MESSAGE\n\
        3m          Normal    SuccessfulCreate   virtualmachineinstance/db      Created virtual machine pod virt-launcher-db-8xk2p\n\
        2m          Warning   Stopped            virtualmachineinstance/db      The VirtualMachineInstance crashed.\n";
    assert_layer(paste, Layer::Node);
}

#[test]
fn a_guest_panic_event_is_the_guest() {
    // pkg/virt-launcher/notify-client/client.go (event GuestPanicked).
    let paste = "Events:\n  Type     Reason         Age   From                       Message\n  ----     ------         ----  ----                       -------\n\
        Warning  GuestPanicked  12s   virt-launcher/node-3       Guest panicked: hyper-v crash\n";
    assert_layer(paste, Layer::Guest);
}

#[test]
fn no_node_for_the_cpu_model_is_the_migrations_control_plane() {
    // pkg/virt-controller/watch/migration/migration.go (NoSuitableNodesForHostModelMigration).
    let paste = "LAST SEEN   TYPE      REASON                                 OBJECT                   MESSAGE\n\
        5s          Warning   NoSuitableNodesForHostModelMigration   virtualmachineinstance/db   Migration cannot proceed since no node is suitable to run the required CPU model / required features: map[cpu-model-migration.node.kubevirt.io/Skylake:true]\n";
    let v = assert_layer(paste, Layer::Migration);
    assert_eq!(v.plane, Some(SignalPlane::Control));
}

#[test]
fn an_importer_whose_device_fails_io_is_the_node() {
    // CDI pkg/system/prlimit.go relaying qemu-img's error.
    let paste = "E0101 10:00:00.000000       1 prlimit.go:176] qemu-img: /dev/cdi-block-volume: error while writing at byte 0: Input/output error\n";
    assert_layer(paste, Layer::Node);
}

#[test]
fn ssh_refused_by_the_guest_is_the_guest() {
    let paste = "$ virtctl ssh fedora@vmi/web -i ~/.ssh/id_ed25519\nfedora@vmi/web.default: Permission denied (publickey,gssapi-keyex,gssapi-with-mic).\n";
    assert_layer(paste, Layer::Guest);
}

#[test]
fn a_volume_the_provisioner_cannot_create_is_the_control_plane() {
    let paste = "Events:\n  Type     Reason              Age   From                         Message\n  ----     ------              ----  ----                         -------\n\
        Warning  ProvisioningFailed  8s    csi.example.com_provisioner  failed to provision volume with StorageClass \"fast\": rpc error: code = ResourceExhausted desc = no space\n";
    assert_layer(paste, Layer::ControlPlane);
}

#[test]
fn a_manifest_kubectl_refuses_is_the_control_plane() {
    let paste = "$ kubectl apply -f vm.yaml\nerror: error validating \"vm.yaml\": error validating data: ValidationError(VirtualMachine.spec.template.spec): unknown field \"disks\" in io.kubevirt.v1.VirtualMachineInstanceSpec; if you choose to ignore these errors, turn validation off with --validate=false\n";
    assert_layer(paste, Layer::ControlPlane);
}

#[test]
fn unpausing_a_running_vmi_is_read_and_blames_nothing() {
    let a = analyse(
        "$ virtctl unpause vmi web\nError unpausing VirtualMachineInstance web: Operation cannot be fulfilled on virtualmachineinstance.kubevirt.io \"web\": VMI is not paused\n",
        None,
    )
    .expect("read");
    assert_eq!(a.verdict().layer, None);
    assert!(
        a.signals.iter().any(|s| s.signature.is_some()),
        "{:?}",
        a.signals
    );
}

#[test]
fn a_pending_component_is_its_layer_and_a_pending_launcher_is_not_it() {
    let table = "NAME                               READY   STATUS    RESTARTS   AGE\n\
        virt-controller-8486c8d5cb-4mw8w   0/1     Pending   0          26m\n";
    let v = assert_layer(table, Layer::ControlPlane);
    assert!(v.title.contains("virt-controller"), "{v:?}");
    let handler = "NAME                 READY   STATUS    RESTARTS   AGE\n\
        virt-handler-p65f9   0/1     Pending   0          26m\n";
    let v = assert_layer(handler, Layer::Node);
    assert!(v.title.contains("virt-handler"), "{v:?}");
}

#[test]
fn a_failed_migration_event_is_the_migration() {
    // pkg/controller/controller.go (FailedMigrationReason).
    let paste = "LAST SEEN   TYPE      REASON            OBJECT                                         MESSAGE\n\
        10s         Warning   FailedMigration   virtualmachineinstancemigration/kubevirt-evacuation-abcde   source node reported migration failed\n";
    assert_layer(paste, Layer::Migration);
}

#[test]
fn virt_handler_failing_a_vmi_for_its_network_is_the_network() {
    // pkg/virt-handler/vm.go (handleSyncError: CriticalNetworkError).
    let paste = r#"{"component":"virt-handler","level":"info","msg":"Processing event prod/db","pos":"vm.go:1400","timestamp":"2024-01-01T00:00:00Z"}
{"component":"virt-handler","level":"error","msg":"virt-launcher crashed due to a network error. Updating VMI db status to Failed","pos":"vm.go:1057","timestamp":"2024-01-01T00:00:01Z"}"#;
    assert_layer(paste, Layer::Network);
}

#[test]
fn virt_handler_crashlooping_in_a_describe_is_named() {
    let paste = "Name:           virt-handler-7xk2p\nNamespace:      kubevirt\n\
        Controlled By:  DaemonSet/virt-handler\nContainers:\n  virt-handler:\n\
            State:          Waiting\n      Reason:       CrashLoopBackOff\n      Restart Count:  12\n";
    let v = assert_layer(paste, Layer::Node);
    assert!(v.title.contains("virt-handler"), "{v:?}");
}
