//! Issue 26 (migration, drain and metrics): where the diagnosis disagreed with KubeVirt's source.
//! Each test builds what KubeVirt writes and asserts what the source says happens; the KubeVirt
//! file that decides it is named in the test. The version matrix reads the same migration from
//! the metric names of v1.0 to v1.9, as each tag's source names them.

use model::drain::{DrainAction, drain_impact_with_pods};
use model::input::pipeline::{Report, diagnose_input};
use model::kube::{MetricSample, Pod, Vmi};
use model::migration::progress_from_metrics;
use model::time::Timestamp;
use model::verdict::{Health, Layer};
use model::view::Plane;

const NOW: &str = "2026-08-22T10:10:00Z";

fn report_of(text: &str) -> Report {
    diagnose_input(text, Timestamp::parse(NOW)).unwrap_or_else(|e| panic!("{e}"))
}

fn diagnosis<'a>(r: &'a Report, name: &str) -> &'a model::diagnosis::Diagnosis {
    r.diagnoses
        .iter()
        .find(|d| d.key.name == name)
        .unwrap_or_else(|| panic!("no diagnosis for {name}"))
}

fn texts(d: &model::diagnosis::Diagnosis, layer: Layer) -> String {
    d.layer(layer)
        .findings
        .iter()
        .map(|f| format!("{} | {} | {:?}", f.title, f.detail, f.evidence))
        .collect::<Vec<_>>()
        .join("\n")
}

// 1. A migration target pod on the drained node follows the eviction strategy.

/// A VMI on `n0` migrating to `n1`, its target pod on `n1`.
fn migrating(strategy: Option<&str>, migratable: &str) -> (Vmi, Vec<Pod>) {
    let mut v = serde_json::json!({
        "metadata": {"name": "web", "namespace": "ns", "uid": "vmi-1"},
        "status": {"phase": "Running", "nodeName": "n0",
            "conditions": [{"type": "LiveMigratable", "status": migratable}],
            "migrationState": {"migrationUid": "m-1", "sourceNode": "n0", "targetNode": "n1",
                "targetPod": "virt-launcher-web-t"}}});
    if let Some(s) = strategy {
        v["spec"] = serde_json::json!({"evictionStrategy": s});
    }
    let pod = Pod::from_value(&serde_json::json!({
        "metadata": {"name": "virt-launcher-web-t", "namespace": "ns", "uid": "p-t",
            "labels": {"kubevirt.io": "virt-launcher", "kubevirt.io/created-by": "vmi-1",
                "kubevirt.io/migrationJobUID": "m-1"}},
        "spec": {"nodeName": "n1"},
        "status": {"phase": "Running"}}));
    (Vmi::from_value(&v), vec![pod])
}

/// `admitLauncherPod` (`pkg/virt-api/webhooks/validating-webhook/admitters/
/// pod-eviction-admitter.go`) passes the eviction when the strategy is None, or
/// LiveMigrateIfPossible on a VMI that cannot migrate; the migration then fails ("target pod
/// shutdown during migration", `updateStatus` in `pkg/virt-controller/watch/migration/
/// migration.go`) and the drain goes on.
#[test]
fn a_target_pod_blocks_the_drain_only_when_the_strategy_protects_it() {
    let action = |strategy, lm| {
        let (vmi, pods) = migrating(strategy, lm);
        let r = drain_impact_with_pods("n1", &[vmi], &[], &pods, None);
        assert_eq!(r.outcomes.len(), 1);
        (r.outcomes[0].action, r.outcomes[0].reason.clone())
    };
    let (a, why) = action(Some("None"), "True");
    assert_eq!(a, DrainAction::NotAffected, "{why}");
    assert!(
        why.contains("target pod shutdown during migration"),
        "{why}"
    );
    assert_eq!(action(None, "True").0, DrainAction::NotAffected);
    assert_eq!(
        action(Some("LiveMigrateIfPossible"), "False").0,
        DrainAction::NotAffected
    );
    // Protected: denied "Eviction request for target Pod" (or "not live-migratable").
    let (a, why) = action(Some("LiveMigrate"), "True");
    assert_eq!(a, DrainAction::BlockDrain);
    assert!(why.contains("Eviction request for target Pod"), "{why}");
    assert_eq!(
        action(Some("LiveMigrateIfPossible"), "True").0,
        DrainAction::BlockDrain
    );
    let (a, why) = action(Some("LiveMigrate"), "False");
    assert_eq!(a, DrainAction::BlockDrain);
    assert!(why.contains("not live-migratable"), "{why}");
    assert_eq!(r_blocking(Some("None")), 0);
}

