//! How the overview groups its cards (the URL's `group`), and the display order that gives.

use super::verdict::{VERDICTS, verdict};
use model::view::VmiSummary;
use std::borrow::Cow;
use std::collections::HashMap;

/// The grouping of the overview's cards.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Grouping {
    /// One list, in the order given (see `super::order`).
    #[default]
    None,
    /// By verdict, in [`VERDICTS`] order.
    Verdict,
    /// By node name, sorted; VMIs without a node under `(no node)`.
    Node,
    /// By namespace, sorted.
    Namespace,
    /// By cluster (a backend watching several, issue 32): the first cluster (whose keys name
    /// none) first, then the others by name. Its group's label is the key's cluster, empty for
    /// the first; the page names that one ([`super::Filter::first_cluster`]).
    Cluster,
}

impl Grouping {
    /// Every grouping, in the order the toolbar offers them.
    pub const ALL: [Grouping; 5] = [
        Grouping::None,
        Grouping::Verdict,
        Grouping::Node,
        Grouping::Namespace,
        Grouping::Cluster,
    ];

    /// From the URL's `group` parameter; anything unknown groups nothing.
    pub fn from_param(p: Option<&str>) -> Grouping {
        match p {
            Some("verdict") => Grouping::Verdict,
            Some("node") => Grouping::Node,
            Some("namespace") => Grouping::Namespace,
            Some("cluster") => Grouping::Cluster,
            _ => Grouping::None,
        }
    }

    /// The URL's `group` parameter for this grouping (empty for none).
    pub fn param(self) -> &'static str {
        match self {
            Grouping::None => "",
            Grouping::Verdict => "verdict",
            Grouping::Node => "node",
            Grouping::Namespace => "namespace",
            Grouping::Cluster => "cluster",
        }
    }

    /// The label of the group `s` belongs to; `None` when this groups nothing.
    pub fn label(self, s: &VmiSummary) -> Option<Cow<'_, str>> {
        match self {
            Grouping::None => None,
            Grouping::Verdict => Some(verdict(s).as_str().into()),
            Grouping::Node => Some(s.node.as_deref().unwrap_or("(no node)").into()),
            Grouping::Namespace => Some(s.key.namespace.as_str().into()),
            Grouping::Cluster => Some(s.key.cluster.as_str().into()),
        }
    }
}

/// Groups `items` by `group`. Returns the display order (as positions in `items`) and the groups
/// in display order as (label, number of members); no groups when `group` groups nothing.
pub fn group_order(items: &[&VmiSummary], group: Grouping) -> (Vec<usize>, Vec<(String, usize)>) {
    if group == Grouping::None {
        return ((0..items.len()).collect(), Vec::new());
    }
    let mut by_label: HashMap<Cow<'_, str>, Vec<usize>> = HashMap::new();
    for (i, s) in items.iter().enumerate() {
        if let Some(l) = group.label(s) {
            by_label.entry(l).or_default().push(i);
        }
    }
    let mut groups: Vec<(Cow<'_, str>, Vec<usize>)> = by_label.into_iter().collect();
    if group == Grouping::Verdict {
        groups.sort_by_key(|(g, _)| VERDICTS.iter().position(|v| v.as_str() == g));
    } else {
        groups.sort_by(|a, b| a.0.cmp(&b.0));
    }
    let mut order = Vec::with_capacity(items.len());
    let mut heads = Vec::with_capacity(groups.len());
    for (g, members) in groups {
        heads.push((g.into_owned(), members.len()));
        order.extend(members);
    }
    (order, heads)
}
