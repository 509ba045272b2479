//! The Kubernetes API proxy: `GET /k8s/<api path>` is forwarded to the API server with the
//! caller's credentials, for an allowlist of read-only resource paths only. It is never an open
//! proxy.
//!
//! [`check`] decides from the raw request alone, before anything is forwarded:
//! * only `GET` (everything else: 405);
//! * no absolute-form request targets, no `%` (so no encoded slashes or dots), no backslashes,
//!   no empty, `.` or `..` segments; every segment must be a Kubernetes name (lower-case
//!   letters, digits, `-` and `.`, starting and ending alphanumeric) (403);
//! * the path must be one of the shapes in [`ALLOWLIST`]: kubevirt.io VMIs, VMs and VMIMs,
//!   pods, nodes, events, namespaces, and the guest agent subresources (403);
//! * only list/watch query parameters, re-encoded (403).
//!
//! The forwarded request is built from scratch (path, query, `Accept`); no header of the caller
//! is passed on, so cookies never reach the API server. Refusals are logged with the method and
//! path only (never headers, never query values).

use axum::http::{Method, StatusCode, Uri};

/// What Strata reads, as RBAC sees it: (API group, resource, verbs). The deploy manifests'
/// ClusterRole must grant exactly this (a test checks it).
pub const ALLOWLIST: &[(&str, &str, &[&str])] = &[
    (
        "kubevirt.io",
        "virtualmachineinstances",
        &["get", "list", "watch"],
    ),
    ("kubevirt.io", "virtualmachines", &["get", "list", "watch"]),
    (
        "kubevirt.io",
        "virtualmachineinstancemigrations",
        &["get", "list", "watch"],
    ),
    ("", "pods", &["get", "list", "watch"]),
    ("", "nodes", &["get", "list", "watch"]),
    ("", "events", &["get", "list", "watch"]),
    ("", "namespaces", &["get", "list", "watch"]),
    (
        "subresources.kubevirt.io",
        "virtualmachineinstances/guestosinfo",
        &["get"],
    ),
    (
        "subresources.kubevirt.io",
        "virtualmachineinstances/userlist",
        &["get"],
    ),
    (
        "subresources.kubevirt.io",
        "virtualmachineinstances/filesystemlist",
        &["get"],
    ),
];

/// Query parameters a list, get or watch may carry.
pub const QUERY_ALLOWLIST: &[&str] = &[
    "watch",
    "labelSelector",
    "fieldSelector",
    "resourceVersion",
    "resourceVersionMatch",
    "limit",
    "continue",
    "timeoutSeconds",
    "allowWatchBookmarks",
    "sendInitialEvents",
];

/// A request the proxy may forward.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowed {
    /// The API path and re-encoded query, e.g. `/api/v1/namespaces/prod/pods?watch=true`.
    pub path_and_query: String,
    /// The namespace the request reads, if any.
    pub namespace: Option<String>,
    /// RBAC group and resource (for the log and the access review).
    pub group: &'static str,
    pub resource: String,
}

/// Why a request was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub status: StatusCode,
    pub reason: &'static str,
}

fn refuse(status: StatusCode, reason: &'static str) -> Refusal {
    Refusal { status, reason }
}

/// A Kubernetes object name or path segment: DNS-1123 subdomain characters.
pub fn is_name(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.len() <= 253
        && b[0].is_ascii_alphanumeric()
        && b[b.len() - 1].is_ascii_alphanumeric()
        && b.iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-' || *c == b'.')
}

const KUBEVIRT_PLURALS: &[&str] = &[
    "virtualmachineinstances",
    "virtualmachines",
    "virtualmachineinstancemigrations",
];
const CORE_NAMESPACED: &[&str] = &["pods", "events"];
const AGENT_SUBRESOURCES: &[&str] = &["guestosinfo", "userlist", "filesystemlist"];

