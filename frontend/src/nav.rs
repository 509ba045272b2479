//! View state in the URL: helpers to read a query parameter and to build or follow a link that
//! changes one parameter while keeping the others and the fragment (a pasted dump lives there).

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};
use leptos_router::params::ParamsMap;
use model::view::VmiKey;

/// The link to a VMI's page (`pages/vmi.rs`): the one place its path is written. A key that
/// names its cluster (a backend watching several) links under `/c/{cluster}`; the one-cluster
/// link is unchanged.
pub fn vmi_href(key: &VmiKey) -> String {
    if key.cluster.is_empty() {
        format!("/vmi/{}/{}", key.namespace, key.name)
    } else {
        format!("/c/{}/vmi/{}/{}", key.cluster, key.namespace, key.name)
    }
}

/// `path?query#hash` with `key` set to `value` (or removed for `None`).
pub fn with_param(
    path: &str,
    query: &ParamsMap,
    hash: &str,
    key: &str,
    value: Option<&str>,
) -> String {
    let mut q = query.clone();
    q.remove(key);
    if let Some(v) = value {
        q.replace(key.to_string(), v.to_string());
    }
    let hash = if hash.is_empty() || hash == "#" {
        String::new()
    } else if hash.starts_with('#') {
        hash.to_string()
    } else {
        format!("#{hash}")
    };
    format!("{path}{}{hash}", q.to_query_string())
}

/// A reactive link that sets one query parameter.
pub fn param_href(
    key: &'static str,
    value: Option<String>,
) -> impl Fn() -> String + Send + Sync + 'static {
    let loc = use_location();
    move || {
        with_param(
            &loc.pathname.get(),
            &loc.query.get(),
            &loc.hash.get(),
            key,
            value.as_deref(),
        )
    }
}

/// Navigation options that replace the current history entry and keep the scroll position.
pub fn in_place() -> NavigateOptions {
    NavigateOptions {
        replace: true,
        scroll: false,
        ..Default::default()
    }
}

/// A function that sets one query parameter (replacing the history entry: typing in a search
/// box must not fill the back button).
pub fn param_setter() -> impl Fn(&'static str, Option<String>) + Clone + 'static {
    let loc = use_location();
    let navigate = use_navigate();
    move |key, value| {
        let url = with_param(
            &loc.pathname.get_untracked(),
            &loc.query.get_untracked(),
            &loc.hash.get_untracked(),
            key,
            value.as_deref().filter(|v| !v.is_empty()),
        );
        navigate(&url, in_place());
    }
}

/// A reactive query parameter.
pub fn query_param(key: &'static str) -> Memo<Option<String>> {
    let loc = use_location();
    Memo::new(move |_| loc.query.with(|q| q.get(key)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vmi_link_names_its_cluster_only_when_the_key_does() {
        let key = VmiKey::new("prod", "db-0");
        assert_eq!(vmi_href(&key), "/vmi/prod/db-0");
        assert_eq!(
            vmi_href(&key.in_cluster("edge-2")),
            "/c/edge-2/vmi/prod/db-0"
        );
    }
}
