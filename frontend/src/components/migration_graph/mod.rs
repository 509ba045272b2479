//! The VMIM phase machine drawn as SVG from a [`MigrationReport`]: the phases passed, with their
//! timestamps and durations, the current phase highlighted, the failure branch with its plane and
//! reason, the abort branch, and the PreCopy → PostCopy / Paused mode changes.
//!
//! Only the transitions of [`machine`] (what virt-controller does) are drawn: every phase
//! before Succeeded has an edge to Failed, Succeeded has none. The abort machine is a lane of
//! its own. Nothing is judged here: phases passed, outcome, failure and abort state all come
//! from `model::migration::interpret`.

pub mod machine;

use crate::components::rel_time::human_time;
use leptos::prelude::*;
use model::time::{Timestamp, format_duration};
use model::view::{AbortState, MigrationReport, Outcome, Plane};

/// The happy path of a VMIM, in order.
pub const MAIN_PATH: [&str; 7] = [
    "Pending",
    "Scheduling",
    "Scheduled",
    "PreparingTarget",
    "TargetReady",
    "Running",
    "Succeeded",
];

const BOX_W: f64 = 118.0;
const GAP: f64 = 14.0;
const TOP: f64 = 16.0;
const BOX_H: f64 = 40.0;

/// How a node of the graph is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeState {
    Passed,
    Current,
    Failed,
    NotReached,
}

impl NodeState {
    fn class(self) -> &'static str {
        match self {
            NodeState::Passed => "mg-node mg-passed",
            NodeState::Current => "mg-node mg-current",
            NodeState::Failed => "mg-node mg-failed",
            NodeState::NotReached => "mg-node mg-future",
        }
    }
    fn as_str(self) -> &'static str {
        match self {
            NodeState::Passed => "passed",
            NodeState::Current => "current",
            NodeState::Failed => "failed",
            NodeState::NotReached => "not-reached",
        }
    }
}

/// The state of each main-path phase for a report.
pub fn main_path_states(r: &MigrationReport) -> Vec<NodeState> {
    let seen = |p: &str| r.timeline.iter().any(|s| s.phase == p);
    let terminal_fail = matches!(r.outcome, Outcome::Failed | Outcome::Aborted);
    // The furthest phase reached on the main path, by the timeline or the current phase.
    let furthest = MAIN_PATH
        .iter()
        .rposition(|p| seen(p) || r.phase == *p)
        .unwrap_or(0);
    MAIN_PATH
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if r.phase == *p && !terminal_fail {
                if *p == "Succeeded" {
                    NodeState::Passed
                } else {
                    NodeState::Current
                }
            } else if seen(p) || i < furthest {
                NodeState::Passed
            } else {
                NodeState::NotReached
            }
        })
        .collect()
}

fn x_of(i: usize) -> f64 {
    8.0 + i as f64 * (BOX_W + GAP)
}

fn short(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(n - 1).collect::<String>())
    }
}

/// A time on the graph, relative like every time the console shows: as the offset from the
/// migration's first recorded step ("+1m5s"), with the exact time for the hover title; both empty
/// when unknown. (The graph is a still picture of the run: an age against the clock would not
/// tell how its steps relate.)
fn clock(report: &MigrationReport, at: Option<Timestamp>) -> (String, String) {
    let start = report.timeline.iter().filter_map(|s| s.at).min();
    match (start, at) {
        (Some(start), Some(at)) => (
            format!("+{}", format_duration(start.seconds_until(at))),
            human_time(at.0),
        ),
        _ => (String::new(), String::new()),
    }
}

/// The top of the lower row (the Failed and abort boxes) and of the mode lane.
const FAIL_Y: f64 = 120.0;
const LANE_Y: f64 = 210.0;

