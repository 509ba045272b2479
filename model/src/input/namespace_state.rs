//! A namespace left `Terminating`. A namespace has two phases (k8s.io/api `core/v1/types.go`,
//! NamespacePhase: `Active`, `Terminating`); a deleted one stays `Terminating` until
//! kube-controller-manager's namespace controller has deleted everything in it, and stays there
//! when something holds that (finalizers no controller clears, an aggregated API not answering:
//! its conditions say which, `signatures/namespace_deletion.rs`). kubectl prints a namespace
//! as NAME, STATUS, AGE (`pkg/printers/internalversion/printers.go`, namespaceColumnDefinitions)
//! and describes it with `Status:` and its quotas and limit ranges (`describe.go`,
//! describeNamespace); its YAML carries `kind: Namespace` and `status.phase`. A namespace of the
//! platform (KubeVirt's, CDI's, an operator's) left Terminating is its components torn down out
//! of order or a controller gone before its objects: the control plane's, degraded, read only
//! when nothing else blames a layer (`pipeline`).

use super::cells::spans;
use crate::evidence::Signal;
use crate::verdict::{Health, Layer};

/// A `get namespace` row left Terminating: every row under a `NAME  STATUS  AGE` header holds
/// `Active` or `Terminating` (no other kind prints only these), and one `Terminating`.
fn table_row(lines: &[&str]) -> Option<usize> {
    for (i, l) in lines.iter().enumerate() {
        let head: Vec<&str> = spans(l.trim()).into_iter().map(|c| c.1).collect();
        if head.len() < 3 || head[..3] != ["NAME", "STATUS", "AGE"] {
            continue;
        }
        let rows: Vec<(usize, Vec<&str>)> = lines[i + 1..]
            .iter()
            .enumerate()
            .map(|(k, r)| {
                (
                    i + 1 + k,
                    spans(r.trim()).into_iter().map(|c| c.1).collect(),
                )
            })
            .take_while(|(_, c): &(usize, Vec<&str>)| c.len() >= 3)
            .collect();
        let phases_only = rows
            .iter()
            .all(|(_, c)| c[1] == "Active" || c[1] == "Terminating");
        if !phases_only {
            continue;
        }
        if let Some((n, _)) = rows.iter().find(|(_, c)| c[1] == "Terminating") {
            return Some(*n);
        }
    }
    None
}

/// A describe's or YAML's namespace in phase Terminating.
fn object(lines: &[&str]) -> Option<usize> {
    let field = |key: &str| {
        lines.iter().enumerate().find_map(|(i, l)| {
            let v = l.trim().strip_prefix(key)?.trim();
            Some((i, v.trim_matches(['"', '\''])))
        })
    };
    let describe = lines.iter().any(|l| {
        let t = l.trim();
        t == "No resource quota." || t == "No LimitRange resource." || t == "Resource Quotas"
    });
    let yaml = field("kind:").is_some_and(|(_, k)| k == "Namespace");
    let (at, phase) = if describe {
        field("Status:")?
    } else if yaml {
        field("phase:")?
    } else {
        return None;
    };
    (phase == "Terminating").then_some(at)
}

/// A signal for a namespace the paste shows left Terminating.
pub fn read(input: &str) -> Option<Signal> {
    let lines: Vec<&str> = input.lines().collect();
    let at = table_row(&lines).or_else(|| object(&lines))?;
    Some(Signal {
        signature: Some("namespace-terminating".into()),
        layer: Some(Layer::ControlPlane),
        plane: None,
        health: Health::Degraded,
        title: "a namespace is left Terminating".into(),
        cause: "a deleted namespace stays Terminating until the namespace controller has \
            deleted everything in it; something holds that here (objects whose finalizer no \
            controller clears because their controller was removed before them, an aggregated \
            API that does not answer), so the namespace and what was in it are neither gone nor \
            usable, and reinstalling into it fails"
            .into(),
        next_steps: vec![
            "kubectl get namespace <ns> -o yaml (status.conditions: what holds the deletion)".into(),
            "kubectl api-resources --verbs=list --namespaced -o name | xargs -n1 kubectl get -n <ns> --ignore-not-found --show-kind (what is left)".into(),
            "kubectl get apiservices | grep False (an aggregated API that does not answer)".into(),
        ],
        source: "k8s.io/api core/v1/types.go (NamespacePhase); kubernetes \
            pkg/controller/namespace/deletion/namespaced_resources_deleter.go"
            .into(),
        line: at + 1,
        from: "a namespace's phase".into(),
        excerpt: lines[at].trim().chars().take(160).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_terminating_namespace_in_a_table_a_describe_or_yaml() {
        let table = "NAME          STATUS        AGE\ndefault       Active        9d\nold-tenant    Terminating   2h\n";
        assert_eq!(read(table).map(|s| s.line), Some(3));
        let active = "NAME          STATUS   AGE\ndefault       Active   9d\n";
        assert!(read(active).is_none());
        let describe = "Name:         cdi\nLabels:       <none>\nStatus:       Terminating\n\nNo resource quota.\n";
        assert_eq!(read(describe).map(|s| s.line), Some(3));
        let yaml = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: cdi\nstatus:\n  phase: Terminating\n";
        assert_eq!(read(yaml).map(|s| s.line), Some(6));
    }
}
