//! Round 27: lines of programs outside KubeVirt read through the third-party catalogues
//! generated from their source (`explain::generated::third_party`, `cargo xtask catalog`). Each
//! paste is written for the test from a source string with its verbs filled in, never copied
//! from a fixture:
//!
//! - kubernetes v1.36.3 `pkg/kubelet/network/dns/dns.go` ("Could not open resolv conf file."),
//!   `pkg/controller/volume/persistentvolume/pv_controller.go` ("Failed to provision volume
//!   with StorageClass %q: %v");
//! - longhorn-manager v1.12.1 `engineapi/engine.go` ("failed to add replica address='%s' to
//!   controller '%s'"), `csi/controller_server.go` ("failed to restore CSI snapshot %v backup
//!   %s unavailable");
//! - CDI v1.66.0 `pkg/importer/http-datasource.go` ("Error creating readers: %v");
//! - multus-cni v4.3.0 `pkg/k8sclient/k8sclient.go` ("getKubernetesDelegate: failed to get
//!   resourceMap from ResourceClient: %v"), CNI plugins v1.9.1 `plugins/main/tap/tap.go`
//!   ("failed to set tap %s as a port of bridge %s: %v"), longhorn-engine v1.12.1
//!   `pkg/sync/rpc/server.go` ("BUG: replica is not rebuilding"), containerd v2.3.4
//!   `internal/cri/server/sandbox_stats_linux.go` ("failed to get cgroup metrics for sandbox %v
//!   because cgroupPath is empty"), harvester v1.8.2
//!   `pkg/controller/master/nodedrain/nodedrain_controller.go` ("enabling maintenance mode is
//!   impossible. Non-migratable VMs found: %s. …").
//!
//! An error or warning line that names no component now takes the program and layer of the
//! catalogued string it holds (degraded, low confidence, the file cited); a line whose program
//! the reader names keeps that program's layer unless the string is that program's own and its
//! folder is of another layer (the kubelet's DNS setup: the network's), and cites the string's
//! file either way.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

#[test]
fn a_longhorn_manager_line_no_component_names_is_the_nodes_storage() {
    let paste = "time=\"2026-03-01T10:00:00Z\" level=error msg=\"failed to add replica address='tcp://10.42.1.7:10000' to controller 'pvc-5d1e-e-0': context deadline exceeded\"\n";
    let (layer, _, text) = blame(paste);
    assert_eq!(layer, Some(Layer::Node), "{text}");
    assert!(
        text.contains("longhorn-manager/engineapi/engine.go"),
        "{text}"
    );
    assert!(text.contains("longhorn/longhorn-manager v1.12.1"), "{text}");
}

#[test]
fn longhorns_csi_controller_service_is_provisioning_the_control_planes() {
    let paste = "time=\"2026-03-01T10:00:00Z\" level=error msg=\"CreateVolume: failed to restore CSI snapshot pvc-1/snap-2 backup backup-3 unavailable\"\n";
    let (layer, _, text) = blame(paste);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(
        text.contains("longhorn-manager/csi/controller_server.go"),
        "{text}"
    );
}

#[test]
fn the_persistent_volume_controllers_provisioning_is_the_control_planes() {
    let paste = "E0301 10:00:00.000000       1 pv_controller.go:1600] Failed to provision volume with StorageClass \"fast-rbd\": rpc error: code = ResourceExhausted desc = pool full\n";
    let (layer, _, text) = blame(paste);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(text.contains("pv_controller.go"), "{text}");
}

#[test]
fn the_kubelets_dns_setup_is_the_networks() {
    // No component named.
    let bare = "E0301 10:00:00.000000    1234 dns.go:284] \"Could not open resolv conf file.\" err=\"open /etc/resolv.conf: no such file or directory\"\n";
    let (layer, _, text) = blame(bare);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    assert!(
        text.contains("kubernetes/pkg/kubelet/network/dns/dns.go"),
        "{text}"
    );
}

