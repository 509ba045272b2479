//! One fixture per simulator scenario (tests/fixtures/, realistic objects written from the
//! KubeVirt facts), each asserting the layer verdicts, the headline and the key findings.

use model::cli::{CliOptions, diagnose_text};
use model::diagnosis::Diagnosis;
use model::input::pipeline::{Report, diagnose_input};
use model::time::Timestamp;
use model::verdict::{Confidence, Health, Layer};
use model::view::DrainAction;
use model::view::{AbortState, FailureKind, Outcome, Plane, Trigger};

const NOW: &str = "2026-08-22T10:10:00Z";

#[path = "support/fixture.rs"]
mod fixtures;
use fixtures::fixture;

fn report(name: &str) -> Report {
    diagnose_input(&fixture(name), Timestamp::parse(NOW)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn vmi<'a>(r: &'a Report, name: &str) -> &'a Diagnosis {
    r.diagnoses
        .iter()
        .find(|d| d.key.name == name)
        .unwrap_or_else(|| panic!("no diagnosis for {name}"))
}

/// Layer verdicts in order: control plane, node, guest, network, migration.
fn assert_layers(d: &Diagnosis, expected: [Health; 5]) {
    let got: Vec<Health> = Layer::ALL.iter().map(|l| d.layer(*l).health).collect();
    assert_eq!(got, expected, "{}\n{d:#?}", d.headline);
}

fn has_finding(d: &Diagnosis, layer: Layer, needle: &str) -> bool {
    d.layer(layer)
        .findings
        .iter()
        .any(|f| f.title.contains(needle) || f.evidence.iter().any(|e| e.contains(needle)))
}

fn exit_code(name: &str) -> i32 {
    diagnose_text(
        &fixture(name),
        &CliOptions {
            json: false,
            now: Timestamp::parse(NOW),
        },
    )
    .exit_code
}

use Health::{Broken as B, Degraded as D, Healthy as H, Unknown as U};

#[test]
fn healthy_vm_with_agent() {
    let r = report("healthy-with-agent.yaml");
    let d = vmi(&r, "web");
    assert_layers(d, [H, H, H, H, H]);
    assert_eq!(d.headline, "prod/web: healthy");
    // The pod and the node were grouped with the VMI.
    assert!(has_finding(d, Layer::Node, "Node node-1 Ready"));
    assert!(has_finding(d, Layer::Node, "pod virt-launcher-web-x7k2p"));
    assert_eq!(d.contradictions().count(), 0);
    assert_eq!(exit_code("healthy-with-agent.yaml"), 0);
}

#[test]
fn no_guest_agent_is_unknown_not_healthy() {
    let r = report("no-guest-agent.yaml");
    let d = vmi(&r, "cirros");
    assert_layers(d, [H, H, U, H, H]);
    assert!(d.headline.contains("unknown: guest"), "{}", d.headline);
    assert!(has_finding(
        d,
        Layer::Guest,
        "status.conditions[AgentConnected] absent"
    ));
    assert_eq!(exit_code("no-guest-agent.yaml"), 0);
}

#[test]
fn unsupported_agent_version() {
    let d = vmi(&report("agent-unsupported.yaml"), "legacy").clone();
    assert_layers(&d, [H, H, D, H, H]);
    assert!(d.headline.contains("guest degraded"), "{}", d.headline);
    assert!(has_finding(
        &d,
        Layer::Guest,
        "This guest agent doesn't support required basic commands"
    ));
}

#[test]
fn paused_by_user_with_launcher_pod_running() {
    let d = vmi(&report("paused-by-user.yaml"), "db").clone();
    // Issue 15: a user's pause is the user's wish (phase Running, Ready=False through the
    // readiness gate are both expected): no degraded guest, no contradiction.
    assert_layers(&d, [H, H, H, H, H]);
    assert!(d.headline.contains("healthy"), "{}", d.headline);
    assert_eq!(d.contradictions().count(), 0);
    assert!(has_finding(
        &d,
        Layer::Guest,
        "status.conditions[Paused].reason = PausedByUser"
    ));
}

