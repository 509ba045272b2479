//! Round 40: states that are not faults (`fixtures/fresh/README.md`, "Round 40"); every input
//! is a synthetic member of a principle shaped after the program that prints it, never copied
//! from a batch item:
//!
//! - a Ready VMI whose `LiveMigratable` condition is False, with nothing in the paste asking it
//!   to move (virt-handler's `vm.go` sets the condition; only the migration-create and
//!   pod-eviction webhooks refuse on it): a property of the VM, while a drain, a migration, an
//!   evacuation or the condition pasted alone keeps the migration's reading;
//! - a launcher pod NotReady on another node, older than a serving one on the VMI's node: the
//!   migration's source after the handover (`vm.go`'s migration acknowledgement), while a newer
//!   NotReady pod beside the serving source stays the migration's target;
//! - a Succeeded VMI beside its VM listed Stopped (`vm.go` isVirtualMachineStatusStopped, run
//!   strategies that do not restart a clean shutdown): a completed stop, while a Succeeded VMI
//!   alone stays the guest's shutdown;
//! - the bridge binding's in-pod set-up shown working (the pod's eth0 UP under k6t-eth0): the
//!   design, while an interface DOWN keeps the network's reading.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::{blame, expect};

const NOT_MIGRATABLE_DESCRIBE: &str = "Status:
  Conditions:
    Last Probe Time:       <nil>
    Last Transition Time:  2025-04-01T09:00:00Z
    Status:                True
    Type:                  Ready
    Last Probe Time:       <nil>
    Last Transition Time:  <nil>
    Message:               cannot migrate VMI: PVC data-disk is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)
    Reason:                DisksNotLiveMigratable
    Status:                False
    Type:                  LiveMigratable
  Phase:                   Running
";

const NOT_MIGRATABLE_YAML: &str = "status:
  conditions:
  - lastProbeTime: null
    lastTransitionTime: \"2025-04-01T09:00:00Z\"
    status: \"True\"
    type: Ready
  - lastProbeTime: null
    lastTransitionTime: null
    message: cannot migrate VMI which does not use masquerade to connect to the pod network
    reason: InterfaceNotLiveMigratable
    status: \"False\"
    type: LiveMigratable
";

#[test]
fn a_ready_vmi_nobody_asks_to_move_is_not_blamed_for_being_unmigratable() {
    expect(&[NOT_MIGRATABLE_DESCRIBE, NOT_MIGRATABLE_YAML], None);
}

#[test]
fn a_drain_or_a_migration_keeps_the_unmigratable_vmi_blamed() {
    let drained = format!(
        "$ kubectl drain worker-2 --ignore-daemonsets --delete-emptydir-data\nerror when evicting pods/\"virt-launcher-db-x7k2p\" -n \"prod\" (will retry after 5s): admission webhook \"virt-launcher-eviction-interceptor.kubevirt.io\" denied the request: VMI db is configured with an eviction strategy but is not live-migratable\n\n{NOT_MIGRATABLE_DESCRIBE}"
    );
    let migrated = format!("$ virtctl migrate db -n prod\n\n{NOT_MIGRATABLE_DESCRIBE}");
    let evacuated = format!("{NOT_MIGRATABLE_YAML}  evacuationNodeName: worker-2\n");
    for paste in [drained.as_str(), migrated.as_str(), evacuated.as_str()] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Migration), "{paste}\n{text}");
    }
}

#[test]
fn an_unmigratable_condition_pasted_alone_stays_the_migrations() {
    let alone = "  conditions:
  - lastProbeTime: null
    lastTransitionTime: null
    message: 'cannot migrate VMI: PVC root is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)'
    reason: DisksNotLiveMigratable
    status: \"False\"
    type: LiveMigratable
";
    expect(&[alone], Some(Layer::Migration));
}

const HANDED_OVER: &str = "$ kubectl get vmi,pods -o wide
NAME                                       AGE   PHASE     IP            NODENAME   READY
virtualmachineinstance.kubevirt.io/web-1   3h    Running   10.244.2.17   worker-b   True

NAME                              READY   STATUS     RESTARTS   AGE   IP            NODE       NOMINATED NODE   READINESS GATES
pod/virt-launcher-web-1-q8d2m     1/2     NotReady   0          3h    10.244.1.30   worker-a   <none>           <none>
pod/virt-launcher-web-1-zt7vn     2/2     Running    0          40s   10.244.2.17   worker-b   <none>           <none>
";

#[test]
fn the_source_launcher_after_the_handover_is_not_a_fault() {
    expect(&[HANDED_OVER], None);
}

#[test]
fn a_newer_launcher_not_ready_beside_the_serving_source_stays_the_migrations() {
    let in_flight = "$ kubectl get vmi,pods -o wide
NAME                                       AGE   PHASE     IP            NODENAME   READY
virtualmachineinstance.kubevirt.io/web-1   3h    Running   10.244.1.30   worker-a   True

NAME                              READY   STATUS     RESTARTS   AGE   IP            NODE       NOMINATED NODE   READINESS GATES
pod/virt-launcher-web-1-q8d2m     2/2     Running    0          3h    10.244.1.30   worker-a   <none>           <none>
pod/virt-launcher-web-1-zt7vn     1/2     NotReady   0          20m   10.244.2.17   worker-b   <none>           <none>
";
    let (l, _, text) = blame(in_flight);
    assert!(l.is_some(), "{text}");
}

#[test]
fn a_guest_shutdown_its_vm_keeps_stopped_is_a_completed_stop() {
    let stopped = "$ kubectl get vm,vmi -n lab
NAME                             AGE   STATUS    READY
virtualmachine.kubevirt.io/db2   5d    Stopped   False

NAME                                     AGE   PHASE       IP           NODENAME   READY
virtualmachineinstance.kubevirt.io/db2   10m   Succeeded   10.42.0.91   node-3     False
";
    expect(&[stopped], None);
}

#[test]
fn a_succeeded_vmi_without_its_stopped_vm_stays_the_guests() {
    let alone = "$ kubectl get vmi -n lab
NAME   AGE   PHASE       IP           NODENAME   READY
db2    10m   Succeeded   10.42.0.91   node-3     False
";
    expect(&[alone], Some(Layer::Guest));
}

#[test]
fn the_bridge_bindings_set_up_shown_working_is_the_design() {
    let ip_a = "$ kubectl exec virt-launcher-app-7xq2k -c compute -- ip a
1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000
    inet 127.0.0.1/8 scope host lo
2: eth0@if41: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc noqueue master k6t-eth0 state UP group default
    link/ether 0a:58:0a:80:02:1c brd ff:ff:ff:ff:ff:ff link-netnsid 0
3: k6t-eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc noqueue state UP group default
    inet 169.254.75.10/32 scope global k6t-eth0
4: tap0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc fq_codel master k6t-eth0 state UNKNOWN group default qlen 1000
";
    expect(&[ip_a], None);
}

#[test]
fn a_bridge_with_an_interface_down_stays_the_networks() {
    let down = "$ kubectl exec virt-launcher-app-7xq2k -c compute -- ip a
2: eth0@if41: <BROADCAST,MULTICAST> mtu 1400 qdisc noqueue master k6t-eth0 state DOWN group default
3: k6t-eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc noqueue state UP group default
    inet 169.254.75.10/32 scope global k6t-eth0
";
    expect(&[down], Some(Layer::Network));
}
