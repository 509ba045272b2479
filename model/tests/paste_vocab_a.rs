//! Mechanism (A) of the fresh corpus's misses (`fixtures/fresh/README.md`, "Mechanisms"): a
//! third-party component's own failure vocabulary. Kube-OVN names a failure by its reason, on
//! its resources' conditions and on the Warning events it records
//! (`signatures/kube_ovn_reasons.rs`, read from kubeovn/kube-ovn `pkg/controller/pod.go`,
//! `subnet.go`, `subnet_status.go`, `ippool.go`, `provider_network.go`, `pkg/daemon/handler.go`,
//! `pkg/ipam/ipam.go`); Harvester's migrate action refuses a migration before one exists
//! (`signatures/harvester_migrate.rs`, read from harvester/harvester `pkg/api/vm/handler.go` and
//! `pkg/util/virtualmachineinstance/virtualmachineinstance.go`). Each test pastes members of that vocabulary in the shapes an operator
//! copies (describe, events, YAML), never a batch item's lines; the guards paste Kube-OVN's
//! normal reasons.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::{blame, layer};

#[test]
fn a_launcher_pod_kube_ovn_gave_no_address_is_the_networks() {
    for (reason, message) in [
        (
            "AcquireAddressFailed",
            "stage=acquireAddress error=NoAvailableAddress",
        ),
        (
            "CreateOVNPortFailed",
            "stage=createLogicalSwitchPort error=ovsdb transaction failed",
        ),
        (
            "PodNetworkAllocationFailed",
            "stage=getPodKubeovnNets error=subnet vm-net not found",
        ),
        (
            "ValidatePodNetworkFailed",
            "stage=validateNetworkBroadcast error=10.20.0.255 is the broadcast ip",
        ),
    ] {
        let paste = format!(
            "Events:\n  Type     Reason            Age   From               Message\n  \
             ----     ------            ----  ----               -------\n  \
             Normal   Scheduled         40s   default-scheduler  Successfully assigned lab/virt-launcher-web-1-x8k2d to worker-3\n  \
             Warning  {reason}  12s (x4 over 38s)  kube-ovn-controller  {message}\n"
        );
        let (l, _, text) = blame(&paste);
        assert_eq!(l, Some(Layer::Network), "{text}");
        // The cause is Kube-OVN's, not a generic Warning event's.
        assert!(
            text.contains("Kube-OVN could not give the pod its address"),
            "{text}"
        );
    }
}

#[test]
fn a_subnet_whose_logical_switch_failed_is_the_networks() {
    for reason in [
        "ValidateLogicalSwitchFailed",
        "SetLogicalSwitchAclsFailed",
        "AddLbToLogicalSwitchFailed",
    ] {
        let paste = format!(
            "apiVersion: kubeovn.io/v1\nkind: Subnet\nmetadata:\n  name: vm-net\nspec:\n  \
             cidrBlock: 10.20.0.0/16\n  gateway: 10.20.0.1\n  provider: ovn\nstatus:\n  \
             conditions:\n  - lastTransitionTime: \"2025-04-02T10:00:00Z\"\n    \
             lastUpdateTime: \"2025-04-02T10:00:00Z\"\n    message: ovsdb transaction failed\n    \
             reason: {reason}\n    status: \"True\"\n    type: Error\n  \
             - lastTransitionTime: \"2025-04-02T10:00:00Z\"\n    reason: {reason}\n    \
             status: \"False\"\n    type: Ready\n"
        );
        assert_eq!(layer(&paste), Some(Layer::Network), "{paste}");
    }
}

#[test]
fn a_subnet_without_a_ready_gateway_or_a_provider_bridge_is_the_networks() {
    let events = "LAST SEEN   TYPE      REASON                 OBJECT          MESSAGE\n\
        2m          Warning   NoActiveGatewayFound   subnet/egress   subnet egress gws are not ready\n";
    assert_eq!(layer(events), Some(Layer::Network), "{events}");
    let provider = "status:\n  conditions:\n  - lastTransitionTime: \"2025-04-02T10:00:00Z\"\n    \
        message: 'failed to add nic eth1 to bridge br-phys'\n    node: worker-2\n    \
        reason: InitOVSBridgeFailed\n    status: \"False\"\n    type: Ready\n";
    assert_eq!(layer(provider), Some(Layer::Network), "{provider}");
}

#[test]
fn a_policy_kube_ovn_could_not_apply_is_degraded_not_broken() {
    let paste = "  Warning  PodQoSUpdateFailed  30s  kube-ovn-cni  Failed to update pod QoS: \
        stage=bandwidth provider=ovn interface=web-1.lab node=worker-1: exit status 1\n";
    let (l, _, text) = blame(paste);
    assert_eq!(l, Some(Layer::Network), "{text}");
    assert!(
        text.contains("Kube-OVN could not apply a pod's network policy"),
        "{text}"
    );
    assert!(!text.to_lowercase().contains("broken"), "{text}");
}

#[test]
fn a_subnet_with_kube_ovns_normal_reasons_blames_nothing() {
    let paste = "apiVersion: kubeovn.io/v1\nkind: Subnet\nmetadata:\n  name: vm-net\nstatus:\n  \
        conditions:\n  - lastTransitionTime: \"2025-04-02T10:00:00Z\"\n    \
        reason: ResetLogicalSwitchAclSuccess\n    status: \"True\"\n    type: Validated\n  \
        - lastTransitionTime: \"2025-04-02T10:00:00Z\"\n    reason: ResetLogicalSwitchAclSuccess\n    \
        status: \"True\"\n    type: Ready\n";
    assert_eq!(layer(paste), None, "{paste}");
}

