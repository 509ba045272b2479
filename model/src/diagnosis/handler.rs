//! virt-handler's liveness on the VMI's node, judged from virt-handler's own evidence and not
//! from the kubelet's: its `kubevirt.io/heartbeat` annotation and `kubevirt.io/schedulable` label
//! (`pkg/virt-handler/heartbeat/heartbeat.go`), read through the one heartbeat rule
//! ([`crate::thresholds::handler_beat`], virt-controller's `isNodeUnresponsive` in
//! `pkg/virt-controller/watch/node/node.go`).
//!
//! The kubelet and virt-handler are independent: virt-handler writes its heartbeat itself, so a
//! NotReady node with a fresh heartbeat still has a virt-handler that manages its VMIs and
//! writes their status, and virt-controller does not mark it unresponsive. Only a stale
//! heartbeat makes the VMI status stale (nobody writes it), whatever the kubelet says.

use super::ctx::Ctx;
use crate::explain::Severity;
use crate::kube::Node;
use crate::kube::node::{HEARTBEAT_ANNOTATION, SCHEDULABLE_LABEL};
use crate::thresholds::{HANDLER_HEARTBEAT_INTERVAL_MAX_SECS, HandlerBeat, handler_beat};
use crate::time::format_duration;
use crate::verdict::{Finding, Health, Layer};

/// The phases in which virt-handler owns the VMI's status (`lifecycle.go` hands the VMI over at
/// Scheduled).
fn handler_owned(phase: &str) -> bool {
    matches!(phase, "Running" | "Scheduled")
}

fn beat_cite(name: &str, b: &HandlerBeat) -> String {
    format!("node {name}: annotation {HEARTBEAT_ANNOTATION} = {}", b.at)
}

/// How current the VMI's status is, from virt-handler's heartbeat on its node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Freshness {
    /// virt-handler does not own the status, or its heartbeat is fresh, or nothing says
    /// otherwise.
    Current,
    /// The kubelet is NotReady and virt-handler's heartbeat is not in the evidence: the status
    /// may or may not be current. The layers are judged, with a lower confidence.
    Unknown,
    /// virt-handler's heartbeat is stale: nobody writes the status. The guest and network
    /// layers, which read it, are not judged.
    Stale,
}

/// How current the VMI's status is: virt-handler owns it (Running, Scheduled) and its
/// heartbeat on the VMI's node is stale, fresh, or not known while the kubelet is NotReady. A
/// stale status gets a guest-layer finding saying why the guest is not judged.
pub(super) fn status_freshness(cx: &mut Ctx<'_>, node: Option<&Node>) -> Freshness {
    let (Some(vmi), Some(node)) = (cx.vmi, node) else {
        return Freshness::Current;
    };
    if !handler_owned(vmi.phase()) {
        return Freshness::Current;
    }
    let name = node.metadata.name();
    let beat = handler_beat(node, cx.now);
    match beat {
        Some(b) if b.stale => {
            cx.push(
                Finding::new(
                    Layer::Guest,
                    Health::Unknown,
                    Severity::Warning,
                    "Guest state unknown: nobody updates the VMI status",
                )
                .explained(format!(
                    "The phase {} and the guest fields are what virt-handler on {name} last \
                        wrote; its heartbeat is {}. The cause is in the node/launcher layer.",
                    vmi.phase(),
                    b.describe()
                ))
                .cite(vec![beat_cite(name, &b)]),
            );
            Freshness::Stale
        }
        Some(b) if b.fresh() && !b.missed() => Freshness::Current,
        // The kubelet down and virt-handler late: it may have gone down with the node.
        Some(b) if b.missed() && node.ready().is_some_and(|r| !r.is_true()) => Freshness::Unknown,
        _ if node.ready().is_some_and(|r| !r.is_true()) => {
            cx.missing.push(format!(
                "virt-handler's heartbeat on node {name} ({HEARTBEAT_ANNOTATION})"
            ));
            Freshness::Unknown
        }
        _ => Freshness::Current,
    }
}

