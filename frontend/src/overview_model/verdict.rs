//! A card's verdict and the verdicts in display order (the chips, the verdict groups).

use model::verdict::Health;
use model::view::VmiSummary;

/// Verdicts in display order: trouble first.
pub const VERDICTS: [Health; 4] = [
    Health::Broken,
    Health::Degraded,
    Health::Unknown,
    Health::Healthy,
];

/// The card's verdict, as the card shows it: the model's one rule ([`model::view::LayerGlance::verdict`],
/// which a cluster's counts use too): a VMI "healthy as far as seen" is unknown.
pub fn verdict(s: &VmiSummary) -> Health {
    s.layers.verdict()
}

/// The position of the verdict of `s` in [`VERDICTS`].
pub fn verdict_index(s: &VmiSummary) -> usize {
    let v = verdict(s);
    VERDICTS
        .iter()
        .position(|h| *h == v)
        .unwrap_or(VERDICTS.len() - 1)
}
