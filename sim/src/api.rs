//! HTTP routes of the simulated API server.
//!
//! Paths follow the Kubernetes layout (`/api/v1/...` for the core group, `/apis/{group}/{version}/...`
//! for others) and are parsed by one handler, [`resource_request`], so every resource gets the same
//! get / list / watch semantics: `resourceVersion`, `limit`/`continue`, `labelSelector`,
//! `fieldSelector`, `allowWatchBookmarks`, `timeoutSeconds`, `sendInitialEvents`, and `Table`
//! answers for `kubectl get`. Errors are Kubernetes `Status` objects. A middleware applies the
//! API faults (restart, slowness) and bearer-token authentication.
// Handlers return ready-made error responses; boxing them would only add noise.
#![allow(clippy::result_large_err)]

use crate::auth::{self, Attributes};
use crate::selectors::{FieldSelector, LabelSelector, Selectors};
use crate::store::{self, Change, Resource};
use crate::table::{self, IncludeObject};
use crate::{Shared, discovery, guestagent, metrics, promql};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures::StreamExt;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

type Line = Result<Bytes, std::convert::Infallible>;

/// The caller, as authenticated by the middleware (None when authentication is off).
#[derive(Clone, Debug)]
pub struct Caller(pub Option<auth::User>);

/// The router of the simulated cluster.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route(
            "/version",
            get(|| async { axum::Json(discovery::version()) }),
        )
        .route(
            "/api",
            get(|| async { axum::Json(discovery::api_versions()) }),
        )
        .route(
            "/apis",
            get(|| async { axum::Json(discovery::api_groups()) }),
        )
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(|| async { "ok" }))
        .route("/livez", get(|| async { "ok" }))
        .route("/metrics", get(metrics::handler))
        .route("/api/v1/query", get(promql::query).post(promql::query_post))
        .route(
            "/api/v1/query_range",
            get(promql::query_range).post(promql::query_range_post),
        )
        .route("/-/ready", get(promql::ready))
        .route("/-/healthy", get(promql::ready))
        .nest("/_sim", crate::control::router())
        .fallback(resource_request)
        .layer(middleware::from_fn_with_state(shared.clone(), gate))
        .with_state(shared)
}

fn exempt(path: &str) -> bool {
    path.starts_with("/_sim")
        || path == "/metrics"
        || path.starts_with("/api/v1/query")
        || path.starts_with("/-/")
        || matches!(path, "/healthz" | "/readyz" | "/livez")
}

/// Faults and authentication in front of the Kubernetes API.
async fn gate(State(shared): State<Arc<Shared>>, mut req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    if exempt(&path) {
        return next.run(req).await;
    }
    if shared.faults.api_down() {
        return status_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "ServiceUnavailable",
            "the server is currently unable to handle the request",
            None,
        );
    }
    let slow = shared.faults.slow();
    if !slow.is_zero() {
        tokio::time::sleep(slow).await;
    }
    let caller = match &shared.auth {
        None => Caller(None),
        Some(policy) => {
            let token = req
                .headers()
                .get(header::AUTHORIZATION)
                .and_then(|h| h.to_str().ok())
                .and_then(|h| h.strip_prefix("Bearer "))
                .map(str::trim);
            match token.and_then(|t| policy.user(t)) {
                Some(u) => Caller(Some(u.clone())),
                None => {
                    return status_error(
                        StatusCode::UNAUTHORIZED,
                        "Unauthorized",
                        "Unauthorized",
                        None,
                    );
                }
            }
        }
    };
    req.extensions_mut().insert(caller);
    next.run(req).await
}

/// A Kubernetes `Status` error response.
pub fn status_error(
    code: StatusCode,
    reason: &str,
    message: &str,
    details: Option<Value>,
) -> Response {
    let mut s = status_object(code.as_u16(), reason, message);
    if let Some(d) = details {
        s["details"] = d;
    }
    (code, axum::Json(s)).into_response()
}

/// A Kubernetes `Status` object.
pub fn status_object(code: u16, reason: &str, message: &str) -> Value {
    json!({
        "kind": "Status", "apiVersion": "v1", "metadata": {},
        "status": "Failure", "message": message, "reason": reason, "code": code
    })
}

fn not_found(r: &Resource, name: &str) -> Response {
    status_error(
        StatusCode::NOT_FOUND,
        "NotFound",
        &format!("{} \"{name}\" not found", r.group_resource()),
        Some(json!({"name": name, "group": r.group, "kind": r.plural})),
    )
}

