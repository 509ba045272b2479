//! The overview's "changed in the last hour" filter (`?changed=1h`): while it is on, the keys
//! of the VMIs the recorder saw change come from `GET /api/v1/history/changes` (one indexed
//! query on the backend, one small list of keys here), fetched again every [`REFRESH_MS`] of the
//! page's clock. Nothing is fetched while the filter is off, so the overview's stream and its
//! 10% update cost the same as without history.

use crate::api::{self, FetchError, Live};
use model::api::history::CHANGES_LIMIT;
use model::view::VmiKey;
use std::collections::BTreeSet;
use std::sync::Arc;

use leptos::prelude::*;

/// The window of the filter (milliseconds).
pub const WINDOW_MS: i64 = 3_600_000;
/// How often the set is fetched again while the filter is on (milliseconds).
pub const REFRESH_MS: i64 = 30_000;
/// The URL value that turns the filter on.
pub const PARAM_VALUE: &str = "1h";

/// The keys of the VMIs that changed, shared by the filter's clones.
pub type Keys = Arc<BTreeSet<VmiKey>>;

/// The set of changed keys while `on` (`None` while off, or when it cannot be had: then every
/// VMI is shown), and the reason the filter cannot work (history off, request failed).
pub fn changed_keys(on: Memo<bool>) -> (Memo<Option<Keys>>, Memo<Option<FetchError>>) {
    let live = expect_context::<Live>();
    let bucket = move |t: model::time::Timestamp| t.0 / REFRESH_MS;
    let period = RwSignal::new(bucket(live.now.get_untracked()));
    Effect::new(move |_| {
        let b = bucket(live.now.get());
        if on.get_untracked() && period.get_untracked() != b {
            period.set(b);
        }
    });
    let fetched = LocalResource::new(move || {
        let on = on.get();
        period.track();
        async move {
            if !on {
                return None;
            }
            let since = api::now().0 - WINDOW_MS;
            Some(
                api::fetch_changes(since, CHANGES_LIMIT)
                    .await
                    .map(|rows| Arc::new(rows.into_iter().map(|c| c.key).collect::<BTreeSet<_>>())),
            )
        }
    });
    // The last good set stays while a refresh is under way.
    let last = RwSignal::new(None::<Keys>);
    let keys = Memo::new(move |_| {
        if !on.get() {
            return None;
        }
        match fetched.get() {
            Some(Some(Ok(set))) => {
                last.set(Some(set.clone()));
                Some(set)
            }
            // Failed (history off): no filter; the toolbar says why.
            Some(Some(Err(_))) => None,
            // Pending: the last set, else none yet.
            _ => Some(last.get_untracked().unwrap_or_default()),
        }
    });
    let error = Memo::new(move |_| match fetched.get() {
        Some(Some(Err(e))) if on.get() => Some(e),
        _ => None,
    });
    (keys, error)
}
