//! Properties of the whole paste pipeline (`input::analyse` and `strata diagnose`): random bytes,
//! random splices of real corpus items, and every item cut after every line go through without a
//! panic, the CLI's exit code is 0, 1 or 2, and every block's lines lie inside the paste. A large
//! paste (a few MB of mixed real items) completes. The fuzz target `model/fuzz` runs the same
//! body ([`model::input::fuzz::fuzz_one`]).

use model::cli::{CliOptions, diagnose_text};
use model::input::analyse;
use model::input::fuzz::fuzz_one;
use proptest::prelude::*;
use std::fs;
use std::path::Path;
use std::sync::OnceLock;

/// The corpus items without their header lines.
fn corpus() -> &'static [String] {
    static ITEMS: OnceLock<Vec<String>> = OnceLock::new();
    ITEMS.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/real");
        let mut paths: Vec<_> = fs::read_dir(dir)
            .expect("corpus")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        paths.sort();
        paths
            .iter()
            .map(|p| {
                let t = fs::read_to_string(p).expect("item");
                t.lines()
                    .filter(|l| !l.starts_with("# source:") && !l.starts_with("# expect:"))
                    .filter(|l| !l.starts_with("# note:"))
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .collect()
    })
}

fn check(input: &str) {
    let lines = input.lines().count().max(1);
    if let Ok(a) = analyse(input, None) {
        for b in &a.blocks {
            assert!(b.lines.first >= 1 && b.lines.first <= b.lines.last, "{b:?}");
            assert!(b.lines.last <= lines + 1, "{b:?} in {lines} lines");
        }
        for s in &a.signals {
            assert!(s.line >= 1 && s.line <= lines + 1, "{s:?}");
        }
        let _ = a.verdict();
        let _ = a.into_view();
    }
    let out = diagnose_text(input, &CliOptions::default());
    assert!((0..=2).contains(&out.exit_code));
    fuzz_one(input.as_bytes());
}

#[test]
fn every_item_cut_after_every_line_never_panics() {
    for item in corpus() {
        let lines: Vec<&str> = item.lines().collect();
        for n in 0..=lines.len() {
            check(&lines[..n].join("\n"));
        }
        // Cut mid-line too: half of the last line.
        if let Some(last) = lines.last() {
            let mut cut = last.len() / 2;
            while !last.is_char_boundary(cut) {
                cut -= 1;
            }
            check(&format!(
                "{}\n{}",
                lines[..lines.len() - 1].join("\n"),
                &last[..cut]
            ));
        }
    }
}

#[test]
fn a_large_mixed_paste_completes() {
    // A few MB of every item repeated: bounded here; the timing of a 10 MB paste is in
    // `cargo xtask bench`.
    let mut big = String::new();
    while big.len() < 3_000_000 {
        for item in corpus() {
            big.push_str(item);
            big.push_str("\n\n");
        }
    }
    let a = analyse(&big, None).expect("a large paste is read");
    assert!(!a.blocks.is_empty());
    assert!(a.signals.len() < 2_000, "{} signals", a.signals.len());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        fuzz_one(&bytes);
        check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_splices_of_corpus_items_never_panic(
        parts in prop::collection::vec((0usize..71, 0usize..200, 0usize..200), 1..6),
    ) {
        let items = corpus();
        let mut paste = String::new();
        for (i, from, len) in parts {
            let lines: Vec<&str> = items[i % items.len()].lines().collect();
            let from = from.min(lines.len());
            let to = (from + len).min(lines.len());
            paste.push_str(&lines[from..to].join("\n"));
            paste.push('\n');
        }
        check(&paste);
    }

    #[test]
    fn lines_shaped_like_pastes_never_panic(lines in prop::collection::vec(prop::sample::select(vec![
        "```", "```yaml", "$ kubectl get vmi", "[root@h ~]# virtctl console x", "",
        "status:", "  conditions:", "    Ready: {status: \"True\"}", "  migrationState:",
        "    failed: true", "- type: Ready", "  status: 'False'", "{\"component\":\"virt-handler\",",
        "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"x\"}", "NAME   AGE   PHASE",
        "web    1d    Running", "Events:", "  Type  Reason  Age  From  Message",
        "panic: runtime error", "goroutine 1 [running]:", "E0101 00:00:00.000000 1 x.go:1] err",
        "Error from server: admission webhook \"x\" denied the request: y", "# TYPE x gauge",
        "kubevirt_vmi_phase_count{phase=\"running\"} 1", "\t", "    ", "---", "{", "}", "[", "]",
    ]), 0..60)) {
        check(&lines.join("\n"));
    }
}