/// Decides whether `method uri` may be forwarded. `uri` is the request target as received
/// (starting with `/k8s/`).
pub fn check(method: &Method, uri: &Uri) -> Result<Allowed, Refusal> {
    if method != Method::GET {
        return Err(refuse(
            StatusCode::METHOD_NOT_ALLOWED,
            "only GET is forwarded",
        ));
    }
    if uri.scheme().is_some() || uri.authority().is_some() {
        return Err(refuse(StatusCode::FORBIDDEN, "absolute request target"));
    }
    let path = uri.path();
    let Some(rest) = path.strip_prefix("/k8s/") else {
        return Err(refuse(StatusCode::NOT_FOUND, "not a proxy path"));
    };
    if path.contains('%') || path.contains('\\') {
        return Err(refuse(
            StatusCode::FORBIDDEN,
            "encoded or escaped characters",
        ));
    }
    let segs: Vec<&str> = rest.split('/').collect();
    if !segs.iter().all(|s| is_name(s)) {
        return Err(refuse(
            StatusCode::FORBIDDEN,
            "empty, dot or non-name path segment",
        ));
    }
    let (group, resource, namespace): (&'static str, String, Option<&str>) = match segs.as_slice() {
        ["api", "v1", "namespaces"] => ("", "namespaces".into(), None),
        ["api", "v1", "namespaces", ns] => ("", "namespaces".into(), Some(*ns)),
        ["api", "v1", "nodes"] | ["api", "v1", "nodes", _] => ("", "nodes".into(), None),
        ["api", "v1", p] if CORE_NAMESPACED.contains(p) => ("", p.to_string(), None),
        ["api", "v1", "namespaces", ns, p] | ["api", "v1", "namespaces", ns, p, _]
            if CORE_NAMESPACED.contains(p) =>
        {
            ("", p.to_string(), Some(*ns))
        }
        ["apis", "kubevirt.io", "v1", p] if KUBEVIRT_PLURALS.contains(p) => {
            ("kubevirt.io", p.to_string(), None)
        }
        ["apis", "kubevirt.io", "v1", "namespaces", ns, p]
        | ["apis", "kubevirt.io", "v1", "namespaces", ns, p, _]
            if KUBEVIRT_PLURALS.contains(p) =>
        {
            ("kubevirt.io", p.to_string(), Some(*ns))
        }
        [
            "apis",
            "subresources.kubevirt.io",
            "v1",
            "namespaces",
            ns,
            "virtualmachineinstances",
            _,
            sub,
        ] if AGENT_SUBRESOURCES.contains(sub) => (
            "subresources.kubevirt.io",
            format!("virtualmachineinstances/{sub}"),
            Some(*ns),
        ),
        ["api", ..] | ["apis", ..] => {
            return Err(refuse(
                StatusCode::FORBIDDEN,
                "resource not on the read-only allowlist",
            ));
        }
        _ => return Err(refuse(StatusCode::NOT_FOUND, "not a Kubernetes API path")),
    };
    let mut query = form_urlencoded::Serializer::new(String::new());
    let mut any = false;
    for (k, v) in form_urlencoded::parse(uri.query().unwrap_or("").as_bytes()) {
        if !QUERY_ALLOWLIST.contains(&k.as_ref()) {
            return Err(refuse(
                StatusCode::FORBIDDEN,
                "query parameter not on the allowlist",
            ));
        }
        if v.len() > 1024 {
            return Err(refuse(StatusCode::FORBIDDEN, "query value too long"));
        }
        query.append_pair(&k, &v);
        any = true;
    }
    let query = query.finish();
    let api_path = &path["/k8s".len()..];
    Ok(Allowed {
        path_and_query: if any {
            format!("{api_path}?{query}")
        } else {
            api_path.to_string()
        },
        namespace: namespace.map(str::to_string),
        group,
        resource,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(uri: &str) -> Result<Allowed, Refusal> {
        check(&Method::GET, &uri.parse().unwrap())
    }

    #[test]
    fn allowed_paths_are_forwarded_verbatim() {
        for p in [
            "/k8s/api/v1/namespaces",
            "/k8s/api/v1/namespaces/prod",
            "/k8s/api/v1/nodes",
            "/k8s/api/v1/nodes/worker-a",
            "/k8s/api/v1/pods",
            "/k8s/api/v1/namespaces/prod/pods/virt-launcher-web-abcde",
            "/k8s/api/v1/namespaces/prod/events",
            "/k8s/apis/kubevirt.io/v1/virtualmachineinstances",
            "/k8s/apis/kubevirt.io/v1/namespaces/prod/virtualmachines/web",
            "/k8s/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstancemigrations",
            "/k8s/apis/subresources.kubevirt.io/v1/namespaces/prod/virtualmachineinstances/web/guestosinfo",
        ] {
            let a = get(p).unwrap_or_else(|r| panic!("{p}: {r:?}"));
            assert_eq!(a.path_and_query, &p[4..]);
        }
        let a = get("/k8s/api/v1/namespaces/prod/pods?watch=true&labelSelector=kubevirt.io%3Dvirt-launcher&resourceVersion=5").unwrap();
        assert_eq!(
            a.path_and_query,
            "/api/v1/namespaces/prod/pods?watch=true&labelSelector=kubevirt.io%3Dvirt-launcher&resourceVersion=5"
        );
        assert_eq!(a.namespace.as_deref(), Some("prod"));
        assert_eq!((a.group, a.resource.as_str()), ("", "pods"));
    }
}
