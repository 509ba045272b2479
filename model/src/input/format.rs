//! Recognising a block's format from its lines: component logs first (a log line is never an
//! object, even when its JSON has a `kind`), then panics, API errors, tables and events,
//! describe output, virtctl and drain output, Prometheus text; objects are tried last by
//! parsing. Every test is a bounded scan over the block's lines.

use super::blocks::Block;
use super::shapes::is_json_log_line;
use crate::scan::FastLines as _;
use crate::view::BlockFormat;

pub(super) use super::shapes::is_title_key;
pub use super::shapes::{is_klog_or_logfmt, is_table_header};

/// The needles each text format is known by, one group per format, in the order
/// [`recognise_text`] asks for them (by index: 0 panic, 1 webhook, 2 virtctl, 3 drain,
/// 4 Prometheus).
const PANIC: &[&str] = &[
    "panic: ",
    "goroutine ",
    "Observed a panic",
    "SIGSEGV",
    "[signal ",
];
const WEBHOOK: &[&str] = &[
    "admission webhook",
    "denied the request",
    "Error from server",
    "failed calling webhook",
    "is invalid:",
    "forbidden property",
];
const VIRTCTL: &[&str] = &[
    "Escape sequence is ^]",
    "Successfully connected to",
    "was scheduled to start",
];
const DRAIN: &[&str] = &["cordoned", "evicting pod", "error when evicting"];
const PROMETHEUS: &[&str] = &["# HELP ", "# TYPE "];
const GROUPS: [&[&str]; 5] = [PANIC, WEBHOOK, VIRTCTL, DRAIN, PROMETHEUS];

/// Which [`GROUPS`] have a needle somewhere in the block (bit `i` for group `i`): one scan of
/// the lines for all of them.
fn needle_groups(block: &Block<'_>) -> u8 {
    static AC: std::sync::OnceLock<(aho_corasick::AhoCorasick, Vec<u8>)> =
        std::sync::OnceLock::new();
    let (ac, group_of) = AC.get_or_init(|| {
        let needles: Vec<&str> = GROUPS.iter().flat_map(|g| g.iter().copied()).collect();
        let group_of = GROUPS
            .iter()
            .enumerate()
            .flat_map(|(i, g)| g.iter().map(move |_| i as u8))
            .collect();
        // Leftmost-first, so the search can use the packed (SIMD) prefilter.
        let ac = aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostFirst)
            .build(needles)
            .expect("fixed needles");
        (ac, group_of)
    });
    let all = (1u8 << GROUPS.len()) - 1;
    let mut bits = 0u8;
    // The leftmost match, then again from the byte after its start: every needle that starts
    // later is still found, and one that starts at the same byte holds the match's needle or is
    // held by it, which no needle of another group does (tested). The prefilter skips what a search of
    // every overlapping match steps through byte by byte. The block's lines as the paste holds
    // them are one search (no needle spans a line ending).
    let mut search = |hay: &str| {
        let mut from = 0;
        while let Some(m) = ac.find(aho_corasick::Input::new(hay).span(from..hay.len())) {
            bits |= 1 << group_of[m.pattern().as_usize()];
            if bits == all {
                break;
            }
            from = m.start() + 1;
        }
    };
    match block.span() {
        Some(span) => search(span),
        None => block.text.iter().for_each(|l| search(l)),
    }
    bits
}

/// At least half the block's lines (and one) are `f`: asked until the answer is known, as the
/// format of every block, however long, is asked this way first.
fn share(block: &Block<'_>, f: impl Fn(&str) -> bool) -> bool {
    let n = block.text.len();
    let mut hits = 0;
    for (k, l) in block.text.iter().enumerate() {
        if f(l) {
            hits += 1;
            if hits * 2 >= n {
                return true;
            }
        } else if (hits + n - k - 1) * 2 < n {
            return false;
        }
    }
    false
}

/// The format of a block, without trying to parse objects (see `pipeline` for that).
pub fn recognise_text(block: &Block<'_>) -> BlockFormat {
    let cmd = block.command.unwrap_or("");
    if share(block, is_json_log_line) || share(block, is_klog_or_logfmt) {
        return BlockFormat::ComponentLog;
    }
    let groups = needle_groups(block);
    let any = |group: usize| groups & (1 << group) != 0;
    if any(0) {
        return BlockFormat::PanicTrace;
    }
    if any(1) {
        return BlockFormat::WebhookDenial;
    }
    let first = block.text.first().copied().unwrap_or("");
    if is_table_header(first) {
        return if is_events_table_header(first) {
            BlockFormat::Events
        } else {
            BlockFormat::Table
        };
    }
    if first.trim_fast() == "Events:" || is_events_header(first) {
        return BlockFormat::Events;
    }
    // A describe's event rows cut above their header (`Warning  Failed  3m  kubelet  …`).
    if block
        .text
        .iter()
        .all(|l| super::event_row::event_row(l).is_some())
    {
        return BlockFormat::Events;
    }
    if is_describe(block) || is_commanded_describe(cmd, block) {
        return BlockFormat::Describe;
    }
    if cmd.starts_with("virtctl") || any(2) {
        return BlockFormat::Virtctl;
    }
    if cmd.contains(" drain ") || any(3) {
        return BlockFormat::Drain;
    }
    if any(4) {
        return BlockFormat::Prometheus;
    }
    BlockFormat::Unknown
}

