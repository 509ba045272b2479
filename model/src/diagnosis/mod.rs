//! The layered diagnosis: a total function from the evidence known about one VMI to a verdict per
//! layer (control plane, node/launcher, guest, network, migration), each Healthy, Degraded, Broken
//! or Unknown, with findings that cite the exact evidence, contradictions between layers, and one
//! headline naming the broken layer.
//!
//! A layer is Healthy only on positive evidence; missing evidence gives Unknown or lowers the
//! confidence, never a false "healthy". "Now" is a parameter.
//!
//! One file per layer (`control_plane`, `node`, `guest`, `network`, `migration`), and
//! `handler` for virt-handler's own liveness (whether the VMI status is stale); `select` picks the evidence they judge, `confidence` and `headline` sum them up. Time
//! limits are in [`crate::thresholds`].

pub mod causal;
mod confidence;
mod control_plane;
mod ctx;
mod guest;
mod handler;
mod headline;
mod migration;
mod network;
mod node;
mod select;
mod signals;
mod volumes;

use crate::evidence::Evidence;
use crate::kube::VmiKey;
use crate::migration::MigrationReport;
use crate::time::Timestamp;
use crate::verdict::combine;
use crate::verdict::{Confidence, Finding, Health, Layer};
use ctx::Ctx;
use serde::{Deserialize, Serialize};

/// A layer's summary when nothing was found about it.
pub const NO_EVIDENCE: &str = "no evidence";

/// The verdict of one layer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayerVerdict {
    pub layer: Layer,
    pub health: Health,
    pub confidence: Confidence,
    /// One line: the most important finding's title.
    pub summary: String,
    pub findings: Vec<Finding>,
}

/// The full diagnosis of one VMI.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Diagnosis {
    pub key: VmiKey,
    /// Always five, in [`Layer::ALL`] order.
    pub layers: Vec<LayerVerdict>,
    /// The worst layer health (Unknown only when every layer is Unknown).
    pub overall: Health,
    /// Names the broken (or degraded) layer and why.
    pub headline: String,
    pub migrations: Vec<MigrationReport>,
    /// Evidence that was not available and would have helped.
    pub missing_evidence: Vec<String>,
}

impl Diagnosis {
    /// The verdict of one layer.
    pub fn layer(&self, layer: Layer) -> &LayerVerdict {
        // Layers are always built for every value of Layer::ALL.
        self.layers
            .iter()
            .find(|l| l.layer == layer)
            .unwrap_or(&self.layers[0])
    }
    /// True when any layer is Broken.
    pub fn is_broken(&self) -> bool {
        self.layers.iter().any(|l| l.health == Health::Broken)
    }
    /// Every contradiction found.
    pub fn contradictions(&self) -> impl Iterator<Item = &Finding> {
        self.layers
            .iter()
            .flat_map(|l| l.findings.iter())
            .filter(|f| f.contradiction)
    }
}

