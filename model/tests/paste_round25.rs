//! Round 25: batch24 as the working set (the table in `fixtures/fresh/README.md`, "Round 25"),
//! each category taught as a family read from its source; every input is a synthetic member
//! shaped after the program that writes it, never copied from a batch item:
//!
//! - client-go's reflector refused as Unauthorized (`tools/cache/reflector.go`): the control
//!   plane's, whatever kind it lists;
//! - QEMU refusing a migration command libvirt sends (`qemu_monitor_json.c`, qemu
//!   `migration/options.c`, `postcopy-ram.c`): the migration's data plane;
//! - Fleet's bundle states (rancher/fleet `summary.go`, `bundle_types.go`), Helm's release
//!   statuses and refusals (helm `status.go`, `action.go`), Rancher's planner probes (rancher
//!   `pkg/capr/planner`), a namespace left Terminating (kubernetes' namespace controller):
//!   the install's, the control plane's;
//! - Harvester's upgrade pre-check (harvester/upgrade-helpers `check.sh`), by what each check
//!   looks at; the host OS image tool (elemental-toolkit's exit codes): the node's;
//! - a claim's expansion handed to the CSI resizer (kubernetes `expand_controller.go`): no
//!   fault; the storage refusing it: the node's.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::blame;

#[test]
fn a_controllers_informers_refused_as_unauthorized_are_the_control_planes() {
    for paste in [
        // a controller's reflector, the kind it lists being pods (klog, warning then error)
        "W0304 11:02:10.118274       1 reflector.go:535] k8s.io/client-go@v0.28.4/tools/cache/reflector.go:229: failed to list *v1.Pod: Unauthorized\n\
         E0304 11:02:10.118301       1 reflector.go:147] k8s.io/client-go@v0.28.4/tools/cache/reflector.go:229: Failed to watch *v1.Pod: failed to list *v1.Pod: Unauthorized\n",
        // the watch alone (client-go before the list's own warning)
        "E0304 11:02:10.118301       1 reflector.go:138] pkg/mod/k8s.io/client-go@v0.21.3/tools/cache/reflector.go:167: Failed to watch *v1.PersistentVolumeClaim: Unauthorized\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{text}");
        assert!(text.contains("401 Unauthorized"), "{text}");
    }
}

#[test]
fn qemu_refusing_a_migration_command_is_the_migrations_data_plane() {
    for (paste, title) in [
        // a migration's condition quoting libvirt's report of QEMU's refusal on the target
        (
            "  message: 'internal error: unable to execute QEMU command ''migrate-incoming'': Failed to bind socket: Address already in use'\n",
            "QEMU refused a migration command",
        ),
        // a failure reason quoting QEMU's own post-copy refusal alone
        (
            "failureReason: 'Postcopy is not supported: Userfaultfd not available: Function not implemented'\n",
            "post-copy mode",
        ),
    ] {
        let (l, p, text) = blame(paste);
        assert_eq!(
            (l, p),
            (Some(Layer::Migration), Some(SignalPlane::Data)),
            "{text}"
        );
        assert!(text.contains(title), "{text}");
    }
}

#[test]
fn fleet_bundles_not_ready_are_the_control_planes_and_ready_ones_are_not() {
    let stuck = "$ kubectl get bundles -n fleet-local\n\
        NAME                   BUNDLEDEPLOYMENTS-READY   STATUS\n\
        fleet-agent-local      1/1\n\
        mcc-rancher-logging    0/1                       OutOfSync(1) [Cluster fleet-local/local]\n\
        mcc-rancher-provider   0/1                       Modified(1) [Cluster fleet-local/local]; configmap.v1 cattle-system/provider-settings modified {\"data\":{\"tier\":\"b\"}}\n";
    let (l, _, text) = blame(stuck);
    assert_eq!(l, Some(Layer::ControlPlane), "{text}");
    assert!(
        text.contains("OutOfSync") || text.contains("Modified"),
        "{text}"
    );
    let ready = "$ kubectl get bundles -n fleet-local\n\
        NAME                   BUNDLEDEPLOYMENTS-READY   STATUS\n\
        fleet-agent-local      1/1\n\
        mcc-rancher-logging    1/1\n";
    assert_eq!(blame(ready).0, None);
}