/// The SVG state graph of one migration.
#[component]
pub fn MigrationGraph(report: MigrationReport) -> impl IntoView {
    let states = main_path_states(&report);
    let width = x_of(MAIN_PATH.len()) + 8.0;
    // The failure branch leaves from the furthest phase reached.
    let furthest = states
        .iter()
        .rposition(|s| *s != NodeState::NotReached)
        .unwrap_or(0);
    let fail_x = x_of(furthest.min(MAIN_PATH.len() - 2));
    let modes = modes_of(&report);
    let has_modes = !modes.is_empty();
    // The lanes: modes on the left, the abort machine on the right.
    let height = LANE_Y + 70.0;
    let label = format!(
        "Migration {} state graph: phase {}, outcome {:?}",
        report.name, report.phase, report.outcome
    );
    view! {
        <svg class="mg-graph" viewBox=format!("0 0 {width} {height}") role="img" aria-label=label data-testid="migration-graph">
            <defs>
                <marker id="mg-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                    <path d="M 0 0 L 10 5 L 0 10 z" class="mg-arrowhead"/>
                </marker>
            </defs>
            {main_path(&report, &states)}
            {fail_branch(&report, fail_x, width)}
            {abort_lane(report.abort)}
            {has_modes.then(|| view! { <text class="mg-time" x="8" y=LANE_Y - 6.0>"mode"</text> })}
            {mode_lane(modes)}
        </svg>
    }
}

/// The main path's boxes, each with its state, entry time and duration, and the arrows between.
fn main_path(report: &MigrationReport, states: &[NodeState]) -> impl IntoView + use<> {
    let step_of = |p: &str| report.timeline.iter().find(|s| s.phase == p).cloned();
    MAIN_PATH
        .iter()
        .zip(states.iter())
        .enumerate()
        .map(|(i, (phase, st))| {
            let x = x_of(i);
            let step = step_of(phase);
            let (when, exact) = clock(report, step.as_ref().and_then(|s| s.at));
            let dur = step
                .as_ref()
                .and_then(|s| s.duration_secs)
                .map(format_duration)
                .unwrap_or_default();
            let arrow = (i + 1 < MAIN_PATH.len()).then(|| {
                view! {
                    <line class="mg-edge" x1=x + BOX_W y1=TOP + BOX_H / 2.0 x2=x + BOX_W + GAP - 2.0 y2=TOP + BOX_H / 2.0 marker-end="url(#mg-arrow)"/>
                }
            });
            let title = format!("{phase}: {}{}", st.as_str(), if when.is_empty() { String::new() } else { format!(", entered {exact} ({when}), {dur}") });
            view! {
                <g class=st.class() data-phase=*phase data-state=st.as_str()>
                    <title>{title}</title>
                    <rect x=x y=TOP width=BOX_W height=BOX_H rx="6"/>
                    <text class="mg-label" x=x + BOX_W / 2.0 y=TOP + 25.0 text-anchor="middle">{*phase}</text>
                    <text class="mg-time" x=x + BOX_W / 2.0 y=TOP + BOX_H + 16.0 text-anchor="middle">{when}</text>
                    <text class="mg-time" x=x + BOX_W / 2.0 y=TOP + BOX_H + 30.0 text-anchor="middle">{dur}</text>
                </g>
                {arrow}
            }
        })
        .collect_view()
}

/// Where the stubs of the phases that can fail meet, above the Failed box.
const BUS_Y: f64 = 100.0;

