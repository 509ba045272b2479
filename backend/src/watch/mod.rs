//! kube-rs watchers and the compact state they keep: one watcher per watched resource for the
//! whole process, however many browsers are connected.
//!
//! The rooms: [`kind`] (the kind registry and each kind's health; [`cause`]: why a watch failed), [`launcher`], [`vm_record`]
//! and [`project`] (the projections), [`typed`] (a watched object read straight into its model
//! type) and [`raw`] (an event, read as JSON), [`caches`] (the
//! indexes; [`migration_index`]: migrations by VMI), [`watcher`] (the one watch loop and the
//! per-kind [`watcher::WatchedKind`]s), [`observed`] (a watch that is back marks its kind
//! healthy), [`mod@refresher`] (re-projection), [`release`] (repacking after lists) and
//! [`fleet_start`] (what a fleet's clusters wait for before their later lists).
//!
//! Each watcher is a kube-rs `watcher` (list in pages, then watch; after any error it backs off
//! ([`backoff`]: reset only by an answer) and starts again, resuming from the last resourceVersion or re-listing after `410 Gone`).
//! No raw object is kept: every object is read once off the wire into its model type
//! ([`Typed`]; events into JSON, [`Raw`]), projected at once into what Strata shows, and
//! dropped, so memory follows what is shown rather than what the cluster stores.
//!
//! * VMIs become their overview summary in the [`Store`], through
//!   [`model::VmiSummary::from_evidence`] over the VMI plus the compact launcher, node and
//!   migration state below. The full VMI is fetched when a page asks ([`crate::evidence`]).
//! * virt-launcher pods become a [`Launcher`] (name, uid, phase, Ready, node, reason), indexed by
//!   their VMI.
//! * Nodes (few) and migrations (what the migrations page lists) are kept as the model's typed
//!   objects, which hold only the fields Strata reads.
//! * VMs become a [`VmRecord`] (run strategy, the template's eviction strategy,
//!   printableStatus, the Ready/Failure/Paused conditions, startFailure), which the evidence
//!   bundle and drain impact read.
//! * Events about VMIs, VMs, migrations, virt-launcher pods and nodes ([`event_is_relevant`];
//!   the others are dropped as they arrive) go into the bounded per-object rings of
//!   [`crate::event_cache`]. An event does not re-project its VMI: the overview summary has no
//!   field that events change, so a VMI page learns of new events only when it fetches again.
//!
//! A re-list is buffered between `Init` and `InitDone` and applied as a diff, so browsers see no
//! gap and no flicker. When a launcher pod, node or migration changes in a way the overview shows,
//! the affected VMIs are re-projected by the [`refresher()`]: it GETs those VMIs (or lists them all
//! when many are affected) and replaces their summaries unless the store already has them from a
//! newer object. At start, the VMI watcher lists only once launcher pods, nodes and migrations
//! have synced (or failed, or a time limit passed; see [`start_all`]), so the first projection
//! already has them and the VMIs are not listed a second time; VMs and events, which no summary
//! reads, are listed only once the VMIs have synced ([`AFTER_VMIS`]). The wait is woken by each kind's
//! [`KindState`] (a tokio `watch` channel), not polled. Hand-written rather than kube-runtime's
//! reflector `Store::wait_until_ready`: that store keeps whole objects and is ready only after
//! its first `InitDone`, while Strata keeps projections and must stop waiting for a kind it may
//! not read (a failing watch).
//!
//! Memory: the projections share repeated short strings ([`crate::intern`]), keep no spare
//! capacity, and are repacked ([`release`]) once at start, after every kind's first list and off
//! the readiness path, and after every later re-list; then free heap pages are returned
//! ([`crate::memory`]).
//!
//! Every resource keeps a [`KindState`]: synced or not, the last error, the number of restarts.
//! A resource that the cluster does not serve or that Strata may not read stays unsynced, and the
//! evidence endpoint says so (`coverage`) instead of pretending that nothing exists.

