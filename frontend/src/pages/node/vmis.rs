//! The VMIs on the node with their verdicts, and what a drain would do to each one and why
//! (`model::drain`: the eviction strategy, the non-migratable reason, hot-plug attachment pods,
//! migration target pods), with the facts that hold for the whole node (PDBs, drain taint).

use crate::components::common::HealthBadge;
use crate::i18n::{Key, t};
use leptos::prelude::*;
use model::view::{DrainAction, NodeView};

/// The action's words and its class.
fn action_text(a: DrainAction) -> (&'static str, &'static str) {
    match a {
        DrainAction::Migrate => ("migrate", "drain-ok"),
        DrainAction::BlockDrain => ("blocks the drain", "drain-bad"),
        DrainAction::ShutDown => ("shut down", "drain-warn"),
        DrainAction::External => ("external controller", "drain-warn"),
        DrainAction::NotAffected => ("not affected", "drain-none"),
        DrainAction::Unknown => ("unknown", "drain-none"),
    }
}

/// The VMIs and drain table, with the drain summary and notes above it.
pub fn vmis_and_drain(v: &NodeView) -> impl IntoView + use<> {
    let rows = v
        .vmis
        .iter()
        .map(|x| {
            let href = crate::nav::vmi_href(&x.key);
            let d = x.drain.clone();
            let (text, class) = d
                .as_ref()
                .map(|d| action_text(d.action))
                .unwrap_or(("—", "drain-none"));
            let strategy = d.as_ref().map(|d| {
                view! { {d.strategy.clone()} <small>{(!d.strategy_source.is_empty()).then(|| format!(" ({})", d.strategy_source))}</small> }
            });
            let why = d.as_ref().map(|d| {
                view! {
                    {d.reason.clone()}
                    {(!d.evidence.is_empty()).then(|| view! {
                        <ul class="evidence">{d.evidence.iter().map(|c| view! { <li><code>{c.clone()}</code></li> }).collect_view()}</ul>
                    })}
                }
            });
            view! {
                <tr data-key=x.key.to_string() data-action=text data-health=x.health.as_str()>
                    <th scope="row"><a href=href>{x.key.to_string()}</a></th>
                    <td><HealthBadge health=x.health/> <div class="muted">{x.headline.clone()}</div></td>
                    <td>{x.phase.clone()}</td>
                    <td class=class>{text}</td>
                    <td>{strategy}</td>
                    <td>{why}</td>
                </tr>
            }
        })
        .collect_view();
    let empty = v.vmis.is_empty();
    let notes = v.drain_notes.clone();
    view! {
        <section aria-labelledby="nd-vmis">
            <h2 id="nd-vmis">{t(Key::NdVmis)} " · " {t(Key::NdDrain)}</h2>
            <p class="headline" data-testid="drain-summary">{v.drain.summary.clone()}</p>
            <ul class="drain-notes" data-testid="drain-notes">
                {notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
            </ul>
            {if empty {
                view! { <p class="empty" data-testid="node-no-vmis">{t(Key::NdNoVmis)}</p> }.into_any()
            } else {
                view! {
                    <div class="table-wrap">
                    <table class="drain" data-testid="drain-table">
                        <thead><tr>
                            <th scope="col">{t(Key::ColVmi)}</th><th scope="col">{t(Key::NdVerdict)}</th>
                            <th scope="col">{t(Key::ColPhase)}</th><th scope="col">{t(Key::ColAction)}</th>
                            <th scope="col">{t(Key::ColStrategy)}</th><th scope="col">{t(Key::ColWhy)}</th>
                        </tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                    </div>
                }
                .into_any()
            }}
        </section>
    }
}