fn r_blocking(strategy: Option<&str>) -> usize {
    let (vmi, pods) = migrating(strategy, "True");
    drain_impact_with_pods("n1", &[vmi], &[], &pods, None).blocking
}

// 4. A failure seen after PreparingTarget/TargetReady is not "before any data moved".

fn failed_after(phase: &str, reason: &str, start: &str, end: &str) -> String {
    format!(
        r#"apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata: {{name: web-4, namespace: prod, uid: vmi-4}}
status:
  phase: Running
  nodeName: n1
  conditions:
  - {{type: LiveMigratable, status: "True"}}
  migrationState:
    migrationUid: m-4
    sourceNode: n1
    targetNode: n2
    completed: true
    failed: true
    failureReason: "{reason}"
    startTimestamp: "{start}"
    endTimestamp: "{end}"
---
apiVersion: kubevirt.io/v1
kind: VirtualMachineInstanceMigration
metadata: {{name: m4, namespace: prod, uid: m-4, creationTimestamp: "2026-08-22T10:01:00Z"}}
spec: {{vmiName: web-4}}
status:
  phase: Failed
  phaseTransitionTimestamps:
  - {{phase: Scheduled, phaseTransitionTimestamp: "2026-08-22T10:01:10Z"}}
  - {{phase: {phase}, phaseTransitionTimestamp: "2026-08-22T10:01:20Z"}}
  - {{phase: Failed, phaseTransitionTimestamp: "2026-08-22T10:01:30Z"}}
"#
    )
}

/// The launcher writes the start time and the failure in one metadata update; virt-handler
/// copies both at once (`pkg/virt-handler/migration-source.go`) and `updateStatus`
/// (`pkg/virt-controller/watch/migration/migration.go`) fails the VMIM from TargetReady before
/// `processMigrationPhase` ever sets Running. A proxy failure there is data plane.
#[test]
fn a_fast_data_plane_failure_never_shows_running() {
    let proxy = "Live migration failed: error connecting to migration proxy: dial unix \
                 /var/run/kubevirt/migrationproxy/x.sock: connect: connection refused";
    for phase in ["TargetReady", "PreparingTarget"] {
        let r = report_of(&failed_after(
            phase,
            proxy,
            "2026-08-22T10:01:25Z",
            "2026-08-22T10:01:26Z",
        ));
        let f = diagnosis(&r, "web-4").migrations[0]
            .failure
            .clone()
            .unwrap();
        assert_eq!(f.plane, Plane::DataPlane, "{phase}: {f:?}");
    }
    // A reason that names no plane after TargetReady stays open …
    let r = report_of(&failed_after(
        "TargetReady",
        "Target pod is down",
        "2026-08-22T10:01:25Z",
        "2026-08-22T10:01:26Z",
    ));
    let f = diagnosis(&r, "web-4").migrations[0]
        .failure
        .clone()
        .unwrap();
    assert_eq!(f.plane, Plane::Unknown, "{f:?}");
    // … and before the target pod was Ready it is control plane.
    let r = report_of(&failed_after(
        "Scheduling",
        "Target pod is down",
        "2026-08-22T10:01:25Z",
        "2026-08-22T10:01:26Z",
    ));
    let f = diagnosis(&r, "web-4").migrations[0]
        .failure
        .clone()
        .unwrap();
    assert_eq!(f.plane, Plane::ControlPlane, "{f:?}");
}

