//! The YAML fast path (`input::fast_yaml`) reads exactly what serde-saphyr reads, wherever it
//! accepts a document: on every fixture, every real corpus item, each of their blocks, every
//! prefix of them (a paste cut after any line), a generated `kubectl get -o yaml` dump, and
//! random documents built from kubectl's shapes and the scalars whose type is easy to get wrong.

use model::input::blocks::split;
use model::input::documents::split_yaml_documents;
use model::input::fast_yaml::document;
use proptest::prelude::*;
use serde_json::Value;
use std::fs;
use std::path::Path;

/// Checks every document of `text` the fast path accepts; returns how many it accepted.
fn agree(text: &str) -> usize {
    let mut accepted = 0;
    for (line, doc) in split_yaml_documents(text) {
        if let Some(fast) = document(&doc) {
            accepted += 1;
            let full = serde_saphyr::from_str::<Value>(&doc);
            assert!(
                matches!(&full, Ok(v) if *v == fast),
                "document at line {line} read differently:\n{doc}\nfast: {fast}\nfull: {full:?}"
            );
        }
    }
    accepted
}

fn files() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut out = Vec::new();
    for dir in [root.clone(), root.join("real")] {
        let mut paths: Vec<_> = fs::read_dir(&dir)
            .expect("fixtures")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        out.extend(
            paths
                .iter()
                .map(|p| fs::read_to_string(p).expect("fixture")),
        );
    }
    out
}

#[test]
fn every_fixture_and_corpus_item_reads_alike() {
    let mut accepted = 0;
    for text in files() {
        accepted += agree(&text);
        for block in split(&text) {
            accepted += agree(&block.joined());
            let min = block
                .text
                .iter()
                .filter(|l| !l.trim().is_empty())
                .map(|l| l.len() - l.trim_start().len())
                .min()
                .unwrap_or(0);
            let dedented: Vec<&str> = block
                .text
                .iter()
                .map(|l| l.get(min..).unwrap_or(l.trim_start()))
                .collect();
            accepted += agree(&dedented.join("\n"));
        }
        let lines: Vec<&str> = text.lines().collect();
        for n in 1..lines.len() {
            agree(&lines[..n].join("\n"));
        }
    }
    // The fixtures are mostly kubectl's YAML: the fast path must take most of them.
    assert!(
        accepted > 60,
        "the fast path accepted only {accepted} documents"
    );
}

#[test]
fn a_generated_kubectl_dump_is_read_alike_and_fast() {
    let mut dump = String::new();
    for i in 0..50 {
        dump.push_str(&format!(
            "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: virt-launcher-vm-{i}\n  \
             namespace: ns{}\n  labels:\n    kubevirt.io/created-by: vmi-{i}\n  annotations: {{}}\n\
             spec:\n  containers:\n  - name: compute\n    args:\n    - --qemu-timeout\n    - 240s\n    \
             resources:\n      requests:\n        memory: 1Gi\n        cpu: 100m\nstatus:\n  \
             phase: Running\n  podIP: 10.0.{i}.5\n  conditions:\n    - type: Ready\n      \
             status: \"True\"\n      lastProbeTime: null\n  userData: |\n    #cloud-config\n    \
             password: x\n\n    chpasswd: {{ expire: False }}\n  restartCount: {i}\n",
            i % 7
        ));
    }
    assert_eq!(agree(&dump), 50);
}

/// Scalars as a hand writes them, many of them booleans, nulls or numbers in YAML.
fn tricky() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(
            vec![
                "Running",
                "true",
                "True",
                "no",
                "N",
                "y",
                "on",
                "Off",
                "null",
                "~",
                "NULL",
                "0",
                "01",
                "-1",
                "+1",
                "1.5",
                "1e3",
                ".inf",
                "-.inf",
                "NaN",
                "0x1F",
                "0o17",
                "1_000",
                "10.0.0.5",
                "100Mi",
                "3d",
                "12:30",
                "2024-05-01",
                "--flag",
                "-x",
                "-",
                "a b",
                "a #b",
                "a: b",
                "a:b",
                "\"q\"",
                "'it''s'",
                "\"a\\tb\"",
                "'x'",
                "\"\"",
                "''",
                "/var/run",
                "{}",
                "[]",
                "[a]",
                "{a: 1}",
                "&a x",
                "*a",
                "!!str 1",
                "|",
                "|-",
                ">",
                "99999999999999999999",
                "-0",
                "0.0.1",
                "inf",
                "Infinity",
                "yes",
                "1d",
                "1:20",
            ]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>()
        ),
        "[a-zA-Z0-9 ._/:#'\"-]{0,12}",
    ]
}

