//! The overview card of one VMI.

use leptos::prelude::*;
use model::VmiSummary;

/// CSS class for a phase; unknown phases get a neutral class, shown verbatim.
pub fn phase_class(phase: &str) -> &'static str {
    match phase {
        "Running" => "phase phase-ok",
        "Pending" | "Scheduling" | "Scheduled" | "WaitingForSync" => "phase phase-wait",
        "Failed" | "Unknown" => "phase phase-bad",
        "Succeeded" => "phase phase-done",
        _ => "phase phase-other",
    }
}

#[component]
pub fn VmiCard(summary: VmiSummary) -> impl IntoView {
    let key = summary.key.to_string();
    let phase = if summary.phase.is_empty() {
        "(no phase)".to_string()
    } else {
        summary.phase.clone()
    };
    let class = phase_class(&summary.phase);
    view! {
        <article class="vmi-card" data-key=key.clone() aria-label=key>
            <header>
                <span class="name">{summary.key.name.clone()}</span>
                <span class="ns">{summary.key.namespace.clone()}</span>
            </header>
            <dl>
                <dt>"Phase"</dt>
                <dd>
                    <span class=class data-testid="phase">{phase}</span>
                    {summary.paused.then(|| view! { <span class="badge badge-paused">"Paused"</span> })}
                </dd>
                <dt>"Node"</dt>
                <dd data-testid="node">{summary.node.clone().unwrap_or_else(|| "—".into())}</dd>
                <dt>"IP"</dt>
                <dd>{summary.ip.clone().unwrap_or_else(|| "—".into())}</dd>
            </dl>
        </article>
    }
}