// 5. The version matrix: one migration, the metric names of each release.

/// The names each tag's source gives the series (`git show vX.Y.0:<file>`):
/// v1.0 `pkg/monitoring/domainstats/prometheus/prometheus.go` (`MigrateVmi*MetricName`);
/// v1.1 the same file, with `MigrateVmiMemoryTransferRateMetricName =
/// "kubevirt_vmi_migration_disk_transfer_rate_bytes"` and the disk rate under the memory name;
/// v1.2 the same file, the disk rate gone; v1.4, v1.6, v1.9
/// `pkg/monitoring/metrics/virt-handler/migrationdomainstats/migrationstats_collector.go`
/// (`migrateVmiMemoryTransferRate`, `migrateVMIDataTotal`).
struct Names {
    tag: &'static str,
    processed: &'static str,
    remaining: &'static str,
    total: Option<&'static str>,
    memory_rate: &'static str,
    disk_rate: Option<&'static str>,
    dirty: &'static str,
}

const MATRIX: &[Names] = &[
    Names {
        tag: "v1.0.0",
        processed: "kubevirt_migrate_vmi_data_processed_bytes",
        remaining: "kubevirt_migrate_vmi_data_remaining_bytes",
        total: None,
        memory_rate: "kubevirt_migrate_vmi_memory_transfer_rate_bytes",
        disk_rate: Some("kubevirt_migrate_vmi_disk_transfer_rate_bytes"),
        dirty: "kubevirt_migrate_vmi_dirty_memory_rate_bytes",
    },
    Names {
        tag: "v1.1.0",
        processed: "kubevirt_vmi_migration_data_processed_bytes",
        remaining: "kubevirt_vmi_migration_data_remaining_bytes",
        total: None,
        memory_rate: "kubevirt_vmi_migration_disk_transfer_rate_bytes",
        disk_rate: Some("kubevirt_vmi_migration_memory_transfer_rate_bytes"),
        dirty: "kubevirt_vmi_migration_dirty_memory_rate_bytes",
    },
    Names {
        tag: "v1.2.0",
        processed: "kubevirt_vmi_migration_data_processed_bytes",
        remaining: "kubevirt_vmi_migration_data_remaining_bytes",
        total: None,
        memory_rate: "kubevirt_vmi_migration_disk_transfer_rate_bytes",
        disk_rate: None,
        dirty: "kubevirt_vmi_migration_dirty_memory_rate_bytes",
    },
    Names {
        tag: "v1.4.0",
        processed: "kubevirt_vmi_migration_data_processed_bytes",
        remaining: "kubevirt_vmi_migration_data_remaining_bytes",
        total: None,
        memory_rate: "kubevirt_vmi_migration_disk_transfer_rate_bytes",
        disk_rate: None,
        dirty: "kubevirt_vmi_migration_dirty_memory_rate_bytes",
    },
    Names {
        tag: "v1.6.0",
        processed: "kubevirt_vmi_migration_data_processed_bytes",
        remaining: "kubevirt_vmi_migration_data_remaining_bytes",
        total: Some("kubevirt_vmi_migration_data_total_bytes"),
        memory_rate: "kubevirt_vmi_migration_disk_transfer_rate_bytes",
        disk_rate: None,
        dirty: "kubevirt_vmi_migration_dirty_memory_rate_bytes",
    },
    Names {
        tag: "v1.9.0",
        processed: "kubevirt_vmi_migration_data_processed_bytes",
        remaining: "kubevirt_vmi_migration_data_remaining_bytes",
        total: Some("kubevirt_vmi_migration_data_bytes_total"),
        memory_rate: "kubevirt_vmi_migration_memory_transfer_rate_bytes",
        disk_rate: None,
        dirty: "kubevirt_vmi_migration_dirty_memory_rate_bytes",
    },
];

