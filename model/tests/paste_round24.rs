//! Round 24: batch22 as the working set (the table in `fixtures/fresh/README.md`, "Round 24"),
//! each category taught as a family read from its source; every input is a synthetic member
//! shaped after the program that writes it, never copied from a batch item:
//!
//! - the guest agent failing a command inside the guest (libvirt `src/qemu/qemu_agent.c`
//!   qemuAgentCheckError, relayed by virt-launcher, virt-handler or virtctl): the guest's,
//!   except what KubeVirt itself lists as expected (a command the agent lacks, an agent frozen);
//! - Kube-OVN's admission webhook refusing a pod's or VM's network settings (kubeovn/kube-ovn
//!   `pkg/webhook/static_ip.go`): the network's;
//! - a console or other stream whose upgrade the API server's path refused as unauthorised or
//!   forbidden (k8s.io/apimachinery `spdy/roundtripper.go`, kubectl `pkg/proxy/proxy_server.go`):
//!   the control plane's, not for other bodies (a container not found).

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

const AGENT_TITLE: &str = "the guest agent failed a command inside the guest";

#[test]
fn a_command_the_guest_agent_failed_in_the_guest_is_the_guests() {
    for paste in [
        // virt-launcher's own line, the agent's description after the command.
        "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Failed to freeze vmi\",\"pos\":\"manager.go:1321\",\"reason\":\"LibvirtError(Code=1, Domain=10, Message='internal error: unable to execute QEMU agent command 'guest-fsfreeze-freeze': failed to freeze /var/lib/pgsql: Device or resource busy')\",\"timestamp\":\"2024-03-02T10:00:00.000000Z\"}\n",
        // virt-handler relaying the launcher's answer (a password the guest refused).
        "{\"component\":\"virt-handler\",\"level\":\"error\",\"msg\":\"Synchronizing the VirtualMachineInstance failed.\",\"pos\":\"vm.go:2040\",\"reason\":\"server error. command SyncVMI failed: \\\"LibvirtError(Code=1, Domain=10, Message='internal error: unable to execute QEMU agent command 'guest-set-user-password': Guest agent command failed')\\\"\",\"timestamp\":\"2024-03-02T10:00:00.000000Z\"}\n",
        // virtctl's answer from the subresource.
        "$ virtctl fsfreeze db-1\nError freezing VirtualMachineInstance: an error on the server (\"server error. command Freeze failed: \\\"LibvirtError(Code=1, Domain=10, Message='internal error: unable to execute QEMU agent command 'guest-fsfreeze-freeze': failed to open /mnt/backup: Permission denied')\\\"\") has prevented the request from succeeding\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Guest), "{text}");
        assert!(text.contains(AGENT_TITLE), "{text}");
    }
}

#[test]
fn what_kubevirt_lists_as_expected_agent_errors_is_not_a_failed_command() {
    for paste in [
        // KubeVirt's poller asking an older agent for a command it lacks.
        "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Fetching guest info failed: virError(Code=1, Domain=10, Message='internal error: unable to execute QEMU agent command 'guest-get-load': The command guest-get-load has not been found')\",\"pos\":\"agent_poller.go:251\"}\n",
        // The agent answering while a snapshot holds the guest frozen.
        "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Fetching guest info failed: virError(Code=1, Domain=10, Message='internal error: unable to execute QEMU agent command 'guest-get-fsinfo': Command guest-get-fsinfo has been disabled: the agent is in frozen state')\",\"pos\":\"agent_poller.go:251\"}\n",
    ] {
        let (_, _, text) = blame(paste);
        assert!(!text.contains(AGENT_TITLE), "{text}");
    }
}

#[test]
fn kube_ovns_webhook_refusing_a_network_request_is_the_networks() {
    for paste in [
        "$ kubectl apply -f vm-fixed-ip.yaml\nError from server (ippool \"pool-db\" not found): error when creating \"vm-fixed-ip.yaml\": admission webhook \"pod-ip-validating.kube-ovn.io\" denied the request: ippool \"pool-db\" not found\n",
        "Error from server (overlap): error when creating \"web.yaml\": admission webhook \"pod-ip-validaing.kube-ovn.io\" denied the request: overlap\n",
        "  Warning  FailedCreate  2s (x12 over 40s)  virtualmachine-controller  Error creating pod: admission webhook \"pod-ip-validating.kube-ovn.io\" denied the request: invalid static ip/ippool annotation value: 10.16.0.300\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Network), "{text}");
        assert!(text.contains("Kube-OVN"), "{text}");
    }
}

