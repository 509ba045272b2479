//! The projection of a VirtualMachine: [`VmRecord`], what the diagnosis and drain impact read
//! of it, kept by namespace and name in [`super::Caches`].
//!
//! Thousands of VMs share a few run strategies, printable statuses and condition states: what
//! they share is pooled ([`crate::pool`]) as a whole, [`VmState`] and each condition's
//! [`ConditionHead`], so a record is 64 bytes beside its key and a condition 40 (issue 30: 112
//! and 80 before, and a 32-byte chunk for each condition's time, now a [`Stamp`]).

use crate::key::Key;
use crate::pool::{Pool, Pooled, shared};
use crate::stamp::Stamp;
use crate::uid::Uid;
use model::kube::Condition;
use model::kube::Vm;
use parking_lot::Mutex;
use std::sync::{Arc, LazyLock};

/// The VM conditions Strata keeps.
pub const VM_CONDITIONS: [&str; 3] = ["Ready", "Failure", "Paused"];

/// A condition's type, status and reason (pooled).
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct ConditionHead {
    pub type_: Box<str>,
    pub status: Option<Box<str>>,
    pub reason: Option<Box<str>>,
}

impl Pooled for ConditionHead {
    fn pool() -> &'static Mutex<Pool<Self>> {
        static POOL: LazyLock<Mutex<Pool<ConditionHead>>> = LazyLock::new(Mutex::default);
        &POOL
    }
}

/// A condition of a VM, as far as the evidence shows it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct VmCondition {
    #[serde(with = "crate::pool::serde")]
    pub head: Arc<ConditionHead>,
    pub message: Option<Box<str>>,
    pub last_transition: Option<Stamp>,
}

/// What of a VM many VMs share (pooled): its run strategy (and the deprecated `spec.running`),
/// `spec.template.spec.evictionStrategy`, printableStatus, ready and created.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct VmState {
    pub run_strategy: Option<Box<str>>,
    pub running: Option<bool>,
    pub eviction_strategy: Option<Box<str>>,
    pub printable_status: Option<Box<str>>,
    pub ready: Option<bool>,
    pub created: Option<bool>,
}

impl Pooled for VmState {
    fn pool() -> &'static Mutex<Pool<Self>> {
        static POOL: LazyLock<Mutex<Pool<VmState>>> = LazyLock::new(Mutex::default);
        &POOL
    }
}

/// A VirtualMachine, as far as the diagnosis and drain impact read it. Its namespace and name
/// are the key it is kept under.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct VmRecord {
    pub uid: Option<Uid>,
    #[serde(with = "crate::pool::serde")]
    pub state: Arc<VmState>,
    /// Only [`VM_CONDITIONS`].
    pub conditions: Box<[VmCondition]>,
    /// `status.startFailure` as JSON text.
    pub start_failure: Option<Box<str>>,
}

fn boxed(s: &Option<String>) -> Option<Box<str>> {
    s.as_deref().map(Into::into)
}

fn unboxed(s: Option<&str>) -> Option<String> {
    s.map(str::to_string)
}

impl VmRecord {
    /// The key of a VM (its namespace and name) and its compact projection.
    pub fn project(vm: &Vm) -> (Key, VmRecord) {
        let key = Key::new(vm.metadata.namespace(), vm.metadata.name());
        let record = VmRecord {
            uid: Uid::of(vm.metadata.uid.as_deref()),
            state: shared(VmState {
                run_strategy: boxed(&vm.spec.run_strategy),
                running: vm.spec.running,
                eviction_strategy: boxed(&vm.spec.template_eviction_strategy),
                printable_status: boxed(&vm.status.printable_status),
                ready: vm.status.ready,
                created: vm.status.created,
            }),
            conditions: vm
                .status
                .conditions
                .iter()
                .filter_map(|c| {
                    let t = c.type_.as_deref()?;
                    VM_CONDITIONS.contains(&t).then(|| VmCondition {
                        head: shared(ConditionHead {
                            type_: t.into(),
                            status: boxed(&c.status),
                            reason: boxed(&c.reason),
                        }),
                        message: boxed(&c.message),
                        last_transition: c.last_transition_time.as_deref().map(Stamp::new),
                    })
                })
                .collect(),
            start_failure: vm
                .status
                .start_failure
                .as_ref()
                .filter(|v| !v.is_null())
                .map(|v| v.to_string().into()),
        };
        (key, record)
    }

