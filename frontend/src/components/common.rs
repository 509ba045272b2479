//! Small views shared by pages: health badges, ages, failure states.

use crate::api::FetchError;
use crate::i18n::{lang, t, tr};
use leptos::prelude::*;
use model::diagnosis::{Health, Layer};
use model::time::{Timestamp, format_duration};

/// The message id of a health.
pub fn health_id(h: Health) -> &'static str {
    match h {
        Health::Healthy => "health.healthy",
        Health::Degraded => "health.degraded",
        Health::Broken => "health.broken",
        Health::Unknown => "health.unknown",
    }
}

/// The message id of a layer.
pub fn layer_id(l: Layer) -> &'static str {
    match l {
        Layer::ControlPlane => "layer.control_plane",
        Layer::Node => "layer.node",
        Layer::Guest => "layer.guest",
        Layer::Network => "layer.network",
        Layer::Migration => "layer.migration",
    }
}

/// A coloured health badge with a text (never colour alone).
#[component]
pub fn HealthBadge(health: Health) -> impl IntoView {
    let l = lang();
    let class = format!("health health-{}", health.as_str());
    view! { <span class=class data-health=health.as_str()>{move || tr(l.get(), health_id(health))}</span> }
}

/// "3m 10s ago" from two times; "—" when unknown.
pub fn age(at: Option<Timestamp>, now: Timestamp) -> String {
    match at {
        Some(t) => format!("{} ago", format_duration(t.seconds_until(now).max(0.0))),
        None => "—".into(),
    }
}

/// A clear failure state for a failed request: unreachable, forbidden, not found, other.
#[component]
pub fn FetchFailure(
    error: FetchError,
    #[prop(optional)] on_retry: Option<Callback<()>>,
) -> impl IntoView {
    let title = match error.status {
        None => "err.backend",
        Some(403) => "err.forbidden",
        Some(404) => "err.notfound",
        Some(_) => "err.backend",
    };
    let code = error
        .status
        .map(|s| format!("HTTP {s}: "))
        .unwrap_or_default();
    view! {
        <div class="failure" role="alert" data-testid="failure" data-status=error.status.map(|s| s.to_string()).unwrap_or_else(|| "network".into())>
            <strong>{t(title)}</strong>
            <p>{code}{error.message.clone()}</p>
            {on_retry.map(|cb| view! { <button type="button" on:click=move |_| cb.run(())>{t("err.retry")}</button> })}
        </div>
    }
}
