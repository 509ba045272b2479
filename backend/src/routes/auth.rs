//! Token mode's session: the sign-in page and form (returning to a validated same-origin `next`
//! path), sign-out (which ends the session server-side, every cluster's grant with it), and
//! `/auth/session`. The cookie and the sessions themselves are [`crate::auth`]'s.
//!
//! With several clusters the form offers a select of them (each marked when this browser's
//! session is signed in to it), picked by `?cluster=NAME`, else by the cluster the page to
//! return to is under (`next=/c/{cluster}/…`), else the first. A token accepted by the picked
//! cluster's API server is added to the browser's live session, if any (its other clusters
//! kept); refused, nothing changes.

use super::AppState;
use crate::auth::{Caller, SignInError};
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

/// The sign-in form's cluster choice: every cluster's name, the first first, whether the
/// request's session is signed in to it, and the one picked.
struct Choice {
    clusters: Vec<(String, bool)>,
    picked: usize,
}

impl Choice {
    /// A select of the clusters, only when there are several.
    fn select(&self) -> String {
        if self.clusters.len() < 2 {
            return String::new();
        }
        let options: String = self
            .clusters
            .iter()
            .enumerate()
            .map(|(i, (name, signed_in))| {
                format!(
                    "<option value=\"{v}\"{sel}>{v}{note}</option>",
                    v = escape_html(name),
                    sel = if i == self.picked { " selected" } else { "" },
                    note = if *signed_in { " (signed in)" } else { "" },
                )
            })
            .collect();
        format!(
            "<p><label for=\"cluster\">Cluster</label>\n<select id=\"cluster\" \
             name=\"cluster\">{options}</select></p>"
        )
    }

    /// The clusters the session is signed in to, said in a sentence (none: nothing).
    fn status(&self) -> String {
        let on: Vec<String> = self
            .clusters
            .iter()
            .filter(|(_, signed_in)| *signed_in)
            .map(|(n, _)| format!("<strong>{}</strong>", escape_html(n)))
            .collect();
        if on.is_empty() {
            return String::new();
        }
        format!(
            "<p data-testid=\"signed-in\">Signed in to {}. Signing in to another cluster keeps \
             these.</p>",
            on.join(", ")
        )
    }
}

fn signin_html(message: Option<&str>, next: Option<&str>, choice: &Choice) -> String {
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
    let (status, select) = (choice.status(), choice.select());
    let each = if choice.clusters.len() > 1 {
        " A token is valid for one cluster's API server: sign in to each cluster with a token \
         of that cluster."
    } else {
        ""
    };
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
{message}{status}
<p>Paste a Kubernetes bearer token (for example from <code>kubectl create token NAME</code>).
Strata keeps it in server memory for this session only (your browser holds a random session
id) and makes every call to that cluster as you; you see only what your account may read.{each}</p>
<form method="post" action="/auth/signin">
{next}{select}
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
    /// The cluster signed in to, by name (none: the first).
    #[serde(default)]
    cluster: Option<String>,
}

#[derive(Deserialize)]
struct NextQuery {
    next: Option<String>,
    cluster: Option<String>,
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

/// The cluster a sign-in names: `cluster` by name, else the one the page to return to is
/// under (`/c/{cluster}/…`), else the first. `None`: a name no cluster goes by.
fn picked(state: &AppState, cluster: Option<&str>, next: Option<&str>) -> Option<usize> {
    let auth = &state.auth;
    match cluster.filter(|c| !c.is_empty()) {
        Some(name) => auth.index_of(name),
        None => Some(
            next.and_then(|n| n.strip_prefix("/c/"))
                .and_then(|rest| rest.split(['/', '?', '#']).next())
                .and_then(|name| {
                    let name = percent_encoding::percent_decode_str(name)
                        .decode_utf8()
                        .ok()?;
                    auth.index_of(&name)
                })
                .unwrap_or(0),
        ),
    }
}

/// The choice of clusters for the session of `headers` (if any), `picked` picked.
fn choice(state: &AppState, headers: &HeaderMap, picked: usize) -> Choice {
    let session = match state.auth.caller(headers) {
        Ok(Caller::User(s)) => Some(s),
        _ => None,
    };
    let clusters = state
        .auth
        .cluster_names()
        .enumerate()
        .map(|(i, n)| {
            let on = session.as_ref().is_some_and(|s| s.grant(i).is_some());
            (n.to_string(), on)
        })
        .collect();
    Choice { clusters, picked }
}

async fn signin_page(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<NextQuery>,
) -> Response {
    if !state.auth.is_token_mode() {
        return Redirect::to("/").into_response();
    }
    let next = safe_next(q.next.as_deref());
    let (at, message) = match picked(&state, q.cluster.as_deref(), next) {
        Some(at) => (at, None),
        None => (0, Some(NO_SUCH_CLUSTER)),
    };
    let choice = choice(&state, &headers, at);
    security::html_page(StatusCode::OK, &signin_html(message, next, &choice))
}

/// What the page says of a cluster name the console does not watch.
const NO_SUCH_CLUSTER: &str = "This console watches no cluster by that name; pick one below.";

async fn signin(
    State(state): State<AppState>,
    client: Option<Extension<ClientAddr>>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    Form(form): Form<SigninForm>,
) -> Response {
    if !state.auth.is_token_mode() {
        return Redirect::to("/").into_response();
    }
    let next = safe_next(form.next.as_deref());
    let at = picked(&state, form.cluster.as_deref(), None);
    let choice = choice(&state, &headers, at.unwrap_or(0));
    let page = |status: StatusCode, message: &str| {
        security::html_page(status, &signin_html(Some(message), next, &choice))
    };
    let Some(at) = at else {
        return page(StatusCode::BAD_REQUEST, NO_SUCH_CLUSTER);
    };
    // The client behind a trusted proxy, else the peer.
    let client = client
        .map(|Extension(ClientAddr(ip))| ip)
        .or(peer.map(|Extension(ConnectInfo(a))| a.ip()));
    // A live session of this browser keeps its other clusters.
    let previous = match crate::auth::cookie::presented(&headers, state.auth.secure_cookie()) {
        crate::auth::cookie::Presented::One(id) => Some(id),
        _ => None,
    };
    match state
        .auth
        .sign_in(form.token.trim(), at, previous.as_deref(), client)
        .await
    {
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
            "The API server did not accept this token (expired, revoked, mistyped, or a token \
             of another cluster).",
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
        let choice = Choice {
            clusters: vec![("a<b>".into(), true), ("c".into(), false)],
            picked: 1,
        };
        let page = signin_html(None, Some("/a\"><script>"), &choice);
        assert!(!page.contains("<b>"), "{page}");
        assert!(
            page.contains("<option value=\"c\" selected>c</option>"),
            "{page}"
        );
        assert!(page.contains("a&lt;b&gt; (signed in)"), "{page}");
        let one = Choice {
            clusters: vec![("a".into(), false)],
            picked: 0,
        };
        assert!(!signin_html(None, None, &one).contains("<select"));
        assert!(!page.contains("<script>"), "{page}");
    }
}
