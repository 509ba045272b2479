//! The overview across a fleet (issue 32): whether the VMIs come from several clusters (from the
//! streamed keys alone: the main bundle's part), and one summary per cluster — its name, whether
//! it answers (from `GET /api/v1/clusters`), its VMIs per verdict and its worst VMI (from the
//! streamed VMIs): the summary rows' part, drawn by the views module (`pages::overview::fleet`).
//!
//! The first cluster's VMI keys name no cluster (`VmiKey::cluster` empty): the answer's first
//! row is how it is named, and the URL's `cluster` holds that name like any other.

use super::order::{Sort, sort_key};
use super::recency::Recency;
use super::verdict::{VERDICTS, verdict_index};
use model::api::ClustersAnswer;
use model::time::Timestamp;
use model::view::{VmiKey, VmiSummary};
use std::collections::HashMap;

/// One cluster's row above the list.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClusterSummary {
    /// Its name (the URL's `cluster`); empty for the first cluster while its name is unknown.
    pub name: String,
    /// How its VMI keys name it (`""`: the first cluster).
    pub key: String,
    /// Whether it answers now; true while the backend has not said otherwise.
    pub reachable: bool,
    /// Since when it has not answered.
    pub stale_since: Option<Timestamp>,
    /// Its last error in one line, while it does not answer.
    pub error: Option<String>,
    /// False when the backend says this session has not signed in to it (token mode): it
    /// streams none of its VMIs, and its row offers to sign in.
    pub signed_in: bool,
    /// Its streamed VMIs per verdict, in [`VERDICTS`] order.
    pub counts: [usize; VERDICTS.len()],
    /// Its worst VMI that is not healthy (worst first, as the overview sorts), if any.
    pub worst: Option<VmiKey>,
}

/// True when the overview shows a fleet: a streamed VMI's key names a cluster (the first
/// cluster's never do, so that VMI is another cluster's). `all` is sorted by key, cluster first,
/// and the empty cluster sorts first: the last key tells, whatever the number of VMIs.
pub fn is_fleet(all: &[VmiSummary]) -> bool {
    all.last().is_some_and(|s| !s.key.cluster.is_empty())
}

/// The key cluster the URL's `cluster` (a name) means: `""` for `first`, the name the first
/// cluster goes by (empty while unknown), any other name as it is.
pub fn key_cluster(name: &str, first: &str) -> String {
    if !first.is_empty() && name == first {
        String::new()
    } else {
        name.to_string()
    }
}

/// One summary per cluster: those the backend lists, in its order (the first one first), then
/// any other a streamed key names, by name. Counts and the worst VMI come from `all`, so a
/// cluster that no longer answers keeps the VMIs it last showed and says since when.
pub fn summaries(
    all: &[VmiSummary],
    answer: Option<&ClustersAnswer>,
    recency: &Recency,
) -> Vec<ClusterSummary> {
    let mut out: Vec<ClusterSummary> = Vec::new();
    let blank = |name: &str, key: &str| ClusterSummary {
        name: name.to_string(),
        key: key.to_string(),
        reachable: true,
        stale_since: None,
        error: None,
        signed_in: true,
        counts: [0; VERDICTS.len()],
        worst: None,
    };
    for (i, row) in answer.map_or(&[][..], |a| &a.clusters).iter().enumerate() {
        let key = if i == 0 { "" } else { row.name.as_str() };
        out.push(ClusterSummary {
            reachable: row.reachable,
            stale_since: row.stale_since.as_deref().and_then(Timestamp::parse),
            error: row.error.clone(),
            signed_in: row.readable(),
            ..blank(&row.name, key)
        });
    }
    let mut at: HashMap<String, usize> = out
        .iter()
        .enumerate()
        .map(|(i, c)| (c.key.clone(), i))
        .collect();
    let listed = out.len();
    let mut worst: Vec<Option<(super::order::SortKey, usize)>> = vec![None; out.len()];
    for (i, s) in all.iter().enumerate() {
        let c = match at.get(s.key.cluster.as_str()) {
            Some(c) => *c,
            None => {
                at.insert(s.key.cluster.clone(), out.len());
                out.push(blank(&s.key.cluster, &s.key.cluster));
                worst.push(None);
                out.len() - 1
            }
        };
        let v = verdict_index(s);
        out[c].counts[v] += 1;
        if v + 1 < VERDICTS.len() {
            let k = sort_key(i, all, Sort::Worst, recency);
            if worst[c].is_none_or(|(w, _)| k < w) {
                worst[c] = Some((k, i));
            }
        }
    }
    for (c, w) in out.iter_mut().zip(worst) {
        c.worst = w.map(|(_, i)| all[i].key.clone());
    }
    out[listed..].sort_by(|a, b| a.key.cmp(&b.key));
    out
}

/// The wall's tile of one cluster (issue 32, item 3): its summary and its broken VMIs.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WallTile {
    pub cluster: ClusterSummary,
    /// Its broken VMIs, worst first (as the wall orders its problems), at most the `max` asked.
    pub broken: Vec<VmiKey>,
}

/// One tile per cluster of [`summaries`], in its order, each with at most `max` of its broken
/// VMIs (how many there are in all is `cluster.counts[0]`).
pub fn wall_tiles(
    all: &[VmiSummary],
    answer: Option<&ClustersAnswer>,
    recency: &Recency,
    max: usize,
) -> Vec<WallTile> {
    let (shown, _) = super::order::worst(all, recency, usize::MAX);
    summaries(all, answer, recency)
        .into_iter()
        .map(|cluster| {
            let broken = shown
                .iter()
                .filter(|s| s.key.cluster == cluster.key && verdict_index(s) == 0)
                .take(max)
                .map(|s| s.key.clone())
                .collect();
            WallTile { cluster, broken }
        })
        .collect()
}
