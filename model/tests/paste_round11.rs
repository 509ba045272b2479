//! Round 11: mechanisms that weigh what a line or a row is about against what else the paste
//! shows (see `fixtures/fresh/README.md`, "Round 11"). Each test's inputs are synthetic
//! members of a family, shaped after the program that prints them, never copied from a batch
//! item:
//!
//! 1. a second launcher pod of one VMI beside a serving one is a migration's target;
//! 2. a describe of a kind Strata does not read is not guessed to be a VMI;
//! 3. a capability condition (`LiveMigratable`) speaks of migration only, whatever it names;
//! 4. the access-credential writes through the guest agent fail in the guest;
//! 5. an event recorded by a network add-on's controller is the network's, not a Kubernetes
//!    controller's;
//! 6. KubeVirt's lookup of a VM's NetworkAttachmentDefinition is the network's, whichever
//!    controller wraps it;
//! 7. the API server's admission refusing a request is the control plane's, whatever object
//!    the request was for;
//! 8. virt-launcher refusing one of virt-handler's old RPC domain commands is the node's
//!    (the launcher's), its migration commands not;
//! 9. two more words of the layers' vocabularies: the API server's 401 answer, the Docker
//!    Engine's errors.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::blame;

// ---- 1. a second launcher pod of one VMI ----

#[test]
fn a_failing_second_launcher_beside_a_serving_one_is_the_migration_target() {
    let members = [
        // the target Pending after the source row
        "$ kubectl get pods -n prod\nNAME                        READY   STATUS    RESTARTS   AGE\nvirt-launcher-db01-x7k2p    2/2     Running   0          3h\nvirt-launcher-db01-q9w4z    0/2     Pending   0          2m\n",
        // the target first, failed, the source after it, with a namespace column
        "NAMESPACE   NAME                         READY   STATUS   RESTARTS   AGE\napps        virt-launcher-web-7hd9s      0/1     Error    0          6m\napps        virt-launcher-web-bb2m4      1/1     Running  0          2d\n",
        // a target stuck creating its sandbox
        "NAME                            READY   STATUS              RESTARTS   AGE   IP            NODE\nvirt-launcher-fedora-l2k8d      0/3     ContainerCreating   0          9m    <none>        w2\nvirt-launcher-fedora-m4n5p      3/3     Running             0          20h   10.1.2.3      w1\n",
    ];
    for p in members {
        let (layer, plane, text) = blame(p);
        assert_eq!(layer, Some(Layer::Migration), "{p}\n{text}");
        assert_eq!(plane, Some(SignalPlane::Control), "{p}\n{text}");
    }
}

#[test]
fn a_restarts_old_pod_or_another_vmis_launcher_makes_no_target() {
    let members = [
        // a restart: the old pod is going away, the new one waits
        "NAME                        READY   STATUS        RESTARTS   AGE\nvirt-launcher-db01-x7k2p    2/2     Terminating   0          3h\nvirt-launcher-db01-q9w4z    0/2     Pending       0          2m\n",
        // two VMIs: one serving, the other's only launcher Pending
        "NAME                        READY   STATUS    RESTARTS   AGE\nvirt-launcher-db01-x7k2p    2/2     Running   0          3h\nvirt-launcher-db02-q9w4z    0/2     Pending   0          2m\n",
        // one launcher alone, Pending
        "NAME                        READY   STATUS    RESTARTS   AGE\nvirt-launcher-db02-q9w4z    0/2     Pending   0          2m\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_ne!(layer, Some(Layer::Migration), "{p}\n{text}");
    }
}

// ---- 2. a describe of a kind Strata does not read ----

#[test]
fn a_foreign_kinds_phase_is_not_a_vmis() {
    let members = [
        // `Kind:` stated, an operator's resource
        "Name:         backup-nightly\nNamespace:    prod\nAPI Version:  velero.io/v1\nKind:         Backup\nStatus:\n  Phase:  Succeeded\n",
        // the command names the resource
        "$ kubectl describe remediations/node-3\nName:         node-3\nStatus:\n  Phase:  Succeeded\nEvents:  <none>\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, None, "{p}\n{text}");
    }
    // Guard: a describe that states no kind and looks like a VMI's is still read as one.
    let vmi = "Name:         vm1\nNamespace:    default\nStatus:\n  Guest OS Info:\n  Phase:  Succeeded\n";
    let (layer, _, text) = blame(vmi);
    assert_eq!(layer, Some(Layer::Guest), "{text}");
}

// ---- 3. a capability condition speaks of migration only ----

#[test]
fn a_capability_conditions_message_blames_neither_network_nor_disk() {
    let members = [
        "Status:\n  Conditions:\n    Last Probe Time:       <nil>\n    Last Transition Time:  <nil>\n    Message:               cannot migrate VMI which does not use masquerade to connect to the pod network\n    Reason:                InterfaceNotLiveMigratable\n    Status:                False\n    Type:                  LiveMigratable\n    Last Probe Time:       <nil>\n    Last Transition Time:  2024-03-01T10:00:00Z\n    Status:                True\n    Type:                  Ready\n",
        "  Conditions:\n    Last Probe Time:       <nil>\n    Last Transition Time:  <nil>\n    Message:               cannot migrate VMI: PVC disk0 is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)\n    Reason:                DisksNotLiveMigratable\n    Status:                False\n    Type:                  StorageLiveMigratable\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert!(
            !matches!(layer, Some(Layer::Network | Layer::Node)),
            "{p}\n{text}"
        );
    }
}

