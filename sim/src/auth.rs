//! Optional bearer-token authentication and RBAC-like authorization from a small policy file,
//! plus the `SelfSubjectAccessReview` answer, so per-user access can be tested.
//!
//! Policy file (JSON):
//!
//! ```json
//! {"users": [{"name": "alice", "token": "alice-token", "groups": ["dev"],
//!   "rules": [{"verbs": ["get", "list", "watch"], "apiGroups": ["kubevirt.io"],
//!              "resources": ["virtualmachineinstances"], "namespaces": ["prod"]}]}]}
//! ```
//!
//! Every list defaults to `["*"]` when omitted; `namespaces: ["*"]` also allows cluster-scoped
//! requests, a list of names does not. Subresources are named `resource/subresource`.

use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::atomic::{AtomicU64, Ordering};

/// Requests authenticated against a token policy, and access reviews answered, since the process
/// started (every simulator in the process adds to them): what a test or bench measures of the
/// load a client puts on the API server's authentication.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    pub authentications: u64,
    pub rejected: u64,
    pub access_reviews: u64,
}

static AUTHENTICATIONS: AtomicU64 = AtomicU64::new(0);
static REJECTED: AtomicU64 = AtomicU64::new(0);
static ACCESS_REVIEWS: AtomicU64 = AtomicU64::new(0);

