//! The HTTP endpoints, one module per area; [`crate::app`] composes their routers. The JSON
//! shapes are those of [`model::api`].
//!
//! With several clusters ([`crate::fleet`]) the stream and `/api/v1/vmis` carry every
//! cluster's VMIs (each key names its cluster); the per-VMI, node and migration routes answer
//! for the first cluster (`AppState::store` and `AppState::caches`) and, under
//! `/api/v1/c/{cluster}/` ([`in_cluster`]), for the cluster named (its alerts and VMI history
//! too). In token mode each answers as the session's grant for its cluster (`state.auth` is
//! that cluster's view: [`crate::auth::Auth::at`]).
//!
//! * [`stream`] — `GET /api/v1/stream`, the push stream (its state machine in
//!   [`stream::machine`]).
//! * [`vmis`] — `/api/v1/vmis`, `/api/v1/vmis/{ns}/{name}` (evidence bundle), `…/detail` (the
//!   VMI page, diagnosed here), `…/guestagent/{sub}`.
//! * [`series`] — `/api/v1/vmis/{ns}/{name}/metrics`.
//! * [`migrations`] — `/api/v1/migrations`, `/api/v1/migrations/reports`.
//! * [`nodes`] — `/api/v1/nodes`, `/api/v1/nodes/{name}/drain`.
//! * [`k8s`] — `/k8s/...`, the read-only Kubernetes API proxy (only with `--enable-k8s-proxy`).
//! * [`auth`] — `/auth/signin`, `/auth/signout`.
//! * [`health`] — `/healthz`, `/readyz`, `/metrics`, and the operator listener's routes.
//! * [`health`] — `/healthz`, `/readyz`, `/metrics`.
//! * [`history`] — `/api/v1/history`, `…/{ns}/{name}/history`, and `…/detail?at=` as recorded.
//! * [`assets`] — the built frontend with SPA fallback.
//! * [`clusters`] — `/api/v1/clusters`, every watched cluster's reachability and counts.
//! * [`alerts`] — `/api/v1/alerts`, the alerts read and what each was matched to.
//! * [`in_cluster`] — `/api/v1/c/{cluster}/{vmis,nodes,migrations}…`, one cluster's routes.
//! * [`redact`] — token mode's cut of every answer to what the user may read.

pub mod alerts;
pub mod assets;
pub mod auth;
pub mod clusters;
pub mod health;
pub mod history;
pub mod in_cluster;
pub mod incident;
pub mod k8s;
pub mod migrations;
pub mod nodes;
pub mod redact;
pub mod series;
pub mod stream;
pub mod vmis;

use crate::auth::Access;
use crate::error::ApiErr;
use crate::proxy;
pub use crate::state::AppState;
use crate::watch::Kind;

/// `Ok` when `s` is a valid Kubernetes name; else a 400 naming `what`.
fn check_name(what: &str, s: &str) -> Result<(), ApiErr> {
    if proxy::is_name(s) {
        Ok(())
    } else {
        Err(ApiErr::bad_request(format!(
            "{what} {s:?} is not a valid Kubernetes name (lower-case letters, digits, '-' and '.')"
        )))
    }
}

/// Listing VMIs in `ns`: what every VMI endpoint requires.
fn vmi_access(ns: &str) -> Access {
    Access::list("kubevirt.io", "virtualmachineinstances", Some(ns))
}

/// 503: `kind`'s watch has not synced yet.
fn not_synced(kind: Kind) -> ApiErr {
    ApiErr::unavailable(format!(
        "Strata has not finished reading {} from the cluster yet; try again in a few seconds \
         (see /readyz).",
        kind.name()
    ))
}

/// Any other `/api/v1/...` path.
pub async fn api_not_found() -> ApiErr {
    ApiErr::not_found("No such API endpoint; the endpoints are listed in model::api.")
}
