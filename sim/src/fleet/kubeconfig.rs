//! The fleet's kubeconfig: one cluster, one user and one context per simulated cluster, each
//! named after the cluster (the context too), so `strata serve --kubeconfig F --context prod
//! --context staging` reaches them. Written as YAML whose strings are JSON-quoted (valid YAML
//! double-quoted scalars), the current context the first cluster.
//!
//! kube-rs sends a context's token over the plain `http://` of the simulator; kubectl (client-go)
//! does not (it sets credentials for TLS connections only, kubernetes/kubectl#744), so kubectl
//! gets 401 from a cluster with a token and works with a tokenless one (`edge`).

use std::fmt::Write as _;

/// One cluster as its kubeconfig entry sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub name: String,
    /// The API server URL (`http://127.0.0.1:PORT`).
    pub server: String,
    /// The user's name; its token, when the cluster has a token policy.
    pub user: String,
    pub token: Option<String>,
}

fn q(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

/// The kubeconfig text for `entries`.
pub fn render(entries: &[Entry]) -> String {
    let mut out = String::from("apiVersion: v1\nkind: Config\npreferences: {}\nclusters:\n");
    for e in entries {
        let _ = write!(
            out,
            "- name: {}\n  cluster:\n    server: {}\n",
            q(&e.name),
            q(&e.server)
        );
    }
    out.push_str("users:\n");
    for e in entries {
        let _ = writeln!(out, "- name: {}", q(&e.user));
        match &e.token {
            Some(t) => {
                let _ = write!(out, "  user:\n    token: {}\n", q(t));
            }
            None => out.push_str("  user: {}\n"),
        }
    }
    out.push_str("contexts:\n");
    for e in entries {
        let _ = write!(
            out,
            "- name: {}\n  context:\n    cluster: {}\n    user: {}\n",
            q(&e.name),
            q(&e.name),
            q(&e.user)
        );
    }
    if let Some(first) = entries.first() {
        let _ = writeln!(out, "current-context: {}", q(&first.name));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_has_a_cluster_a_user_and_a_context() {
        let text = render(&[
            Entry {
                name: "prod".into(),
                server: "http://127.0.0.1:1".into(),
                user: "prod-admin".into(),
                token: Some("t\"1".into()),
            },
            Entry {
                name: "edge".into(),
                server: "http://127.0.0.1:2".into(),
                user: "edge-anonymous".into(),
                token: None,
            },
        ]);
        assert!(text.contains("    token: \"t\\\"1\"\n"), "{text}");
        assert!(
            text.contains("- name: \"edge-anonymous\"\n  user: {}\n"),
            "{text}"
        );
        assert!(text.ends_with("current-context: \"prod\"\n"), "{text}");
        assert_eq!(text.matches("    server: ").count(), 2);
    }
}
