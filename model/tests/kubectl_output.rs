//! kubectl's human output read column by column and section by section (issue 25, items 1, 5
//! and 6): `get` tables of every kind after any prompt, with or without header, cut, indented;
//! every STATUS/PHASE value with its meaning and layer; `describe` named, timed and read by
//! section; a multi-command paste read whole, later blocks winning over earlier ones.
//!
//! The shapes follow kubectl's printers (`pkg/printers/internalversion/printers.go`) and the
//! CRDs' additionalPrinterColumns in KubeVirt's
//! `pkg/virt-operator/resource/generate/components/crds.go` (VMI: NAME AGE PHASE IP NODENAME
//! READY, `-o wide` adds LIVE-MIGRATABLE PAUSED; VM: NAME AGE STATUS READY; VMIM: NAME PHASE
//! VMI) and CDI's DataVolume CRD (NAME PHASE PROGRESS RESTARTS AGE).

use model::cli::{CliOptions, diagnose_text};
use model::input::analyse;
use model::input::blocks::prompt_command;
use model::verdict::{Health, Layer};
use model::view::BlockFormat;

fn verdict(paste: &str) -> (Option<Layer>, Health, String) {
    let a = analyse(paste, None).unwrap_or_else(|e| panic!("not read: {e}\n{paste}"));
    let v = a.verdict();
    (v.layer, v.health, v.title)
}

fn exit_code(paste: &str) -> i32 {
    diagnose_text(paste, &CliOptions::default()).exit_code
}

fn formats(paste: &str) -> Vec<BlockFormat> {
    analyse(paste, None)
        .map(|a| a.blocks.iter().map(|b| b.format).collect())
        .unwrap_or_default()
}

const PROMPTS: [&str; 12] = [
    "$ ",
    "# ",
    "~$ ",
    "host:~ # ",
    "n1-hp6:~ # ",
    "[root@host ~]# ",
    "PS C:\\> ",
    "> ",
    "user@host:~/dir$ ",
    "root@master-1:~# ",
    "[user@bastion ~]$ ",
    "",
];

#[test]
fn every_prompt_form_gives_the_command() {
    for p in PROMPTS {
        for cmd in [
            "kubectl get vmi -A -o wide",
            "oc get vm",
            "k get pods -n x",
            "virtctl migrate web",
        ] {
            let line = format!("{p}{cmd}");
            assert_eq!(prompt_command(&line), Some(cmd), "{line}");
        }
    }
}

/// `kubectl get vmi -A -o wide` as KubeVirt's VMI printer columns print it.
fn vmi_wide(rows: &[(&str, &str, &str)]) -> String {
    let mut t = String::from(
        "NAMESPACE   NAME     AGE   PHASE       IP             NODENAME   READY   LIVE-MIGRATABLE   PAUSED\n",
    );
    for (name, phase, node) in rows {
        let ready = if *phase == "Running" { "True" } else { "False" };
        t.push_str(&format!(
            "default     {name:<8} 3d    {phase:<11} 10.244.1.17    {node:<10} {ready:<7} True\n"
        ));
    }
    t
}

#[test]
fn a_wide_vmi_table_after_any_prompt_is_read_and_a_failed_vmi_is_broken() {
    let table = vmi_wide(&[("web", "Running", "n1-hp6"), ("db", "Failed", "n1-hp7")]);
    for p in PROMPTS {
        let paste = format!("{p}kubectl get vmi -A -o wide\n{table}");
        let (layer, health, title) = verdict(&paste);
        assert_eq!(health, Health::Broken, "{paste}\n{title}");
        assert_eq!(layer, Some(Layer::Node), "{paste}");
        assert!(title.contains("db"), "{title}");
        assert_eq!(exit_code(&paste), 1, "{paste}");
    }
}

