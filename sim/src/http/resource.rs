//! The one handler behind every Kubernetes path: it parses the route, authorizes the caller and
//! answers get, list, watch, delete, access reviews and KubeVirt subresources.

use super::Caller;
use super::list::list;
use super::params::ListParams;
use super::route::{Route, parse_path};
use super::status::{json_bytes, not_found, path_not_found, status_error};
use super::watch::watch_response;
use crate::auth::{self, Attributes};
use crate::resources::Resource;
use crate::selectors::{FieldSelector, LabelSelector, Selectors};
use crate::table::{self, IncludeObject};
use crate::{Shared, store, subresources};
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::sync::Arc;

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

/// Every Kubernetes path (the router's fallback).
pub(super) async fn resource_request(
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
    let watch_param = matches!(params.watch.as_deref(), Some("true" | "1"));
    let req = Req {
        shared,
        caller,
        params,
        accept,
    };
    match (method, route) {
        (Method::GET, Route::Discovery(doc)) => axum::Json(doc).into_response(),
        (Method::POST, Route::AccessReview) => access_review(&req.caller, &body),
        (Method::POST, Route::Eviction { namespace, name }) => {
            eviction(&req.shared, &req.caller, &namespace, &name)
        }
        (
            Method::POST,
            Route::Collection {
                resource,
                namespace: Some(ns),
                watch: false,
            },
        ) if resource == store::VMIM => create_vmim(&req, &ns, &body),
        (
            method,
            Route::Subresource {
                namespace,
                kind,
                name,
                sub,
            },
        ) => subresource(&req, &method, kind, &namespace, &name, &sub),
        (
            Method::GET,
            Route::Object {
                resource,
                namespace,
                name,
                watch,
            },
        ) => get_object(req, resource, namespace, name, watch || watch_param),
        (
            Method::GET,
            Route::Collection {
                resource,
                namespace,
                watch,
            },
        ) => get_collection(req, resource, namespace, watch || watch_param),
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
            if let Err(e) = authorize(&req.caller, &attrs("delete", &resource, ns, &name)) {
                return e;
            }
            delete(&req.shared, &resource, ns, &name)
        }
        (
            _,
            Route::Discovery(_)
            | Route::AccessReview
            | Route::Eviction { .. }
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

/// What every verb's answer needs from the request.
struct Req {
    shared: Arc<Shared>,
    caller: Caller,
    params: ListParams,
    accept: String,
}

/// `POST selfsubjectaccessreviews`: what the caller may do.
fn access_review(caller: &Caller, body: &Bytes) -> Response {
    let body: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
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

/// `POST pods/{name}/eviction`: KubeVirt's eviction webhooks decide (see
/// [`crate::scenarios::evict`]); a denial is 429 `TooManyRequests`.
fn eviction(shared: &Shared, caller: &Caller, ns: &str, name: &str) -> Response {
    let a = Attributes {
        verb: "create".into(),
        group: String::new(),
        resource: "pods".into(),
        subresource: "eviction".into(),
        namespace: ns.to_string(),
        name: name.to_string(),
    };
    if let Err(e) = authorize(caller, &a) {
        return e;
    }
    let verdict = {
        let mut w = shared.world();
        let v = crate::scenarios::evict::evict(&mut w, ns, name);
        w.flush();
        v
    };
    use crate::scenarios::evict::Verdict;
    match verdict {
        None => not_found(&store::POD, name),
        Some(Verdict::Allowed) => {
            let s = json!({"kind": "Status", "apiVersion": "v1", "metadata": {},
                           "status": "Success", "code": 201});
            (StatusCode::CREATED, axum::Json(s)).into_response()
        }
        Some(Verdict::Denied(message)) => status_error(
            StatusCode::TOO_MANY_REQUESTS,
            "TooManyRequests",
            &message,
            None,
        ),
    }
}

/// `POST virtualmachineinstancemigrations`: KubeVirt's webhook admits it or not (see
/// [`crate::scenarios::migration::admit`]), then the migration engine runs it (a converging
/// pre-copy).
fn create_vmim(req: &Req, ns: &str, body: &Bytes) -> Response {
    use crate::scenarios::migration::{self, MigrationSpec, Outcome, admit};
    if let Err(e) = authorize(&req.caller, &attrs("create", &store::VMIM, Some(ns), "")) {
        return e;
    }
    let bad = |m: &str| status_error(StatusCode::BAD_REQUEST, "BadRequest", m, None);
    let Ok(obj) = serde_json::from_slice::<Value>(body) else {
        return bad("the request body must be a VirtualMachineInstanceMigration");
    };
    let vmi = obj["spec"]["vmiName"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    if vmi.is_empty() {
        // `ValidateVirtualMachineInstanceMigrationSpec` in the same admitter, answered through
        // KubeVirt's `pkg/util/webhooks` `ToAdmissionResponse`: 422 Invalid with its causes.
        let cause = json!({"type": "FieldValueRequired", "message": "vmiName is missing",
                           "field": "spec.vmiName"});
        let mut s = admit::denial_status("vmiName is missing");
        s["code"] = json!(422);
        s["reason"] = json!("Invalid");
        s["details"] = json!({"causes": [cause]});
        return (StatusCode::UNPROCESSABLE_ENTITY, axum::Json(s)).into_response();
    }
    let md = &obj["metadata"];
    let (name, prefix) = (md["name"].as_str(), md["generateName"].as_str());
    if name.is_none() && prefix.is_none() {
        return status_error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Invalid",
            "VirtualMachineInstanceMigration.kubevirt.io \"\" is invalid: metadata.name: Required value: name or generateName is required",
            None,
        );
    }
    let mut w = req.shared.world();
    let name = match name {
        Some(n) => n.to_string(),
        None => format!("{}{}", prefix.unwrap_or_default(), w.suffix(5)),
    };
    if req
        .shared
        .store
        .get(&store::VMIM, Some(ns), &name)
        .is_some()
    {
        let msg = format!("{} \"{name}\" already exists", store::VMIM.group_resource());
        return status_error(StatusCode::CONFLICT, "AlreadyExists", &msg, None);
    }
    let mut spec = MigrationSpec::new(Outcome::Converge, 120.0, 30.0);
    spec.name = Some(name.clone());
    let key = (ns.to_string(), vmi.clone());
    let created = migration::create(&mut w, &key, spec);
    w.flush();
    drop(w);
    match created {
        Ok(_) => match req.shared.store.get(&store::VMIM, Some(ns), &name) {
            Some(o) => (
                StatusCode::CREATED,
                json_bytes(serde_json::to_vec(&*o).unwrap_or_default()),
            )
                .into_response(),
            None => not_found(&store::VMIM, &name),
        },
        Err(migration::Refused::Denied(m)) => (
            StatusCode::BAD_REQUEST,
            axum::Json(admit::denial_status(&m)),
        )
            .into_response(),
        Err(migration::Refused::NotRunning) => status_error(
            StatusCode::CONFLICT,
            "Conflict",
            &format!(
                "the simulator starts migrations of running VMIs only; {ns}/{vmi} is not running"
            ),
            None,
        ),
    }
}

/// A `subresources.kubevirt.io` request (guest agent), authorized by its subresource.
fn subresource(
    req: &Req,
    method: &Method,
    kind: &'static str,
    namespace: &str,
    name: &str,
    sub: &str,
) -> Response {
    let verb = if *method == Method::GET {
        "get"
    } else {
        "update"
    };
    let (base_sub, _) = sub.split_once('/').unwrap_or((sub, ""));
    let a = Attributes {
        verb: verb.into(),
        group: "subresources.kubevirt.io".into(),
        resource: kind.into(),
        subresource: base_sub.into(),
        namespace: namespace.to_string(),
        name: name.to_string(),
    };
    if let Err(e) = authorize(&req.caller, &a) {
        return e;
    }
    subresources::handle(&req.shared, method, kind, namespace, name, sub)
}

/// `GET` of one object: the object (JSON or Table), or a watch of it.
fn get_object(
    req: Req,
    resource: Resource,
    namespace: Option<String>,
    name: String,
    watch: bool,
) -> Response {
    let ns = namespace.as_deref();
    if watch {
        if let Err(e) = authorize(&req.caller, &attrs("watch", &resource, ns, &name)) {
            return e;
        }
        let sel = Selectors {
            labels: LabelSelector::default(),
            fields: FieldSelector::parse(&format!("metadata.name={name}"), &resource)
                .unwrap_or_default(),
        };
        return watch_response(
            req.shared,
            resource,
            namespace,
            sel,
            req.params,
            &req.accept,
        );
    }
    if let Err(e) = authorize(&req.caller, &attrs("get", &resource, ns, &name)) {
        return e;
    }
    match req.shared.store.get(&resource, ns, &name) {
        Some(obj) if table::wants_table(&req.accept) => {
            let now = req.shared.clock.now();
            let rv = obj["metadata"]["resourceVersion"].clone();
            let t = table::table(
                &resource,
                &[&*obj],
                json!({"resourceVersion": rv}),
                now,
                IncludeObject::parse(req.params.include_object.as_deref()),
                true,
            );
            axum::Json(t).into_response()
        }
        Some(obj) => json_bytes(serde_json::to_vec(&*obj).unwrap_or_default()),
        None => not_found(&resource, &name),
    }
}

/// `GET` of a collection: a list, or a watch.
fn get_collection(
    req: Req,
    resource: Resource,
    namespace: Option<String>,
    watch: bool,
) -> Response {
    let verb = if watch { "watch" } else { "list" };
    let a = attrs(verb, &resource, namespace.as_deref(), "");
    if let Err(e) = authorize(&req.caller, &a) {
        return e;
    }
    let sel = match selectors(&req.params, &resource) {
        Ok(s) => s,
        Err(e) => return e,
    };
    if watch {
        return watch_response(
            req.shared,
            resource,
            namespace,
            sel,
            req.params,
            &req.accept,
        );
    }
    list(
        &req.shared,
        &resource,
        namespace.as_deref(),
        &sel,
        &req.params,
        &req.accept,
    )
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
        if let Some(k) = key {
            if crate::scenarios::migration::abort(&mut w, &k) {
                w.flush();
                drop(w);
                return match shared.store.get(resource, ns, name) {
                    Some(o) => json_bytes(serde_json::to_vec(&*o).unwrap_or_default()),
                    None => not_found(resource, name),
                };
            }
            // A final VMIM is deleted at once; the next flush must not write it back.
            if let Some(m) = w.vm_mut(&k).and_then(|v| v.migration.as_mut()) {
                m.gone = true;
            }
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
