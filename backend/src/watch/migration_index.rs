//! Migrations by namespace and name, and by the VMI they migrate ([`MigrationIndex`]).
//!
//! A VMI's projection, its history sweep and its alerts read the VMI's own migrations by key
//! ([`MigrationIndex::of`]), not by a pass over every migration of its namespace: KubeVirt keeps
//! finished migration objects (`pkg/virt-controller/watch/migration/migration.go` deletes
//! finalized ones only beyond `defaultFinalizedMigrationGarbageCollectionBuffer`, 5, per VMI),
//! so a namespace of thousands of VMIs can hold thousands of migrations, and a pass per VMI
//! made a start with N VMIs N² work.

use super::project::vmim_key;
use model::VmiKey;
use model::kube::Vmim;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// A migration's namespace and name.
pub type Id = (String, String);

/// The migration objects, by [`Id`] and by the VMI they name (`spec.vmiName`).
#[derive(Debug, Default)]
pub struct MigrationIndex {
    by_id: BTreeMap<Id, Arc<Vmim>>,
    /// Per VMI, the names of its migrations (in the VMI's namespace).
    by_vmi: BTreeMap<VmiKey, BTreeSet<String>>,
}

/// The [`Id`] of a migration.
pub fn id(m: &Vmim) -> Id {
    (
        m.metadata.namespace().to_string(),
        m.metadata.name().to_string(),
    )
}

impl MigrationIndex {
    /// An index of `list`.
    pub fn of_list(list: Vec<Vmim>) -> MigrationIndex {
        let mut index = MigrationIndex::default();
        for m in list {
            index.insert(m);
        }
        index
    }

    /// Adds or replaces a migration; returns the one it replaced.
    pub fn insert(&mut self, m: Vmim) -> Option<Arc<Vmim>> {
        let (id, vmi) = (id(&m), vmim_key(&m));
        let old = self.by_id.insert(id.clone(), Arc::new(m));
        if let Some(o) = &old {
            self.unlink(&vmim_key(o), &id.1);
        }
        self.by_vmi.entry(vmi).or_default().insert(id.1);
        old
    }

    /// Removes a migration; returns it.
    pub fn remove(&mut self, id: &Id) -> Option<Arc<Vmim>> {
        let old = self.by_id.remove(id)?;
        self.unlink(&vmim_key(&old), &id.1);
        Some(old)
    }

    fn unlink(&mut self, vmi: &VmiKey, name: &str) {
        if let Some(names) = self.by_vmi.get_mut(vmi) {
            names.remove(name);
            if names.is_empty() {
                self.by_vmi.remove(vmi);
            }
        }
    }

    /// The migrations of one VMI: a lookup, whatever the number of other migrations.
    pub fn of(&self, vmi: &VmiKey) -> Vec<Arc<Vmim>> {
        let Some(names) = self.by_vmi.get(vmi) else {
            return Vec::new();
        };
        let mut id = (vmi.namespace.clone(), String::new());
        names
            .iter()
            .filter_map(|name| {
                name.clone_into(&mut id.1);
                self.by_id.get(&id).cloned()
            })
            .collect()
    }

    /// One migration.
    pub fn get(&self, id: &Id) -> Option<&Arc<Vmim>> {
        self.by_id.get(id)
    }

    /// Every migration, by namespace and name.
    pub fn iter(&self) -> impl Iterator<Item = (&Id, &Arc<Vmim>)> {
        self.by_id.iter()
    }

    /// The migrations in `namespace`, by name.
    pub fn in_namespace<'a>(&'a self, namespace: &str) -> impl Iterator<Item = &'a Arc<Vmim>> {
        let ns = namespace.to_string();
        self.by_id
            .range((ns.clone(), String::new())..)
            .take_while(move |((n, _), _)| *n == ns)
            .map(|(_, m)| m)
    }

    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn vmim(name: &str, vmi: &str) -> Vmim {
        Vmim::from_value(&json!({
            "metadata": {"name": name, "namespace": "prod"},
            "spec": {"vmiName": vmi}
        }))
    }

    fn names(v: Vec<Arc<Vmim>>) -> Vec<String> {
        v.iter().map(|m| m.metadata.name().to_string()).collect()
    }

    fn key(name: &str) -> VmiKey {
        VmiKey {
            cluster: String::new(),
            namespace: "prod".into(),
            name: name.into(),
        }
    }

    #[test]
    fn a_vmi_finds_its_own_migrations_among_many_of_its_namespace() {
        // Many finished migrations of other VMIs in the same namespace.
        let mut list: Vec<Vmim> = (0..2_000)
            .map(|i| vmim(&format!("m-{i:04}"), &format!("vm-{}", i % 500)))
            .collect();
        list.push(vmim("web-1", "web"));
        let mut index = MigrationIndex::of_list(list);
        assert_eq!(names(index.of(&key("web"))), ["web-1"]);
        assert_eq!(index.of(&key("vm-7")).len(), 4);
        assert!(index.of(&key("nothing")).is_empty());
        // A migration object that names another VMI moves to that VMI.
        index.insert(vmim("web-2", "web"));
        assert_eq!(names(index.of(&key("web"))), ["web-1", "web-2"]);
        let old = index.insert(vmim("web-1", "db")).expect("replaced");
        assert_eq!(old.spec.vmi_name.as_deref(), Some("web"));
        assert_eq!(names(index.of(&key("web"))), ["web-2"]);
        assert_eq!(names(index.of(&key("db"))), ["web-1"]);
        // Removed from both indexes.
        assert!(index.remove(&("prod".into(), "web-2".into())).is_some());
        assert!(index.of(&key("web")).is_empty());
        assert!(
            !index.by_vmi.contains_key(&key("web")),
            "no empty entry left"
        );
        assert_eq!(index.len(), 2_001);
        assert_eq!(index.in_namespace("prod").count(), 2_001);
        assert_eq!(index.in_namespace("dev").count(), 0);
    }
}