/// The edges to Failed: a stub from every main-path phase [`machine::transition`] lets fail,
/// joined on a bus, and one arrow down to the Failed box at `fail_x`. When the migration
/// failed, the stub of the phase it failed from is drawn as the failure edge.
fn fail_branch(report: &MigrationReport, fail_x: f64, width: f64) -> impl IntoView + use<> {
    let failed = report.outcome == Outcome::Failed;
    // The phase it failed from: the last one the timeline shows before Failed.
    let from = report
        .timeline
        .iter()
        .rev()
        .map(|s| s.phase.as_str())
        .find(|p| *p != "Failed")
        .unwrap_or("Pending")
        .to_string();
    let can_fail: Vec<usize> = (0..MAIN_PATH.len())
        .filter(|i| machine::transition(MAIN_PATH[*i], "Failed"))
        .collect();
    let stub_x = |i: usize| x_of(i) + BOX_W - 10.0;
    let bus = match (can_fail.first(), can_fail.last()) {
        (Some(a), Some(b)) => (stub_x(*a), stub_x(*b)),
        _ => (0.0, 0.0),
    };
    let stubs = can_fail
        .iter()
        .map(|i| {
            let hot = failed && MAIN_PATH[*i] == from;
            let x = stub_x(*i);
            view! {
                <line class=if hot { "mg-edge mg-edge-fail" } else { "mg-edge mg-edge-quiet" } data-from=MAIN_PATH[*i] data-to="Failed"
                    x1=x y1=TOP + BOX_H x2=x y2=BUS_Y/>
            }
        })
        .collect_view();
    let plane = report.failure.as_ref().map(|f| match f.plane {
        Plane::ControlPlane => "control plane",
        Plane::DataPlane => "data plane",
        Plane::Unknown => "plane not known",
    });
    let reason = report
        .failure
        .as_ref()
        .map(|f| f.reason.clone())
        .unwrap_or_default();
    let fail_class = if failed {
        "mg-node mg-failed"
    } else {
        "mg-node mg-future"
    };
    let (fail_time, fail_exact) = clock(
        report,
        report
            .timeline
            .iter()
            .find(|s| s.phase == "Failed")
            .and_then(|s| s.at),
    );
    // The reason line runs under the Failed box, towards the side with room.
    let (reason_x, reason_anchor) = if fail_x + BOX_W / 2.0 > width / 2.0 {
        (fail_x + BOX_W, "end")
    } else {
        (fail_x, "start")
    };
    let fail_y = FAIL_Y;
    let drop_x = (fail_x + BOX_W / 2.0).clamp(bus.0, bus.1);
    view! {
        {stubs}
        <line class=if failed { "mg-edge mg-edge-fail" } else { "mg-edge mg-edge-quiet" } x1=bus.0 y1=BUS_Y x2=bus.1 y2=BUS_Y/>
        <g class=fail_class data-phase="Failed" data-state=if failed { "failed" } else { "not-reached" } data-failed-from=failed.then(|| from.clone())>
            <title>{format!("Failed{}{}", if fail_exact.is_empty() { String::new() } else { format!(" at {fail_exact}") }, if reason.is_empty() { String::new() } else { format!(": {reason}") })}</title>
            <line class=if failed { "mg-edge mg-edge-fail" } else { "mg-edge" } x1=drop_x y1=BUS_Y x2=drop_x y2=fail_y - 2.0 marker-end="url(#mg-arrow)"/>
            <rect x=fail_x y=fail_y width=BOX_W height=BOX_H rx="6"/>
            <text class="mg-label" x=fail_x + BOX_W / 2.0 y=fail_y + 25.0 text-anchor="middle">"Failed"</text>
            <text class="mg-time" x=fail_x + BOX_W / 2.0 y=fail_y + BOX_H + 16.0 text-anchor="middle">{fail_time}</text>
            <text class="mg-reason" x=reason_x y=fail_y + BOX_H + 32.0 text-anchor=reason_anchor data-testid="mg-plane">{plane.map(|p| format!("{p}: {}", short(&reason, 70))).unwrap_or_default()}</text>
        </g>
    }
}

