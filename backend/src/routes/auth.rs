//! Token mode's session: the sign-in page and form (returning to a validated same-origin `next`
//! path), sign-out (which ends the session server-side), and `/auth/session`. The cookie and the
//! sessions themselves are [`crate::auth`]'s.

use super::AppState;
use crate::auth::SignInError;
use crate::listener::client::ClientAddr;
use crate::security;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Extension, Form, Json, Router};
use serde::Deserialize;
use std::net::SocketAddr;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/auth/signin", get(signin_page).post(signin))
        .route("/auth/signout", post(signout))
        .route("/auth/session", get(session))
}

fn signin_html(message: Option<&str>, next: Option<&str>) -> String {
    let message = message
        .map(|m| format!("<p class=\"error\" role=\"alert\">{}</p>", escape_html(m)))
        .unwrap_or_default();
    let next = next
        .map(|n| {
            format!(
                "<input type=\"hidden\" name=\"next\" value=\"{}\">",
                escape_html(n)
            )
        })
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
Strata keeps it in server memory for this session only (your browser holds a random session
id) and makes every cluster call as you; you see only what your account may read.</p>
<form method="post" action="/auth/signin">
{next}
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

#[derive(Deserialize)]
struct SigninForm {
    token: String,
    #[serde(default)]
    next: Option<String>,
}

#[derive(Deserialize)]
struct NextQuery {
    next: Option<String>,
}

/// `next` when it is a same-origin path: one leading `/` (not `//`), visible ASCII, no
/// backslash (browsers read `/\host` as `//host`), so no scheme and no other host.
pub fn safe_next(next: Option<&str>) -> Option<&str> {
    next.filter(|n| {
        n.len() <= 2048
            && n.starts_with('/')
            && !n.starts_with("//")
            && n.bytes().all(|b| b.is_ascii_graphic() && b != b'\\')
    })
}

/// The sign-in page's address that returns to `path_and_query` afterwards.
pub fn signin_url(path_and_query: &str) -> String {
    match safe_next(Some(path_and_query)).filter(|p| *p != "/") {
        Some(next) => format!(
            "/auth/signin?{}",
            form_urlencoded::Serializer::new(String::new())
                .append_pair("next", next)
                .finish()
        ),
        None => "/auth/signin".into(),
    }
}

async fn signin_page(State(state): State<AppState>, Query(q): Query<NextQuery>) -> Response {
    if !state.auth.is_token_mode() {
        return Redirect::to("/").into_response();
    }
    let next = safe_next(q.next.as_deref());
    security::html_page(StatusCode::OK, &signin_html(None, next))
}

async fn signin(
    State(state): State<AppState>,
    client: Option<Extension<ClientAddr>>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    Form(form): Form<SigninForm>,
) -> Response {
    if !state.auth.is_token_mode() {
        return Redirect::to("/").into_response();
    }
    let next = safe_next(form.next.as_deref());
    let page = |status: StatusCode, message: &str| {
        security::html_page(status, &signin_html(Some(message), next))
    };
    // The client behind a trusted proxy, else the peer.
    let client = client
        .map(|Extension(ClientAddr(ip))| ip)
        .or(peer.map(|Extension(ConnectInfo(a))| a.ip()));
    match state.auth.sign_in(form.token.trim(), client).await {
        Ok(id) => {
            tracing::info!("session started");
            let cookie = crate::auth::cookie::set(&id, state.auth.secure_cookie());
            let mut res = Redirect::to(next.unwrap_or("/")).into_response();
            if let Ok(v) = HeaderValue::from_str(&cookie) {
                res.headers_mut().insert(header::SET_COOKIE, v);
            }
            res
        }
        Err(SignInError::Malformed) => page(
            StatusCode::BAD_REQUEST,
            "That does not look like a bearer token (visible characters only, no spaces).",
        ),
        Err(SignInError::TooMany) => page(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many sign-in attempts from this address or overall; wait a minute and try again.",
        ),
        Err(SignInError::Rejected) => page(
            StatusCode::UNAUTHORIZED,
            "The API server did not accept this token (expired, revoked or mistyped).",
        ),
        Err(SignInError::Failed(_, message)) => page(StatusCode::BAD_GATEWAY, &message),
    }
}

/// Ends the session server-side (its id no longer works anywhere) and clears the cookie.
async fn signout(State(state): State<AppState>, headers: HeaderMap) -> Response {
    state.auth.sign_out(&headers);
    let mut res = Redirect::to("/auth/signin").into_response();
    let clear = crate::auth::cookie::clear(state.auth.secure_cookie());
    if let Ok(v) = HeaderValue::from_str(&clear) {
        res.headers_mut().insert(header::SET_COOKIE, v);
    }
    res
}

/// `GET /auth/session`: 200 while signed in (always in local mode), else the API's 401 JSON;
/// the frontend asks it when its stream closes, to tell an ended session from an outage.
async fn session(State(state): State<AppState>, headers: HeaderMap) -> Response {
    match state.auth.caller(&headers) {
        Ok(_) => Json(serde_json::json!({"signed_in": true})).into_response(),
        Err(e) => e.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_is_a_same_origin_path_only() {
        for ok in ["/", "/vmi/prod/web-1", "/wall?ns=prod&x=%2F", "/a#frag"] {
            assert_eq!(safe_next(Some(ok)), Some(ok), "{ok}");
        }
        for bad in [
            "//evil.example",
            "/\\evil.example",
            "https://evil.example/",
            "javascript:alert(1)",
            "evil",
            "/a b",
            "/\t/evil",
            "",
        ] {
            assert_eq!(safe_next(Some(bad)), None, "{bad}");
        }
        assert_eq!(signin_url("/"), "/auth/signin");
        assert_eq!(
            signin_url("/vmi/prod/a?x=1"),
            "/auth/signin?next=%2Fvmi%2Fprod%2Fa%3Fx%3D1"
        );
        assert_eq!(signin_url("//evil"), "/auth/signin");
        let page = signin_html(None, Some("/a\"><script>"));
        assert!(!page.contains("<script>"), "{page}");
    }
}