pub mod backoff;
pub mod caches;
pub mod cause;
pub mod fleet_start;
pub mod kind;
pub mod launcher;
pub mod migration_index;
pub mod observed;
pub mod project;
pub mod raw;
pub mod refresher;
pub mod release;
pub mod typed;
pub mod vm_record;
pub mod watcher;

pub use caches::{Caches, Refresh};
pub use cause::Cause;
pub use fleet_start::FleetStart;
pub use kind::{Failing, Kind, KindState, Watched, vmi_resource};
pub use launcher::Launcher;
pub use project::{LAUNCHER_SELECTOR, event_is_relevant, summarize, typed, version};
pub use raw::Raw;
pub use refresher::refresher;
pub use typed::Typed;
pub use vm_record::{VM_CONDITIONS, VmCondition, VmRecord};
pub use watcher::{OnRestart, watch_kind};

use crate::memory;
use crate::store::Store;
use std::sync::Arc;
use std::time::Duration;

/// Objects per page of a list.
pub const PAGE_SIZE: u32 = 50;

/// Starts one cluster's watch set ([`start_cluster`]) and the process's periodic memory trim:
/// one cluster alone. (The console starts [`start_cluster`] for each cluster and the trim
/// once: [`crate::run`].) Returns their handles.
pub fn start_all<R: OnRestart>(
    client: kube::Client,
    caches: Arc<Caches>,
    store: Arc<Store>,
    restarts: Arc<R>,
) -> Vec<tokio::task::JoinHandle<()>> {
    let start = FleetStart::default();
    let mut tasks = start_cluster(
        client,
        caches,
        store,
        restarts,
        &start,
        tracing::Span::none(),
    );
    tasks.push(tokio::spawn(memory::trim_periodically()));
    tasks
}

/// Starts one watcher task per watched kind and the refresher, each in `span` (a further
/// cluster's, so its logs name it), the cluster joining the fleet's `start`. Returns their
/// handles.
///
/// VMs and events ([`AFTER_VMIS`]) are listed after the VMIs of every cluster of `start`:
/// readiness waits for neither ([`FleetStart`]).
///
/// The VMI watcher starts listing once the kinds a summary reads besides the VMI
/// ([`SUMMARY_INPUTS`]) have synced or failed, or after [`INPUTS_WAIT`]: the VMIs are then
/// projected with their launcher pods, nodes and migrations known, instead of being projected
/// without them and listed a second time by the [`refresher()`] (which would also send every
/// browser an upsert per VMI right after the first snapshot).
pub fn start_cluster<R: OnRestart>(
    client: kube::Client,
    caches: Arc<Caches>,
    store: Arc<Store>,
    restarts: Arc<R>,
    start: &FleetStart,
    span: tracing::Span,
) -> Vec<tokio::task::JoinHandle<()>> {
    use tracing::Instrument;
    start.join(&caches);
    let mut tasks: Vec<_> = Kind::WATCHED
        .iter()
        .map(|&kind| {
            let watch = watch_kind(
                client.clone(),
                caches.clone(),
                kind,
                store.clone(),
                restarts.clone(),
            );
            let caches = caches.clone();
            let start = start.clone();
            let task = async move {
                if kind == Kind::Vmi {
                    summary_inputs_settled(&caches, INPUTS_WAIT).await;
                } else if AFTER_VMIS.contains(&kind) {
                    start.vmis_settled(AFTER_VMIS_WAIT).await;
                }
                watch.await
            };
            tokio::spawn(task.instrument(span.clone()))
        })
        .collect();
    let refresh = refresher(client, caches.clone(), store.clone());
    tasks.push(tokio::spawn(refresh.instrument(span.clone())));
    let release = release::after_start(caches, store, START_WAIT);
    tasks.push(tokio::spawn(release.instrument(span)));
    tasks
}

