//! Round 7: batch6's misses, classified by their cause in the method (see
//! `fixtures/fresh/README.md`, "Round 7"), fixed by mechanism. Each input is shaped after the
//! source that prints it (not copied from a thread):
//!
//! 1. the object a line is about, checked before a word or a reporter blames: a workload's pod
//!    count is not a VMI's phase, a volume operation recorded by a control-plane controller is
//!    the node's volume, a drain refused for a pod that is not a VMI's is not the migration's;
//! 2. kubectl's describe of a DaemonSet or Deployment read for its shortfall, like its table row;
//! 3. the authorization denial in every form the API server has written, as posted;
//! 4. who owns an admission webhook, by its name;
//! 5. a reporter named by the CRI log prefix and the network add-ons' own names;
//! 6. what a failed import read from: qemu-img reading its source is the import's, not the
//!    node's device.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

// ---- 1 and 2. the object, and workloads described ----

#[test]
fn a_replicaset_pod_count_is_not_a_vmi_phase() {
    // describe.go's ReplicaSet describer: `Pods Status:\t%d Running / %d Waiting / %d Succeeded / %d Failed`.
    let p = "Name:         cdi-uploadproxy-6d8f7\nNamespace:    cdi\nReplicas:     1 current / 1 desired\nPods Status:  1 Running / 0 Waiting / 3 Succeeded / 0 Failed\n";
    let (layer, _, text) = blame(p);
    assert_ne!(layer, Some(Layer::Guest), "{text}");
    assert!(!text.contains("the guest shut itself down"), "{text}");
}

#[test]
fn a_described_daemonset_short_of_available_pods_points_at_its_layer() {
    // describe.go's DaemonSet describer.
    let p = "Name:           virt-handler\nSelector:       kubevirt.io=virt-handler\nNode-Selector:  kubernetes.io/os=linux\nLabels:         kubevirt.io=virt-handler\nAnnotations:    deprecated.daemonset.template.generation: 1\nDesired Number of Nodes Scheduled: 4\nCurrent Number of Nodes Scheduled: 4\nNumber of Nodes Scheduled with Up-to-date Pods: 4\nNumber of Nodes Scheduled with Available Pods: 2\nNumber of Nodes Misscheduled: 0\nPods Status:  2 Running / 2 Waiting / 0 Succeeded / 0 Failed\nPod Template:\n  Labels:  kubevirt.io=virt-handler\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Node), "{text}");
    assert!(text.contains("virt-handler has 2 of 4"), "{text}");
    let all = p.replace("Available Pods: 2", "Available Pods: 4");
    assert_eq!(blame(&all).0, None, "{all}");
}

#[test]
fn a_described_deployment_without_available_replicas_is_the_control_plane() {
    // describe.go's Deployment describer: `Replicas: %d desired | %d updated | %d total | %d available | %d unavailable`.
    let p = "Name:                   virt-api\nNamespace:              kubevirt\nReplicas:               2 desired | 2 updated | 2 total | 0 available | 2 unavailable\nStrategyType:           RollingUpdate\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("virt-api has 0 of 2"), "{text}");
}

#[test]
fn a_volume_attach_recorded_by_the_attach_detach_controller_is_the_nodes_volume() {
    // operation_generator.go: `AttachVolume.Attach failed for volume %q : %v`, recorded by the
    // attach/detach controller (a kube-controller-manager controller).
    let p = "Events:\n  Type     Reason              Age                 From                     Message\n  ----     ------              ----                ----                     -------\n  Warning  FailedAttachVolume  2m (x7 over 14m)    attachdetach-controller  AttachVolume.Attach failed for volume \"pvc-1\" : rpc error: code = Internal desc = volume pvc-1 is not ready for workloads\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Node), "{text}");
}

// ---- 3. authorization denials as posted ----

#[test]
fn the_older_forbidden_form_and_unquoted_users_are_read() {
    // responsewriters/errors.go before the API group was quoted: `User %q cannot %s %s in the namespace %q.`
    let old = r#"E0101 10:00:00.000000       1 server.go:80] unable to load configmap: configmaps "kubevirt-config" is forbidden: User "system:serviceaccount:kubevirt:kubevirt-apiserver" cannot list configmaps in the namespace "kubevirt": no RBAC policy matched"#;
    let (layer, _, text) = blame(old);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(
        text.contains("kubevirt-apiserver may not list configmaps"),
        "{text}"
    );
    // A user's name replaced by a placeholder, and a group rewritten as a Markdown link.
    let placeholder = r#"Error from server (Forbidden): virtualmachines.kubevirt.io "db" is forbidden: User <someone> cannot patch resource "virtualmachines/restart" in API group "[subresources.kubevirt.io](http://subresources.kubevirt.io/)" in the namespace "vms""#;
    let (layer, _, text) = blame(placeholder);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(
        text.contains("someone may not patch virtualmachines/restart"),
        "{text}"
    );
}

// ---- 4. who owns an admission webhook ----

#[test]
fn a_kubemacpool_denial_is_the_network_add_on_not_virt_controller() {
    // kubemacpool pkg/pool-manager/pool.go names its webhooks; the VM controller wraps it.
    let p = r#"Warning  FailedCreate  12s  virtualmachine-controller  Error creating pod: failed to create virtual machine pod: admission webhook "mutatepods.kubemacpool.io" denied the request: failed to allocate requested mac address: the range is full"#;
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    assert!(text.contains("KubeMacPool"), "{text}");
}

// ---- 5. reporters named by their own names ----