#[test]
fn a_healthy_table_blames_nothing() {
    let pastes = [
        format!(
            "$ kubectl get vmi -A -o wide\n{}",
            vmi_wide(&[("web", "Running", "node01"), ("db", "Running", "node02")])
        ),
        "$ kubectl get vm\nNAME     AGE   STATUS    READY\nweb      3d    Running   True\ndb       3d    Stopped   False\n"
            .to_string(),
        "$ kubectl get nodes\nNAME     STATUS   ROLES           AGE   VERSION\nnode01   Ready    control-plane   40d   v1.29.2\nnode02   Ready    <none>          40d   v1.29.2\n"
            .to_string(),
        "$ kubectl get pods -o wide\nNAME                             READY   STATUS    RESTARTS   AGE   IP            NODE     NOMINATED NODE   READINESS GATES\nvirt-launcher-web-x7kq2          3/3     Running   0          3d    10.244.1.17   node01   <none>           1/1\n"
            .to_string(),
        "$ kubectl get dv\nNAME      PHASE       PROGRESS   RESTARTS   AGE\nweb-root  Succeeded   100.0%     0          3d\n"
            .to_string(),
    ];
    for paste in pastes {
        let (layer, _, title) = verdict(&paste);
        assert_eq!(layer, None, "{paste}\n{title}");
        assert_eq!(exit_code(&paste), 0, "{paste}");
    }
}

#[test]
fn every_final_vm_status_is_broken_and_names_its_layer() {
    // VirtualMachinePrintableStatus in staging/src/kubevirt.io/api/core/v1/types.go; an
    // unschedulable launcher pod is the node's (no node fits it), like PodScheduled False.
    let cases = [
        ("ErrorUnschedulable", Layer::Node),
        ("CrashLoopBackOff", Layer::Node),
        ("ErrImagePull", Layer::Node),
        ("ImagePullBackOff", Layer::Node),
        ("DataVolumeError", Layer::ControlPlane),
        ("ErrorPvcNotFound", Layer::ControlPlane),
    ];
    for (status, want) in cases {
        let paste = format!(
            "user@host:~/vms$ oc get vm\nNAME       AGE   STATUS{pad}READY\nfedora-1   12m   {status}   False\n",
            pad = " ".repeat(status.len().saturating_sub(3))
        );
        let (layer, health, title) = verdict(&paste);
        assert_eq!(
            (layer, health),
            (Some(want), Health::Broken),
            "{paste}\n{title}"
        );
        assert!(title.contains("fedora-1"), "{title}");
        assert_eq!(exit_code(&paste), 1);
    }
    // The passing states are not faults.
    for status in [
        "Stopped",
        "Provisioning",
        "Starting",
        "Running",
        "Stopping",
        "Migrating",
    ] {
        let paste = format!(
            "$ kubectl get vm\nNAME       AGE   STATUS         READY\nfedora-1   12m   {status}   False\n"
        );
        assert_eq!(exit_code(&paste), 0, "{paste}");
    }
}

#[test]
fn a_table_cut_at_the_top_is_read_with_the_commands_columns() {
    // The header scrolled away: kubectl's default VM columns are used.
    let paste = "[root@bastion ~]# kubectl get vm -n prod\nrhel9-a   2d    Running              True\nrhel9-b   2d    ErrorUnschedulable   False\n";
    let (layer, health, title) = verdict(paste);
    assert_eq!(
        (layer, health),
        (Some(Layer::Node), Health::Broken),
        "{title}"
    );
    assert!(title.contains("prod/rhel9-b"), "{title}");
    assert_eq!(formats(paste), [BlockFormat::Table]);
}

#[test]
fn an_indented_table_between_prose_is_read() {
    let paste = "Hi, after the upgrade my VM does not start:\n\n    NAME        AGE   STATUS              READY\n    win2k22     5m    ErrorPvcNotFound    False\nAny idea what is wrong?\n";
    let (layer, health, title) = verdict(paste);
    assert_eq!(
        (layer, health),
        (Some(Layer::ControlPlane), Health::Broken),
        "{title}"
    );
    assert!(title.contains("win2k22"), "{title}");
    // A word of thanks right under a table is not a VM.
    let paste = "$ kubectl get vm\nNAME      AGE   STATUS    READY\nwin2k22   5m    Running   True\nThanks!\n";
    let a = analyse(paste, None).unwrap();
    let names: Vec<&str> = a.dump.bundles.iter().map(|b| b.key.name.as_str()).collect();
    assert_eq!(names, ["win2k22"]);
}