/// The abort machine, a lane of its own to the right of the mode lane: Requested → Aborting →
/// Succeeded | Failed ([`machine::ABORT_STEPS`]), the state reached highlighted.
fn abort_lane(abort: AbortState) -> impl IntoView {
    let y = LANE_Y;
    let reached = |state: &str| -> &'static str {
        let order = |s: &str| match s {
            "Requested" => 1,
            "Aborting" => 2,
            "Succeeded" | "Failed" => 3,
            _ => 0,
        };
        let (now, name) = match abort {
            AbortState::NotRequested => (0, "NotRequested"),
            AbortState::Requested => (1, "Requested"),
            AbortState::Aborting => (2, "Aborting"),
            AbortState::Succeeded => (3, "Succeeded"),
            AbortState::Failed => (3, "Failed"),
        };
        if state == name {
            if state == "Failed" {
                "mg-node mg-failed"
            } else {
                "mg-node mg-current"
            }
        } else if order(state) < now && order(state) < 3 {
            "mg-node mg-passed"
        } else {
            "mg-node mg-future"
        }
    };
    let col = |i: usize| x_of(3 + i);
    let pill = |state: &'static str, label: &'static str, x: f64, y: f64| {
        view! {
            <g class=reached(state) data-abort-state=state>
                <rect x=x y=y width=BOX_W height="26" rx="13" stroke-dasharray="4 3"/>
                <text class="mg-label mg-small" x=x + BOX_W / 2.0 y=y + 17.0 text-anchor="middle">{label}</text>
            </g>
        }
    };
    view! {
        <g data-testid="mg-abort" data-abort=format!("{abort:?}")>
            <text class="mg-time" x=col(0) y=y - 6.0>"abort"</text>
            {pill("Requested", "requested", col(0), y)}
            <line class="mg-edge" x1=col(0) + BOX_W y1=y + 13.0 x2=col(1) - 2.0 y2=y + 13.0 marker-end="url(#mg-arrow)"/>
            {pill("Aborting", "aborting", col(1), y)}
            <line class="mg-edge" x1=col(1) + BOX_W y1=y + 13.0 x2=col(2) - 2.0 y2=y + 13.0 marker-end="url(#mg-arrow)"/>
            <line class="mg-edge" x1=col(1) + BOX_W y1=y + 13.0 x2=col(2) - 2.0 y2=y + 47.0 marker-end="url(#mg-arrow)"/>
            {pill("Succeeded", "abort succeeded", col(2), y)}
            {pill("Failed", "abort failed", col(2), y + 34.0)}
        </g>
    }
}

/// The modes the migration ran in, in order (PreCopy → PostCopy / Paused), each with the time
/// it was entered (empty for the first): from the mode changes, else the one known mode.
fn modes_of(report: &MigrationReport) -> Vec<(String, (String, String))> {
    let mut modes: Vec<(String, (String, String))> = Vec::new();
    if let Some(first) = report.mode_changes.first() {
        modes.push((first.from.clone(), Default::default()));
    }
    for c in &report.mode_changes {
        modes.push((c.to.clone(), clock(report, c.at)));
    }
    // Three columns are the mode lane's; the abort lane takes the rest.
    if modes.len() > 3 {
        modes.drain(1..modes.len() - 2);
    }
    if modes.is_empty()
        && let Some(m) = &report.mode
    {
        modes.push((m.clone(), Default::default()));
    }
    modes
}

/// The mode lane: one pill per mode of [`modes_of`], with arrows between.
fn mode_lane(modes: Vec<(String, (String, String))>) -> impl IntoView {
    let lane_y = LANE_Y;
    modes
        .into_iter()
        .enumerate()
        .map(|(i, (m, (at, exact)))| {
            let x = x_of(i);
            let mode = m.clone();
            let title = if exact.is_empty() { m.clone() } else { format!("{m}: entered {exact}") };
            view! {
                <g class="mg-mode" data-mode=mode>
                    <title>{title}</title>
                    {(i > 0).then(|| view! { <line class="mg-edge" x1=x - GAP y1=lane_y + 14.0 x2=x - 2.0 y2=lane_y + 14.0 marker-end="url(#mg-arrow)"/> })}
                    <rect x=x y=lane_y width=BOX_W height="28" rx="14"/>
                    <text class="mg-label mg-small" x=x + BOX_W / 2.0 y=lane_y + 18.0 text-anchor="middle">{m}</text>
                    <text class="mg-time" x=x + BOX_W / 2.0 y=lane_y + 44.0 text-anchor="middle">{at}</text>
                </g>
            }
        })
        .collect_view()
}
