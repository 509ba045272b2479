//! The Prometheus HTTP query API (`/api/v1/query`, `/api/v1/query_range`) over the simulator's own
//! series, with the PromQL subset Strata's backend sends: selectors with `=`, `!=`, `=~`, `!~`
//! matchers; `rate`, `irate`, `increase` over a range; `sum`/`min`/`max`/`avg`/`count` with
//! `by`/`without`; `or`; parentheses and number literals. Answers use Prometheus's JSON format.

use crate::Shared;
use crate::clock::parse_time;
use crate::metrics::{self, Series};
use crate::world::World;
use axum::extract::{Form, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// A label matcher.
#[derive(Debug, Clone)]
pub struct Matcher {
    pub label: String,
    pub op: MatchOp,
    pub value: String,
    re: Option<regex::Regex>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchOp {
    Eq,
    Ne,
    Re,
    Nre,
}

impl Matcher {
    fn new(label: String, op: MatchOp, value: String) -> Result<Matcher, String> {
        let re = match op {
            MatchOp::Re | MatchOp::Nre => Some(
                regex::Regex::new(&format!("^(?:{value})$"))
                    .map_err(|e| format!("invalid regular expression {value:?}: {e}"))?,
            ),
            _ => None,
        };
        Ok(Matcher {
            label,
            op,
            value,
            re,
        })
    }

    fn matches(&self, v: &str) -> bool {
        match self.op {
            MatchOp::Eq => v == self.value,
            MatchOp::Ne => v != self.value,
            MatchOp::Re => self.re.as_ref().is_some_and(|r| r.is_match(v)),
            MatchOp::Nre => !self.re.as_ref().is_some_and(|r| r.is_match(v)),
        }
    }
}

/// A parsed expression.
#[derive(Debug, Clone)]
pub enum Expr {
    Number(f64),
    Selector(Vec<Matcher>),
    Range {
        func: String,
        matchers: Vec<Matcher>,
        window: f64,
    },
    Aggregate {
        op: String,
        by: bool,
        labels: Vec<String>,
        expr: Box<Expr>,
    },
    Or(Box<Expr>, Box<Expr>),
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Str(String),
    Num(f64),
    Dur(f64),
    Punct(&'static str),
}

fn duration(s: &str) -> Option<f64> {
    let mut total = 0.0;
    let mut num = String::new();
    let mut chars = s.chars().peekable();
    let mut any = false;
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let unit = if c == 'm' && chars.peek() == Some(&'s') {
            chars.next();
            0.001
        } else {
            match c {
                's' => 1.0,
                'm' => 60.0,
                'h' => 3600.0,
                'd' => 86_400.0,
                'w' => 604_800.0,
                'y' => 31_536_000.0,
                _ => return None,
            }
        };
        total += num.parse::<f64>().ok()? * unit;
        num.clear();
        any = true;
    }
    (any && num.is_empty()).then_some(total)
}

fn lex(s: &str) -> Result<Vec<Tok>, String> {
    let b: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' || c == ':' {
            let st = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == '_' || b[i] == ':') {
                i += 1;
            }
            out.push(Tok::Ident(b[st..i].iter().collect()));
            continue;
        }
        if c.is_ascii_digit() || c == '.' {
            let st = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == '.') {
                i += 1;
            }
            let text: String = b[st..i].iter().collect();
            if let Ok(n) = text.parse::<f64>() {
                out.push(Tok::Num(n));
            } else if let Some(d) = duration(&text) {
                out.push(Tok::Dur(d));
            } else {
                return Err(format!("bad number or duration syntax: {text:?}"));
            }
            continue;
        }
        if c == '"' || c == '\'' {
            let q = c;
            i += 1;
            let mut v = String::new();
            while i < b.len() && b[i] != q {
                if b[i] == '\\' && i + 1 < b.len() {
                    i += 1;
                    v.push(match b[i] {
                        'n' => '\n',
                        't' => '\t',
                        o => o,
                    });
                } else {
                    v.push(b[i]);
                }
                i += 1;
            }
            if i >= b.len() {
                return Err("unterminated quoted string".into());
            }
            i += 1;
            out.push(Tok::Str(v));
            continue;
        }
        let two: String = b[i..(i + 2).min(b.len())].iter().collect();
        let p = match two.as_str() {
            "=~" => Some("=~"),
            "!~" => Some("!~"),
            "!=" => Some("!="),
            "==" => Some("=="),
            _ => None,
        };
        if let Some(p) = p {
            out.push(Tok::Punct(p));
            i += 2;
            continue;
        }
        let p = match c {
            '(' => "(",
            ')' => ")",
            '{' => "{",
            '}' => "}",
            '[' => "[",
            ']' => "]",
            ',' => ",",
            '=' => "=",
            _ => return Err(format!("unexpected character: {c:?}")),
        };
        out.push(Tok::Punct(p));
        i += 1;
    }
    Ok(out)
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
}