/// The kinds a VMI's overview summary reads besides the VMI itself.
pub const SUMMARY_INPUTS: [Kind; 3] = [Kind::Pod, Kind::Node, Kind::Vmim];
/// The kinds neither `/readyz` nor the first snapshot needs (no summary reads them; a VMI's page
/// fetches what has not synced): listed once the VMIs of every cluster have synced or failed
/// (or after [`AFTER_VMIS_WAIT`]; [`FleetStart`]), so that their lists (as many VMs as VMIs, and
/// their events) do not compete with the VMIs' for the API server and the CPU on the way to
/// readiness.
pub const AFTER_VMIS: [Kind; 2] = [Kind::Vm, Kind::Event];
/// How long [`AFTER_VMIS`] wait for the VMIs before listing anyway.
pub const AFTER_VMIS_WAIT: Duration = Duration::from_secs(30);
/// How long the VMI watcher waits for [`SUMMARY_INPUTS`] before its first list.
pub const INPUTS_WAIT: Duration = Duration::from_secs(20);
/// How long the start's one compaction waits for every watched kind ([`release::after_start`]).
pub const START_WAIT: Duration = Duration::from_secs(60);

/// Returns once every one of [`SUMMARY_INPUTS`] has synced or failed (a kind Strata may not
/// read is not waited for), or after `limit`.
async fn summary_inputs_settled(caches: &Caches, limit: Duration) {
    kinds_settled(caches, &SUMMARY_INPUTS, limit).await
}

