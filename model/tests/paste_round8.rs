//! Round 8: batch7's misses, classified by their cause in the method (see
//! `fixtures/fresh/README.md`, "Round 8"), fixed by mechanism. Each input is shaped after the
//! source that prints it (not copied from a thread):
//!
//! 1. what a line is about decides over who reported it: the network plumbing of a VM's pod
//!    (a sandbox's CNI ADD, the tap device and in-pod bridge, a host's link) is the network,
//!    whether virt-handler, the kubelet or the kernel writes it;
//! 2. the weighing between findings in causal order (`diagnosis::causal`): a pod waiting to
//!    start yields to a node or network fault that explains it, what a line is about outranks
//!    who reported it, and pods stuck Terminating on a node whose replacements wait name it;
//! 3. whose pod it is before what its status word says: a network add-on's pod crash-looping
//!    is the network's, an operator's the control plane's;
//! 4. the object `kubectl wait` waited on in vain names the layer;
//! 5. a panic naming no component belongs to the program its stack frames run through;
//! 6. client-go's request log at `-v=8`: the status line read with the request it answers;
//! 7. a prompt naming the VM after `virtctl console` is the guest's own shell writing;
//! 8. a guest that cannot mount its root file system, in each OS family's words;
//! 9. ping's summary: no answer at all is the network, a full answer healthy;
//! 10. conventions settled by KubeVirt's semantics: a cordon alone is an intent, not a fault,
//!     and a drain whose evictions all completed is done;
//! 11. a bare wait timeout is read with the progress line that says what was awaited;
//! 12. a conditions list of a kind Strata does not read is read by the condition convention.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

// ---- 1. the network plumbing a line is about ----

#[test]
fn kubevirts_pod_network_plumbing_is_the_network_whoever_hosts_it() {
    // pkg/network/driver/common.go: `log.Log.Reason(err).Errorf("failed to create a bridge")`,
    // logged by virt-handler (the node's agent) while it sets up the pod's network.
    let p = r#"{"component":"virt-handler","level":"error","msg":"failed to create a bridge","pos":"bridge.go:120","reason":"operation not supported","timestamp":"2024-01-01T10:00:00.000000Z"}"#;
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    let tap = r#"{"component":"virt-launcher","level":"error","msg":"failed to create tap device named tap1","reason":"device or resource busy","timestamp":"2024-01-01T10:00:00.000000Z"}"#;
    let (layer, _, text) = blame(tap);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    // Another virt-handler error about no network object stays the node's.
    let other = r#"{"component":"virt-handler","level":"error","msg":"failed to unmount a container disk","reason":"device or resource busy","timestamp":"2024-01-01T10:00:00.000000Z"}"#;
    assert_eq!(blame(other).0, Some(Layer::Node), "{other}");
}

#[test]
fn a_sandbox_cni_add_recorded_by_the_kubelet_is_the_network() {
    // containerd's sandbox_run.go wraps libcni's `plugin type=%q name=%q failed (add)`; the
    // event's recorder is the kubelet, its object the pod's network.
    let p = "  Warning  FailedCreatePodSandBox  30s  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create sandbox: plugin type=\"flannel\" name=\"cbr0\" failed (add): open /run/flannel/subnet.env: no such file or directory\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    // The same recorder about a volume stays the node's.
    let vol = "  Warning  FailedMount  30s  kubelet  MountVolume.SetUp failed for volume \"disk\" : hostPath type check failed: /var/lib/x is not a file\n";
    assert_eq!(blame(vol).0, Some(Layer::Node), "{vol}");
}

#[test]
fn the_kernels_half_applied_link_change_is_the_network() {
    // net/core/rtnetlink.c: "A link change request failed with some changes committed already.
    // Interface %s may have been left with an inconsistent configuration, please check."
    let p = "[Mon Jan  1 10:00:00 2024] bond0: (slave eth1): Enslaving as a backup interface with an up link\n[Mon Jan  1 10:00:01 2024] A link change request failed with some changes committed already. Interface br-vm may have been left with an inconsistent configuration, please check.\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Network), "{text}");
}

// ---- 2. causal order between findings ----

