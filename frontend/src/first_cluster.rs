//! The name the first cluster of a fleet goes by (issue 32): its VMI keys name no cluster, so the
//! overview's URL `cluster` (a name), the first group's header under `group=cluster` and a VMI
//! link `/c/{that name}/vmi/…` need it. Asked for when the overview shows a fleet (the stream's
//! keys name a second cluster) or a VMI link names a cluster, never with one cluster, from `GET /api/v1/clusters` read as a bare JSON value (the first row's `name`: the
//! backend lists the first cluster first, `model::api::ClustersAnswer`), since the full answer is
//! the summary rows' alone (`pages::overview::fleet`, a deferred view): the first load holds none of
//! its reading.

use crate::api::get_json;
use leptos::prelude::*;

/// Sets `name` to the first cluster's name, unless it is known already.
pub fn ask(name: RwSignal<String>) {
    if !name.with_untracked(String::is_empty) {
        return;
    }
    leptos::task::spawn_local(async move {
        if let Ok(v) = get_json::<serde_json::Value>(model::wire::paths::CLUSTERS).await
            && let Some(n) = v["clusters"][0]["name"].as_str()
        {
            name.set(n.to_string());
        }
    });
}
