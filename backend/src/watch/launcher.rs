//! The projection of a virt-launcher pod: [`Launcher`], what the overview and the evidence
//! bundle read of it, indexed by its VMI in [`super::Caches`].

use crate::intern::{intern, intern_opt};
use model::VmiKey;
use model::kube::Condition;
use model::kube::Pod;
use model::time::Timestamp;
use std::sync::Arc;

/// A virt-launcher pod, as far as the overview needs it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Launcher {
    pub name: Box<str>,
    pub uid: Box<str>,
    /// Interned ([`crate::intern`]), as is `node`.
    #[serde(with = "crate::intern::string")]
    pub phase: Arc<str>,
    pub reason: Option<Box<str>>,
    /// The `Ready` condition's status: `Some(true)` for True.
    pub ready: Option<bool>,
    #[serde(with = "crate::intern::option")]
    pub node: Option<Arc<str>>,
    pub created: Option<Timestamp>,
    /// A migration target pod (`kubevirt.io/migrationJobUID` label).
    pub migration_target: bool,
}

impl Launcher {
    /// The VMI a launcher pod belongs to (`kubevirt.io/domain` annotation, else the owning
    /// VMI), and its projection.
    pub fn project(pod: &Pod) -> Option<(VmiKey, Launcher)> {
        let m = &pod.metadata;
        let vmi = m
            .annotations
            .get(model::kube::DOMAIN_ANNOTATION)
            .cloned()
            .or_else(|| {
                m.owner_references
                    .iter()
                    .find(|o| o.kind.as_deref() == Some("VirtualMachineInstance"))
                    .and_then(|o| o.name.clone())
            })
            .filter(|n| !n.is_empty())?;
        let ready = pod.condition("Ready").map(Condition::is_true);
        Some((
            VmiKey {
                namespace: m.namespace().to_string(),
                name: vmi,
            },
            Launcher {
                name: m.name().into(),
                uid: m.uid.as_deref().unwrap_or("").into(),
                phase: intern(pod.phase()),
                reason: pod.status.reason.as_deref().map(Into::into),
                ready,
                node: intern_opt(pod.node()),
                created: m.created(),
                migration_target: m.labels.contains_key(model::kube::MIGRATION_JOB_UID_LABEL),
            },
        ))
    }

    /// The pod again, with only the projected fields.
    pub fn to_pod(&self, namespace: &str) -> Pod {
        let mut p = Pod::default();
        p.metadata.name = Some(self.name.to_string());
        p.metadata.namespace = Some(namespace.to_string());
        p.metadata.uid = Some(self.uid.to_string()).filter(|u| !u.is_empty());
        p.metadata.creation_timestamp = self.created.map(|t| t.to_string());
        if self.migration_target {
            p.metadata.labels.insert(
                model::kube::MIGRATION_JOB_UID_LABEL.to_string(),
                String::new(),
            );
        }
        p.spec.node_name = self.node.as_deref().map(str::to_string);
        p.status.phase = Some(self.phase.to_string()).filter(|s| !s.is_empty());
        p.status.reason = self.reason.as_deref().map(str::to_string);
        if let Some(ready) = self.ready {
            p.status.conditions.push(Condition {
                type_: Some("Ready".into()),
                status: Some(if ready { "True" } else { "False" }.into()),
                ..Condition::default()
            });
        }
        p
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use serde_json::json;

    /// A launcher pod of `prod/web` on `node-1`.
    pub(crate) fn launcher_pod(name: &str, phase: &str, ready: &str) -> Pod {
        Pod::from_value(&json!({
            "metadata": {"name": name, "namespace": "prod", "uid": format!("uid-{name}"),
                "creationTimestamp": "2024-01-01T00:00:00Z",
                "annotations": {"kubevirt.io/domain": "web"},
                "labels": {"kubevirt.io": "virt-launcher", "kubevirt.io/created-by": "vmi-uid"}},
            "spec": {"nodeName": "node-1", "containers": [{"name": "compute"}]},
            "status": {"phase": phase, "conditions": [{"type": "Ready", "status": ready}]}
        }))
    }

    #[test]
    fn launcher_projection_keeps_what_the_glance_reads() {
        let pod = launcher_pod("virt-launcher-web-abcde", "Running", "True");
        let (key, l) = Launcher::project(&pod).unwrap();
        assert_eq!(key.to_string(), "prod/web");
        let back = l.to_pod("prod");
        assert_eq!(back.phase(), "Running");
        assert_eq!(back.node(), Some("node-1"));
        assert_eq!(
            back.metadata.uid.as_deref(),
            Some("uid-virt-launcher-web-abcde")
        );
        assert!(back.condition("Ready").unwrap().is_true());
        assert_eq!(back.metadata.created(), pod.metadata.created());
        // Owned by a VMI but without the annotation: found through the owner reference.
        let owned = Pod::from_value(&json!({
            "metadata": {"name": "virt-launcher-db-x", "namespace": "prod",
                "ownerReferences": [{"kind": "VirtualMachineInstance", "name": "db"}]}
        }));
        assert_eq!(Launcher::project(&owned).unwrap().0.name, "db");
        assert!(Launcher::project(&Pod::default()).is_none());
    }
}