/// Mostly what kubectl writes (words, quoted text, numbers), sometimes a [`tricky`] one.
fn scalar() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => "[a-z][a-zA-Z0-9./-]{0,10}",
        2 => "[a-zA-Z0-9 :#,{}-]{0,10}".prop_map(|s| format!("\"{s}\"")),
        1 => "[a-zA-Z0-9 :#\"-]{0,10}".prop_map(|s| format!("'{s}'")),
        1 => any::<i32>().prop_map(|n| n.to_string()),
        3 => tricky(),
    ]
}

/// A YAML tree as kubectl lays it out.
#[derive(Debug, Clone)]
enum Node {
    Scalar(String),
    Block(String, String),
    Map(Vec<(String, Node)>),
    Seq(Vec<Node>),
}

fn node() -> impl Strategy<Value = Node> {
    let leaf = prop_oneof![
        4 => scalar().prop_map(Node::Scalar),
        1 => (scalar(), scalar()).prop_map(|(a, b)| Node::Block(a, b)),
    ];
    leaf.prop_recursive(4, 40, 5, |inner| {
        prop_oneof![
            prop::collection::vec((scalar(), inner.clone()), 1..5).prop_map(Node::Map),
            prop::collection::vec(inner, 1..4).prop_map(Node::Seq),
        ]
    })
}

/// `node` written at `indent`, after `head` (`key:` or `-`); sequences in mappings are written
/// compact (at the key's indentation) when `compact`.
fn render(n: &Node, head: &str, indent: usize, compact: bool, out: &mut String) {
    let pad = " ".repeat(indent);
    match n {
        Node::Scalar(v) => out.push_str(&format!("{pad}{head} {v}\n")),
        Node::Block(a, b) => out.push_str(&format!("{pad}{head} |\n{pad}  {a}\n\n{pad}  {b}\n")),
        Node::Map(entries) => {
            out.push_str(&format!("{pad}{head}\n"));
            for (k, v) in entries {
                let key: String = k.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
                let key = format!("{}{key}:", if key.is_empty() { "k" } else { "" });
                let inner = match v {
                    Node::Seq(_) if compact => indent + 2,
                    _ => indent + 2,
                };
                render(v, &key, inner, compact, out);
            }
        }
        Node::Seq(items) => {
            out.push_str(&format!("{pad}{head}\n"));
            let at = if compact { indent } else { indent + 2 };
            for v in items {
                render(v, "-", at, compact, out);
            }
        }
    }
}

/// A document: a mapping of [`node`]s, with a comment or blank line here and there.
fn doc() -> impl Strategy<Value = String> {
    (
        prop::collection::vec((scalar(), node()), 1..6),
        any::<bool>(),
        prop::collection::vec((0usize..60, any::<bool>()), 0..3),
    )
        .prop_map(|(entries, compact, extra)| {
            let mut text = String::new();
            render(&Node::Map(entries), "root:", 0, compact, &mut text);
            let mut lines: Vec<String> = text.lines().map(String::from).collect();
            for (at, comment) in extra {
                let at = at % (lines.len() + 1);
                lines.insert(
                    at,
                    if comment {
                        "# note".into()
                    } else {
                        String::new()
                    },
                );
            }
            lines.join("\n")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn random_documents_read_alike(d in doc()) {
        agree(&d);
    }
}

#[test]
fn random_documents_are_mostly_in_the_subset() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let accepted = (0..500)
        .filter(|_| agree(&doc().new_tree(&mut runner).unwrap().current()) > 0)
        .count();
    assert!(
        accepted > 50,
        "only {accepted} of 500 random documents were in the subset"
    );
}
