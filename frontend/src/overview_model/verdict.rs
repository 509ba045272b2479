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

/// The card's verdict, as the card shows it: the worst of the five layers, except that a VMI
/// with no layer worse than healthy but a layer not known ("healthy as far as seen") is
/// unknown, not healthy: its card carries a "?" and is counted with the unknown ones.
pub fn verdict(s: &VmiSummary) -> Health {
    let layers = s.layers.all();
    match s.layers.worst() {
        Health::Healthy if layers.contains(&Health::Unknown) => Health::Unknown,
        worst => worst,
    }
}

/// The position of the verdict of `s` in [`VERDICTS`].
pub fn verdict_index(s: &VmiSummary) -> usize {
    let v = verdict(s);
    VERDICTS
        .iter()
        .position(|h| *h == v)
        .unwrap_or(VERDICTS.len() - 1)
}
