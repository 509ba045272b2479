//! Small views shared by pages: health badges, ages, failure states.

use crate::api::FetchError;
use crate::i18n::{Key, lang, t, tr};
use leptos::prelude::*;
use model::time::{Timestamp, format_duration};
use model::verdict::{Health, Layer};

/// The message of a health.
pub fn health_key(h: Health) -> Key {
    match h {
        Health::Healthy => Key::HealthHealthy,
        Health::Degraded => Key::HealthDegraded,
        Health::Broken => Key::HealthBroken,
        Health::Unknown => Key::HealthUnknown,
    }
}

/// The message of a layer.
pub fn layer_key(l: Layer) -> Key {
    match l {
        Layer::ControlPlane => Key::LayerControlPlane,
        Layer::Node => Key::LayerNode,
        Layer::Guest => Key::LayerGuest,
        Layer::Network => Key::LayerNetwork,
        Layer::Migration => Key::LayerMigration,
    }
}

/// A coloured health badge with a text (never colour alone).
#[component]
pub fn HealthBadge(health: Health) -> impl IntoView {
    let l = lang();
    let class = format!("health health-{}", health.as_str());
    view! { <span class=class data-health=health.as_str()>{move || tr(l.get(), health_key(health))}</span> }
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
        None => Key::ErrBackend,
        Some(403) => Key::ErrForbidden,
        Some(404) => Key::ErrNotfound,
        Some(_) => Key::ErrBackend,
    };
    let code = error
        .status
        .map(|s| format!("HTTP {s}: "))
        .unwrap_or_default();
    view! {
        <div class="failure" role="alert" data-testid="failure" data-status=error.status.map(|s| s.to_string()).unwrap_or_else(|| "network".into())>
            <strong>{t(title)}</strong>
            <p>{code}{error.message.clone()}</p>
            {on_retry.map(|cb| view! { <button type="button" on:click=move |_| cb.run(())>{t(Key::ErrRetry)}</button> })}
        </div>
    }
}
