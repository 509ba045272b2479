//! The real-paste corpus (`tests/fixtures/real/*.txt`, see its README): every item goes through
//! the one pipeline and is judged by `support/corpus.rs` (layer, plane, keywords). Prints the
//! pass rate; passes only when every item does.

// The fresh corpus runner uses the rest of the judge (kinds of miss, their labels).
#[allow(dead_code)]
#[path = "support/corpus.rs"]
mod corpus;

use std::fs;
use std::path::Path;

#[test]
fn every_real_paste_is_diagnosed_as_expected() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/real");
    let mut items: Vec<_> = fs::read_dir(&dir)
        .expect("the corpus folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    items.sort();
    assert!(items.len() >= 71, "{} items", items.len());
    let mut failures = Vec::new();
    for p in &items {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let text = fs::read_to_string(p).expect("item");
        let j = corpus::judge(&text);
        if !j.passed() {
            failures.push(format!("{name}: {}", j.detail));
        }
    }
    let passed = items.len() - failures.len();
    println!(
        "real corpus: {passed}/{} items pass ({:.0}%)",
        items.len(),
        100.0 * passed as f64 / items.len() as f64
    );
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
