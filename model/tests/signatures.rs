//! The signature catalogue, one entry at a time: every signature's example line (a real or
//! source-shaped line) matches that signature and no other, every entry names its source, a
//! title and a cause, and the catalogue holds at least 60 entries.

use model::signatures::{catalogue, count_by_layer, match_line};

#[test]
fn every_signature_matches_its_own_example() {
    let mut wrong = Vec::new();
    for s in catalogue() {
        assert!(!s.example.is_empty(), "{} has no example line", s.id);
        assert!(!s.source.is_empty(), "{} names no source", s.id);
        assert!(
            !s.title.is_empty() && !s.cause.is_empty(),
            "{} says nothing",
            s.id
        );
        match match_line(s.example) {
            Some(m) if m.id == s.id => {}
            Some(m) => wrong.push(format!("{}: its example matched {}", s.id, m.id)),
            None => wrong.push(format!("{}: its example matched nothing", s.id)),
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[test]
fn the_catalogue_is_large_and_ids_are_unique() {
    let all = catalogue();
    assert!(all.len() >= 60, "{} signatures", all.len());
    let mut ids: Vec<&str> = all.iter().map(|s| s.id).collect();
    ids.sort_unstable();
    let n = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), n, "duplicate ids");
    let by_layer = count_by_layer();
    println!("signatures by layer: {by_layer:?}");
    assert_eq!(by_layer.iter().map(|(_, n)| n).sum::<usize>(), all.len());
}

#[test]
fn an_unknown_line_matches_nothing() {
    assert!(match_line("hello world").is_none());
    assert!(match_line("").is_none());
}