#[test]
fn a_waiting_pod_yields_to_the_network_fault_that_holds_it() {
    // printPod's `ContainerCreating` (a pod waiting for its sandbox) and the kubelet's
    // FailedCreatePodSandBox about the CNI ADD: the sandbox's network explains the wait.
    let p = "$ kubectl get pods -n vms\nNAME                    READY   STATUS              RESTARTS   AGE\nvirt-launcher-db-7xk2p  0/2     ContainerCreating   0          25m\n$ kubectl get events -n vms\nLAST SEEN   TYPE      REASON                   OBJECT                       MESSAGE\n2m          Warning   FailedCreatePodSandBox   pod/virt-launcher-db-7xk2p   Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create sandbox: plugin type=\"ovn-k8s-cni-overlay\" name=\"ovn-kubernetes\" failed (add): failed to get pod annotation: timed out waiting for annotations\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    // Without the event, the wait alone still blames what the pod vocabulary says.
    let alone = p.split("$ kubectl get events").next().unwrap();
    assert_ne!(blame(alone).0, Some(Layer::Network), "{alone}");
}

#[test]
fn pods_stuck_terminating_whose_replacements_wait_name_their_node() {
    // A Deployment's pods on a node that stopped answering: marked for deletion, never
    // confirmed; the ReplicaSet's replacements (same owner prefix) are not placed.
    let p = "$ kubectl get pods -A -o wide\nNAMESPACE   NAME                         READY   STATUS        RESTARTS   AGE   IP          NODE      NOMINATED NODE   READINESS GATES\nstorage     csi-controller-6b7f9-x7k2p   1/1     Terminating   0          5h    10.1.0.4    worker3   <none>           <none>\nstorage     csi-controller-6b7f9-m4q8z   0/1     Pending       0          4h    <none>      <none>    <none>           <none>\nstorage     csi-snapshotter-55c8d-b9c2d  1/1     Terminating   0          5h    10.1.0.5    worker3   <none>           <none>\nstorage     csi-snapshotter-55c8d-w5h6j  0/1     Pending       0          4h    <none>      <none>    <none>           <none>\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Node), "{text}");
    assert!(text.contains("worker3"), "{text}");
    // Terminating pods without replacements (a namespace being deleted) name no node.
    let gone: String = p
        .lines()
        .filter(|l| !l.contains("Pending"))
        .map(|l| format!("{l}\n"))
        .collect();
    let (_, _, text) = blame(&gone);
    assert!(!text.contains("pods stuck Terminating"), "{text}");
    // A StatefulSet's next ordinal is not a replacement of another pod.
    let sts = "$ kubectl get pods -o wide\nNAME    READY   STATUS        RESTARTS   AGE   IP         NODE      NOMINATED NODE   READINESS GATES\ndb-0    1/1     Terminating   0          5h    10.1.0.4   worker3   <none>           <none>\ndb-1    1/1     Terminating   0          5h    10.1.0.5   worker3   <none>           <none>\ndb-2    0/1     Pending       0          4h    <none>     <none>    <none>           <none>\n";
    let (_, _, text) = blame(sts);
    assert!(!text.contains("pods stuck Terminating"), "{text}");
}

// ---- 3. whose pod it is ----

#[test]
fn a_network_add_ons_pod_crash_looping_is_the_network() {
    // printPod's CrashLoopBackOff; the pod names come from the add-ons' own manifests.
    let p = "$ kubectl get pods -n kube-flannel\nNAME                    READY   STATUS             RESTARTS   AGE\nkube-flannel-ds-7q2xk   0/1     CrashLoopBackOff   9          30m\nkube-flannel-ds-m4p8z   1/1     Running            0          30m\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    // Another workload's pod crash-looping the same way stays the node's.
    let other = p.replace("kube-flannel-ds-7q2xk", "fluentd-agent-7q2xk");
    assert_eq!(blame(&other).0, Some(Layer::Node), "{other}");
}

// ---- 4. what kubectl waited on ----

#[test]
fn a_kubectl_wait_timeout_points_at_the_resource_it_waited_on() {
    // kubectl's pkg/cmd/wait: `timed out waiting for the condition on %s/%s` (resource, name).
    let net = "$ kubectl wait networkaddonsconfig cluster --for condition=Available --timeout=5m\nerror: timed out waiting for the condition on networkaddonsconfigs/cluster\n";
    let (layer, _, text) = blame(net);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    let kv = "$ kubectl -n kubevirt wait kv kubevirt --for condition=Available --timeout=10m\nerror: timed out waiting for the condition on kubevirts/kubevirt\n";
    let (layer, _, text) = blame(kv);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
}