#[test]
fn a_reason_in_a_sentence_of_another_case_is_not_kube_ovns() {
    // The reasons are matched as Kube-OVN spells them: a lower-cased word in prose is not one.
    let paste = "note: createlogicalswitchfailed is what we grep for in our runbook\n";
    assert_ne!(layer(paste), Some(Layer::Network), "{paste}");
}

#[test]
fn harvester_refusing_to_start_a_migration_is_the_migrations_control_plane() {
    for paste in [
        // The API's answer as the browser's network tab or curl shows it.
        "{\"type\":\"error\",\"links\":{},\"code\":\"ServerError\",\"message\":\"no matching migratable nodes found\",\"status\":500}\n",
        "Error: there are no active pods for VMI: prod/db-0, migration target cannot be picked unless only 1 pod is active\n",
        "The target node is non-migratable\n",
    ] {
        let (l, plane, text) = blame(paste);
        assert_eq!(l, Some(Layer::Migration), "{text}");
        assert_eq!(plane, Some(SignalPlane::Control), "{text}");
        assert!(text.contains("Harvester refused to start"), "{text}");
    }
}

#[test]
fn harvester_refusing_a_request_the_vm_rules_out_is_degraded() {
    for paste in [
        "VM prod/gpu-0 is not live migratable as vGPU devices are attached\n",
        "cannot abort the migration as it is in \"Succeeded\" phase\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Migration), "{text}");
        assert!(text.contains("rules out"), "{text}");
        assert!(!text.to_lowercase().contains("broken"), "{text}");
    }
}

#[test]
fn a_script_waiting_for_kubevirt_is_not_harvesters_refusal() {
    // "not ready yet" is an installer's progress line, not the migrate action's answer.
    let paste = "waiting: KubeVirt is not ready yet, retrying in 10s\n";
    let (_, _, text) = blame(paste);
    assert!(!text.contains("Harvester refused"), "{text}");
}

#[test]
fn kube_ovn_ipam_refusing_a_vms_kept_address_is_the_networks() {
    let paste = "I0305 08:10:01.100200       7 pod.go:501] sync pod lab/virt-launcher-db-0-q7w2x allocated\n\
        E0305 08:10:01.100412       7 subnet.go:558] ip 10.30.0.12 has been allocated to [lab/virt-launcher-cache-1-m2k9d]\n\
        E0305 08:10:01.100530       7 ipam.go:129] failed to allocate static ip 10.30.0.12 for lab/db-0\n";
    let (l, _, text) = blame(paste);
    assert_eq!(l, Some(Layer::Network), "{text}");
    assert!(text.contains("Kube-OVN's IP address management"), "{text}");
}

#[test]
fn kube_ovn_ipam_with_nothing_left_is_the_networks() {
    for line in [
        "E0305 08:10:01.100412       7 subnet.go:347] no free v6 ip in ip pool vm-pool-v6",
        "E0305 08:10:01.100412       7 subnet.go:572] no available ip",
        "E0305 08:10:01.100412       7 subnet.go:208] static MAC 0a:58:0a:1e:00:01 conflicts with gateway MAC",
    ] {
        let (l, _, text) = blame(&format!("{line}\n"));
        assert_eq!(l, Some(Layer::Network), "{text}");
        assert!(text.contains("Kube-OVN's IP address management"), "{text}");
    }
}

#[test]
fn out_of_range_outside_kube_ovns_ipam_is_not_its_refusal() {
    // The short IPAM words are read only in the IPAM's own klog lines.
    let paste = "E0305 08:10:01.100412       1 server.go:88] index 12 is out of range\n";
    let (_, _, text) = blame(paste);
    assert!(!text.contains("Kube-OVN"), "{text}");
}

/// The ids of `signatures/kube_ovn.rs` (the CNI server's messages, an earlier round's table).
const KUBE_OVN_CNI: &[&str] = &[
    "kube-ovn-ovs-interface-not-ready",
    "kube-ovn-no-address-allocated",
    "kube-ovn-route-not-ready",
    "kube-ovn-provider-unbound",
    "kube-ovn-configure-nic-failed",
    "kube-ovn-add-nic-to-ovs-failed",
    "kube-ovn-gateway-not-ready",
    "kube-ovn-gateway-check-canceled",
];

#[test]
fn each_vocabularys_broken_entry_has_its_own_remedy() {
    use model::explain::Subject;
    let subject = Subject::default();
    let mut broken = 0;
    for s in model::signatures::catalogue() {
        let ours = s.id.starts_with("kube-ovn-") || s.id.starts_with("harvester-");
        if !ours || s.health != model::verdict::Health::Broken {
            continue;
        }
        // The CNI server's older table (`kube_ovn.rs`) keeps the layer's general remedy.
        if KUBE_OVN_CNI.contains(&s.id) {
            continue;
        }
        broken += 1;
        let r = model::remedy::signals::for_signature(s.id, &subject);
        assert!(!r.is_empty(), "{} has no remedy", s.id);
        for text in r.iter().map(String::as_str).chain([s.title, s.cause]) {
            assert!(
                model::i18n::ja(text).is_some(),
                "{}: no Japanese for {text}",
                s.id
            );
        }
    }
    assert!(broken >= 40, "{broken} broken entries");
}
