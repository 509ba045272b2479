//! The migration layer: live-migratability against the eviction strategy, evacuations, state
//! left behind by a migration, and the findings of each migration (the latest counts fully).

use super::ctx::{Ctx, cond_cite};
use crate::explain::{Severity, Topic, explain_condition};
use crate::kube::Vmi;
use crate::kube::vmi::effective_eviction_strategy;
use crate::migration::{MigrationReport, Outcome};
use crate::verdict::{Finding, Health, Layer};

/// A finding about the Migration layer.
fn finding(health: Health, severity: Severity, title: impl Into<String>) -> Finding {
    Finding::new(Layer::Migration, health, severity, title)
}

/// A contradiction found in the Migration layer.
fn contradiction(health: Health, title: impl Into<String>) -> Finding {
    Finding::contradiction(Layer::Migration, health, title)
}

/// The migration layer: live-migratability, evacuation, left-behind state, and the migrations.
pub(super) fn migration_layer(cx: &mut Ctx<'_>, reports: &[MigrationReport]) {
    let vmi = cx.vmi;
    let vm = cx.e.vm.as_ref().map(|o| &o.value);
    let running = vmi.is_some_and(|v| v.phase() == "Running");
    let migratable = vmi.and_then(Vmi::live_migratable);
    let strategy =
        vmi.map(|v| effective_eviction_strategy(v, vm, cx.e.cluster_eviction_strategy.as_deref()));
    let any_active = reports
        .iter()
        .any(|r| matches!(r.outcome, Outcome::InProgress | Outcome::Pending));
    let facts = Facts {
        running,
        migratable,
        strategy,
        any_active,
    };
    if let Some(v) = vmi {
        live_migratable(cx, v, &facts);
        drain_blocked(cx, v, &facts);
        evacuation(cx, v, &facts, reports);
        left_behind(cx, v, any_active);
    }
    // The migrations themselves: the latest one counts fully; older ones only when they broke the
    // VM.
    let n = reports.len();
    for (i, r) in reports.iter().enumerate() {
        let latest = i + 1 == n || r.irrecoverable;
        for f in &r.findings {
            let mut f = f.clone();
            f.title = format!("{}: {}", r.name, f.title);
            if !latest && f.health != Health::Healthy {
                f.health = Health::Healthy;
                f.severity = Severity::Info;
                f.title = format!("{} (earlier migration)", f.title);
            }
            cx.findings.push(f);
        }
    }
    if vmi.is_some() && reports.is_empty() && !cx.e.coverage.migrations && migratable.is_none() {
        cx.missing.push("migrations (VMIMs)".into());
    }
}

/// The VMI is known only by its status (no spec, no VM, no cluster configuration in the
/// paste): its eviction strategy is not known.
fn strategy_not_in_paste(cx: &Ctx<'_>, v: &Vmi) -> bool {
    v.spec.eviction_strategy.is_none()
        && v.spec.domain == Default::default()
        && v.spec.networks.is_empty()
        && v.spec.volumes.is_empty()
        && cx.e.vm.is_none()
        && cx.e.cluster_eviction_strategy.is_none()
}

/// A Ready VMI that no migration, evacuation, eviction request or migration-layer line of the
/// evidence asks to move: its `LiveMigratable` False refuses nothing yet (the migration-create
/// and pod-eviction webhooks refuse only what is asked, `migration-create-admitter.go`,
/// `pod-eviction-admitter.go`).
fn nothing_asks_to_move(cx: &Ctx<'_>, v: &Vmi) -> bool {
    v.condition("Ready").is_some_and(|c| c.is_true())
        && cx.e.migrations.is_empty()
        && v.evacuation_node().is_none()
        && v.condition("EvictionRequested").is_none()
        && v.status.migration_state.is_none()
        && !cx
            .e
            .signals
            .iter()
            .any(|s| s.layer == Some(crate::verdict::Layer::Migration))
}