#[test]
fn a_stream_upgrade_refused_as_unauthorised_is_the_control_planes() {
    for paste in [
        "$ virtctl vnc --proxy-only -s http://127.0.0.1:8001 win10\nunable to upgrade connection: Forbidden\n",
        "$ kubectl exec -it virt-launcher-db-1-x2k9q -c compute -- virsh list\nerror: unable to upgrade connection: Unauthorized\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{text}");
        assert!(text.contains("upgrade"), "{text}");
    }
}

#[test]
fn an_upgrade_refused_for_the_pods_state_is_not_the_api_paths() {
    let paste = "$ kubectl exec -it virt-launcher-db-1-x2k9q -c compute -- bash\nerror: unable to upgrade connection: container not found (\"compute\")\n";
    let (_, _, text) = blame(paste);
    assert!(
        !text.contains("refused to upgrade the console or stream connection"),
        "{text}"
    );
}

#[test]
fn the_guest_agents_answer_to_a_list_subresource_is_read_not_refused() {
    for paste in [
        "{\n  \"items\": [\n    {\"userName\": \"fedora\", \"loginTime\": 1712345678.25},\n    {\"userName\": \"Administrator\", \"domain\": \"CORP\", \"loginTime\": 1712345000.5}\n  ],\n  \"metadata\": {}\n}\n",
        "items:\n- diskName: sda2\n  fileSystemType: xfs\n  mountPoint: /\n  totalBytes: 21464350720\n  usedBytes: 3221225472\n  disk:\n  - busType: scsi\n    serial: data-1\nmetadata: {}\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, None, "{text}");
        assert!(text.contains("the guest agent answered"), "{text}");
    }
}

const WAIT_TITLE: &str = "the paste ends while virtctl still waits";

#[test]
fn a_paste_that_ends_inside_a_virtctl_wait_is_the_control_planes() {
    for paste in [
        "$ virtctl vmexport download exp-1 --vm=db --output=disk.img\nVirtualMachineExport 'default/exp-1' created succesfully\nwaiting for VM Export exp-1 status to be ready...\nwaiting for VM Export exp-1 status to be ready...\n",
        "$ virtctl vmexport download exp-2 --volume=data-pvc --output=data.img\ncouldn't get VM Export exp-2, waiting for it to be created...\n",
        "```\n$ virtctl image-upload dv fedora --size=20Gi --image-path=Fedora.qcow2 --insecure\nDataVolume default/fedora created\nWaiting for PVC fedora upload pod to be ready...\n```\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{text}");
        assert!(text.contains(WAIT_TITLE), "{text}");
    }
}

#[test]
fn a_wait_that_ended_or_a_blamed_cause_is_not_an_unfinished_wait() {
    let done = "$ virtctl image-upload dv fedora --size=20Gi --image-path=Fedora.qcow2\nDataVolume default/fedora created\nWaiting for PVC fedora upload pod to be ready...\nPod now ready\nUploading data to https://cdi-uploadproxy.example\nUploading data completed successfully, waiting for processing to complete, you can hit ctrl-c without interrupting the progress\nProcessing completed successfully\nUploading Fedora.qcow2 completed successfully\n";
    let (l, _, text) = blame(done);
    assert_eq!(l, None, "{text}");
    assert!(!text.contains(WAIT_TITLE), "{text}");
    // guestfs waits on a pod's container state, read by the pod's own readers.
    let guestfs = "$ virtctl guestfs data-pvc\nWaiting for container libguestfs still in pending, reason: ContainerCreating, message:  \n";
    let (_, _, text) = blame(guestfs);
    assert!(!text.contains(WAIT_TITLE), "{text}");
}
