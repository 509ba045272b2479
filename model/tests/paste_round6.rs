//! Round 6: the reader of last resort, and the gaps named after round 5. Each input is shaped
//! after the source that prints it (not copied from a thread):
//!
//! 1. WHO reported an error-level line no signature knows: a KubeVirt JSON log object after a
//!    `kubectl logs --prefix` prefix, a re-enqueue with its error (`log.Log.Reason(err).Infof`),
//!    a Kubernetes binary's klog file, a user name a controller acts as (a Warning event row),
//!    a pod or component name of SSP, the hostpath provisioner or Longhorn;
//! 2. ABOUT WHAT: the kubelet's volume operations (`operation_generator.go`), the node's
//!    heartbeat, KubeVirt's aggregated APIService, a migration;
//! 3. info lines never blame: healthy logs stay unblamed, and a component log showing nothing
//!    wrong is read, not refused;
//! 4. an RBAC denial says who lacks which permission;
//! 5. a VirtualMachine pasted alone, read by its conditions;
//! 6. a Running VMI with `Ready: False`, by its reason.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::blame;

// ---- 1. who reported it ----

#[test]
fn a_json_log_object_after_a_prefix_names_its_component() {
    // `kubectl logs --prefix`: `[pod/<pod>/<container>] {json}`; KubeVirt's log.go fields.
    let p = r#"[pod/virt-handler-q8x2k/virt-handler] {"component":"virt-handler","level":"error","msg":"failed to sync the domain's disks","name":"db","namespace":"vms","pos":"vm.go:2101","timestamp":"2025-01-01T10:00:00Z"}"#;
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Node), "{text}");
    assert!(text.contains("virt-handler"), "{text}");
    assert!(text.contains("inferred from who reported it"), "{text}");
}

#[test]
fn a_requeue_with_its_error_is_error_material_and_an_api_race_is_not() {
    // pkg/virt-handler/vm.go Execute: log.Log.Reason(err).Infof("re-enqueuing VirtualMachineInstance %v", key)
    let broken = r#"virt-handler-7bq4d virt-handler {"component":"virt-handler","level":"info","msg":"re-enqueuing VirtualMachineInstance vms/db","pos":"vm.go:1800","reason":"failed to detach the disk image of the container: device busy","timestamp":"2025-01-01T10:00:00Z"}"#;
    assert_eq!(blame(broken).0, Some(Layer::Node), "{broken}");
    let race = r#"virt-handler-7bq4d virt-handler {"component":"virt-handler","level":"info","msg":"re-enqueuing VirtualMachineInstance vms/db","pos":"vm.go:1800","reason":"Operation cannot be fulfilled on virtualmachineinstances.kubevirt.io \"db\": the object has been modified; please apply your changes to the latest version and try again","timestamp":"2025-01-01T10:00:00Z"}"#;
    assert_eq!(blame(race).0, None, "{race}");
}

#[test]
fn a_kubernetes_binary_is_named_by_its_klog_file() {
    // kube-aggregator pkg/controllers/status/available_controller.go, in kube-apiserver.
    let p = "E0301 10:00:00.000000       1 available_controller.go:460] v1.subresources.kubevirt.io failed with: failing or missing response from https://10.96.0.20:443/apis/subresources.kubevirt.io/v1: Get \"https://10.96.0.20:443/apis/subresources.kubevirt.io/v1\": context deadline exceeded\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("kube-apiserver"), "{text}");
}

#[test]
fn a_warning_event_row_is_read_by_the_user_its_controller_acts_as() {
    // printEvent columns; a kube-system controller's service account in the message.
    let p = "LAST SEEN   TYPE      REASON      OBJECT                          MESSAGE\n\
        5s          Warning   PodDeleted  pod/virt-launcher-db-k2j9x      The pod was deleted by system:serviceaccount:kube-system:generic-garbage-collector\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("kube-controller-manager"), "{text}");
}

