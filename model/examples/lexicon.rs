//! `cargo run -p model --example lexicon -- write|check|cv|held|stack|stack-held`: fits the
//! learned reading (`model::input::lexicon`) on the labelled pastes of the working sets: `tests/fixtures/real/`
//! and every `tests/fixtures/fresh/` batch that `tests/fresh_corpus.rs` does not run as held out.
//! `write` writes `src/input/lexicon/weights.tsv`; `check` fails when it differs from a fresh fit
//! (`tests/lexicon.rs` runs the same check); `cv` prints each working batch's score when the
//! reading is fitted without it (leave one batch out), the figure to tune the fit by, since it
//! never looks at a held-out batch. `held` prints the held-out figures only; `stack` (working
//! sets, the words fitted without each item's batch) and `stack-held` print, by the kind of
//! finding the rules' verdict rests on, how often the rules and the words are right.

#[path = "../tests/support/corpus.rs"]
#[allow(dead_code)]
mod corpus;
#[path = "../tests/support/lexicon_set.rs"]
mod lexicon_set;

use model::input::lexicon::{self, train};

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let set = lexicon_set::working_set();
    match mode.as_str() {
        "write" => {
            let table = train::fit(&lexicon_set::examples(&set), train::PARAMS);
            std::fs::write(lexicon_set::weights_path(), table.to_tsv()).expect("weights.tsv");
            println!("{} features from {} pastes", table.weights.len(), set.len());
        }
        "check" => {
            let table = train::fit(&lexicon_set::examples(&set), train::PARAMS);
            let committed =
                std::fs::read_to_string(lexicon_set::weights_path()).expect("weights.tsv");
            assert!(
                committed == table.to_tsv(),
                "weights.tsv is stale: run `write`"
            );
            println!("weights.tsv matches a fresh fit");
        }
        "cv" => cross_validate(&set),
        "held" => held_out(),
        "stack" => stack(&set, None),
        "stack-held" => {
            let held: Vec<_> = lexicon_set::held_out()
                .iter()
                .flat_map(|b| lexicon_set::batch(b))
                .collect();
            stack(&held, Some(lexicon_set::examples(&set)))
        }
        _ => eprintln!("usage: lexicon write|check|cv|held|stack|stack-held"),
    }
}

fn cross_validate(set: &[lexicon_set::Item]) {
    let mut batches: Vec<&str> = set.iter().map(|i| i.batch.as_str()).collect();
    batches.dedup();
    let (mut right, mut total) = (0, 0);
    for b in batches {
        let train_on: Vec<_> = set.iter().filter(|i| i.batch != b).cloned().collect();
        let table = train::fit(&lexicon_set::examples(&train_on), params());
        let mut r = 0;
        let test: Vec<_> = set.iter().filter(|i| i.batch == b).collect();
        for i in &test {
            let class = lexicon::read_with(&i.text, &table).and_then(|w| w.likeliest().0);
            r += usize::from(class == i.layer);
        }
        println!("{b}: {r}/{}", test.len());
        right += r;
        total += test.len();
    }
    println!("leave one batch out: {right}/{total}");
}

/// The fit's parameters, each overridable for `cv` (`EPOCHS`, `RATE`, `DECAY`, `MIN_EXAMPLES`).
fn params() -> train::Params {
    fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }
    let d = train::PARAMS;
    train::Params {
        epochs: env("EPOCHS", d.epochs),
        rate: env("RATE", d.rate),
        decay: env("DECAY", d.decay),
        min_examples: env("MIN_EXAMPLES", d.min_examples),
    }
}

/// Figures only (never an item) on the held-out batches: how often the rules, the committed
/// reading alone, and the rules with the words' hint taken where they blame nothing (what the
/// verdict would score if the hint were a verdict) are right.
fn held_out() {
    let mut sums = [0usize; 4];
    for b in lexicon_set::held_out() {
        let items = lexicon_set::batch(&b);
        let mut row = [items.len(), 0, 0, 0];
        for i in &items {
            let a = model::input::analyse(&i.text, None).ok();
            let rules = a.as_ref().and_then(|a| a.verdict().layer);
            let hint = a
                .as_ref()
                .and_then(|a| a.words.as_ref())
                .and_then(lexicon::suggestion)
                .map(|(l, _)| l);
            let words = lexicon::read(&i.text).and_then(|w| w.likeliest().0);
            row[1] += usize::from(rules == i.layer);
            row[2] += usize::from(words == i.layer);
            row[3] += usize::from(rules.or(hint) == i.layer);
        }
        println!(
            "{b}: of {}, rules {}, words {}, hint taken {}",
            row[0], row[1], row[2], row[3]
        );
        for k in 0..4 {
            sums[k] += row[k];
        }
    }
    println!(
        "all: of {}, rules {}, words {}, hint taken {}",
        sums[0], sums[1], sums[2], sums[3]
    );
}

/// What kind of finding the rules' verdict rests on.
fn kind_of(v: &model::input::Verdict, a: &model::input::Analysis) -> &'static str {
    if v.layer.is_none() {
        let unnamed = a
            .signals
            .iter()
            .any(|s| s.layer.is_none() && s.title == model::input::lines::UNNAMED_TITLE);
        return if unnamed { "none+unnamed" } else { "none" };
    }
    if v.title.starts_with("an unrecognised ") || v.title.contains("(inferred") {
        "fallback"
    } else {
        "signature"
    }
}

/// Working sets, words fitted without the item's batch: by the kind of the rules' verdict,
/// how often the rules and the words are right (and the words above each probability).
fn stack(set: &[lexicon_set::Item], fixed: Option<Vec<train::Example>>) {
    let mut batches: Vec<&str> = set.iter().map(|i| i.batch.as_str()).collect();
    batches.dedup();
    let ts = [0.0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
    // Per kind: items, rules right, and per threshold (right, words used).
    type Row = (usize, usize, Vec<(usize, usize)>);
    let mut rows: std::collections::BTreeMap<&str, Row> = Default::default();
    for b in batches {
        let table = match &fixed {
            Some(ex) => train::fit(ex, params()),
            None => {
                let train_on: Vec<_> = set.iter().filter(|i| i.batch != b).cloned().collect();
                train::fit(&lexicon_set::examples(&train_on), params())
            }
        };
        for i in set.iter().filter(|i| i.batch == b) {
            let Ok(a) = model::input::analyse(&i.text, None) else {
                continue;
            };
            let v = a.verdict();
            let k = kind_of(&v, &a);
            let w = lexicon::read_with(&i.text, &table).map(|w| w.likeliest());
            let row = rows.entry(k).or_insert((0, 0, vec![(0, 0); ts.len()]));
            row.0 += 1;
            row.1 += usize::from(v.layer == i.layer);
            for (n, t) in ts.iter().enumerate() {
                // words taken when at least t likely, else the rules
                let taken = match w {
                    Some((l, p)) if p >= *t => l,
                    _ => v.layer,
                };
                row.2[n].0 += usize::from(taken == i.layer);
                row.2[n].1 += usize::from(matches!(w, Some((_, p)) if p >= *t));
            }
        }
    }
    for (k, (n, r, ws)) in rows {
        let cells: Vec<String> = ts
            .iter()
            .zip(&ws)
            .map(|(t, (right, used))| format!("w>={t}: {right} ({used} used)"))
            .collect();
        println!("{k}: of {n}, rules {r}; {}", cells.join("; "));
    }
}
