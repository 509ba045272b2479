//! Token mode's session: the sign-in page and form, and sign-out. The cookie itself is
//! [`crate::auth`]'s.

use super::AppState;
use crate::auth::Access;
use crate::security;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use serde::Deserialize;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/auth/signin", get(signin_page).post(signin))
        .route("/auth/signout", post(signout))
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
