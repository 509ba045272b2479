//! The real API server the mirror writes to, through kube-rs (already in the workspace for the
//! backend: its kubeconfig loading, TLS and error statuses are what a hand-written client would
//! redo). One call per verb, each answering the object the server now holds.

use crate::resources::Resource;
use kube::api::{Api, DeleteParams, DynamicObject, PostParams};
use kube::core::{ApiResource, GroupVersionKind};
use serde_json::{Value, json};
use std::path::Path;

/// Why a write did not happen.
#[derive(Debug, Clone)]
pub enum Failure {
    /// The server refused this object as it is (invalid, forbidden): not retried until the
    /// simulator changes it.
    Refused(String),
    /// Not there (404).
    Gone(String),
    /// Written by someone else since it was read (409).
    Conflict(String),
    /// Not reached, or overloaded: retried.
    Transient(String),
}

impl Failure {
    fn of(what: &str, e: kube::Error) -> Failure {
        let text = format!("{what}: {e}");
        match &e {
            kube::Error::Api(s) if s.code == 404 => Failure::Gone(text),
            kube::Error::Api(s) if s.code == 409 => Failure::Conflict(text),
            kube::Error::Api(s) if s.code == 429 || s.code >= 500 => Failure::Transient(text),
            kube::Error::Api(_) => Failure::Refused(text),
            _ => Failure::Transient(text),
        }
    }

    pub fn text(&self) -> &str {
        match self {
            Failure::Refused(s)
            | Failure::Gone(s)
            | Failure::Conflict(s)
            | Failure::Transient(s) => s,
        }
    }
}

fn is_status(e: &kube::Error, code: u16) -> bool {
    matches!(e, kube::Error::Api(s) if s.code == code)
}

pub struct Target {
    client: kube::Client,
}

fn to_dynamic(v: &Value) -> Result<DynamicObject, Failure> {
    serde_json::from_value(v.clone()).map_err(|e| Failure::Refused(format!("not an object: {e}")))
}

fn to_value(o: DynamicObject) -> Value {
    serde_json::to_value(o).unwrap_or_default()
}

impl Target {
    /// A client from a kubeconfig file (its current context).
    pub async fn from_kubeconfig(path: &Path) -> Result<Target, String> {
        let kc = kube::config::Kubeconfig::read_from(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let config = kube::Config::from_custom_kubeconfig(kc, &Default::default())
            .await
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Target {
            client: kube::Client::try_from(config).map_err(|e| e.to_string())?,
        })
    }

    fn api(&self, r: &Resource, ns: &str) -> Api<DynamicObject> {
        let gvk = GroupVersionKind::gvk(r.group, r.version, r.kind);
        let ar = ApiResource::from_gvk_with_plural(&gvk, r.plural);
        if r.namespaced {
            Api::namespaced_with(self.client.clone(), ns, &ar)
        } else {
            Api::all_with(self.client.clone(), &ar)
        }
    }

    /// Creates `obj`; one already there (a namespace such as `default`, or one left by an earlier
    /// run) is answered as it is, to be updated.
    /// Answers the object and whether it was there already.
    pub async fn create(
        &self,
        r: &Resource,
        ns: &str,
        obj: &Value,
    ) -> Result<(Value, bool), Failure> {
        let name = obj["metadata"]["name"].as_str().unwrap_or_default();
        let api = self.api(r, ns);
        match api.create(&PostParams::default(), &to_dynamic(obj)?).await {
            Ok(o) => Ok((to_value(o), false)),
            Err(e) if is_status(&e, 409) => Ok((self.get(r, ns, name).await?, true)),
            Err(e) => Err(Failure::of(&format!("create {} {ns}/{name}", r.kind), e)),
        }
    }

    pub async fn get(&self, r: &Resource, ns: &str, name: &str) -> Result<Value, Failure> {
        let api = self.api(r, ns);
        let got = api.get(name).await;
        got.map(to_value)
            .map_err(|e| Failure::of(&format!("get {} {ns}/{name}", r.kind), e))
    }

    /// Replaces the object (`status` true: its `/status`) with `obj`, which carries the
    /// `resourceVersion` it replaces.
    pub async fn replace(
        &self,
        r: &Resource,
        ns: &str,
        obj: &Value,
        status: bool,
    ) -> Result<Value, Failure> {
        let name = obj["metadata"]["name"].as_str().unwrap_or_default();
        let (api, pp, body) = (self.api(r, ns), PostParams::default(), to_dynamic(obj)?);
        let done = if status {
            api.replace_status(name, &pp, &body).await
        } else {
            api.replace(name, &pp, &body).await
        };
        let what = format!(
            "replace {} {ns}/{name}{}",
            r.kind,
            if status { "/status" } else { "" }
        );
        done.map(to_value).map_err(|e| Failure::of(&what, e))
    }

    /// Binds a pod to a node, as the scheduler does (`spec.nodeName` of a pod cannot be updated).
    pub async fn bind(&self, ns: &str, pod: &str, node: &str) -> Result<(), Failure> {
        let binding = json!({
            "apiVersion": "v1", "kind": "Binding",
            "metadata": {"name": pod, "namespace": ns},
            "target": {"apiVersion": "v1", "kind": "Node", "name": node},
        });
        let api = self.api(&crate::resources::POD, ns);
        api.create_subresource::<Value, Value>("binding", pod, &PostParams::default(), &binding)
            .await
            .map(drop)
            .map_err(|e| Failure::of(&format!("bind pod {ns}/{pod} to {node}"), e))
    }

    /// Deletes the object, with `grace` seconds when given. Answers whether it is gone (a pod on
    /// a node, or an object with finalizers, is only marked terminating); gone already is gone.
    pub async fn delete(
        &self,
        r: &Resource,
        ns: &str,
        name: &str,
        grace: Option<u32>,
    ) -> Result<bool, Failure> {
        let mut dp = DeleteParams::default();
        if let Some(g) = grace {
            dp = dp.grace_period(g);
        }
        let api = self.api(r, ns);
        match api.delete(name, &dp).await {
            // Some kinds answer the deleted object, others a Status: only a read tells.
            Ok(_) => match api.get_opt(name).await {
                Ok(left) => Ok(left.is_none()),
                Err(e) => Err(Failure::of(&format!("get {} {ns}/{name}", r.kind), e)),
            },
            Err(e) if is_status(&e, 404) => Ok(true),
            Err(e) => Err(Failure::of(&format!("delete {} {ns}/{name}", r.kind), e)),
        }
    }
}
