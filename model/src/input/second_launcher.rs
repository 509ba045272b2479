//! A second launcher pod of one VMI beside a serving one is a migration's target. KubeVirt
//! names every launcher pod `virt-launcher-<vmi>-<5 chars>` (`GenerateName: "virt-launcher-" +
//! domain + "-"` in `pkg/virt-controller/services/template.go`), and a VMI has one launcher
//! pod at a time except while a migration runs: the migration controller
//! (`pkg/virt-controller/watch/migration/migration.go`) creates the target pod from
//! `RenderMigrationManifest` next to the source pod that keeps the domain running. So when a
//! paste shows one launcher pod of a VMI Running and ready and another of the same VMI
//! Pending, failing or Error, the failing one is the target: its fault is the migration's
//! control plane (the target pod's placement or its clean-up), not the node's. A launcher
//! `Terminating` or `Completed` beside a new one is a restart's old pod, not a target.
//!
//! Once the migration is done the VMI names the target's node: the source's virt-handler, on
//! the migration's acknowledgement, sets `status.nodeName` to the target node
//! (`pkg/virt-handler/vm.go`: "this is the migration ACK", `vmi.Status.NodeName =
//! migrationHost`), and the source launcher's domain is gone, so the pod turns NotReady on its
//! way to Completed. A launcher NotReady on another node than the VMI's, older than a serving
//! one on the VMI's node, is that source after the handover: the normal end of a migration,
//! noise (while the migration runs the VMI names the source's node and the target is newer).

use super::read::ReadPaste;
use super::sightings::{Sighting, launcher_vmi};
use super::vocab::Kind;
use crate::evidence::SignalPlane;
use crate::verdict::Layer;

/// The launcher pod serves the VMI: Running with every container ready (or READY unknown).
fn serving(s: &Sighting) -> bool {
    s.status == "Running" && s.ready.is_none_or(|(r, of)| r == of && of > 0)
}

/// A status a restart's old pod shows, not a target's.
fn old_pod(s: &Sighting) -> bool {
    matches!(
        s.status.as_str(),
        "Terminating" | "Completed" | "Succeeded" | "Running" | ""
    )
}

/// `q`, beside the serving `p`, is a migration's source after the handover: NotReady, older
/// than `p` (by their AGE), on another node than `p`'s, and the paste's VMI row of
/// the same name places the VMI on `p`'s node.
fn handed_over(all: &super::sightings::Sightings, q: &Sighting, p: &Sighting) -> bool {
    // The source is the older pod: a target NotReady during the migration is the newer one.
    let older = matches!((q.age, p.age), (Some(a), Some(b)) if a.low >= b.high);
    q.status == "NotReady"
        && older
        && !p.node.is_empty()
        && !q.node.is_empty()
        && q.node != p.node
        && all.all().any(|v| {
            v.kind == Kind::Vmi
                && Some(v.name.as_str()) == launcher_vmi(&q.name)
                && (v.namespace == q.namespace || v.namespace.is_empty() || q.namespace.is_empty())
                && v.node == p.node
        })
}

/// Turns the node's signals on a target pod's row into the migration's control plane.
pub fn retarget(out: &mut ReadPaste) {
    let pods: Vec<&Sighting> = out
        .sightings
        .all()
        .filter(|s| s.kind == Kind::Pod && launcher_vmi(&s.name).is_some())
        .collect();
    let mut targets: Vec<(usize, String, String)> = Vec::new();
    let mut sources: Vec<(usize, String, String)> = Vec::new();
    for q in &pods {
        if old_pod(q) {
            continue;
        }
        let vmi = launcher_vmi(&q.name);
        if let Some(p) = pods.iter().find(|p| {
            p.name != q.name
                && p.namespace == q.namespace
                && launcher_vmi(&p.name) == vmi
                && serving(p)
        }) {
            if handed_over(&out.sightings, q, p) {
                sources.push((q.line, q.name.clone(), p.node.clone()));
            } else {
                targets.push((q.line, q.name.clone(), p.name.clone()));
            }
        }
    }
    for (line, source, node) in sources {
        for x in out.signals.iter_mut().filter(|x| x.line == line) {
            x.signature = Some("migration-source-handed-over".into());
            x.layer = None;
            x.plane = None;
            x.health = crate::verdict::Health::Unknown;
            x.title = format!(
                "the migration's source launcher pod {source} after the handover (not a fault)"
            );
            x.cause = format!(
                "the VMI runs on {node}, where its other launcher pod is Running and ready: a \
                 migration handed the VM over to it, and the source pod {source} on the old node \
                 is NotReady on its way to Completed, the normal end of a migration"
            );
            x.next_steps = vec!["kubectl get vmim -n <namespace> (the migration Succeeded)".into()];
            x.source = format!(
                "{}; KubeVirt pkg/virt-handler/vm.go (the migration's acknowledgement sets the \
                 VMI's nodeName to the target node)",
                x.source
            );
        }
    }
    for (line, target, source) in targets {
        for x in out
            .signals
            .iter_mut()
            // Its placement on the node, or its network set-up there: the target's.
            .filter(|x| x.line == line && matches!(x.layer, Some(Layer::Node | Layer::Network)))
        {
            x.layer = Some(Layer::Migration);
            x.plane = Some(SignalPlane::Control);
            x.title = format!("migration target pod {target}: {}", x.title);
            let why = format!(
                "The pod {target} is a second launcher pod of the VMI beside {source}, which is \
                Running and ready: a VMI has two launcher pods only while a migration runs, so \
                this one is the migration's target (its placement or its clean-up)."
            );
            x.cause = crate::prose::then(&x.cause, &why);
            x.source = format!(
                "{}; KubeVirt pkg/virt-controller/services/template.go (launcher pod names), \
                pkg/virt-controller/watch/migration/migration.go (the target pod)",
                x.source
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pod(name: &str, status: &str, ready: Option<(u32, u32)>) -> Sighting {
        Sighting {
            kind: Kind::Pod,
            namespace: String::new(),
            name: name.into(),
            status: status.into(),
            node: String::new(),
            vmi: String::new(),
            restarts: 0,
            ready,
            ip: None,
            age: None,
            line: 1,
            block: 1,
            from: String::new(),
            excerpt: String::new(),
        }
    }

    #[test]
    fn serving_needs_running_and_ready() {
        assert!(serving(&pod(
            "virt-launcher-a-bcdfg",
            "Running",
            Some((2, 2))
        )));
        assert!(!serving(&pod(
            "virt-launcher-a-bcdfg",
            "Running",
            Some((1, 2))
        )));
        assert!(!serving(&pod("virt-launcher-a-bcdfg", "Pending", None)));
        assert!(old_pod(&pod("virt-launcher-a-bcdfg", "Terminating", None)));
    }
}