#[test]
fn paused_io_error_breaks_node_and_guest() {
    let r = report("paused-io-error.yaml");
    let d = vmi(&r, "fileserver");
    assert_layers(d, [H, B, B, U, H]);
    assert!(
        d.headline
            .contains("node/launcher broken — Storage I/O error"),
        "{}",
        d.headline
    );
    assert_eq!(exit_code("paused-io-error.yaml"), 1);
}

#[test]
fn pending_unschedulable() {
    let r = report("unschedulable.yaml");
    let d = vmi(&r, "bigmem");
    // No node fits it: the nodes' layer (`model::scheduling`, one rule with the paste
    // readers); the phase it waits in stays virt-controller's.
    assert_layers(d, [D, B, U, U, U]);
    assert!(
        d.headline
            .starts_with("batch/bigmem: node/launcher broken — Launcher pod cannot be scheduled"),
        "{}",
        d.headline
    );
    assert!(has_finding(
        d,
        Layer::Node,
        "status.conditions[PodScheduled].reason = Unschedulable"
    ));
    // It has waited almost 20 minutes: the age is judged against the given now.
    assert!(has_finding(
        d,
        Layer::ControlPlane,
        "Stuck in Scheduling for 19m59s"
    ));
}

#[test]
fn scheduled_with_sync_error() {
    let r = report("scheduled-sync-failed.yaml");
    let d = vmi(&r, "broken-disk");
    assert_layers(d, [D, B, U, U, U]);
    assert!(
        d.headline
            .contains("node/launcher broken — virt-handler cannot sync the domain"),
        "{}",
        d.headline
    );
    assert!(has_finding(
        d,
        Layer::Node,
        "status.conditions[Synchronized].reason = Synchronizing with the Domain failed."
    ));
    // `lifecycle.go` sets Scheduled when the launcher pod is Ready: a Running pod with a
    // Scheduled VMI is no contradiction; 15 min without a domain is virt-handler's failure.
    assert_eq!(d.contradictions().count(), 0, "{d:#?}");
    assert!(
        d.layer(Layer::Node)
            .findings
            .iter()
            .any(|f| f.title == "virt-handler has not started the domain in 15m00s")
    );
}

#[test]
fn precopy_that_converges() {
    let r = report("precopy-converging.yaml");
    let d = vmi(&r, "app");
    assert_layers(d, [H, H, H, H, H]);
    // Two activePods during a migration are not a contradiction.
    assert_eq!(d.contradictions().count(), 0, "{d:#?}");
    let m = &d.migrations[0];
    assert_eq!(m.outcome, Outcome::InProgress);
    assert_eq!(m.trigger, Trigger::User);
    let p = m.progress.as_ref().unwrap();
    assert_eq!(p.percent.map(|x| x.round()), Some(75.0));
    assert_eq!(p.converging, Some(true));
    // 1 GiB left at (128 - 16) MiB/s.
    let eta = p.eta_secs.unwrap();
    assert!((eta - 1024.0 / 112.0).abs() < 0.01, "{eta}");
    let phases: Vec<&str> = m.timeline.iter().map(|s| s.phase.as_str()).collect();
    assert_eq!(
        phases,
        [
            "Pending",
            "Scheduling",
            "Scheduled",
            "PreparingTarget",
            "TargetReady",
            "Running"
        ]
    );
    assert_eq!(m.timeline[1].duration_secs, Some(19.0));
    assert_eq!(m.timeline[5].duration_secs, Some(120.0));
    assert!(m.mode_changes.is_empty());
}

#[test]
fn precopy_not_converging_switches_to_postcopy() {
    let r = report("precopy-to-postcopy.yaml");
    let d = vmi(&r, "cache");
    assert_layers(d, [H, H, H, H, D]);
    let m = &d.migrations[0];
    assert_eq!(m.mode.as_deref(), Some("PostCopy"));
    assert_eq!(
        (
            m.mode_changes[0].from.as_str(),
            m.mode_changes[0].to.as_str()
        ),
        ("PreCopy", "PostCopy")
    );
    let p = m.progress.as_ref().unwrap();
    assert_eq!(p.converging, Some(false));
    assert_eq!(
        p.eta_secs, None,
        "no honest ETA when dirty rate exceeds transfer rate"
    );
    assert!(has_finding(
        d,
        Layer::Migration,
        "Migration is not converging"
    ));
    assert!(has_finding(d, Layer::Migration, "Running in post-copy"));
}

