//! An old Warning event resolved by what happened since, in one `kubectl describe`: the object
//! is in its working state now (a VMI, VM or pod Running, a node Ready) and a Normal event was
//! seen after the Warning (its Age, kubectl's `duration.HumanDuration` of the event's last
//! timestamp, is smaller). The Warning is then history: kept and cited, but healthy, so it does
//! not outweigh the object's present state. A Warning as recent as the newest Normal event, or
//! an object not in its working state, keeps its weight. Event rows as kubectl's describers
//! print them (k8s.io/kubectl `pkg/describe/describe.go`, DescribeEvents: Type, Reason, Age,
//! From, Message).

use super::age::event_row_interval;
use super::blocks::Block;
use super::describe::read_describe;
use super::vocab::Kind;
use crate::evidence::Signal;
use crate::verdict::Health;

/// The working state of each kind a describe shows.
fn working(kind: Kind, status: &str) -> bool {
    matches!(
        (kind, status),
        (Kind::Vmi | Kind::Vm | Kind::Pod, "Running") | (Kind::Node, "Ready")
    )
}

/// Marks the Warning-event signals of a describe block that a newer Normal event and the
/// object's working state resolved.
pub fn settle(block: &Block<'_>, signals: &mut [Signal]) {
    let d = read_describe(&block.text, block.lines.first, block.command);
    let (Some(kind), Some((status, _))) = (d.kind, d.status.as_ref()) else {
        return;
    };
    if !working(kind, status) {
        return;
    }
    // The newest Normal event (the smallest age), with its reason.
    let mut newest: Option<(u64, &str)> = None;
    for line in &block.text {
        if !is_row(line, "Normal") {
            continue;
        }
        if let Some(age) = event_row_interval(line).and_then(|i| i.last) {
            let reason = line.split_whitespace().nth(1).unwrap_or("");
            if newest.is_none_or(|(a, _)| age.high < a) {
                newest = Some((age.high, reason));
            }
        }
    }
    let Some((normal_age, reason)) = newest else {
        return;
    };
    for s in signals.iter_mut() {
        let Some(line) = s
            .line
            .checked_sub(block.lines.first)
            .and_then(|i| block.text.get(i))
        else {
            continue;
        };
        if !is_row(line, "Warning") || s.health == Health::Healthy {
            continue;
        }
        let Some(age) = event_row_interval(line).and_then(|i| i.last) else {
            continue;
        };
        if age.low > normal_age {
            s.health = Health::Healthy;
            s.title = format!("{} (resolved since)", s.title);
            s.cause = format!(
                "{} This Warning is older than the Normal event {reason} seen after it, and \
                 the {} is {status} now: it is history, not the present fault.",
                s.cause,
                kind.name()
            );
        }
    }
}

/// An events row of the given type (`  Warning  Reason  Age  From  Message`).
fn is_row(line: &str, kind: &str) -> bool {
    line.split_whitespace().next() == Some(kind)
}
