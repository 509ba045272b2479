//! The signature catalogue: known KubeVirt, libvirt, QEMU, scheduler and API-server messages, as
//! data tables (one file per layer), each with its cause, layer, migration plane, next steps and
//! where the message comes from. [`match_line`] finds the most specific signature a line
//! matches, in one pass over the line (an Aho-Corasick automaton over every needle). A line no
//! signature knows is still read: [`level`] says what level it states, [`component`] which
//! component wrote it and that component's layer, [`fallback`] what it then means.

mod base;
pub mod component;
mod control_plane;
pub mod fallback;
mod fields;
mod generic;
mod guest;
mod kernel;
mod kubelet;
pub mod level;
mod migration;
mod network;
mod node;
mod noise;

pub use component::Component;
pub use fields::json_field;
pub use level::Level;

use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use std::sync::OnceLock;

/// One known message.
#[derive(Debug)]
pub struct Signature {
    /// Stable id, e.g. `syncvmi-deadline-exceeded`.
    pub id: &'static str,
    /// Every one of these must occur in the line (ASCII case-insensitive).
    pub all: &'static [&'static str],
    /// None of these may occur.
    pub none: &'static [&'static str],
    /// The layer it points at; `None` for known noise.
    pub layer: Option<Layer>,
    pub plane: Option<SignalPlane>,
    /// Broken, Degraded, or Unknown for noise.
    pub health: Health,
    pub title: &'static str,
    pub cause: &'static str,
    pub next_steps: &'static [&'static str],
    /// Where the message comes from: a KubeVirt source file, or the corpus item.
    pub source: &'static str,
    /// One real or source-shaped line it must match (the catalogue test uses it).
    pub example: &'static str,
    /// A stack frame or source path: it means a panic only when the paste shows one (`panic:`,
    /// `goroutine N [running]`); a `pkg/virt-handler/vm.go:440:` prefix of a log message is not.
    pub needs_panic: bool,
}

/// Every signature, in table order (noise, control plane, node, kernel, kubelet, guest, network,
/// migration, then the generic fallbacks).
pub fn catalogue() -> &'static [&'static Signature] {
    static ALL: OnceLock<Vec<&'static Signature>> = OnceLock::new();
    ALL.get_or_init(|| {
        [
            noise::TABLE,
            control_plane::TABLE,
            node::TABLE,
            kernel::TABLE,
            kubelet::TABLE,
            guest::TABLE,
            network::TABLE,
            migration::TABLE,
            generic::TABLE,
        ]
        .iter()
        .flat_map(|t| t.iter())
        .collect()
    })
}

/// The automaton over every needle, and for each needle the signatures using it.
struct Matcher {
    automaton: AhoCorasick,
    /// Needle index to (signature index, is a `none` needle).
    owners: Vec<Vec<(usize, bool)>>,
}

fn matcher() -> &'static Matcher {
    static M: OnceLock<Matcher> = OnceLock::new();
    M.get_or_init(|| {
        let mut needles: Vec<&'static str> = Vec::new();
        let mut owners: Vec<Vec<(usize, bool)>> = Vec::new();
        for (i, s) in catalogue().iter().enumerate() {
            let all = s.all.iter().map(|n| (n, false));
            for (n, negative) in all.chain(s.none.iter().map(|n| (n, true))) {
                let at = match needles.iter().position(|x| x.eq_ignore_ascii_case(n)) {
                    Some(at) => at,
                    None => {
                        needles.push(n);
                        owners.push(Vec::new());
                        needles.len() - 1
                    }
                };
                owners[at].push((i, negative));
            }
        }
        let automaton = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .build(&needles)
            .unwrap_or_else(|_| AhoCorasick::new(Vec::<&str>::new()).expect("empty automaton"));
        Matcher { automaton, owners }
    })
}

/// How many signatures at the end of [`catalogue`] are fallbacks.
fn generic_count() -> usize {
    generic::TABLE.len()
}

/// The most specific signature `line` matches (the most needles; ties to table order); the
/// generic fallbacks only when nothing specific matches.
pub fn match_line(line: &str) -> Option<&'static Signature> {
    let m = matcher();
    let cat = catalogue();
    // Most lines hit no needle: nothing is allocated for them.
    let mut needles: Vec<usize> = m
        .automaton
        .find_overlapping_iter(line)
        .map(|hit| hit.pattern().as_usize())
        .collect();
    if needles.is_empty() {
        return None;
    }
    needles.sort_unstable();
    needles.dedup();
    // (signature, needles hit, banned), for the few signatures these needles belong to.
    let mut counts: Vec<(usize, usize, bool)> = Vec::new();
    for &needle in &needles {
        for &(sig, negative) in &m.owners[needle] {
            let at = match counts.iter().position(|c| c.0 == sig) {
                Some(at) => at,
                None => {
                    counts.push((sig, 0, false));
                    counts.len() - 1
                }
            };
            if negative {
                counts[at].2 = true;
            } else {
                counts[at].1 += 1;
            }
        }
    }
    counts.sort_unstable_by_key(|c| c.0);
    let specific = cat.len() - generic_count();
    let mut best: Option<(usize, usize)> = None;
    for &(i, hits, banned) in &counts {
        let s = cat[i];
        if banned || s.all.is_empty() || hits < s.all.len() {
            continue;
        }
        if i >= specific && best.is_some() {
            break;
        }
        if best.is_none_or(|(_, n)| s.all.len() > n) {
            best = Some((i, s.all.len()));
        }
    }
    best.map(|(i, _)| cat[i])
}

/// How many signatures point at each layer (`None`: noise), for reports.
pub fn count_by_layer() -> Vec<(Option<Layer>, usize)> {
    let mut out: Vec<(Option<Layer>, usize)> = Vec::new();
    for s in catalogue() {
        match out.iter_mut().find(|(l, _)| *l == s.layer) {
            Some((_, n)) => *n += 1,
            None => out.push((s.layer, 1)),
        }
    }
    out
}