#[test]
fn launcher_pods_in_final_states_break_the_node_layer() {
    for status in [
        "CrashLoopBackOff",
        "OOMKilled",
        "Error",
        "Init:CrashLoopBackOff",
        "Init:Error",
        "CreateContainerConfigError",
        "Evicted",
    ] {
        let paste = format!(
            "# kubectl get pods -n vms\nNAME                          READY   STATUS{pad}RESTARTS      AGE\nvirt-launcher-vm1-abcde       1/2     {status}   5 (40s ago)   6m\n",
            pad = " ".repeat(status.len().saturating_sub(3))
        );
        let (layer, health, title) = verdict(&paste);
        assert_eq!(
            (layer, health),
            (Some(Layer::Node), Health::Broken),
            "{paste}\n{title}"
        );
        assert!(title.contains("virt-launcher-vm1-abcde"), "{title}");
    }
    // A control-plane pod's crash points at the control plane.
    let paste = "$ kubectl get pods -n kubevirt\nNAME                               READY   STATUS             RESTARTS       AGE\nvirt-controller-7d8f9c6b5d-2xk4p   0/1     CrashLoopBackOff   12 (2m ago)    40m\n";
    assert_eq!(verdict(paste).0, Some(Layer::ControlPlane));
}

#[test]
fn a_launcher_stuck_terminating_is_read_not_refused() {
    let paste = "~$ kubectl get pods -A\nNAMESPACE   NAME                         READY   STATUS        RESTARTS   AGE\ndefault     virt-launcher-testvm-qk8fz   0/2     Terminating   0          2d\n";
    let a = analyse(paste, None).expect("read");
    assert_eq!(a.blocks[0].format, BlockFormat::Table);
    assert!(
        a.blocks[0]
            .read
            .iter()
            .any(|r| r.what.contains("Terminating")),
        "{:?}",
        a.blocks[0].read
    );
}

#[test]
fn a_not_ready_node_hosting_the_vmi_is_broken() {
    let paste = format!(
        "$ kubectl get vmi -A -o wide\n{}\n$ kubectl get nodes\nNAME     STATUS                        ROLES    AGE   VERSION\nnode01   Ready                         master   90d   v1.27.4\nnode02   NotReady,SchedulingDisabled   worker   90d   v1.27.4\n",
        vmi_wide(&[("web", "Running", "node02")])
    );
    let (layer, health, title) = verdict(&paste);
    assert_eq!(
        (layer, health),
        (Some(Layer::Node), Health::Broken),
        "{title}"
    );
    assert!(title.contains("node02"), "{title}");
    assert_eq!(exit_code(&paste), 1);
}

#[test]
fn storage_final_states_break_the_control_plane() {
    let pvc = "$ kubectl get pvc\nNAME       STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   AGE\ndisk-web   Lost     pvc-1b7a0c44-6f1e-4e8c-9d3a-2b1c0d9e8f7a   30Gi       RWX            nfs-csi        9d\n";
    let dv = "$ kubectl get dv -n vms\nNAME          PHASE    PROGRESS   RESTARTS   AGE\nfedora-root   Failed   N/A        3          20m\n";
    for paste in [pvc, dv] {
        let (layer, health, title) = verdict(paste);
        assert_eq!(
            (layer, health),
            (Some(Layer::ControlPlane), Health::Broken),
            "{paste}\n{title}"
        );
    }
}

#[test]
fn a_failed_migration_in_its_table_is_the_migration_layer() {
    let paste = "$ kubectl get vmim -n vms\nNAME                        PHASE       VMI\nkubevirt-evacuation-8xk2p   Failed      rhel9\nkubevirt-evacuation-q9w7c   Succeeded   centos\n";
    let (layer, health, title) = verdict(paste);
    assert_eq!(
        (layer, health),
        (Some(Layer::Migration), Health::Broken),
        "{title}"
    );
    assert!(title.contains("kubevirt-evacuation-8xk2p"), "{title}");
}

/// `kubectl describe vmi` as kubectl's generic describer prints a VMI (Title Case fields).
const DESCRIBE_VMI: &str = "Name:         rhel9-vm
Namespace:    vms
Labels:       kubevirt.io/nodeName=worker-2
Annotations:  kubevirt.io/latest-observed-api-version: v1
API Version:  kubevirt.io/v1
Kind:         VirtualMachineInstance
Metadata:
  Creation Timestamp:  2024-05-02T08:11:42Z
  Generation:          14
Status:
  Conditions:
    Last Probe Time:       <nil>
    Last Transition Time:  2024-05-02T08:12:10Z
    Status:                True
    Type:                  Ready
  Migration State:
    Completed:         true
    End Timestamp:     2024-05-06T14:03:27Z
    Failed:            true
    Migration UID:     6a1f3c1e-2b4d-4c55-9e0f-7d8a9b0c1d2e
    Source Node:       worker-2
    Start Timestamp:   2024-05-06T14:01:02Z
    Target Node:       worker-5
  Node Name:           worker-2
  Phase:               Running
