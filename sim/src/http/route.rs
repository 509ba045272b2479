//! What a request path names, following the Kubernetes layout: discovery documents,
//! collections and objects (optionally watched), KubeVirt subresources, access reviews.

use crate::resources::Resource;
use crate::{discovery, store};
use serde_json::Value;

/// What a path names.
pub(super) enum Route {
    Discovery(Value),
    Collection {
        resource: Resource,
        namespace: Option<String>,
        watch: bool,
    },
    Object {
        resource: Resource,
        namespace: Option<String>,
        name: String,
        watch: bool,
    },
    Subresource {
        namespace: String,
        kind: &'static str,
        name: String,
        sub: String,
    },
    AccessReview,
    /// `POST /api/v1/namespaces/{ns}/pods/{name}/eviction`.
    Eviction {
        namespace: String,
        name: String,
    },
}

pub(super) fn parse_path(path: &str) -> Option<Route> {
    let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
    let (group, version, mut rest) = match segs.as_slice() {
        ["api", v, rest @ ..] => ("", *v, rest),
        ["apis", g] => return discovery::api_group(g).map(Route::Discovery),
        ["apis", g, v, rest @ ..] => (*g, *v, rest),
        _ => return None,
    };
    if rest.is_empty() {
        return discovery::resource_list(group, version).map(Route::Discovery);
    }
    if (group, version) == ("authorization.k8s.io", "v1") {
        return (rest == ["selfsubjectaccessreviews"]).then_some(Route::AccessReview);
    }
    if (group, version) == ("subresources.kubevirt.io", "v1") {
        return match rest {
            [
                "namespaces",
                ns,
                kind @ ("virtualmachineinstances" | "virtualmachines"),
                name,
                sub @ ..,
            ] if !sub.is_empty() => Some(Route::Subresource {
                namespace: ns.to_string(),
                kind: if *kind == "virtualmachines" {
                    "virtualmachines"
                } else {
                    "virtualmachineinstances"
                },
                name: name.to_string(),
                sub: sub.join("/"),
            }),
            _ => None,
        };
    }
    if let ("", ["namespaces", ns, "pods", name, "eviction"]) = (group, rest) {
        return Some(Route::Eviction {
            namespace: ns.to_string(),
            name: name.to_string(),
        });
    }
    let mut watch = false;
    if let ["watch", r @ ..] = rest {
        watch = true;
        rest = r;
    }
    let lookup = |plural: &str| store::resource(group, version, plural);
    match rest {
        [plural] => Some(Route::Collection {
            resource: lookup(plural)?,
            namespace: None,
            watch,
        }),
        ["namespaces", ns, plural] => {
            let resource = lookup(plural)?;
            resource.namespaced.then(|| Route::Collection {
                resource,
                namespace: Some(ns.to_string()),
                watch,
            })
        }
        ["namespaces", ns, plural, name] => {
            let resource = lookup(plural)?;
            resource.namespaced.then(|| Route::Object {
                resource,
                namespace: Some(ns.to_string()),
                name: name.to_string(),
                watch,
            })
        }
        [plural, name] => {
            let resource = lookup(plural)?;
            (!resource.namespaced).then(|| Route::Object {
                resource,
                namespace: None,
                name: name.to_string(),
                watch,
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_parse_like_the_api_server() {
        assert!(matches!(
            parse_path("/api/v1/pods"),
            Some(Route::Collection {
                namespace: None,
                ..
            })
        ));
        assert!(matches!(
            parse_path("/api/v1/namespaces/prod/pods/x"),
            Some(Route::Object { .. })
        ));
        assert!(matches!(
            parse_path("/apis/kubevirt.io/v1/watch/namespaces/prod/virtualmachineinstances"),
            Some(Route::Collection { watch: true, .. })
        ));
        assert!(parse_path("/api/v1/namespaces/prod/nodes").is_none());
        assert!(matches!(
            parse_path("/apis/kubevirt.io/v1"),
            Some(Route::Discovery(_))
        ));
        assert!(matches!(
            parse_path(
                "/apis/subresources.kubevirt.io/v1/namespaces/p/virtualmachineinstances/x/guestosinfo"
            ),
            Some(Route::Subresource { .. })
        ));
        assert!(parse_path("/apis/nope.io/v1").is_none());
        assert!(matches!(
            parse_path("/api/v1/namespaces/p/pods/x/eviction"),
            Some(Route::Eviction { .. })
        ));
    }
}