// ---- 5. the program a panic ran in ----

#[test]
fn a_panic_belongs_to_the_program_its_frames_run_through() {
    // apimachinery's runtime.logPanic (`Observed a panic`), then Go's traceback: frames of a
    // vendored library carry the program's module path before `/vendor/`.
    let p = "E0101 10:00:00.000000       1 runtime.go:79] Observed a panic: \"invalid memory address or nil pointer dereference\" (runtime error: invalid memory address or nil pointer dereference)\ngoroutine 120 [running]:\ngithub.com/harvester/harvester/vendor/k8s.io/apimachinery/pkg/util/runtime.logPanic({0x1f00000?, 0x3a00000})\n\t/go/src/github.com/harvester/harvester/vendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:75 +0x99\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    // KubeVirt's own frames: the package's component (virt-controller: the control plane).
    let kv = "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1]\n\ngoroutine 301 [running]:\nkubevirt.io/kubevirt/pkg/virt-controller/watch.(*VMIController).sync(0xc000a1, 0xc000b2)\n\t/go/src/kubevirt.io/kubevirt/pkg/virt-controller/watch/vmi.go:912 +0x1c4\n";
    let (layer, _, text) = blame(kv);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("virt-controller"), "{text}");
    // virt-handler's frames stay the node's.
    let h = kv
        .replace(
            "virt-controller/watch.(*VMIController)",
            "virt-handler.(*VirtualMachineController)",
        )
        .replace("pkg/virt-controller/watch/vmi.go", "pkg/virt-handler/vm.go");
    assert_eq!(blame(&h).0, Some(Layer::Node), "{h}");
}

// ---- 6. the request log at -v=8 ----

#[test]
fn a_v8_status_line_is_read_with_its_request() {
    // client-go's round_trippers.go at -v=8: the request, its headers, then its status.
    let p = "$ kubectl get vmi -v 8\nI0101 10:00:00.100000    4242 round_trippers.go:463] GET https://10.0.0.1:6443/apis/subresources.kubevirt.io/v1?timeout=32s\nI0101 10:00:00.100100    4242 round_trippers.go:469] Request Headers:\nI0101 10:00:00.100200    4242 round_trippers.go:473]     Accept: application/json, */*\nI0101 10:00:00.110000    4242 round_trippers.go:574] Response Status: 503 Service Unavailable in 10 milliseconds\nI0101 10:00:00.110100    4242 round_trippers.go:577] Response Headers:\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    // A 200 answer is not a fault.
    let ok = p.replace("503 Service Unavailable", "200 OK");
    assert_eq!(blame(&ok).0, None, "{ok}");
}

// ---- 7. the guest's own shell on its console ----

#[test]
fn a_prompt_naming_the_vm_after_virtctl_console_is_the_guest_writing() {
    // console.go's connect line, then the guest's shell (its hostname is the VMI's name).
    let p = "$ virtctl console web-1\nSuccessfully connected to web-1 console. The escape sequence is ^]\n\n[cloud-user@web-1 ~]$ uptime\n 10:00:00 up 3 min,  1 user,  load average: 0.00, 0.00, 0.00\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, None, "{text}");
    // The operator's own prompt on another host after the connect line: the console stayed blank.
    let blank = "$ virtctl console web-1\nSuccessfully connected to web-1 console. The escape sequence is ^]\n\n[me@laptop ~]$ uptime\n";
    assert_eq!(blame(blank).0, Some(Layer::Guest), "{blank}");
}

// ---- 8. a guest that cannot mount its root ----

#[test]
fn a_guest_left_at_its_root_mount_prompt_is_the_guest() {
    // FreeBSD's vfs_mountroot.c manual prompt, as the serial console shows it.
    let bsd = "Trying to mount root from ufs:/dev/ada0p2 [rw]...\nMounting from ufs:/dev/ada0p2 failed with error 19.\n\nManual root filesystem specification:\n  <fstype>:<device> [options]\n\nmountroot>\n";
    let (layer, _, text) = blame(bsd);
    assert_eq!(layer, Some(Layer::Guest), "{text}");
    // systemd's emergency shell after dracut gave up on the root device.
    let linux = "[  190.2] dracut-initqueue[301]: Warning: dracut-initqueue timeout - starting timeout scripts\n[  191.0] dracut-initqueue[301]: Warning: /dev/mapper/vg-root does not exist\n\nGenerating \"/run/initramfs/rdsosreport.txt\"\n\nEntering emergency mode. Exit the shell to continue.\n";
    let (layer, _, text) = blame(linux);
    assert_eq!(layer, Some(Layer::Guest), "{text}");
}

