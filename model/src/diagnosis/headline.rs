//! The one line that names the broken (or degraded) layer and why.

use super::LayerVerdict;
use crate::kube::VmiKey;
use crate::verdict::{Finding, Health, Layer};

/// `ns/name: <layer> <health> — <finding>`, ties going to the layer most likely the cause.
pub(super) fn headline(key: &VmiKey, layers: &[LayerVerdict]) -> String {
    let name = if key.name.is_empty() {
        "(unnamed VMI)".to_string()
    } else {
        key.to_string()
    };
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
        let others: Vec<&str> = hits[1..].iter().map(|(l, _)| l.layer.as_str()).collect();
        let also = if others.is_empty() {
            String::new()
        } else {
            format!(" (also {}: {})", target.as_str(), others.join(", "))
        };
        return format!(
            "{name}: {} {} — {}{also}",
            l.layer.as_str(),
            target.as_str(),
            f.title
        );
    }
    let unknown: Vec<&str> = layers
        .iter()
        .filter(|l| l.health == Health::Unknown)
        .map(|l| l.layer.as_str())
        .collect();
    if unknown.len() == layers.len() {
        format!("{name}: unknown — not enough evidence")
    } else if unknown.is_empty() {
        format!("{name}: healthy{}", paused(layers))
    } else {
        format!(
            "{name}: healthy as far as seen; unknown: {}",
            unknown.join(", ")
        )
    }
}

/// A healthy VMI that is paused on purpose (by a user, or by the migration monitor in mode
/// Paused) says so: its phase stays Running (`pkg/virt-handler/vm.go`), so the headline is where
/// an operator sees it.
fn paused(layers: &[LayerVerdict]) -> String {
    layers
        .iter()
        .filter(|l| l.layer == Layer::Guest)
        .flat_map(|l| &l.findings)
        .find(|f| f.health == Health::Healthy && f.title.starts_with("Paused by"))
        .map(|f| format!(" — {}", f.title))
        .unwrap_or_default()
}
