//! The overview across a fleet (issue 32): whether the VMIs come from several clusters (from the
//! streamed keys alone: the main bundle's part), and one summary per cluster — its name, whether
//! it answers (from `GET /api/v1/clusters`), its VMIs per verdict and its worst VMI (from the
//! streamed VMIs): the summary rows' part, drawn by the views module (`pages::overview::fleet`).
//!
//! The first cluster's VMI keys name no cluster (`VmiKey::cluster` empty): the answer's first
//! row is how it is named, and the URL's `cluster` holds that name like any other.

use super::delta::Delta;
use super::recency::Recency;
use super::tally::Tally;
use super::verdict::VERDICTS;
use model::api::ClustersAnswer;
use model::time::Timestamp;
use model::view::{VmiKey, VmiSummary};
use std::collections::HashSet;

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
    rows(
        all,
        answer,
        &Tally::next(None, &Delta::default(), all, recency),
    )
}

/// [`summaries`] from a [`Tally`] of `all` (kept up to date from each batch by the page).
pub fn rows(
    all: &[VmiSummary],
    answer: Option<&ClustersAnswer>,
    tally: &Tally,
) -> Vec<ClusterSummary> {
    let summary = |name: &str, key: &str| {
        let t = tally.clusters.get(key);
        ClusterSummary {
            name: name.to_string(),
            key: key.to_string(),
            reachable: true,
            stale_since: None,
            error: None,
            signed_in: true,
            counts: t.map_or([0; VERDICTS.len()], |t| t.counts),
            worst: t
                .and_then(|t| t.worst)
                .and_then(|(_, i)| all.get(i))
                .map(|s| s.key.clone()),
        }
    };
    let mut out: Vec<ClusterSummary> = Vec::new();
    for (i, row) in answer.map_or(&[][..], |a| &a.clusters).iter().enumerate() {
        let key = if i == 0 { "" } else { row.name.as_str() };
        out.push(ClusterSummary {
            reachable: row.reachable,
            stale_since: row.stale_since.as_deref().and_then(Timestamp::parse),
            error: row.error.clone(),
            signed_in: row.readable(),
            ..summary(&row.name, key)
        });
    }
    let listed: HashSet<String> = out.iter().map(|c| c.key.clone()).collect();
    // The tally's clusters are in key order: those not listed come by name.
    for key in tally.clusters.keys().filter(|k| !listed.contains(*k)) {
        out.push(summary(key, key));
    }
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
    tiles(
        all,
        answer,
        &Tally::next(None, &Delta::default(), all, recency),
        max,
    )
}

/// [`wall_tiles`] from a [`Tally`] of `all` (kept up to date from each batch by the page).
pub fn tiles(
    all: &[VmiSummary],
    answer: Option<&ClustersAnswer>,
    tally: &Tally,
    max: usize,
) -> Vec<WallTile> {
    rows(all, answer, tally)
        .into_iter()
        .map(|cluster| {
            let broken = tally
                .clusters
                .get(&cluster.key)
                .into_iter()
                .flat_map(|c| &c.broken)
                .take(max)
                .filter_map(|k| all.get(k.position()))
                .map(|s| s.key.clone())
                .collect();
            WallTile { cluster, broken }
        })
        .collect()
}
