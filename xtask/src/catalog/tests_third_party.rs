//! The third-party tables: which calls give a string, which strings are kept, the folder →
//! program and layer map, the emitted files; and (with every checkout named by its variable)
//! that the committed tables match the checkouts they name.

use super::programs::{self, SOURCES};
use super::third_party::{self, pieces, usable};
use super::tree::Tree;

fn texts(rows: &std::collections::BTreeSet<third_party::Row>) -> Vec<(&str, &str, &str)> {
    rows.iter()
        .map(|r| (r.text.as_str(), r.kind, r.layer))
        .collect()
}

#[test]
fn error_values_log_calls_events_and_volume_operations_give_strings() {
    let mut t = Tree::default();
    t.add(
        "longhorn-manager/controller/engine_controller.go".into(),
        r#"package controller
func (ec *EngineController) sync() error {
	if err != nil {
		return errors.Wrapf(err, "failed to sync engine for %v", e.Name)
	}
	log.WithError(err).Warnf("Failed to reuse failed replica %v immediately", r.Name)
	ec.eventRecorder.Eventf(e, corev1.EventTypeWarning, constant.EventReasonFailedStarting, "Engine %v could not start its replica process", e.Name)
	ec.eventRecorder.Eventf(e, corev1.EventTypeNormal, constant.EventReasonStart, "Starts the replica process of engine %v", e.Name)
	msg := fmt.Sprintf("volume %v is not attached to node %v", v, n)
	bad := fmt.Sprintf("unable to attach volume %v to node %v in time", v, n)
	return fmt.Errorf("failed to %s", x)
}
"#,
    );
    t.add(
        "kubernetes/pkg/volume/util/operationexecutor/operation_generator.go".into(),
        "package operationexecutor\nfunc f() {\n\teventErr, detailedErr := volumeToMount.GenerateError(\"MountVolume.SetUp failed\", err)\n}\n",
    );
    t.add(
        "kubernetes/pkg/kubelet/network/dns/dns.go".into(),
        "package dns\nfunc g() {\n\tklog.ErrorS(err, \"Could not open resolv conf file.\")\n}\n",
    );
    t.add(
        "elsewhere/pkg/x.go".into(),
        "package x\nfunc h() error { return fmt.Errorf(\"a string of no mapped folder at all\") }\n",
    );
    let rows = third_party::rows(&t);
    assert_eq!(
        texts(&rows),
        vec![
            ("Could not open resolv conf file.", "LogError", "Network"),
            (
                "MountVolume.SetUp failed for volume %q %v",
                "ErrorString",
                "Node"
            ),
            (
                "Engine %v could not start its replica process",
                "LogError",
                "Node"
            ),
            (
                "Failed to reuse failed replica %v immediately",
                "LogError",
                "Node"
            ),
            ("failed to sync engine for %v", "ErrorString", "Node"),
            (
                "unable to attach volume %v to node %v in time",
                "ErrorString",
                "Node"
            ),
        ],
        "a Normal event, a Sprintf stating no failure, `failed to %s` and an unmapped folder give none"
    );
    let programs: Vec<&str> = rows.iter().map(|r| r.program).collect();
    assert_eq!(
        programs,
        vec![
            "kubelet",
            "kubelet",
            "longhorn-manager",
            "longhorn-manager",
            "longhorn-manager",
            "longhorn-manager"
        ]
    );
}

#[test]
fn pieces_and_what_is_kept() {
    assert_eq!(
        pieces("failed to attach volume %v to node %-10s: %w"),
        vec!["failed to attach volume", "to node"]
    );
    assert_eq!(pieces("\"%s\" %llu%% done\n"), vec!["done"]);
    assert!(usable("failed to attach volume %v to node %v: %v"));
    assert!(!usable("failed to %s: %v"), "too short");
    assert!(!usable("failed to get volume %v"), "one telling word");
    assert!(!usable("error: %v"));
    assert!(usable("Could not open resolv conf file."));
}

#[test]
fn every_source_folder_maps_to_a_program_and_layer() {
    for src in SOURCES {
        for folder in src.folders {
            let path = format!("{}{folder}/x.go", src.prefix);
            let (program, layer) =
                programs::classify(&path).unwrap_or_else(|| panic!("{path} has no program"));
            assert!(!program.is_empty());
            assert!(
                ["ControlPlane", "Node", "Guest", "Network", "Migration"].contains(&layer),
                "{path}: {layer}"
            );
        }
    }
    assert_eq!(
        programs::classify("kubernetes/pkg/scheduler/framework/plugins/noderesources/fit.go"),
        Some(("kube-scheduler", "Node"))
    );
    assert_eq!(
        programs::classify("kubernetes/pkg/scheduler/schedule_one.go"),
        Some(("kube-scheduler", "ControlPlane"))
    );
    assert_eq!(
        programs::classify("longhorn-manager/csi/controller_server.go"),
        Some(("longhorn-manager", "ControlPlane"))
    );
    assert_eq!(
        programs::classify("longhorn-manager/csi/node_server.go"),
        Some(("longhorn-manager", "Node"))
    );
}

#[test]
fn emitted_files_are_split_per_program_and_deterministic() {
    let pin = super::emit::Pin {
        repo: "longhorn/longhorn-manager",
        tag: "v0".into(),
        commit: "c".into(),
    };
    let mut rows = std::collections::BTreeSet::new();
    for i in 0..1500 {
        rows.insert(third_party::Row {
            program: "longhorn-manager",
            text: format!("failed to sync engine number {i:04} for %v"),
            kind: "ErrorString",
            layer: "Node",
            file: "longhorn-manager/controller/engine_controller.go".into(),
        });
    }
    let a = third_party::files(&rows, &pin);
    let b = third_party::files(&rows, &pin);
    assert_eq!(a, b);
    let stems: Vec<&str> = a.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(
        stems,
        vec![
            "tp_longhorn_manager_1",
            "tp_longhorn_manager_2",
            "tp_longhorn_manager_3"
        ]
    );
    for (_, text) in &a {
        assert!(text.lines().count() < 800);
        assert!(text.contains("longhorn/longhorn-manager v0 (commit c)"));
    }
}

/// The committed third-party tables match the checkouts they name. Runs only when every
/// source's variable names a checkout (`STRATA_TP_<FLAG>_SRC`, e.g. `STRATA_TP_KUBERNETES_SRC`,
/// `STRATA_TP_CDI_SRC`): this test reads nothing outside the repository otherwise.
#[test]
fn committed_third_party_tables_match_the_checkouts() {
    let var = |flag: &str| format!("STRATA_TP_{}_SRC", flag.replace('-', "_").to_uppercase());
    let given: Vec<(String, std::path::PathBuf)> = SOURCES
        .iter()
        .filter_map(|s| std::env::var_os(var(s.flag)).map(|p| (s.flag.to_string(), p.into())))
        .collect();
    if given.len() != SOURCES.len() {
        eprintln!(
            "SKIPPED committed_third_party_tables_match_the_checkouts: set {}",
            SOURCES
                .iter()
                .map(|s| var(s.flag))
                .collect::<Vec<_>>()
                .join(", ")
        );
        return;
    }
    let cdi = given
        .iter()
        .find(|(f, _)| f == "cdi")
        .map(|(_, p)| p.clone());
    super::run(super::Options {
        kubevirt: None,
        kubevirt_ref: None,
        cdi,
        cdi_ref: None,
        third_party: given
            .into_iter()
            .filter(|(f, _)| f != "cdi")
            .map(|(f, p)| (f, p, None))
            .collect(),
        check: true,
    })
    .expect("the committed third-party tables match the checkouts");
}
