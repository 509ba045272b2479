//! The node's alerts: a delimited place on the node page for them. It reads
//! `GET /api/v1/alerts` when the backend serves it and lists the alerts that name this node;
//! when the backend has no such endpoint (or no alert source) it says "no alert source". The
//! alert shapes belong to the alerts area; this only looks for the node's name in each entry
//! and shows the entry's `alertname`, so it keeps working whatever fields the entries carry.

use crate::api;
use crate::i18n::{Key, t};
use leptos::prelude::*;
use serde_json::Value;

/// Whether `v` holds `name` as a string value anywhere.
fn names(v: &Value, name: &str) -> bool {
    match v {
        Value::String(s) => s == name,
        Value::Array(a) => a.iter().any(|x| names(x, name)),
        Value::Object(o) => o.values().any(|x| names(x, name)),
        _ => false,
    }
}

/// An entry's alert name: `alertname`, `labels.alertname`, `alert.labels.alertname` or `name`.
fn alert_name(v: &Value) -> String {
    [
        v.pointer("/alertname"),
        v.pointer("/labels/alertname"),
        v.pointer("/alert/labels/alertname"),
        v.pointer("/name"),
    ]
    .into_iter()
    .flatten()
    .find_map(Value::as_str)
    .unwrap_or("alert")
    .to_string()
}

/// The entries of the answer: the answer itself when a list, else its `alerts` list.
fn entries(v: &Value) -> Option<&Vec<Value>> {
    v.as_array()
        .or_else(|| v.get("alerts").and_then(Value::as_array))
}

/// The "Alerts" section of the node page.
#[component]
pub fn NodeAlerts(#[prop(into)] node: Signal<String>, tick: Memo<i64>) -> impl IntoView {
    let data = LocalResource::new(move || {
        tick.track();
        async move { api::get_json::<Value>("/api/v1/alerts").await }
    });
    let body = move || {
        let node = node.get();
        match data.get() {
            None => view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }.into_any(),
            Some(Ok(v)) if entries(&v).is_some() => {
                let mine: Vec<String> = entries(&v)
                    .into_iter()
                    .flatten()
                    .filter(|e| names(e, &node))
                    .map(alert_name)
                    .collect();
                if mine.is_empty() {
                    view! { <p class="empty" data-testid="node-alerts-none">{t(Key::NdNoAlerts)}</p> }.into_any()
                } else {
                    view! {
                        <ul class="node-alerts" data-testid="node-alerts-list">
                            {mine.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                        </ul>
                    }
                    .into_any()
                }
            }
            // No endpoint, no source configured, or an answer of another shape.
            Some(_) => view! { <p class="empty" data-testid="node-alerts-nosource">{t(Key::NdNoAlertSource)}</p> }.into_any(),
        }
    };
    view! {
        <section class="node-alerts-section" data-testid="node-alerts" aria-labelledby="nd-alerts">
            <h2 id="nd-alerts">{t(Key::NdAlerts)}</h2>
            {body}
        </section>
    }
}
