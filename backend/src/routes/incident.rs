//! `GET /api/v1/vmis/{ns}/{name}/snapshot[?at=][&redact=true]`: the VMI's incident file
//! (`model::incident`), a self-contained HTML page to attach to a ticket, made from the same
//! evidence the VMI page is diagnosed from (live, or as recorded at `at`), cut to what the
//! caller may read, and downloaded as `strata-<ns>-<name>.html`.

use super::AppState;
use crate::error::ApiErr;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use model::incident::{Incident, write::render};
use model::wire::paths;

pub fn routes() -> Router<AppState> {
    Router::new().route(paths::VMI_SNAPSHOT, get(snapshot))
}

#[derive(serde::Deserialize)]
struct Params {
    at: Option<String>,
    #[serde(default)]
    redact: bool,
}

async fn snapshot(
    State(state): State<AppState>,
    Path((ns, name)): Path<(String, String)>,
    Query(p): Query<Params>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    let (evidence, at) = match p.at.as_deref() {
        Some(at) => {
            let s = super::history::snapshot_at(&state, &ns, &name, at, &headers).await?;
            (s.evidence, s.now)
        }
        None => {
            let (bundle, _) = super::vmis::bundle(&state, &ns, &name, &headers).await?;
            (bundle, Some(crate::evidence::now(&state.caches)))
        }
    };
    let html = render(&Incident::new(
        &evidence,
        at,
        state.cluster.as_deref(),
        p.redact,
    ));
    let file = if p.redact {
        "strata-incident-redacted.html".to_string()
    } else {
        // Names are DNS labels (`check_name`): safe in a header as they are.
        format!("strata-incident-{ns}-{name}.html")
    };
    let mut r = html.into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{file}\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(r)
}