#[test]
fn a_helm_release_whose_newest_revision_is_pending_or_failed_is_the_control_planes() {
    let history = "$ helm history -n kubevirt-hyperconverged kubevirt-hyperconverged\n\
        REVISION\tUPDATED                 \tSTATUS         \tCHART                         \tAPP VERSION\tDESCRIPTION\n\
        4       \tMon Mar  3 10:11:12 2025\tsuperseded     \tkubevirt-hyperconverged-1.13.0\t1.13.0     \tUpgrade complete\n\
        5       \tTue Mar  4 08:01:02 2025\tdeployed       \tkubevirt-hyperconverged-1.13.0\t1.13.0     \tUpgrade complete\n\
        6       \tTue Mar  4 09:30:40 2025\tpending-rollback\tkubevirt-hyperconverged-1.14.0\t1.14.0     \tPreparing rollback\n";
    let (l, _, text) = blame(history);
    assert_eq!(l, Some(Layer::ControlPlane), "{text}");
    let list = "$ helm list -A\n\
        NAME    NAMESPACE       REVISION  UPDATED                                 STATUS  CHART        APP VERSION\n\
        kubevirt kubevirt       2         2025-03-04 09:30:40.1 +0000 UTC         failed  kubevirt-1.4 1.4.0\n";
    assert_eq!(blame(list).0, Some(Layer::ControlPlane));
    let refused = "$ helm upgrade cdi ./cdi -n cdi\nError: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress\n";
    assert_eq!(blame(refused).0, Some(Layer::ControlPlane));
    // the newest revision deployed: an older failure is history
    let settled = "REVISION\tUPDATED\tSTATUS\tCHART\tAPP VERSION\tDESCRIPTION\n\
        1\tMon Mar  3 10:11:12 2025\tfailed\tcdi-1.60\t1.60\tInstall failed\n\
        2\tMon Mar  3 10:20:00 2025\tdeployed\tcdi-1.60\t1.60\tInstall complete\n";
    assert_eq!(blame(settled).0, None);
}

#[test]
fn a_namespace_left_terminating_is_the_control_planes() {
    let table = "$ kubectl get ns\n\
        NAME                      STATUS        AGE\n\
        default                   Active        41d\n\
        kubevirt-hyperconverged   Terminating   12d\n\
        kube-system               Active        41d\n";
    let (l, _, text) = blame(table);
    assert_eq!(l, Some(Layer::ControlPlane), "{text}");
    let conditions = "status:\n  conditions:\n  - lastTransitionTime: \"2025-03-04T10:00:00Z\"\n    message: 'Some content in the namespace has finalizers remaining: cdi.kubevirt.io/dataVolumeFinalizer in 2 resource instances'\n    reason: SomeFinalizersRemain\n    status: \"True\"\n    type: NamespaceFinalizersRemaining\n  phase: Terminating\n";
    assert_eq!(blame(conditions).0, Some(Layer::ControlPlane));
    let active = "$ kubectl get ns\nNAME          STATUS   AGE\ndefault       Active   41d\nkubevirt      Active   12d\n";
    assert_eq!(blame(active).0, None);
}

#[test]
fn rancher_waiting_for_a_clusters_probes_names_the_components_layer() {
    let cp = "message: 'configuring etcd node(s) custom-7f3e2a9b1c4d: waiting for probes: etcd, kube-apiserver'\n";
    assert_eq!(blame(cp).0, Some(Layer::ControlPlane));
    let kubelet =
        "message: 'configuring worker node(s) custom-1a2b3c4d5e6f: waiting for probes: kubelet'\n";
    assert_eq!(blame(kubelet).0, Some(Layer::Node));
}

#[test]
fn harvesters_upgrade_pre_check_names_the_layer_of_the_check_that_failed() {
    let node = "Starting Node Free Space check...\nharvester-node-2 has only 12% free on /usr/local\nNode-Free-Space Test: Failed\n";
    assert_eq!(blame(node).0, Some(Layer::Node));
    let vms = "Starting Virtual Machines Live Migration check...\nFound running VMs with Host Devices:\ndefault/gpu-vm\nVirtual-Machines Test: Failed\n";
    let (l, p, text) = blame(vms);
    assert_eq!(
        (l, p),
        (Some(Layer::Migration), Some(SignalPlane::Control)),
        "{text}"
    );
    let bundles = "Starting Harvester Bundles check...\nHarvester-Bundles Test: Failed\n";
    assert_eq!(blame(bundles).0, Some(Layer::ControlPlane));
    let validator = "[pod/upgrade-helper-cos-state-size-check-x1y2z/validator] ERROR: node-3: COS_STATE partition is only 8GB, upgrade to Harvester v1.8.x will result in corrupt OS image.\n";
    assert_eq!(blame(validator).0, Some(Layer::Node));
    let passed = "Node-Status Test: Pass\nHarvester-Bundles Test: Pass\nVirtual Machines Test: Pass\nAll checks have passed.\n";
    assert_eq!(blame(passed).0, None);
}

