//! Third-party strings found in a printed line with their format verbs filled in. A source
//! string (`failed to attach volume %v to node %v: %v`) is cut into its literal pieces at every
//! verb, quote and line break ([`pieces`]); its longest piece is its *anchor*. One Aho-Corasick
//! pass over the line finds every anchor's start (its first 16 bytes) it holds; a string
//! matches when its whole anchor is there and its other pieces occur in order before and after
//! it. The generator keeps only strings whose anchor has 16 characters and 3 words, whose
//! pieces have 20 and two words besides the generic ones (`xtask/src/catalog/third_party.rs`),
//! so `failed to %s` or `failed to get volume %v` never matches. Among the strings a line matches, those with the most
//! literal text win (the most specific), all of them returned: several programs or files may
//! write the same words.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

use super::third_party::{PINS, TABLES};
use super::{Pattern, Pin};

/// The literal pieces of a format string: cut at every format verb (`%v`, `%-10s`, `%.2f`,
/// `%llu`, `%%`), quote, backslash, backquote, tab and line break, each trimmed; pieces shorter
/// than 3 characters dropped.
pub fn pieces(format: &str) -> Vec<&str> {
    let b = format.as_bytes();
    let mut out = Vec::new();
    let (mut start, mut i) = (0, 0);
    let mut flush = |from: usize, to: usize| {
        let t = format[from..to].trim();
        if t.chars().count() >= 3 {
            out.push(t);
        }
    };
    while i < b.len() {
        match b[i] {
            b'%' => {
                flush(start, i);
                i += 1;
                while i < b.len() {
                    let n = b[i];
                    i += 1;
                    if n == b'%' || (n.is_ascii_alphabetic() && !b"lhzjt".contains(&n)) {
                        break;
                    }
                }
                start = i;
            }
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | b'`' => {
                flush(start, i);
                i += 1;
                start = i;
            }
            _ => i += 1,
        }
    }
    flush(start, b.len());
    out
}

/// One string ready to match: its pieces and which is the anchor.
struct Compiled {
    row: &'static Pattern,
    pieces: Vec<&'static str>,
    anchor: usize,
    /// The literal characters its pieces hold together: the more, the more specific.
    weight: usize,
}

struct Index {
    ac: AhoCorasick,
    /// Key id → the strings whose anchor starts with it.
    by_anchor: Vec<Vec<u32>>,
    compiled: Vec<Compiled>,
}

/// The pinned source a third-party row's file comes from (by the prefix of its path).
pub fn third_party_pin(file: &str) -> Option<Pin> {
    PINS.iter()
        .find(|(prefix, _)| file.starts_with(prefix))
        .map(|(_, pin)| *pin)
}

/// Every generated row, in table order.
pub fn third_party_rows() -> impl Iterator<Item = &'static Pattern> {
    TABLES.iter().flat_map(|t| t.iter())
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut anchors: Vec<&'static str> = Vec::new();
        let mut ids = std::collections::HashMap::new();
        let mut by_anchor: Vec<Vec<u32>> = Vec::new();
        let mut compiled = Vec::new();
        for row in third_party_rows() {
            let pieces = pieces(row.text);
            let Some(anchor) = (0..pieces.len()).max_by_key(|&i| (pieces[i].len(), usize::MAX - i))
            else {
                continue;
            };
            let key = key(pieces[anchor]);
            let id = *ids.entry(key).or_insert_with(|| {
                anchors.push(key);
                by_anchor.push(Vec::new());
                anchors.len() - 1
            });
            by_anchor[id].push(compiled.len() as u32);
            let weight = pieces.iter().map(|p| p.len()).sum();
            compiled.push(Compiled {
                row,
                pieces,
                anchor,
                weight,
            });
        }
        // The noncontiguous NFA: the cheapest to build, and a paste searches only its few
        // unknown error lines with it (the build is most of this table's cost).
        let ac = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .kind(Some(AhoCorasickKind::NoncontiguousNFA))
            .build(&anchors)
            .expect("the generated anchors build an automaton");
        Index {
            ac,
            by_anchor,
            compiled,
        }
    })
}

/// The automaton holds each anchor's first [`KEY`] bytes only (the trie's size is its build
/// cost, paid once per process); a found key is checked for its whole anchor.
const KEY: usize = 16;

fn key(anchor: &str) -> &str {
    let mut end = anchor.len().min(KEY);
    while !anchor.is_char_boundary(end) {
        end -= 1;
    }
    &anchor[..end]
}

/// Whether `c`'s anchor starts at `start` of `line` and its other pieces occur in order around
/// it.
fn around(c: &Compiled, line: &str, start: usize) -> bool {
    let anchor = c.pieces[c.anchor];
    if !line[start..].starts_with(anchor) {
        return false;
    }
    let end = start + anchor.len();
    let mut before = start;
    for p in c.pieces[..c.anchor].iter().rev() {
        match line[..before].rfind(p) {
            Some(at) => before = at,
            None => return false,
        }
    }
    let mut after = end;
    for p in &c.pieces[c.anchor + 1..] {
        match line[after..].find(p) {
            Some(at) => after += at + p.len(),
            None => return false,
        }
    }
    true
}

/// The third-party strings a line holds: the most specific ones (most literal text), every
/// row of that weight (the same words may be written by several files or programs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThirdParty {
    pub rows: Vec<&'static Pattern>,
}

impl ThirdParty {
    /// The first row (the one cited).
    pub fn first(&self) -> &'static Pattern {
        self.rows[0]
    }

    /// The layer every row agrees on; `None` when they disagree.
    pub fn layer(&self) -> Option<super::SourceLayer> {
        let l = self.first().layer;
        self.rows.iter().all(|r| r.layer == l).then_some(l)
    }
}

/// The third-party strings `line` holds with their verbs filled in, `None` when none. One
/// automaton pass over the line; each key found checks only the strings whose anchor starts
/// with it.
pub fn third_party(line: &str) -> Option<ThirdParty> {
    let ix = index();
    let mut best: Vec<&'static Pattern> = Vec::new();
    let mut best_weight = 0;
    for m in ix.ac.find_overlapping_iter(line) {
        for &ci in &ix.by_anchor[m.pattern().as_usize()] {
            let c = &ix.compiled[ci as usize];
            if c.weight < best_weight || !around(c, line, m.start()) {
                continue;
            }
            if c.weight > best_weight {
                best_weight = c.weight;
                best.clear();
            }
            if !best.contains(&c.row) {
                best.push(c.row);
            }
        }
    }
    (!best.is_empty()).then_some(ThirdParty { rows: best })
}
