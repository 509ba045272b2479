//! The model's Japanese: one table per topic, each a list of (English template, Japanese)
//! pairs (see [`super::template`] for the holes). The English side is the template the code
//! writes, so a table is read beside the file that writes its sentences (named at the top of
//! each table).
//!
//! Lookup: a sentence with no hole is found by a map; the others by the first word of their
//! leading literal (templates that start with a hole are always tried), the longest template
//! first, so the more specific entry wins; of those that start with a hole, the ones with more
//! text holes first (their phrases must translate, so they claim less).

mod batch25;
mod console;
mod explain;
mod explain_more;
mod findings;
mod guest_output;
mod headline;
mod lexicon;
mod longhorn;
mod mechanisms;
mod migration;
mod paste;
mod readers;
mod reasons;
mod remedies;
mod remedies_more;
mod remedy_signals;
mod round15;
mod round16;
mod round17;
mod round18;
mod round19;
mod round20;
mod round21;
mod round22;
mod round23;
mod round24;
mod round25;
mod round26;
mod round27;
mod round28;
mod round29;
mod round30;
mod round31;
mod round32;
mod round33;
mod round34;
mod round35;
mod round36;
mod round37;
mod round38;
mod round39;
mod round40;
mod round42;
mod sig_api;
mod sig_control;
mod sig_guest;
mod sig_migration;
mod sig_node;
mod sig_storage;
mod signals;
mod state;
mod terms;
mod vocab;
mod vocab_a;
mod weighing;

use super::template::{self, Part};
use std::collections::HashMap;
use std::sync::OnceLock;

/// One entry: the English template and its Japanese.
pub type Entry = (&'static str, &'static str);

/// Every table, in one list.
pub fn all() -> impl Iterator<Item = &'static Entry> {
    [
        terms::TERMS,
        console::CONSOLE,
        headline::HEADLINE,
        findings::FINDINGS,
        reasons::REASONS,
        remedies::REMEDIES,
        signals::SIGNALS,
        explain::EXPLAIN,
        migration::MIGRATION,
        paste::PASTE,
        explain_more::EXPLAIN_MORE,
        readers::READERS,
        remedy_signals::REMEDY_SIGNALS,
        vocab::VOCAB,
        remedies_more::REMEDIES_MORE,
        sig_api::SIG_API,
        sig_control::SIG_CONTROL,
        sig_guest::SIG_GUEST,
        sig_migration::SIG_MIGRATION,
        sig_node::SIG_NODE,
        sig_storage::SIG_STORAGE,
        round15::ROUND15,
        round16::ROUND16,
        round17::ROUND17,
        round18::ROUND18,
        round19::ROUND19,
        round20::ROUND20,
        round21::ROUND21,
        round22::ROUND22,
        round23::ROUND23,
        round24::ROUND24,
        round25::ROUND25,
        round26::ROUND26,
        round27::ROUND27,
        round28::ROUND28,
        round29::ROUND29,
        round30::ROUND30,
        round31::ROUND31,
        round32::ROUND32,
        round33::ROUND33,
        round34::ROUND34,
        round35::ROUND35,
        round36::ROUND36,
        round37::ROUND37,
        round38::ROUND38,
        round39::ROUND39,
        round40::ROUND40,
        round42::ROUND42,
        lexicon::LEXICON,
        batch25::BATCH25,
        mechanisms::MECHANISMS,
        longhorn::LONGHORN,
        vocab_a::VOCAB_A,
        guest_output::GUEST_OUTPUT,
        weighing::WEIGHING,
        state::STATE,
    ]
    .into_iter()
    .flatten()
}

struct Index {
    exact: HashMap<&'static str, &'static str>,
    by_word: HashMap<&'static str, Vec<Compiled>>,
    open: Vec<Compiled>,
}

struct Compiled {
    parts: Vec<Part<'static>>,
    ja: &'static str,
}

