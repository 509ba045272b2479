//! The Prometheus HTTP query API (`/api/v1/query`, `/api/v1/query_range`) over the simulator's own
//! series, with the PromQL subset Strata's backend sends: selectors with `=`, `!=`, `=~`, `!~`
//! matchers; `rate`, `irate`, `increase` over a range; `sum`/`min`/`max`/`avg`/`count` with
//! `by`/`without`; `or`; parentheses and number literals. Answers use Prometheus's JSON format.
//!
//! Hand-written: the Rust PromQL crates parse but do not evaluate, and this subset evaluates
//! against closed-form series at any instant, with no stored samples.
//!
//! * [`parse`]: lexer and parser into [`Expr`]; [`eval`]: evaluation at an instant.

pub mod eval;
pub mod parse;

pub use eval::{Evaluator, Labels, Value1};
pub use parse::{Expr, MatchOp, Matcher, parse};

use parse::duration;

use crate::Shared;
use crate::clock::parse_time;
use crate::metrics;
use axum::extract::{Form, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;

fn ok(data: Value) -> Response {
    axum::Json(json!({"status": "success", "data": data})).into_response()
}

fn error(code: StatusCode, ty: &str, msg: &str) -> Response {
    (
        code,
        axum::Json(json!({"status": "error", "errorType": ty, "error": msg})),
    )
        .into_response()
}

fn ts_json(t: f64) -> Value {
    json!((t * 1000.0).round() / 1000.0)
}

fn parse_ts(s: Option<&str>, default: f64) -> Result<f64, String> {
    match s.filter(|s| !s.is_empty()) {
        None => Ok(default),
        Some(s) => parse_time(s).ok_or_else(|| format!("cannot parse {s:?} to a valid timestamp")),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct QueryParams {
    query: Option<String>,
    time: Option<String>,
    start: Option<String>,
    end: Option<String>,
    step: Option<String>,
}

fn labels_json(l: &Labels) -> Value {
    json!(l)
}

fn run_query(shared: &Shared, p: &QueryParams) -> Response {
    if shared.faults.prometheus_down() {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "Prometheus is down (simulated fault)",
        );
    }
    let Some(q) = p.query.as_deref() else {
        return error(
            StatusCode::BAD_REQUEST,
            "bad_data",
            "invalid parameter \"query\": no query given",
        );
    };
    let t = match parse_ts(p.time.as_deref(), shared.clock.now()) {
        Ok(t) => t,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                "bad_data",
                &format!("invalid parameter \"time\": {e}"),
            );
        }
    };
    let e = match parse(q) {
        Ok(e) => e,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                "bad_data",
                &format!("invalid parameter \"query\": 1:1: parse error: {e}"),
            );
        }
    };
    let w = shared.world();
    let mut ev = Evaluator::new(&w, &shared.addr.to_string());
    match ev.eval(&e, t) {
        Ok(Value1::Scalar(v)) => {
            ok(json!({"resultType": "scalar", "result": [ts_json(t), metrics::fmt_value(v)]}))
        }
        Ok(Value1::Vector(v)) => ok(json!({"resultType": "vector", "result": v.iter()
            .map(|(l, x)| json!({"metric": labels_json(l), "value": [ts_json(t), metrics::fmt_value(*x)]})).collect::<Vec<_>>()})),
        Err(e) => error(StatusCode::BAD_REQUEST, "execution", &e),
    }
}

fn run_range(shared: &Shared, p: &QueryParams) -> Response {
    if shared.faults.prometheus_down() {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "Prometheus is down (simulated fault)",
        );
    }
    let Some(q) = p.query.as_deref() else {
        return error(
            StatusCode::BAD_REQUEST,
            "bad_data",
            "invalid parameter \"query\": no query given",
        );
    };
    let now = shared.clock.now();
    let (start, end) = match (
        parse_ts(p.start.as_deref(), f64::NAN),
        parse_ts(p.end.as_deref(), f64::NAN),
    ) {
        (Ok(s), Ok(e)) if !s.is_nan() && !e.is_nan() => (s, e),
        _ => {
            return error(
                StatusCode::BAD_REQUEST,
                "bad_data",
                "invalid parameter \"start\" or \"end\": cannot parse to a valid timestamp",
            );
        }
    };
    let step = match p
        .step
        .as_deref()
        .and_then(|s| s.parse::<f64>().ok().or_else(|| duration(s)))
    {
        Some(s) if s > 0.0 => s,
        _ => {
            return error(
                StatusCode::BAD_REQUEST,
                "bad_data",
                "invalid parameter \"step\": zero or negative query resolution step widths are not accepted. Try a positive integer",
            );
        }
    };
    if end < start {
        return error(
            StatusCode::BAD_REQUEST,
            "bad_data",
            "invalid parameter \"end\": end timestamp must not be before start time",
        );
    }
    if (end - start) / step > 11_000.0 {
        return error(
            StatusCode::BAD_REQUEST,
            "bad_data",
            "exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)",
        );
    }
    let e = match parse(q) {
        Ok(e) => e,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                "bad_data",
                &format!("invalid parameter \"query\": 1:1: parse error: {e}"),
            );
        }
    };
    let w = shared.world();
    let mut ev = Evaluator::new(&w, &shared.addr.to_string());
    let mut series: BTreeMap<Labels, Vec<Value>> = BTreeMap::new();
    let mut t = start;
    while t <= end + 1e-9 && t <= now + 1e-9 {
        match ev.eval(&e, t) {
            Ok(Value1::Vector(v)) => {
                for (l, x) in v {
                    series
                        .entry(l)
                        .or_default()
                        .push(json!([ts_json(t), metrics::fmt_value(x)]));
                }
            }
            Ok(Value1::Scalar(x)) => series
                .entry(Labels::new())
                .or_default()
                .push(json!([ts_json(t), metrics::fmt_value(x)])),
            Err(e) => return error(StatusCode::BAD_REQUEST, "execution", &e),
        }
        t += step;
    }
    ok(
        json!({"resultType": "matrix", "result": series.iter().map(|(l, v)| json!({"metric": labels_json(l), "values": v})).collect::<Vec<_>>()}),
    )
}

pub async fn query(State(shared): State<Arc<Shared>>, Query(p): Query<QueryParams>) -> Response {
    run_query(&shared, &p)
}

pub async fn query_post(State(shared): State<Arc<Shared>>, Form(p): Form<QueryParams>) -> Response {
    run_query(&shared, &p)
}

pub async fn query_range(
    State(shared): State<Arc<Shared>>,
    Query(p): Query<QueryParams>,
) -> Response {
    run_range(&shared, &p)
}

pub async fn query_range_post(
    State(shared): State<Arc<Shared>>,
    Form(p): Form<QueryParams>,
) -> Response {
    run_range(&shared, &p)
}

/// `/-/ready` and `/-/healthy`.
pub async fn ready(State(shared): State<Arc<Shared>>) -> Response {
    if shared.faults.prometheus_down() {
        return (StatusCode::SERVICE_UNAVAILABLE, "Service Unavailable").into_response();
    }
    "Prometheus Server is Ready.\n".into_response()
}
