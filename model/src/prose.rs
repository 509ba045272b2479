//! Free text joined into sentences: a cluster's message or a signal's cause, then Strata's own
//! explanation, each a sentence of its own (so each is found and translated alone).

/// `first`, then `then`, as two sentences: a full stop added after `first` unless it ends one
/// already; `then` alone when `first` is blank.
pub fn then(first: &str, then: &str) -> String {
    let f = first.trim();
    if f.is_empty() {
        then.to_string()
    } else if f.ends_with(['.', '!', '?']) {
        format!("{f} {then}")
    } else {
        format!("{f}. {then}")
    }
}

#[cfg(test)]
mod tests {
    use super::then;

    #[test]
    fn each_part_is_a_sentence_of_its_own() {
        assert_eq!(
            then("no nodes available", "Why."),
            "no nodes available. Why."
        );
        assert_eq!(then(" It failed! ", "Why."), "It failed! Why.");
        assert_eq!(then("Done?", "Why."), "Done? Why.");
        assert_eq!(then("  ", "Why."), "Why.");
    }
}
