//! Which of the evidence the layers judge: the VMI's active launcher pod, and every migration
//! interpreted (events and metrics only for the latest one).

use super::ctx::Ctx;
use crate::kube::{Event, Pod, Vmim};
use crate::migration::{MigrationContext, MigrationReport, interpret};

/// The pod that runs the guest now.
pub(super) fn pick_active_pod<'a>(cx: &Ctx<'a>) -> Option<&'a Pod> {
    let pods: Vec<&Pod> = cx.e.pods.iter().map(|o| &o.value).collect();
    let vmi = cx.vmi?;
    let target = vmi
        .status
        .migration_state
        .as_ref()
        .and_then(|m| m.target_pod.as_deref());
    let node = vmi.status.node_name.as_deref();
    // The pod whose UID is in activePods on the VMI's node, else any launcher pod on that node that
    // is not the migration target, else the newest non-target pod.
    pods.iter()
        .copied()
        .find(|p| {
            p.metadata
                .uid
                .as_deref()
                .is_some_and(|u| vmi.status.active_pods.get(u).map(String::as_str) == node)
                && node.is_some()
        })
        .or_else(|| {
            pods.iter().copied().find(|p| {
                p.node().is_some() && p.node() == node && Some(p.metadata.name()) != target
            })
        })
        .or_else(|| {
            pods.iter()
                .copied()
                .filter(|p| Some(p.metadata.name()) != target)
                .filter(|p| {
                    !p.metadata
                        .labels
                        .contains_key("kubevirt.io/migrationJobUID")
                })
                .max_by_key(|p| p.metadata.created())
        })
}

/// Every migration of the VMI, interpreted, plus a `migrationState` no VMIM matches.
pub(super) fn migrations(cx: &Ctx<'_>) -> Vec<MigrationReport> {
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
    let latest_uid = vmims.last().and_then(|m| m.metadata.uid.clone());
    let mut out: Vec<MigrationReport> = vmims
        .iter()
        .map(|m| {
            // Events and metrics of a VMI only describe its latest migration.
            let is_latest = m.metadata.uid == latest_uid;
            let own_events: Vec<&Event> = events
                .iter()
                .copied()
                .filter(|e| {
                    let io = &e.involved_object;
                    (io.kind.as_deref() == Some("VirtualMachineInstanceMigration")
                        && io.name.as_deref() == Some(m.metadata.name()))
                        || is_latest
                })
                .collect();
            let c = MigrationContext {
                events: &own_events,
                metrics: if is_latest { mctx.metrics } else { &[] },
                ..mctx
            };
            interpret(Some(m), &c)
        })
        .collect();
    // A migrationState with no VMIM to match it.
    if let Some(v) = cx.vmi
        && let Some(ms) = &v.status.migration_state
    {
        let matched = vmims
            .iter()
            .any(|m| m.metadata.uid.is_some() && m.metadata.uid == ms.migration_uid);
        if !matched && (vmims.is_empty() || ms.migration_uid.is_some()) {
            out.push(interpret(None, &mctx));
        }
    }
    out
}
