//! Repacking what the watchers keep after a list, and returning freed heap pages.
//!
//! A list's transient objects are much larger than what is kept, and what is kept sits scattered
//! among their freed pages. [`release_memory`] copies it into fresh allocations and asks glibc to
//! give free pages back. At start it runs ONCE ([`after_start`]), after every watched kind's first
//! list, on a blocking thread and off the readiness path: `/readyz` and the first snapshot only
//! need the VMIs' sync, and the store's repacking never holds its write lock while it copies
//! ([`Store::compact`]). A later (re)list of a kind (after `410 Gone`, or a first sync that came
//! after the start's compaction) and the refresher's full re-list still compact when they end.

use super::caches::Caches;
use super::kind::Kind;
use super::kinds_settled;
use crate::memory;
use crate::store::Store;
use std::sync::Arc;
use std::time::Duration;

/// Returns unused heap pages to the system after a (re)list: what is kept is copied into fresh
/// allocations once the transient objects are freed, so it packs into few pages, and glibc is
/// asked to give back free pages. The compaction itself leaves free memory behind (its buffer,
/// the growth of the lists it reads back), hence a second trim at the end.
pub fn release_memory(caches: &Caches, store: &Store) {
    store.compact(|| {
        caches.compact(|| {
            crate::intern::prune();
            memory::trim();
        })
    });
    memory::trim();
}

/// The start's one compaction: once every watched kind has synced or failed (or after `limit`),
/// on a blocking thread, so it neither delays the readiness answer nor a runtime worker.
pub async fn after_start(caches: Arc<Caches>, store: Arc<Store>, limit: Duration) {
    kinds_settled(&caches, &Kind::WATCHED, limit).await;
    let _ = tokio::task::spawn_blocking(move || release_memory(&caches, &store)).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::watch::{OnRestart, start_all};
    use axum::body::Body;
    use axum::http::Uri;
    use std::time::Instant;

    struct NoRestarts;
    impl OnRestart for NoRestarts {
        fn watch_restart(&self, _: Kind) {}
    }

    /// An API server that lists every kind (one VMI, nothing else) and holds every watch open.
    async fn api() -> String {
        let app = axum::Router::new().fallback(|uri: Uri| async move {
            if uri.query().is_some_and(|q| q.contains("watch=")) {
                let never = futures::stream::pending::<Result<axum::body::Bytes, std::io::Error>>();
                return Body::from_stream(never).into_response_ok();
            }
            let items = if uri.path().ends_with("/virtualmachineinstances") {
                serde_json::json!([{
                    "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
                    "metadata": {"name": "a", "namespace": "ns", "resourceVersion": "7"},
                    "status": {"phase": "Running"}
                }])
            } else {
                serde_json::json!([])
            };
            let list = serde_json::json!({
                "apiVersion": "v1", "kind": "List",
                "metadata": {"resourceVersion": "7"}, "items": items
            });
            Body::from(list.to_string()).into_response_ok()
        });
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
            .await
            .unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        url
    }

    trait Ok200 {
        fn into_response_ok(self) -> axum::response::Response;
    }
    impl Ok200 for Body {
        fn into_response_ok(self) -> axum::response::Response {
            axum::response::Response::builder()
                .header("content-type", "application/json")
                .body(self)
                .unwrap()
        }
    }

    async fn until(what: &str, deadline: Instant, mut done: impl FnMut() -> bool) {
        while !done() {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    #[tokio::test]
    async fn a_start_with_every_kind_compacts_once_after_all_have_synced() {
        let url = api().await;
        let client = kube::Client::try_from(kube::Config::new(url.parse().unwrap())).unwrap();
        let caches = Arc::new(Caches::new());
        let store = Arc::new(Store::new(100, 16));
        let tasks = start_all(client, caches.clone(), store.clone(), Arc::new(NoRestarts));
        let deadline = Instant::now() + Duration::from_secs(20);
        let all_synced = || Kind::WATCHED.iter().all(|&k| caches.get(k).state.synced());
        until("every kind to sync", deadline, all_synced).await;
        assert!(store.synced() && store.len() == 1, "the VMI is listed");
        until("the start's compaction", deadline, || {
            store.compactions() > 0
        })
        .await;
        // Nothing else lists: no further compaction may come (every kind's first sync used to
        // compact on its own, one per kind).
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(store.compactions(), 1, "one compaction for the whole start");
        assert_eq!(store.len(), 1, "compacting keeps the VMI");
        for t in tasks {
            t.abort();
        }
    }

    #[tokio::test]
    async fn readiness_comes_before_the_start_compaction_which_waits_for_every_kind() {
        let caches = Arc::new(Caches::new());
        let store = Arc::new(Store::new(100, 16));
        let task = tokio::spawn(after_start(
            caches.clone(),
            store.clone(),
            Duration::from_secs(60),
        ));
        // The VMIs synced: `/readyz` answers ready now, with no compaction having run.
        store.replace_all(vec![]);
        caches.get(Kind::Vmi).state.mark_synced();
        let (last, others) = Kind::WATCHED.split_last().unwrap();
        for &k in others {
            caches.get(k).state.mark_synced();
        }
        for _ in 0..20 {
            tokio::task::yield_now().await;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(store.synced(), "ready");
        assert_eq!(store.compactions(), 0, "a kind has not synced yet");
        caches.get(*last).state.mark_synced();
        let deadline = Instant::now() + Duration::from_secs(10);
        until("the start's compaction", deadline, || {
            store.compactions() == 1
        })
        .await;
        task.await.unwrap();
        assert_eq!(store.compactions(), 1);
    }
}