#[test]
fn migration_goes_to_paused_mode() {
    let r = report("paused-mode.yaml");
    let d = vmi(&r, "analytics");
    // The migration monitor's pause during a migration in mode Paused is part of the migration
    // (issue 15): the guest layer says so as Info; the migration layer carries the Degraded.
    assert_eq!(d.layer(Layer::Guest).health, H);
    assert_eq!(d.layer(Layer::Migration).health, D);
    let m = &d.migrations[0];
    assert_eq!(m.mode_changes[0].to, "Paused");
    assert_eq!(
        m.mode_changes[0].at,
        Timestamp::parse("2026-08-22T10:07:00Z")
    );
    assert!(has_finding(
        d,
        Layer::Guest,
        "status.conditions[Paused].reason = PausedByMigrationMonitor"
    ));
    // Old metric names (kubevirt_migrate_vmi_*) are read.
    assert_eq!(
        m.progress.as_ref().and_then(|p| p.data_remaining_bytes),
        Some(536_870_912.0)
    );
}

#[test]
fn postcopy_success() {
    let r = report("postcopy-success.yaml");
    let d = vmi(&r, "search");
    assert_layers(d, [H, H, H, H, H]);
    let m = &d.migrations[0];
    assert_eq!(m.outcome, Outcome::Succeeded);
    assert!(!m.irrecoverable);
    assert_eq!(m.target_node.as_deref(), Some("node-3"));
}

#[test]
fn postcopy_failure_is_irrecoverable() {
    let r = report("postcopy-failed.yaml");
    let d = vmi(&r, "ledger");
    assert_layers(d, [H, B, B, U, B]);
    assert!(
        d.headline.starts_with(
            "finance/ledger: migration broken — ledger-mig: Post-copy migration failed"
        ),
        "{}",
        d.headline
    );
    let m = &d.migrations[0];
    assert!(m.irrecoverable);
    assert_eq!(m.outcome, Outcome::Failed);
    let f = m.failure.as_ref().unwrap();
    assert_eq!(
        (f.plane, f.kind.clone()),
        (Plane::DataPlane, FailureKind::PostCopyBroken)
    );
    assert!(has_finding(
        d,
        Layer::Migration,
        "completed=true together with failed=true"
    ));
    assert!(has_finding(
        d,
        Layer::Node,
        "VMI is irrecoverable due to failed post-copy migration"
    ));
    assert!(has_finding(
        d,
        Layer::Guest,
        "event Stopped (Warning): The VirtualMachineInstance crashed."
    ));
    assert_eq!(exit_code("postcopy-failed.yaml"), 1);
}

#[test]
fn abort_that_succeeds() {
    let r = report("abort-succeeded.yaml");
    let d = vmi(&r, "api");
    assert_layers(d, [H, H, H, H, H]);
    let m = &d.migrations[0];
    assert_eq!(m.abort, AbortState::Succeeded);
    assert_eq!(m.outcome, Outcome::Aborted);
}

#[test]
fn abort_that_fails() {
    let r = report("abort-failed.yaml");
    let d = vmi(&r, "worker");
    assert_layers(d, [H, H, H, H, D]);
    let m = &d.migrations[0];
    assert_eq!(m.abort, AbortState::Failed);
    assert_eq!(m.outcome, Outcome::InProgress);
    assert!(d.headline.contains("Abort failed"), "{}", d.headline);
}

#[test]
fn target_pod_unschedulable() {
    let r = report("target-unschedulable.yaml");
    let d = vmi(&r, "gpu-less");
    assert_layers(d, [H, H, H, H, B]);
    let f = d.migrations[0].failure.as_ref().unwrap();
    assert_eq!(
        (f.plane, f.kind.clone()),
        (Plane::ControlPlane, FailureKind::TargetUnschedulable)
    );
    assert!(
        d.headline
            .contains("migration broken — gpu-less-mig: Migration target pod unschedulable"),
        "{}",
        d.headline
    );
}

