//! The simulator's own control API under `/_sim/` (a prefix no real API uses), so bench scripts
//! and tests in other processes can drive scenarios, the clock and faults. Parameters come from
//! the query string or a JSON object body; answers are JSON.
//!
//! | Method | Path | Parameters |
//! |---|---|---|
//! | GET | `/_sim` | state: clock, VM count, faults |
//! | GET | `/_sim/scenarios` | the scenario names |
//! | POST | `/_sim/scenarios/{scenario}` | `namespace`, `name`, `node` (optional) |
//! | DELETE | `/_sim/vmis/{ns}/{name}` | |
//! | POST | `/_sim/vmis/{ns}/{name}/phase` | `phase` |
//! | POST | `/_sim/vmis/{ns}/{name}/migrate` | `kind` (default `converge`); KubeVirt's webhook may deny it (400) |
//! | POST | `/_sim/vmis/{ns}/{name}/pause`, `.../unpause` | |
//! | POST | `/_sim/vmis/{ns}/{name}/agent` | `connected` (true/false) |
//! | POST | `/_sim/nodes/{node}/drain`, `.../uncordon` | |
//! | POST | `/_sim/nodes/{node}/ready` | `ready` (true/false); `unknownAfter` is ignored |
//! | POST | `/_sim/nodes/{node}/handler` | `up` (true/false): virt-handler runs or not |
//! | POST | `/_sim/nodes/{node}/force-delete-pods` | |
//! | POST | `/_sim/nodes/{node}/drain-taint` | `set` (true/false): the `kubevirt.io/drain` taint |
//! | GET | `/_sim/clock` | |
//! | POST | `/_sim/clock/advance` | `seconds` |
//! | POST | `/_sim/clock/speed` | `speed` |
//! | POST | `/_sim/clock/freeze` | |
//! | POST | `/_sim/churn` | `rate` (changes per simulated second) |
//! | POST | `/_sim/scale` | `vmis` (VMs to add) |
//! | GET, DELETE | `/_sim/faults` | state; DELETE clears every fault |
//! | POST | `/_sim/faults/restart-api` | `downSeconds` (default 0) |
//! | POST | `/_sim/faults/expire` | |
//! | POST | `/_sim/faults/slow` | `ms` |
//! | POST | `/_sim/faults/prometheus` | `down` (true/false) |
//! | POST | `/_sim/faults/guest-agent` | `failing` (true/false) |
//! | POST | `/_sim/faults/unreachable` | `seconds`: from 0.1 s after the answer, the port refuses connections that long (this API goes with it) |
//! | POST | `/_sim/faults/credentials` | `expired` (true/false): every Kubernetes API request answered 401 |
// Handlers return ready-made error responses; boxing them would only add noise.
#![allow(clippy::result_large_err)]

use crate::{Shared, Sim};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

type Params = HashMap<String, String>;

/// How long after its answer `/_sim/faults/unreachable` closes the port.
const UNREACHABLE_AFTER: Duration = Duration::from_millis(100);

fn sim(shared: Arc<Shared>) -> Sim {
    Sim {
        shared,
        mirror: None,
    }
}

fn params(q: Params, body: &Bytes) -> Params {
    let mut p = q;
    if let Ok(Value::Object(m)) = serde_json::from_slice::<Value>(body) {
        for (k, v) in m {
            let s = match v {
                Value::String(s) => s,
                other => other.to_string(),
            };
            p.entry(k).or_insert(s);
        }
    }
    p
}

fn bad(msg: &str) -> Response {
    (StatusCode::BAD_REQUEST, axum::Json(json!({"error": msg}))).into_response()
}

fn missing(what: &str) -> Response {
    (
        StatusCode::NOT_FOUND,
        axum::Json(json!({"error": format!("{what} not found")})),
    )
        .into_response()
}

fn done(v: Value) -> Response {
    axum::Json(v).into_response()
}

fn flag(p: &Params, k: &str, default: bool) -> Result<bool, Response> {
    match p.get(k).map(String::as_str) {
        None => Ok(default),
        Some("true" | "1" | "yes") => Ok(true),
        Some("false" | "0" | "no") => Ok(false),
        Some(o) => Err(bad(&format!("{k} must be true or false, not {o:?}"))),
    }
}

fn num(p: &Params, k: &str, default: Option<f64>) -> Result<f64, Response> {
    match p.get(k) {
        None => default.ok_or_else(|| bad(&format!("missing parameter {k}"))),
        Some(s) => s
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| bad(&format!("{k} must be a non-negative number"))),
    }
}