/// The first word of a literal: what a sentence starting with it must start with.
fn first_word(s: &str) -> &str {
    s.split([' ', ':', ',', '(']).next().unwrap_or(s)
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut ix = Index {
            exact: HashMap::new(),
            by_word: HashMap::new(),
            open: Vec::new(),
        };
        for &(en, ja) in all() {
            let parts = template::parts(en);
            match parts.first() {
                Some(Part::Lit(l)) if parts.len() == 1 => {
                    ix.exact.entry(l).or_insert(ja);
                }
                // A literal that is all one word (`"` before a quoted hole) does not end the
                // sentence's first word: such a template is tried for every sentence.
                Some(Part::Lit(l)) if first_word(l).len() < l.len() => ix
                    .by_word
                    .entry(first_word(l))
                    .or_default()
                    .push(Compiled { parts, ja }),
                _ => ix.open.push(Compiled { parts, ja }),
            }
        }
        let literal_len = |c: &Compiled| -> usize {
            c.parts
                .iter()
                .map(|p| match p {
                    Part::Lit(l) => l.len(),
                    _ => 0,
                })
                .sum()
        };
        for list in ix.by_word.values_mut() {
            list.sort_by_key(|c| std::cmp::Reverse(literal_len(c)));
        }
        // Of the templates that start with a hole, those whose phrases must translate come
        // first: a leading data hole takes anything, a headline's name and finding included.
        let texts = |c: &Compiled| c.parts.iter().filter(|p| matches!(p, Part::Text)).count();
        ix.open.sort_by_key(|c| {
            (
                std::cmp::Reverse(texts(c)),
                std::cmp::Reverse(literal_len(c)),
            )
        });
        ix
    })
}

/// The Japanese of `s` by the first entry that matches it whole; a hole's value is passed
/// through `text` (which translates it in turn, `None` when it knows no translation): a text
/// hole always, a data hole when it holds a phrase (names hold no space), else it is carried
/// verbatim. Of several readings of `s`, the first whose text holes all translate wins; an
/// entry none of whose readings translates its text holes is passed over.
pub fn lookup(s: &str, text: impl Fn(&str) -> Option<String>) -> Option<String> {
    let ix = index();
    if let Some(ja) = ix.exact.get(s) {
        return Some(ja.to_string());
    }
    let candidates = ix.by_word.get(first_word(s)).into_iter().flatten();
    // A template whose Japanese is its English with data holes (`VirtualMachineInstance {}: {}`)
    // may render `s` unchanged, translating nothing: kept only when no other template does
    // better (`{} {}: {} (a value Strata does not know)` translates the same sentence's end).
    let mut unchanged = None;
    for c in candidates.chain(ix.open.iter()) {
        let readings = template::readings(&c.parts, s);
        let rendered: Vec<(bool, String)> = readings
            .iter()
            .map(|holes| render(c, holes, &text))
            .collect();
        // A template whose phrases do not translate in any reading is not this sentence's.
        let texts = c.parts.iter().any(|p| matches!(p, Part::Text));
        let best = match rendered.iter().position(|(all, _)| *all) {
            Some(i) => i,
            None if texts => continue,
            None => 0,
        };
        if let Some((_, out)) = rendered.into_iter().nth(best) {
            if out != s {
                return Some(out);
            }
            unchanged.get_or_insert(out);
        }
    }
    unchanged
}

/// One reading rendered, and whether every text hole translated.
fn render(c: &Compiled, holes: &[&str], text: &impl Fn(&str) -> Option<String>) -> (bool, String) {
    let kinds = c.parts.iter().filter(|p| !matches!(p, Part::Lit(_)));
    let mut all = true;
    let values: Vec<String> = holes
        .iter()
        .zip(kinds)
        .map(|(h, k)| match k {
            Part::Text => text(h).unwrap_or_else(|| {
                all = false;
                h.to_string()
            }),
            _ if h.contains(' ') => text(h).unwrap_or_else(|| h.to_string()),
            _ => h.to_string(),
        })
        .collect();
    // A phrase that ends a sentence of its own keeps its full stop; the template's does not
    // double it.
    (all, template::render(c.ja, &values).replace("。。", "。"))
}

#[cfg(test)]
mod tests;
