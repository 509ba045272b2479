//! The features the learned reading weighs: the words of a paste and the pairs of neighbouring
//! words in a line, each counted once. Written by hand (a dozen lines) because the reading
//! and its trainer must cut text the same way on every target, wasm included.

use std::collections::BTreeSet;

/// The shortest and longest word kept: shorter ones are mostly units and flags, longer ones
/// hashes, UIDs and base64.
const MIN_WORD: usize = 3;
const MAX_WORD: usize = 32;

/// The words of one line, lowercased: runs of ASCII letters, digits, `_` and `-` that start with
/// a letter and are [`MIN_WORD`] to [`MAX_WORD`] bytes long (numbers, hashes and single letters
/// left out).
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !is_word_byte(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && is_word_byte(bytes[i]) {
            i += 1;
        }
        let run = &line[start..i];
        if bytes[start].is_ascii_alphabetic() && (MIN_WORD..=MAX_WORD).contains(&run.len()) {
            out.push(run.to_ascii_lowercase());
        }
    }
    out
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// A line's features: its words and each pair of neighbouring words joined by `|`.
pub fn of_line(line: &str, into: &mut BTreeSet<String>) {
    let ws = words(line);
    for pair in ws.windows(2) {
        into.insert(format!("{}|{}", pair[0], pair[1]));
    }
    into.extend(ws);
}

/// A text's features, each once, in order.
pub fn of_text(text: &str) -> Vec<String> {
    let mut set = BTreeSet::new();
    for line in text.lines() {
        of_line(line, &mut set);
    }
    set.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_lowercased_runs_that_start_with_a_letter() {
        assert_eq!(
            words("E1203 virt-handler: Failed to sync vmi_7 (0xdeadbeef) at 10.0.0.1 ok"),
            ["e1203", "virt-handler", "failed", "sync", "vmi_7"]
        );
        let long = "a".repeat(MAX_WORD + 1);
        assert!(words(&long).is_empty());
    }

    #[test]
    fn a_text_gives_each_word_and_pair_once() {
        let f = of_text("disk pressure\ndisk pressure again\n");
        assert_eq!(
            f,
            [
                "again",
                "disk",
                "disk|pressure",
                "pressure",
                "pressure|again"
            ]
        );
    }
}
