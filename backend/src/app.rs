//! The axum router: `fn app() -> Router`, tested with `oneshot` like axum's testing example.
//! The JSON shapes are those of [`model::api`].
//!
//! * `GET /api/v1/stream`: server-sent events, one stream per browser tab ([`model::wire`]).
//! * `GET /api/v1/vmis`, `/api/v1/vmis/{ns}/{name}` (evidence bundle),
//!   `/api/v1/vmis/{ns}/{name}/detail` (the VMI page, diagnosed here),
//!   `/api/v1/vmis/{ns}/{name}/guestagent/{sub}`, `/api/v1/vmis/{ns}/{name}/metrics`,
//!   `/api/v1/migrations`, `/api/v1/migrations/reports`, `/api/v1/nodes`,
//!   `/api/v1/nodes/{name}/drain`.
//! * `/k8s/...`: the read-only Kubernetes API proxy ([`crate::proxy`]).
//! * `/auth/signin`, `/auth/signout`: token mode's session ([`crate::auth`]).
//! * `GET /healthz`, `/readyz` (caches synced, cluster reachable), `/metrics`.
//! * everything else: the built frontend (`dist/`), `index.html` (with a fresh CSP nonce) for
//!   client-side routes.

use crate::api::SeriesGroup;
use crate::auth::{Access, Auth, Caller};
use crate::error::ApiErr;
use crate::guest::{self, Subresource};
use crate::metrics::Metrics;
use crate::proxy;
use crate::security;
use crate::series::{self, Prometheus, Range};
use crate::store::{Sequenced, Start, Store};
use crate::watch::{Caches, Kind};
use axum::extract::{DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{any, get};
use axum::{Form, Json, Router};
use futures::Stream;
use model::api::{GuestAgentResult, MigrationRow};
use model::detail::{GuestView, VmiDetail};
use model::evidence::{Evidence, Observed};
use model::migration::{MigrationContext, interpret};
use model::objects::{Node, Vm, Vmim};
use model::vmi::Vmi;
use model::wire::{EVENT_NAME, StreamMsg};
use serde::Deserialize;
use std::collections::{BTreeSet, VecDeque};
use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tower_http::compression::CompressionLayer;
use tower_http::sensitive_headers::SetSensitiveRequestHeadersLayer;
use tower_http::services::ServeDir;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

/// The largest request body accepted (the sign-in form).
pub const BODY_LIMIT: usize = 16 * 1024;
/// How long a JSON request may take.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Shared state of the router.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<Store>,
    pub caches: Arc<Caches>,
    pub metrics: Arc<Metrics>,
    pub auth: Arc<Auth>,
    pub prometheus: Option<Prometheus>,
    pub assets: Option<PathBuf>,
}

impl AppState {
    /// State for local mode without Prometheus (tests and simple callers).
    pub fn local(store: Arc<Store>, client: kube::Client) -> AppState {
        AppState {
            store,
            caches: Arc::new(Caches::new()),
            metrics: Arc::new(Metrics::default()),
            auth: Arc::new(Auth::new(crate::auth::Mode::Local, client)),
            prometheus: None,
            assets: None,
        }
    }
}

/// Builds the router. `assets` is the folder Trunk built (`dist/`); when it lacks an
/// `index.html`, pages answer 503 with what to run.
pub fn app(mut state: AppState, assets: Option<PathBuf>) -> Router {
    state.assets = assets.filter(|a| a.join("index.html").is_file());
    let json_api = Router::new()
        .route("/api/v1/vmis", get(vmis))
        .route("/api/v1/vmis/{ns}/{name}", get(evidence))
        .route("/api/v1/vmis/{ns}/{name}/detail", get(detail))
        .route(
            "/api/v1/vmis/{ns}/{name}/guestagent/{sub}",
            get(guest_agent),
        )
        .route("/api/v1/vmis/{ns}/{name}/metrics", get(metrics_series))
        .route("/api/v1/migrations", get(migrations))
        .route("/api/v1/migrations/reports", get(migration_reports))
        .route("/api/v1/nodes", get(nodes))
        .route("/api/v1/nodes/{name}/drain", get(drain))
        .route("/api/v1/{*rest}", any(api_not_found))
        .route("/auth/signin", get(signin_page).post(signin))
        .route("/auth/signout", axum::routing::post(signout))
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics_text))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::GATEWAY_TIMEOUT,
            REQUEST_TIMEOUT,
        ));
    // Long-lived: the push stream and proxied watches have no request timeout.
    let long = Router::new()
        .route("/api/v1/stream", get(stream))
        .route("/k8s/{*rest}", any(k8s));
    let mut router = json_api
        .merge(long)
        .route("/", get(index))
        .route("/index.html", get(index));
    router = match &state.assets {
        Some(dir) => router.fallback_service(
            ServeDir::new(dir)
                .append_index_html_on_directories(false)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(get(index).with_state(state.clone())),
        ),
        None => router.fallback(get(index)),
    };
    router
        .with_state(state)
        .layer(axum::middleware::from_fn(security::csrf))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(CompressionLayer::new())
        .layer(axum::middleware::from_fn(security::headers))
        .layer(TraceLayer::new_for_http())
        .layer(SetSensitiveRequestHeadersLayer::new([
            header::AUTHORIZATION,
            header::COOKIE,
            header::PROXY_AUTHORIZATION,
        ]))
}

