//! The API server's answers that are not objects: `Status` errors as `k8s.io/apimachinery`'s
//! `metav1.Status` spells them, and raw JSON bodies.

use crate::resources::Resource;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

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

pub(super) fn not_found(r: &Resource, name: &str) -> Response {
    status_error(
        StatusCode::NOT_FOUND,
        "NotFound",
        &format!("{} \"{name}\" not found", r.group_resource()),
        Some(json!({"name": name, "group": r.group, "kind": r.plural})),
    )
}

pub(super) fn path_not_found() -> Response {
    status_error(
        StatusCode::NOT_FOUND,
        "NotFound",
        "the server could not find the requested resource",
        Some(json!({})),
    )
}

pub(super) fn json_bytes(bytes: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], bytes).into_response()
}