/// One converging migration (600 MB of 1 GB sent, memory at 100 MB/s, dirtied at 20 MB/s, no
/// disk copied) as virt-handler of `n` exports it, with `kubevirt_info` when `info`.
fn scrape(n: &Names, info: bool) -> String {
    let l = r#"{namespace="prod",name="web-1"}"#;
    let ts = 1_787_393_400_000_i64; // 2026-08-22T10:10:00Z
    let mut lines = vec![
        format!("{}{l} 6e8 {ts}", n.processed),
        format!("{}{l} 4e8 {ts}", n.remaining),
        format!("{}{l} 1e8 {ts}", n.memory_rate),
        format!("{}{l} 2e7 {ts}", n.dirty),
    ];
    if let Some(t) = n.total {
        lines.push(format!("{t}{l} 1e9 {ts}"));
    }
    if let Some(d) = n.disk_rate {
        lines.push(format!("{d}{l} 0 {ts}"));
    }
    if info {
        lines.push(format!(
            "kubevirt_info{{goversion=\"go1.22\",kubeversion=\"{}\"}} 1",
            n.tag
        ));
    }
    lines.join("\n")
}

#[test]
fn the_same_migration_reads_alike_from_every_releases_names() {
    for n in MATRIX {
        for info in [false, true] {
            let samples = MetricSample::from_exposition(&scrape(n, info));
            let p = progress_from_metrics(&samples, Timestamp::parse(NOW))
                .unwrap_or_else(|| panic!("{}: no progress", n.tag));
            let at = format!("{} (kubevirt_info: {info})", n.tag);
            assert_eq!(p.transfer_rate_bytes_per_sec, Some(1e8), "{at}: {p:?}");
            assert_eq!(p.dirty_rate_bytes_per_sec, Some(2e7), "{at}");
            assert_eq!(p.data_remaining_bytes, Some(4e8), "{at}");
            assert_eq!(p.converging, Some(true), "{at}");
            assert_eq!(p.percent.map(f64::round), Some(60.0), "{at}");
            assert_eq!(p.eta_secs.map(f64::round), Some(5.0), "{at}");
        }
    }
}

// 7. Scheduling lasts until the target pod is Ready.

fn scheduling_with_target(waiting: &str) -> String {
    format!(
        r#"apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata: {{name: web-7, namespace: prod, uid: vmi-7}}
status:
  phase: Running
  nodeName: n1
  conditions:
  - {{type: LiveMigratable, status: "True"}}
---
apiVersion: kubevirt.io/v1
kind: VirtualMachineInstanceMigration
metadata: {{name: m7, namespace: prod, uid: m-7, creationTimestamp: "2026-08-22T10:00:00Z"}}
spec: {{vmiName: web-7}}
status:
  phase: Scheduling
  phaseTransitionTimestamps:
  - {{phase: Scheduling, phaseTransitionTimestamp: "2026-08-22T10:00:05Z"}}
---
apiVersion: v1
kind: Pod
metadata:
  name: virt-launcher-web-7-t
  namespace: prod
  uid: p-t
  labels: {{kubevirt.io: virt-launcher, kubevirt.io/created-by: vmi-7, kubevirt.io/migrationJobUID: m-7}}
spec: {{nodeName: n2}}
status:
  phase: Pending
  conditions:
  - {{type: PodScheduled, status: "True"}}
  - {{type: Ready, status: "False"}}
  containerStatuses:
  - name: compute
    ready: false
    state: {{waiting: {{reason: {waiting}}}}}
"#
    )
}

/// `processMigrationPhase` (`pkg/virt-controller/watch/migration/migration.go`) leaves
/// Scheduling only when the target pod is Ready, so a scheduled target whose image cannot be
/// pulled or whose container crashes holds the migration there.
#[test]
fn a_target_pod_stuck_before_ready_is_reported() {
    for reason in ["ImagePullBackOff", "CrashLoopBackOff"] {
        let r = report_of(&scheduling_with_target(reason));
        let m = &diagnosis(&r, "web-7").migrations[0];
        let f = m
            .failure
            .clone()
            .unwrap_or_else(|| panic!("{reason}: no failure: {:?}", m.findings));
        assert_eq!(f.plane, Plane::ControlPlane);
        assert!(f.reason.contains(reason), "{f:?}");
        assert_eq!(m.health, Health::Broken, "{reason}");
    }
    // ContainerCreating is said in the Scheduling finding.
    let r = report_of(&scheduling_with_target("ContainerCreating"));
    let d = diagnosis(&r, "web-7");
    let t = texts(d, Layer::Migration);
    assert!(t.contains("compute: ContainerCreating"), "{t}");
}

