//! The learned reading: which layer a paste's words are most like, from the pastes the
//! corpus has labelled. The rules (signatures, readers, the catalogues from KubeVirt's source)
//! say what a line means; they only know the messages they were written for. This reading
//! knows no message: a multinomial logistic regression over the paste's words and pairs of
//! words (`features`), fitted (`train`) on the labelled pastes of the working sets, never on a
//! held-out batch, and committed as a table (`weights.tsv`, checked against a fresh fit by
//! `tests/lexicon.rs`).
//!
//! Measured (`tests/fixtures/fresh/README.md`, "A learned reading beside the rules"): on the
//! held-out batches, which no rule and no fit has read, it names the expected layer more often
//! than the rules do, but weighed into the verdict it also blames pastes whose failure words
//! are harmless (a `0 Failed` count, an empty `failureReason`, a failed Helm revision a newer
//! one replaced) that the rules rightly leave alone. So it is a hint and never a verdict: where
//! the rules blame no layer and error lines name no component, the verdict's sentence and the
//! paste page say which layer the words suggest ([`sentence`]), with the lines that weigh most;
//! the verdict's layer, the findings and the exit code stay the rules'.

pub mod features;
pub mod train;

use std::sync::OnceLock;

use crate::verdict::Layer;

/// The classes in the table's order: no layer at fault, then each layer.
pub const CLASSES: [Option<Layer>; 6] = [
    None,
    Some(Layer::ControlPlane),
    Some(Layer::Node),
    Some(Layer::Guest),
    Some(Layer::Network),
    Some(Layer::Migration),
];

/// Pastes longer than this are not read: the reading was fitted on pastes of a ticket's size,
/// and a dump's many objects are each diagnosed by the rules.
pub const MAX_BYTES: usize = 64 * 1024;

/// The least probability of the words' likeliest layer for it to be named: below it, the words
/// lean no clearer than a guess among six.
pub const MIN_PROBABILITY: f64 = 0.3;

/// The most lines cited for a reading.
const LINES_CITED: usize = 3;

/// What the words of a paste read as.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The probability of each of [`CLASSES`].
    pub probabilities: [f64; CLASSES.len()],
    /// The paste's lines (1-based) whose words weigh most towards the likeliest class, most
    /// first.
    pub lines: Vec<usize>,
}

impl Reading {
    /// The likeliest class and its probability.
    pub fn likeliest(&self) -> (Option<Layer>, f64) {
        likeliest(&self.probabilities)
    }
}

/// The likeliest of [`CLASSES`] by their probabilities, and its probability (the last on a tie).
fn likeliest(p: &[f64; CLASSES.len()]) -> (Option<Layer>, f64) {
    let best = (0..CLASSES.len()).fold(0, |b, i| if p[i] >= p[b] { i } else { b });
    (CLASSES[best], p[best])
}

/// Reads a paste's words; `None` for a paste over [`MAX_BYTES`] or without a word the table
/// knows.
pub fn read(text: &str) -> Option<Reading> {
    read_with(text, committed())
}

/// The committed table (`weights.tsv`), read once.
fn committed() -> &'static train::Table {
    static TABLE: OnceLock<train::Table> = OnceLock::new();
    TABLE.get_or_init(|| train::Table::from_tsv(include_str!("weights.tsv")))
}