/// The [`Counts`] so far.
pub fn counts() -> Counts {
    Counts {
        authentications: AUTHENTICATIONS.load(Ordering::Relaxed),
        rejected: REJECTED.load(Ordering::Relaxed),
        access_reviews: ACCESS_REVIEWS.load(Ordering::Relaxed),
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct Rule {
    #[serde(default = "star")]
    pub verbs: Vec<String>,
    #[serde(default = "star", rename = "apiGroups")]
    pub api_groups: Vec<String>,
    #[serde(default = "star")]
    pub resources: Vec<String>,
    #[serde(default = "star")]
    pub namespaces: Vec<String>,
}

fn star() -> Vec<String> {
    vec!["*".into()]
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct User {
    pub name: String,
    pub token: String,
    #[serde(default)]
    pub groups: Vec<String>,
    #[serde(default)]
    pub rules: Vec<Rule>,
}

/// The per-token policy.
#[derive(Debug, Clone, Deserialize, PartialEq, Default)]
pub struct Policy {
    pub users: Vec<User>,
}

/// What a request wants to do.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Attributes {
    pub verb: String,
    pub group: String,
    pub resource: String,
    pub subresource: String,
    pub namespace: String,
    pub name: String,
}

fn has(list: &[String], v: &str) -> bool {
    list.iter().any(|x| x == "*" || x == v)
}

impl Policy {
    pub fn from_json(text: &str) -> Result<Policy, String> {
        serde_json::from_str(text).map_err(|e| format!("invalid token policy: {e}"))
    }

    pub fn load(path: &std::path::Path) -> Result<Policy, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read token policy {}: {e}", path.display()))?;
        Policy::from_json(&text)
    }

    /// The user a bearer token belongs to.
    pub fn user(&self, token: &str) -> Option<&User> {
        AUTHENTICATIONS.fetch_add(1, Ordering::Relaxed);
        let user = self.users.iter().find(|u| u.token == token);
        if user.is_none() {
            REJECTED.fetch_add(1, Ordering::Relaxed);
        }
        user
    }
}

impl User {
    /// Whether any rule allows `a`.
    pub fn allows(&self, a: &Attributes) -> bool {
        let resource = if a.subresource.is_empty() {
            a.resource.clone()
        } else {
            format!("{}/{}", a.resource, a.subresource)
        };
        self.rules.iter().any(|r| {
            has(&r.verbs, &a.verb)
                && has(&r.api_groups, &a.group)
                && (has(&r.resources, &resource)
                    || r.resources
                        .iter()
                        .any(|x| x == &format!("{}/*", a.resource) && !a.subresource.is_empty()))
                && (r.namespaces.iter().any(|n| n == "*")
                    || !a.namespace.is_empty() && has(&r.namespaces, &a.namespace))
        })
    }
}

/// The 403 message the API server writes.
pub fn forbidden_message(user: &str, a: &Attributes) -> String {
    let gr = if a.group.is_empty() {
        a.resource.clone()
    } else {
        format!("{}.{}", a.resource, a.group)
    };
    let what = if a.name.is_empty() {
        gr.clone()
    } else {
        format!("{gr} \"{}\"", a.name)
    };
    let res = if a.subresource.is_empty() {
        format!("resource \"{}\"", a.resource)
    } else {
        format!("resource \"{}/{}\"", a.resource, a.subresource)
    };
    let scope = if a.namespace.is_empty() {
        "at the cluster scope".to_string()
    } else {
        format!("in the namespace \"{}\"", a.namespace)
    };
    format!(
        "{what} is forbidden: User \"{user}\" cannot {} {res} in API group \"{}\" {scope}",
        a.verb, a.group
    )
}

/// Answers a `SelfSubjectAccessReview` body for `user` (None: no policy, everything allowed).
pub fn self_subject_access_review(user: Option<&User>, body: &Value) -> Value {
    ACCESS_REVIEWS.fetch_add(1, Ordering::Relaxed);
    let ra = &body["spec"]["resourceAttributes"];
    let s = |k: &str| ra[k].as_str().unwrap_or_default().to_string();
    let a = Attributes {
        verb: s("verb"),
        group: s("group"),
        resource: s("resource"),
        subresource: s("subresource"),
        namespace: s("namespace"),
        name: s("name"),
    };
    let allowed = match user {
        None => true,
        Some(u) => ra.is_object() && u.allows(&a),
    };
    let mut status = json!({"allowed": allowed});
    if allowed {
        status["reason"] = json!(match user {
            Some(u) => format!(
                "allowed by the simulator's token policy for user \"{}\"",
                u.name
            ),
            None => "authorization disabled".into(),
        });
    }
    json!({
        "kind": "SelfSubjectAccessReview", "apiVersion": "authorization.k8s.io/v1",
        "metadata": {"creationTimestamp": null},
        "spec": body["spec"].clone(),
        "status": status,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_scope_verbs_resources_and_namespaces() {
        let p = Policy::from_json(
            r#"{"users": [{"name": "alice", "token": "t1", "rules": [
                {"verbs": ["get", "list"], "apiGroups": ["kubevirt.io"], "resources": ["virtualmachineinstances"], "namespaces": ["prod"]},
                {"verbs": ["get"], "apiGroups": ["subresources.kubevirt.io"], "resources": ["virtualmachineinstances/*"], "namespaces": ["prod"]}]}]}"#,
        )
        .unwrap();
        let u = p.user("t1").unwrap();
        let a = |verb: &str, group: &str, res: &str, sub: &str, ns: &str| Attributes {
            verb: verb.into(),
            group: group.into(),
            resource: res.into(),
            subresource: sub.into(),
            namespace: ns.into(),
            name: String::new(),
        };
        assert!(u.allows(&a(
            "list",
            "kubevirt.io",
            "virtualmachineinstances",
            "",
            "prod"
        )));
        assert!(!u.allows(&a(
            "watch",
            "kubevirt.io",
            "virtualmachineinstances",
            "",
            "prod"
        )));
        assert!(!u.allows(&a(
            "list",
            "kubevirt.io",
            "virtualmachineinstances",
            "",
            "staging"
        )));
        assert!(!u.allows(&a("list", "kubevirt.io", "virtualmachineinstances", "", "")));
        assert!(u.allows(&a(
            "get",
            "subresources.kubevirt.io",
            "virtualmachineinstances",
            "guestosinfo",
            "prod"
        )));
        assert!(p.user("nope").is_none());
        assert_eq!(
            forbidden_message(
                "alice",
                &a("list", "kubevirt.io", "virtualmachineinstances", "", "")
            ),
            "virtualmachineinstances.kubevirt.io is forbidden: User \"alice\" cannot list resource \"virtualmachineinstances\" in API group \"kubevirt.io\" at the cluster scope"
        );
    }
}