const AGGS: &[&str] = &["sum", "min", "max", "avg", "count"];
const RANGE_FUNCS: &[&str] = &["rate", "irate", "increase"];

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).cloned();
        self.pos += 1;
        t
    }
    fn expect(&mut self, p: &str) -> Result<(), String> {
        match self.next() {
            Some(Tok::Punct(x)) if x == p => Ok(()),
            other => Err(format!("unexpected {other:?}, expected \"{p}\"")),
        }
    }
    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Some(Tok::Punct(x)) if *x == p)
    }

    fn expr(&mut self) -> Result<Expr, String> {
        let mut left = self.term()?;
        while matches!(self.peek(), Some(Tok::Ident(k)) if k == "or") {
            self.pos += 1;
            let right = self.term()?;
            left = Expr::Or(Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn labels(&mut self) -> Result<Vec<String>, String> {
        self.expect("(")?;
        let mut out = Vec::new();
        while !self.is_punct(")") {
            match self.next() {
                Some(Tok::Ident(l)) => out.push(l),
                other => return Err(format!("unexpected {other:?} in grouping opts")),
            }
            if self.is_punct(",") {
                self.pos += 1;
            }
        }
        self.expect(")")?;
        Ok(out)
    }

    fn modifier(&mut self) -> Result<Option<(bool, Vec<String>)>, String> {
        match self.peek() {
            Some(Tok::Ident(k)) if k == "by" || k == "without" => {
                let by = k == "by";
                self.pos += 1;
                Ok(Some((by, self.labels()?)))
            }
            _ => Ok(None),
        }
    }

    fn term(&mut self) -> Result<Expr, String> {
        match self.peek().cloned() {
            Some(Tok::Num(n)) => {
                self.pos += 1;
                Ok(Expr::Number(n))
            }
            Some(Tok::Punct("(")) => {
                self.pos += 1;
                let e = self.expr()?;
                self.expect(")")?;
                Ok(e)
            }
            Some(Tok::Punct("{")) => Ok(Expr::Selector(self.selector(None)?)),
            Some(Tok::Ident(id)) if AGGS.contains(&id.as_str()) => {
                self.pos += 1;
                let pre = self.modifier()?;
                self.expect("(")?;
                let inner = self.expr()?;
                self.expect(")")?;
                let post = self.modifier()?;
                let (by, labels) = pre.or(post).unwrap_or((true, Vec::new()));
                Ok(Expr::Aggregate {
                    op: id,
                    by,
                    labels,
                    expr: Box::new(inner),
                })
            }
            Some(Tok::Ident(id))
                if RANGE_FUNCS.contains(&id.as_str())
                    && self.toks.get(self.pos + 1) == Some(&Tok::Punct("(")) =>
            {
                self.pos += 2;
                let matchers = match self.peek().cloned() {
                    Some(Tok::Ident(name)) => {
                        self.pos += 1;
                        self.selector(Some(name))?
                    }
                    _ => self.selector(None)?,
                };
                self.expect("[")?;
                let window = match self.next() {
                    Some(Tok::Dur(d)) => d,
                    Some(Tok::Num(n)) => n,
                    other => {
                        return Err(format!("unexpected {other:?} in range, expected duration"));
                    }
                };
                self.expect("]")?;
                self.expect(")")?;
                Ok(Expr::Range {
                    func: id,
                    matchers,
                    window,
                })
            }
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                if self.is_punct("(") {
                    return Err(format!("unknown function with name {name:?}"));
                }
                let m = self.selector(Some(name))?;
                if self.is_punct("[") {
                    return Err(
                        "range vectors are only supported inside rate(), irate() and increase()"
                            .into(),
                    );
                }
                Ok(Expr::Selector(m))
            }
            other => Err(format!("unexpected {other:?}")),
        }
    }

    fn selector(&mut self, name: Option<String>) -> Result<Vec<Matcher>, String> {
        let mut ms = Vec::new();
        if let Some(n) = name {
            ms.push(Matcher::new("__name__".into(), MatchOp::Eq, n)?);
        }
        if self.is_punct("{") {
            self.pos += 1;
            while !self.is_punct("}") {
                let label = match self.next() {
                    Some(Tok::Ident(l)) => l,
                    other => {
                        return Err(format!(
                            "unexpected {other:?} in label matching, expected label"
                        ));
                    }
                };
                let op = match self.next() {
                    Some(Tok::Punct("=")) => MatchOp::Eq,
                    Some(Tok::Punct("!=")) => MatchOp::Ne,
                    Some(Tok::Punct("=~")) => MatchOp::Re,
                    Some(Tok::Punct("!~")) => MatchOp::Nre,
                    other => {
                        return Err(format!(
                            "unexpected {other:?} in label matching, expected operator"
                        ));
                    }
                };
                let value = match self.next() {
                    Some(Tok::Str(v)) => v,
                    other => {
                        return Err(format!(
                            "unexpected {other:?} in label matching, expected string"
                        ));
                    }
                };
                ms.push(Matcher::new(label, op, value)?);
                if self.is_punct(",") {
                    self.pos += 1;
                }
            }
            self.expect("}")?;
        }
        if ms.is_empty() {
            return Err("vector selector must contain at least one non-empty matcher".into());
        }
        Ok(ms)
    }
}

/// Parses a PromQL expression of the supported subset.
pub fn parse(q: &str) -> Result<Expr, String> {
    let mut p = Parser {
        toks: lex(q)?,
        pos: 0,
    };
    let e = p.expr()?;
    if p.pos < p.toks.len() {
        return Err(format!(
            "unexpected {:?} after the expression",
            p.toks[p.pos]
        ));
    }
    Ok(e)
}

/// A label set.
pub type Labels = BTreeMap<String, String>;

/// The value of an expression at one instant.
#[derive(Debug, Clone, PartialEq)]
pub enum Value1 {
    Scalar(f64),
    Vector(Vec<(Labels, f64)>),
}

/// Evaluates expressions against a world, adding the scrape labels a Prometheus would.
pub struct Evaluator<'a> {
    pub world: &'a World,
    pub job: String,
    pub instance: String,
    cache: HashMap<(u64, String, String), Vec<Series>>,
}