/// A `kubectl get` header whose columns are an events listing's, as the table reader decides a
/// header's kind ([`super::table::header_kind`]: kubectl's event columns, `LAST SEEN`, or a
/// `REASON` beside an `OBJECT`). Other tables have a `REASON` column too (a Tekton
/// PipelineRun's `SUCCEEDED REASON`, a `Status` object's `STATUS REASON MESSAGE`, custom
/// resources' printer columns): their rows are no events.
fn is_events_table_header(first: &str) -> bool {
    use super::table::{header_columns, header_kind};
    header_kind(&header_columns(first), None) == Some(super::vocab::Kind::Event)
}

/// `Type  Reason  Age  From  Message` (the events table of a describe).
fn is_events_header(line: &str) -> bool {
    let t = line.trim_fast();
    t.starts_with("Type") && t.contains("Reason") && t.contains("Message")
}

/// `kubectl describe`: column-0 `Key:` lines such as `Name:`, `Namespace:`, `Status:`.
fn is_describe(block: &Block<'_>) -> bool {
    const KEYS: [&str; 6] = [
        "Name:",
        "Namespace:",
        "API Version:",
        "Api Version:",
        "Conditions:",
        "Events:",
    ];
    // Counted up to the two that decide; the aligned value is looked for only after one.
    let hits = block
        .text
        .iter()
        .filter(|l| KEYS.iter().any(|k| l.starts_with(k)))
        .take(2)
        .count();
    let aligned = || {
        block.text.iter().any(|l| {
            l.find(':')
                .is_some_and(|i| l[i + 1..].starts_with("  ") && !l[..i].contains(' '))
        })
    };
    hits >= 2
        || (hits >= 1 && aligned() && block.text.iter().any(|l| l.starts_with("  ")))
        || is_describe_section(block)
}

/// Under its own `kubectl describe` (or `oc describe`) command, a describe whose top the poster
/// elided (`.` or `...` lines for Name, Labels, Spec): the command says what the block is, so
/// two column-0 Title Case keys with a section under them suffice (kubectl's describers,
/// `staging/src/k8s.io/kubectl/pkg/describe/describe.go`, write `Status:`, `Events:` at
/// column 0 and their fields indented).
fn is_commanded_describe(cmd: &str, block: &Block<'_>) -> bool {
    let mut words = cmd.split_whitespace();
    let described =
        matches!(words.next(), Some("kubectl" | "oc" | "k")) && words.any(|w| w == "describe");
    if !described {
        return false;
    }
    let top = block
        .text
        .iter()
        .take(200)
        .filter_map(|l| {
            l.strip_suffix(':')
                .or_else(|| l.split_once(":  ").map(|(k, _)| k))
        })
        .filter(|k| !k.starts_with(' ') && is_title_key(k))
        .count();
    top >= 2 && block.text.iter().any(|l| l.starts_with("  "))
}