/// Returns once every one of `kinds` has synced or failed, or after `limit`. Woken by the kinds'
/// states, not polled.
pub(crate) async fn kinds_settled(caches: &Caches, kinds: &[Kind], limit: Duration) {
    let settled = async {
        loop {
            let each = kinds.iter().map(|&k| caches.get(k).state.settled());
            futures::future::join_all(each).await;
            // All at once, as a kind may have stopped failing before it synced.
            if kinds.iter().all(|&k| caches.get(k).state.is_settled()) {
                return;
            }
        }
    };
    let _ = tokio::time::timeout(limit, settled).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use parking_lot::Mutex;

    struct NoRestarts;
    impl OnRestart for NoRestarts {
        fn watch_restart(&self, _: Kind) {}
    }

    /// An API server that lists every kind (one VMI, nothing else; the VMIs after `vmis_after`),
    /// holds every watch open and notes the resource of each list as it answers, in order.
    async fn api(lists: Arc<Mutex<Vec<String>>>, vmis_after: Duration) -> String {
        use axum::body::Body;
        use axum::http::Uri;
        let app = axum::Router::new().fallback(move |uri: Uri| {
            let lists = lists.clone();
            async move {
                let ok = |body: Body| {
                    axum::response::Response::builder()
                        .header("content-type", "application/json")
                        .body(body)
                        .unwrap()
                };
                if uri.query().is_some_and(|q| q.contains("watch=")) {
                    let never =
                        futures::stream::pending::<Result<axum::body::Bytes, std::io::Error>>();
                    return ok(Body::from_stream(never));
                }
                let resource = uri.path().rsplit('/').next().unwrap_or("").to_string();
                if resource == "virtualmachineinstances" {
                    tokio::time::sleep(vmis_after).await;
                }
                let items = if resource == "virtualmachineinstances" {
                    serde_json::json!([{
                        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
                        "metadata": {"name": "a", "namespace": "ns", "resourceVersion": "7"},
                        "status": {"phase": "Running"}
                    }])
                } else {
                    serde_json::json!([])
                };
                lists.lock().push(resource);
                let list = serde_json::json!({
                    "apiVersion": "v1", "kind": "List",
                    "metadata": {"resourceVersion": "7"}, "items": items
                });
                ok(Body::from(list.to_string()))
            }
        });
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
            .await
            .unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        url
    }

    #[tokio::test]
    async fn vms_and_events_are_listed_after_the_vmis_have_synced() {
        // Issue 30: readiness waits for the VMIs alone; the lists of as many VMs and their
        // events used to run beside theirs and slow them down.
        let lists = Arc::new(Mutex::new(Vec::new()));
        let url = api(lists.clone(), Duration::ZERO).await;
        let client = kube::Client::try_from(kube::Config::new(url.parse().unwrap())).unwrap();
        let caches = Arc::new(Caches::new());
        let store = Arc::new(Store::new(100, 16));
        let tasks = start_all(client, caches.clone(), store.clone(), Arc::new(NoRestarts));
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        while !Kind::WATCHED.iter().all(|&k| caches.get(k).state.synced()) {
            assert!(std::time::Instant::now() < deadline, "every kind syncs");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let lists = lists.lock().clone();
        let at = |r: &str| lists.iter().position(|l| l == r).unwrap();
        let vmis = at("virtualmachineinstances");
        for input in ["pods", "nodes", "virtualmachineinstancemigrations"] {
            assert!(at(input) < vmis, "{input} before the VMIs: {lists:?}");
        }
        for later in ["virtualmachines", "events"] {
            assert!(at(later) > vmis, "{later} after the VMIs: {lists:?}");
        }
        for t in tasks {
            t.abort();
        }
    }

    #[tokio::test]
    async fn a_fleets_vms_and_events_are_listed_after_every_clusters_vmis() {
        // Issue 32: the first clusters to sync listed their VMs and events while the others
        // still listed their VMIs, on the same cores.
        let lists = Arc::new(Mutex::new(Vec::new()));
        let fast = api(lists.clone(), Duration::ZERO).await;
        let slow = api(lists.clone(), Duration::from_millis(1500)).await;
        let client = |url: &str| kube::Client::try_from(kube::Config::new(url.parse().unwrap()));
        let start = FleetStart::default();
        let store = Arc::new(Store::new(100, 16));
        let (a, b) = (Arc::new(Caches::new()), Arc::new(Caches::new()));
        let mut tasks = Vec::new();
        for (url, caches, name) in [(&fast, &a, "a"), (&slow, &b, "b")] {
            tasks.extend(start_cluster(
                client(url).unwrap(),
                caches.clone(),
                Arc::new(store.for_cluster(name)),
                Arc::new(NoRestarts),
                &start,
                tracing::Span::none(),
            ));
        }
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        let all = |c: &Caches| Kind::WATCHED.iter().all(|&k| c.get(k).state.synced());
        while !(all(&a) && all(&b)) {
            assert!(std::time::Instant::now() < deadline, "every kind syncs");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let lists = lists.lock().clone();
        let vmis: Vec<usize> = (0..lists.len())
            .filter(|&i| lists[i] == "virtualmachineinstances")
            .collect();
        assert_eq!(vmis.len(), 2, "{lists:?}");
        for later in ["virtualmachines", "events"] {
            let first = lists.iter().position(|l| l == later).unwrap();
            assert!(
                first > vmis[1],
                "{later} after both clusters' VMIs: {lists:?}"
            );
        }
        for t in tasks {
            t.abort();
        }
    }

    #[tokio::test]
    async fn the_vmi_list_waits_for_pods_nodes_and_migrations_to_settle() {
        let caches = Caches::new();
        let limit = Duration::from_millis(200);
        let t = std::time::Instant::now();
        summary_inputs_settled(&caches, limit).await;
        assert!(t.elapsed() >= limit, "nothing settled: waits out the limit");
        caches.pods.state.mark_synced();
        caches.nodes.state.mark_synced();
        // Migrations may not be read: a failed watch is not waited for.
        caches.vmims.state.failed("forbidden".into());
        let t = std::time::Instant::now();
        summary_inputs_settled(&caches, Duration::from_secs(30)).await;
        assert!(t.elapsed() < Duration::from_secs(5));
    }
}