fn check_name(what: &str, s: &str) -> Result<(), ApiErr> {
    if proxy::is_name(s) {
        Ok(())
    } else {
        Err(ApiErr::bad_request(format!(
            "{what} {s:?} is not a valid Kubernetes name (lower-case letters, digits, '-' and '.')"
        )))
    }
}

fn vmi_access(ns: &str) -> Access {
    Access::list("kubevirt.io", "virtualmachineinstances", Some(ns))
}

fn not_synced(kind: Kind) -> ApiErr {
    ApiErr::unavailable(format!(
        "Strata has not finished reading {} from the cluster yet; try again in a few seconds \
         (see /readyz).",
        kind.name()
    ))
}

async fn api_not_found() -> ApiErr {
    ApiErr::not_found("No such API endpoint; the endpoints are listed in model::api.")
}

/// Namespaces of the summaries `caller` may see (`None`: all).
async fn visible(state: &AppState, caller: &Caller) -> Result<Option<BTreeSet<String>>, ApiErr> {
    if matches!(caller, Caller::Local) {
        return Ok(None);
    }
    let all: BTreeSet<String> = state
        .store
        .items()
        .into_iter()
        .map(|s| s.key.namespace)
        .chain(
            state
                .caches
                .migrations()
                .iter()
                .filter_map(|m| m.metadata.namespace.clone()),
        )
        .collect();
    let ok = state
        .auth
        .visible_namespaces(caller, "kubevirt.io", "virtualmachineinstances", all)
        .await?;
    Ok(Some(ok.into_iter().collect()))
}

async fn vmis(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiErr> {
    let caller = state.auth.caller(&headers)?;
    let visible = visible(&state, &caller).await?;
    let items: Vec<_> = state
        .store
        .items()
        .into_iter()
        .filter(|s| {
            visible
                .as_ref()
                .is_none_or(|v| v.contains(&s.key.namespace))
        })
        .collect();
    Ok(Json(items).into_response())
}

/// The evidence bundle of `ns/name` as this caller may see it, with the guest agent's
/// `guestosinfo` answer (also returned as the API gave it, so a refusal stays distinct).
async fn bundle(
    state: &AppState,
    ns: &str,
    name: &str,
    headers: &HeaderMap,
) -> Result<(Evidence, Option<GuestAgentResult>), ApiErr> {
    let (ns, name) = (ns.to_string(), name.to_string());
    check_name("namespace", &ns)?;
    check_name("name", &name)?;
    let caller = state.auth.caller(headers)?;
    state.auth.require(&caller, &vmi_access(&ns)).await?;
    if !state.caches.vmis.state.synced() {
        return Err(not_synced(Kind::Vmi));
    }
    let fetched =
        crate::evidence::collect(&state.auth.local_client(), &state.caches, &ns, &name).await;
    let Some(mut bundle) = fetched.map_err(|e| {
        ApiErr::new(
            StatusCode::BAD_GATEWAY,
            format!("Strata could not read {ns}/{name} from the cluster: {e}"),
        )
    })?
    else {
        return Err(ApiErr::not_found(format!(
            "No VMI {ns}/{name} and no migration naming it: it may have been deleted, or the \
             name is misspelt."
        )));
    };
    // In token mode, show only the kinds this user may read.
    if !matches!(caller, Caller::Local) {
        let may = |g: &'static str, r: &str, n: Option<&str>| {
            let a = Access::list(g, r, n);
            let (auth, caller) = (state.auth.clone(), caller.clone());
            async move { auth.may(&caller, &a).await }
        };
        if !may("", "pods", Some(&ns)).await? {
            bundle.pods.clear();
            bundle.coverage.pods = false;
        }
        if !may("", "events", Some(&ns)).await? {
            bundle.events.clear();
            bundle.coverage.events = false;
        }
        if !may("kubevirt.io", "virtualmachineinstancemigrations", Some(&ns)).await? {
            bundle.migrations.clear();
            bundle.coverage.migrations = false;
        }
        if !may("kubevirt.io", "virtualmachines", Some(&ns)).await? {
            bundle.vm = None;
        }
        if !may("", "nodes", None).await? {
            bundle.nodes.clear();
            bundle.coverage.nodes = false;
        }
    }
    let mut raw = None;
    if bundle.vmi.is_some() {
        let client = state.auth.client(&caller)?;
        let answer = guest::call(&client, &ns, &name, Subresource::GuestOsInfo).await;
        bundle.guest_agent = Some(Observed::new(answer.answer(), Some(crate::evidence::now())));
        raw = Some(answer);
    }
    Ok((bundle, raw))
}