/// What the migration rules share about the VMI.
struct Facts {
    running: bool,
    migratable: Option<bool>,
    strategy: Option<(String, &'static str)>,
    any_active: bool,
}

/// LiveMigratable, and what a drain does because of it.
fn live_migratable(cx: &mut Ctx<'_>, v: &Vmi, facts: &Facts) {
    let (running, strategy) = (facts.running, &facts.strategy);
    match (v.condition("LiveMigratable"), running) {
        (Some(c), _) if c.is_true() => {
            cx.push(finding(Health::Healthy, Severity::Info, "Can live-migrate").cite(cond_cite(c)))
        }
        (Some(c), _) if c.is_false() => {
            let x = explain_condition("LiveMigratable", c.reason(), c.message(), &cx.subject);
            let (s, src) = strategy.clone().unwrap_or_default();
            let blocks = s == "LiveMigrate";
            // A status pasted without its spec, VM or cluster configuration: the strategy that
            // decides what a drain does is not known, so the VM may block one.
            let unknown = !blocks && strategy_not_in_paste(cx, v);
            // Ready, and nothing in the evidence asks it to move: a property of the VM
            // (`input/not_migratable.rs`).
            let idle = unknown && nothing_asks_to_move(cx, v);
            let detail = if unknown {
                format!(
                    "{} {}Its eviction strategy is not in the paste: with LiveMigrate (or \
                        LiveMigrateIfPossible) a drain of its node blocks on this VM (the \
                        eviction is refused with HTTP 429); with None it is shut down instead.",
                    x.meaning,
                    if c.message().is_empty() {
                        String::new()
                    } else {
                        format!("({}) ", c.message())
                    }
                )
            } else {
                format!(
                    "{} {}{}",
                    x.meaning,
                    if c.message().is_empty() {
                        String::new()
                    } else {
                        format!("({}) ", c.message())
                    },
                    if blocks {
                        format!(
                            "Eviction strategy LiveMigrate ({src}): a drain of its node \
                            {} on this VM.",
                            if node_draining(cx, v) {
                                "blocks"
                            } else {
                                "would block"
                            }
                        )
                    } else if s == "External" {
                        // `admitLauncherPod` (`pod-eviction-admitter.go`): External denies the
                        // eviction and marks the VMI (`status.evacuationNodeName`).
                        format!(
                            "Eviction strategy External ({src}): a drain's eviction is denied and \
                            the VMI marked for the external controller, which must move or \
                            stop it."
                        )
                    } else {
                        format!(
                            "Eviction strategy {s} ({src}): a drain shuts it down \
                            instead of migrating it."
                        )
                    }
                )
            };
            cx.push(
                finding(
                    if blocks || (unknown && !idle) {
                        Health::Degraded
                    } else {
                        Health::Healthy
                    },
                    // Only possible: any fault the paste does show comes first.
                    if unknown {
                        Severity::Info
                    } else {
                        Severity::Warning
                    },
                    format!("Cannot live-migrate: {}", x.title),
                )
                .explained(detail)
                .cite(cond_cite(c))
                .steps(x.next_steps)
                .remedy(cx.remedy(x.topic, &x.value)),
            );
        }
        (_, true) => {
            cx.missing.push("the LiveMigratable condition".into());
            cx.push(
                finding(
                    Health::Unknown,
                    Severity::Info,
                    "LiveMigratable condition missing",
                )
                .explained(
                    "A running VMI always has it in current KubeVirt; it may be \
                        an old release or a partial status.",
                )
                .cite(vec!["status.conditions[LiveMigratable] absent".into()]),
            );
        }
        _ => {}
    }
}

/// An evacuation (node drain) and whether a migration carries it out.
fn evacuation(cx: &mut Ctx<'_>, v: &Vmi, facts: &Facts, reports: &[MigrationReport]) {
    if let Some(node) = v.evacuation_node() {
        let cite = format!("status.evacuationNodeName = {node}");
        evacuation_progress(cx, v, node, facts, reports);
        if v.condition("EvictionRequested")
            .is_none_or(|c| !c.is_true())
            && v.condition("EvictionRequested").is_some()
        {
            cx.push(
                contradiction(
                    Health::Degraded,
                    "evacuationNodeName set but EvictionRequested is not True",
                )
                .cite(vec![cite]),
            );
        }
    } else if let Some(c) = v.condition("EvictionRequested").filter(|c| c.is_true()) {
        cx.push(
            finding(
                Health::Degraded,
                Severity::Warning,
                "EvictionRequested without evacuationNodeName",
            )
            .explained("The condition is left over or the status is mid-update.")
            .cite(cond_cite(c)),
        );
    }
}

/// Two active pods without a migration, or a migrationState left behind.
fn left_behind(cx: &mut Ctx<'_>, v: &Vmi, any_active: bool) {
    let ms = v.status.migration_state.as_ref();
    let state_vmim_final = ms.is_some_and(|m| {
        cx.e.migrations.iter().any(|o| {
            o.value.metadata.uid.is_some()
                && o.value.metadata.uid == m.migration_uid
                && o.value.is_final()
        })
    });
    // Only live entries count: KubeVirt keeps finished launcher pods in activePods (until the VMI
    // is deleted up to v1.8; from v1.9 garbageCollectFinalizedMigrations deletes old ones), so
    // without the pod objects the map's size says nothing.
    // A final VMI's launcher pods being deleted are its teardown (`lifecycle.go` deletes them
    // once the VMI is final), not live pods.
    let vmi_final = matches!(v.phase(), "Succeeded" | "Failed");
    let live = v
        .status
        .active_pods
        .keys()
        .filter(|uid| {
            cx.e.pods.iter().any(|p| {
                p.value.metadata.uid.as_deref() == Some(uid.as_str())
                    && p.value.is_live()
                    && !(vmi_final && p.value.metadata.deletion_timestamp.is_some())
            })
        })
        .count();
    if live >= 2
        && !any_active
        && (state_vmim_final || !ms.is_some_and(|m| m.is_in_progress(cx.now)))
    {
        cx.push(
            contradiction(
                Health::Degraded,
                "Two live activePods with no migration in progress",
            )
            .explained(
                "During a migration the source and target pods are both \
                    active; without one, a pod was left behind (for example \
                    after a target crash).",
            )
            .cite(vec![format!(
                "status.activePods = {:?}",
                v.status.active_pods
            )])
            .steps(vec![cx.steps(Topic::VmiPhase, "Scheduling").swap_remove(0)]),
        );
    }
    if let Some(m) = ms
        && m.started().is_some()
        && !m.is_completed()
        && m.ended().is_none()
    {
        let vmim =
            cx.e.migrations
                .iter()
                .map(|o| &o.value)
                .find(|x| x.metadata.uid.is_some() && x.metadata.uid == m.migration_uid);
        let target_gone = cx.e.coverage.pods
            && m.target_pod.as_deref().is_some_and(|t| {
                !cx.e.pods.iter().any(|p| {
                    p.value.metadata.name() == t
                        && !matches!(p.value.phase(), "Failed" | "Succeeded")
                })
            });
        let vmim_final = vmim.is_some_and(|x| x.is_final());
        if vmim_final || target_gone {
            cx.push(
                contradiction(Health::Degraded, "migrationState left behind")
                    .explained(format!(
                        "The VMI's migrationState says the migration is still running, but {}.",
                        if vmim_final {
                            "its VMIM is final"
                        } else {
                            "the target pod is gone or ended"
                        }
                    ))
                    .cite(vec![
                        format!(
                            "status.migrationState.migrationUid = {}",
                            m.migration_uid.as_deref().unwrap_or("?")
                        ),
                        "status.migrationState.completed = false".into(),
                    ])
                    .remedy(crate::remedy::migration::for_cause(
                        "state_left_behind",
                        &cx.subject,
                    )),
            );
        }
    }
}

/// Whether an evacuation of `node` can happen and whether a migration carries it out.
fn evacuation_progress(
    cx: &mut Ctx<'_>,
    v: &Vmi,
    node: &str,
    facts: &Facts,
    reports: &[MigrationReport],
) {
    let (strategy, migratable, any_active) = (&facts.strategy, facts.migratable, facts.any_active);
    let cite = format!("status.evacuationNodeName = {node}");
    let (s, _) = strategy.clone().unwrap_or_default();
    // The evacuation controller skips final VMIs and VMIs being deleted
    // (`filterRunningNonMigratingVMIs`, `pkg/virt-controller/watch/drain/evacuation/`): the mark
    // on them asks for nothing.
    if matches!(v.phase(), "Succeeded" | "Failed") || v.metadata.deletion_timestamp.is_some() {
        return;
    }
    if s == "External" {
        let x = cx.explain(Topic::EvictionStrategy, "External");
        cx.push(
            finding(
                Health::Degraded,
                Severity::Info,
                "Evacuation left to an external controller",
            )
            .explained(x.meaning)
            .cite(vec![
                cite.clone(),
                "spec.evictionStrategy = External".into(),
            ])
            .steps(x.next_steps)
            .remedy(cx.remedy(x.topic, &x.value)),
        );
    } else if migratable == Some(false) {
        let c = v.condition("LiveMigratable").cloned().unwrap_or_default();
        let x = cx.explain(Topic::Reason, c.reason());
        cx.push(
            contradiction(
                Health::Broken,
                format!(
                    "Evacuation requested but the VM cannot migrate ({})",
                    c.reason()
                ),
            )
            .explained(format!(
                "Node {node} is being drained; this VM must leave it but {}. \
                    The drain stays blocked until the VM is stopped, made \
                    migratable, or the evacuation is cancelled.",
                x.title.to_lowercase()
            ))
            .cite([vec![cite.clone()], cond_cite(&c)].concat())
            .steps(
                [
                    x.next_steps,
                    vec![format!(
                        "virtctl evacuate-cancel vmi {} -n {}   # KubeVirt >= 1.7",
                        cx.subject.name, cx.subject.namespace
                    )],
                ]
                .concat(),
            )
            .remedy(cx.remedy(Topic::Reason, c.reason())),
        );
    } else if any_active {
        cx.push(
            finding(
                Health::Degraded,
                Severity::Info,
                format!("Evacuating from {node}"),
            )
            .explained("An evacuation migration is under way.")
            .cite(vec![cite.clone()])
            .remedy(crate::remedy::migration::for_cause(
                "evacuating",
                &cx.subject,
            )),
        );
    } else if cx.e.coverage.migrations || !reports.is_empty() {
        no_evacuation_migration(cx, v, node, cite);
    } else {
        cx.push(
            finding(
                Health::Degraded,
                Severity::Info,
                format!("Evacuation of {node} requested"),
            )
            .explained("Migrations were not in the evidence.")
            .cite(vec![cite.clone()]),
        );
    }
}

/// An evacuation with no migration at all. From v1.9 the evacuation controller creates a
/// `kubevirt-evacuation-*` migration for every marked VMI at once (`sync`,
/// `pkg/virt-controller/watch/drain/evacuation/evacuation.go`); parallel-migration limits and
/// back-off keep those Pending (`handleMigrationBackoff`, `pkg/virt-controller/watch/migration/
/// migration.go`). Up to v1.8, without the MigrationPriorityQueue gate, it created them only
/// within the parallel-migration limits. No migration means more than one active pod (a previous
/// migration's pods still there), a strategy that does not migrate on eviction, or a failed
/// create (Warning `FailedCreate` "Error creating a Migration").
fn no_evacuation_migration(cx: &mut Ctx<'_>, v: &Vmi, node: &str, cite: String) {
    let mut evidence = vec![cite];
    let live: Vec<&str> = v
        .status
        .active_pods
        .keys()
        .filter(|uid| {
            cx.e.pods
                .iter()
                .any(|p| p.value.metadata.uid.as_deref() == Some(uid.as_str()) && p.value.is_live())
        })
        .map(String::as_str)
        .collect();
    let why = if live.len() > 1 {
        evidence.push(format!("{} live pods in status.activePods", live.len()));
        "more than one active pod: the evacuation controller waits for a previous migration's \
            pods to end before it creates the migration."
    } else if let Some(e) = cx
        .warning_events("FailedCreate")
        .into_iter()
        .find(|e| e.message().contains("Migration"))
    {
        evidence.push(format!("event FailedCreate (Warning): {}", e.message()));
        "creating the migration failed (see the event)."
    } else {
        "the evacuation controller creates a kubevirt-evacuation-* migration for every marked \
            VMI with one active pod (from v1.9 all at once; limits and back-off keep them \
            Pending); none means it has not synced yet, or (up to v1.8) the parallel-migration \
            limits are full."
    };
    cx.push(
        finding(
            Health::Degraded,
            Severity::Warning,
            format!("Evacuation of {node} requested, no migration"),
        )
        .explained(format!("No migration exists for this VMI: {why}"))
        .cite(evidence)
        .steps(vec![
            format!("kubectl get vmim -n {}", cx.subject.namespace),
            format!(
                "kubectl get events -n {} --field-selector involvedObject.name={}",
                cx.subject.namespace, cx.subject.name
            ),
        ]),
    );
}

/// A drain of the VMI's node blocked by this VMI: eviction strategy LiveMigrate, LiveMigratable
/// False, phase Running, and the node cordoned (or tainted with the deprecated
/// `kubevirt.io/drain`, which makes the evacuation controller evacuate every VMI there). The
/// eviction webhook (`admitLauncherPod`, `pod-eviction-admitter.go`) denies the eviction with 429
/// "VMI %s is configured with an eviction strategy but is not live-migratable" and marks
/// nothing, so no `evacuationNodeName` shows it. virt-handler's Warning `Migrated`
/// "EvictionStrategy is set but vmi is not migratable" is emitted on every status update, drain
/// or not (`pkg/virt-handler/vm.go`): corroboration only, never the evidence of a drain.
fn drain_blocked(cx: &mut Ctx<'_>, v: &Vmi, facts: &Facts) {
    let live_migrate = facts
        .strategy
        .as_ref()
        .is_some_and(|(s, _)| s == "LiveMigrate");
    if !facts.running || facts.migratable != Some(false) || !live_migrate {
        return;
    }
    if v.evacuation_node().is_some() {
        return; // the evacuation rule speaks about it
    }
    let Some(node) = v.status.node_name.as_deref().and_then(|n| cx.e.node(n)) else {
        return;
    };
    let name = node.metadata.name().to_string();
    let drain_taint = has_drain_taint(node);
    if !node_draining(cx, v) {
        return;
    }
    let c = v.condition("LiveMigratable").cloned().unwrap_or_default();
    let mut cite = vec![];
    if node.is_cordoned() {
        cite.push(format!("node {name}: spec.unschedulable = true"));
    }
    if drain_taint {
        cite.push(format!(
            "node {name}: taint kubevirt.io/drain:NoSchedule (deprecated): evacuating all VMIs on \
                the node"
        ));
    }
    cite.extend(cond_cite(&c));
    if let Some(ev) = cx.warning_events("Migrated").into_iter().find(|e| {
        e.message()
            .starts_with("EvictionStrategy is set but vmi is not migratable")
    }) {
        cite.push(format!("event Migrated (Warning): {}", ev.message()));
    }
    if let Some(m) =
        cx.e.metrics
            .iter()
            .find(|m| m.name == "kubevirt_vmi_non_evictable" && m.value >= 1.0)
    {
        cite.push(format!("{} = {}", m.name, m.value));
    }
    cx.push(
        finding(
            Health::Broken,
            Severity::Error,
            format!("Drain of {name} blocked: the VM cannot live-migrate"),
        )
        .explained(format!(
            "Eviction strategy LiveMigrate and LiveMigratable=False ({}): the eviction of its \
                launcher pod is denied with HTTP 429 (\"VMI {} is configured with an eviction \
                strategy but is not live-migratable\"), which kubectl drain retries forever.",
            c.reason(),
            v.metadata.name()
        ))
        .cite(cite)
        .steps(vec![
            format!(
                "virtctl stop {} -n {}   # or make it migratable; the drain then continues",
                cx.subject.name, cx.subject.namespace
            ),
            format!("kubectl uncordon {name}   # to give up the drain"),
        ])
        .remedy(cx.remedy(Topic::Reason, c.reason())),
    );
}

/// The deprecated `kubevirt.io/drain` taint (`NodeDrainTaintDefaultKey`,
/// `pkg/virt-config/configuration.go`) with effect NoSchedule.
fn has_drain_taint(node: &crate::kube::Node) -> bool {
    node.spec.taints.iter().any(|t| {
        t.key.as_deref() == Some("kubevirt.io/drain") && t.effect.as_deref() == Some("NoSchedule")
    })
}

/// The VMI's node is cordoned or carries the drain taint.
fn node_draining(cx: &Ctx<'_>, v: &Vmi) -> bool {
    v.status
        .node_name
        .as_deref()
        .and_then(|n| cx.e.node(n))
        .is_some_and(|n| n.is_cordoned() || has_drain_taint(n))
}
