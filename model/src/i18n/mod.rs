//! The diagnosis in the reader's language. The model writes English; a page, the paste page or
//! the CLI asks for Japanese and gets each sentence from the catalogue ([`catalogue`]), keyed by
//! its English template with the variable parts (names, numbers, quoted messages) carried
//! through, so a specific finding stays specific. Applied where the text is produced for a
//! reader (the backend's answers and stream, the paste page's module, `strata diagnose --lang`),
//! never in the browser's main bundle. A sentence with no entry stays English;
//! [`english_sentences`] finds what is left, which the corpus test counts.

pub mod catalogue;
pub mod localize;
pub mod sentences;
pub mod template;

pub use localize::{localize_json, localize_summary};
pub use sentences::english_sentences;

pub use crate::wire::lang::Lang;

/// How deep text holes are translated in turn (a headline holds a title, which may hold a
/// phrase): a bound, so no input can recurse without end.
const DEPTH: usize = 4;

/// `text` in `lang`: the catalogue's Japanese when it knows the sentence (or, failing that,
/// each of its sentences), else the text as written.
pub fn tr(lang: Lang, text: &str) -> String {
    match lang {
        Lang::En => text.to_string(),
        Lang::Ja => ja(text).unwrap_or_else(|| text.to_string()),
    }
}

/// The Japanese of `text`, if the catalogue knows it whole or sentence by sentence. A whole
/// reading that leaves English yields to the sentence-by-sentence one that leaves less: a
/// template whose hole comes early (`The pod {} is …`) can match a sentence joined before it,
/// its hole swallowing that sentence (`The pod runs but … ready. The pod X is …`).
pub fn ja(text: &str) -> Option<String> {
    let Some(w) = whole(text, DEPTH) else {
        return by_sentence(text).map(|(j, _)| j);
    };
    let left = english_sentences(&w).len();
    if left > 0
        && let Some((each, true)) = by_sentence(text)
        && english_sentences(&each).len() < left
    {
        return Some(each);
    }
    Some(w)
}

/// The Japanese of `text` matched whole by one entry.
fn whole(text: &str, depth: usize) -> Option<String> {
    let trimmed = text.trim();
    if trimmed.is_empty() || depth == 0 {
        return None;
    }
    catalogue::lookup(trimmed, |hole| whole(hole, depth - 1)).or_else(|| list(trimmed, depth))
}

/// A list of known phrases (`guest, network`): each translated, joined by `、`.
fn list(text: &str, depth: usize) -> Option<String> {
    if !text.contains(", ") {
        return None;
    }
    let items: Option<Vec<String>> = text.split(", ").map(|p| whole(p, depth - 1)).collect();
    items.map(|i| i.join("、"))
}

/// Text of several sentences (`. ` then a capital): each sentence the catalogue knows is
/// translated, the others stay; `None` when none is known. With whether every one was known.
fn by_sentence(text: &str) -> Option<(String, bool)> {
    let pieces = sentences::split(text);
    if pieces.len() < 2 {
        return None;
    }
    let (mut any, mut every) = (false, true);
    let mut out = String::new();
    for p in pieces {
        match whole(p, DEPTH).or_else(|| whole(p.trim_end_matches('.'), DEPTH)) {
            Some(j) => {
                any = true;
                out.push_str(&j);
            }
            None => {
                every = false;
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(p.trim());
                out.push(' ');
            }
        }
    }
    any.then(|| (out.trim().to_string(), every))
}

#[cfg(test)]
mod tests;
