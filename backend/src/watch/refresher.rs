//! Re-projection: when launcher pods, nodes or migrations change in a way the overview shows,
//! the VMIs concerned are fetched again and their summaries replaced (unless the store already
//! has them from a newer object).

use super::PAGE_SIZE;
use super::caches::{Caches, Refresh};
use super::kind::{Kind, vmi_resource};
use super::release::release_memory;
use super::typed::Typed;
use crate::store::Store;
use futures::StreamExt;
use kube::api::{Api, ListParams};
use model::VmiKey;
use model::kube::Vmi;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

/// Above this many VMIs to re-project at once, one list replaces the GETs.
const REFRESH_BY_LIST: usize = 32;
/// Changes to re-project are gathered for this long.
const REFRESH_DELAY: Duration = Duration::from_millis(200);

/// The first wait before a failed re-projection is tried again; it doubles up to
/// [`RETRY_MAX`] while the API keeps failing.
pub const RETRY_FIRST: Duration = Duration::from_millis(500);
pub const RETRY_MAX: Duration = Duration::from_secs(30);

/// Re-projects the VMIs whose launcher pods, nodes or migrations changed: gathers the requests
/// for a moment, then GETs the few VMIs concerned, or lists them all when many are. What failed
/// is tried again after a backoff (with whatever else was asked meanwhile).
pub async fn refresher(client: kube::Client, caches: Arc<Caches>, store: Arc<Store>) {
    let Some(mut rx) = caches.take_refresh_rx() else {
        return;
    };
    let api: Api<Typed<Vmi>> = Api::all_with(client.clone(), &Kind::Vmi.resource());
    let mut retry: BTreeSet<Refresh> = BTreeSet::new();
    let mut backoff = RETRY_FIRST;
    loop {
        let mut wanted = std::mem::take(&mut retry);
        if wanted.is_empty() {
            match rx.recv().await {
                Some(first) => wanted.insert(first),
                None => return,
            };
        } else {
            tokio::time::sleep(backoff).await;
        }
        tokio::time::sleep(REFRESH_DELAY).await;
        while let Ok(r) = rx.try_recv() {
            wanted.insert(r);
        }
        if !store.synced() {
            // The VMI list in progress reads the new state (and asks again if it changed).
            continue;
        }
        retry = refresh(&client, &api, &caches, &store, &wanted).await;
        backoff = if retry.is_empty() {
            RETRY_FIRST
        } else {
            tracing::warn!(vmis = retry.len(), retry_in = ?backoff, "re-projection failed; will retry");
            (backoff * 2).min(RETRY_MAX)
        };
    }
}

/// One round: what of `wanted` failed.
async fn refresh(
    client: &kube::Client,
    api: &Api<Typed<Vmi>>,
    caches: &Caches,
    store: &Store,
    wanted: &BTreeSet<Refresh>,
) -> BTreeSet<Refresh> {
    let keys: Vec<VmiKey> = wanted
        .iter()
        .filter_map(|r| match r {
            Refresh::One(k) => Some(k.clone()),
            Refresh::All => None,
        })
        .filter(|k| store.contains(k))
        .collect();
    if wanted.contains(&Refresh::All) || keys.len() > REFRESH_BY_LIST {
        return match refresh_all(api, caches, store).await {
            Ok(()) => BTreeSet::new(),
            Err(e) => {
                tracing::warn!(error = %e, "re-projecting the VMIs failed");
                BTreeSet::from([Refresh::All])
            }
        };
    }
    let failed = parking_lot::Mutex::new(BTreeSet::new());
    futures::stream::iter(keys)
        .for_each_concurrent(8, |key| {
            let failed = &failed;
            async move {
                let api: Api<Typed<Vmi>> =
                    Api::namespaced_with(client.clone(), &key.namespace, &vmi_resource());
                match api.get_opt(&key.name).await {
                    Ok(Some(obj)) => {
                        let v = obj.version_number();
                        store.refresh(caches.summarize(obj.object), v);
                    }
                    Ok(None) => {}
                    Err(e) => {
                        tracing::warn!(vmi = %key, error = %e, "re-projecting failed");
                        failed.lock().insert(Refresh::One(key));
                    }
                }
            }
        })
        .await;
    failed.into_inner()
}

async fn refresh_all(
    api: &Api<Typed<Vmi>>,
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
        token = page.metadata.continue_.filter(|t| !t.is_empty());
        for obj in page.items {
            let v = obj.version_number();
            store.refresh(caches.summarize(obj.object), v);
        }
        if token.is_none() {
            break;
        }
    }
    release_memory(caches, store);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn vmi(phase: &str) -> serde_json::Value {
        serde_json::json!({
            "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
            "metadata": {"name": "a", "namespace": "ns", "resourceVersion": "7"},
            "status": {"phase": phase}
        })
    }

    /// An API whose VMI list answers 500 twice (kube-rs retries 503s itself, not 500s), then the
    /// VMI `ns/a` Running.
    async fn flaky_api() -> (String, Arc<AtomicUsize>) {
        let calls = Arc::new(AtomicUsize::new(0));
        let counted = calls.clone();
        let app = axum::Router::new().route(
            "/apis/kubevirt.io/v1/virtualmachineinstances",
            axum::routing::get(move || {
                let n = counted.fetch_add(1, Ordering::SeqCst);
                async move {
                    use axum::response::IntoResponse;
                    if n < 2 {
                        return axum::http::StatusCode::INTERNAL_SERVER_ERROR.into_response();
                    }
                    axum::Json(serde_json::json!({
                        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstanceList",
                        "metadata": {"resourceVersion": "7"}, "items": [vmi("Running")]
                    }))
                    .into_response()
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
            .await
            .unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        (url, calls)
    }

    #[tokio::test]
    async fn a_failed_re_projection_is_retried_with_backoff() {
        let (url, calls) = flaky_api().await;
        let client = kube::Client::try_from(kube::Config::new(url.parse().unwrap())).unwrap();
        let caches = Arc::new(Caches::new());
        let store = Arc::new(Store::new(100, 16));
        let pending = caches.summarize(Vmi::from_value(&vmi("Pending")));
        store.replace_all(vec![pending]);
        let task = tokio::spawn(refresher(client, caches.clone(), store.clone()));
        caches.refresh_everything();
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while store.items()[0].phase != "Running" {
            assert!(
                std::time::Instant::now() < deadline,
                "not retried: {} calls",
                calls.load(Ordering::SeqCst)
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(
            calls.load(Ordering::SeqCst),
            3,
            "two failures, then success"
        );
        task.abort();
    }
}
