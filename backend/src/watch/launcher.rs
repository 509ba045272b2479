//! The projection of a virt-launcher pod: [`Launcher`], what the overview and the evidence
//! bundle read of it, indexed by its VMI in [`super::Caches`].
//!
//! Thousands of launchers share a few phases, nodes and readinesses: that part is pooled as a
//! whole ([`PodState`], [`crate::pool`]), so a launcher is 72 bytes (issue 30: 120 before).

use crate::key::Key;
use crate::pool::{Pool, Pooled, shared};
use crate::uid::Uid;
use model::kube::Condition;
use model::kube::Pod;
use model::time::Timestamp;
use parking_lot::Mutex;
use smol_str::SmolStr;
use std::sync::{Arc, LazyLock};

/// How virt-launcher pods' names start (KubeVirt's `pkg/virt-controller/services/template.go`:
/// `GenerateName: "virt-launcher-" + domain + "-"`).
pub const PREFIX: &str = "virt-launcher-";

/// What of a launcher pod many share (pooled).
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct PodState {
    /// Whether the name starts with [`PREFIX`] (kept apart from [`Launcher::name`]).
    pub prefixed: bool,
    pub phase: Box<str>,
    pub reason: Option<Box<str>>,
    /// The `Ready` condition's status: `Some(true)` for True.
    pub ready: Option<bool>,
    pub node: Option<Box<str>>,
    /// A migration target pod (`kubevirt.io/migrationJobUID` label).
    pub migration_target: bool,
}

impl Pooled for PodState {
    fn pool() -> &'static Mutex<Pool<Self>> {
        static POOL: LazyLock<Mutex<Pool<PodState>>> = LazyLock::new(Mutex::default);
        &POOL
    }
}

/// A virt-launcher pod, as far as the overview needs it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Launcher {
    /// The name without [`PREFIX`] when it starts so ([`PodState::prefixed`]): the rest of a
    /// launcher's name (`<vmi>-<5 random>`) is short enough to be kept inline.
    name: SmolStr,
    pub uid: Option<Uid>,
    #[serde(with = "crate::pool::serde")]
    pub state: Arc<PodState>,
    pub created: Option<Timestamp>,
}

impl Launcher {
    /// The VMI a launcher pod belongs to (`kubevirt.io/domain` annotation, else the owning
    /// VMI), and its projection.
    pub fn project(pod: &Pod) -> Option<(Key, Launcher)> {
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
        let (prefixed, name) = match m.name().strip_prefix(PREFIX) {
            Some(rest) => (true, rest),
            None => (false, m.name()),
        };
        Some((
            Key::new(m.namespace(), &vmi),
            Launcher {
                name: name.into(),
                uid: Uid::of(m.uid.as_deref()),
                state: shared(PodState {
                    prefixed,
                    phase: pod.phase().into(),
                    reason: pod.status.reason.as_deref().map(Into::into),
                    ready,
                    node: pod.node().map(Into::into),
                    migration_target: m.labels.contains_key(model::kube::MIGRATION_JOB_UID_LABEL),
                }),
                created: m.created(),
            },
        ))
    }

    /// The pod's name.
    pub fn name(&self) -> String {
        match self.state.prefixed {
            true => format!("{PREFIX}{}", self.name),
            false => self.name.to_string(),
        }
    }

    /// Whether the pod is named `name` (compared without building the name).
    pub fn is_named(&self, name: &str) -> bool {
        match self.state.prefixed {
            true => name.strip_prefix(PREFIX) == Some(self.name.as_str()),
            false => self.name == name,
        }
    }

    /// Whether `other` is the same pod (by name).
    pub fn same_pod(&self, other: &Launcher) -> bool {
        (self.state.prefixed, &self.name) == (other.state.prefixed, &other.name)
    }

    /// The pod again, with only the projected fields.
    pub fn to_pod(&self, namespace: &str) -> Pod {
        let mut p = Pod::default();
        p.metadata.name = Some(self.name());
        p.metadata.namespace = Some(namespace.to_string());
        p.metadata.uid = self.uid.as_ref().map(Uid::to_string);
        p.metadata.creation_timestamp = self.created.map(|t| t.to_string());
        let s = &self.state;
        if s.migration_target {
            p.metadata.labels.insert(
                model::kube::MIGRATION_JOB_UID_LABEL.to_string(),
                String::new(),
            );
        }
        p.spec.node_name = s.node.as_deref().map(str::to_string);
        p.status.phase = Some(s.phase.to_string()).filter(|s| !s.is_empty());
        p.status.reason = s.reason.as_deref().map(str::to_string);
        if let Some(ready) = s.ready {
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
        assert_eq!(key.as_str(), "prod/web");
        assert!(l.is_named("virt-launcher-web-abcde") && !l.is_named("web-abcde"));
        assert_eq!(&*l.name, "web-abcde", "kept without the common prefix");
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
        let (key, l) = Launcher::project(&owned).unwrap();
        assert_eq!(key.name(), "db");
        assert_eq!(l.name(), "virt-launcher-db-x");
        // A name of another form (a hot-plug pod) is kept whole.
        let hp = Pod::from_value(&json!({
            "metadata": {"name": "hp-volume-abcde", "namespace": "prod", "uid": "u",
                "annotations": {"kubevirt.io/domain": "web"}}
        }));
        let (_, l) = Launcher::project(&hp).unwrap();
        assert!(l.is_named("hp-volume-abcde") && !l.state.prefixed);
        assert_eq!(l.to_pod("prod").metadata.name(), "hp-volume-abcde");
        assert_eq!(l.to_pod("prod").metadata.uid.as_deref(), Some("u"));
        assert!(Launcher::project(&Pod::default()).is_none());
        // Issue 30: launchers in the same state share it, also when read back (the caches'
        // repacking); a launcher is 72 bytes.
        let (_, a) = Launcher::project(&pod).unwrap();
        let (_, b) =
            Launcher::project(&launcher_pod("virt-launcher-web-fghij", "Running", "True")).unwrap();
        assert!(Arc::ptr_eq(&a.state, &b.state) && !a.same_pod(&b));
        let read: Launcher = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert_eq!(read, a);
        assert!(Arc::ptr_eq(&read.state, &a.state));
        assert_eq!(std::mem::size_of::<Launcher>(), 72);
    }
}