fn path_not_found() -> Response {
    status_error(
        StatusCode::NOT_FOUND,
        "NotFound",
        "the server could not find the requested resource",
        Some(json!({})),
    )
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ListParams {
    watch: Option<String>,
    resource_version: Option<String>,
    allow_watch_bookmarks: Option<bool>,
    send_initial_events: Option<bool>,
    timeout_seconds: Option<u64>,
    limit: Option<usize>,
    #[serde(rename = "continue")]
    continue_: Option<String>,
    label_selector: Option<String>,
    field_selector: Option<String>,
    include_object: Option<String>,
}

/// What a path names.
enum Route {
    Discovery(Value),
    Collection {
        resource: Resource,
        namespace: Option<String>,
        watch: bool,
    },
    Object {
        resource: Resource,
        namespace: Option<String>,
        name: String,
        watch: bool,
    },
    Subresource {
        namespace: String,
        kind: &'static str,
        name: String,
        sub: String,
    },
    AccessReview,
}

fn parse_path(path: &str) -> Option<Route> {
    let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
    let (group, version, mut rest) = match segs.as_slice() {
        ["api", v, rest @ ..] => ("", *v, rest),
        ["apis", g] => return discovery::api_group(g).map(Route::Discovery),
        ["apis", g, v, rest @ ..] => (*g, *v, rest),
        _ => return None,
    };
    if rest.is_empty() {
        return discovery::resource_list(group, version).map(Route::Discovery);
    }
    if (group, version) == ("authorization.k8s.io", "v1") {
        return (rest == ["selfsubjectaccessreviews"]).then_some(Route::AccessReview);
    }
    if (group, version) == ("subresources.kubevirt.io", "v1") {
        return match rest {
            [
                "namespaces",
                ns,
                kind @ ("virtualmachineinstances" | "virtualmachines"),
                name,
                sub @ ..,
            ] if !sub.is_empty() => Some(Route::Subresource {
                namespace: ns.to_string(),
                kind: if *kind == "virtualmachines" {
                    "virtualmachines"
                } else {
                    "virtualmachineinstances"
                },
                name: name.to_string(),
                sub: sub.join("/"),
            }),
            _ => None,
        };
    }
    let mut watch = false;
    if let ["watch", r @ ..] = rest {
        watch = true;
        rest = r;
    }
    let lookup = |plural: &str| store::resource(group, version, plural);
    match rest {
        [plural] => Some(Route::Collection {
            resource: lookup(plural)?,
            namespace: None,
            watch,
        }),
        ["namespaces", ns, plural] => {
            let resource = lookup(plural)?;
            resource.namespaced.then(|| Route::Collection {
                resource,
                namespace: Some(ns.to_string()),
                watch,
            })
        }
        ["namespaces", ns, plural, name] => {
            let resource = lookup(plural)?;
            resource.namespaced.then(|| Route::Object {
                resource,
                namespace: Some(ns.to_string()),
                name: name.to_string(),
                watch,
            })
        }
        [plural, name] => {
            let resource = lookup(plural)?;
            (!resource.namespaced).then(|| Route::Object {
                resource,
                namespace: None,
                name: name.to_string(),
                watch,
            })
        }
        _ => None,
    }
}

fn authorize(caller: &Caller, a: &Attributes) -> Result<(), Response> {
    match &caller.0 {
        None => Ok(()),
        Some(u) if u.allows(a) => Ok(()),
        Some(u) => {
            let mut details = json!({"group": a.group, "kind": a.resource});
            if !a.name.is_empty() {
                details["name"] = json!(a.name);
            }
            Err(status_error(
                StatusCode::FORBIDDEN,
                "Forbidden",
                &auth::forbidden_message(&u.name, a),
                Some(details),
            ))
        }
    }
}

fn attrs(verb: &str, r: &Resource, ns: Option<&str>, name: &str) -> Attributes {
    Attributes {
        verb: verb.into(),
        group: r.group.into(),
        resource: r.plural.into(),
        subresource: String::new(),
        namespace: ns.unwrap_or_default().into(),
        name: name.into(),
    }
}

async fn resource_request(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    caller: Option<axum::Extension<Caller>>,
    Query(params): Query<ListParams>,
    body: Bytes,
) -> Response {
    let caller = caller.map(|c| c.0).unwrap_or(Caller(None));
    let Some(route) = parse_path(uri.path()) else {
        return path_not_found();
    };
    let accept = headers
        .get(header::ACCEPT)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("")
        .to_string();
    let is_watch = |w: bool| w || matches!(params.watch.as_deref(), Some("true" | "1"));
    match (method, route) {
        (Method::GET, Route::Discovery(doc)) => axum::Json(doc).into_response(),
        (Method::POST, Route::AccessReview) => {
            let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
            if body["spec"].is_null() {
                return status_error(
                    StatusCode::BAD_REQUEST,
                    "BadRequest",
                    "the request body must be a SelfSubjectAccessReview",
                    None,
                );
            }
            (
                StatusCode::CREATED,
                axum::Json(auth::self_subject_access_review(caller.0.as_ref(), &body)),
            )
                .into_response()
        }
        (
            method,
            Route::Subresource {
                namespace,
                kind,
                name,
                sub,
            },
        ) => {
            let verb = if method == Method::GET {
                "get"
            } else {
                "update"
            };
            let (base_sub, _) = sub.split_once('/').unwrap_or((&sub, ""));
            let a = Attributes {
                verb: verb.into(),
                group: "subresources.kubevirt.io".into(),
                resource: kind.into(),
                subresource: base_sub.into(),
                namespace: namespace.clone(),
                name: name.clone(),
            };
            if let Err(e) = authorize(&caller, &a) {
                return e;
            }
            guestagent::handle(&shared, &method, kind, &namespace, &name, &sub)
        }
        (
            Method::GET,
            Route::Object {
                resource,
                namespace,
                name,
                watch,
            },
        ) => {
            let ns = namespace.as_deref();
            if is_watch(watch) {
                if let Err(e) = authorize(&caller, &attrs("watch", &resource, ns, &name)) {
                    return e;
                }
                let sel = Selectors {
                    labels: LabelSelector::default(),
                    fields: FieldSelector::parse(&format!("metadata.name={name}"), &resource)
                        .unwrap_or_default(),
                };
                return watch_response(shared, resource, namespace, sel, params, &accept);
            }
            if let Err(e) = authorize(&caller, &attrs("get", &resource, ns, &name)) {
                return e;
            }
            match shared.store.get(&resource, ns, &name) {
                Some(obj) if table::wants_table(&accept) => {
                    let now = shared.clock.now();
                    let rv = obj["metadata"]["resourceVersion"].clone();
                    let t = table::table(
                        &resource,
                        &[&*obj],
                        json!({"resourceVersion": rv}),
                        now,
                        IncludeObject::parse(params.include_object.as_deref()),
                        true,
                    );
                    axum::Json(t).into_response()
                }
                Some(obj) => json_bytes(serde_json::to_vec(&*obj).unwrap_or_default()),
                None => not_found(&resource, &name),
            }
        }
        (
            Method::GET,
            Route::Collection {
                resource,
                namespace,
                watch,
            },
        ) => {
            let verb = if is_watch(watch) { "watch" } else { "list" };
            if let Err(e) = authorize(&caller, &attrs(verb, &resource, namespace.as_deref(), "")) {
                return e;
            }
            let sel = match selectors(&params, &resource) {
                Ok(s) => s,
                Err(e) => return e,
            };
            if is_watch(watch) {
                return watch_response(shared, resource, namespace, sel, params, &accept);
            }
            list(
                &shared,
                &resource,
                namespace.as_deref(),
                &sel,
                &params,
                &accept,
            )
        }
        (
            Method::DELETE,
            Route::Object {
                resource,
                namespace,
                name,
                ..
            },
        ) => {
            let ns = namespace.as_deref();
            if let Err(e) = authorize(&caller, &attrs("delete", &resource, ns, &name)) {
                return e;
            }
            delete(&shared, &resource, ns, &name)
        }
        (
            _,
            Route::Discovery(_)
            | Route::AccessReview
            | Route::Object { .. }
            | Route::Collection { .. },
        ) => status_error(
            StatusCode::METHOD_NOT_ALLOWED,
            "MethodNotAllowed",
            "the server does not allow this method on the requested resource",
            Some(json!({})),
        ),
    }
}

fn json_bytes(bytes: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}

fn selectors(params: &ListParams, resource: &Resource) -> Result<Selectors, Response> {
    let bad = |m: String| status_error(StatusCode::BAD_REQUEST, "BadRequest", &m, None);
    let labels = LabelSelector::parse(params.label_selector.as_deref().unwrap_or(""))
        .map_err(|e| bad(format!("unable to parse requirement: {e}")))?;
    let fields = FieldSelector::parse(params.field_selector.as_deref().unwrap_or(""), resource)
        .map_err(|e| bad(format!("{} is invalid: {e}", resource.plural)))?;
    Ok(Selectors { labels, fields })
}

fn delete(shared: &Shared, resource: &Resource, ns: Option<&str>, name: &str) -> Response {
    if *resource == store::VMIM {
        let mut w = shared.world();
        let key = w
            .vms
            .values()
            .find(|v| {
                v.migration
                    .as_ref()
                    .is_some_and(|m| m.name == name && !m.gone)
                    && Some(v.ns.as_str()) == ns
            })
            .map(|v| v.key());
        if let Some(k) = key
            && crate::scenarios::migration::abort(&mut w, &k)
        {
            w.flush();
            drop(w);
            return match shared.store.get(resource, ns, name) {
                Some(o) => json_bytes(serde_json::to_vec(&*o).unwrap_or_default()),
                None => not_found(resource, name),
            };
        }
    }
    if matches!(*resource, store::VMI | store::VM) {
        let mut w = shared.world();
        let key = (ns.unwrap_or_default().to_string(), name.to_string());
        if let Some(obj) = shared.store.get(resource, ns, name)
            && w.remove_vm(&key)
        {
            return json_bytes(serde_json::to_vec(&*obj).unwrap_or_default());
        }
    }
    match shared.store.delete(resource, ns, name) {
        Some(o) => json_bytes(serde_json::to_vec(&*o).unwrap_or_default()),
        None => not_found(resource, name),
    }
}

/// The continue token: the version the list was served at and the last key served.
fn encode_continue(rv: u64, ns: &str, name: &str) -> String {
    let raw = format!("{rv}\u{0}{ns}\u{0}{name}");
    raw.bytes().map(|b| format!("{b:02x}")).collect()
}

fn decode_continue(token: &str) -> Option<(u64, String, String)> {
    if !token.len().is_multiple_of(2) {
        return None;
    }
    let bytes: Option<Vec<u8>> = (0..token.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(token.get(i..i + 2)?, 16).ok())
        .collect();
    let raw = String::from_utf8(bytes?).ok()?;
    let mut parts = raw.split('\u{0}');
    Some((
        parts.next()?.parse().ok()?,
        parts.next()?.to_string(),
        parts.next()?.to_string(),
    ))
}

fn list(
    shared: &Shared,
    resource: &Resource,
    namespace: Option<&str>,
    sel: &Selectors,
    params: &ListParams,
    accept: &str,
) -> Response {
    // A continued list: the version it started at, and the key of its last object so far.
    let mut from = None;
    if let Some(token) = params.continue_.as_deref().filter(|t| !t.is_empty()) {
        let Some((crv, cns, cname)) = decode_continue(token) else {
            return status_error(
                StatusCode::BAD_REQUEST,
                "BadRequest",
                "continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)",
                None,
            );
        };
        if !shared.store.resumable(crv) {
            return status_error(
                StatusCode::GONE,
                "Expired",
                "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.",
                None,
            );
        }
        from = Some((crv, (cns, cname)));
    }
    let limit = params.limit.filter(|l| *l > 0).unwrap_or(usize::MAX);
    let after = from.as_ref().map(|(_, key)| key);
    let (rv, items, rest) = shared
        .store
        .page(resource, namespace, after, limit, |o| sel.matches(o));
    let served_rv = from.as_ref().map_or(rv, |(crv, _)| *crv);
    let mut metadata = json!({"resourceVersion": served_rv.to_string()});
    if rest > 0
        && let Some(last) = items.last()
    {
        metadata["continue"] = json!(encode_continue(
            served_rv,
            last["metadata"]["namespace"].as_str().unwrap_or_default(),
            last["metadata"]["name"].as_str().unwrap_or_default()
        ));
        metadata["remainingItemCount"] = json!(rest);
    }
    if table::wants_table(accept) {
        let refs: Vec<&Value> = items.iter().map(|o| &**o).collect();
        let t = table::table(
            resource,
            &refs,
            metadata,
            shared.clock.now(),
            IncludeObject::parse(params.include_object.as_deref()),
            true,
        );
        return axum::Json(t).into_response();
    }
    // Serialize items without cloning them.
    let mut out = Vec::with_capacity(256 + items.len() * 2048);
    out.extend_from_slice(
        format!(
            "{{\"kind\":\"{}List\",\"apiVersion\":\"{}\",\"metadata\":",
            resource.kind,
            resource.api_version()
        )
        .as_bytes(),
    );
    out.extend_from_slice(&serde_json::to_vec(&metadata).unwrap_or_default());
    out.extend_from_slice(b",\"items\":[");
    for (i, o) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let _ = serde_json::to_writer(&mut out, &**o);
    }
    out.extend_from_slice(b"]}");
    json_bytes(out)
}

