//! Round 19: batch17 as the working set (the table in `fixtures/fresh/README.md`, "Round 19"),
//! each category fixed as a family read from its source; every input is a synthetic member
//! shaped after the program that writes it, never copied from a batch item:
//!
//! - the API server not authenticating a request (HTTP 401) in every client's words
//!   (Kubernetes `apiserver/pkg/endpoints/filters/authentication.go`, apimachinery's
//!   `NewGenericServerResponse`, kubectl's `StandardErrorMessage`, KubeVirt's
//!   `pkg/virtctl/vm`): the control plane's;
//! - the hypervisor reporting that the guest crashed (libvirt's guest panic information in the
//!   domain log, `src/qemu/qemu_monitor.c` qemuMonitorGuestPanicEventInfoFormatMsg and
//!   `src/qemu/qemu_driver.c` processGuestPanicEvent; QEMU's `guest-panicked` run state and its
//!   Hyper-V crash parameters): the guest's;
//! - OVN-Kubernetes failing a pod's logical port or its CNI waiting for it (ovn-kubernetes
//!   `go-controller/pkg/ovn/pods.go`, `base_network_controller_pods.go`, `pkg/cni/cni.go`,
//!   `pkg/cni/utils.go`, `pkg/retry/obj_retry.go`): the network's;
//! - a Go panic whose frames name no program, inside one component's log stream: that
//!   component's (apimachinery's `HandleCrash` logs in the process that crashed);
//! - KubeVirt's ManualRecoveryRequired (`pkg/virt-controller/watch/vm/vm.go`: the VMI removed or
//!   final while the volume migration ran): the migration's control plane;
//! - a `kubectl delete` the API server answers NotFound (kubectl `pkg/cmd/delete/delete.go`,
//!   `--ignore-not-found`): the object is already gone, no fault.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::{blame, layer};

#[test]
fn the_api_servers_401_in_every_clients_words_is_the_control_planes() {
    for paste in [
        // virtctl's verbs with the authentication filter's message as the whole error
        "$ virtctl stop fedora-vm\nError stopping VirtualMachine Unauthorized\n",
        "virtctl restart -n lab web01\nError restarting VirtualMachine Unauthorized\n",
        // client-go's wording of a 401 without a Status body, after virtctl's verb
        "$ virtctl start db-1\nError starting VirtualMachine the server has asked for the client to provide credentials\n",
        // kubectl's own wording
        "$ kubectl get vmi -A\nerror: You must be logged in to the server (Unauthorized)\n",
        "kubectl get vm\nerror: You must be logged in to the server (the server has asked for the client to provide credentials)\n",
        // another client's print of the Status
        "Error from server (Unauthorized): Unauthorized\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::ControlPlane), "{paste}");
    }
}

#[test]
fn kubevirts_unauthorized_datavolume_create_is_not_the_401() {
    // The VM controller's own event reason (pkg/virt-controller/watch/vm/vm.go) keeps its
    // reading; the 401's title must not be given to it.
    let paste = "  Warning  UnauthorizedDataVolumeCreate  2m  virtualmachine-controller  \
                 Not authorized to create DataVolume vms/rootdisk: the service account lacks datavolumes/source\n";
    let (_, _, text) = blame(paste);
    assert!(!text.contains("did not authenticate"), "{text}");
}

#[test]
fn the_hypervisors_report_of_a_guest_crash_is_the_guests() {
    for paste in [
        // libvirt's domain log, a Windows guest's bug check through the Hyper-V crash MSRs
        "2025-03-02 08:11:40.002+0000: panic hyper-v: arg1='0xd1', arg2='0x0', arg3='0x2', arg4='0x0', arg5='0xfffff80312345678'\n",
        // the same for an s390x guest
        "2024-11-20 10:00:01.123+0000: panic s390: core='0' psw-mask='0x0002000180000000' psw-addr='0x000000000001234a' reason='disabled-wait'\n",
        // QEMU's own trace of the Hyper-V crash parameters
        "HV crash parameters: (0x7e 0xffffffffc0000005 0xfffff8016a7b2c10 0xffffd000207f5f48 0xffffd000207f5750)\n",
        // the run state QMP reports once the guest panicked
        "{\"return\": {\"status\": \"guest-panicked\", \"singlestep\": false, \"running\": false}}\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::Guest), "{paste}");
    }
}

#[test]
fn a_go_panic_or_a_word_about_panics_is_not_a_guest_crash() {
    // A program's panic stays the program's; the word "hyper-v" in a setting is no crash.
    let (l, _, text) = blame("panic: runtime error: index out of range [3] with length 3\n");
    assert_ne!(l, Some(Layer::Guest), "{text}");
    let (l, _, text) = blame("    hyperv:\n      relaxed: {}\n      vapic: {}\n");
    assert_ne!(l, Some(Layer::Guest), "{text}");
}