// ---- 4. access credentials written through the guest agent ----

#[test]
fn access_credentials_the_agent_cannot_write_are_the_guests() {
    let members = [
        r#"{"component":"virt-launcher","level":"error","msg":"Error encountered writing access credentials using guest agent","pos":"access_credentials.go:512","reason":"failed to set SSH keys","timestamp":"2024-04-02T08:00:00.000000Z"}"#,
        "    Message:  Error encountered writing ssh pub key access credentials for user [alice]: Unable to detect home directory of user alice: command exited with code 2\n    Status:   False\n    Type:     AccessCredentialsSynchronized\n",
        "error: Unable to detect home directory of user centos\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(Layer::Guest), "{p}\n{text}");
    }
    // Guard: the launcher failing to read the secret's files is not the guest's.
    let (layer, _, text) = blame(
        "Error encountered reading access credential secret file list at base directory [/var/run/kubevirt-private/secret/k-access-cred]: open: no such file or directory\n",
    );
    assert_ne!(layer, Some(Layer::Guest), "{text}");
}

// ---- 5. an event recorded by a network add-on's controller ----

#[test]
fn an_event_recorded_by_a_network_add_ons_controller_is_the_networks() {
    let members = [
        "Events:\n  Type     Reason        Age   From                 Message\n  ----     ------        ----  ----                 -------\n  Warning  SyncFailed    2m    kube-ovn-controller  sync pod p1 failed: context deadline exceeded\n",
        "  Warning  ReconcileError  5m (x3 over 9m)  harvester-network-controller  reconcile of vm1 failed: timed out waiting for the condition\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(Layer::Network), "{p}\n{text}");
    }
    // Guard: another `…-controller` is still a Kubernetes controller.
    let (layer, _, text) = blame(
        "  Warning  SyncFailed    2m    endpointslice-controller  sync of svc1 failed: context deadline exceeded\n",
    );
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
}

// ---- 6. KubeVirt's lookup of a VM's NetworkAttachmentDefinition ----

#[test]
fn a_missing_network_attachment_definition_kubevirt_looked_up_is_the_networks() {
    let members = [
        "  Warning  FailedCreate  12s (x9 over 2m)  virtualmachine-controller  Error creating pod: failed to render launch manifest: failed to locate network attachment definition tenant-a/storage-vlan\n",
        r#"{"component":"virt-controller","level":"error","msg":"failed to locate network attachment definition blue/br-ext","pos":"vmi.go:310","timestamp":"2024-06-01T00:00:00Z"}"#,
        "failed to render launch manifest: failed to unmarshal NAD spec.config JSON: unexpected end of JSON input\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(Layer::Network), "{p}\n{text}");
    }
    // Guard: a launch manifest failing on a missing claim stays the control plane's.
    let (layer, _, text) = blame(
        "  Warning  FailedCreate  3s  virtualmachine-controller  failed to render launch manifest: PVC tenant-a/disk9 does not exist\n",
    );
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
}

// ---- 7. the API server's admission refusing a request ----

#[test]
fn an_admission_refusal_is_the_control_planes_whatever_it_was_for() {
    let members = [
        r#"Error from server (Forbidden): error when creating "disk.yaml": persistentvolumeclaims "rootdisk" is forbidden: unable to create new content in namespace lab because it is being terminated"#,
        r#"Error from server (Forbidden): error when creating "vm-pvc.yaml": persistentvolumeclaims "win-disk" is forbidden: maximum storage usage per PersistentVolumeClaim is 50Gi, but request is 80Gi"#,
        r#"Error from server (Forbidden): pods "debug-node" is forbidden: violates PodSecurity "restricted:latest": privileged (container "c" must not set securityContext.privileged=true)"#,
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(Layer::ControlPlane), "{p}\n{text}");
    }
}

// ---- 8. virt-launcher refusing an old RPC domain command ----

#[test]
fn the_launcher_refusing_a_domain_command_is_the_nodes() {
    // Without a reporter of their own (a condition's message, a web console's event row).
    let members = [
        "    Message:  server error. command Launcher.Sync failed: \"virError(Code=38, Domain=0, Message='cannot set scheduler parameters for pid 2211: Operation not permitted')\"\n",
        "2:14:03 PM | Warning | Sync Failed | server error. command Launcher.Delete failed: virError(Code=1, Domain=10, Message='internal error: failed to terminate process 88')\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(Layer::Node), "{p}\n{text}");
    }
    // Guard: its migration command is not the node's.
    let (layer, _, text) = blame(
        "    Message:  server error. command Launcher.Migrate failed: \"migration job already executed\"\n",
    );
    assert_ne!(layer, Some(Layer::Node), "{text}");
}

// ---- 9. the API server's 401 and the Docker Engine's errors ----

#[test]
fn the_api_servers_401_and_the_docker_engines_errors_name_their_layers() {
    let (layer, _, text) = blame(
        "Error listing VirtualMachineInstances: the server has asked for the client to provide credentials\n",
    );
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    let (layer, _, text) = blame(
        "setup failed: Error response from daemon: driver failed programming external connectivity on endpoint node01\n",
    );
    assert_eq!(layer, Some(Layer::Node), "{text}");
}