/// How a watch encodes its events.
#[derive(Clone)]
struct Encoder {
    resource: Resource,
    table: bool,
    include: IncludeObject,
    clock: Arc<crate::clock::Clock>,
}

impl Encoder {
    fn line(&self, kind: &str, object: &Value, pre: Option<Bytes>, first: &mut bool) -> Line {
        let body: Vec<u8> = if self.table && kind != "ERROR" && kind != "BOOKMARK" {
            let t = table::table(
                &self.resource,
                &[object],
                json!({"resourceVersion": object["metadata"]["resourceVersion"]}),
                self.clock.now(),
                self.include,
                *first,
            );
            *first = false;
            serde_json::to_vec(&t).unwrap_or_default()
        } else {
            match pre {
                Some(b) => b.to_vec(),
                None => serde_json::to_vec(object).unwrap_or_default(),
            }
        };
        let mut line = Vec::with_capacity(body.len() + 32);
        line.extend_from_slice(b"{\"type\":\"");
        line.extend_from_slice(kind.as_bytes());
        line.extend_from_slice(b"\",\"object\":");
        line.extend_from_slice(&body);
        line.extend_from_slice(b"}\n");
        Ok(Bytes::from(line))
    }
}

/// The watch event a change becomes for a watcher with selectors (None: not for it).
fn translate(c: &Change, sel: &Selectors) -> Option<&'static str> {
    let now = sel.matches(&c.object);
    match c.kind {
        "MODIFIED" => {
            // Replayed history has no previous object: report matching objects as MODIFIED.
            let before = c.old.as_ref().map_or(now, |o| sel.matches(o));
            match (before, now) {
                (true, true) => Some("MODIFIED"),
                (false, true) => Some("ADDED"),
                (true, false) => Some("DELETED"),
                (false, false) => None,
            }
        }
        k => now.then_some(k),
    }
}

