//! The cluster tools: each reads one path of the console's JSON API (the same answer the
//! console's page shows, diagnosed by `model` on the console) and names that path in `source`,
//! so an assistant can cite where a verdict comes from. Only `list_vmis` adds anything: its
//! filters over the summaries.

use super::client::Console;
use super::outcome::{Outcome, arg, required, time};
use model::verdict::{Health, Layer};
use model::view::VmiSummary;
use model::wire::paths;
use serde_json::{Value, json};
use std::time::Duration;

/// How long a console started in this process may take to read the cluster once.
const READY_WITHIN: Duration = Duration::from_secs(60);

/// One call's console and arguments.
pub struct Cluster<'a> {
    pub console: &'a Console,
    pub args: &'a Value,
}

impl Cluster<'_> {
    /// The cluster the call's `cluster` argument names, when it is not this console's own: a
    /// fleet console ([`paths::IN_CLUSTER`]) answers for it under `/api/v1/c/{cluster}/`, and
    /// one that watches no such cluster says so (404, passed on as the tool's error).
    fn other_cluster(&self) -> Option<&str> {
        arg(self.args, "cluster").filter(|c| !c.is_empty() && *c != self.console.cluster)
    }

    /// Reads `path` (in the cluster the call names, [`Self::other_cluster`]) and wraps its
    /// answer as `key`, with `source` and `cluster`.
    async fn read(&self, path: String, key: &str) -> Outcome {
        if self.console.in_process && !self.console.ready(READY_WITHIN).await {
            return Outcome::fail("the cluster has not been read yet (not ready); try again");
        }
        let other = self.other_cluster();
        let (path, cluster) = match other {
            Some(c) => (paths::in_cluster(c, &path), c),
            None => (path, self.console.cluster.as_str()),
        };
        match self.console.get(&path, other).await {
            Ok(answer) => Outcome::ok(json!({
                "cluster": cluster,
                "source": format!("GET {}", path),
                key: answer,
            })),
            Err(e) => Outcome::fail(e),
        }
    }

    fn vmi_path(&self, template: &str) -> Result<String, Outcome> {
        let ns = required(self.args, "namespace")?;
        let name = required(self.args, "name")?;
        Ok(paths::fill(template, &[("ns", ns), ("name", name)]))
    }

    pub async fn list_vmis(&self) -> Outcome {
        let filter = match Filter::of(self.args) {
            Ok(f) => f,
            Err(o) => return o,
        };
        let mut out = self.read(paths::VMIS.to_string(), "vmis").await;
        if out.is_error {
            return out;
        }
        let all: Vec<VmiSummary> = match serde_json::from_value(out.data["vmis"].take()) {
            Ok(v) => v,
            Err(e) => return Outcome::fail(format!("the console's VMI list is not readable: {e}")),
        };
        let total = all.len();
        let kept: Vec<Value> = all
            .iter()
            .filter(|s| filter.keeps(s))
            .map(|s| {
                let mut v = serde_json::to_value(s).unwrap_or_default();
                v["verdict"] = json!(s.layers.worst());
                v
            })
            .collect();
        out.data["count"] = json!(kept.len());
        out.data["total"] = json!(total);
        out.data["vmis"] = Value::Array(kept);
        out
    }

    pub async fn diagnose_vmi(&self) -> Outcome {
        let mut path = match self.vmi_path(paths::VMI_DETAIL) {
            Ok(p) => p,
            Err(o) => return o,
        };
        match time(self.args, "at") {
            Ok(Some(_)) => path.push_str(&query(&[("at", arg(self.args, "at"))])),
            Ok(None) => {}
            Err(o) => return o,
        }
        self.read(path, "detail").await
    }

    pub async fn vmi_history(&self) -> Outcome {
        let mut path = match self.vmi_path(paths::VMI_HISTORY) {
            Ok(p) => p,
            Err(o) => return o,
        };
        for name in ["from", "to"] {
            if let Err(o) = time(self.args, name) {
                return o;
            }
        }
        path.push_str(&query(&[
            ("from", arg(self.args, "from")),
            ("to", arg(self.args, "to")),
        ]));
        self.read(path, "history").await
    }

    pub async fn drain_impact(&self) -> Outcome {
        let node = match required(self.args, "node") {
            Ok(n) => n,
            Err(o) => return o,
        };
        let path = paths::fill(paths::NODE_DRAIN, &[("name", node)]);
        self.read(path, "drain").await
    }
}

/// `?k=v&…` of the values given, encoded; empty when none is.
fn query(pairs: &[(&str, Option<&str>)]) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        if let Some(v) = v {
            q.append_pair(k, v);
        }
    }
    let q = q.finish();
    if q.is_empty() { q } else { format!("?{q}") }
}

/// `list_vmis`'s filters.
struct Filter<'a> {
    namespace: Option<&'a str>,
    verdict: Option<Health>,
    layer: Option<Layer>,
}

impl<'a> Filter<'a> {
    fn of(args: &'a Value) -> Result<Filter<'a>, Outcome> {
        let verdict = match arg(args, "verdict") {
            None => None,
            Some(v) => Some(Health::parse(v).ok_or_else(|| {
                Outcome::fail(format!(
                    "`verdict`: {v:?} is not healthy, degraded, broken or unknown"
                ))
            })?),
        };
        let layer = match arg(args, "layer") {
            None => None,
            Some(l) => Some(Layer::from_name(l).ok_or_else(|| {
                Outcome::fail(format!(
                    "`layer`: {l:?} is not control_plane, node, guest, network or migration"
                ))
            })?),
        };
        Ok(Filter {
            namespace: arg(args, "namespace"),
            verdict,
            layer,
        })
    }

    /// The namespace matches; with a layer, that layer is not healthy (or has the verdict
    /// asked); without one, the worst layer has the verdict asked.
    fn keeps(&self, s: &VmiSummary) -> bool {
        if self.namespace.is_some_and(|ns| ns != s.key.namespace) {
            return false;
        }
        match (self.layer, self.verdict) {
            (Some(l), Some(v)) => s.layers.get(l) == v,
            (Some(l), None) => matches!(s.layers.get(l), Health::Degraded | Health::Broken),
            (None, Some(v)) => s.layers.worst() == v,
            (None, None) => true,
        }
    }
}
