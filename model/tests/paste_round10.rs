//! Round 10: mechanisms that read what no rule was written for (see `fixtures/fresh/README.md`,
//! "Round 10"). Each test's inputs are synthetic members of a family, shaped after the program
//! that prints them, never copied from a batch item:
//!
//! 1. text is never refused: a paste that is not an object, a table or any known format is
//!    read line by line; only empty, binary or broken-object input is refused;
//! 2. an error line that names no component gets its layer from the objects and subjects it
//!    names (`signatures::subjects`), a tie or a generic line keeping no layer;
//! 3. a node described with a taint of a bad condition is the node's.

#[path = "support/blame.rs"]
mod support_blame;

use model::input::analyse;
use support_blame::blame;

// ---- 1. text is never refused ----

#[test]
fn text_of_any_shape_is_read_and_healthy_text_blames_nothing() {
    let members = [
        // an unknown program's log, info only
        "2024-05-01 10:00:00,123 - main.py[INFO]: starting worker\n2024-05-01 10:00:01,002 - main.py[INFO]: worker ready\n",
        // a describe-like block indented by tabs, behind diff prefixes
        "+Status:\n+\tConditions:\n+\t\tMessage:  Clone Complete\n+\t\tReason:   Completed\n+\t\tStatus:   False\n+\t\tType:     Running\n",
        // a table of an unknown kind behind diff prefixes
        "+$ kubectl get foo\n+NAME   AGE   STATE\n+a      1m    ok\n+b      2m    ok\n",
        // YAML that lost its indentation, in a fence with comments
        "```yaml\n# before\nspec:\ntemplate:\nspec:\ndomain:\ncpu:\ncores: 2\n```\n",
        // prose with a guest's console
        "I logged in on the console and everything looks fine:\n\nfedora login: root\nPassword:\n[root@vm ~]# uptime\n 10:00:00 up 3 min,  1 user,  load average: 0.00\n",
    ];
    for p in members {
        let a = analyse(p, None).unwrap_or_else(|e| panic!("refused: {e}\n{p}"));
        assert_eq!(a.verdict().layer, None, "{p}");
        assert!(!a.report.is_broken(), "{p}");
    }
}

#[test]
fn only_nothing_binary_or_a_broken_object_is_refused() {
    for p in [
        "",
        "   \n\t\n",
        "\0\u{1}\u{2}binary\0",
        "kind: [\n",
        "{\"kind\": \"Pod\", \"status\": {,}}",
    ] {
        assert!(analyse(p, None).is_err(), "{p:?}");
    }
    let e = analyse("kind: [\n", None).unwrap_err();
    assert!(e.line.is_some(), "{e}");
    let (layer, _, _) = blame("just some words about my cluster\n");
    assert_eq!(layer, None);
}

// ---- 2. an error line's layer from what it names ----

use model::evidence::SignalPlane;
use model::verdict::Layer;

fn layers_of(members: &[&str], want: Layer) {
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(want), "{p}\n{text}");
    }
}

#[test]
fn an_error_line_naming_network_objects_is_the_networks() {
    layers_of(
        &[
            "2024-02-01T10:00:00Z ERROR ipam allocation failed: no free addresses in range of net-attach-def tenant/blue\n",
            "dhclient[811]: failed to renew the DHCP lease on eth1\n",
            "error: the SR-IOV device plugin has no free VF left on the node's NIC pool\n",
            "I checked and then this came: failed to reserve the requested MAC address 02:00:00:aa:bb:cc\n",
        ],
        Layer::Network,
    );
}

#[test]
fn an_error_line_naming_the_nodes_storage_or_state_is_the_nodes() {
    layers_of(
        &[
            "rbd: sysfs write failed\n",
            "iscsiadm: failed to log in to the iSCSI target, giving up\n",
            "error: mount.nfs: access denied by server while mounting 10.0.0.5:/exports/vm\n",
            "NAME          STATE   NODE\nlonghorn-im-a  error   worker-2\n",
        ],
        Layer::Node,
    );
}