#[test]
fn migration_rejected_by_quota_json_list() {
    let r = report("quota-rejected.json");
    let d = vmi(&r, "tenant-vm");
    assert_layers(d, [H, H, H, H, B]);
    let m = &d.migrations[0];
    assert_eq!(m.outcome, Outcome::Pending);
    let f = m.failure.as_ref().unwrap();
    assert_eq!(
        (f.plane, f.kind.clone()),
        (Plane::ControlPlane, FailureKind::ResourceQuota)
    );
    assert!(has_finding(
        d,
        Layer::Migration,
        "vmim.status.conditions[migrationRejectedByResourceQuota]"
    ));
}

#[test]
fn node_drain_migrates_one_blocks_four_external_one() {
    let r = report("node-drain.yaml");
    let mover = vmi(&r, "mover");
    assert_layers(mover, [H, H, H, H, D]);
    assert!(
        mover.headline.contains("Evacuating from node-4"),
        "{}",
        mover.headline
    );
    assert_eq!(
        mover.migrations[0].trigger,
        Trigger::Evacuation {
            node: Some("node-4".into())
        }
    );
    for (name, reason) in [
        ("local-disk", "DisksNotLiveMigratable"),
        ("bridged", "InterfaceNotLiveMigratable"),
        ("passthrough", "HostDeviceNotLiveMigratable"),
        ("confidential", "SEVNotLiveMigratable"),
    ] {
        let d = vmi(&r, name);
        assert_eq!(d.layer(Layer::Migration).health, B, "{name}");
        assert!(
            d.headline.contains(&format!("cannot migrate ({reason})")),
            "{}",
            d.headline
        );
        assert!(has_finding(
            d,
            Layer::Migration,
            "status.evacuationNodeName = node-4"
        ));
    }
    let ext = vmi(&r, "capk-worker");
    assert_eq!(ext.layer(Layer::Migration).health, D);
    assert!(
        ext.headline.contains("external controller"),
        "{}",
        ext.headline
    );
    let drain = &r.drains[0];
    assert_eq!(drain.node, "node-4");
    assert_eq!(drain.blocking, 4);
    let action = |n: &str| {
        drain
            .outcomes
            .iter()
            .find(|o| o.key.name == n)
            .unwrap()
            .action
    };
    assert_eq!(action("mover"), DrainAction::Migrate);
    assert_eq!(action("local-disk"), DrainAction::BlockDrain);
    assert_eq!(action("capk-worker"), DrainAction::External);
    assert_eq!(exit_code("node-drain.yaml"), 1);
}

#[test]
fn node_not_ready_without_a_handler_heartbeat_is_judged_with_low_confidence() {
    // The kubelet is NotReady and virt-handler's own heartbeat is not in the dump: the guest and
    // network layers are judged from the VMI status (the kubelet does not write it), with a low
    // confidence, and the heartbeat is named as missing evidence.
    let r = report("node-notready-stale.yaml");
    let d = vmi(&r, "orphan");
    assert_eq!(d.layer(Layer::Node).health, B);
    assert_eq!(d.layer(Layer::Guest).health, H, "{d:#?}");
    assert_eq!(d.layer(Layer::Guest).confidence, Confidence::Low);
    assert!(
        d.missing_evidence
            .iter()
            .any(|m| m.contains("kubevirt.io/heartbeat")),
        "{:?}",
        d.missing_evidence
    );
    assert!(
        d.headline
            .contains("node/launcher broken — Node node-5 NotReady"),
        "{}",
        d.headline
    );
}

