//! Issue 15: the diagnosis where it used to disagree with KubeVirt's source. Each test runs a
//! dump shaped like real KubeVirt output (tests/fixtures/) and asserts what the source says
//! happens; the KubeVirt function that decides it is named in the test.

use model::diagnosis::Diagnosis;
use model::drain::{DrainAction, drain_impact, drain_impact_with_pods};
use model::explain::{Subject, Topic, explain, explain_condition, has_entry};
use model::input::parse::Object;
use model::input::pipeline::{Report, diagnose_input};
use model::kube::Vmi;
use model::time::Timestamp;
use model::verdict::{Health, Layer};
use model::view::detail::VmiDetail;
use model::view::{AbortState, FailureKind, Outcome, Plane};

const NOW: &str = "2026-08-22T10:10:00Z";

#[path = "support/fixture.rs"]
mod fixtures;
use fixtures::fixture;

fn report_of(text: &str) -> Report {
    diagnose_input(text, Timestamp::parse(NOW)).unwrap_or_else(|e| panic!("{e}"))
}

fn report(name: &str) -> Report {
    report_of(&fixture(name))
}

fn vmi<'a>(r: &'a Report, name: &str) -> &'a Diagnosis {
    r.diagnoses
        .iter()
        .find(|d| d.key.name == name)
        .unwrap_or_else(|| panic!("no diagnosis for {name}"))
}

fn titles(d: &Diagnosis, layer: Layer) -> Vec<String> {
    d.layer(layer)
        .findings
        .iter()
        .map(|f| f.title.clone())
        .collect()
}