/// A describe cut at the top (starting at `Status:`, `Spec:` or mid-way): most of its `key:`
/// lines are Title Case words (`Last Probe Time:`, `Migration Method:`), which YAML objects never
/// have (their keys are camelCase), and at least one key is more than one word or a value is
/// describe's `<nil>` / `<none>`. Bounded: only the first 200 lines are looked at.
fn is_describe_section(block: &Block<'_>) -> bool {
    let (mut keys, mut titled, mut telling) = (0usize, 0usize, false);
    for line in block.text.iter().take(200) {
        let Some((key, value)) = line.trim_start_fast().split_once(':') else {
            continue;
        };
        if key.is_empty() || key.starts_with(['-', '"', '\'', '{', '[']) {
            continue;
        }
        keys += 1;
        if is_title_key(key) {
            titled += 1;
            let value = value.trim_fast();
            telling |= key.contains(' ') || value == "<nil>" || value == "<none>";
        }
    }
    titled >= 3 && titled * 10 >= keys * 6 && telling
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::blocks::split;

    /// What makes [`needle_groups`]'s restarted search exact: only a needle starting where the
    /// found one starts is missed (one holds the other), and no needle holds one of another
    /// group.
    #[test]
    fn no_needle_holds_one_of_another_group() {
        for (i, a) in GROUPS.iter().enumerate() {
            for (j, b) in GROUPS.iter().enumerate() {
                for a in a.iter().filter(|_| i != j) {
                    for b in *b {
                        assert!(!a.contains(b), "{a:?} holds {b:?}");
                    }
                }
            }
        }
        for n in GROUPS.iter().flat_map(|g| g.iter()) {
            assert!(!n.contains(['\n', '\r']), "{n:?}");
        }
    }

    /// A block whose lines are the paste's own is searched whole; cut from their paste (a
    /// quoted line, unwrapped text), line by line: the formats are the same.
    #[test]
    fn a_block_searched_whole_or_by_line_has_one_format() {
        let texts = [
            "x\npanic: boom\ngoroutine 1 [running]:",
            "Error from server (Forbidden): admission webhook \"x\" denied the request",
            "node/n1 cordoned\nevicting pod default/virt-launcher-a\nerror when evicting pods",
            "# HELP kubevirt_vmi x\n# TYPE kubevirt_vmi gauge",
            "Successfully connected to vm console. The escape sequence is ^]",
            "Observed a panic: boom\nis invalid: spec",
            "plain text\r\nwith CRLF endings and cordoned",
            // Needles of two groups overlapping: both found.
            "Observed a panicordoned",
            "Error from servercordoned [signal x",
        ];
        for t in texts {
            let block = split(t).into_iter().next().unwrap();
            assert!(block.span().is_some(), "{t:?}");
            let owned: Vec<String> = block.text.iter().map(|l| l.to_string()).collect();
            let cut = Block {
                text: owned.iter().map(String::as_str).collect(),
                ..block.clone()
            };
            assert!(cut.span().is_none());
            // Every overlapping match of every line, the search this one stands for.
            let all = aho_corasick::AhoCorasick::new(GROUPS.iter().flat_map(|g| g.iter())).unwrap();
            let groups: Vec<usize> = GROUPS.iter().map(|g| g.len()).collect();
            let group_of = |p: usize| (0..).find(|&i| groups[..=i].iter().sum::<usize>() > p);
            let every = block
                .text
                .iter()
                .flat_map(|l| all.find_overlapping_iter(*l).collect::<Vec<_>>())
                .fold(0u8, |b, m| {
                    b | 1 << group_of(m.pattern().as_usize()).unwrap()
                });
            assert_eq!(needle_groups(&block), every, "{t:?}");
            assert_eq!(needle_groups(&cut), every, "{t:?}");
            assert_eq!(recognise_text(&block), recognise_text(&cut), "{t:?}");
        }
    }

    fn format_of(text: &str) -> BlockFormat {
        recognise_text(&split(text)[0])
    }

    #[test]
    fn every_text_format_is_recognised() {
        let log = r#"{"component":"virt-handler","kind":"VirtualMachineInstance","level":"error","msg":"x"}"#;
        assert_eq!(format_of(log), BlockFormat::ComponentLog);
        assert_eq!(
            format_of("E0101 00:00:00.1 1 x.go:1] boom"),
            BlockFormat::ComponentLog
        );
        assert_eq!(
            format_of("panic: nil\ngoroutine 1 [running]:"),
            BlockFormat::PanicTrace
        );
        assert_eq!(
            format_of("Error from server: admission webhook \"a\" denied the request: b"),
            BlockFormat::WebhookDenial
        );
        assert_eq!(
            format_of("NAME   AGE   PHASE\nweb    1d    Running"),
            BlockFormat::Table
        );
        assert_eq!(
            format_of("LAST SEEN   TYPE   REASON   OBJECT   MESSAGE\n1m  Warning  Migrated  x  y"),
            BlockFormat::Events
        );
        assert_eq!(
            format_of("Events:\n  Type  Reason  Age  From  Message"),
            BlockFormat::Events
        );
        assert_eq!(
            format_of("Name:         web\nNamespace:    prod\nStatus:\n  Phase:  Running"),
            BlockFormat::Describe
        );
        assert_eq!(
            format_of("Successfully connected to web console. The escape sequence is ^]"),
            BlockFormat::Virtctl
        );
        assert_eq!(
            format_of("node/n1 cordoned\nevicting pod a/b"),
            BlockFormat::Drain
        );
        assert_eq!(
            format_of("# HELP x y\n# TYPE x gauge\nx 1"),
            BlockFormat::Prometheus
        );
        assert_eq!(format_of("hello there"), BlockFormat::Unknown);
    }

    #[test]
    fn a_describe_cut_at_status_is_still_describe() {
        // The top of a `kubectl describe vmi` (Name, Namespace, Metadata) cut away.
        let cut = "Status:\n  Conditions:\n    Last Probe Time:       <nil>\n    \
            Last Transition Time:  <nil>\n    Status:                True\n    \
            Type:                  LiveMigratable\n  Migration Method:  BlockMigration\n  \
            Node Name:         node01\n  Phase:             Running";
        assert_eq!(format_of(cut), BlockFormat::Describe);
        // A describe cut mid-way, starting in an indented section.
        let mid = "    State:          Waiting\n      Reason:       PodInitializing\n    \
            Ready:          False\n    Restart Count:  0\n    Limits:\n      cpu:     15m";
        assert_eq!(format_of(mid), BlockFormat::Describe);
        // YAML status blocks stay objects (camelCase keys).
        let yaml = "status:\n  conditions:\n  - lastProbeTime: null\n    status: \"True\"\n    \
            type: Ready\n  migrationMethod: BlockMigration\n  phase: Running";
        assert_eq!(format_of(yaml), BlockFormat::Unknown);
    }
}