#[test]
fn a_network_add_on_pod_prefix_names_the_network() {
    // klog header after a pod-name prefix (`kubectl logs --prefix` / stern).
    let p = "kubemacpool-mac-controller-manager-5f7d9c-x2x9z E0301 10:00:00.000000       1 pool.go:120] failed to initialize the pool: no ranges configured\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    let op = "cluster-network-addons-operator-6c8f7b-xk2l9 E0301 10:00:00.000000       1 controller.go:80] failed to render the components: missing image\n";
    assert_eq!(blame(op).0, Some(Layer::ControlPlane), "{op}");
}

#[test]
fn cdis_upload_proxy_is_named_by_its_klog_file() {
    // CDI pkg/uploadproxy/uploadproxy.go.
    let p = "I0301 10:00:00.000000       1 uploadproxy.go:180] Received valid token: pvc: disk-1, namespace: vms\nE0301 10:00:30.000000       1 uploadproxy.go:190] error proxying request: context canceled\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("upload proxy"), "{text}");
}

// ---- 6. what a failed import read from ----

#[test]
fn qemu_img_failing_to_read_its_source_is_the_import_not_the_device() {
    // qemu-img.c convert: a failed read of the source vs a failed write of the target.
    let read = "E0301 10:00:00.000000       1 prlimit.go:155] qemu-img failed output is:\nqemu-img: curl: The requested URL returned error: 403 Forbidden\nqemu-img: error while reading sector 1024: Input/output error\n";
    let (layer, _, text) = blame(read);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("403"), "{text}");
    let write = "E0301 10:00:00.000000       1 prlimit.go:155] qemu-img failed output is:\nqemu-img: error while writing sector 1024: Input/output error\n";
    assert_eq!(blame(write).0, Some(Layer::Node), "{write}");
}

// ---- 7. the kubelet's admission of a placed pod ----

#[test]
fn the_kubelets_cpu_alignment_refusal_is_the_node() {
    // pkg/kubelet/cm/cpumanager/policy_static.go, as a pod's status message.
    let p = "Reason:       SMTAlignmentError\nMessage:      SMT Alignment Error: not enough free physical CPUs: available physical CPUs = 2, requested CPUs = 4, CPUs per core = 2\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Node), "{text}");
    assert!(text.contains("aligned"), "{text}");
}

#[test]
fn cdis_ssrf_protection_is_the_import_not_the_network() {
    // CDI doc/ssrf-protection.md: the message of a DataVolume's blocked source.
    // The message alone, as a status message is pasted.
    let p = "SSRF protection: host \"images.lab.local\" resolves to blocked IP 172.16.4.20\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("SSRF protection blocks"), "{text}");
}

// ---- 8. an event its recorder logged ----

#[test]
fn a_warning_event_logged_by_its_recorder_is_read_by_its_reason() {
    // controller-runtime's recorder logs each event (`logger: "events"`) at debug level;
    // CDI's clone controller records CloneSourceInUse (the generated CDI catalogue:
    // pkg/controller/common/util.go).
    let p = r#"{"level":"debug","ts":"2025-03-01T10:00:00Z","logger":"events","msg":"pod vms/virt-launcher-db-x7k2p using PersistentVolumeClaim golden","type":"Warning","object":{"kind":"PersistentVolumeClaim","namespace":"vms","name":"disk-2","apiVersion":"v1"},"reason":"CloneSourceInUse"}"#;
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("cdi"), "{text}");
    let normal = p.replace(r#""type":"Warning""#, r#""type":"Normal""#);
    assert_eq!(blame(&normal).0, None, "{normal}");
}

#[test]
fn a_drain_held_by_another_workloads_budget_is_the_nodes_not_the_migrations() {
    // k8s.io/kubectl pkg/drain/drain.go, for a storage daemon's pod and for a launcher.
    let other = "evicting pod rook-ceph/rook-ceph-osd-2-5d8f\nerror when evicting pods/\"rook-ceph-osd-2-5d8f\" -n \"rook-ceph\" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.\n";
    let (layer, _, text) = blame(other);
    assert_eq!(layer, Some(Layer::Node), "{text}");
    assert!(text.contains("rook-ceph-osd-2-5d8f"), "{text}");
    // A launcher's retried refusal alone is the evacuation in progress (round 32,
    // `input/drain_retry.rs`); once the drain gives up on it, it is the migration's.
    let launcher = other.replace("rook-ceph-osd-2-5d8f", "virt-launcher-db-x7k2p");
    assert_eq!(blame(&launcher).0, None, "{launcher}");
    let timed_out = format!(
        "{launcher}error when evicting pods/\"virt-launcher-db-x7k2p\" -n \"rook-ceph\": global timeout reached: 1m0s\n"
    );
    assert_eq!(blame(&timed_out).0, Some(Layer::Migration), "{timed_out}");
}

// ---- 9. a tunnel's close is a symptom of what closed it ----

#[test]
fn an_ssh_closed_through_virtctls_tunnel_is_the_guest_not_the_console() {
    // OpenSSH kex.c; KubeVirt pkg/virtctl/ssh runs ssh with virtctl port-forward as its proxy.
    let p = "$ virtctl ssh fedora@vm/web -n apps --local-ssh\nwebsocket: close 1006 (abnormal closure): unexpected EOF\nkex_exchange_identification: Connection closed by remote host\nConnection closed by UNKNOWN port 65535\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Guest), "{text}");
    assert!(text.contains("SSH"), "{text}");
    // The same close on the serial console is still the console's.
    let console = "$ virtctl console web\nSuccessfully connected to web console. The escape sequence is ^]\nwebsocket: close 1006 (abnormal closure): unexpected EOF\n";
    assert_eq!(blame(console).0, Some(Layer::Node), "{console}");
}
