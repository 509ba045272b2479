//! Re-projection: when launcher pods, nodes or migrations change in a way the overview shows,
//! the VMIs concerned are fetched again and their summaries replaced (unless the store already
//! has them from a newer object).

use super::caches::{Caches, Refresh};
use super::kind::{Kind, vmi_resource};
use super::project::{typed, version};
use super::{PAGE_SIZE, release_memory};
use crate::store::Store;
use futures::StreamExt;
use kube::api::{Api, DynamicObject, ListParams};
use model::VmiKey;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

/// Above this many VMIs to re-project at once, one list replaces the GETs.
const REFRESH_BY_LIST: usize = 32;
/// Changes to re-project are gathered for this long.
const REFRESH_DELAY: Duration = Duration::from_millis(200);

/// Re-projects the VMIs whose launcher pods, nodes or migrations changed: gathers the requests
/// for a moment, then GETs the few VMIs concerned, or lists them all when many are.
pub async fn refresher(client: kube::Client, caches: Arc<Caches>, store: Arc<Store>) {
    let Some(mut rx) = caches.take_refresh_rx() else {
        return;
    };
    let api: Api<DynamicObject> = Api::all_with(client.clone(), &Kind::Vmi.resource());
    while let Some(first) = rx.recv().await {
        tokio::time::sleep(REFRESH_DELAY).await;
        let mut wanted: BTreeSet<Refresh> = BTreeSet::from([first]);
        while let Ok(r) = rx.try_recv() {
            wanted.insert(r);
        }
        if !store.synced() {
            // The VMI list in progress reads the new state (and asks again if it changed).
            continue;
        }
        let keys: Vec<VmiKey> = wanted
            .iter()
            .filter_map(|r| match r {
                Refresh::One(k) => Some(k.clone()),
                Refresh::All => None,
            })
            .filter(|k| store.contains(k))
            .collect();
        if wanted.contains(&Refresh::All) || keys.len() > REFRESH_BY_LIST {
            if let Err(e) = refresh_all(&api, &caches, &store).await {
                tracing::warn!(error = %e, "re-projecting the VMIs failed");
            }
        } else {
            let client = &client;
            let caches = &caches;
            let store = &store;
            futures::stream::iter(keys)
                .for_each_concurrent(8, |key| async move {
                    let api: Api<DynamicObject> =
                        Api::namespaced_with(client.clone(), &key.namespace, &vmi_resource());
                    match api.get_opt(&key.name).await {
                        Ok(Some(obj)) => {
                            store.refresh(caches.summarize(typed(&obj)), version(&obj));
                        }
                        Ok(None) => {}
                        Err(e) => tracing::warn!(vmi = %key, error = %e, "re-projecting failed"),
                    }
                })
                .await;
        }
    }
}

async fn refresh_all(
    api: &Api<DynamicObject>,
    caches: &Caches,
    store: &Store,
) -> Result<(), kube::Error> {
    let mut token: Option<String> = None;
    loop {
        let mut lp = ListParams::default().limit(PAGE_SIZE);
        if let Some(t) = &token {
            lp = lp.continue_token(t);
        }
        let page = api.list(&lp).await?;
        for obj in &page.items {
            store.refresh(caches.summarize(typed(obj)), version(obj));
        }
        token = page.metadata.continue_.filter(|t| !t.is_empty());
        if token.is_none() {
            break;
        }
    }
    release_memory(caches, store);
    Ok(())
}