#[test]
fn node_not_ready_then_vmi_unknown() {
    let r = report("node-unknown-phase.yaml");
    let d = vmi(&r, "orphan");
    assert_layers(d, [H, B, U, U, U]);
    // No KubeVirt release v1.0 to v1.9 writes phase Unknown (issue 15): Strata no longer claims
    // the host is unreachable from it.
    assert!(has_finding(
        d,
        Layer::Node,
        "Phase Unknown (not set by KubeVirt v1.0+)"
    ));
    assert!(has_finding(
        d,
        Layer::Node,
        "status.reason = NodeUnresponsive"
    ));
}

#[test]
fn interface_sources_and_a_disagreement() {
    let r = report("interfaces-disagree.yaml");
    let d = vmi(&r, "router");
    assert_layers(d, [H, H, H, D, H]);
    let c: Vec<_> = d.contradictions().collect();
    assert_eq!(c.len(), 1, "{c:#?}");
    assert_eq!(
        c[0].title,
        "Interface storage-net: guest and Multus disagree on the IP"
    );
    assert!(
        c[0].evidence
            .iter()
            .any(|e| e.contains("network-status[net/storage].ips = 192.168.50.5"))
    );
    // The guest-only docker0 interface (no name) is not judged.
    assert!(!has_finding(d, Layer::Network, "docker0"));
}

#[test]
fn two_active_pods_left_behind_after_target_crash() {
    let r = report("two-active-pods-left-behind.yaml");
    let d = vmi(&r, "stuck");
    assert_layers(d, [H, H, H, H, D]);
    let titles: Vec<&str> = d.contradictions().map(|f| f.title.as_str()).collect();
    // The crashed target pod is Failed: KubeVirt keeps it in activePods (`setActivePods`), and
    // only live entries count (`VMIActivePodsCount`), so that is no contradiction (issue 15).
    assert!(
        !titles
            .iter()
            .any(|t| t.contains("activePods with no migration")),
        "{titles:?}"
    );
    assert!(titles.contains(&"migrationState left behind"), "{titles:?}");
    let f = d.migrations[0].failure.as_ref().unwrap();
    assert_eq!(f.kind, FailureKind::TargetPodGone);
}

#[test]
fn every_fixture_reads_and_renders_in_both_forms() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        // Object dumps only: `real/` holds what users pasted, which has a test of its own.
        if !path.is_file() {
            continue;
        }
        let input = std::fs::read_to_string(&path).unwrap();
        for json in [false, true] {
            let out = diagnose_text(&input, &CliOptions { json, now: None });
            assert!(
                out.exit_code == 0 || out.exit_code == 1,
                "{}: {}",
                path.display(),
                out.output
            );
            if json {
                let v: serde_json::Value = serde_json::from_str(&out.output).unwrap();
                assert!(!v["diagnoses"].as_array().unwrap().is_empty());
            }
        }
        n += 1;
    }
    assert!(n >= 20, "{n} fixtures");
}

/// The overview's glance (card border, node page badge, counts) is the diagnosis' verdict, layer
/// by layer: a VMI whose migration or network is broken is not "healthy" at a glance while its
/// headline names that layer.
#[test]
fn the_glance_agrees_with_the_diagnosis_on_every_fixture() {
    use model::view::VmiSummary;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut seen = 0;
    let mut beyond_three = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "yaml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let a = model::input::pipeline::analyse(&text, Timestamp::parse(NOW)).unwrap();
        for (e, d) in a.dump.bundles.iter().zip(&a.report.diagnoses) {
            let s = VmiSummary::from_evidence(e, a.report.now);
            let name = format!("{}: {}", path.display(), d.key);
            for l in Layer::ALL {
                assert_eq!(s.layers.get(l), d.layer(l).health, "{name} {l:?}");
            }
            assert_eq!(s.layers.worst(), d.overall, "{name}: {}", d.headline);
            let three = d
                .layer(Layer::ControlPlane)
                .health
                .worse(d.layer(Layer::Node).health)
                .worse(d.layer(Layer::Guest).health);
            beyond_three += usize::from(three != d.overall);
            seen += 1;
        }
    }
    assert!(seen > 30, "{seen} VMIs");
    // The fixtures hold VMIs whose verdict only the network or migration layer decides.
    assert!(
        beyond_three > 0,
        "no fixture is decided by network or migration"
    );
}