/// The `/_sim` router (nested by [`crate::http::router`]).
pub fn router() -> Router<Arc<Shared>> {
    Router::new()
        .route("/", get(state))
        .route("/scenarios", get(scenarios))
        .route("/scenarios/{scenario}", post(add_scenario))
        .route("/vmis/{ns}/{name}", delete(remove_vm))
        .route("/vmis/{ns}/{name}/{action}", post(vmi_action))
        .route("/nodes/{node}/{action}", post(node_action))
        .route("/clock", get(clock))
        .route("/clock/{action}", post(clock_action))
        .route("/churn", post(churn))
        .route("/scale", post(scale))
        .route("/faults", get(faults).delete(clear_faults))
        .route("/faults/{fault}", post(fault))
}

fn clock_json(shared: &Shared) -> Value {
    let now = shared.clock.now();
    json!({"now": now, "time": crate::clock::rfc3339(now), "manual": shared.clock.is_manual(), "speed": shared.clock.speed()})
}

async fn state(State(shared): State<Arc<Shared>>) -> Response {
    let vms = shared.world().vms.len();
    done(
        json!({"clock": clock_json(&shared), "vms": vms, "resourceVersion": shared.store.resource_version().to_string(), "faults": shared.faults.describe()}),
    )
}

async fn scenarios() -> Response {
    done(json!({
        "scenarios": crate::scenarios::SCENARIOS.iter().map(|s| json!({"name": s.name, "description": s.description})).collect::<Vec<_>>(),
        "migrations": crate::scenarios::migration::NAMED,
    }))
}

async fn add_scenario(
    State(shared): State<Arc<Shared>>,
    Path(scenario): Path<String>,
    Query(q): Query<Params>,
    body: Bytes,
) -> Response {
    let p = params(q, &body);
    let ns = p
        .get("namespace")
        .cloned()
        .unwrap_or_else(|| "default".into());
    let name = p.get("name").cloned().unwrap_or_else(|| scenario.clone());
    match sim(shared).add_scenario(&scenario, &ns, &name, p.get("node").map(String::as_str)) {
        Ok(()) => (
            StatusCode::CREATED,
            axum::Json(json!({"namespace": ns, "name": name, "scenario": scenario})),
        )
            .into_response(),
        Err(e) => bad(&e),
    }
}

async fn remove_vm(
    State(shared): State<Arc<Shared>>,
    Path((ns, name)): Path<(String, String)>,
) -> Response {
    if sim(shared).remove_vm(&ns, &name) {
        done(json!({"removed": format!("{ns}/{name}")}))
    } else {
        missing(&format!("VM {ns}/{name}"))
    }
}

async fn vmi_action(
    State(shared): State<Arc<Shared>>,
    Path((ns, name, action)): Path<(String, String, String)>,
    Query(q): Query<Params>,
    body: Bytes,
) -> Response {
    let p = params(q, &body);
    let s = sim(shared);
    let found = match action.as_str() {
        "phase" => {
            let Some(phase) = p.get("phase") else {
                return bad("missing parameter phase");
            };
            s.set_vmi_phase(&ns, &name, phase)
        }
        "migrate" => {
            let kind = p.get("kind").map(String::as_str).unwrap_or("converge");
            return migrate(&s, &ns, &name, kind);
        }
        "pause" => s.set_paused(&ns, &name, true),
        "unpause" => s.set_paused(&ns, &name, false),
        "agent" => match flag(&p, "connected", true) {
            Ok(c) => s.set_agent(&ns, &name, c),
            Err(e) => return e,
        },
        other => return bad(&format!("unknown VMI action {other:?}")),
    };
    if found {
        done(json!({"ok": true}))
    } else {
        missing(&format!("VMI {ns}/{name}"))
    }
}

/// A user's migration: 201 with its name; a webhook denial as the API server answers it (400,
/// a `Status`); 409 when the VMI is not running.
fn migrate(s: &Sim, ns: &str, name: &str, kind: &str) -> Response {
    use crate::scenarios::migration::{self, MigrationSpec, admit};
    let Some(spec) = MigrationSpec::named(kind) else {
        return bad(&format!("unknown migration kind {kind:?}"));
    };
    let key = (ns.to_string(), name.to_string());
    match s.with_world(|w| migration::create(w, &key, spec)) {
        Ok(vmim) => (StatusCode::CREATED, axum::Json(json!({"migration": vmim}))).into_response(),
        Err(migration::Refused::Denied(m)) => (
            StatusCode::BAD_REQUEST,
            axum::Json(admit::denial_status(&m)),
        )
            .into_response(),
        Err(migration::Refused::NotRunning) => (
            StatusCode::CONFLICT,
            axum::Json(json!({"error": format!("VMI {ns}/{name} is not running")})),
        )
            .into_response(),
    }
}