Events:
  Type     Reason           Age   From                       Message
  ----     ------           ----  ----                       -------
  Warning  Migrated         12m   virt-handler               VirtualMachineInstance migration uid 6a1f3c1e failed. reason: Live migration failed
";

#[test]
fn a_describe_vmi_is_named_timed_and_its_migration_state_is_not_its_phase() {
    let paste = format!("n1-hp6:~ # kubectl describe vmi rhel9-vm -n vms\n{DESCRIBE_VMI}");
    let a = analyse(&paste, None).unwrap();
    assert_eq!(a.blocks[0].format, BlockFormat::Describe);
    let keys: Vec<String> = a.dump.bundles.iter().map(|b| b.key.to_string()).collect();
    assert!(keys.iter().any(|k| k.contains("rhel9-vm")), "{keys:?}");
    assert_eq!(a.report.now_source, "newest timestamp in the input");
    assert_eq!(
        a.report.now.map(|t| t.to_rfc3339()),
        Some("2024-05-06T14:03:27Z".to_string())
    );
    let v = a.verdict();
    assert_eq!(v.layer, Some(Layer::Migration), "{v:?}");
    // The phase is Running: nothing says the VMI is Failed.
    let text = model::cli::render_analysis(&a);
    assert!(!text.contains("is Failed"), "{text}");
    assert!(
        a.blocks[0]
            .read
            .iter()
            .any(|r| r.what == "VirtualMachineInstance vms/rhel9-vm: Running"),
        "{:?}",
        a.blocks[0].read
    );
}

#[test]
fn a_describe_pod_or_node_gives_its_status() {
    let pod = "$ kubectl describe pod virt-launcher-rhel9-vm-9pl2x -n vms
Name:             virt-launcher-rhel9-vm-9pl2x
Namespace:        vms
Priority:         0
Service Account:  default
Node:             worker-2/192.168.10.12
Start Time:       Thu, 02 May 2024 08:11:43 +0000
Labels:           kubevirt.io=virt-launcher
Status:           Running
IP:               10.128.2.44
Containers:
  compute:
    Container ID:  cri-o://4b1d
    Image:         registry.redhat.io/container-native-virtualization/virt-launcher-rhel9
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
    Ready:          False
    Restart Count:  6
";
    let (layer, health, title) = verdict(pod);
    assert_eq!(
        (layer, health),
        (Some(Layer::Node), Health::Broken),
        "{title}"
    );
    assert!(title.contains("CrashLoopBackOff"), "{title}");

    let node = "$ kubectl describe node worker-2
Name:               worker-2
Roles:              worker
Labels:             kubernetes.io/hostname=worker-2
CreationTimestamp:  Mon, 01 Jan 2024 10:00:00 +0000
Taints:             node.kubernetes.io/unreachable:NoExecute
Unschedulable:      false
Conditions:
  Type             Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message
  ----             ------    -----------------                 ------------------                ------              -------
  MemoryPressure   Unknown   Mon, 06 May 2024 14:00:01 +0000   Mon, 06 May 2024 14:01:12 +0000   NodeStatusUnknown   Kubelet stopped posting node status.
  Ready            Unknown   Mon, 06 May 2024 14:00:01 +0000   Mon, 06 May 2024 14:01:12 +0000   NodeStatusUnknown   Kubelet stopped posting node status.
";
    let (layer, health, title) = verdict(node);
    assert_eq!(
        (layer, health),
        (Some(Layer::Node), Health::Broken),
        "{title}"
    );
    assert!(title.contains("worker-2"), "{title}");
}

