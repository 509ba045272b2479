//! Which diagnosis the VMI page shows: the live one, or the one the recorder kept at the moment
//! the URL's `at=` names (a shared link keeps showing what was shared). [`fetch`] picks the
//! endpoint; [`AsOf`] is the banner that says the page is a recording, with "Back to now".
//! When history is off the page falls back to the live diagnosis and says so.

use crate::api::{self, FetchError, Live};
use crate::components::rel_time::RelTime;
use crate::i18n::{Key, t};
use crate::nav::param_href;
use leptos::prelude::*;
use model::api::history::DetailAt;
use model::time::Timestamp;
use model::view::detail::VmiDetail;

/// What the last fetch showed: the recorded time (`None`: live), and why history is off.
#[derive(Debug, Clone, Copy)]
pub struct AsOfState {
    pub recorded: RwSignal<Option<i64>>,
    pub off: RwSignal<Option<String>>,
}

impl AsOfState {
    pub fn new() -> AsOfState {
        AsOfState {
            recorded: RwSignal::new(None),
            off: RwSignal::new(None),
        }
    }
}

impl Default for AsOfState {
    fn default() -> Self {
        AsOfState::new()
    }
}

pub use crate::components::rel_time::human_time;

/// The page's diagnosis: live, or as recorded at `at`. History off shows the live one and why.
pub async fn fetch(
    cluster: &str,
    ns: &str,
    name: &str,
    at: Option<String>,
    state: AsOfState,
) -> Result<VmiDetail, FetchError> {
    let Some(at) = at else {
        state.recorded.set(None);
        return api::fetch_detail(cluster, ns, name).await;
    };
    match api::fetch_detail_at(cluster, ns, name, &at).await {
        Ok(DetailAt::Recorded(r)) => {
            let r = *r;
            state.off.set(None);
            state.recorded.set(Some(r.recorded_at));
            Ok(r.detail)
        }
        Ok(DetailAt::Off(off)) => {
            state.off.set(Some(off.history_off));
            state.recorded.set(None);
            api::fetch_detail(cluster, ns, name).await
        }
        Err(e) => {
            state.recorded.set(None);
            Err(e)
        }
    }
}

/// The "as of" banner over a recorded diagnosis, and the "history is off" note.
#[component]
pub fn AsOf(state: AsOfState) -> impl IntoView {
    let back = Signal::derive(param_href("at", None));
    let live = expect_context::<Live>();
    view! {
        {move || state.recorded.get().map(|at| view! {
            <div class="as-of" role="status" data-testid="as-of" data-recorded-at=Timestamp(at).to_rfc3339()>
                <strong>{t(Key::AsOfTitle)} " " <RelTime at=Some(Timestamp(at)) now=live.now/></strong>
                <span>{t(Key::AsOfNote)}</span>
                <a class="as-of-back" href=back data-testid="back-to-now">{t(Key::AsOfBack)}</a>
            </div>
        })}
        {move || state.off.get().map(|why| view! {
            <div class="failure" role="status" data-testid="history-off">
                <strong>{t(Key::TlOff)}</strong>
                <p>{t(Key::AsOfOff)} <span class="muted">" (" {why} ")"</span></p>
            </div>
        })}
    }
}