fn watch_response(
    shared: Arc<Shared>,
    resource: Resource,
    namespace: Option<String>,
    sel: Selectors,
    params: ListParams,
    accept: &str,
) -> Response {
    let enc = Encoder {
        resource,
        table: table::wants_table(accept),
        include: IncludeObject::parse(params.include_object.as_deref()),
        clock: shared.clock.clone(),
    };
    let in_scope = {
        let namespace = namespace.clone();
        move |c: &Change| {
            c.resource == resource
                && namespace.as_deref().is_none_or(|n| {
                    n == c.object["metadata"]["namespace"]
                        .as_str()
                        .unwrap_or_default()
                })
        }
    };
    let since = params
        .resource_version
        .as_deref()
        .filter(|v| !v.is_empty() && *v != "0");
    let bookmarks = params.allow_watch_bookmarks.unwrap_or(false);
    let mut first = true;
    let mut initial: Vec<Line> = Vec::new();
    let send_initial = params.send_initial_events.unwrap_or(since.is_none());
    let rx = match since {
        Some(v) if !send_initial => {
            let Ok(since) = v.parse::<u64>() else {
                return status_error(
                    StatusCode::BAD_REQUEST,
                    "BadRequest",
                    &format!("invalid resource version: {v}"),
                    None,
                );
            };
            match shared.store.watch_from(since) {
                Ok((past, rx)) => {
                    for c in past.iter().filter(|c| in_scope(c)) {
                        if let Some(kind) = translate(c, &sel) {
                            initial.push(enc.line(kind, &c.object, Some(c.encoded()), &mut first));
                        }
                    }
                    rx
                }
                Err(()) => {
                    // An API server answers a too-old watch with 200 and one ERROR event.
                    let gone = status_object(
                        410,
                        "Expired",
                        &format!(
                            "too old resource version: {since} ({})",
                            shared.store.resource_version()
                        ),
                    );
                    let line = enc.line("ERROR", &gone, None, &mut first);
                    let body = Body::from_stream(futures::stream::iter([line]));
                    return ([(header::CONTENT_TYPE, "application/json")], body).into_response();
                }
            }
        }
        _ => {
            // No version (or sendInitialEvents): the current state as synthetic ADDED events.
            let (rv, items, rx) = shared
                .store
                .list_and_subscribe(&resource, namespace.as_deref());
            for o in items.iter().filter(|o| sel.matches(o)) {
                initial.push(enc.line("ADDED", o, None, &mut first));
            }
            if params.send_initial_events == Some(true) && bookmarks {
                let bm = json!({"kind": resource.kind, "apiVersion": resource.api_version(),
                    "metadata": {"resourceVersion": rv.to_string(), "annotations": {"k8s.io/initial-events-end": "true"}}});
                initial.push(enc.line("BOOKMARK", &bm, None, &mut first));
            }
            rx
        }
    };
    let timeout = Duration::from_secs(params.timeout_seconds.filter(|t| *t > 0).unwrap_or(1800));
    let mut epoch = shared.faults.watch_epoch();
    epoch.mark_unchanged();
    let store = shared.store.clone();
    let state = (
        rx,
        tokio::time::interval_at(
            tokio::time::Instant::now() + Duration::from_secs(5),
            Duration::from_secs(5),
        ),
        enc,
        first,
        sel,
    );
    let live = futures::stream::unfold(state, move |(mut rx, mut tick, enc, mut first, sel)| {
        let in_scope = in_scope.clone();
        let store = store.clone();
        async move {
            loop {
                tokio::select! {
                    msg = rx.recv() => match msg {
                        Ok(c) if in_scope(&c) => {
                            if let Some(kind) = translate(&c, &sel) {
                                let line = enc.line(kind, &c.object, Some(c.encoded()), &mut first);
                                return Some((line, (rx, tick, enc, first, sel)));
                            }
                        }
                        Ok(_) => continue,
                        Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                            let gone = status_object(410, "Expired", "watch fell behind; resourceVersion too old");
                            let line = enc.line("ERROR", &gone, None, &mut first);
                            // End after the error, as the API server does.
                            return Some((line, (store_closed(), tick, enc, first, sel)));
                        }
                        Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
                    },
                    _ = tick.tick(), if bookmarks => {
                        let r = enc.resource;
                        let bm = json!({"kind": r.kind, "apiVersion": r.api_version(),
                            "metadata": {"resourceVersion": store.resource_version().to_string()}});
                        let line = enc.line("BOOKMARK", &bm, None, &mut first);
                        return Some((line, (rx, tick, enc, first, sel)));
                    }
                }
            }
        }
    });
    let end = async move {
        tokio::select! {
            _ = tokio::time::sleep(timeout) => {}
            _ = epoch.changed() => {}
        }
    };
    let stream = futures::stream::iter(initial).chain(live).take_until(end);
    (
        [(header::CONTENT_TYPE, "application/json")],
        Body::from_stream(stream),
    )
        .into_response()
}