#[test]
fn a_later_block_wins_over_an_earlier_one_and_the_contradiction_is_said() {
    // Before the drain the VMI had failed on node01; after it, it runs on node02.
    let paste = format!(
        "$ kubectl get vmi -A -o wide\n{}\n$ kubectl drain node01 --ignore-daemonsets --delete-emptydir-data\nnode/node01 cordoned\nnode/node01 drained\n\n$ kubectl get vmi -A -o wide\n{}",
        vmi_wide(&[("web", "Failed", "node01")]),
        vmi_wide(&[("web", "Running", "node02")])
    );
    let a = analyse(&paste, None).unwrap();
    let notes: Vec<String> = a.report.notes.iter().map(|n| n.message.clone()).collect();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("node02") && n.contains("node01") && n.contains("later")),
        "{notes:?}"
    );
    assert_ne!(a.verdict().health, Health::Broken, "{:?}", a.verdict());
    // Every block of the paste was read.
    let tables = a
        .blocks
        .iter()
        .filter(|b| b.format == BlockFormat::Table)
        .count();
    assert_eq!(tables, 2, "{:?}", a.blocks);
}

#[test]
fn describe_of_a_migration_a_vm_and_a_datavolume_gives_their_status() {
    let vmim = "$ kubectl describe vmim kubevirt-migrate-vm-4xq7z -n vms
Name:         kubevirt-migrate-vm-4xq7z
Namespace:    vms
API Version:  kubevirt.io/v1
Kind:         VirtualMachineInstanceMigration
Metadata:
  Creation Timestamp:  2024-05-06T14:00:58Z
Spec:
  Vmi Name:  rhel9-vm
Status:
  Phase:  Failed
  Phase Transition Timestamps:
    Phase:                       Failed
    Phase Transition Timestamp:  2024-05-06T14:03:27Z
";
    let a = analyse(vmim, None).unwrap();
    let v = a.verdict();
    assert_eq!(
        (v.layer, v.health),
        (Some(Layer::Migration), Health::Broken),
        "{v:?}"
    );
    assert!(a.dump.bundles.iter().any(|b| b.key.name == "rhel9-vm"));
    assert_eq!(
        a.report.now.map(|t| t.to_rfc3339()),
        Some("2024-05-06T14:03:27Z".into())
    );

    let vm = "$ kubectl describe vm fedora-1
Name:         fedora-1
Namespace:    default
Kind:         VirtualMachine
Spec:
  Run Strategy:  Always
Status:
  Conditions:
    Last Probe Time:       2024-03-01T10:00:00Z
    Reason:                Unschedulable
    Status:                False
    Type:                  PodScheduled
  Printable Status:        ErrorUnschedulable
";
    let (layer, health, title) = verdict(vm);
    assert_eq!(
        (layer, health),
        (Some(Layer::Node), Health::Broken),
        "{title}"
    );

    let dv = "$ kubectl describe dv fedora-root -n vms
Name:         fedora-root
Namespace:    vms
Kind:         DataVolume
Status:
  Phase:     Failed
  Progress:  N/A
  Restart Count:  3
";
    let (layer, health, title) = verdict(dv);
    assert_eq!(
        (layer, health),
        (Some(Layer::ControlPlane), Health::Broken),
        "{title}"
    );
}

#[test]
fn a_describe_with_only_rfc1123_times_is_judged_at_its_newest() {
    let node = "$ kubectl describe node worker-2
Name:               worker-2
Roles:              worker
Conditions:
  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message
  ----             ------  -----------------                 ------------------                ------                       -------
  Ready            True    Mon, 06 May 2024 14:00:01 +0000   Mon, 01 Jan 2024 10:00:00 +0000   KubeletReady                 kubelet is posting ready status
";
    let a = analyse(node, None).unwrap();
    assert_eq!(
        a.report.now.map(|t| t.to_rfc3339()),
        Some("2024-05-06T14:00:01Z".into())
    );
    assert_eq!(a.verdict().layer, None);
}

#[test]
fn a_not_ready_node_that_hosts_none_of_the_vmis_is_only_degraded() {
    let paste = format!(
        "$ kubectl get vmi -A -o wide\n{}\n$ kubectl get nodes\nNAME     STATUS     ROLES    AGE   VERSION\nnode01   Ready      master   90d   v1.27.4\nnode03   NotReady   worker   90d   v1.27.4\n",
        vmi_wide(&[("web", "Running", "node01")])
    );
    let (layer, health, _) = verdict(&paste);
    assert_eq!((layer, health), (Some(Layer::Node), Health::Degraded));
    assert_eq!(exit_code(&paste), 0);
}