async fn evidence(
    State(state): State<AppState>,
    Path((ns, name)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    let (bundle, _) = bundle(&state, &ns, &name, &headers).await?;
    Ok(Json(bundle).into_response())
}

/// The VMI page: the bundle diagnosed against the server's clock, explanations resolved.
async fn detail(
    State(state): State<AppState>,
    Path((ns, name)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    let (bundle, guest) = bundle(&state, &ns, &name, &headers).await?;
    let mut detail = VmiDetail::build(&bundle, Some(crate::evidence::now()));
    if let Some(answer) = &guest {
        detail.guest = GuestView::from_api(answer);
    }
    Ok(Json(detail).into_response())
}

async fn guest_agent(
    State(state): State<AppState>,
    Path((ns, name, sub)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    check_name("namespace", &ns)?;
    check_name("name", &name)?;
    let Some(sub) = Subresource::parse(&sub) else {
        return Err(ApiErr::not_found(format!(
            "Unknown guest agent subresource {sub:?}; use guestosinfo, userlist or filesystemlist."
        )));
    };
    let caller = state.auth.caller(&headers)?;
    let client = state.auth.client(&caller)?;
    Ok(Json(guest::call(&client, &ns, &name, sub).await).into_response())
}

#[derive(Deserialize)]
struct SeriesParams {
    set: Option<String>,
    range: Option<u64>,
    step: Option<u64>,
}

async fn metrics_series(
    State(state): State<AppState>,
    Path((ns, name)): Path<(String, String)>,
    Query(p): Query<SeriesParams>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    check_name("namespace", &ns)?;
    check_name("name", &name)?;
    let group = match p.set.as_deref().unwrap_or("domain") {
        "domain" => SeriesGroup::Domain,
        "migration" => SeriesGroup::Migration,
        other => {
            return Err(ApiErr::bad_request(format!(
                "set={other:?} is not a series group; use set=domain or set=migration"
            )));
        }
    };
    let end = crate::evidence::now().0 as f64 / 1000.0;
    let range = Range::ending_at(end, p.range, p.step).map_err(ApiErr::bad_request)?;
    let caller = state.auth.caller(&headers)?;
    state.auth.require(&caller, &vmi_access(&ns)).await?;
    let set = match &state.prometheus {
        None => series::unconfigured(),
        Some(prom) => prom.series(group, &ns, &name, range).await,
    };
    Ok(Json(set).into_response())
}

/// The migrations this caller may see, sorted by namespace and name.
async fn visible_migrations(state: &AppState, headers: &HeaderMap) -> Result<Vec<Vmim>, ApiErr> {
    let caller = state.auth.caller(headers)?;
    if !state.caches.vmims.state.synced() {
        return Err(not_synced(Kind::Vmim));
    }
    let visible = visible(state, &caller).await?;
    let mut list: Vec<Vmim> = state
        .caches
        .migrations()
        .iter()
        .filter(|m| {
            visible
                .as_ref()
                .is_none_or(|v| v.contains(m.metadata.namespace()))
        })
        .map(|m| (**m).clone())
        .collect();
    list.sort_by(|a, b| {
        (a.metadata.namespace(), a.metadata.name())
            .cmp(&(b.metadata.namespace(), b.metadata.name()))
    });
    Ok(list)
}

async fn migrations(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiErr> {
    Ok(Json(visible_migrations(&state, &headers).await?).into_response())
}

/// The migrations page: every visible VMIM interpreted, newest first.
async fn migration_reports(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    let now = Some(crate::evidence::now());
    let mut rows: Vec<MigrationRow> = visible_migrations(&state, &headers)
        .await?
        .iter()
        .map(|m| MigrationRow {
            created: m.metadata.created(),
            report: interpret(
                Some(m),
                &MigrationContext {
                    now,
                    ..Default::default()
                },
            ),
        })
        .collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.created));
    Ok(Json(rows).into_response())
}

async fn nodes(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiErr> {
    let caller = state.auth.caller(&headers)?;
    state
        .auth
        .require(&caller, &Access::list("", "nodes", None))
        .await?;
    if !state.caches.nodes.state.synced() {
        return Err(not_synced(Kind::Node));
    }
    let mut list: Vec<Node> = state.caches.nodes().iter().map(|n| (**n).clone()).collect();
    list.sort_by(|a, b| a.metadata.name().cmp(b.metadata.name()));
    Ok(Json(list).into_response())
}

async fn drain(
    State(state): State<AppState>,
    Path(node): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    check_name("node", &node)?;
    let caller = state.auth.caller(&headers)?;
    state
        .auth
        .require(&caller, &Access::list("", "nodes", None))
        .await?;
    if !state.caches.vmis.state.synced() {
        return Err(not_synced(Kind::Vmi));
    }
    if state.caches.nodes.state.synced() && state.caches.node(&node).is_none() {
        return Err(ApiErr::not_found(format!("No node named {node}.")));
    }
    let visible = visible(&state, &caller).await?;
    let in_view = |ns: Option<&String>| {
        visible
            .as_ref()
            .is_none_or(|v| ns.is_some_and(|n| v.contains(n)))
    };
    // The VMIs are fetched now (the store keeps summaries); the VMs come from their watch. If
    // VMs cannot be read at all (not served, or forbidden), the report goes without them, as it
    // would for a VMI without a VM.
    let vm_state = &state.caches.vms.state;
    if !vm_state.synced() && vm_state.last_error().is_none() {
        return Err(not_synced(Kind::Vm));
    }
    let client = state.auth.local_client();
    let vmis = crate::evidence::list(&client, Kind::Vmi, None, kube::api::ListParams::default())
        .await
        .map_err(|e| ApiErr::new(StatusCode::BAD_GATEWAY, e))?;
    let vmis: Vec<Vmi> = vmis
        .iter()
        .filter(|o| in_view(o.metadata.namespace.as_ref()))
        .map(|o| Vmi::from_value(&crate::evidence::value(o)))
        .collect();
    let vms: Vec<Vm> = state
        .caches
        .vms()
        .into_iter()
        .filter(|v| in_view(v.metadata.namespace.as_ref()))
        .collect();
    Ok(Json(model::drain::drain_impact(&node, &vmis, &vms, None)).into_response())
}

async fn readyz(State(state): State<AppState>) -> Response {
    let resources: Vec<serde_json::Value> = Kind::ALL
        .iter()
        .map(|&k| {
            let s = &state.caches.get(k).state;
            serde_json::json!({
                "resource": k.name(), "watched": k.watched(), "synced": s.synced(),
                "healthy": s.healthy(), "restarts": s.restarts(), "error": s.last_error(),
            })
        })
        .collect();
    // The overview needs VMIs; other kinds may be absent or forbidden and are reported, not
    // required. A failing VMI watch means the cluster is not reachable now.
    let vmis = &state.caches.vmis.state;
    let ready = state.store.synced() && (vmis.healthy() || !vmis.synced());
    let ready = ready && vmis.last_error().is_none();
    let code = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (
        code,
        Json(serde_json::json!({"ready": ready, "resources": resources})),
    )
        .into_response()
}

async fn metrics_text(State(state): State<AppState>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; version=0.0.4"),
        )],
        state.metrics.render(&state.caches, state.store.len()),
    )
        .into_response()
}

