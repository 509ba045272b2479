use super::*;
use std::collections::HashSet;

#[test]
fn every_entry_is_well_formed() {
    let mut seen = HashSet::new();
    for &(en, ja) in all() {
        assert!(seen.insert(en), "twice in the catalogue: {en}");
        let parts = template::parts(en);
        assert!(
            !parts
                .windows(2)
                .any(|w| !matches!(w[0], Part::Lit(_)) && !matches!(w[1], Part::Lit(_))),
            "two holes side by side: {en}"
        );
        let holes = parts.iter().filter(|p| !matches!(p, Part::Lit(_))).count();
        let mut named = template::named(ja);
        named.sort_unstable();
        named.dedup();
        assert_eq!(
            named,
            (0..holes).collect::<Vec<_>>(),
            "the Japanese names each hole once: {en} → {ja}"
        );
        assert!(
            crate::i18n::english_sentences(ja).is_empty(),
            "English left in the Japanese of {en}: {ja}"
        );
    }
}