    /// The model's VM `key` again, with only the projected fields.
    pub fn to_vm(&self, key: &Key) -> Vm {
        let mut vm = Vm::default();
        vm.metadata.name = Some(key.name().to_string());
        vm.metadata.namespace = Some(key.namespace().to_string()).filter(|n| !n.is_empty());
        vm.metadata.uid = self.uid.as_ref().map(Uid::to_string);
        let s = &self.state;
        vm.spec.run_strategy = unboxed(s.run_strategy.as_deref());
        vm.spec.running = s.running;
        vm.spec.template_eviction_strategy = unboxed(s.eviction_strategy.as_deref());
        vm.status.printable_status = unboxed(s.printable_status.as_deref());
        vm.status.ready = s.ready;
        vm.status.created = s.created;
        vm.status.conditions = self
            .conditions
            .iter()
            .map(|c| Condition {
                type_: Some(c.head.type_.to_string()),
                status: unboxed(c.head.status.as_deref()),
                reason: unboxed(c.head.reason.as_deref()),
                message: unboxed(c.message.as_deref()),
                last_transition_time: c.last_transition.as_ref().map(Stamp::to_string),
                ..Condition::default()
            })
            .collect();
        vm.status.start_failure = self
            .start_failure
            .as_deref()
            .and_then(|s| serde_json::from_str(s).ok());
        vm
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::watch::Kind;
    use crate::watch::caches::{Applied, Caches};
    use model::kube::vmi::Vmi;
    use serde_json::json;

    #[test]
    fn vm_projection_keeps_what_diagnosis_and_drain_read() {
        let vm = Vm::from_value(&json!({
            "metadata": {"name": "web", "namespace": "prod", "uid": "vm-uid",
                "annotations": {"kubectl.kubernetes.io/last-applied-configuration": "{}"},
                "labels": {"app": "web"}},
            "spec": {"running": true, "template": {"spec": {"evictionStrategy": "LiveMigrate",
                "domain": {"devices": {"disks": [{"name": "root"}]}}}}},
            "status": {"printableStatus": "CrashLoopBackOff", "ready": false, "created": true,
                "startFailure": {"consecutiveFailCount": 3, "retryAfterTimestamp": "2024-01-01T00:05:00Z"},
                "conditions": [
                    {"type": "Ready", "status": "False", "reason": "PodNotReady"},
                    {"type": "Failure", "status": "True", "message": "boom",
                        "lastTransitionTime": "2024-01-01T00:00:00Z"},
                    {"type": "Paused", "status": "False"},
                    {"type": "Initialized", "status": "True"},
                    {"type": "DataVolumesReady", "status": "True"}]}
        }));
        let (key, rec) = VmRecord::project(&vm);
        assert_eq!(key.as_str(), "prod/web");
        let back = rec.to_vm(&key);
        assert_eq!(back.metadata.name(), "web");
        assert_eq!(back.metadata.namespace(), "prod");
        assert_eq!(back.metadata.uid.as_deref(), Some("vm-uid"));
        assert!(back.metadata.annotations.is_empty() && back.metadata.labels.is_empty());
        assert_eq!(back.run_strategy().as_deref(), Some("Always"));
        assert_eq!(back.spec, vm.spec);
        assert_eq!(back.status.printable_status, vm.status.printable_status);
        assert_eq!(
            (back.status.ready, back.status.created),
            (Some(false), Some(true))
        );
        assert_eq!(back.status.start_failure, vm.status.start_failure);
        assert_eq!(back.status.conditions, vm.status.conditions[..3]);
        // Issue 30: what VMs share is pooled, also when read back (the caches' repacking), and
        // a canonical time is kept inline.
        let (_, twin) = VmRecord::project(&vm);
        assert!(Arc::ptr_eq(&twin.state, &rec.state));
        assert!(Arc::ptr_eq(
            &twin.conditions[0].head,
            &rec.conditions[0].head
        ));
        let read: VmRecord = serde_json::from_str(&serde_json::to_string(&rec).unwrap()).unwrap();
        assert_eq!(read, rec);
        assert!(Arc::ptr_eq(&read.state, &rec.state));
        assert!(Arc::ptr_eq(
            &read.conditions[1].head,
            &rec.conditions[1].head
        ));
        assert!(matches!(
            rec.conditions[1].last_transition,
            Some(Stamp::At(_))
        ));
        assert_eq!(std::mem::size_of::<VmRecord>(), 64);
        assert_eq!(std::mem::size_of::<VmCondition>(), 40);

        // The drain outcome is the same with the record as with the full VM.
        let vmi = Vmi::from_value(&json!({
            "metadata": {"name": "web", "namespace": "prod"},
            "status": {"phase": "Running", "nodeName": "node-1", "conditions": [
                {"type": "LiveMigratable", "status": "False", "reason": "DisksNotLiveMigratable"}]}
        }));
        let full = model::drain::drain_impact("node-1", std::slice::from_ref(&vmi), &[vm], None);
        let kept = model::drain::drain_impact("node-1", &[vmi], &[back], None);
        assert_eq!(kept, full);
        assert_eq!(kept.blocking, 1);

        // Kept, compacted and removed through the cache.
        let caches = Caches::new();
        caches.apply_vm(Applied::Replace(vec![(key.clone(), rec.clone())]));
        caches.compact(|| ());
        assert_eq!(caches.vm(&key.to_vmi_key()), Some(rec.to_vm(&key)));
        assert_eq!(caches.vms(), vec![rec.to_vm(&key)]);
        assert_eq!(caches.len(Kind::Vm), Some(1));
        caches.apply_vm(Applied::Delete((key.clone(), rec)));
        assert!(caches.vm(&key.to_vmi_key()).is_none() && caches.vms().is_empty());
    }
}
