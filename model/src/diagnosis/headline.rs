//! The one line that names the broken (or degraded) layer and why.

use super::LayerVerdict;
use crate::kube::VmiKey;
use crate::verdict::{Finding, Health, Layer};

/// `ns/name: <layer> <health> — <finding>`, ties going to the layer most likely the cause.
pub(super) fn headline(key: &VmiKey, layers: &[LayerVerdict]) -> String {
    // Written piece by piece, not formatted: every VMI of every page has a headline.
    let mut out = String::with_capacity(160);
    if key.name.is_empty() {
        out.push_str("(unnamed VMI)");
    } else {
        if !key.cluster.is_empty() {
            out.push_str(&key.cluster);
            out.push(':');
        }
        out.push_str(&key.namespace);
        out.push('/');
        out.push_str(&key.name);
    }
    out.push_str(": ");
    // Ties go to the layer most likely to be the cause.
    let priority = [
        Layer::Node,
        Layer::ControlPlane,
        Layer::Migration,
        Layer::Guest,
        Layer::Network,
    ];
    for target in [Health::Broken, Health::Degraded] {
        let mut hits: Vec<(&LayerVerdict, &Finding)> = layers
            .iter()
            .filter(|l| l.health == target)
            .filter_map(|l| {
                l.findings
                    .iter()
                    .find(|f| f.health == target)
                    .map(|f| (l, f))
            })
            .collect();
        if hits.is_empty() {
            continue;
        }
        hits.sort_by(|a, b| {
            b.1.severity.cmp(&a.1.severity).then_with(|| {
                let pa = priority.iter().position(|p| *p == a.0.layer);
                let pb = priority.iter().position(|p| *p == b.0.layer);
                pa.cmp(&pb)
            })
        });
        let (l, f) = hits[0];
        for part in [l.layer.as_str(), " ", target.as_str(), " — ", &f.title] {
            out.push_str(part);
        }
        if hits.len() > 1 {
            out.push_str(" (also ");
            out.push_str(target.as_str());
            out.push_str(": ");
            for (i, (l, _)) in hits[1..].iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(l.layer.as_str());
            }
            out.push(')');
        }
        return out;
    }
    let unknown: Vec<&str> = layers
        .iter()
        .filter(|l| l.health == Health::Unknown)
        .map(|l| l.layer.as_str())
        .collect();
    if unknown.len() == layers.len() {
        out.push_str("unknown — not enough evidence");
    } else if unknown.is_empty() {
        out.push_str("healthy");
        if let Some(f) = paused(layers) {
            out.push_str(" — ");
            out.push_str(&f.title);
        }
    } else {
        out.push_str("healthy as far as seen; unknown: ");
        out.push_str(&unknown.join(", "));
    }
    out
}

/// A healthy VMI that is paused on purpose (by a user, or by the migration monitor in mode
/// Paused) says so: its phase stays Running (`pkg/virt-handler/vm.go`), so the headline is where
/// an operator sees it.
fn paused(layers: &[LayerVerdict]) -> Option<&Finding> {
    layers
        .iter()
        .filter(|l| l.layer == Layer::Guest)
        .flat_map(|l| &l.findings)
        .find(|f| f.health == Health::Healthy && f.title.starts_with("Paused by"))
}
