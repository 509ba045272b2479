//! What the last applied batch of stream messages changed in the list of summaries.

use model::view::VmiSummary;
use model::wire::Applied;
use std::sync::Arc;

/// What the last applied batch changed in `Live::vmis`, so a page can update in proportion to
/// the change (a 10% update of 10,000 VMIs touches 1,000 of them, not 10,000).
#[derive(Debug, Clone, Default)]
pub struct Delta {
    /// Counts the batches that changed the list.
    pub seq: u64,
    /// `None` when positions moved (a snapshot, a VMI added or removed); otherwise the positions
    /// whose summary was replaced, ascending, each with the summary it had before the batch.
    pub replaced: Option<Arc<Vec<(usize, VmiSummary)>>>,
}

impl Delta {
    /// Records a batch that changed the list (`applied` not empty).
    pub fn record(&mut self, applied: Applied) {
        self.seq += 1;
        self.replaced = (!applied.moved).then(|| Arc::new(applied.replaced));
    }

    /// The summaries this delta replaced, when it is the one change since the state of `seq`:
    /// then a state can be brought up to date from them alone.
    pub fn replaced_since(&self, seq: u64) -> Option<&[(usize, VmiSummary)]> {
        self.replaced
            .as_deref()
            .map(Vec::as_slice)
            .filter(|_| self.seq == seq + 1)
    }
}