#[test]
fn the_host_os_image_tool_failing_is_the_nodes() {
    let job = "+ chroot /host elemental upgrade --logfile /usr/local/upgrade_tmp/elemental-upgrade-1.log\n\
        ERRO[2025-03-04T10:00:00Z] Invalid upgrade command setup failed mounting state partition\n\
        elemental upgrade failed with return code: 34\n";
    let (l, _, text) = blame(job);
    assert_eq!(l, Some(Layer::Node), "{text}");
    assert!(text.contains("elemental"), "{text}");
}

#[test]
fn a_claims_expansion_handed_to_its_resizer_is_no_fault_and_a_refused_one_is_the_nodes() {
    let grown = "Events:\n\
          Type     Reason                      Age   From                                Message\n\
          ----     ------                      ----  ----                                -------\n\
          Warning  ExternalExpanding           40s   volume_expand                       waiting for an external controller to expand this PVC\n\
          Normal   Resizing                    40s   external-resizer rbd.csi.ceph.com   External resizer is resizing volume pvc-0a1b\n\
          Normal   VolumeResizeSuccessful      35s   external-resizer rbd.csi.ceph.com   Resize volume succeeded\n";
    let (l, _, text) = blame(grown);
    assert_eq!(l, None, "{text}");
    let refused = "Events:\n\
          Type     Reason              Age   From                                Message\n\
          ----     ------              ----  ----                                -------\n\
          Warning  VolumeResizeFailed  5s    external-resizer rbd.csi.ceph.com   resize volume \"pvc-0a1b\" by resizer \"rbd.csi.ceph.com\" failed: rpc error: code = Internal desc = image resize failed: quota exceeded\n";
    assert_eq!(blame(refused).0, Some(Layer::Node));
}

/// Every sentence of this round's families speaks Japanese, and every broken or degraded entry
/// has a remedy of its own.
#[test]
fn each_new_entry_speaks_japanese_and_has_its_remedy() {
    use model::explain::Subject;
    const PREFIXES: &[&str] = &[
        "api-unauthorized-reflector",
        "qemu-migration-",
        "qemu-postcopy-",
        "fleet-",
        "helm-",
        "rancher-probes-",
        "namespace-",
        "harvester-precheck-",
        "elemental-",
        "pvc-",
    ];
    let subject = Subject::default();
    let mut n = 0;
    for s in model::signatures::catalogue() {
        if !PREFIXES.iter().any(|p| s.id.starts_with(p)) {
            continue;
        }
        n += 1;
        let r = model::remedy::signals::for_signature(s.id, &subject);
        let blames = s.layer.is_some();
        assert!(!blames || !r.is_empty(), "{} has no remedy", s.id);
        let texts = [s.title, s.cause]
            .into_iter()
            .chain(s.next_steps.iter().copied());
        for text in texts.map(str::to_string).chain(r) {
            assert!(
                model::i18n::ja(&text).is_some(),
                "{}: no Japanese for {text}",
                s.id
            );
        }
    }
    assert!(n >= 24, "{n} entries");
}

/// The readers' own sentences (a helm table, a namespace's phase) speak Japanese too.
#[test]
fn the_readers_sentences_speak_japanese() {
    for paste in [
        "REVISION\tUPDATED\tSTATUS\tCHART\tAPP VERSION\tDESCRIPTION\n1\tMon Mar  3 10:11:12 2025\tpending-install\tc-1\t1\tInitial install underway\n",
        "REVISION\tUPDATED\tSTATUS\tCHART\tAPP VERSION\tDESCRIPTION\n1\tMon Mar  3 10:11:12 2025\tfailed\tc-1\t1\tInstall failed\n",
        "NAME      STATUS        AGE\ncdi       Terminating   3d\n",
    ] {
        let a = model::input::analyse(paste, None).expect("read");
        let s = a
            .signals
            .iter()
            .find(|s| s.layer.is_some())
            .unwrap_or_else(|| panic!("no reading of {paste}"));
        let texts = [&s.title, &s.cause, &s.from]
            .into_iter()
            .chain(s.next_steps.iter());
        for text in texts {
            assert!(model::i18n::ja(text).is_some(), "no Japanese for {text}");
        }
    }
}
