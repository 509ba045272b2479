//! The built frontend: static files from Trunk's `dist/` (precompressed `.br`/`.gz` when
//! present) and `index.html`, with a fresh CSP nonce (and `data-fleet` on its root when the
//! console watches several clusters), for `/` and every client-side route.
//! Every static file answer says `Vary: Accept-Encoding` (br, gzip or identity alike), so a cache
//! never hands a browser an encoding it did not ask for.

use super::AppState;
use crate::error::ApiErr;
use crate::security;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use tower::ServiceBuilder;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

/// `/`, `/index.html`, and the fallback of `router`: a file of `state.assets`, else the SPA's
/// `index.html`.
pub fn serve(router: Router<AppState>, state: &AppState) -> Router<AppState> {
    let router = router
        .route("/", get(index))
        .route("/index.html", get(index));
    match &state.assets {
        Some(dir) => router.fallback_service(
            ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::if_not_present(
                    header::VARY,
                    HeaderValue::from_static("accept-encoding"),
                ))
                .service(
                    ServeDir::new(dir)
                        .append_index_html_on_directories(false)
                        .precompressed_br()
                        .precompressed_gzip()
                        .fallback(get(index).with_state(state.clone())),
                ),
        ),
        None => router.fallback(get(index)),
    }
}

/// `html` with `<html data-fleet>` when the console watches several clusters: the overview
/// shows the clusters' rows even while the stream carries one cluster's VMIs (a token user
/// signed in to one cluster sees the others to sign in to).
fn fleet_marked(html: String, state: &AppState) -> String {
    if state.fleet.clusters().len() > 1 {
        html.replacen("<html", "<html data-fleet", 1)
    } else {
        html
    }
}

async fn index(State(state): State<AppState>, uri: Uri, headers: HeaderMap) -> Response {
    // Without a live session, to the sign-in page, which returns here afterwards.
    if state.auth.is_token_mode() && state.auth.caller(&headers).is_err() {
        let here = uri.path_and_query().map_or("/", |p| p.as_str());
        return Redirect::to(&super::auth::signin_url(here)).into_response();
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
        Ok(html) => security::html_page(StatusCode::OK, &fleet_marked(html, &state)),
        Err(e) => ApiErr::unavailable(format!("cannot read index.html: {e}")).into_response(),
    }
}