#[test]
fn ovn_kubernetes_failing_a_pods_logical_port_is_the_networks() {
    for paste in [
        // ovnkube-controller's pod handler, as its retry framework's Warning event
        "5m   Warning   ErrorAddingResource   pod/virt-launcher-rhel9-x2b7q   addLogicalPort failed for vms/virt-launcher-rhel9-x2b7q: failed to allocate IPs: subnet address pool exhausted\n",
        // the secondary-network form
        "E0412 09:12:01.123456 1 obj_retry.go:680] Failed to update *v1.Pod, old=vms/virt-launcher-a-1, new=vms/virt-launcher-a-1, error: addLogicalPort failed for vms/virt-launcher-a-1 network tenantblue: failed to find switch\n",
        // ovnkube-node's CNI server waiting for the controller's annotation
        "  Warning  FailedCreatePodSandBox  1m  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox \"4f1c\": plugin type=\"ovn-k8s-cni-overlay\" name=\"ovn-kubernetes\" failed (add): failed to get pod annotation: timed out waiting for annotations: context deadline exceeded\n",
        "E1103 17:20:44.000001 3382 cni.go:275] [vms/virt-launcher-b-2 4f1c] failed to get pod annotation: timed out waiting for annotations\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::Network), "{paste}");
    }
}

#[test]
fn a_panic_without_named_frames_inside_one_components_log_is_that_components() {
    let paste = "{\"component\":\"virt-controller\",\"level\":\"info\",\"msg\":\"Starting VM due to runStrategy: Always\",\"pos\":\"vm.go:900\",\"timestamp\":\"2025-01-10T10:00:00.000000Z\"}\n\
                 E0110 10:00:00.100000       1 runtime.go:79] Observed a panic: \"invalid memory address or nil pointer dereference\" (runtime error: invalid memory address or nil pointer dereference)\n\
                 goroutine 812 [running]:\n\
                 k8s.io/apimachinery/pkg/util/runtime.logPanic({0x1c00000?, 0x3200000})\n\
                 \t/go/src/vendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:75 +0x85\n";
    assert_eq!(layer(paste), Some(Layer::ControlPlane), "{paste}");
    let handler = paste.replace("virt-controller", "virt-handler");
    assert_eq!(layer(&handler), Some(Layer::Node), "{handler}");
}

#[test]
fn a_panic_with_no_component_around_it_keeps_its_reading() {
    // Nothing names the program: the reading stays the signature's own (the node's).
    let paste = "E0110 10:00:00.100000       1 runtime.go:79] Observed a panic: \"invalid memory address or nil pointer dereference\"\n\
                 goroutine 812 [running]:\n";
    assert_eq!(layer(paste), Some(Layer::Node), "{paste}");
}

#[test]
fn manual_recovery_required_is_the_migrations_control_plane() {
    for paste in [
        "status:\n  conditions:\n  - lastProbeTime: null\n    lastTransitionTime: \"2025-02-01T10:00:00Z\"\n    reason: VMI was removed or was final during the volume migration\n    status: \"True\"\n    type: ManualRecoveryRequired\n",
        "Error starting VirtualMachine Operation cannot be fulfilled on virtualmachine.kubevirt.io \"db\": VM recovery required: Volume migration failed, leaving some volumes pointing to non-consistent targets; manual intervention is needed to reassign them to their original volumes.\n",
    ] {
        let (l, p, text) = blame(paste);
        assert_eq!(l, Some(Layer::Migration), "{text}");
        assert_eq!(p, Some(SignalPlane::Control), "{text}");
    }
}

#[test]
fn a_delete_answered_not_found_is_no_fault() {
    for paste in [
        "$ kubectl delete vmi testvm -n lab\nError from server (NotFound): virtualmachineinstances.kubevirt.io \"testvm\" not found\n",
        "sh-5.1# oc -n vms delete datavolume rootdisk\nError from server (NotFound): datavolumes.cdi.kubevirt.io \"rootdisk\" not found\n",
        "$ kubectl delete validatingwebhookconfiguration virt-api-validator\nError from server (NotFound): validatingwebhookconfigurations.admissionregistration.k8s.io \"virt-api-validator\" not found\n",
    ] {
        assert_eq!(layer(paste), None, "{paste}");
    }
}

#[test]
fn a_not_found_under_another_command_keeps_its_reading() {
    let line =
        "Error from server (NotFound): virtualmachineinstances.kubevirt.io \"testvm\" not found\n";
    let bare = layer(line);
    assert_eq!(
        layer(&format!("$ kubectl get vmi testvm -n lab\n{line}")),
        bare
    );
    let forbidden = "$ kubectl delete vm web\nError from server (Forbidden): virtualmachines.kubevirt.io \"web\" is forbidden: User \"dev\" cannot delete resource \"virtualmachines\" in API group \"kubevirt.io\" in the namespace \"lab\"\n";
    assert_eq!(layer(forbidden), Some(Layer::ControlPlane), "{forbidden}");
}
