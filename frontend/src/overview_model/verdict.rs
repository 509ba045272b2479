//! A card's verdict and the verdicts in display order (the chips, the verdict groups).

use model::verdict::Health;
use model::view::VmiSummary;

/// Verdicts in display order.
pub const VERDICTS: [Health; 4] = [
    Health::Broken,
    Health::Degraded,
    Health::Healthy,
    Health::Unknown,
];

/// The card's verdict: the worst of the five layers, the diagnosis' overall verdict.
pub fn verdict(s: &VmiSummary) -> Health {
    s.layers.worst()
}

/// The position of the verdict of `s` in [`VERDICTS`].
pub fn verdict_index(s: &VmiSummary) -> usize {
    let v = verdict(s);
    VERDICTS
        .iter()
        .position(|h| *h == v)
        .unwrap_or(VERDICTS.len() - 1)
}