/// [`read`] with another table: the fit's cross-validation reads with tables not committed.
pub fn read_with(text: &str, table: &train::Table) -> Option<Reading> {
    if text.len() > MAX_BYTES {
        return None;
    }
    let mut seen = std::collections::BTreeSet::new();
    let mut score = table.bias.map(|b| f64::from(b) / train::SCALE);
    let mut per_line: Vec<(usize, [f64; CLASSES.len()])> = Vec::new();
    let mut known = 0;
    for (n, line) in text.lines().enumerate() {
        let mut fs = std::collections::BTreeSet::new();
        features::of_line(line, &mut fs);
        let mut line_score = [0.0; CLASSES.len()];
        for f in fs {
            if seen.contains(&f) {
                continue;
            }
            if let Some(ws) = table.get(&f) {
                known += 1;
                for (c, w) in ws.iter().enumerate() {
                    let w = f64::from(*w) / train::SCALE;
                    score[c] += w;
                    line_score[c] += w;
                }
            }
            seen.insert(f);
        }
        per_line.push((n + 1, line_score));
    }
    if known == 0 {
        return None;
    }
    let probabilities = train::softmax(&score);
    let (class, _) = likeliest(&probabilities);
    let c = CLASSES.iter().position(|x| *x == class).unwrap_or(0);
    let mut towards: Vec<(f64, usize)> = per_line
        .iter()
        .map(|(n, s)| (s[c] - s.iter().sum::<f64>() / CLASSES.len() as f64, *n))
        .filter(|(lean, _)| *lean > 0.0)
        .collect();
    towards.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    Some(Reading {
        probabilities,
        lines: towards
            .into_iter()
            .take(LINES_CITED)
            .map(|(_, n)| n)
            .collect(),
    })
}

/// The layer the words suggest: their likeliest class, when it is a layer and at least
/// [`MIN_PROBABILITY`] likely.
pub fn suggestion(reading: &Reading) -> Option<(Layer, f64)> {
    let (class, p) = reading.likeliest();
    class.filter(|_| p >= MIN_PROBABILITY).map(|l| (l, p))
}

/// The sentence that gives a suggestion: the layer, how likely, the lines that weigh most.
pub fn sentence(reading: &Reading) -> Option<String> {
    let (layer, p) = suggestion(reading)?;
    let cited = reading
        .lines
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let how = format!("a learned reading, {:.0} %", p * 100.0);
    let how = if cited.is_empty() {
        how
    } else {
        format!("{how}, weighed most by line(s) {cited}")
    };
    Some(format!(
        "their words are most like those of pastes where the {} was at fault ({how}): a hint, \
         not a finding",
        layer.as_str()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(p: [f64; 6]) -> Reading {
        Reading {
            probabilities: p,
            lines: Vec::new(),
        }
    }

    #[test]
    fn a_layer_at_least_as_likely_as_the_least_is_suggested() {
        let r = reading([0.1, 0.3, 0.5, 0.05, 0.05, 0.0]);
        assert_eq!(suggestion(&r), Some((Layer::Node, 0.5)));
        assert!(
            sentence(&r)
                .unwrap()
                .contains("node/launcher was at fault (a learned reading, 50 %")
        );
        // No fault likeliest, or no layer likely enough: nothing suggested.
        assert_eq!(suggestion(&reading([0.5, 0.3, 0.1, 0.05, 0.05, 0.0])), None);
        assert_eq!(suggestion(&reading([0.2, 0.2, 0.25, 0.15, 0.1, 0.1])), None);
    }

    #[test]
    fn the_hint_reads_in_japanese_whole() {
        let mut r = reading([0.1, 0.3, 0.5, 0.05, 0.05, 0.0]);
        r.lines = vec![3, 7];
        let en = sentence(&r).unwrap();
        assert!(
            en.contains("(a learned reading, 50 %, weighed most by line(s) 3, 7)"),
            "{en}"
        );
        for text in [en.clone(), format!("error lines no rule places: {en}")] {
            let ja = crate::i18n::tr(crate::i18n::Lang::Ja, &text);
            assert!(crate::i18n::english_sentences(&ja).is_empty(), "{ja}");
            assert!(ja.contains("3, 7") && ja.contains("50"), "{ja}");
        }
    }

    #[test]
    fn a_paste_too_long_or_without_known_words_is_not_read() {
        assert!(read(&"virt-handler failed\n".repeat(MAX_BYTES / 10)).is_none());
        assert!(read("zzqx qqzv").is_none());
    }
}
