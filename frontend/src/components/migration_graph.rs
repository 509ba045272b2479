//! The VMIM phase machine drawn as SVG from a [`MigrationReport`]: the phases passed, with their
//! timestamps and durations, the current phase highlighted, the failure branch with its plane and
//! reason, the abort branch, and the PreCopy → PostCopy / Paused mode changes.
//!
//! Nothing is judged here: phases passed, outcome, failure and abort state all come from
//! `model::migration::interpret`.

use leptos::prelude::*;
use model::migration::{AbortState, MigrationReport, Outcome, Plane};
use model::time::format_duration;

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

/// The SVG state graph of one migration.
#[component]
pub fn MigrationGraph(report: MigrationReport) -> impl IntoView {
    let states = main_path_states(&report);
    let width = x_of(MAIN_PATH.len()) + 8.0;
    let step_of = |p: &str| report.timeline.iter().find(|s| s.phase == p).cloned();
    let nodes = MAIN_PATH
        .iter()
        .zip(states.iter())
        .enumerate()
        .map(|(i, (phase, st))| {
            let x = x_of(i);
            let step = step_of(phase);
            let when = step
                .as_ref()
                .and_then(|s| s.at)
                .map(|t| t.to_rfc3339()[11..19].to_string())
                .unwrap_or_default();
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
            let title = format!("{phase}: {}{}", st.as_str(), if when.is_empty() { String::new() } else { format!(", entered {when}, {dur}") });
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
        .collect_view();

    // The failure branch, from the furthest phase reached down to "Failed".
    let furthest = states
        .iter()
        .rposition(|s| *s != NodeState::NotReached)
        .unwrap_or(0);
    let failed = report.outcome == Outcome::Failed;
    let fail_x = x_of(furthest.min(MAIN_PATH.len() - 2));
    let fail_y = 120.0;
    let plane = report.failure.as_ref().map(|f| match f.plane {
        Plane::ControlPlane => "control plane",
        Plane::DataPlane => "data plane",
        Plane::Unknown => "plane unknown",
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
    let fail_time = report
        .timeline
        .iter()
        .find(|s| s.phase == "Failed")
        .and_then(|s| s.at)
        .map(|t| t.to_rfc3339()[11..19].to_string())
        .unwrap_or_default();
    // The reason line runs under the Failed box, towards the side with room.
    let (reason_x, reason_anchor) = if fail_x + BOX_W / 2.0 > width / 2.0 {
        (fail_x + BOX_W, "end")
    } else {
        (fail_x, "start")
    };
    let fail_branch = view! {
        <g class=fail_class data-phase="Failed" data-state=if failed { "failed" } else { "not-reached" }>
            <title>{format!("Failed{}", if reason.is_empty() { String::new() } else { format!(": {reason}") })}</title>
            <line class=if failed { "mg-edge mg-edge-fail" } else { "mg-edge" } x1=x_of(furthest) + BOX_W / 2.0 y1=TOP + BOX_H + 34.0 x2=fail_x + BOX_W / 2.0 y2=fail_y - 2.0 marker-end="url(#mg-arrow)"/>
            <rect x=fail_x y=fail_y width=BOX_W height=BOX_H rx="6"/>
            <text class="mg-label" x=fail_x + BOX_W / 2.0 y=fail_y + 25.0 text-anchor="middle">"Failed"</text>
            <text class="mg-time" x=fail_x + BOX_W / 2.0 y=fail_y + BOX_H + 16.0 text-anchor="middle">{fail_time}</text>
            <text class="mg-reason" x=reason_x y=fail_y + BOX_H + 32.0 text-anchor=reason_anchor data-testid="mg-plane">{plane.map(|p| format!("{p}: {}", short(&reason, 70))).unwrap_or_default()}</text>
        </g>
    };

    // The abort branch.
    let abort = report.abort;
    let abort_label = match abort {
        AbortState::NotRequested => "abort: not requested",
        AbortState::Requested => "abort: requested",
        AbortState::Aborting => "abort: aborting",
        AbortState::Succeeded => "abort: succeeded",
        AbortState::Failed => "abort: failed",
    };
    let abort_class = match abort {
        AbortState::NotRequested => "mg-node mg-future",
        AbortState::Requested | AbortState::Aborting => "mg-node mg-current",
        AbortState::Succeeded => "mg-node mg-passed",
        AbortState::Failed => "mg-node mg-failed",
    };
    // The abort box sits on the lower row at the end away from the Failed box.
    let ax = if fail_x > width / 2.0 {
        x_of(0)
    } else {
        x_of(MAIN_PATH.len() - 1)
    };
    let abort_branch = view! {
        <g class=abort_class data-testid="mg-abort" data-abort=format!("{abort:?}")>
            <rect x=ax y=fail_y width=BOX_W height=BOX_H rx="6" stroke-dasharray="4 3"/>
            <text class="mg-label mg-small" x=ax + BOX_W / 2.0 y=fail_y + 25.0 text-anchor="middle">{abort_label}</text>
        </g>
    };

    // Mode lane: PreCopy → PostCopy / Paused.
    let lane_y = 210.0;
    let mut modes: Vec<(String, String)> = Vec::new();
    if let Some(first) = report.mode_changes.first() {
        modes.push((first.from.clone(), String::new()));
    }
    for c in &report.mode_changes {
        modes.push((
            c.to.clone(),
            c.at.map(|t| t.to_rfc3339()[11..19].to_string())
                .unwrap_or_default(),
        ));
    }
    if modes.is_empty()
        && let Some(m) = &report.mode
    {
        modes.push((m.clone(), String::new()));
    }
    // Without a known mode the lane is left out and the graph ends under the failure row.
    let has_modes = !modes.is_empty();
    let height = if has_modes {
        lane_y + 50.0
    } else {
        fail_y + BOX_H + 44.0
    };
    let lane = modes
        .into_iter()
        .enumerate()
        .map(|(i, (m, at))| {
            let x = x_of(i);
            let mode = m.clone();
            view! {
                <g class="mg-mode" data-mode=mode>
                    {(i > 0).then(|| view! { <line class="mg-edge" x1=x - GAP y1=lane_y + 14.0 x2=x - 2.0 y2=lane_y + 14.0 marker-end="url(#mg-arrow)"/> })}
                    <rect x=x y=lane_y width=BOX_W height="28" rx="14"/>
                    <text class="mg-label mg-small" x=x + BOX_W / 2.0 y=lane_y + 18.0 text-anchor="middle">{m}</text>
                    <text class="mg-time" x=x + BOX_W / 2.0 y=lane_y + 44.0 text-anchor="middle">{at}</text>
                </g>
            }
        })
        .collect_view();

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
            {nodes}
            {fail_branch}
            {abort_branch}
            {has_modes.then(|| view! { <text class="mg-time" x="8" y=lane_y - 6.0>"mode"</text> })}
            {lane}
        </svg>
    }
}
