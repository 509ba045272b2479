//! The third-party tables `cargo xtask catalog` generated (`explain::generated::third_party`):
//! pinned, every row usable by the matcher's rule, every program's folder mapped, and known
//! strings present where their source writes them. The values expected here were read from
//! kubernetes v1.36.3 `pkg/kubelet/kubelet.go`, `pkg/volume/util/operationexecutor/
//! operation_generator.go`, `pkg/scheduler/schedule_one.go`, longhorn-manager v1.12.1
//! `engineapi/engine.go`, `scheduler/replica_scheduler.go`, `webhook/…` and CDI v1.66.0
//! `pkg/importer/http-datasource.go`. (That the tables match their checkouts is the generator's
//! test: `cargo xtask catalog --check` with the checkouts, `xtask/src/catalog/tests_third_party.rs`.)

use model::explain::generated::{
    CNI_PLUGINS, CONTAINERD, HARVESTER, KUBERNETES, Kind, LONGHORN_ENGINE,
    LONGHORN_INSTANCE_MANAGER, LONGHORN_MANAGER, MULTUS_CNI, SourceLayer, THIRD_PARTY_CDI, pieces,
    third_party, third_party_pin, third_party_rows,
};

/// The generic words of the generator's rule (`xtask/src/catalog/third_party.rs` GENERIC).
const GENERIC: &[&str] = &[
    "a", "an", "and", "any", "as", "at", "be", "by", "can't", "cannot", "could", "err", "error",
    "errors", "fail", "failed", "failure", "for", "from", "get", "getting", "got", "in", "is",
    "it", "no", "not", "of", "on", "or", "that", "the", "this", "to", "unable", "was", "when",
    "while", "with",
];

#[test]
fn pinned_to_tags() {
    assert_eq!(KUBERNETES.repo, "kubernetes/kubernetes");
    assert_eq!(KUBERNETES.tag, "v1.36.3");
    assert_eq!(LONGHORN_MANAGER.repo, "longhorn/longhorn-manager");
    assert_eq!(LONGHORN_MANAGER.tag, "v1.12.1");
    assert_eq!(LONGHORN_MANAGER.commit.len(), 40);
    for (pin, repo, tag) in [
        (LONGHORN_ENGINE, "longhorn/longhorn-engine", "v1.12.1"),
        (
            LONGHORN_INSTANCE_MANAGER,
            "longhorn/longhorn-instance-manager",
            "v1.12.1",
        ),
        (MULTUS_CNI, "k8snetworkplumbingwg/multus-cni", "v4.3.0"),
        (CNI_PLUGINS, "containernetworking/plugins", "v1.9.1"),
        (CONTAINERD, "containerd/containerd", "v2.3.4"),
        (HARVESTER, "harvester/harvester", "v1.8.2"),
    ] {
        assert_eq!((pin.repo, pin.tag), (repo, tag));
        assert_eq!(pin.commit.len(), 40, "{repo}");
    }
    assert_eq!(THIRD_PARTY_CDI, model::explain::generated::CDI_SOURCE);
}

#[test]
fn every_row_is_usable_and_cited() {
    let mut n = 0;
    for r in third_party_rows() {
        n += 1;
        let p = pieces(r.text);
        let anchor = p.iter().max_by_key(|s| s.len()).expect("pieces");
        let total: usize = p.iter().map(|s| s.len()).sum();
        let mut telling: Vec<String> = p
            .iter()
            .flat_map(|s| s.split(|c: char| !(c.is_alphanumeric() || c == '\'')))
            .map(str::to_ascii_lowercase)
            .filter(|w| w.len() >= 2 && !GENERIC.contains(&w.as_str()))
            .collect();
        telling.sort();
        telling.dedup();
        assert!(
            anchor.len() >= 16
                && anchor.split_whitespace().count() >= 3
                && total >= 20
                && telling.len() >= 2,
            "{r:?}: pieces {p:?}"
        );
        assert!(r.file.ends_with(".go"), "{r:?}");
        assert!(third_party_pin(r.file).is_some(), "{r:?}");
        assert!(
            matches!(r.kind, Kind::ErrorString | Kind::LogError),
            "{r:?}"
        );
        assert!(!r.program.is_empty());
    }
    assert!(n > 5000, "{n} rows");
}

