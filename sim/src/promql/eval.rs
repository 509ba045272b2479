//! Evaluation of a parsed expression at one instant over the simulator's series, with the scrape
//! labels (`job`, `instance`) a Prometheus would add.

use super::parse::{Expr, MatchOp, Matcher};
use crate::metrics::{self, Series};
use crate::world::World;
use std::collections::{BTreeMap, HashMap};

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