#[test]
fn an_error_line_naming_api_objects_is_the_control_planes() {
    layers_of(
        &[
            "error: failed to update resourcequota compute-resources in namespace team-a\n",
            "level=error msg=\"the apiserver failed while listing customresourcedefinitions\"\n",
            "upload failed: the upload proxy answered 502 for datavolume win-disk\n",
        ],
        Layer::ControlPlane,
    );
}

#[test]
fn an_error_line_naming_the_guests_software_is_the_guests() {
    layers_of(
        &[
            "[FAILED] Failed to start OpenSSH server daemon.\n",
            "error: grub2 cannot find the root device by its UUID\n",
            "Traceback (most recent call last):\n  File \"/usr/lib/python3/dist-packages/cloudinit/cmd/main.py\", line 1, in main\ncloudinit.util.ProcessExecutionError: Unexpected error while running command.\n",
        ],
        Layer::Guest,
    );
}

#[test]
fn an_error_line_naming_a_migration_is_its_control_plane() {
    let members = [
        "error: the migration of vmi prod/db-1 was aborted after 3 attempts\n",
        r#"{"component":"virt-handler","level":"info","msg":"re-enqueuing VirtualMachineInstance a/b","reason":"syncing migration target failed: the target's sockets are not ready","timestamp":"2024-01-01T00:00:00Z"}"#,
    ];
    for p in members {
        let (layer, plane, text) = blame(p);
        assert_eq!(
            (layer, plane),
            (Some(Layer::Migration), Some(SignalPlane::Control)),
            "{p}\n{text}"
        );
    }
}

#[test]
fn a_pod_sandbox_cni_failure_is_the_networks_however_it_is_written_or_wrapped() {
    layers_of(
        &[
            // k9s' border inside the message
            "Warning  FailedCreatePodSandBox  1m  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed \u{2502}\u{2502}  to setup network for sandbox \"abc\": boom\n",
            // the dockershim's forms (Kubernetes before 1.24)
            "Warning  FailedCreatePodSandBox  5m  kubelet, n1  Failed create pod sandbox: rpc error: code = Unknown desc = failed to set up sandbox container \"1234\" network for pod \"virt-launcher-x\": timeout\n",
            "Warning  FailedCreatePodSandBox  5m  kubelet, n1  (combined from similar events): Failed create pod sandbox: Multus: error in invoke Delegate add - \"ovs\": unknown bridge\n",
        ],
        Layer::Network,
    );
}

#[test]
fn a_generic_or_tied_error_line_and_a_healthy_line_blame_nothing() {
    for p in [
        "error: something failed at step 3\n",
        "the dhcp lease and the datavolume both failed\n",
        "DHCP lease renewed on eth1 for 10.0.0.7\n",
        "the network failed\n",
        "kubelet and apiserver both fail\n",
    ] {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, None, "{p}\n{text}");
    }
}

// ---- 3. a node's taints of a bad condition ----

#[test]
fn a_node_described_with_a_bad_conditions_taint_is_the_nodes() {
    let describe = |taint: &str| {
        format!(
            "$ kubectl describe node w1\nName:               w1\nRoles:              worker\n...\nTaints:             {taint}\nUnschedulable:      false\n"
        )
    };
    for taint in [
        "node.kubernetes.io/not-ready:NoExecute",
        "node.kubernetes.io/unreachable:NoSchedule",
        "node.kubernetes.io/memory-pressure:NoSchedule",
        "node.kubernetes.io/pid-pressure:NoSchedule",
    ] {
        let p = describe(taint);
        let (layer, _, text) = blame(&p);
        assert_eq!(layer, Some(Layer::Node), "{p}\n{text}");
    }
    for taint in ["<none>", "node-role.kubernetes.io/control-plane:NoSchedule"] {
        let p = describe(taint);
        let (layer, _, text) = blame(&p);
        assert_eq!(layer, None, "{p}\n{text}");
    }
}