/// Diagnoses one VMI from everything known about it. Total: any evidence, however odd or
/// incomplete, gives a diagnosis.
pub fn diagnose(e: &Evidence, now: Option<Timestamp>) -> Diagnosis {
    let vmi = e.vmi();
    let subject = e.subject();
    let mut cx = Ctx {
        e,
        vmi,
        now,
        subject,
        // Room for a VMI's usual findings, so that the list is not copied as it grows.
        findings: Vec::with_capacity(16),
        missing: Vec::new(),
    };
    let active_pod = select::pick_active_pod(&cx);
    if let Some(p) = active_pod {
        cx.subject.pod = Some(p.metadata.name().to_string());
    }
    let node = vmi
        .and_then(|v| v.status.node_name.as_deref())
        .and_then(|n| e.node(n));
    let migrations = select::migrations(&cx);
    let freshness = handler::status_freshness(&mut cx, node);
    let stale = freshness == handler::Freshness::Stale;

    control_plane::control_plane(&mut cx);
    node::node_layer(&mut cx, active_pod, node, stale);
    volumes::hotplug_volumes(&mut cx);
    guest::guest(&mut cx, active_pod, stale);
    network::network(&mut cx, stale);
    migration::migration_layer(&mut cx, &migrations);
    signals::signal_findings(&mut cx);
    for a in e.alerts() {
        cx.findings.extend(crate::alerts::finding(a));
    }
    crate::remedy::settle(&mut cx.findings);

    // Each layer's confidence reads every finding, so it is worked out first; then the findings
    // move into their layers (paste order kept) rather than being copied.
    let not_current = freshness != handler::Freshness::Current;
    let confidences = Layer::ALL.map(|layer| {
        let health = cx
            .findings
            .iter()
            .filter(|f| f.layer == layer)
            .map(|f| f.health)
            .fold(Health::Unknown, Health::worse);
        confidence::confidence(&cx, layer, health, not_current)
    });
    // Each layer's list made as long as it will be: no list grows, and none is copied.
    let mut per_layer: [Vec<Finding>; Layer::ALL.len()] = Layer::ALL
        .map(|layer| Vec::with_capacity(cx.findings.iter().filter(|f| f.layer == layer).count()));
    for f in std::mem::take(&mut cx.findings) {
        if let Some(i) = Layer::ALL.iter().position(|l| *l == f.layer) {
            per_layer[i].push(f);
        }
    }
    let mut layers = Vec::with_capacity(Layer::ALL.len());
    for ((layer, mut findings), confidence) in
        Layer::ALL.into_iter().zip(per_layer).zip(confidences)
    {
        findings.sort_by(|a, b| {
            b.health
                .rank()
                .cmp(&a.health.rank())
                .then(b.severity.cmp(&a.severity))
        });
        let health = combine(&findings);
        let summary = findings
            .iter()
            .find(|f| f.health == health)
            .or(findings.first())
            .map(|f| f.title.clone())
            .unwrap_or_else(|| NO_EVIDENCE.into());
        layers.push(LayerVerdict {
            layer,
            health,
            confidence,
            summary,
            findings,
        });
    }
    let overall = layers
        .iter()
        .map(|l| l.health)
        .fold(Health::Unknown, Health::worse);
    let headline = headline::headline(&e.key, &layers);
    let mut missing = cx.missing;
    missing.extend(confidence::old_observations(e, now));
    missing.extend(e.alert_source.as_ref().and_then(|s| s.missing()));
    missing.dedup();
    Diagnosis {
        key: e.key.clone(),
        layers,
        overall,
        headline,
        migrations,
        missing_evidence: missing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kube::Vmi;
    use serde_json::json;

    fn diag(v: serde_json::Value) -> Diagnosis {
        diagnose(&Evidence::from_vmi(Vmi::from_value(&v), None), None)
    }

    #[test]
    fn empty_evidence_is_unknown_not_healthy() {
        let d = diagnose(&Evidence::default(), None);
        assert_eq!(d.layers.len(), 5);
        assert!(
            d.layers.iter().all(|l| l.health != Health::Healthy),
            "{d:#?}"
        );
        let d = diag(json!({}));
        assert!(d.layer(Layer::Guest).health != Health::Healthy);
        assert!(d.layer(Layer::Node).health != Health::Healthy);
    }

    #[test]
    fn guest_agent_gone_while_the_domain_runs() {
        let d = diag(
            json!({"metadata": {"name": "a", "namespace": "n"}, "status": {"phase": "Running",
            "guestOSInfo": {"name": "Fedora Linux", "id": "fedora"},
            "interfaces": [{"name": "default", "ipAddress": "10.0.0.1", "ipAddresses": ["10.0.0.1"], "infoSource": "domain, guest-agent"}],
            "conditions": [{"type": "LiveMigratable", "status": "True"}, {"type": "Ready", "status": "True"}]}}),
        );
        assert_eq!(d.layer(Layer::Guest).health, Health::Degraded);
        let c: Vec<&str> = d.contradictions().map(|f| f.title.as_str()).collect();
        assert!(
            c.contains(&"Guest agent gone while the domain runs"),
            "{c:?}"
        );
        // Its guest-agent IPs are stale too.
        assert_eq!(d.layer(Layer::Network).health, Health::Degraded);
        // Without any sign of an earlier agent it is only unknown.
        let d = diag(
            json!({"status": {"phase": "Running", "conditions": [{"type": "LiveMigratable", "status": "True"}]}}),
        );
        assert_eq!(d.layer(Layer::Guest).health, Health::Unknown);
    }

    #[test]
    fn old_observations_lower_confidence() {
        let v = Vmi::from_value(
            &json!({"metadata": {"name": "a", "namespace": "n"}, "status": {"phase": "Running",
            "conditions": [{"type": "LiveMigratable", "status": "True"}]}}),
        );
        let seen = Timestamp::parse("2026-01-01T00:00:00Z");
        let fresh = diagnose(
            &Evidence::from_vmi(v.clone(), seen),
            Timestamp::parse("2026-01-01T00:01:00Z"),
        );
        assert_eq!(fresh.layer(Layer::Migration).confidence, Confidence::High);
        assert!(
            fresh
                .missing_evidence
                .iter()
                .all(|m| !m.contains("observed"))
        );
        let old = diagnose(
            &Evidence::from_vmi(v, seen),
            Timestamp::parse("2026-01-01T01:00:00Z"),
        );
        assert_eq!(old.layer(Layer::Migration).confidence, Confidence::Low);
        assert!(
            old.missing_evidence
                .iter()
                .any(|m| m.contains("observed 1h00m before now")),
            "{:?}",
            old.missing_evidence
        );
    }

    #[test]
    fn paused_by_user_is_intended_and_io_error_is_broken() {
        let d = diag(
            json!({"metadata": {"name": "a", "namespace": "n"}, "status": {"phase": "Running",
            "conditions": [{"type": "Paused", "status": "True", "reason": "PausedByUser"},
                           {"type": "LiveMigratable", "status": "True"}]}}),
        );
        // Issue 15: a user's pause is the user's wish (`pkg/virt-handler/vm.go` keeps phase
        // Running), not a contradiction and not a degraded guest.
        assert_eq!(d.layer(Layer::Guest).health, Health::Healthy);
        assert_eq!(d.contradictions().count(), 0);
        let d = diag(
            json!({"metadata": {"name": "a", "namespace": "n"}, "status": {"phase": "Running",
            "conditions": [{"type": "Paused", "status": "True", "reason": "PausedIOError"},
                           {"type": "LiveMigratable", "status": "True"}]}}),
        );
        assert_eq!(d.layer(Layer::Guest).health, Health::Broken);
    }
}