#[test]
fn components_outside_kubevirt_are_named_by_their_pods() {
    // kubevirt/ssp-operator's template validator; kubevirt/hostpath-provisioner.
    let ssp = "virt-template-validator-6c8d9 E0301 10:00:00.000000 1 admission.go:25] failed to validate the VM vms/db\n";
    assert_eq!(blame(ssp).0, Some(Layer::ControlPlane), "{ssp}");
    let hpp = "hostpath-provisioner-csi-x7k2p E0301 10:00:00.000000 1 server.go:90] cannot create the volume directory\n";
    assert_eq!(blame(hpp).0, Some(Layer::Node), "{hpp}");
}

// ---- 2. about what ----

#[test]
fn a_volume_operation_failure_is_the_node_even_without_a_level() {
    // pkg/volume/util/operationexecutor/operation_generator.go: "<Op>.<Step> failed for volume".
    for op in [
        "MountVolume.MountDevice failed for volume \"pvc-1\" : rpc error: code = Internal desc = mount failed",
        "MapVolume.SetUpDevice failed for volume \"pvc-2\" : rpc error: code = DeadlineExceeded desc = context deadline exceeded",
        "AttachVolume.Attach failed for volume \"pvc-3\" : timed out waiting for external-attacher",
    ] {
        let (layer, _, text) = blame(op);
        assert_eq!(layer, Some(Layer::Node), "{op}\n{text}");
    }
}

#[test]
fn the_nodes_heartbeat_is_the_node_and_a_migration_its_control_plane() {
    // kubelet_node_status.go; virt-controller's migration re-enqueue.
    let hb = "E0301 10:00:00.000000    4242 kubelet_node_status.go:540] \"Error updating node status, will retry\" err=\"error getting node \\\"w1\\\": Get \\\"https://10.0.0.1:6443/api/v1/nodes/w1\\\": context deadline exceeded\"\n";
    assert_eq!(blame(hb).0, Some(Layer::Node), "{hb}");
    let mig = r#"{"component":"virt-controller","level":"info","msg":"reenqueuing Migration vms/kubevirt-evacuation-a1b2c","pos":"migration.go:233","reason":"the migration target pod could not be handed over","timestamp":"2025-01-01T10:00:00Z"}"#;
    let (layer, plane, text) = blame(mig);
    assert_eq!(
        (layer, plane),
        (Some(Layer::Migration), Some(SignalPlane::Control)),
        "{text}"
    );
}

// ---- 3. info never blames; a healthy log is read ----

#[test]
fn a_healthy_component_log_is_read_and_blames_nothing() {
    let p = "```\n{\"component\":\"virt-operator\",\"level\":\"info\",\"msg\":\"reconcile loop finished\",\"pos\":\"kubevirt.go:100\",\"timestamp\":\"2025-01-01T10:00:00Z\"}\n\
        {\"component\":\"virt-operator\",\"level\":\"info\",\"msg\":\"all components ready\",\"pos\":\"kubevirt.go:120\",\"timestamp\":\"2025-01-01T10:00:01Z\"}\n```\n";
    assert_eq!(blame(p).0, None);
    let info = "virt-handler-7bq4d virt-handler {\"component\":\"virt-handler\",\"level\":\"info\",\"msg\":\"VMI is in phase: Failed | Domain does not exist\",\"pos\":\"vm.go:1684\"}\n";
    assert_eq!(blame(info).0, None, "{info}");
}

// ---- 4. RBAC ----

#[test]
fn an_rbac_denial_says_who_lacks_which_permission() {
    // apiserver responsewriters/errors.go forbiddenMessage.
    let p = "$ kubectl get vmis\nError from server (Forbidden): virtualmachineinstances.kubevirt.io is forbidden: User \"dev@example.com\" cannot list resource \"virtualmachineinstances\" in API group \"kubevirt.io\" in the namespace \"team-a\"\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(
        text.contains("dev@example.com may not list virtualmachineinstances"),
        "{text}"
    );
    assert!(
        text.contains("kubectl auth can-i list virtualmachineinstances"),
        "{text}"
    );
}