#[test]
fn each_program_has_its_vocabulary_and_layers() {
    let count = |program: &str, layer: SourceLayer| {
        third_party_rows()
            .filter(|r| r.program == program && r.layer == layer)
            .count()
    };
    assert!(count("kubelet", SourceLayer::Node) > 1000);
    assert!(
        count("kubelet", SourceLayer::Network) > 5,
        "pkg/kubelet/network/"
    );
    assert!(count("kube-scheduler", SourceLayer::ControlPlane) > 20);
    assert!(
        count("kube-scheduler", SourceLayer::Node) > 20,
        "plugins: no node fits"
    );
    assert!(count("kube-controller-manager", SourceLayer::Node) > 50);
    assert!(count("longhorn-manager", SourceLayer::Node) > 1500);
    assert!(
        count("longhorn-manager", SourceLayer::ControlPlane) > 50,
        "webhook/"
    );
    assert!(count("cdi-importer", SourceLayer::ControlPlane) > 100);
    assert!(count("cdi-controller", SourceLayer::ControlPlane) > 100);
    assert!(count("longhorn-engine", SourceLayer::Node) > 300);
    assert!(count("longhorn-instance-manager", SourceLayer::Node) > 200);
    assert!(count("multus", SourceLayer::Network) > 150);
    assert!(count("cni-plugins", SourceLayer::Network) > 250);
    assert!(count("containerd", SourceLayer::Node) > 700);
    assert!(count("harvester", SourceLayer::ControlPlane) > 200);
    assert!(
        count("harvester", SourceLayer::Migration) > 10,
        "its pre-drain and migration"
    );
    assert!(count("harvester-webhook", SourceLayer::ControlPlane) > 100);
}

#[test]
fn known_strings_are_where_their_source_writes_them() {
    let has = |text: &str, file: &str, program: &str| {
        assert!(
            third_party_rows().any(|r| r.text == text && r.file == file && r.program == program),
            "{text} in {file}"
        );
    };
    has(
        "Unable to attach or mount volumes: %v",
        "kubernetes/pkg/kubelet/kubelet.go",
        "kubelet",
    );
    has(
        "MountVolume.MountDevice failed for volume %q %v",
        "kubernetes/pkg/volume/util/operationexecutor/operation_generator.go",
        "kubelet",
    );
    has(
        "Error selecting node for pod",
        "kubernetes/pkg/scheduler/schedule_one.go",
        "kube-scheduler",
    );
    has(
        "failed to add replica address='%s' to controller '%s'",
        "longhorn-manager/engineapi/engine.go",
        "longhorn-manager",
    );
    has(
        "Error creating readers: %v",
        "containerized-data-importer/pkg/importer/http-datasource.go",
        "cdi-importer",
    );
}

#[test]
fn pieces_cut_at_verbs_quotes_and_breaks() {
    assert_eq!(
        pieces("failed to add replica address='%s' to controller '%s'"),
        vec!["failed to add replica address='", "' to controller '"]
    );
    assert_eq!(
        pieces("disk %v on node %v does not have enough storage %-10s for %llu%%"),
        vec!["disk", "on node", "does not have enough storage", "for"]
    );
    assert_eq!(pieces("%q: \"%v\"\n%w"), Vec::<&str>::new());
}

#[test]
fn a_string_matches_with_its_verbs_filled_in_and_its_pieces_in_order() {
    let line = "time=\"2026-03-01T10:00:00Z\" level=error msg=\"failed to add replica address='tcp://10.42.1.7:10000' to controller 'pvc-5d1e-e-0': context deadline exceeded\"";
    let m = third_party(line).expect("matched");
    assert_eq!(m.first().program, "longhorn-manager");
    assert_eq!(m.first().file, "longhorn-manager/engineapi/engine.go");
    assert_eq!(m.layer(), Some(SourceLayer::Node));
    // The pieces out of order, or one missing, is no match of that string.
    let swapped = "' to controller 'pvc-5d1e-e-0' failed to add replica address='tcp://10.42.1.7'";
    assert!(
        third_party(swapped)
            .is_none_or(|m| m.first().file != "longhorn-manager/engineapi/engine.go"),
        "{swapped}"
    );
    // Generic words alone match nothing.
    for generic in [
        "failed to get volume pvc-1: boom",
        "failed to get pod default/x: not found",
        "error: failed to sync",
        "Error: timed out",
    ] {
        assert!(third_party(generic).is_none(), "{generic}");
    }
}

#[test]
fn the_most_specific_string_wins() {
    // The kubelet's "Unable to attach or mount volumes for pod; skipping pod" with the volume
    // manager's error after it (`pkg/kubelet/volumemanager/volume_manager.go`): the string with
    // the most literal text, the volume manager's, is the one the line is read by.
    let line = "E0301 10:00:00.000000 1 kubelet.go:2000] \"Unable to attach or mount volumes for pod; skipping pod\" err=\"unmounted volumes=[disk], unattached volumes=[], failed to process volumes=[]: context deadline exceeded\" pod=\"ns/virt-launcher-x\"";
    let m = third_party(line).expect("matched");
    assert_eq!(
        m.first().text,
        "unmounted volumes=%v, unattached volumes=%v, failed to process volumes=%v: %w"
    );
    assert_eq!(
        m.first().file,
        "kubernetes/pkg/kubelet/volumemanager/volume_manager.go"
    );
    // Without it, the kubelet's own line.
    let alone = "E0301 10:00:00.000000 1 kubelet.go:2000] \"Unable to attach or mount volumes for pod; skipping pod\" pod=\"ns/virt-launcher-x\"";
    assert_eq!(
        third_party(alone).expect("matched").first().text,
        "Unable to attach or mount volumes for pod; skipping pod"
    );
}
