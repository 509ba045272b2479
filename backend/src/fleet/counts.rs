//! A cluster's VMIs per verdict: the verdicts the overview counts, each VMI under
//! [`model::view::LayerGlance::verdict`].

use crate::store::Store;
use model::verdict::Health;
use serde::Serialize;

/// VMIs per verdict.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub broken: usize,
    pub degraded: usize,
    pub unknown: usize,
    pub healthy: usize,
}

impl Counts {
    /// The VMIs of `store` in the namespaces `keep` keeps, per verdict.
    pub fn of(store: &Store, keep: impl Fn(&str) -> bool) -> Counts {
        let mut c = Counts::default();
        store.each_glance(|namespace, layers| {
            if keep(namespace) {
                c.add(layers.verdict());
            }
        });
        c
    }

    fn add(&mut self, h: Health) {
        match h {
            Health::Broken => self.broken += 1,
            Health::Degraded => self.degraded += 1,
            Health::Unknown => self.unknown += 1,
            Health::Healthy => self.healthy += 1,
        }
    }

    pub fn total(&self) -> usize {
        self.broken + self.degraded + self.unknown + self.healthy
    }
}