#[test]
fn an_events_table_hands_its_rows_to_the_vmi_their_object_names() {
    let paste = format!(
        "$ kubectl get vmi -A -o wide\n{}\n$ kubectl get events -n default\nLAST SEEN   TYPE      REASON             OBJECT                              MESSAGE\n2m          Warning   FailedScheduling   pod/virt-launcher-db-7xk2q          0/3 nodes are available: 3 Insufficient devices.kubevirt.io/kvm.\n",
        vmi_wide(&[("web", "Running", "node01"), ("db", "Scheduling", "")])
    );
    let a = analyse(&paste, None).unwrap();
    let db = a
        .dump
        .bundles
        .iter()
        .find(|b| b.key.name == "db")
        .expect("db bundle");
    assert!(!db.signals.is_empty(), "{:?}", a.dump.bundles);
    let web = a
        .dump
        .bundles
        .iter()
        .find(|b| b.key.name == "web")
        .expect("web bundle");
    assert!(web.signals.is_empty(), "{:?}", web.signals);
}

#[test]
fn a_command_listing_several_kinds_reads_each_row_as_its_own_kind() {
    let paste = "$ kubectl get vmi,vm -n vms
NAME                                        AGE   PHASE     IP            NODENAME   READY
virtualmachineinstance.kubevirt.io/alpine   3h    Running   10.244.0.21   node01     True

NAME                                       AGE   STATUS               READY
virtualmachine.kubevirt.io/alpine          3h    Running              True
virtualmachine.kubevirt.io/fedora          3h    ErrorUnschedulable   False
";
    let (layer, health, title) = verdict(paste);
    assert_eq!(
        (layer, health),
        (Some(Layer::Node), Health::Broken),
        "{title}"
    );
    assert!(title.contains("VirtualMachine fedora"), "{title}");
}

#[test]
fn rows_cut_from_their_header_and_command_are_read_by_their_shape() {
    // A VMI row (age, then a phase, then its node), a pod row (READY n/m, then its status), a
    // VM row (age, status, True/False), a node row (status ... version).
    let cases = [
        (
            "testvm   19s   Failed         kf-w-1\n",
            Layer::Node,
            "VirtualMachineInstance testvm",
        ),
        (
            "default   virt-launcher-web-x7kq2   1/2   OOMKilled   3   10m\n",
            Layer::Node,
            "Pod default/virt-launcher-web-x7kq2",
        ),
        (
            "fedora-1   12m   ErrorUnschedulable   False\n",
            Layer::Node,
            "VirtualMachine fedora-1",
        ),
        (
            "worker-3   NotReady   worker   90d   v1.28.3\n",
            Layer::Node,
            "Node worker-3",
        ),
    ];
    for (rows, layer, what) in cases {
        let paste = format!("Here is what I see:\n\n{rows}");
        let (l, health, title) = verdict(&paste);
        assert_eq!(
            (l, health),
            (Some(layer), Health::Broken),
            "{paste}\n{title}"
        );
        assert!(title.contains(what), "{title}");
    }
    // Prose is not a table: it is read as text, and blames nothing.
    let prose =
        analyse("the vm is   not running  since   yesterday\n", None).expect("text is read");
    assert!(
        prose
            .blocks
            .iter()
            .all(|b| b.format != model::view::BlockFormat::Table),
        "{:?}",
        prose.blocks
    );
    assert!(!prose.report.is_broken());
}

#[test]
fn a_describe_pvc_gives_its_phase() {
    let pvc = "$ kubectl describe pvc rootdisk-win -n vms
Name:          rootdisk-win
Namespace:     vms
StorageClass:  nfs-csi
Status:        Lost
Volume:        pvc-0d1e2f3a
Labels:        <none>
Capacity:      0
Access Modes:
VolumeMode:    Filesystem
Used By:       virt-launcher-win-2kq8d
Events:        <none>
";
    let (layer, health, title) = verdict(pvc);
    assert_eq!(
        (layer, health),
        (Some(Layer::ControlPlane), Health::Broken),
        "{title}"
    );
    assert!(title.contains("vms/rootdisk-win"), "{title}");
}

#[test]
fn a_vmi_only_a_table_names_says_so() {
    let paste = "$ kubectl get vm\nNAME   AGE   STATUS             READY\nweb    3d    CrashLoopBackOff   False\n";
    let text = model::cli::render_analysis(&analyse(paste, None).unwrap());
    assert!(text.contains("only kubectl output names it"), "{text}");
    assert!(!text.contains("log lines"), "{text}");
}