#[test]
fn the_kubelets_own_dns_string_in_its_journal_is_the_networks() {
    // The kubelet's journal names it (the node's reporter): its own string of its network
    // folder decides, not the reporter's layer.
    let journal = "Mar 01 10:00:00 worker-1 kubelet[1234]: E0301 10:00:00.000000    1234 dns.go:284] \"Could not open resolv conf file.\" err=\"open /etc/resolv.conf: no such file or directory\"\n";
    let (layer, _, text) = blame(journal);
    assert_eq!(layer, Some(Layer::Network), "{text}");
}

#[test]
fn a_named_programs_line_cites_the_catalogued_string() {
    // CDI's importer names itself (klog file of its package); its layer is CDI's either way,
    // and the string's file is now cited.
    let paste = "E0301 10:00:00.123456       1 http-datasource.go:120] Error creating readers: Get \"https://images.example.org/disk.img\": dial tcp: lookup images.example.org: no such host\n";
    let (layer, _, text) = blame(paste);
    assert_eq!(layer, Some(Layer::ControlPlane), "{text}");
    assert!(
        text.contains("containerized-data-importer/pkg/importer/"),
        "{text}"
    );
}

#[test]
fn multus_and_the_cni_plugins_are_the_networks() {
    for (paste, file) in [
        (
            "2026-03-01T10:00:00Z [error] getKubernetesDelegate: failed to get resourceMap from ResourceClient: rpc error: code = Unavailable desc = transport is closing\n",
            "multus-cni/pkg/k8sclient/k8sclient.go",
        ),
        (
            // A CNI plugin's own log (Go's log format).
            "2026/03/01 10:00:00 failed to set tap tap0 as a port of bridge br10: operation not supported\n",
            "cni-plugins/plugins/main/tap/tap.go",
        ),
    ] {
        let (layer, _, text) = blame(paste);
        assert_eq!(layer, Some(Layer::Network), "{paste}\n{text}");
        assert!(text.contains(file), "{text}");
    }
}

#[test]
fn longhorns_engine_is_the_nodes_storage() {
    let paste = "time=\"2026-03-01T10:00:00Z\" level=error msg=\"Failed to finish rebuild\" error=\"BUG: replica is not rebuilding\"\n";
    let (layer, _, text) = blame(paste);
    assert_eq!(layer, Some(Layer::Node), "{text}");
    assert!(
        text.contains("longhorn-engine/pkg/sync/rpc/server.go"),
        "{text}"
    );
}

#[test]
fn containerds_line_is_the_nodes() {
    let paste = "time=\"2026-03-01T10:00:00.000000000Z\" level=error msg=\"failed to get cgroup metrics for sandbox 3f2a9c because cgroupPath is empty\"\n";
    let (layer, _, text) = blame(paste);
    assert_eq!(layer, Some(Layer::Node), "{text}");
    assert!(text.contains("containerd/containerd v2.3.4"), "{text}");
}

#[test]
fn harvesters_pre_drain_refusal_is_the_migrations() {
    let paste = "time=\"2026-03-01T10:00:00Z\" level=error msg=\"enabling maintenance mode is impossible. Non-migratable VMs found: default/db-1. Use 'force drain' to perform a collective shutdown\"\n";
    let (layer, _, text) = blame(paste);
    assert_eq!(layer, Some(Layer::Migration), "{text}");
    assert!(text.contains("harvester/harvester v1.8.2"), "{text}");
}

#[test]
fn guards_an_info_line_and_a_generic_line() {
    for paste in [
        // The same words at info level: normal operation.
        "time=\"2026-03-01T10:00:00Z\" level=info msg=\"failed to add replica address='tcp://10.42.1.7:10000' to controller 'pvc-5d1e-e-0'\"\n",
        // Generic words of no catalogued string.
        "time=\"2026-03-01T10:00:00Z\" level=error msg=\"failed to get something: boom\"\n",
    ] {
        let (layer, _, text) = blame(paste);
        assert_eq!(layer, None, "{paste}\n{text}");
    }
}
