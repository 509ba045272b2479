//! A refusal the paste announces as the outcome it expects: a test plan's or a verification's
//! step ("Create another network with VLAN 5. It should fail with `admission webhook … denied
//! the request: …`", "the webhook would prevent it and prompt this message:"), where the error
//! quoted on the announcing line, or in the block right after it, is the designed result being
//! checked, not a fault. The announcement is a modal verb before a verb of refusal (should,
//! must, would, will, is expected to + fail, be denied, rejected, refused, blocked, prevented;
//! or would/will prevent, reject, deny, refuse, block): the forms test plans and verification
//! notes use for what the system must refuse. A line that goes on to say it did not happen
//! ("should fail … but it succeeds", "instead", "not") announces nothing.

use super::read::ReadPaste;
use crate::scan;
use std::collections::BTreeSet;

/// Modal verbs that announce an outcome.
const MODALS: &[&str] = &[
    "should",
    "must",
    "would",
    "will",
    "is expected to",
    "are expected to",
];

/// What the outcome is: a refusal.
const REFUSALS: &[&str] = &[
    "fail with",
    "fails with",
    "fail:",
    "be denied",
    "be rejected",
    "be refused",
    "be blocked",
    "be prevented",
    "prevent",
    "reject",
    "deny",
    "refuse",
    "block",
];

/// Words after the announcement that say the outcome did not come.
const CONTRARY: &[&str] = &[" but ", "instead", "however", " not ", "n't ", "never"];

/// Every refusal holds one of these (none with a space): a line without any announces none.
/// Checked first.
const STEMS: &[&str] = &[
    "fail", "deni", "deny", "reject", "refus", "block", "prevent",
];

/// Every modal holds one of these: a line without any announces nothing (the lines that hold
/// one are found by one scan of the paste per word; a 10 MB paste has some 200,000 lines, nearly
/// all without a modal).
const MODAL_WORDS: &[&str] = &["should", "must", "would", "will", "expected to"];

/// Whether `line` announces a refusal as its expected outcome.
fn announces(line: &str) -> bool {
    let l = format!(" {} ", line.to_ascii_lowercase());
    if !STEMS.iter().any(|s| l.contains(s)) {
        return false;
    }
    MODALS.iter().any(|m| {
        let mut from = 0;
        while let Some(i) = l[from..].find(&format!(" {m} ")) {
            let at = from + i + m.len() + 2;
            let rest = &l[at..];
            // The refusal follows the modal within a few words ("would prevent and prompt").
            let head: String = rest
                .split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ");
            if REFUSALS
                .iter()
                .any(|r| head.starts_with(r) || head.contains(&format!(" {r}")))
                && !CONTRARY
                    .iter()
                    .any(|c| rest.contains(c) && !quoted_after(rest, c))
            {
                return true;
            }
            from = at;
        }
        false
    })
}

/// A contrary word that only appears inside the quoted error (after a backtick or a colon)
/// does not count: the error's own words may say "not".
fn quoted_after(rest: &str, word: &str) -> bool {
    let quote = rest.find(['`', ':', '"']).unwrap_or(usize::MAX);
    rest.find(word).is_some_and(|w| w > quote)
}

/// The paste lines (1-based, inclusive) an announcement covers: its own line, and after it the
/// first quoted unit (blank lines and fences skipped, then lines up to a blank line or a fence).
/// Only the lines `modal` names (index, where it starts in `input`: those holding a modal word)
/// can announce; each is read with the lines after it, the paste is not split whole.
fn covered(input: &str, modal: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let is_modal: BTreeSet<usize> = modal.iter().map(|&(i, _)| i).collect();
    let announces_at = |j: usize, line: &str| is_modal.contains(&j) && announces(line);
    let mut spans = Vec::new();
    for &(i, start) in modal {
        let mut rest = input[start..].lines();
        if !rest.next().is_some_and(|l| announces_at(i, l)) {
            continue;
        }
        let mut end = i;
        let mut after = rest.enumerate().map(|(k, l)| (i + 1 + k, l)).peekable();
        while after.next_if(|&(_, l)| is_gap(l)).is_some() {}
        while let Some((j, _)) = after.next_if(|&(j, l)| !is_gap(l) && !announces_at(j, l)) {
            end = j;
        }
        spans.push((i + 1, end + 1));
    }
    spans
}

fn is_gap(l: &str) -> bool {
    let t = l.trim();
    t.is_empty() || t.starts_with("```")
}

/// Reads the signals inside an announced outcome as that outcome: noise.
pub fn settle(out: &mut ReadPaste, input: &str) {
    if !out.signals.iter().any(|s| s.layer.is_some()) {
        return;
    }
    let modal = scan::line_starts_holding_ignore_case(input, MODAL_WORDS);
    if modal.is_empty() {
        return;
    }
    let spans = covered(input, &modal);
    if spans.is_empty() {
        return;
    }
    for s in out.signals.iter_mut() {
        if s.layer.is_none() || !spans.iter().any(|&(a, b)| (a..=b).contains(&s.line)) {
            continue;
        }
        s.reread_as_noise(
            format!(
                "announced-outcome:{}",
                s.signature.as_deref().unwrap_or("unrecognised")
            ),
            "an error the paste announces as the expected outcome (a test plan's step)",
            "the line before or around this error says the system should refuse the \
                   request (\"should fail with\", \"would prevent\"): the refusal is the designed \
                   result being checked, not a fault; look elsewhere for one",
            vec!["compare the refusal with the outcome the step expects".into()],
        );
        s.source = "a test plan's or verification's wording (should/would + fail, deny, \
                    prevent)"
            .into();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_holds_a_stem() {
        for r in REFUSALS {
            assert!(STEMS.iter().any(|s| r.contains(s)), "{r}");
        }
    }

    #[test]
    fn every_modal_holds_a_modal_word() {
        for m in MODALS {
            assert!(MODAL_WORDS.iter().any(|w| m.contains(w)), "{m}");
        }
    }

    #[test]
    fn a_refusal_announced_is_read_and_a_contrary_one_is_not() {
        assert!(announces("- Create it again. It should fail with `denied`"));
        assert!(announces("the webhook would prevent and prompt message"));
        assert!(announces("Expected: the request must be rejected:"));
        assert!(!announces("It should work but fails with `denied`"));
        assert!(!announces(
            "the VM should fail with an error but it starts instead"
        ));
        assert!(!announces("the VM should boot"));
        assert!(!announces("I would like to know why it fails"));
    }
}