// ---- 5. a VM alone, by its conditions ----

#[test]
fn a_vm_alone_is_read_by_its_failure_conditions() {
    // VirtualMachineConditionType (types.go); reasons set by pkg/controller/controller.go.
    let vm = |cond: &str| {
        format!(
            "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: db\n  namespace: vms\n\
             status:\n  printableStatus: Starting\n  conditions:\n{cond}"
        )
    };
    let failing = vm(
        "  - type: Ready\n    status: \"False\"\n    reason: FailedPvcNotFound\n    message: PVC vms/db-root does not exist\n",
    );
    let (layer, _, text) = blame(&failing);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("FailedPvcNotFound"), "{text}");
    let failure = vm(
        "  - type: Failure\n    status: \"True\"\n    reason: FailedCreate\n    message: Error creating pod\n",
    );
    assert_eq!(blame(&failure).0, Some(Layer::ControlPlane));
    // A state, not a fault.
    let restart = vm(
        "  - type: RestartRequired\n    status: \"True\"\n    message: a non-live-updatable field was changed\n",
    );
    assert_eq!(blame(&restart).0, None);
}

// ---- 6. a Running VMI not Ready, by its reason ----

#[test]
fn a_running_vmi_not_ready_points_at_the_layer_its_reason_names() {
    // pkg/virt-controller/watch/vmi/lifecycle.go: the Ready condition's reasons.
    let vmi = |reason: &str| {
        format!(
            "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata:\n  name: web\n  namespace: vms\n\
             status:\n  phase: Running\n  nodeName: w1\n  conditions:\n  - type: Ready\n    status: \"False\"\n    reason: {reason}\n"
        )
    };
    let (layer, _, text) = blame(&vmi("PodTerminating"));
    assert_eq!(layer, Some(Layer::Node), "{text}");
    assert_eq!(blame(&vmi("PodNotExists")).0, Some(Layer::ControlPlane));
    assert_eq!(blame(&vmi("GuestNotRunning")).0, Some(Layer::Guest));
}

// ---- 7. pods stuck Terminating on one node; notes appended to YAML ----

#[test]
fn pods_stuck_terminating_on_one_node_name_that_node() {
    // printPod with -o wide: NAME READY STATUS RESTARTS AGE IP NODE NOMINATED NODE READINESS GATES.
    let p = "$ kubectl get pods -n kube-system -o wide\n\
        NAME             READY   STATUS        RESTARTS   AGE   IP          NODE     NOMINATED NODE   READINESS GATES\n\
        csi-rbd-x1       1/1     Running       0          9m    10.0.2.5    node-b   <none>           <none>\n\
        csi-rbd-y2       1/1     Terminating   0          2h    10.0.1.6    node-a   <none>           <none>\n\
        kube-proxy-z3    1/1     Terminating   0          2h    10.0.1.7    node-a   <none>           <none>\n\
        kube-proxy-w4    1/1     Running       0          9m    10.0.2.8    node-b   <none>           <none>\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Node), "{text}");
    assert!(text.contains("node-a"), "{text}");
    // One pod shutting down among running ones is a rollout, not a node fault.
    let one = "$ kubectl get pods -o wide\n\
        NAME        READY   STATUS        RESTARTS   AGE   IP          NODE     NOMINATED NODE   READINESS GATES\n\
        web-1       1/1     Terminating   0          2h    10.0.1.6    node-a   <none>           <none>\n\
        web-2       1/1     Running       0          9m    10.0.2.8    node-b   <none>           <none>\n";
    assert_eq!(blame(one).0, None);
}

#[test]
fn a_note_appended_to_a_yaml_line_is_not_its_value() {
    // VirtualMachineInstanceMigration condition types (types.go).
    let p = "status:\n  conditions:\n  - status: \"True\"\n    type: migrationRejectedByResourceQuota    // see this\n  migrationState:\n    sourcePod: virt-launcher-db-x1y2z\n  phase: Pending\n";
    let (layer, plane, text) = blame(p);
    assert_eq!(
        (layer, plane),
        (Some(Layer::Migration), Some(SignalPlane::Control)),
        "{text}"
    );
}