/// A healthy table blames nothing, but the text form still says what it saw: each object with
/// the status its row gave (an operator reading "no fault" must see that the rows were read).
#[test]
fn a_healthy_table_says_what_it_read() {
    let paste = "$ kubectl get vmi -A -o wide\n\
NAMESPACE   NAME     AGE   PHASE     IP            NODENAME   READY   LIVE-MIGRATABLE   PAUSED\n\
default     testvm   5d    Running   10.244.1.12   node01     True    True\n\
$ kubectl get nodes\n\
NAME     STATUS   ROLES    AGE   VERSION\n\
node01   Ready    <none>   90d   v1.31.2\n";
    let a = model::input::analyse(paste, None).expect("a table is read");
    assert_eq!(a.verdict().layer, None);
    let out = model::cli::render_analysis(&a);
    assert!(out.contains("default/testvm: Running"), "{out}");
    assert!(out.contains("node01: Ready"), "{out}");
}

// A table with a REASON column is an events listing only with the event's columns (kubectl's
// `printers.go` event columns: LAST SEEN, TYPE, REASON, OBJECT, MESSAGE); a Tekton
// PipelineRun's `SUCCEEDED REASON` table is a kind Strata does not read, and its `Succeeded`
// reason says nothing of a VMI.
#[test]
fn a_foreign_kinds_reason_column_is_no_event_and_its_succeeded_no_vmi_phase() {
    let runs = "$ kubectl get pipelinerun\n\
        NAME                      SUCCEEDED   REASON      STARTTIME   COMPLETIONTIME\n\
        my-vm-creation-pipeline   True        Succeeded   11m         9m54s\n";
    assert_eq!(formats(runs), [BlockFormat::Table]);
    let (layer, _, title) = verdict(runs);
    assert_eq!(layer, None, "{title}");
    assert_eq!(exit_code(runs), 0);
    // A VMI's own custom columns pasted without their command still read by their cells.
    let custom = "NAME   PHASE    NODE\n\
        web    Failed   node1\n";
    assert!(verdict(custom).0.is_some(), "{custom}");
    let events = "LAST SEEN   TYPE      REASON   OBJECT                        MESSAGE\n\
        2m          Warning   Failed   pod/virt-launcher-web-abcde   Error: ImagePullBackOff\n";
    assert_eq!(formats(events), [BlockFormat::Events]);
}

// A wrapper's line of prose between the command and the table (kubevirtci's `kubectl`
// wrapper prints `selecting docker as container runtime`) is no VMI row: every row of a kind
// that prints an AGE column has an age.
#[test]
fn a_line_of_prose_after_the_command_is_no_row() {
    let paste = "$ kubectl get vmi\n\
        selecting docker as container runtime\n\
        NAME          AGE   PHASE     IP               NODENAME   READY\n\
        vm-fedora34   11m   Running   10.244.196.175   node01     True\n";
    let a = analyse(paste, None).expect("read");
    let read: Vec<&str> = a
        .blocks
        .iter()
        .flat_map(|b| b.read.iter().map(|r| r.what.as_str()))
        .collect();
    assert!(!read.iter().any(|w| w.contains("selecting")), "{read:?}");
    assert!(
        read.iter().any(|w| w.contains("vm-fedora34: Running")),
        "{read:?}"
    );
    assert_eq!(a.verdict().layer, None);
}

// An operator's own `virtctl pause` (virtctl's `pause.go` answers `VMI <name> was scheduled to
// pause`) explains the VM's `Paused` status that follows it; a Paused VM nobody in the paste
// paused stays a degraded guest.
#[test]
fn a_pause_the_paste_asked_for_is_no_fault() {
    let table = "$ kubectl get vm\n\
        NAME              AGE     STATUS   READY\n\
        virtctl-example   8m14s   Paused   False\n";
    let (layer, health, _) = verdict(table);
    assert_eq!((layer, health), (Some(Layer::Guest), Health::Degraded));
    for asked in [
        "$ virtctl pause vm virtctl-example\n",
        "VMI virtctl-example was scheduled to pause\n",
    ] {
        let paste = format!("{asked}\n{table}");
        let (layer, _, title) = verdict(&paste);
        assert_eq!(layer, None, "{title}");
        assert_eq!(exit_code(&paste), 0);
    }
    // Another VM's pause explains nothing here.
    let other = format!("$ virtctl pause vm db\n\n{table}");
    assert_eq!(verdict(&other).0, Some(Layer::Guest));
}
