//! What the synthetic paste tests ask of a paste: its verdict's layer and plane, and the
//! rendered diagnosis (shared by the rounds that check words of the diagnosis).

use model::evidence::SignalPlane;
use model::input::{Analysis, analyse};
use model::verdict::Layer;

fn read(paste: &str) -> Analysis {
    analyse(paste, None).unwrap_or_else(|e| panic!("cannot read: {e}\n{paste}"))
}

/// The verdict's layer and plane, and the rendered diagnosis.
pub fn blame(paste: &str) -> (Option<Layer>, Option<SignalPlane>, String) {
    let a = read(paste);
    let v = a.verdict();
    let text = model::cli::render_analysis(&a);
    (v.layer, v.plane, text)
}

/// The verdict's layer, the rendered diagnosis printed for a failing test to show (not every
/// round's tests ask only for the layer).
#[allow(dead_code)]
pub fn layer(paste: &str) -> Option<Layer> {
    let (l, _, text) = blame(paste);
    eprintln!("{text}");
    l
}

/// Asserts that each paste's verdict blames `layer` (`None`: no layer), the paste and its
/// rendered diagnosis shown when it does not.
#[allow(dead_code)]
pub fn expect(pastes: &[&str], layer: Option<Layer>) {
    for paste in pastes {
        let (l, _, text) = blame(paste);
        assert_eq!(l, layer, "{paste}\n{text}");
    }
}
