//! Lists: pages (`limit` / `continue`), selectors, `Table` answers, and items as the store
//! serialized them.

use super::params::ListParams;
use super::status::{json_bytes, status_error};
use crate::Shared;
use crate::resources::Resource;
use crate::selectors::Selectors;
use crate::store::Rest;
use crate::table::{self, IncludeObject};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// The version of a continue token that goes on from the latest version, as the API server hands
/// out with a `410 Expired` (an inconsistent continue: later changes may show up).
const LATEST: i64 = -1;

/// The continue token: the version the list was served at ([`LATEST`]: whatever is current)
/// and the last key served.
fn encode_continue(rv: i64, ns: &str, name: &str) -> String {
    let raw = format!("{rv}\u{0}{ns}\u{0}{name}");
    raw.bytes().map(|b| format!("{b:02x}")).collect()
}

fn decode_continue(token: &str) -> Option<(i64, String, String)> {
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
        parts.next()?.parse().ok().filter(|v| *v >= LATEST)?,
        parts.next()?.to_string(),
        parts.next()?.to_string(),
    ))
}

/// The message of a `410` for a continue token whose version is gone (kube-apiserver's
/// `inconsistentContinue`).
const INCONSISTENT_CONTINUE: &str = concat!(
    "The provided continue parameter is too old to display a consistent list ",
    "result. You can start a new list without the continue parameter, or use the ",
    "continue token in this response to retrieve the remainder of the results. ",
    "Continuing with the provided token results in an inconsistent list - objects ",
    "that were created, modified, or deleted between the time the first chunk was ",
    "returned and now may show up in the list."
);

pub(super) fn list(
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
        // Its version is gone: like kube-apiserver (`handleCompactedErrorForPaging` in
        // k8s.io/apiserver/pkg/storage/etcd3/store.go), `410 Expired` with a token in the
        // Status's metadata that goes on from the latest version. The simulator once answered
        // without that token, though its message offers one (found by apiserver-harness's `gone`
        // test against a compacted etcd).
        if crv != LATEST && !shared.store.resumable(crv as u64) {
            let mut gone = super::status::status_object(410, "Expired", INCONSISTENT_CONTINUE);
            gone["metadata"]["continue"] = json!(encode_continue(LATEST, &cns, &cname));
            return (StatusCode::GONE, axum::Json(gone)).into_response();
        }
        from = Some((crv, (cns, cname)));
    }
    let limit = params.limit.filter(|l| *l > 0).unwrap_or(usize::MAX);
    let after = from.as_ref().map(|(_, key)| key);
    let keep = |o: &Value| sel.matches(o);
    let filter = (!sel.is_empty()).then_some(&keep as &dyn Fn(&Value) -> bool);
    let (rv, items, rest) = shared.store.page(resource, namespace, after, limit, filter);
    let served_rv = match &from {
        Some((crv, _)) if *crv != LATEST => *crv as u64,
        _ => rv,
    };
    let mut metadata = json!({"resourceVersion": served_rv.to_string()});
    if rest.any()
        && let Some(last) = items.last()
    {
        let meta = &last.object["metadata"];
        metadata["continue"] = json!(encode_continue(
            served_rv as i64,
            meta["namespace"].as_str().unwrap_or_default(),
            meta["name"].as_str().unwrap_or_default()
        ));
        if let Rest::Count(n) = rest {
            metadata["remainingItemCount"] = json!(n);
        }
    }
    if table::wants_table(accept) {
        let refs: Vec<&Value> = items.iter().map(|o| &*o.object).collect();
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
    // Each item's JSON as stored (serialized once, when it was written).
    let encoded: Vec<bytes::Bytes> = items.iter().map(|o| o.encoded()).collect();
    let size: usize = encoded.iter().map(|b| b.len() + 1).sum();
    let mut out = Vec::with_capacity(256 + size);
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
    for (i, o) in encoded.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(o);
    }
    out.extend_from_slice(b"]}");
    json_bytes(out)
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
}
