//! Which of the evidence the layers judge: the VMI's active launcher pod, and every migration
//! interpreted (events and metrics only for the latest one).

use super::ctx::Ctx;
use crate::kube::{Event, Pod, Vmim};
use crate::migration::{MigrationContext, MigrationReport, interpret};

/// The pod that runs the guest now.
pub(super) fn pick_active_pod<'a>(cx: &Ctx<'a>) -> Option<&'a Pod> {
    // KubeVirt's activePods keep finished pods (`setActivePods` maps every pod the VMI controls,
    // whatever its phase; `VMIActivePodsCount` skips Succeeded/Failed): prefer the live ones.
    pick_from(cx, |p| p.is_live()).or_else(|| pick_from(cx, |_| true))
}

/// The pick among the evidence's pods that pass `keep` (no list of them is made: every VMI
/// picks).
fn pick_from<'a>(cx: &Ctx<'a>, keep: impl Fn(&Pod) -> bool) -> Option<&'a Pod> {
    let e: &'a crate::evidence::Evidence = cx.e;
    let pods = || e.pods.iter().map(|o| &o.value).filter(|p| keep(p));
    let vmi = cx.vmi?;
    let target = vmi
        .status
        .migration_state
        .as_ref()
        .and_then(|m| m.target_pod.as_deref());
    let node = vmi.status.node_name.as_deref();
    // The pod whose UID is in activePods on the VMI's node, else any launcher pod on that node that
    // is not the migration target, else the newest non-target pod.
    pods()
        .filter(|p| {
            p.metadata
                .uid
                .as_deref()
                .is_some_and(|u| vmi.status.active_pods.get(u).map(String::as_str) == node)
                && node.is_some()
        })
        .max_by_key(|p| p.metadata.created())
        .or_else(|| {
            pods().find(|p| {
                p.node().is_some() && p.node() == node && Some(p.metadata.name()) != target
            })
        })
        .or_else(|| {
            pods()
                .filter(|p| Some(p.metadata.name()) != target)
                .filter(|p| p.migration_job_uid().is_none())
                .max_by_key(|p| p.metadata.created())
        })
}

/// Every migration of the VMI, interpreted, oldest first: a `migrationState` no VMIM matches
/// comes first (`garbageCollectFinalizedMigrations` deleted its VMIM, so it is older than every
/// VMIM still listed), then the VMIMs by `creationTimestamp`; the last one is the current one.
pub(super) fn migrations(cx: &Ctx<'_>) -> Vec<MigrationReport> {
    // Neither a VMIM nor a migrationState: nothing to interpret, nothing to gather.
    if cx.e.migrations.is_empty() && cx.vmi.is_none_or(|v| v.status.migration_state.is_none()) {
        return Vec::new();
    }
    let events: Vec<&Event> = cx.e.events.iter().map(|o| &o.value).collect();
    let pods: Vec<&Pod> = cx.e.pods.iter().map(|o| &o.value).collect();
    let mctx = MigrationContext {
        vmi: cx.vmi,
        events: &events,
        pods: &pods,
        metrics: &cx.e.metrics,
        now: cx.now,
    };
    let mut vmims: Vec<&Vmim> = cx.e.migrations.iter().map(|o| &o.value).collect();
    vmims.sort_by_key(|m| m.metadata.created());
    let mut out = Vec::with_capacity(vmims.len() + 1);
    // A migrationState with no VMIM to match it.
    if let Some(v) = cx.vmi
        && let Some(ms) = &v.status.migration_state
    {
        let matched = vmims
            .iter()
            .any(|m| m.metadata.uid.is_some() && m.metadata.uid == ms.migration_uid);
        if !matched && (vmims.is_empty() || ms.migration_uid.is_some()) {
            let own: Vec<&Event> = events
                .iter()
                .copied()
                .filter(|e| orphan_event(e, ms.migration_uid.as_deref(), &vmims))
                .collect();
            let c = MigrationContext {
                events: &own,
                metrics: if vmims.is_empty() { mctx.metrics } else { &[] },
                ..mctx
            };
            out.push(interpret(None, &c));
        }
    }
    // The VMI's migration metrics describe the migration in progress (phase Running), else the
    // newest VMIM while it is not final; only one migration runs at a time per VMI.
    let metrics_of = vmims
        .iter()
        .rposition(|m| m.phase() == "Running")
        .or_else(|| {
            vmims
                .last()
                .filter(|m| !m.is_final())
                .map(|_| vmims.len() - 1)
        });
    for (i, m) in vmims.iter().enumerate() {
        let is_latest = metrics_of == Some(i);
        let own_events: Vec<&Event> = events
            .iter()
            .copied()
            .filter(|e| event_of(e, &vmims, i, cx.now))
            .collect();
        let c = MigrationContext {
            events: &own_events,
            metrics: if is_latest { mctx.metrics } else { &[] },
            ..mctx
        };
        out.push(interpret(Some(m), &c));
    }
    out
}

const VMIM_KIND: &str = "VirtualMachineInstanceMigration";

/// The migration uid a VMI event names: "VirtualMachineInstance migration uid %s failed…"
/// (`migration-source.go`, `migration-target.go`, `handleMarkMigrationFailedOnVMI`).
fn uid_in_message(e: &Event) -> Option<&str> {
    let (_, rest) = e.message().split_once("migration uid ")?;
    rest.split_whitespace().next()
}

/// Whether event `e` belongs to `vmims[i]`: (a) an event on a VMIM by uid, else by name; (b) a
/// VMI event naming a migration uid; (c) any other event by the VMIM's time window [creation,
/// the next VMIM's creation or now]; an event without a time goes to the newest VMIM.
fn event_of(e: &Event, vmims: &[&Vmim], i: usize, now: Option<crate::time::Timestamp>) -> bool {
    let m = vmims[i];
    let io = &e.involved_object;
    if io.kind.as_deref() == Some(VMIM_KIND) {
        return match (io.uid.as_deref(), m.metadata.uid.as_deref()) {
            (Some(a), Some(b)) => a == b,
            _ => io.name.as_deref() == Some(m.metadata.name()),
        };
    }
    if let Some(u) = uid_in_message(e) {
        return m.metadata.uid.as_deref() == Some(u);
    }
    let Some(t) = e.time() else {
        return i + 1 == vmims.len();
    };
    let from = m.metadata.created();
    let to = vmims.get(i + 1).and_then(|n| n.metadata.created()).or(now);
    from.is_none_or(|f| t >= f) && to.is_none_or(|u| t <= u || i + 1 == vmims.len())
}

/// Whether event `e` belongs to the VMIM-less `migrationState` with `uid`: a VMI event naming
/// it, or a VMI event older than every listed VMIM.
fn orphan_event(e: &Event, uid: Option<&str>, vmims: &[&Vmim]) -> bool {
    if e.involved_object.kind.as_deref() == Some(VMIM_KIND) {
        return false;
    }
    if let Some(u) = uid_in_message(e) {
        return uid == Some(u);
    }
    match (e.time(), vmims.first().and_then(|m| m.metadata.created())) {
        (_, None) => vmims.is_empty(),
        (Some(t), Some(first)) => t < first,
        (None, Some(_)) => false,
    }
}
