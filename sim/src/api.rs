//! HTTP routes of the simulated API server.
//!
//! Paths follow the Kubernetes layout (`/api/v1/...` for the core group, `/apis/{group}/{version}/...`
//! for others) and are parsed by one handler, [`resource_request`], so every resource gets the same
//! get / list / watch semantics. Errors are Kubernetes `Status` objects.

use crate::store::{self, Change, Resource, Store};
use axum::Router;
use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures::StreamExt;
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// The router of the simulated API server.
pub fn router(store: Arc<Store>) -> Router {
    Router::new()
        .route("/version", get(version))
        .route("/api", get(api_versions))
        .route("/apis", get(api_groups))
        .fallback(resource_request)
        .with_state(store)
}

async fn version() -> impl IntoResponse {
    axum::Json(json!({
        "major": "1", "minor": "33", "gitVersion": "v1.33.0-strata-sim",
        "gitCommit": "0000000000000000000000000000000000000000", "gitTreeState": "clean",
        "buildDate": "2026-01-01T00:00:00Z", "goVersion": "go1.24", "compiler": "gc", "platform": "linux/amd64"
    }))
}

async fn api_versions() -> impl IntoResponse {
    axum::Json(json!({
        "kind": "APIVersions", "versions": ["v1"],
        "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": "127.0.0.1"}]
    }))
}

async fn api_groups() -> impl IntoResponse {
    axum::Json(json!({
        "kind": "APIGroupList", "apiVersion": "v1",
        "groups": [{
            "name": "kubevirt.io",
            "versions": [{"groupVersion": "kubevirt.io/v1", "version": "v1"}],
            "preferredVersion": {"groupVersion": "kubevirt.io/v1", "version": "v1"}
        }]
    }))
}

/// A Kubernetes `Status` error response.
pub fn status_error(code: StatusCode, reason: &str, message: &str) -> Response {
    (code, axum::Json(status_object(code.as_u16(), reason, message))).into_response()
}

fn status_object(code: u16, reason: &str, message: &str) -> Value {
    json!({
        "kind": "Status", "apiVersion": "v1", "metadata": {},
        "status": "Failure", "message": message, "reason": reason, "code": code
    })
}