// ---- 9. ping's summary ----

#[test]
fn ping_without_any_answer_is_the_network_and_a_full_answer_is_healthy() {
    // iputils' ping_common.c summary, in an indented fence with the user's prompt before it.
    let p = "  ```\n  me@desk:~/work> ping 192.0.2.10\n  PING 192.0.2.10 (192.0.2.10) 56(84) bytes of data.\n  ^C\n  --- 192.0.2.10 ping statistics ---\n  9 packets transmitted, 0 received, 100% packet loss, time 8190ms\n  ```\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    let ok = p
        .replace("0 received, 100% packet loss", "9 received, 0% packet loss")
        .replace(
            "  ^C\n",
            "  64 bytes from 192.0.2.10: icmp_seq=1 ttl=64 time=0.3 ms\n",
        );
    assert_eq!(blame(&ok).0, None, "{ok}");
}

// ---- 10. conventions settled by KubeVirt's semantics ----

#[test]
fn a_cordon_alone_is_an_intent_and_a_drain_that_completed_is_healthy() {
    // printNode's `SchedulingDisabled` with the node Ready: nothing that runs stops.
    let nodes = "$ kubectl get nodes\nNAME      STATUS                     ROLES    AGE   VERSION\nnode-a    Ready                      worker   90d   v1.30.1\nnode-b    Ready,SchedulingDisabled   worker   90d   v1.30.1\n";
    let (layer, _, text) = blame(nodes);
    assert_eq!(layer, None, "{text}");
    // Not Ready as well: the node.
    let down = nodes.replace("Ready,SchedulingDisabled", "NotReady,SchedulingDisabled");
    assert_eq!(blame(&down).0, Some(Layer::Node), "{down}");
    // kubectl drain.go's output for a drain that finished, then every VMI Running.
    let drained = "$ kubectl drain node-b --ignore-daemonsets --delete-emptydir-data\nnode/node-b cordoned\nevicting pod vms/virt-launcher-db-x7k2p\npod/virt-launcher-db-x7k2p evicted\nnode/node-b drained\n$ kubectl get vmi\nNAME   AGE   PHASE     IP          NODENAME   READY\ndb     40d   Running   10.1.2.3    node-a     True\n";
    let (layer, _, text) = blame(drained);
    assert_eq!(layer, None, "{text}");
}

// ---- 11. a bare wait timeout read with what was awaited ----

#[test]
fn virtctls_upload_wait_timing_out_is_the_upload_not_the_paste_unread() {
    // imageupload.go: "Waiting for PVC %s upload pod to be ready..." then wait.ErrWaitTimeout.
    let p = "$ virtctl image-upload dv disk-a --size=5Gi --image-path=./disk.qcow2 --wait-secs=120\nDataVolume vms/disk-a created\nWaiting for PVC disk-a upload pod to be ready...\ntimed out waiting for the condition\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("upload pod never became ready"), "{text}");
}

// ---- 12. the conditions of an object Strata does not read ----

#[test]
fn a_conditions_list_of_an_unknown_kind_is_read_not_refused() {
    // metav1.Condition's type/status, in a custom resource's status cut after a `...` line.
    let ok = "```yaml\n...\nstatus:\n  conditions:\n  - lastTransitionTime: \"2024-01-01T10:00:00Z\"\n    reason: Done\n    status: \"True\"\n    type: Completed\n  - lastTransitionTime: \"2024-01-01T10:00:00Z\"\n    status: \"True\"\n    type: Ready\n  phaseDetail: copied\n```\n";
    let (layer, _, text) = blame(ok);
    assert_eq!(layer, None, "{text}");
    assert!(text.contains("as they should be"), "{text}");
    let bad = ok.replace(
        "status: \"True\"\n    type: Ready",
        "status: \"False\"\n    type: Ready",
    );
    let (layer, _, text) = blame(&bad);
    assert_eq!(layer, None, "{text}");
    assert!(text.contains("Ready=False"), "{text}");
}
