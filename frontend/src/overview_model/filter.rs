//! Which VMIs the overview shows: the search text, the verdict chip, the cluster, the grouping
//! and the order, as the URL (`q`, `verdict`, `cluster`, `group`, `sort`) says, and with `changed=1h` only the VMIs the recorder saw change in
//! the last hour (a set of keys the backend gives, see `pages::overview::changed`).

use super::grouping::Grouping;
use super::order::Sort;
use super::verdict::verdict;
use model::view::VmiKey;
use model::view::VmiSummary;
use std::collections::BTreeSet;
use std::sync::Arc;

/// True when `s` matches the search text (name, namespace, node, IP, phase; case-insensitive).
///
/// The fields are Kubernetes names (RFC 1123: ASCII), addresses and phases, all ASCII, so the
/// case is folded for ASCII letters only: `str::to_lowercase` would bring Unicode's case table
/// (11 KB, 3 KB with brotli) into the first load for no match it could add.
pub fn matches(s: &VmiSummary, q: &str) -> bool {
    matches_lower(s, &normalize(q))
}

/// The search text as it is matched: trimmed and lower-cased (ASCII letters, see [`matches`]).
pub fn normalize(q: &str) -> String {
    q.trim().to_ascii_lowercase()
}

/// [`matches`] with the search text already [`normalize`]d.
pub fn matches_lower(s: &VmiSummary, q: &str) -> bool {
    if q.is_empty() {
        return true;
    }
    q.split_whitespace().all(|word| {
        [
            s.key.name.as_str(),
            s.key.namespace.as_str(),
            s.node.as_deref().unwrap_or(""),
            s.ip.as_deref().unwrap_or(""),
            s.phase.as_str(),
        ]
        .iter()
        .any(|f| f.to_ascii_lowercase().contains(word))
    })
}

/// What decides which VMIs the overview shows, and how they are grouped.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    /// The search text, trimmed and lower-cased.
    pub q: String,
    /// Only this verdict (`Health::as_str`).
    pub verdict: Option<String>,
    pub group: Grouping,
    pub sort: Sort,
    /// Only these VMIs (the recently changed ones); `None`: no such filter.
    pub changed: Option<Arc<BTreeSet<VmiKey>>>,
    /// Only the VMIs of this cluster, as their keys name it (`""`: the first cluster, see
    /// [`super::fleet`]); `None`: every cluster.
    pub cluster: Option<String>,
    /// The name the first cluster goes by, for its group's header (its keys name none).
    pub first_cluster: String,
}

impl Filter {
    /// The filter of the URL's `q`, `verdict` and `group` parameters.
    pub fn from_url(q: Option<&str>, verdict: Option<String>, group: Option<&str>) -> Filter {
        Filter {
            q: normalize(q.unwrap_or_default()),
            verdict,
            group: Grouping::from_param(group),
            sort: Sort::Worst,
            changed: None,
            cluster: None,
            first_cluster: String::new(),
        }
    }

    /// This filter where the VMIs come from one cluster (`fleet` false): no cluster to pick or
    /// group by, whatever the URL kept (a link from a fleet's console), so nothing changes.
    pub fn for_fleet(mut self, fleet: bool) -> Filter {
        if !fleet {
            self.cluster = None;
            if self.group == Grouping::Cluster {
                self.group = Grouping::None;
            }
        }
        self
    }

    /// True when `s` is shown.
    pub fn keeps(&self, s: &VmiSummary) -> bool {
        matches_lower(s, &self.q)
            && self
                .verdict
                .as_deref()
                .is_none_or(|v| verdict(s).as_str() == v)
            && self.changed.as_ref().is_none_or(|c| c.contains(&s.key))
            && self.cluster.as_deref().is_none_or(|c| s.key.cluster == c)
    }

    /// True when `new` in place of `old` is shown, or not, just as `old` was, in the same group
    /// and, sorted worst first, with the same verdict and last change time (a changed verdict
    /// or a new change moves the card).
    pub fn same_place(&self, old: &VmiSummary, new: &VmiSummary) -> bool {
        let kept = self.keeps(old);
        kept == self.keeps(new)
            && (!kept
                || (self.group.label(old) == self.group.label(new)
                    && (self.sort != Sort::Worst
                        || (verdict(old) == verdict(new) && old.changed == new.changed))))
    }
}