// ---- the push stream ----

fn sse_event(seq: u64, msg: &StreamMsg) -> Event {
    Event::default()
        .id(seq.to_string())
        .event(EVENT_NAME)
        .json_data(msg)
        .unwrap_or_else(|_| Event::default().comment("unserializable message"))
}

/// Too slow: drop what is queued and start again from a snapshot.
fn resync(st: &mut StreamState) -> Sequenced {
    st.rx = st.rx.resubscribe();
    st.pending.clear();
    st.state
        .metrics
        .stream_resyncs
        .fetch_add(1, Ordering::Relaxed);
    st.state.store.snapshot()
}

/// Decrements the connected-clients gauge when a stream ends.
struct ClientGuard(Arc<Metrics>);

impl Drop for ClientGuard {
    fn drop(&mut self) {
        self.0.connected_clients.fetch_sub(1, Ordering::Relaxed);
    }
}

struct StreamState {
    /// The stream fell behind while coalescing: send a snapshot next.
    resync: bool,
    /// When the last event went out, and whether it was full ([`MAX_BATCH`]).
    sent: Option<(tokio::time::Instant, bool)>,
    pending: VecDeque<Sequenced>,
    rx: tokio::sync::broadcast::Receiver<Sequenced>,
    after: u64,
    state: AppState,
    caller: Caller,
    _guard: ClientGuard,
}

/// What of `msg` the caller may see (`None`: nothing).
async fn filter_msg(
    state: &AppState,
    caller: &Caller,
    msg: &Arc<StreamMsg>,
) -> Result<Option<Arc<StreamMsg>>, ApiErr> {
    if matches!(caller, Caller::Local) {
        return Ok(Some(msg.clone()));
    }
    match &**msg {
        StreamMsg::Snapshot { items, synced } => {
            let nss: BTreeSet<String> = items.iter().map(|s| s.key.namespace.clone()).collect();
            let ok: BTreeSet<String> = state
                .auth
                .visible_namespaces(caller, "kubevirt.io", "virtualmachineinstances", nss)
                .await?
                .into_iter()
                .collect();
            Ok(Some(Arc::new(StreamMsg::Snapshot {
                items: items
                    .iter()
                    .filter(|s| ok.contains(&s.key.namespace))
                    .cloned()
                    .collect(),
                synced: *synced,
            })))
        }
        StreamMsg::Upsert { item } => Ok(state
            .auth
            .may(caller, &vmi_access(&item.key.namespace))
            .await?
            .then(|| msg.clone())),
        StreamMsg::Delete { key } => Ok(state
            .auth
            .may(caller, &vmi_access(&key.namespace))
            .await?
            .then(|| msg.clone())),
        // The store never publishes batches: streams build them after filtering.
        StreamMsg::Batch { .. } => Ok(None),
    }
}

/// At most this many messages go out in one SSE event.
const MAX_BATCH: usize = 512;
/// A change that comes less than this after the last event is part of a burst...
const BURST_GAP: Duration = Duration::from_millis(10);
/// ...and waits, gathering what else comes meanwhile, until this long after that event. A
/// burst of 1,000 changes (10% of 10,000 VMIs) then costs the browser about one event per
/// `BURST_PACE` rather than one per change; a lone change still goes out at once.
const BURST_PACE: Duration = Duration::from_millis(50);

