//! The number of VMIs by verdict that the search (and the cluster picked, with several) keeps
//! (the chips' counts), kept up to date from each [`Delta`].

use super::delta::Delta;
use super::filter::matches_lower;
use super::verdict::{VERDICTS, verdict_index};
use model::view::VmiSummary;

/// The number of VMIs by verdict (in [`VERDICTS`] order) that a search keeps, as of one
/// [`Delta`].
#[derive(Debug, Clone, PartialEq)]
pub struct Counts {
    /// The [`Delta::seq`] this reflects.
    pub seq: u64,
    /// The search, trimmed and lower-cased.
    pub q: String,
    /// Only this cluster's VMIs, as keys name it (see `super::Filter::cluster`).
    pub cluster: Option<String>,
    pub n: [usize; VERDICTS.len()],
}

impl Counts {
    /// The counts of `all` after `d`: from `prev` and the replaced summaries alone when that is
    /// all that changed since `prev` (for the same search), else by counting every VMI.
    pub fn next(prev: Option<&Counts>, d: &Delta, all: &[VmiSummary], q: String) -> Counts {
        Counts::next_in(prev, d, all, q, None)
    }

    /// [`Counts::next`] of the VMIs of `cluster` alone (`None`: every cluster).
    pub fn next_in(
        prev: Option<&Counts>,
        d: &Delta,
        all: &[VmiSummary],
        q: String,
        cluster: Option<String>,
    ) -> Counts {
        let keeps = |s: &VmiSummary| {
            cluster.as_deref().is_none_or(|c| s.key.cluster == c) && matches_lower(s, &q)
        };
        let since = prev
            .filter(|p| p.q == q && p.cluster == cluster)
            .and_then(|p| Some((p.n, d.replaced_since(p.seq)?)));
        let n = match since {
            Some((mut n, replaced)) => {
                for (i, old) in replaced {
                    if keeps(old) {
                        let v = verdict_index(old);
                        n[v] = n[v].saturating_sub(1);
                    }
                    if let Some(new) = all.get(*i)
                        && keeps(new)
                    {
                        n[verdict_index(new)] += 1;
                    }
                }
                n
            }
            None => {
                let mut n = [0usize; VERDICTS.len()];
                for s in all.iter().filter(|s| keeps(s)) {
                    n[verdict_index(s)] += 1;
                }
                n
            }
        };
        Counts {
            seq: d.seq,
            q,
            cluster,
            n,
        }
    }
}