// 8, 9, 12. The evacuation controller, External and a Failed VMI's teardown.

fn evacuated(phase: &str, strategy: &str, pods: &str) -> String {
    format!(
        r#"apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata: {{name: web-8, namespace: prod, uid: vmi-8}}
spec: {{evictionStrategy: {strategy}}}
status:
  phase: {phase}
  nodeName: n1
  evacuationNodeName: n1
  activePods: {{p-a: n1, p-b: n2}}
  conditions:
  - {{type: LiveMigratable, status: "True"}}
  - {{type: EvictionRequested, status: "True"}}
---
apiVersion: kubevirt.io/v1
kind: VirtualMachineInstanceMigration
metadata: {{name: m8, namespace: prod, uid: m-8, creationTimestamp: "2026-08-22T09:00:00Z"}}
spec: {{vmiName: web-8}}
status:
  phase: Succeeded
{pods}"#
    )
}

fn pod(uid: &str, node: &str, terminating: bool) -> String {
    let del = if terminating {
        ", deletionTimestamp: \"2026-08-22T10:09:00Z\""
    } else {
        ""
    };
    format!(
        r#"---
apiVersion: v1
kind: Pod
metadata: {{name: virt-launcher-web-8-{uid}, namespace: prod, uid: {uid}{del}, labels: {{kubevirt.io: virt-launcher, kubevirt.io/created-by: vmi-8}}}}
spec: {{nodeName: {node}}}
status: {{phase: Running}}
"#
    )
}

/// v1.9's evacuation controller (`pkg/virt-controller/watch/drain/evacuation/evacuation.go`,
/// `sync`, `filterRunningNonMigratingVMIs`) creates a migration for every marked VMI; limits and
/// back-off keep it Pending (`handleMigrationBackoff`). No migration at all: more than one
/// active pod here. A Failed VMI is skipped.
#[test]
fn an_evacuation_without_a_migration_names_the_reason() {
    let pods = [pod("p-a", "n1", false), pod("p-b", "n2", false)].concat();
    let r = report_of(&evacuated("Running", "LiveMigrate", &pods));
    let t = texts(diagnosis(&r, "web-8"), Layer::Migration);
    assert!(t.contains("more than one active pod"), "{t}");
    assert!(!t.contains("may be throttled"), "{t}");
    let r = report_of(&evacuated("Failed", "LiveMigrate", &pods));
    let t = texts(diagnosis(&r, "web-8"), Layer::Migration);
    assert!(!t.contains("Evacuation of n1 requested"), "{t}");
}

/// `lifecycle.go` (`pkg/virt-controller/watch/vmi/`) deletes a final VMI's pods: Terminating
/// launcher pods of a Failed VMI are its teardown, not two live pods.
#[test]
fn a_failed_vmis_terminating_pods_are_teardown() {
    let pods = [pod("p-a", "n1", true), pod("p-b", "n2", true)].concat();
    let r = report_of(&evacuated("Failed", "LiveMigrate", &pods));
    let d = diagnosis(&r, "web-8");
    let c: Vec<String> = d.contradictions().map(|f| f.title.clone()).collect();
    assert!(
        !c.iter().any(|t| t.contains("Two live activePods")),
        "{c:?}"
    );
    // A running VMI's two live pods still are.
    let pods = [pod("p-a", "n1", false), pod("p-b", "n2", false)].concat();
    let r = report_of(&evacuated("Running", "LiveMigrate", &pods));
    let d = diagnosis(&r, "web-8");
    assert!(
        d.contradictions()
            .any(|f| f.title.contains("Two live activePods"))
    );
}