async fn stream(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiErr> {
    let caller = state.auth.caller(&headers)?;
    let last_seen = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let (start, rx) = state.store.subscribe(last_seen);
    let pending: VecDeque<Sequenced> = match start {
        Start::Resume(missed) => missed.into(),
        Start::Snapshot(s) => VecDeque::from([s]),
    };
    let after = pending
        .back()
        .map(|(s, _)| *s)
        .unwrap_or(last_seen.unwrap_or(0));
    state
        .metrics
        .connected_clients
        .fetch_add(1, Ordering::Relaxed);
    let st = StreamState {
        resync: false,
        sent: None,
        pending,
        rx,
        after,
        _guard: ClientGuard(state.metrics.clone()),
        state,
        caller,
    };
    let events = futures::stream::unfold(st, |mut st| async move {
        loop {
            let (seq, msg) = match st.pending.pop_front() {
                Some(m) => m,
                None if st.resync => {
                    st.resync = false;
                    resync(&mut st)
                }
                None => match st.rx.recv().await {
                    // Messages already covered by the snapshot or resume are skipped.
                    Ok(m) if m.0 <= st.after => continue,
                    Ok(m) => m,
                    Err(RecvError::Lagged(_)) => resync(&mut st),
                    Err(RecvError::Closed) => return None,
                },
            };
            st.after = st.after.max(seq);
            let first = match filter_msg(&st.state, &st.caller, &msg).await {
                Ok(Some(m)) => m,
                Ok(None) => continue,
                // The session ended or the access review failed: close; the browser reconnects.
                Err(_) => return None,
            };
            // In a burst, wait for more of it (see `BURST_PACE`); what arrives meanwhile is
            // taken off the channel, so waiting never makes the stream lag.
            if let Some((at, false)) = st.sent
                && at.elapsed() < BURST_GAP
            {
                let until = tokio::time::sleep_until(at + BURST_PACE);
                tokio::pin!(until);
                loop {
                    tokio::select! {
                        _ = &mut until => break,
                        m = st.rx.recv() => match m {
                            Ok(m) if m.0 <= st.after => {}
                            Ok(m) => st.pending.push_back(m),
                            Err(RecvError::Lagged(_)) => {
                                st.resync = true;
                                break;
                            }
                            Err(RecvError::Closed) => break,
                        },
                    }
                }
            }
            // Whatever else is already waiting goes out in the same event: a burst of changes
            // costs the browser one message, and a lone change waits for nothing.
            let mut msgs = vec![first];
            let mut last = seq;
            while msgs.len() < MAX_BATCH {
                let (seq, msg) = match st.pending.pop_front() {
                    Some(m) => m,
                    None => match st.rx.try_recv() {
                        Ok(m) if m.0 <= st.after => continue,
                        Ok(m) => m,
                        Err(TryRecvError::Lagged(_)) => {
                            st.resync = true;
                            break;
                        }
                        Err(_) => break,
                    },
                };
                st.after = st.after.max(seq);
                last = seq;
                match filter_msg(&st.state, &st.caller, &msg).await {
                    Ok(Some(m)) => msgs.push(m),
                    Ok(None) => {}
                    Err(_) => break,
                }
            }
            st.state
                .metrics
                .events_fanned_out
                .fetch_add(msgs.len() as u64, Ordering::Relaxed);
            st.sent = Some((tokio::time::Instant::now(), msgs.len() >= MAX_BATCH));
            let event = if msgs.len() == 1 {
                sse_event(last, &msgs[0])
            } else {
                let msgs = msgs.iter().map(|m| (**m).clone()).collect();
                sse_event(last, &StreamMsg::Batch { msgs })
            };
            return Some((Ok(event), st));
        }
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

// ---- the Kubernetes API proxy ----

async fn k8s(State(state): State<AppState>, req: Request) -> Response {
    let allowed = match proxy::check(req.method(), req.uri()) {
        Ok(a) => a,
        Err(r) => {
            state.metrics.proxy_refused.fetch_add(1, Ordering::Relaxed);
            tracing::warn!(
                method = %req.method(),
                path = %req.uri().path().chars().take(200).collect::<String>(),
                reason = r.reason,
                "proxy request refused"
            );
            return ApiErr::new(
                r.status,
                format!(
                    "The Kubernetes API proxy only forwards GET requests for read-only KubeVirt \
                     and core resources; refused: {}.",
                    r.reason
                ),
            )
            .into_response();
        }
    };
    let caller = match state.auth.caller(req.headers()) {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    let client = match state.auth.client(&caller) {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    let upstream = match axum::http::Request::get(&allowed.path_and_query)
        .header(header::ACCEPT, "application/json")
        .body(kube::client::Body::from(Vec::new()))
    {
        Ok(r) => r,
        Err(e) => return ApiErr::bad_request(e.to_string()).into_response(),
    };
    state
        .metrics
        .proxy_forwarded
        .fetch_add(1, Ordering::Relaxed);
    match client.send(upstream).await {
        Ok(res) => {
            let (parts, body) = res.into_parts();
            let mut out = Response::new(axum::body::Body::new(body));
            *out.status_mut() = parts.status;
            if let Some(ct) = parts.headers.get(header::CONTENT_TYPE) {
                out.headers_mut().insert(header::CONTENT_TYPE, ct.clone());
            }
            out
        }
        Err(e) => ApiErr::new(
            StatusCode::BAD_GATEWAY,
            format!("The Kubernetes API server could not be reached: {e}"),
        )
        .into_response(),
    }
}

// ---- pages and sessions ----

async fn index(State(state): State<AppState>, headers: HeaderMap) -> Response {
    if state.auth.is_token_mode() && crate::auth::session_token(&headers).is_none() {
        return Redirect::to("/auth/signin").into_response();
    }
    let Some(dir) = &state.assets else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "The Strata frontend is not built. Run `cargo xtask demo` or `cargo xtask build` \
             (or pass --assets pointing at Trunk's dist folder).",
        )
            .into_response();
    };
    match tokio::fs::read_to_string(dir.join("index.html")).await {
        Ok(html) => security::html_page(StatusCode::OK, &html),
        Err(e) => ApiErr::unavailable(format!("cannot read index.html: {e}")).into_response(),
    }
}

fn signin_html(message: Option<&str>) -> String {
    let message = message
        .map(|m| format!("<p class=\"error\" role=\"alert\">{}</p>", escape_html(m)))
        .unwrap_or_default();
    format!(
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in — Strata</title>
<style nonce="{placeholder}">
body {{ font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; }}
textarea {{ width: 100%; min-height: 8rem; font-family: monospace; }}
.error {{ color: #b00020; }}
</style></head>
<body><h1>Sign in to Strata</h1>
{message}
<p>Paste a Kubernetes bearer token (for example from <code>kubectl create token NAME</code>).
Strata keeps it in an HttpOnly cookie and makes every cluster call as you; you see only what
your account may read.</p>
<form method="post" action="/auth/signin">
<label for="token">Bearer token</label>
<textarea id="token" name="token" autocomplete="off" spellcheck="false" required></textarea>
<p><button type="submit">Sign in</button></p>
</form></body></html>"#,
        placeholder = security::NONCE_PLACEHOLDER
    )
}

fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

async fn signin_page(State(state): State<AppState>) -> Response {
    if !state.auth.is_token_mode() {
        return Redirect::to("/").into_response();
    }
    security::html_page(StatusCode::OK, &signin_html(None))
}

#[derive(Deserialize)]
struct SigninForm {
    token: String,
}

async fn signin(State(state): State<AppState>, Form(form): Form<SigninForm>) -> Response {
    let crate::auth::Mode::Token { base, .. } = &state.auth.mode else {
        return Redirect::to("/").into_response();
    };
    let token = form.token.trim();
    if !crate::auth::token_is_well_formed(token) {
        return security::html_page(
            StatusCode::BAD_REQUEST,
            &signin_html(Some(
                "That does not look like a bearer token (visible characters only, no spaces).",
            )),
        );
    }
    let client = match crate::cluster::client_for_token(base, token) {
        Ok(c) => c,
        Err(e) => {
            return security::html_page(
                StatusCode::INTERNAL_SERVER_ERROR,
                &signin_html(Some(&format!("Cannot build a client: {e}"))),
            );
        }
    };
    // Any answer but 401 means the API server accepted the token.
    let probe = Access::list("kubevirt.io", "virtualmachineinstances", None);
    match crate::auth::review(&client, &probe).await {
        Ok(_) => {
            tracing::info!("session started");
            let cookie = crate::auth::session_cookie(token, state.auth.secure_cookie());
            let mut res = Redirect::to("/").into_response();
            if let Ok(v) = HeaderValue::from_str(&cookie) {
                res.headers_mut().insert(header::SET_COOKIE, v);
            }
            res
        }
        Err(e) if e.status == StatusCode::UNAUTHORIZED => security::html_page(
            StatusCode::UNAUTHORIZED,
            &signin_html(Some(
                "The API server did not accept this token (expired, revoked or mistyped).",
            )),
        ),
        Err(e) => security::html_page(StatusCode::BAD_GATEWAY, &signin_html(Some(&e.message))),
    }
}

async fn signout(State(state): State<AppState>) -> Response {
    let mut res = Redirect::to("/auth/signin").into_response();
    if let Ok(v) = HeaderValue::from_str(&crate::auth::clear_cookie(state.auth.secure_cookie())) {
        res.headers_mut().insert(header::SET_COOKIE, v);
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    fn summary(name: &str, phase: &str) -> model::VmiSummary {
        model::VmiSummary::from_vmi(&model::vmi::Vmi::from_value(&serde_json::json!({
            "metadata": {"name": name, "namespace": "ns"}, "status": {"phase": phase}
        })))
    }

    /// A client for an address nothing listens on (these tests never reach a cluster).
    fn offline_client() -> kube::Client {
        kube::Client::try_from(kube::Config::new("http://127.0.0.1:9".parse().unwrap())).unwrap()
    }

    #[tokio::test]
    async fn vmis_and_readiness() {
        let store = Arc::new(Store::new(100, 16));
        let app = app(AppState::local(store.clone(), offline_client()), None);
        let res = app
            .clone()
            .oneshot(Request::get("/readyz").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        store.replace_all(vec![summary("a", "Running")]);
        let res = app
            .clone()
            .oneshot(Request::get("/readyz").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let res = app
            .clone()
            .oneshot(Request::get("/api/v1/vmis").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.headers()["x-content-type-options"], "nosniff");
        assert_eq!(res.headers()["referrer-policy"], "no-referrer");
        assert!(
            res.headers()["content-security-policy"]
                .to_str()
                .unwrap()
                .contains("frame-ancestors 'none'")
        );
        let body = res.into_body().collect().await.unwrap().to_bytes();
        let items: Vec<model::VmiSummary> = serde_json::from_slice(&body).unwrap();
        assert_eq!(items, vec![summary("a", "Running")]);
        let res = app
            .clone()
            .oneshot(Request::get("/vmi/ns/a").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        let res = app
            .oneshot(Request::get("/api/v1/nope").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let body = res.into_body().collect().await.unwrap().to_bytes();
        let err: crate::api::ApiError = serde_json::from_slice(&body).unwrap();
        assert_eq!(err.code, 404);
    }

    #[tokio::test]
    async fn stream_starts_with_snapshot_then_resumes_from_last_event_id() {
        let store = Arc::new(Store::new(100, 16));
        store.replace_all(vec![summary("a", "Running")]);
        let state = AppState::local(store.clone(), offline_client());
        let metrics = state.metrics.clone();
        let app = app(state, None);
        let res = app
            .clone()
            .oneshot(Request::get("/api/v1/stream").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.headers()["content-type"], "text/event-stream");
        let mut body = res.into_body();
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        let text = String::from_utf8(frame.to_vec()).unwrap();
        assert!(text.contains("{\"snapshot\":"), "{text}");
        let seq = store.snapshot().0;
        assert!(text.contains(&format!("id: {seq}")), "{text}");
        assert_eq!(metrics.connected_clients.load(Ordering::Relaxed), 1);
        store.upsert(summary("a", "Paused"));
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        assert!(matches!(
            frame_messages(&frame).concat().as_slice(),
            [StreamMsg::Upsert { item }] if item.phase == "Paused"
        ));
        drop(body);
        assert_eq!(metrics.connected_clients.load(Ordering::Relaxed), 0);
        assert_eq!(metrics.events_fanned_out.load(Ordering::Relaxed), 2);

        store.upsert(summary("b", "Pending"));
        let req = Request::get("/api/v1/stream")
            .header("last-event-id", seq.to_string())
            .body(Body::empty())
            .unwrap();
        let mut body = app.oneshot(req).await.unwrap().into_body();
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        let text = String::from_utf8(frame.to_vec()).unwrap();
        assert!(
            text.contains("{\"upsert\":") && text.contains("Paused"),
            "{text}"
        );
    }

    /// A stream on a store holding one VMI `a`: the store, and the body once its snapshot frame
    /// was read.
    async fn stream_past_snapshot() -> (Arc<Store>, Body) {
        let store = Arc::new(Store::new(1000, 1000));
        store.replace_all(vec![summary("a", "Running")]);
        let app = app(AppState::local(store.clone(), offline_client()), None);
        let res = app
            .oneshot(Request::get("/api/v1/stream").body(Body::empty()).unwrap())
            .await
            .unwrap();
        let mut body = res.into_body();
        let snapshot = body.frame().await.unwrap().unwrap().into_data().unwrap();
        assert!(String::from_utf8_lossy(&snapshot).contains("{\"snapshot\":"));
        (store, body)
    }

    #[tokio::test]
    async fn a_burst_already_waiting_goes_out_as_one_batch() {
        let (store, mut body) = stream_past_snapshot().await;
        // 50 changes land before the stream is polled again.
        for i in 0..50 {
            store.upsert(summary(&format!("v{i:02}"), "Pending"));
        }
        let last = store.snapshot().0;
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        let text = String::from_utf8(frame.to_vec()).unwrap();
        assert!(text.contains(&format!("id: {last}\n")), "{text}");
        let data = text
            .lines()
            .find_map(|l| l.strip_prefix("data: "))
            .expect("a data line");
        let msg: StreamMsg = serde_json::from_str(data).unwrap();
        let msgs = msg.into_messages();
        assert_eq!(msgs.len(), 50, "one event carries the whole burst");
        assert!(matches!(&msgs[49], StreamMsg::Upsert { item } if item.key.name == "v49"));
    }

    /// The `data` lines of the SSE events in `frame`, parsed, with the messages each carries.
    fn frame_messages(frame: &[u8]) -> Vec<Vec<StreamMsg>> {
        String::from_utf8_lossy(frame)
            .lines()
            .filter_map(|l| l.strip_prefix("data: "))
            .map(|d| {
                serde_json::from_str::<StreamMsg>(d)
                    .unwrap()
                    .into_messages()
            })
            .collect()
    }

    #[tokio::test(start_paused = true)]
    async fn a_lone_change_goes_at_once_and_a_burst_in_a_few_events() {
        use tokio::time::Instant;
        let (store, mut body) = stream_past_snapshot().await;
        tokio::time::sleep(Duration::from_secs(1)).await;
        let t = Instant::now();
        store.upsert(summary("a", "Paused"));
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        assert_eq!(frame_messages(&frame).concat().len(), 1);
        assert!(
            t.elapsed() < Duration::from_millis(1),
            "a lone change waits for nothing"
        );

        tokio::time::sleep(Duration::from_secs(1)).await;
        // 200 changes, one every millisecond.
        let writer = {
            let store = store.clone();
            tokio::spawn(async move {
                for i in 0..200 {
                    store.upsert(summary(&format!("v{i:03}"), "Pending"));
                    tokio::time::sleep(Duration::from_millis(1)).await;
                }
            })
        };
        let t = Instant::now();
        let (mut events, mut seen) = (0, Vec::new());
        while seen.len() < 200 {
            let frame = body.frame().await.unwrap().unwrap();
            let Ok(frame) = frame.into_data() else {
                continue;
            };
            for msgs in frame_messages(&frame) {
                events += 1;
                seen.extend(msgs);
            }
        }
        writer.await.unwrap();
        assert!(
            matches!(&seen[199], StreamMsg::Upsert { item } if item.key.name == "v199"),
            "in order"
        );
        let bound = 2 + t.elapsed().as_millis() / BURST_PACE.as_millis();
        assert!(
            (events as u128) <= bound,
            "{events} events for 200 changes over {:?}",
            t.elapsed()
        );
        assert!(t.elapsed() < Duration::from_millis(200) + 2 * BURST_PACE);
    }

    #[tokio::test]
    async fn slow_stream_is_cut_to_a_snapshot() {
        let store = Arc::new(Store::new(1000, 4));
        store.replace_all(vec![summary("a", "Running")]);
        let state = AppState::local(store.clone(), offline_client());
        let metrics = state.metrics.clone();
        let app = app(state, None);
        let res = app
            .oneshot(Request::get("/api/v1/stream").body(Body::empty()).unwrap())
            .await
            .unwrap();
        let mut body = res.into_body();
        let _snapshot = body.frame().await.unwrap().unwrap();
        // Far more changes than the channel holds, while the client reads nothing.
        for i in 0..50 {
            store.upsert(summary(&format!("v{i}"), "Running"));
        }
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        let text = String::from_utf8(frame.to_vec()).unwrap();
        assert!(text.contains("{\"snapshot\":"), "{text}");
        assert!(text.contains("v49"), "the resync holds the latest state");
        assert_eq!(metrics.stream_resyncs.load(Ordering::Relaxed), 1);
    }

    #[tokio::test]
    async fn bad_names_and_series_parameters_are_explained() {
        let store = Arc::new(Store::new(100, 16));
        let app = app(AppState::local(store, offline_client()), None);
        for (uri, code) in [
            ("/api/v1/vmis/Bad_NS/x", StatusCode::BAD_REQUEST),
            (
                "/api/v1/vmis/ns/x/metrics?set=disk",
                StatusCode::BAD_REQUEST,
            ),
            ("/api/v1/vmis/ns/x/metrics?range=0", StatusCode::BAD_REQUEST),
            (
                "/api/v1/vmis/ns/x/guestagent/console",
                StatusCode::NOT_FOUND,
            ),
            ("/api/v1/vmis/ns/x", StatusCode::SERVICE_UNAVAILABLE),
        ] {
            let res = app
                .clone()
                .oneshot(Request::get(uri).body(Body::empty()).unwrap())
                .await
                .unwrap();
            assert_eq!(res.status(), code, "{uri}");
            let body = res.into_body().collect().await.unwrap().to_bytes();
            let err: crate::api::ApiError = serde_json::from_slice(&body).unwrap();
            assert!(err.error.len() > 20, "{uri}: {}", err.error);
        }
        let res = app
            .oneshot(
                Request::get("/api/v1/vmis/ns/x/metrics?set=migration")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        let body = res.into_body().collect().await.unwrap().to_bytes();
        let set: crate::api::SeriesSet = serde_json::from_slice(&body).unwrap();
        assert!(!set.available);
        assert!(set.message.unwrap().contains("--prometheus-url"));
    }

    #[tokio::test]
    async fn cross_site_posts_are_refused() {
        let store = Arc::new(Store::new(100, 16));
        let app = app(AppState::local(store, offline_client()), None);
        let res = app
            .clone()
            .oneshot(
                Request::post("/auth/signout")
                    .header("host", "127.0.0.1:8080")
                    .header("origin", "http://evil.example")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        let res = app
            .oneshot(
                Request::post("/auth/signout")
                    .header("host", "127.0.0.1:8080")
                    .header("origin", "http://127.0.0.1:8080")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
}