fn texts(d: &Diagnosis, layer: Layer) -> String {
    d.layer(layer)
        .findings
        .iter()
        .map(|f| format!("{} | {} | {:?}", f.title, f.detail, f.evidence))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The VMI objects of a fixture.
fn vmis_of(name: &str) -> Vec<Vmi> {
    let text = fixture(name);
    model::input::parse::parse(&text)
        .unwrap()
        .objects
        .into_iter()
        .map(|l| l.object)
        .filter_map(|o| match o {
            Object::Vmi(v) => Some(*v),
            _ => None,
        })
        .collect()
}

fn details(name: &str) -> Vec<VmiDetail> {
    let objects = model::input::parse::parse(&fixture(name))
        .unwrap()
        .objects
        .into_iter()
        .map(|l| l.object)
        .collect();
    model::input::group(objects, None)
        .bundles
        .iter()
        .map(|e| VmiDetail::build(e, Timestamp::parse(NOW)))
        .collect()
}

// 1. `setActivePods` keeps finished pods; `VMIActivePodsCount` skips them.

#[test]
fn finished_pods_in_active_pods_are_not_a_contradiction() {
    let r = report("active-pods-finished.yaml");
    let d = vmi(&r, "web-1");
    assert_eq!(d.contradictions().count(), 0, "{d:#?}");
    assert_eq!(d.layer(Layer::Migration).health, Health::Healthy);
    // Without the Pod objects KubeVirt's activePods say nothing about liveness.
    let text = fixture("active-pods-finished.yaml");
    let vmi_only = text.split("\n---\n").next().unwrap();
    let r = report_of(vmi_only);
    assert_eq!(vmi(&r, "web-1").contradictions().count(), 0);
}

#[test]
fn the_active_pod_is_the_live_one() {
    let r = report("active-pods-finished.yaml");
    let d = vmi(&r, "web-1");
    let node = texts(d, Layer::Node);
    assert!(node.contains("virt-launcher-web-1-ccccc"), "{node}");
    assert!(!node.contains("virt-launcher-web-1-aaaaa"), "{node}");
}

#[test]
fn a_drain_does_not_list_vmis_that_left_the_node() {
    let vmis = vmis_of("active-pods-finished.yaml");
    assert_eq!(drain_impact("n2", &vmis, &[], None).outcomes.len(), 0);
    assert_eq!(drain_impact("n1", &vmis, &[], None).outcomes.len(), 1);
    // The cordoned n2 gives no drain report at all.
    assert!(report("active-pods-finished.yaml").drains.is_empty());
}

// 2. Progress/completion timeouts go through the abort path (live-migration-source.go).

#[test]
fn a_timeout_abort_is_did_not_converge() {
    let r = report("abort-by-timeout.yaml");
    let d = vmi(&r, "web-2");
    let m = &d.migrations[0];
    assert_eq!(m.outcome, Outcome::Failed, "{m:#?}");
    let f = m.failure.as_ref().unwrap();
    assert_eq!(
        (f.plane, f.kind.clone()),
        (Plane::DataPlane, FailureKind::NoConvergence)
    );
    assert_eq!(d.layer(Layer::Migration).health, Health::Degraded);
    let t = titles(d, Layer::Migration).join("\n");
    assert!(t.contains("did not converge"), "{t}");
    assert!(!t.contains("aborted as requested"), "{t}");
    // The v1.8 text says so in words.
    let v18 = fixture("abort-by-timeout.yaml").replace(
        "failureReason: Live migration has been aborted",
        "failureReason: Live migration stuck for 150 seconds and has been aborted",
    );
    let r = report_of(&v18);
    let m = &vmi(&r, "web-2").migrations[0];
    assert_eq!(m.outcome, Outcome::Failed);
    assert_eq!(m.failure.as_ref().unwrap().kind, FailureKind::NoConvergence);
    // The controller garbage-collects finalized migrations: a deletionTimestamp on the Failed
    // VMIM is clean-up, not a user abort (one "abort requested" rule, `migration/abort.rs`).
    let collected = fixture("abort-by-timeout.yaml").replace(
        "uid: m-2t, creationTimestamp: \"2026-08-22T10:00:00Z\"}",
        "uid: m-2t, creationTimestamp: \"2026-08-22T10:00:00Z\", deletionTimestamp: \"2026-08-22T10:30:00Z\"}",
    );
    assert_ne!(collected, fixture("abort-by-timeout.yaml"));
    let r = report_of(&collected);
    let m = &vmi(&r, "web-2").migrations[0];
    assert_eq!(
        (m.outcome, m.abort),
        (Outcome::Failed, AbortState::Succeeded),
        "{m:#?}"
    );
    assert_eq!(m.failure.as_ref().unwrap().kind, FailureKind::NoConvergence);
}

#[test]
fn a_user_abort_needs_proof() {
    // abortRequested on the VMI.
    let proof = fixture("abort-by-timeout.yaml").replace(
        "    abortStatus: Succeeded",
        "    abortRequested: true\n    abortStatus: Succeeded",
    );
    let r = report_of(&proof);
    let d = vmi(&r, "web-2");
    assert_eq!(d.migrations[0].outcome, Outcome::Aborted);
    assert_eq!(d.migrations[0].abort, AbortState::Succeeded);
    assert_eq!(d.layer(Layer::Migration).health, Health::Healthy);
    // The controller's cancel event alone (v1.0 to v1.8 user abort text).
    let ev = fixture("abort-by-timeout.yaml")
        .replace(
            "failureReason: Live migration has been aborted",
            "failureReason: \"Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=1, Domain=10, Message='internal error: operation aborted: migration out job: canceled by client')\"",
        )
        .replace("source node reported migration failed", "Migration failed due to being canceled");
    let r = report_of(&ev);
    assert_eq!(vmi(&r, "web-2").migrations[0].outcome, Outcome::Aborted);
    // The existing fixture with a deleted VMIM stays an abort.
    let r = report("abort-succeeded.yaml");
    assert!(
        r.diagnoses
            .iter()
            .all(|d| d.migrations.iter().all(|m| m.outcome == Outcome::Aborted))
    );
}

// 3. Conditions are explained by (type, reason).

#[test]
fn storage_and_decentralized_conditions_say_nothing_about_drains() {
    let d = &details("storage-not-migratable.yaml")[0];
    for row in &d.conditions {
        let all = format!(
            "{} {} {}",
            row.explained.title, row.explained.meaning, row.explained.implies
        );
        assert!(
            !all.to_lowercase().contains("drain"),
            "{}: {all}",
            row.type_
        );
    }
    let storage = d
        .conditions
        .iter()
        .find(|c| c.type_ == "StorageLiveMigratable")
        .unwrap();
    assert!(
        storage.explained.meaning.contains("volume"),
        "{:?}",
        storage.explained
    );
    let dec = d
        .conditions
        .iter()
        .find(|c| c.type_ == "DecentralizedLiveMigrationFailure")
        .unwrap();
    assert!(
        dec.explained.title.to_lowercase().contains("wait"),
        "{:?}",
        dec.explained
    );
    let r = report("storage-not-migratable.yaml");
    let diag = vmi(&r, "db-3");
    assert!(
        titles(diag, Layer::Migration)
            .iter()
            .any(|t| t == "Can live-migrate")
    );
    assert_eq!(diag.layer(Layer::Migration).health, Health::Healthy);
}

#[test]
fn the_condition_lookup_takes_the_type() {
    let s = Subject::default();
    let storage = explain_condition("StorageLiveMigratable", "NotMigratable", "", &s);
    assert!(!storage.implies.contains("drain"), "{storage:?}");
    let live = explain_condition("LiveMigratable", "NotMigratable", "", &s);
    assert!(live.implies.contains("drain"), "{live:?}");
    // The old reason-only lookup still answers, neutrally for a shared reason.
    assert!(explain(Topic::Reason, "NotMigratable", &s).known);
    assert!(
        !explain(Topic::Reason, "NotMigratable", &s)
            .implies
            .contains("drain blocks")
    );
    let err = explain_condition(
        "DecentralizedLiveMigrationFailure",
        "DecentralizedNotLiveMigratable",
        "x509: certificate is valid for a, not b",
        &s,
    );
    assert!(!err.title.to_lowercase().contains("wait"), "{err:?}");
}

// 4. Which VMIM is current and which VMIM an event belongs to.

#[test]
fn the_newest_vmim_is_current_not_an_orphan_migration_state() {
    let r = report("migration-orphan-then-new.yaml");
    let d = vmi(&r, "web-4");
    assert_eq!(d.migrations.len(), 2);
    // The orphan migrationState is older than every listed VMIM: it comes first.
    assert_eq!(d.migrations[1].name, "m-new");
    let t = titles(d, Layer::Migration).join("\n");
    assert!(
        t.contains("m-new: Migration target pod unschedulable"),
        "{t}"
    );
    assert!(
        !t.contains("m-new: Migration target pod unschedulable (earlier"),
        "{t}"
    );
    assert_ne!(d.layer(Layer::Migration).health, Health::Healthy, "{t}");
}

#[test]
fn an_older_vmims_events_are_not_the_newest_ones() {
    let r = report("migration-events-attributed.yaml");
    let d = vmi(&r, "web-5");
    let new = d.migrations.iter().find(|m| m.name == "m-new").unwrap();
    assert_eq!(new.outcome, Outcome::Pending);
    assert!(new.failure.is_none(), "{:?}", new.failure);
    let old = d.migrations.iter().find(|m| m.name == "m-old").unwrap();
    assert_eq!(old.outcome, Outcome::Failed);
    assert_eq!(
        old.failure.as_ref().unwrap().kind,
        FailureKind::TargetUnschedulable
    );
    assert_eq!(old.failure.as_ref().unwrap().plane, Plane::ControlPlane);
}

// 5. The failure plane from the phase history.

#[test]
fn a_target_pod_removed_before_running_is_control_plane() {
    let r = report("target-pod-removed.yaml");
    let f = vmi(&r, "web-6").migrations[0].failure.clone().unwrap();
    assert_eq!(f.plane, Plane::ControlPlane, "{f:?}");
    let r = report("target-pod-down.yaml");
    let f = vmi(&r, "web-7").migrations[0].failure.clone().unwrap();
    assert_eq!(f.plane, Plane::ControlPlane, "{f:?}");
    assert_eq!(f.kind, FailureKind::TargetPodGone);
    // Unschedulable for 5 min, then deleted by KubeVirt.
    let r = report("migration-events-attributed.yaml");
    let d = vmi(&r, "web-5");
    let t = titles(d, Layer::Migration).join("\n");
    assert!(t.contains("unschedulable for 5 min"), "{t}");
}

// 7. A drain blocked by a non-migratable LiveMigrate VMI.

#[test]
fn a_cordoned_node_with_a_non_migratable_live_migrate_vmi_is_a_blocked_drain() {
    let r = report("drain-blocked-not-migratable.yaml");
    let d = vmi(&r, "db-1");
    assert_eq!(d.layer(Layer::Migration).health, Health::Broken, "{d:#?}");
    let t = titles(d, Layer::Migration).join("\n");
    assert!(t.contains("Drain of n1 blocked"), "{t}");
    // The standing virt-handler warning alone is not drain evidence.
    let uncordoned = fixture("drain-blocked-not-migratable.yaml")
        .replace("  unschedulable: true\n", "")
        .replace(
            "  taints: [{key: node.kubernetes.io/unschedulable, effect: NoSchedule}]\n",
            "",
        );
    let r = report_of(&uncordoned);
    let d = vmi(&r, "db-1");
    assert_eq!(d.layer(Layer::Migration).health, Health::Degraded);
    // The deprecated drain taint evacuates all VMIs.
    let tainted = fixture("drain-blocked-not-migratable.yaml")
        .replace("  unschedulable: true\n", "")
        .replace("node.kubernetes.io/unschedulable", "kubevirt.io/drain");
    let r = report_of(&tainted);
    let d = vmi(&r, "db-1");
    assert_eq!(d.layer(Layer::Migration).health, Health::Broken);
    assert!(texts(d, Layer::Migration).contains("kubevirt.io/drain"));
}

#[test]
fn the_dump_pipeline_reports_hotplug_attachment_pods_blocking_a_drain() {
    // The same dump through the one pipeline (CLI and paste page): its drain report names the
    // attachment pod (`pod-eviction-admitter.go` denies evicting it while the VMI exists).
    let text = fixture("drain-blocked-not-migratable.yaml");
    let analysis = model::input::pipeline::analyse(&text, None).unwrap();
    let drain = analysis
        .report
        .drains
        .iter()
        .find(|d| d.node == "n1")
        .expect("a drain report for the cordoned node");
    assert!(
        drain.outcomes.iter().any(|o| o
            .evidence
            .iter()
            .any(|e| e.contains("hp-volume-db-1-xxxxx"))),
        "{:?}",
        drain.outcomes
    );
}

#[test]
fn hotplug_attachment_pods_block_the_drain_report() {
    let text = fixture("drain-blocked-not-migratable.yaml");
    let objects: Vec<Object> = model::input::parse::parse(&text)
        .unwrap()
        .objects
        .into_iter()
        .map(|l| l.object)
        .collect();
    let pods: Vec<model::kube::Pod> = objects
        .iter()
        .filter_map(|o| match o {
            Object::Pod(p) => Some((**p).clone()),
            _ => None,
        })
        .collect();
    let vmis = vmis_of("drain-blocked-not-migratable.yaml");
    let drain = drain_impact_with_pods("n1", &vmis, &[], &pods, None);
    let o = &drain.outcomes[0];
    assert_eq!(o.action, DrainAction::BlockDrain);
    assert!(
        o.evidence
            .iter()
            .any(|e| e.contains("hp-volume-db-1-xxxxx")),
        "{:?}",
        o.evidence
    );
    // A migration target pod on the draining node blocks it too: LiveMigrate, not migratable
    // (see kubevirt_semantics_migration.rs for the other strategies).
    let mut moving = vmis[0].clone();
    moving.status.node_name = Some("n0".into());
    let drain = drain_impact_with_pods("n1", &[moving], &[], &target_pod(&pods[0]), None);
    assert_eq!(drain.outcomes.len(), 1);
    assert_eq!(drain.outcomes[0].action, DrainAction::BlockDrain);
    assert!(drain.outcomes[0].reason.contains("target pod"));
}

/// The launcher pod of the fixture, as a migration target pod.
fn target_pod(p: &model::kube::Pod) -> Vec<model::kube::Pod> {
    let mut t = p.clone();
    t.metadata
        .labels
        .insert("kubevirt.io/migrationJobUID".into(), "m-9".into());
    vec![t]
}

// 8. NodeUnresponsive means phase Failed; phase Unknown is never set.

#[test]
fn node_unresponsive_is_final_failed() {
    let r = report("node-unresponsive-failed.yaml");
    let d = vmi(&r, "web-3");
    let node = texts(d, Layer::Node);
    assert!(node.contains("marked the VMI Failed"), "{node}");
    assert!(!node.contains("real state is unknown"), "{node}");
    let x = explain(Topic::Reason, "NodeUnresponsive", &Subject::default());
    assert!(
        x.meaning.contains("Failed") && !x.meaning.contains("unknown"),
        "{x:?}"
    );
    let u = explain(Topic::VmiPhase, "Unknown", &Subject::default());
    assert!(u.meaning.contains("not set by KubeVirt"), "{u:?}");
}

#[test]
fn a_dead_virt_handler_makes_the_status_stale() {
    let r = report("virt-handler-dead.yaml");
    let d = vmi(&r, "web-8");
    assert_eq!(d.layer(Layer::Node).health, Health::Broken, "{d:#?}");
    assert!(texts(d, Layer::Node).contains("kubevirt.io/heartbeat"));
}

// 9. RerunOnFailure does not restart a drained VM.

#[test]
fn rerun_on_failure_is_not_restarted_after_a_drain() {
    let r = report("drain-rerun-on-failure.yaml");
    let drain = r.drains.iter().find(|d| d.node == "n1").unwrap();
    let o = drain
        .outcomes
        .iter()
        .find(|o| o.key.name == "batch-1")
        .unwrap();
    assert_eq!(o.action, DrainAction::ShutDown);
    assert!(!o.reason.contains("started again"), "{}", o.reason);
    assert!(
        o.reason.contains("Succeeded") && o.reason.contains("grace period"),
        "{}",
        o.reason
    );
    let d = vmi(&r, "batch-0");
    let g = texts(d, Layer::Guest);
    assert!(g.contains("will not restart"), "{g}");
}

// 10. PausedByUser while Running is the user's wish.

#[test]
fn paused_by_user_is_intended() {
    let r = report("paused-by-user.yaml");
    let d = vmi(&r, "db");
    assert_eq!(d.contradictions().count(), 0, "{d:#?}");
    assert_eq!(d.layer(Layer::Guest).health, Health::Healthy);
    assert!(
        titles(d, Layer::Guest)
            .iter()
            .any(|t| t.contains("intended"))
    );
}

// A2, A3, A7, A10, A11.

#[test]
fn guest_agent_commands_without_enabled_are_disabled() {
    let info: model::kube::GuestAgentInfo = serde_json::from_value(serde_json::json!({
        "supportedCommands": [{"name": "guest-ping", "enabled": true}, {"name": "guest-shutdown"}]
    }))
    .unwrap();
    assert!(info.missing_required_commands().contains(&"guest-shutdown"));
    assert!(!info.missing_required_commands().contains(&"guest-ping"));
}

#[test]
fn a_link_set_down_by_the_user_is_expected() {
    let r = report("link-down-requested.yaml");
    let d = vmi(&r, "net-1");
    assert_eq!(d.layer(Layer::Network).health, Health::Healthy, "{d:#?}");
    assert!(texts(d, Layer::Network).contains("as requested"));
}

#[test]
fn transient_sync_waits_are_not_errors() {
    let r = report("sync-waits.yaml");
    for name in ["wait-1", "wait-2"] {
        let d = vmi(&r, name);
        assert_ne!(
            d.layer(Layer::ControlPlane).health,
            Health::Broken,
            "{name}: {d:#?}"
        );
        assert!(
            texts(d, Layer::ControlPlane)
                .to_lowercase()
                .contains("waiting")
        );
    }
    assert_eq!(
        vmi(&r, "wait-3").layer(Layer::ControlPlane).health,
        Health::Broken
    );
}

#[test]
fn missing_catalogue_entries_are_there() {
    for t in ["Failure", "RestartRequired", "ManualRecoveryRequired"] {
        assert!(has_entry(Topic::ConditionType, t), "{t}");
    }
    for r in [
        "ReadinessGatesNotReady",
        "ContainersNotReady",
        "PodCompleted",
        "FailedCreateValidation",
    ] {
        assert!(has_entry(Topic::Reason, r), "{r}");
    }
    let fc = explain(Topic::Reason, "FailedCreate", &Subject::default());
    assert!(fc.meaning.contains("active migration exists"), "{fc:?}");
}

// A4, A6, A9.

#[test]
fn multus_only_interfaces_are_hotplug_or_unplug_in_flight() {
    let r = report("nic-hotplug-multus-only.yaml");
    let d = vmi(&r, "net-2");
    let t = texts(d, Layer::Network);
    assert!(t.contains("blue: NIC hot-plug in flight"), "{t}");
    assert!(t.contains("red: NIC unplug pending a migration"), "{t}");
    assert!(!t.to_lowercase().contains("no ip"), "{t}");
}

#[test]
fn a_domain_never_seen_on_the_target_lost_the_vm() {
    let r = report("migration-lost-vm.yaml");
    let d = vmi(&r, "web-9");
    let t = titles(d, Layer::Migration).join("\n");
    assert!(t.contains("VM lost during the migration"), "{t}");
    assert_eq!(d.layer(Layer::Migration).health, Health::Broken);
}

#[test]
fn a_target_attachment_pod_is_not_the_target_pod() {
    // The dump grouping does not put attachment pods with the VMI, so interpret directly with
    // every pod of the fixture (as the backend's watches would).
    let objects: Vec<Object> =
        model::input::parse::parse(&fixture("target-attachment-pod-pending.yaml"))
            .unwrap()
            .objects
            .into_iter()
            .map(|l| l.object)
            .collect();
    let (mut vmis, mut vmims, mut pods) = (vec![], vec![], vec![]);
    for o in objects {
        match o {
            Object::Vmi(v) => vmis.push(*v),
            Object::Vmim(m) => vmims.push(*m),
            Object::Pod(p) => pods.push(*p),
            _ => {}
        }
    }
    let pod_refs: Vec<&model::kube::Pod> = pods.iter().collect();
    let ctx = model::migration::MigrationContext {
        vmi: vmis.first(),
        pods: &pod_refs,
        now: Timestamp::parse(NOW),
        ..Default::default()
    };
    let m = model::migration::interpret(vmims.first(), &ctx);
    assert!(m.failure.is_none(), "{:?}", m.failure);
    // The same pod labelled as a launcher is the target, and it is unschedulable.
    let mut launcher = pods[0].clone();
    launcher
        .metadata
        .labels
        .insert("kubevirt.io".into(), "virt-launcher".into());
    let refs = [&launcher];
    let ctx = model::migration::MigrationContext { pods: &refs, ..ctx };
    let m = model::migration::interpret(vmims.first(), &ctx);
    assert_eq!(m.failure.unwrap().kind, FailureKind::TargetUnschedulable);
}

// A5.

#[test]
fn a_decentralized_source_that_succeeded_moved_to_another_cluster() {
    let r = report("decentralized-source-succeeded.yaml");
    let d = vmi(&r, "xc-1");
    let g = texts(d, Layer::Guest);
    assert!(g.contains("Moved to another cluster"), "{g}");
    assert!(!g.contains("stopped normally"), "{g}");
}

// 4. Metrics go to the migration in progress.

#[test]
fn metrics_belong_to_the_running_migration_not_a_queued_newer_one() {
    let r = report("second-vmim-while-one-runs.yaml");
    let d = vmi(&r, "app2");
    let run = d.migrations.iter().find(|m| m.name == "m-run").unwrap();
    let queued = d.migrations.iter().find(|m| m.name == "m-queued").unwrap();
    assert!(run.progress.is_some(), "{run:#?}");
    assert!(queued.progress.is_none(), "{queued:#?}");
}

#[test]
fn a_log_only_paste_does_not_claim_a_migration_names_the_vmi() {
    // A virt-launcher log line alone: no VMI object and no migration in the paste.
    let line = r#"{"component":"virt-launcher","level":"error","msg":"Failed to connect socket to '/var/run/libvirt/virtqemud-sock': No such file or directory","pos":"libvirt.go:562","timestamp":"2024-05-01T10:00:00.000000Z"}"#;
    let analysis = model::input::pipeline::analyse(line, None).unwrap();
    let text = serde_json::to_string(&analysis.report).unwrap();
    assert!(text.contains("Only log lines name this VMI"), "{text}");
    assert!(!text.contains("Only a migration names this VMI"), "{text}");
}