/// A receiver whose sender is gone: the next `recv` ends the stream.
fn store_closed() -> tokio::sync::broadcast::Receiver<Change> {
    let (tx, rx) = tokio::sync::broadcast::channel(1);
    drop(tx);
    rx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continue_tokens_round_trip() {
        let t = encode_continue(1234, "prod", "web-1");
        assert_eq!(
            decode_continue(&t),
            Some((1234, "prod".into(), "web-1".into()))
        );
        assert_eq!(decode_continue("zz"), None);
    }

    #[test]
    fn paths_parse_like_the_api_server() {
        assert!(matches!(
            parse_path("/api/v1/pods"),
            Some(Route::Collection {
                namespace: None,
                ..
            })
        ));
        assert!(matches!(
            parse_path("/api/v1/namespaces/prod/pods/x"),
            Some(Route::Object { .. })
        ));
        assert!(matches!(
            parse_path("/apis/kubevirt.io/v1/watch/namespaces/prod/virtualmachineinstances"),
            Some(Route::Collection { watch: true, .. })
        ));
        assert!(parse_path("/api/v1/namespaces/prod/nodes").is_none());
        assert!(matches!(
            parse_path("/apis/kubevirt.io/v1"),
            Some(Route::Discovery(_))
        ));
        assert!(matches!(
            parse_path(
                "/apis/subresources.kubevirt.io/v1/namespaces/p/virtualmachineinstances/x/guestosinfo"
            ),
            Some(Route::Subresource { .. })
        ));
        assert!(parse_path("/apis/nope.io/v1").is_none());
    }
}