/// `admitLauncherPod`: with External the eviction is denied and the VMI marked for the external
/// controller; it is not shut down.
#[test]
fn external_denies_and_marks() {
    let text = r#"apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata: {name: web-9, namespace: prod, uid: vmi-9}
spec: {evictionStrategy: External}
status:
  phase: Running
  nodeName: n1
  conditions:
  - {type: LiveMigratable, status: "False", reason: DisksNotLiveMigratable}
"#;
    let r = report_of(text);
    let t = texts(diagnosis(&r, "web-9"), Layer::Migration);
    assert!(t.contains("denied"), "{t}");
    assert!(!t.contains("shuts it down"), "{t}");
}

// 13, 14. Messages that are normal.

/// `checkVolumesForMigration` (`pkg/virt-handler/vm.go`) sets BlockMigration for any
/// containerDisk, cloud-init or emptyDisk volume.
#[test]
fn block_migration_is_normal_for_local_volumes() {
    let s = model::signatures::match_line("  Migration Method:  BlockMigration").unwrap();
    assert_eq!(s.id, "block-migration-method");
    assert!(s.health != Health::Degraded && s.health != Health::Broken);
    assert!(s.cause.contains("containerDisk"), "{}", s.cause);
    assert!(!s.cause.contains("treated as local"), "{}", s.cause);
}

/// `pkg/virt-controller/watch/drain/disruptionbudget/disruptionbudget.go` only deletes PDBs from
/// v1.6: a PDB refusal then is not KubeVirt's.
#[test]
fn pdbs_are_kubevirts_only_up_to_v1_5() {
    let s = model::signatures::match_line(
        "Cannot evict pod as it would violate the pod's disruption budget.",
    )
    .unwrap();
    assert!(s.cause.contains("v1.6"), "{}", s.cause);
}

/// `handleMigrationBackoff` (`pkg/virt-controller/watch/migration/migration.go`): a 20 s
/// doubling wait in Pending for evacuation and workload-update migrations, not a block.
#[test]
fn a_back_off_is_a_wait() {
    let text = r#"apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata: {name: web-10, namespace: prod, uid: vmi-10}
status:
  phase: Running
  nodeName: n1
  conditions:
  - {type: LiveMigratable, status: "True"}
---
apiVersion: kubevirt.io/v1
kind: VirtualMachineInstanceMigration
metadata:
  name: kubevirt-evacuation-x
  namespace: prod
  uid: m-10
  creationTimestamp: "2026-08-22T10:09:50Z"
  annotations: {kubevirt.io/evacuationMigration: n1}
spec: {vmiName: web-10}
status:
  phase: Pending
---
apiVersion: v1
kind: Event
metadata: {name: web-10.e1, namespace: prod}
involvedObject: {kind: VirtualMachineInstance, name: web-10, namespace: prod, uid: vmi-10}
type: Warning
reason: MigrationBackoff
message: backoff migrating vmi prod/web-10
lastTimestamp: "2026-08-22T10:09:55Z"
"#;
    let r = report_of(text);
    let d = diagnosis(&r, "web-10");
    let m = &d.migrations[0];
    assert_ne!(m.health, Health::Broken, "{:?}", m.findings);
    let t = texts(d, Layer::Migration);
    assert!(!t.contains("blocked"), "{t}");
    assert!(t.contains("back-off"), "{t}");
}

// Also seen: the headline names the cause.

/// A migration the progress timeout aborted: KubeVirt records `completed` and `failed` on every
/// failure (`pkg/virt-handler/migration-source.go`), so the headline says why it failed.
#[test]
fn the_headline_names_the_cause_of_a_failed_migration() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/abort-by-timeout.yaml");
    let r = report_of(&std::fs::read_to_string(path).unwrap());
    let d = diagnosis(&r, "web-2");
    assert!(d.headline.contains("did not converge"), "{}", d.headline);
    assert!(!d.headline.contains("completed=true"), "{}", d.headline);
}
