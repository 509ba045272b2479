//! Round 31: batch32 as the working set (the table in `fixtures/fresh/README.md`, "Round 31"),
//! each category read whole from its source; every input is a synthetic member shaped after the
//! program that writes it, never copied from a batch item:
//!
//! - a name that does not resolve, in every resolver's and tool's words (glibc's and musl's
//!   `gai_strerror`, curl, wget, BusyBox, BIND's dig and nslookup), and a line about the cluster's
//!   Services and DNS (ClusterIP, kube-dns, CoreDNS, resolv.conf): the network's;
//! - the API server's authorization denial (`forbiddenMessage`) wrapped before its scope, with
//!   placeholders for its values, and its non-resource form: the control plane's;
//! - output piped through moreutils' `ts`: read without the stamps (a watched migration table);
//! - virt-freezer failing a freeze for want of the guest agent (the guest's), and Velero's hook
//!   run on a launcher pod that no longer runs (noise);
//! - a block about another kind (a DataVolume's YAML or table) not read as a VMI's or a pod's
//!   fields.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

#[test]
fn a_name_that_does_not_resolve_is_the_networks() {
    for paste in [
        "[centos@vm-1 ~]$ curl -sS https://mirror.example.org/repo\ncurl: (6) Could not resolve host: mirror.example.org\n",
        "$ kubectl exec -it dnsutils -- nslookup api.apps.svc.cluster.local\n;; connection timed out; no servers could be reached\n",
        "$ kubectl exec -it dnsutils -- nslookup nosuch.apps.svc.cluster.local\nServer:\t\t10.43.0.10\nAddress:\t10.43.0.10#53\n\n** server can't find nosuch.apps.svc.cluster.local: NXDOMAIN\n",
        "debian@vm-2:~$ ssh git@git.example.com\nssh: Could not resolve hostname git.example.com: Temporary failure in name resolution\n",
        "/ # wget http://web.apps.svc\nwget: bad address 'web.apps.svc'\n",
        "$ ping -c1 registry.local\nping: registry.local: Name does not resolve\n",
        "[root@tenant-node ~]# dnf makecache\nwget: unable to resolve host address 'mirror.example.org'\n",
        // the cluster's Services and DNS named in a report, no tool's words
        "From inside the guest:\n- requests to any ClusterIP service fail\n- pods and the internet are reachable\n",
        "the guest's queries to the kube-dns Service time out and fail\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Network), "{paste}\n{text}");
    }
}

#[test]
fn an_authorization_denial_wrapped_or_with_placeholders_is_the_control_planes() {
    for paste in [
        "Error from server (Forbidden): User <user> cannot patch resource \"virtualmachineinstances/pause\"\nin API group \"subresources.kubevirt.io\" in the namespace <namespace>\n",
        "User \"dev1\" cannot create resource \"virtualmachineinstancemigrations\"\nin API group \"kubevirt.io\" in the namespace \"team-a\"\n",
        "Error from server (Forbidden): User \"system:serviceaccount:ci:runner\" cannot get path \"/metrics\"\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{paste}\n{text}");
        assert!(text.contains("may not"), "{text}");
    }
}

#[test]
fn output_stamped_by_ts_is_read_without_its_stamps() {
    // A migration watched to its end: every phase on the way, none a fault.
    let paste = "$ kubectl get vmim mig-db-7 -w | ts\nMar 02 10:00:01 NAME       PHASE        VMI\nMar 02 10:00:01 mig-db-7   Pending      db-7\nMar 02 10:00:03 mig-db-7   Scheduling   db-7\nMar 02 10:00:06 mig-db-7   Scheduled    db-7\nMar 02 10:00:07 mig-db-7   Running      db-7\nMar 02 10:00:19 mig-db-7   Succeeded    db-7\n";
    let (l, _, text) = blame(paste);
    assert_eq!(l, None, "{text}");
    // The same without the command: the stamped header says it is a table.
    let bare = paste.lines().skip(1).collect::<Vec<_>>().join("\n");
    let (l, _, text) = blame(&bare);
    assert_eq!(l, None, "{text}");
    // A stamped watch that ends Failed still says so, with ts's ISO format.
    let failed = "$ kubectl get vmim mig-db-8 -w | ts '%Y-%m-%d %H:%M:%S'\n2026-03-02 10:00:01 NAME       PHASE        VMI\n2026-03-02 10:00:01 mig-db-8   Scheduling   db-8\n2026-03-02 10:05:40 mig-db-8   Failed       db-8\n";
    let (l, _, text) = blame(failed);
    assert_eq!(l, Some(Layer::Migration), "{text}");
}

#[test]
fn a_freeze_without_the_guest_agent_is_the_guests_and_a_hook_on_a_gone_container_is_noise() {
    for paste in [
        "{\"component\":\"freezer\",\"level\":\"info\",\"msg\":\"Starting...\",\"pos\":\"main.go:46\"}\n{\"component\":\"freezer\",\"level\":\"error\",\"msg\":\"Freezeing VMI failed\",\"pos\":\"main.go:81\",\"reason\":\"server error. command Freeze failed: \\\"LibvirtError(Code=86, Domain=10, Message='Guest agent is not responding: Guest agent not available for now')\\\"\"}\n",
        "{\"component\":\"freezer\",\"level\":\"error\",\"msg\":\"Unfreezeing VMI failed\",\"reason\":\"server error. command Unfreeze failed: \\\"LibvirtError(Code=86, Domain=10, Message='Guest agent is not responding: QEMU guest agent is not connected')\\\"\"}\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Guest), "{paste}\n{text}");
    }
    let hook = "time=\"2026-02-01T01:00:04Z\" level=error msg=\"Error executing hook\" backup=velero/nightly-20260201 error=\"unable to upgrade connection: container not found (\\\"compute\\\")\" hookPhase=post hookSource=annotation hookType=exec logSource=\"internal/hook/item_hook_handler.go:214\" name=virt-launcher-db-1-abcde namespace=apps resource=pods\n";
    let (l, _, text) = blame(hook);
    assert_eq!(l, None, "{text}");
}

#[test]
fn a_block_about_another_kind_is_not_read_as_a_vmis_fields() {
    let dv = "$ kubectl get dv disk-1 -o yaml\napiVersion: cdi.kubevirt.io/v1beta1\nkind: DataVolume\nmetadata:\n  name: disk-1\n  namespace: apps\nspec:\n  source:\n    http:\n      url: https://images.example.org/disk.qcow2\nstatus:\n  conditions:\n  - lastTransitionTime: \"2026-03-01T09:00:00Z\"\n    message: Import Complete\n    reason: Completed\n    status: \"False\"\n    type: Running\n  phase: Succeeded\n  progress: 100.0%\n";
    let (l, _, text) = blame(dv);
    assert_eq!(l, None, "{text}");
    let table = "$ kubectl get dv -n apps\nNAME     PHASE       PROGRESS   RESTARTS   AGE\ndisk-1   Succeeded   100.0%     0          3m\n";
    let (l, _, text) = blame(table);
    assert_eq!(l, None, "{text}");
    // A VMI's own row still says its guest shut down.
    let vmi = "$ kubectl get vmi -n apps\nNAME   AGE   PHASE       IP    NODENAME   READY\nvm-1   2d    Succeeded         node-1     False\n";
    let (l, _, text) = blame(vmi);
    assert_eq!(l, Some(Layer::Guest), "{text}");
}
