//! Response headers and request checks that every route shares.
//!
//! * A Content-Security-Policy with a fresh nonce per page: Trunk writes the placeholder
//!   [`NONCE_PLACEHOLDER`] into `index.html` (`create_nonce = true` in `Trunk.toml`) and the
//!   server replaces it per request. The policy allows the wasm (`'wasm-unsafe-eval'`) and only
//!   nonce'd scripts, and forbids framing (`frame-ancestors 'none'`).
//! * `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` everywhere.
//! * CSRF: a state-changing request (anything but GET/HEAD/OPTIONS) must come from this origin:
//!   `Sec-Fetch-Site: same-origin`, or else an `Origin` whose host is the `Host` header.
//!   Together with the `SameSite=Strict` session cookie this stops cross-site posts.

use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine;

/// Trunk's default nonce placeholder.
pub const NONCE_PLACEHOLDER: &str = "{{__TRUNK NONCE__}}";

/// 16 random bytes, base64.
pub fn nonce() -> String {
    base64::engine::general_purpose::STANDARD.encode(crate::random::bytes::<16>())
}

/// The policy of an HTML page with `nonce`.
pub fn page_csp(nonce: &str) -> String {
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'nonce-{nonce}'; \
         style-src 'self' 'nonce-{nonce}'; img-src 'self' data:; connect-src 'self'; \
         object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// The policy of every other response.
pub const DEFAULT_CSP: &str = "default-src 'none'; frame-ancestors 'none'";

/// An HTML page answer with its nonce'd policy. `html` may contain the placeholder.
pub fn html_page(status: StatusCode, html: &str) -> Response {
    let n = nonce();
    let body = html.replace(NONCE_PLACEHOLDER, &n);
    let mut res = (status, body).into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Ok(v) = HeaderValue::from_str(&page_csp(&n)) {
        h.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    res
}

/// Adds the shared headers; keeps a page's own CSP.
pub async fn headers(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if !h.contains_key(header::CONTENT_SECURITY_POLICY) {
        h.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(DEFAULT_CSP),
        );
    }
    res
}

/// Whether a state-changing request comes from this origin.
pub fn same_origin(headers: &HeaderMap) -> bool {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return site == "same-origin";
    }
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    match (host, origin) {
        (Some(host), Some(origin)) => origin
            .split_once("://")
            .is_some_and(|(_, rest)| rest.trim_end_matches('/') == host),
        _ => false,
    }
}

/// Refuses cross-site state-changing requests (403).
pub async fn csrf(req: Request, next: Next) -> Response {
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if !safe && !same_origin(req.headers()) {
        tracing::warn!(method = %req.method(), path = req.uri().path(), "cross-site request refused");
        return crate::error::ApiErr::forbidden(
            "This request did not come from the Strata page itself (Origin / Sec-Fetch-Site \
             check); reload the console and try again.",
        )
        .into_response();
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonces_differ_and_fill_the_policy() {
        let (a, b) = (nonce(), nonce());
        assert_ne!(a, b);
        assert_eq!(a.len(), 24);
        let csp = page_csp(&a);
        assert!(csp.contains(&format!("'nonce-{a}'")));
        assert!(csp.contains("'wasm-unsafe-eval'") && csp.contains("frame-ancestors 'none'"));
        assert!(!csp.contains("unsafe-inline"));
    }

    #[test]
    fn origin_checks() {
        let mut h = HeaderMap::new();
        assert!(!same_origin(&h));
        h.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:8080"),
        );
        assert!(same_origin(&h));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://evil.example"),
        );
        assert!(!same_origin(&h));
        h.insert("sec-fetch-site", HeaderValue::from_static("cross-site"));
        assert!(!same_origin(&h));
        h.insert("sec-fetch-site", HeaderValue::from_static("same-origin"));
        assert!(same_origin(&h));
    }
}
