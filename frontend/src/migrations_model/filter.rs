//! Which migrations the page shows, as the URL (`phase`, `outcome`, `trigger`, `ns`, `node`,
//! `q`) says, and the values each filter can take in the current list.

use super::facts::{nodes_of, outcome_key, trigger_key};
use model::api::MigrationRow;
use std::collections::BTreeSet;

/// The URL's filters. Every field is an exact value, except `q`: words that must each appear
/// in the name, VMI, namespace, nodes, phase or failure reason (case-insensitive).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MigrationFilter {
    pub phase: Option<String>,
    pub outcome: Option<String>,
    pub trigger: Option<String>,
    pub namespace: Option<String>,
    /// Source or target node.
    pub node: Option<String>,
    /// Trimmed and lower-cased.
    pub q: String,
}

/// The URL parameter of each filter, in [`MigrationFilter`]'s order.
pub const PARAMS: [&str; 6] = ["phase", "outcome", "trigger", "ns", "node", "q"];

impl MigrationFilter {
    /// The filter of the URL parameters, read through `get` (an empty value is no filter).
    pub fn from_url(get: impl Fn(&str) -> Option<String>) -> MigrationFilter {
        let g = |k: &str| get(k).filter(|v| !v.trim().is_empty());
        MigrationFilter {
            phase: g("phase"),
            outcome: g("outcome"),
            trigger: g("trigger"),
            namespace: g("ns"),
            node: g("node"),
            q: g("q").map(|q| q.trim().to_lowercase()).unwrap_or_default(),
        }
    }

    /// Whether any filter is set.
    pub fn is_active(&self) -> bool {
        *self != MigrationFilter::default()
    }

    /// True when `r` is shown.
    pub fn keeps(&self, r: &MigrationRow) -> bool {
        let m = &r.report;
        let (src, dst) = nodes_of(r);
        let is = |want: &Option<String>, have: &str| want.as_deref().is_none_or(|w| w == have);
        is(&self.phase, &m.phase)
            && is(&self.outcome, outcome_key(m.outcome))
            && is(&self.trigger, trigger_key(&m.trigger))
            && is(&self.namespace, &m.namespace)
            && self
                .node
                .as_deref()
                .is_none_or(|n| src == Some(n) || dst == Some(n))
            && self.matches_q(r)
    }

    fn matches_q(&self, r: &MigrationRow) -> bool {
        if self.q.is_empty() {
            return true;
        }
        let m = &r.report;
        let (src, dst) = nodes_of(r);
        let fields = [
            m.name.as_str(),
            m.vmi_name.as_str(),
            m.namespace.as_str(),
            m.phase.as_str(),
            src.unwrap_or(""),
            dst.unwrap_or(""),
            m.failure.as_ref().map(|f| f.reason.as_str()).unwrap_or(""),
        ];
        let fields: Vec<String> = fields.iter().map(|f| f.to_lowercase()).collect();
        self.q
            .split_whitespace()
            .all(|w| fields.iter().any(|f| f.contains(w)))
    }
}

/// The values the phase, namespace and node selects offer: those in the list, sorted, plus the
/// one the URL asks for (so a deep link to a value no longer listed still shows it).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Choices {
    pub phases: Vec<String>,
    pub namespaces: Vec<String>,
    pub nodes: Vec<String>,
}

impl Choices {
    pub fn of(list: &[MigrationRow], f: &MigrationFilter) -> Choices {
        let mut phases = BTreeSet::new();
        let mut namespaces = BTreeSet::new();
        let mut nodes = BTreeSet::new();
        for r in list {
            if !r.report.phase.is_empty() {
                phases.insert(r.report.phase.clone());
            }
            namespaces.insert(r.report.namespace.clone());
            let (s, t) = nodes_of(r);
            nodes.extend(s.into_iter().chain(t).map(str::to_string));
        }
        phases.extend(f.phase.clone());
        namespaces.extend(f.namespace.clone());
        nodes.extend(f.node.clone());
        Choices {
            phases: phases.into_iter().collect(),
            namespaces: namespaces.into_iter().collect(),
            nodes: nodes.into_iter().collect(),
        }
    }
}
