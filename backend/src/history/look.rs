//! [`Look`]: what the flight recorder follows of a summary (its phase, five verdicts and
//! headline), shared by every VMI that looks the same through the observer's
//! [`crate::pool::Pool`].
//!
//! Of 10,000 VMIs most are in one of a few states (Running and healthy, say): the observer keeps
//! one thin `Arc` per VMI to a shared look, 8 bytes, instead of two interned strings and the
//! verdicts, 40 (issue 30: the observer's map buckets go from 96 to 64 bytes).

use model::view::summary::LayerGlance;
use std::hash::{Hash, Hasher};

/// A summary's phase, verdicts and headline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Look {
    pub phase: Box<str>,
    pub headline: Box<str>,
    pub layers: LayerGlance,
}

impl Look {
    pub fn new(phase: &str, layers: LayerGlance, headline: &str) -> Look {
        Look {
            phase: phase.into(),
            headline: headline.into(),
            layers,
        }
    }
}

impl Hash for Look {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (&self.phase, &self.headline, self.layers.all()).hash(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pool::Pool;
    use model::verdict::Health;
    use std::sync::Arc;

    #[test]
    fn looks_differing_in_any_part_are_not_shared() {
        let mut looks = Pool::default();
        let ok = LayerGlance::default();
        let a = looks.get(Look::new("Running", ok, "fine"));
        assert!(Arc::ptr_eq(
            &a,
            &looks.get(Look::new("Running", ok, "fine"))
        ));
        let sick = LayerGlance {
            guest: Health::Broken,
            ..ok
        };
        for other in [
            Look::new("Running", sick, "fine"),
            Look::new("Running", ok, "other"),
            Look::new("Paused", ok, "fine"),
        ] {
            assert!(!Arc::ptr_eq(&a, &looks.get(other)));
        }
    }
}
