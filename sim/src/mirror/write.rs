//! One object of the simulator made true in the real API server: created, then its object and
//! its status replaced as the simulator changes them, deleted as the simulator deletes it.
//!
//! What a real cluster's components would do, and the mirror does in their place:
//! * a launcher pod's node is set by a Binding, as the scheduler does (a pod's spec cannot be
//!   updated, `ValidatePodUpdate` in kubernetes' `pkg/apis/core/validation/validation.go`);
//! * an object the simulator shows terminating is DELETEd with the grace period it shows, so
//!   that the real server marks it (a running pod on a node, an object with finalizers, stays);
//! * when the simulator drops it, its finalizers are removed (as KubeVirt's controllers do once
//!   they are done) and it is deleted with no grace (as the kubelet does once the pod stopped).

use super::shape::{Status, main_part, status_of};
use super::target::{Failure, Target};
use crate::resources::{POD, Resource};
use serde_json::Value;

/// What the mirror knows of one object it wrote.
pub struct Known {
    /// The object as the server last answered it.
    pub real: Value,
    /// The object as last written (the simulator's, see `shape::as_written`); `Null` when the
    /// server's copy predates this mirror.
    pub sent: Value,
    delete_sent: bool,
    /// Deleted in the real server while the simulator still holds it (a pod off any node).
    gone: bool,
}

fn name_of(v: &Value) -> (&str, &str) {
    let m = &v["metadata"];
    (
        m["namespace"].as_str().unwrap_or_default(),
        m["name"].as_str().unwrap_or_default(),
    )
}

/// Replaces the object or its status with `build(latest)`; on a conflict (someone else wrote
/// it), reads it again and retries once.
async fn replace(
    target: &Target,
    r: &Resource,
    real: &Value,
    status: bool,
    build: impl Fn(&Value) -> Value,
) -> Result<Value, Failure> {
    let (ns, name) = name_of(real);
    match target.replace(r, ns, &build(real), status).await {
        Err(Failure::Conflict(_)) => {
            let latest = target.get(r, ns, name).await?;
            target.replace(r, ns, &build(&latest), status).await
        }
        done => done,
    }
}

/// `t` (the object as written) carrying `real`'s version, what of it the server keeps as is.
fn main_body(r: &Resource, t: &Value, real: &Value) -> Value {
    let mut body = t.clone();
    body["metadata"]["resourceVersion"] = real["metadata"]["resourceVersion"].clone();
    if *r == POD {
        body["spec"] = real["spec"].clone();
    }
    if status_of(r) != Status::WithObject {
        body["status"] = real["status"].clone();
    }
    body
}

/// Makes `t` true in the real server. `deleting` is the grace period of a deletion the
/// simulator shows (see `shape::deleting`).
pub async fn upsert(
    target: &Target,
    r: &Resource,
    t: &Value,
    deleting: Option<Option<u32>>,
    known: Option<Known>,
) -> Result<Known, Failure> {
    let (ns, _) = name_of(t);
    let mut k = match known {
        Some(k) => k,
        None => {
            let (real, existed) = target.create(r, ns, t).await?;
            // A fresh create wrote the object (and its status where it goes with it).
            let sent = if existed {
                Value::Null
            } else {
                main_part(r, t)
            };
            Known {
                real,
                sent,
                delete_sent: false,
                gone: false,
            }
        }
    };
    if k.gone {
        k.sent = t.clone();
        return Ok(k);
    }
    let node = t["spec"]["nodeName"].as_str().filter(|n| !n.is_empty());
    if *r == POD
        && let Some(node) = node
        && k.real["spec"]["nodeName"]
            .as_str()
            .unwrap_or_default()
            .is_empty()
    {
        let (_, name) = name_of(t);
        target.bind(ns, name, node).await?;
        k.real = target.get(r, ns, name).await?;
    }
    if main_part(r, t) != main_part(r, &k.sent) {
        k.real = replace(target, r, &k.real, false, |real| main_body(r, t, real)).await?;
    }
    let status = t.get("status").filter(|s| !s.is_null());
    if status_of(r) == Status::Subresource
        && let Some(status) = status
        && Some(status) != k.sent.get("status")
    {
        k.real = replace(target, r, &k.real, true, |real| {
            let mut body = real.clone();
            body["status"] = status.clone();
            body
        })
        .await?;
    }
    if let Some(grace) = deleting
        && !k.delete_sent
    {
        let (_, name) = name_of(t);
        k.gone = target.delete(r, ns, name, grace).await?;
        k.delete_sent = true;
    }
    k.sent = t.clone();
    Ok(k)
}

/// Deletes the object the simulator dropped: its finalizers removed, then with no grace.
pub async fn remove(target: &Target, r: &Resource, k: &Known) -> Result<(), Failure> {
    if k.gone {
        return Ok(());
    }
    let (ns, name) = name_of(&k.real);
    let (ns, name) = (ns.to_string(), name.to_string());
    let real = match target.get(r, &ns, &name).await {
        Ok(real) => real,
        Err(Failure::Gone(_)) => return Ok(()),
        Err(e) => return Err(e),
    };
    let finalizers = real["metadata"]["finalizers"].as_array();
    if finalizers.is_some_and(|f| !f.is_empty()) {
        let dropped = replace(target, r, &real, false, |latest| {
            let mut body = latest.clone();
            body["metadata"]["finalizers"] = Value::Array(Vec::new());
            body
        })
        .await;
        match dropped {
            Ok(_) => {}
            // Removing the last finalizer of a terminating object deletes it.
            Err(Failure::Gone(_)) => return Ok(()),
            Err(e) => return Err(e),
        }
    }
    target.delete(r, &ns, &name, Some(0)).await.map(drop)
}
