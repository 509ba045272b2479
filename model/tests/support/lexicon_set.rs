//! The labelled pastes the learned reading is fitted on (shared by `tests/lexicon.rs` and
//! `examples/lexicon.rs`): `fixtures/real/` and every `fixtures/fresh/` batch that
//! `tests/fresh_corpus.rs` does not run as held out (`run_batch("batchN", _, true)`). The
//! includer also includes `support/corpus.rs` as `corpus`, whose item reading this shares.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use model::input::lexicon::{CLASSES, features, train};
use model::verdict::Layer;

#[derive(Debug, Clone)]
pub struct Item {
    pub batch: String,
    pub text: String,
    pub layer: Option<Layer>,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

pub fn weights_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/input/lexicon/weights.tsv")
}

/// The batches `fresh_corpus.rs` runs as held out.
pub fn held_out() -> Vec<String> {
    let src = std::fs::read_to_string(root().join("fresh_corpus.rs")).expect("fresh_corpus.rs");
    src.lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l.strip_prefix("run_batch(\"")?;
            let (batch, tail) = rest.split_once('"')?;
            tail.trim_end_matches(';')
                .trim_end_matches(')')
                .ends_with("true")
                .then(|| batch.to_string())
        })
        .collect()
}

/// The body and the expected layer of an item, as the corpus' judge reads them.
pub fn split(text: &str) -> (String, Option<Layer>) {
    let (body, header) = crate::corpus::split_item(text);
    (body, crate::corpus::expect(&header).layer)
}

fn items_of(dir: &Path, batch: &str) -> Vec<Item> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("fixture folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let (text, layer) = split(&std::fs::read_to_string(p).expect("item"));
            Item {
                batch: batch.to_string(),
                text,
                layer,
            }
        })
        .collect()
}

/// Every working-set item, batches in name order.
pub fn working_set() -> Vec<Item> {
    let fixtures = root().join("fixtures");
    let held = held_out();
    let mut out = items_of(&fixtures.join("real"), "real");
    let mut batches: Vec<String> = std::fs::read_dir(fixtures.join("fresh"))
        .expect("fresh")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().to_string())
        .filter(|b| !held.contains(b))
        .collect();
    batches.sort();
    for b in batches {
        out.extend(items_of(&fixtures.join("fresh").join(&b), &b));
    }
    out
}

/// The items of one batch.
pub fn batch(name: &str) -> Vec<Item> {
    items_of(&root().join("fixtures/fresh").join(name), name)
}

pub fn examples(items: &[Item]) -> Vec<train::Example> {
    items
        .iter()
        .map(|i| train::Example {
            features: features::of_text(&i.text),
            class: CLASSES.iter().position(|c| *c == i.layer).unwrap_or(0),
        })
        .collect()
}