// ---- 8. the scheduler's node-health taints; a refused dial to the API server ----

#[test]
fn a_pod_unschedulable_for_a_node_health_taint_is_the_node() {
    // TaintToleration's "had untolerated taint {key: value}"; well_known_taints.go.
    let p = "status:\n  conditions:\n  - type: PodScheduled\n    status: \"False\"\n    reason: Unschedulable\n    message: '0/3 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }, 2 node(s) didn''t match Pod''s node affinity/selector.'\n  phase: Pending\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Node), "{text}");
}

#[test]
fn a_refused_dial_to_the_api_server_is_not_a_refused_connection_to_the_vm() {
    // The kubelet's node status update (kubelet_node_status.go) against its local API server.
    let p = "E0301 10:00:00.000000    4242 kubelet_node_status.go:540] \"Error updating node status, will retry\" err=\"error getting node \\\"w1\\\": Get \\\"https://127.0.0.1:6443/api/v1/nodes/w1?timeout=10s\\\": dial tcp 127.0.0.1:6443: connect: connection refused\"\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Node), "{text}");
    // A refused ssh to the guest stays what it was.
    let ssh = "ssh: connect to host 10.0.2.2 port 22: Connection refused\n";
    assert_eq!(blame(ssh).0, Some(Layer::Network));
}

#[test]
fn a_migration_target_pod_refused_by_the_quota_is_the_migrations_control_plane() {
    // migration.go's "failed to create vmi migration target pod", quota admission's words.
    let p = "Warning  FailedCreate  12s  migration-controller  failed to create vmi migration target pod: pods \"virt-launcher-db-x1y2z\" is forbidden: exceeded quota: vms-quota, requested: limits.memory=2Gi, used: limits.memory=7Gi, limited: limits.memory=8Gi\n";
    let (layer, plane, text) = blame(p);
    assert_eq!(
        (layer, plane),
        (Some(Layer::Migration), Some(SignalPlane::Control)),
        "{text}"
    );
}

#[test]
fn a_warning_row_without_a_recorder_is_read_by_its_reason() {
    // printEvent (no FROM column); the kubelet's reasons (pkg/kubelet/events/event.go).
    let p = "LAST SEEN   TYPE      REASON                 OBJECT                       MESSAGE\n\
        2m          Warning   FailedUnMount          pod/app-5d9c7                 UnmountVolume.TearDown error for volume data: device is busy\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Node), "{text}");
    let controller = "LAST SEEN   TYPE      REASON               OBJECT                 MESSAGE\n\
        1m          Warning   ProvisioningFailed   pvc/data-db             storageclass.storage.k8s.io \"fast\" not found\n";
    assert_eq!(blame(controller).0, Some(Layer::ControlPlane));
}

#[test]
fn a_describe_event_message_continued_on_the_next_line_is_read_whole() {
    // describe's Events (Type, Reason, Age, From, Message); a message holding a newline.
    let p = "Events:\n  Type     Reason   Age   From                    Message\n  ----     ------   ----  ----                    -------\n  Warning  Error    12s   datavolume-controller   Unable to connect\n  to http data source: expected status code 200, got 403. Status: 403 Forbidden\n";
    let text = blame(p).2;
    assert!(text.contains("got 403"), "{text}");
}

#[test]
fn a_status_fragment_introduced_by_prose_on_its_key_is_read() {
    // VolumeStatus (types.go): a hot-plugged volume stuck in a phase on the node.
    let p = "the vmi volumeStatus:\n  - name: data\n    hotplugVolume:\n      attachPodName: hp-volume-k2j4h\n    phase: MountedToPod\n    reason: SuccessfulMount\n    target: \"\"\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Node), "{text}");
    assert!(text.contains("MountedToPod"), "{text}");
}
