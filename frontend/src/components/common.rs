//! Small views shared by pages: health badges, ages, failure states, a progress cell without
//! a figure.

use crate::api::FetchError;
use crate::i18n::{Key, lang, t, tr};
use crate::migrations_model::progress::Gap;
use leptos::prelude::*;
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

/// The title of a failed request, by what its status means.
pub fn failure_title(e: &FetchError) -> Key {
    match e.status {
        None if e.timed_out => Key::ErrTimeout,
        None => Key::ErrBackend,
        Some(403) => Key::ErrForbidden,
        Some(404) => Key::ErrNotfound,
        Some(_) => Key::ErrServer,
    }
}

/// What a person reads about a failed request: the backend's own sentence when it gave one,
/// else what the status means, in the page's language; never the browser's words nor a bare
/// status code.
pub fn failure_text(e: &FetchError) -> impl Fn() -> String + Send + Sync + 'static + use<> {
    let (status, message, timed_out) = (e.status, e.message.clone(), e.timed_out);
    let l = lang();
    move || {
        let hint = match status {
            None if timed_out => Key::ErrTimeoutHint,
            None => Key::ErrNetworkHint,
            Some(403) => Key::ErrForbiddenHint,
            Some(404) => Key::ErrNotfoundHint,
            Some(_) => Key::ErrServerHint,
        };
        if status.is_some() && !message.is_empty() {
            message.clone()
        } else {
            tr(l.get(), hint).to_string()
        }
    }
}

/// A clear failure state for a failed request: unreachable, forbidden, not found, other.
#[component]
pub fn FetchFailure(
    error: FetchError,
    #[prop(optional)] on_retry: Option<Callback<()>>,
) -> impl IntoView {
    let title = failure_title(&error);
    view! {
        <div class="failure" role="alert" data-testid="failure" data-status=error.status.map(|s| s.to_string()).unwrap_or_else(|| if error.timed_out { "timeout" } else { "network" }.into())>
            <strong>{t(title)}</strong>
            <p>{failure_text(&error)}</p>
            {on_retry.map(|cb| view! { <button type="button" on:click=move |_| cb.run(())>{t(Key::ErrRetry)}</button> })}
        </div>
    }
}

/// What the progress cell says without a figure: "complete", or "unknown" and why.
///
/// `no_metrics` says why a running migration has no figure where it is shown (the migrations
/// page asked Prometheus; the VMI page leaves it to the convergence chart; a paste has none).
pub fn gap_view(g: Gap, no_metrics: Key) -> impl IntoView {
    let why = match g {
        Gap::Complete => {
            return view! { <span class="mg-complete" data-testid="mg-progress-complete">{t(Key::MgProgComplete)}</span> }
                .into_any();
        }
        Gap::NotSending => Key::MgProgNotSending,
        Gap::Ended => Key::MgProgEnded,
        Gap::NoMetrics => no_metrics,
    };
    view! {
        <span class="mg-unknown" data-testid="mg-progress-unknown">
            {t(Key::MgProgUnknown)} <span class="mg-why">{t(why)}</span>
        </span>
    }
    .into_any()
}

/// The label of a failure plane ("data plane", "control plane", "plane not known").
pub fn plane_label(p: model::view::Plane) -> Key {
    match p {
        model::view::Plane::ControlPlane => Key::MgPlaneControl,
        model::view::Plane::DataPlane => Key::MgPlaneData,
        model::view::Plane::Unknown => Key::MgPlaneUnknown,
    }
}
