//! The learned reading (`model::input::lexicon`): its committed table is a fresh fit of the
//! working sets and of nothing held out, and it is a hint beside the rules, never a verdict.

#[path = "support/corpus.rs"]
#[allow(dead_code)]
mod corpus;
#[path = "support/lexicon_set.rs"]
mod lexicon_set;

use model::input::lexicon::train;

#[test]
fn the_committed_weights_are_a_fresh_fit_of_the_working_sets() {
    let set = lexicon_set::working_set();
    let table = train::fit(&lexicon_set::examples(&set), train::PARAMS);
    let committed = std::fs::read_to_string(lexicon_set::weights_path()).expect("weights.tsv");
    assert!(
        committed == table.to_tsv(),
        "weights.tsv is stale: `cargo run --release -p model --example lexicon -- write`"
    );
}

#[test]
fn no_held_out_batch_is_fitted() {
    // Read a second way: every `run_batch("batchN", M, true)` call of the corpus runner.
    let runner = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fresh_corpus.rs"
    ))
    .expect("fresh_corpus.rs");
    let calls = runner.matches(", true);").count();
    let held = lexicon_set::held_out();
    assert_eq!(held.len(), calls, "{held:?}");
    assert!(held.iter().any(|b| b == "batch42"), "{held:?}");
    let set = lexicon_set::working_set();
    assert!(set.len() > 1000, "{}", set.len());
    assert!(set.iter().all(|i| !held.contains(&i.batch)));
}

fn analyse(paste: &str) -> model::input::Analysis {
    model::input::analyse(paste, None).expect("read")
}

#[test]
fn error_lines_no_rule_places_get_the_words_hint_and_no_layer() {
    // A working-set paste (so in the fit) whose error lines no rule places: a launcher's
    // memory cgroup OOM told by `ps` and a kernel line.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/fresh/batch18/016-multi-harvester-vm-cgroup-oom-launcher-memory-limit-ps-rss.txt"
    );
    let (paste, _) = lexicon_set::split(&std::fs::read_to_string(path).expect("item"));
    let a = analyse(&paste);
    let v = a.verdict();
    assert_eq!(v.layer, None, "{v:?}");
    assert!(
        v.title
            .contains("node/launcher was at fault (a learned reading"),
        "{v:?}"
    );
    assert!(v.title.contains("a hint, not a finding"), "{v:?}");
    let notes = a.into_view().notes;
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("error lines no rule places: their words")),
        "{notes:?}"
    );
}

#[test]
fn a_paste_the_rules_place_or_a_healthy_one_gets_no_hint() {
    for paste in [
        "NAME   AGE   STATUS    READY\ntestvm  5m   Running   True\n",
        "{\"component\":\"virt-handler\",\"level\":\"error\",\"msg\":\"Synchronizing the VirtualMachineInstance failed.\",\"reason\":\"failed to sync: connection refused\",\"pos\":\"vm.go:1693\"}\n",
    ] {
        let v = analyse(paste).verdict();
        assert!(!v.title.contains("learned reading"), "{v:?}");
    }
}
