//! A block's signals about a KubeVirt or CDI component's pod, named after the component: a
//! `describe pod` of virt-operator says `Reason: CrashLoopBackOff` on a line that does not name
//! it, so a generic pod-state signal in a block whose subject (its `Name:` or `Controlled By:`)
//! is a component is read again as that component's (its layer: control plane, or the node for
//! virt-handler); and every component signal's title names the component. An API error that
//! wraps over several lines (a terminal's width, a paste) is cited whole.

use super::blocks::Block;
use super::lines::LineEvidence;
use crate::evidence::Signal;
use crate::signatures::{Signature, by_id, component_in, component_of_name, match_line};
use crate::view::BlockFormat;

/// How many wrapped lines are joined to an API error's excerpt.
const WRAPPED_KEPT: usize = 3;
/// Excerpts grown by wrapped lines stay under this many bytes.
const EXCERPT_MAX: usize = 600;

/// Names the components of a block's signals and joins wrapped API errors (see the module doc).
pub fn name_components(block: &Block<'_>, format: BlockFormat, lines: &mut LineEvidence) {
    let signals = &mut lines.signals;
    let subject = matches!(format, BlockFormat::Describe | BlockFormat::Events)
        .then(|| block_subject(block))
        .flatten();
    for s in signals.iter_mut() {
        let sig = s.signature.as_deref().and_then(by_id);
        if let Some(component) = subject
            && sig.is_none_or(|g| {
                g.any.is_empty() && g.layer != Some(crate::verdict::Layer::ControlPlane)
            })
            && let Some(better) = match_line(&format!("{component} {}", s.excerpt))
            && (better.any.contains(&component) || better.all.contains(&component))
        {
            take(s, better);
        }
        let Some(sig) = s.signature.as_deref().and_then(by_id) else {
            continue;
        };
        if sig.any.is_empty() {
            continue;
        }
        let named = component_in(&s.excerpt)
            .filter(|c| sig.any.contains(c))
            .or(subject.filter(|c| sig.any.contains(c)));
        if let Some(c) = named {
            s.title = format!("{c}: {}", sig.title);
        }
    }
    if format == BlockFormat::WebhookDenial {
        join_wrapped(block, signals);
    }
    for r in lines.read.iter_mut() {
        if let Some(s) = lines.signals.iter().find(|s| s.line == r.line) {
            r.what = s.title.clone();
        }
    }
}

/// The signal now reads as `sig` (its line, origin and excerpt stay).
pub(super) fn take(s: &mut Signal, sig: &'static Signature) {
    s.signature = Some(sig.id.to_string());
    s.layer = sig.layer;
    s.plane = sig.plane;
    s.health = sig.health;
    s.title = sig.title.to_string();
    s.cause = sig.cause.to_string();
    s.next_steps = sig.next_steps.iter().map(|x| x.to_string()).collect();
    s.source = sig.source.to_string();
}

/// The component a describe block is about: its `Name:` or `Controlled By:` value (the first
/// 60 lines), or the pods its events name when they all name one component.
fn block_subject(block: &Block<'_>) -> Option<&'static str> {
    for line in block.text.iter().take(60) {
        let t = line.trim_start();
        for key in ["Name:", "Controlled By:"] {
            if let Some(v) = t.strip_prefix(key)
                && let Some(c) = component_of_name(v)
            {
                return Some(c);
            }
        }
    }
    None
}

/// Appends to each signal's excerpt the lines after it that carry no signal of their own and
/// continue the message (non-empty, up to [`WRAPPED_KEPT`]).
fn join_wrapped(block: &Block<'_>, signals: &mut [Signal]) {
    let taken: Vec<usize> = signals.iter().map(|s| s.line).collect();
    for s in signals.iter_mut() {
        let Some(at) = s.line.checked_sub(block.lines.first) else {
            continue;
        };
        let mut excerpt = s.excerpt.clone();
        for (i, line) in block
            .text
            .iter()
            .enumerate()
            .skip(at + 1)
            .take(WRAPPED_KEPT)
        {
            let t = line.trim();
            if t.is_empty() || taken.contains(&(block.lines.first + i)) {
                break;
            }
            if excerpt.len() + t.len() + 1 > EXCERPT_MAX {
                break;
            }
            excerpt.push(' ');
            excerpt.push_str(t);
        }
        s.excerpt = excerpt;
    }
}