fn resource_list(group: &str, version: &str) -> Value {
    let gv = if group.is_empty() { version.to_string() } else { format!("{group}/{version}") };
    let resources: Vec<Value> = store::RESOURCES
        .iter()
        .filter(|r| r.group == group && r.version == version)
        .map(|r| {
            json!({
                "name": r.plural, "singularName": r.kind.to_lowercase(), "namespaced": r.namespaced,
                "kind": r.kind, "verbs": ["get", "list", "watch"]
            })
        })
        .collect();
    json!({"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": gv, "resources": resources})
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct ListParams {
    watch: Option<String>,
    resource_version: Option<String>,
    allow_watch_bookmarks: Option<bool>,
    timeout_seconds: Option<u64>,
    limit: Option<usize>,
    #[serde(rename = "continue")]
    continue_: Option<String>,
}

/// What a path names.
struct Target {
    resource: Resource,
    namespace: Option<String>,
    name: Option<String>,
}

/// Parses `/api/v1/...` and `/apis/{g}/{v}/...`. `Err` carries the discovery document to answer
/// for a group-version path itself, or `None` for an unknown path.
fn parse_path(path: &str) -> Result<Target, Option<Value>> {
    let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
    let (group, version, rest) = match segs.as_slice() {
        ["api", v, rest @ ..] => ("", *v, rest),
        ["apis", g, v, rest @ ..] => (*g, *v, rest),
        _ => return Err(None),
    };
    let lookup = |plural: &str| store::resource(group, version, plural).ok_or(None);
    match rest {
        [] => {
            let list = resource_list(group, version);
            if list["resources"].as_array().is_some_and(|r| !r.is_empty()) { Err(Some(list)) } else { Err(None) }
        }
        [plural] => Ok(Target { resource: lookup(plural)?, namespace: None, name: None }),
        ["namespaces", ns, plural] => {
            Ok(Target { resource: lookup(plural)?, namespace: Some(ns.to_string()), name: None })
        }
        ["namespaces", ns, plural, name] => Ok(Target {
            resource: lookup(plural)?,
            namespace: Some(ns.to_string()),
            name: Some(name.to_string()),
        }),
        [plural, name] => Ok(Target { resource: lookup(plural)?, namespace: None, name: Some(name.to_string()) }),
        _ => Err(None),
    }
}

async fn resource_request(
    State(store): State<Arc<Store>>,
    uri: Uri,
    Query(params): Query<ListParams>,
) -> Response {
    let target = match parse_path(uri.path()) {
        Ok(t) => t,
        Err(Some(discovery)) => return axum::Json(discovery).into_response(),
        Err(None) => {
            return status_error(StatusCode::NOT_FOUND, "NotFound", "the server could not find the requested resource");
        }
    };
    let ns = target.namespace.as_deref();
    if let Some(name) = &target.name {
        return match store.get(&target.resource, ns, name) {
            Some(obj) => axum::Json(obj).into_response(),
            None => status_error(
                StatusCode::NOT_FOUND,
                "NotFound",
                &format!("{}.{} \"{}\" not found", target.resource.plural, target.resource.group, name)
                    .replace(". \"", " \""),
            ),
        };
    }
    if matches!(params.watch.as_deref(), Some("true") | Some("1")) {
        return watch(store, target, params);
    }
    list(&store, &target, &params)
}

fn list(store: &Store, target: &Target, params: &ListParams) -> Response {
    let (rv, items) = store.list(&target.resource, target.namespace.as_deref());
    let start: usize = params.continue_.as_deref().and_then(|c| c.parse().ok()).unwrap_or(0);
    let limit = params.limit.filter(|l| *l > 0).unwrap_or(usize::MAX);
    let page: Vec<Value> = items.iter().skip(start).take(limit).cloned().collect();
    let mut metadata = json!({"resourceVersion": rv.to_string()});
    if start.saturating_add(limit) < items.len() {
        metadata["continue"] = json!((start + limit).to_string());
        metadata["remainingItemCount"] = json!(items.len() - start - limit);
    }
    axum::Json(json!({
        "kind": format!("{}List", target.resource.kind),
        "apiVersion": target.resource.api_version(),
        "metadata": metadata,
        "items": page,
    }))
    .into_response()
}

fn event_line(kind: &str, object: &Value) -> Result<bytes::Bytes, std::convert::Infallible> {
    let mut line = serde_json::to_vec(&json!({"type": kind, "object": object})).unwrap_or_default();
    line.push(b'\n');
    Ok(bytes::Bytes::from(line))
}

fn watch(store: Arc<Store>, target: Target, params: ListParams) -> Response {
    let resource = target.resource;
    let namespace = target.namespace.clone();
    let matches = move |c: &Change| c.resource == resource && namespace.as_deref().is_none_or(|n| n == object_namespace(&c.object));
    let since = params.resource_version.as_deref().filter(|v| !v.is_empty() && *v != "0");
    let mut initial: Vec<Result<bytes::Bytes, std::convert::Infallible>> = Vec::new();
    let rx = match since {
        None => {
            // No version: the current state as synthetic ADDED events, then live changes.
            let (_, items, rx) = store.list_and_subscribe(&resource, target.namespace.as_deref());
            initial.extend(items.iter().map(|o| event_line("ADDED", o)));
            rx
        }
        Some(v) => {
            let since: u64 = match v.parse() {
                Ok(s) => s,
                Err(_) => {
                    return status_error(
                        StatusCode::BAD_REQUEST,
                        "BadRequest",
                        &format!("invalid resource version: {v}"),
                    );
                }
            };
            match store.watch_from(since) {
                Ok((past, rx)) => {
                    initial.extend(past.iter().filter(|c| matches(c)).map(|c| event_line(c.kind, &c.object)));
                    rx
                }
                Err(()) => {
                    let gone = status_object(410, "Expired", &format!("too old resource version: {since}"));
                    let body = Body::from_stream(futures::stream::iter([event_line("ERROR", &gone)]));
                    return ([(header::CONTENT_TYPE, "application/json")], body).into_response();
                }
            }
        }
    };
    let bookmarks = params.allow_watch_bookmarks.unwrap_or(false);
    let timeout = Duration::from_secs(params.timeout_seconds.unwrap_or(1800).max(1));
    let api_version = resource.api_version();
    let kind = resource.kind;
    let live = futures::stream::unfold((rx, tokio::time::interval(Duration::from_secs(5))), move |(mut rx, mut tick)| {
        let matches = matches.clone();
        let api_version = api_version.clone();
        let store_rv = store.clone();
        async move {
            loop {
                tokio::select! {
                    msg = rx.recv() => match msg {
                        Ok(c) if matches(&c) => return Some((event_line(c.kind, &c.object), (rx, tick))),
                        Ok(_) => continue,
                        Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                            let gone = status_object(410, "Expired", "watch fell behind; resourceVersion too old");
                            return Some((event_line("ERROR", &gone), (rx, tick)));
                        }
                        Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
                    },
                    _ = tick.tick(), if bookmarks => {
                        let bm = json!({"kind": kind, "apiVersion": api_version,
                            "metadata": {"resourceVersion": store_rv.resource_version().to_string()}});
                        return Some((event_line("BOOKMARK", &bm), (rx, tick)));
                    }
                }
            }
        }
    });
    let stream = futures::stream::iter(initial).chain(live).take_until(tokio::time::sleep(timeout));
    ([(header::CONTENT_TYPE, "application/json")], Body::from_stream(stream)).into_response()
}

fn object_namespace(o: &Value) -> &str {
    o["metadata"]["namespace"].as_str().unwrap_or_default()
}