async fn node_action(
    State(shared): State<Arc<Shared>>,
    Path((node, action)): Path<(String, String)>,
    Query(q): Query<Params>,
    body: Bytes,
) -> Response {
    let p = params(q, &body);
    let s = sim(shared);
    let found = match action.as_str() {
        "drain" => s.drain_node(&node),
        "uncordon" => s.uncordon_node(&node),
        "ready" => {
            let ready = match flag(&p, "ready", true) {
                Ok(r) => r,
                Err(e) => return e,
            };
            let after = match num(&p, "unknownAfter", Some(90.0)) {
                Ok(a) => a,
                Err(e) => return e,
            };
            s.set_node_ready(&node, ready, after)
        }
        "handler" => match flag(&p, "up", true) {
            Ok(up) => s.set_handler(&node, up),
            Err(e) => return e,
        },
        "force-delete-pods" => s.force_delete_pods(&node),
        "drain-taint" => match flag(&p, "set", true) {
            Ok(set) => s.set_drain_taint(&node, set),
            Err(e) => return e,
        },
        other => return bad(&format!("unknown node action {other:?}")),
    };
    if found {
        done(json!({"ok": true}))
    } else {
        missing(&format!("node {node}"))
    }
}

async fn clock(State(shared): State<Arc<Shared>>) -> Response {
    done(clock_json(&shared))
}

async fn clock_action(
    State(shared): State<Arc<Shared>>,
    Path(action): Path<String>,
    Query(q): Query<Params>,
    body: Bytes,
) -> Response {
    let p = params(q, &body);
    let s = sim(shared.clone());
    match action.as_str() {
        "advance" => match num(&p, "seconds", None) {
            Ok(secs) => s.advance(secs),
            Err(e) => return e,
        },
        "speed" => match num(&p, "speed", None) {
            Ok(v) => s.set_speed(v),
            Err(e) => return e,
        },
        "freeze" => s.freeze_clock(),
        other => return bad(&format!("unknown clock action {other:?}")),
    }
    done(clock_json(&shared))
}

async fn churn(
    State(shared): State<Arc<Shared>>,
    Query(q): Query<Params>,
    body: Bytes,
) -> Response {
    let p = params(q, &body);
    match num(&p, "rate", None) {
        Ok(r) => {
            sim(shared).set_churn(r);
            done(json!({"churn": r}))
        }
        Err(e) => e,
    }
}

async fn scale(
    State(shared): State<Arc<Shared>>,
    Query(q): Query<Params>,
    body: Bytes,
) -> Response {
    let p = params(q, &body);
    match num(&p, "vmis", None) {
        Ok(n) if n <= 10_000.0 => {
            let s = sim(shared.clone());
            s.add_scale_vms(n as usize);
            done(json!({"vms": shared.world().vms.len()}))
        }
        Ok(_) => bad("vmis must be at most 10000"),
        Err(e) => e,
    }
}

async fn faults(State(shared): State<Arc<Shared>>) -> Response {
    done(shared.faults.describe())
}

async fn clear_faults(State(shared): State<Arc<Shared>>) -> Response {
    shared.faults.clear();
    done(shared.faults.describe())
}

async fn fault(
    State(shared): State<Arc<Shared>>,
    Path(fault): Path<String>,
    Query(q): Query<Params>,
    body: Bytes,
) -> Response {
    let p = params(q, &body);
    let s = sim(shared.clone());
    match fault.as_str() {
        "restart-api" => match num(&p, "downSeconds", Some(0.0)) {
            Ok(d) => s.restart_api(Duration::from_secs_f64(d)),
            Err(e) => return e,
        },
        "expire" => s.expire_resource_versions(),
        "slow" => match num(&p, "ms", None) {
            Ok(ms) => shared.faults.set_slow(Duration::from_millis(ms as u64)),
            Err(e) => return e,
        },
        "prometheus" => match flag(&p, "down", true) {
            Ok(d) => shared.faults.set_prometheus_down(d),
            Err(e) => return e,
        },
        "guest-agent" => match flag(&p, "failing", true) {
            Ok(f) => shared.faults.set_guest_agent_failing(f),
            Err(e) => return e,
        },
        "unreachable" => match num(&p, "seconds", None) {
            Ok(secs) if secs > 0.0 => {
                // After this answer has left: the outage cuts every open connection, this one too.
                tokio::spawn(async move {
                    tokio::time::sleep(UNREACHABLE_AFTER).await;
                    s.set_unreachable_for(Duration::from_secs_f64(secs));
                });
                let mut state = shared.faults.describe();
                state["unreachableInMs"] = json!(UNREACHABLE_AFTER.as_millis() as u64);
                return done(state);
            }
            Ok(_) => return bad("seconds must be above 0 (nothing could switch it back)"),
            Err(e) => return e,
        },
        "credentials" => match flag(&p, "expired", true) {
            Ok(x) => shared.faults.set_credentials_expired(x),
            Err(e) => return e,
        },
        other => return bad(&format!("unknown fault {other:?}")),
    }
    done(shared.faults.describe())
}