fn eq_value<'m>(ms: &'m [Matcher], label: &str) -> Option<&'m str> {
    ms.iter()
        .find(|m| m.label == label && m.op == MatchOp::Eq)
        .map(|m| m.value.as_str())
}

impl<'a> Evaluator<'a> {
    pub fn new(world: &'a World, instance: &str) -> Evaluator<'a> {
        Evaluator {
            world,
            job: "kubevirt-prometheus-metrics".into(),
            instance: instance.into(),
            cache: HashMap::new(),
        }
    }

    fn series(&mut self, t: f64, ms: &[Matcher]) -> Vec<(Labels, f64)> {
        let ns = eq_value(ms, "namespace").unwrap_or("").to_string();
        let name = eq_value(ms, "name").unwrap_or("").to_string();
        let key = (t.to_bits(), ns.clone(), name.clone());
        let world = self.world;
        let all = self.cache.entry(key).or_insert_with(|| {
            metrics::collect(world, t, &|n, v| {
                (ns.is_empty() || n == ns) && (name.is_empty() || v == name)
            })
        });
        let mut out = Vec::new();
        for s in all.iter() {
            let mut l: Labels = s.labels.iter().cloned().collect();
            l.insert("__name__".into(), s.name.to_string());
            l.insert("job".into(), self.job.clone());
            l.insert("instance".into(), self.instance.clone());
            if ms
                .iter()
                .all(|m| m.matches(l.get(&m.label).map(String::as_str).unwrap_or("")))
            {
                out.push((l, s.value));
            }
        }
        out
    }

    /// Evaluates `e` at time `t`.
    pub fn eval(&mut self, e: &Expr, t: f64) -> Result<Value1, String> {
        Ok(match e {
            Expr::Number(n) => Value1::Scalar(*n),
            Expr::Selector(ms) => Value1::Vector(self.series(t, ms)),
            Expr::Range {
                func,
                matchers,
                window,
            } => {
                let (back, span) = if func == "irate" {
                    (1.0, 1.0)
                } else {
                    (*window, *window)
                };
                let now = self.series(t, matchers);
                let before: HashMap<Labels, f64> =
                    self.series(t - back, matchers).into_iter().collect();
                let mut out = Vec::new();
                for (mut l, v) in now {
                    let Some(v0) = before.get(&l) else { continue };
                    let inc = if v >= *v0 { v - v0 } else { v };
                    l.remove("__name__");
                    let value = if func == "increase" { inc } else { inc / span };
                    out.push((l, value));
                }
                Value1::Vector(out)
            }
            Expr::Aggregate {
                op,
                by,
                labels,
                expr,
            } => {
                let Value1::Vector(v) = self.eval(expr, t)? else {
                    return Err(format!(
                        "expected type instant vector in aggregation expression, got scalar ({op})"
                    ));
                };
                let mut groups: BTreeMap<Labels, Vec<f64>> = BTreeMap::new();
                for (l, x) in v {
                    let key: Labels = if *by {
                        l.into_iter().filter(|(k, _)| labels.contains(k)).collect()
                    } else {
                        l.into_iter()
                            .filter(|(k, _)| k != "__name__" && !labels.contains(k))
                            .collect()
                    };
                    groups.entry(key).or_default().push(x);
                }
                Value1::Vector(
                    groups
                        .into_iter()
                        .map(|(l, xs)| {
                            let v = match op.as_str() {
                                "sum" => xs.iter().sum(),
                                "min" => xs.iter().cloned().fold(f64::INFINITY, f64::min),
                                "max" => xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
                                "avg" => xs.iter().sum::<f64>() / xs.len() as f64,
                                _ => xs.len() as f64,
                            };
                            (l, v)
                        })
                        .collect(),
                )
            }
            Expr::Or(a, b) => {
                let (Value1::Vector(l), Value1::Vector(r)) = (self.eval(a, t)?, self.eval(b, t)?)
                else {
                    return Err(
                        "set operator \"or\" not allowed in binary scalar expression".into(),
                    );
                };
                let sig = |x: &Labels| -> Labels {
                    x.iter()
                        .filter(|(k, _)| *k != "__name__")
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect()
                };
                let seen: std::collections::HashSet<Labels> =
                    l.iter().map(|(x, _)| sig(x)).collect();
                let mut out = l;
                out.extend(r.into_iter().filter(|(x, _)| !seen.contains(&sig(x))));
                Value1::Vector(out)
            }
        })
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_backend_query_shapes() {
        for q in [
            r#"rate(kubevirt_vmi_cpu_usage_seconds_total{namespace="prod",name="web-1"}[5m])"#,
            r#"sum by (drive) (rate(kubevirt_vmi_storage_read_traffic_bytes_total{namespace="prod",name="web-1"}[1m30s]))"#,
            r#"sum(rate(x{a=~"b|c"}[30s])) by (interface)"#,
            r#"kubevirt_vmi_migration_data_processed_bytes{namespace="p",name="n"} or kubevirt_migrate_vmi_data_processed_bytes{namespace="p",name="n"}"#,
            r#"{__name__="up"}"#,
            "42",
        ] {
            parse(q).unwrap_or_else(|e| panic!("{q}: {e}"));
        }
        assert_eq!(duration("1m30s"), Some(90.0));
        assert_eq!(duration("250ms"), Some(0.25));
        for bad in ["rate(x[5m]", "foo(x)", "x{a=b}", "x[5m]", "{}"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