/// What the kubelet being down means for virt-handler, from virt-handler's own heartbeat: the
/// sentence added to a NotReady node's finding, and whether virt-handler still answers.
pub(super) fn beside_kubelet_down(cx: &Ctx<'_>, n: &Node) -> (String, Option<bool>) {
    match handler_beat(n, cx.now) {
        Some(b) if b.missed() => (
            format!(
                "The kubelet is not reporting, and virt-handler's own heartbeat is {}: it \
                    beats at least every {}, so it has missed beats and may be down with the \
                    node; virt-controller marks it unresponsive only after its timeout.",
                b.describe(),
                format_duration(HANDLER_HEARTBEAT_INTERVAL_MAX_SECS)
            ),
            None,
        ),
        Some(b) if b.fresh() => (
            format!(
                "The kubelet is not reporting, but virt-handler writes its own heartbeat and it \
                    is {}: virt-handler still manages this VMI, its status is current, and it \
                    can be migrated away.",
                b.describe()
            ),
            Some(true),
        ),
        Some(b) if b.stale => (
            format!(
                "The kubelet is not reporting, and virt-handler's own heartbeat is {} too: \
                    nobody updates this VMI's status.",
                b.describe()
            ),
            Some(false),
        ),
        _ => (
            format!(
                "That is the kubelet's condition only: virt-handler writes its own heartbeat \
                    ({HEARTBEAT_ANNOTATION}), which is not in the evidence, so whether it still \
                    manages this VMI is not known."
            ),
            None,
        ),
    }
}

/// virt-handler's heartbeat and `kubevirt.io/schedulable` label on the VMI's node: stopped
/// (the VMI status is stale), or writing `false` with a fresh heartbeat (starting or shutting
/// down).
pub(super) fn handler_heartbeat(cx: &mut Ctx<'_>, n: &Node) {
    let name = n.metadata.name();
    let schedulable = n.handler_schedulable();
    let Some(beat) = handler_beat(n, cx.now) else {
        return;
    };
    let owned = cx.vmi.is_some_and(|v| handler_owned(v.phase()));
    let stopped = beat.stale && owned;
    let starting = !stopped && beat.fresh() && schedulable == Some("false");
    if !(stopped || starting) {
        // Nothing to say: no citation is written (every VMI on a healthy node comes here).
        return;
    }
    let mut cite = vec![beat_cite(name, &beat)];
    if let Some(s) = schedulable {
        cite.push(format!("node {name}: label {SCHEDULABLE_LABEL} = {s}"));
    }
    if stopped {
        cx.push(
            Finding::new(
                Layer::Node,
                Health::Broken,
                Severity::Error,
                format!(
                    "virt-handler on {name} stopped heartbeating {} ago: the VMI status is stale",
                    format_duration(beat.age_secs.unwrap_or_default())
                ),
            )
            .explained(
                "The VMI keeps its phase while its launcher pod is alive, but no virt-handler \
                    updates its status (alert OrphanedVirtualMachineInstances); virt-controller \
                    labels the node kubevirt.io/schedulable=false, so new VMIs are not \
                    scheduled there (their launcher needs kubevirt.io/schedulable=true).",
            )
            .cite(cite)
            .remedy(crate::remedy::render(
                crate::remedy::node::HANDLER_DOWN,
                &cx.subject,
            ))
            .steps(vec![format!(
                "kubectl get pods -n kubevirt -l kubevirt.io=virt-handler \
                    --field-selector spec.nodeName={name}"
            )]),
        );
    } else {
        // `heartbeat.go`: `do` writes false while the device plugins are not initialised;
        // `Run` ends with `labelNodeUnschedulable`, which writes false and a fresh heartbeat as
        // virt-handler shuts down.
        cx.push(
            Finding::new(
                Layer::Node,
                Health::Degraded,
                Severity::Info,
                format!(
                    "virt-handler on {name} is starting or shutting down \
                        ({SCHEDULABLE_LABEL}=false)"
                ),
            )
            .explained(
                "virt-handler wrote false with a fresh heartbeat: it does so while its device \
                    plugins are not initialised yet (starting) and once more as it stops \
                    (shutting down; the heartbeat then goes stale). No new VMIs go there \
                    meanwhile; running ones are not affected.",
            )
            .cite(cite)
            .remedy(crate::remedy::render(
                crate::remedy::node::HANDLER_STARTING,
                &cx.subject,
            ))
            .steps(vec![format!(
                "kubectl get pods -n kubevirt -l kubevirt.io=virt-handler \
                    --field-selector spec.nodeName={name}"
            )]),
        );
    }
}
