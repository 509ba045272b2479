//! The compact state of every watched kind ([`Caches`]): launcher pods by VMI, migrations,
//! nodes, VM records and the event rings, each applied from a watcher's [`Applied`] change.
//! A change the overview shows (launcher, node, migration) asks the [`super::refresher()`] to
//! re-project the VMIs concerned ([`Refresh`]); [`Caches::summarize`] is that projection.

use super::kind::{Kind, Watched};
use super::launcher::Launcher;
use super::migration_index::{self, MigrationIndex};
use super::project::{node_glance, vmim_glance, vmim_key};
use super::vm_record::VmRecord;
use crate::event_cache::{EventCache, Involved};
use crate::key::Key;
use model::evidence::{Evidence, Observed};
use model::kube::vmi::Vmi;
use model::kube::{Event, Node, Vm, Vmim};
use model::{VmiKey, VmiSummary};
use parking_lot::{Mutex, RwLock};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::mpsc;

/// A VMI to re-project, or all of them.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refresh {
    One(VmiKey),
    All,
}

/// The compact state of every watched resource.
pub struct Caches {
    pub vmis: Watched,
    pub vms: Watched,
    pub vmims: Watched,
    pub pods: Watched,
    pub nodes: Watched,
    pub events: Watched,
    /// Launcher pods by VMI (a boxed slice: no spare capacity), under the compact [`Key`].
    launchers: RwLock<BTreeMap<Key, Box<[Launcher]>>>,
    /// Migrations by namespace and name, and by VMI.
    migrations: RwLock<MigrationIndex>,
    /// Nodes by name.
    node_objects: RwLock<BTreeMap<String, Arc<Node>>>,
    /// VMs by namespace and name ([`Key`]).
    vm_records: RwLock<BTreeMap<Key, VmRecord>>,
    /// KubeVirt-related events, per involved object.
    event_cache: RwLock<EventCache>,
    /// Bumped on every change of the launchers, migrations or nodes.
    generation: AtomicU64,
    refresh_tx: mpsc::UnboundedSender<Refresh>,
    refresh_rx: Mutex<Option<mpsc::UnboundedReceiver<Refresh>>>,
    /// The last read of the alerts ([`crate::alerts`]).
    pub alerts: crate::alerts::Board,
    /// The cluster's clock, from its API server's answers to the watchers.
    pub clock: crate::cluster_clock::Clock,
}

impl Default for Caches {
    fn default() -> Self {
        Self::new()
    }
}

impl Caches {
    pub fn new() -> Caches {
        let (refresh_tx, rx) = mpsc::unbounded_channel();
        Caches {
            vmis: Watched::new(Kind::Vmi),
            vms: Watched::new(Kind::Vm),
            vmims: Watched::new(Kind::Vmim),
            pods: Watched::new(Kind::Pod),
            nodes: Watched::new(Kind::Node),
            events: Watched::new(Kind::Event),
            launchers: RwLock::default(),
            migrations: RwLock::default(),
            node_objects: RwLock::default(),
            vm_records: RwLock::default(),
            event_cache: RwLock::default(),
            generation: AtomicU64::new(0),
            refresh_tx,
            refresh_rx: Mutex::new(Some(rx)),
            alerts: crate::alerts::Board::default(),
            clock: Default::default(),
        }
    }

    pub fn get(&self, kind: Kind) -> &Watched {
        match kind {
            Kind::Vmi => &self.vmis,
            Kind::Vm => &self.vms,
            Kind::Vmim => &self.vmims,
            Kind::Pod => &self.pods,
            Kind::Node => &self.nodes,
            Kind::Event => &self.events,
        }
    }

    /// How many objects of a kind are kept (`None` for VMIs: they are in the store).
    pub fn len(&self, kind: Kind) -> Option<usize> {
        match kind {
            Kind::Pod => Some(self.launchers.read().values().map(|l| l.len()).sum()),
            Kind::Vmim => Some(self.migrations.read().len()),
            Kind::Node => Some(self.node_objects.read().len()),
            Kind::Vm => Some(self.vm_records.read().len()),
            Kind::Event => Some(self.event_cache.read().len()),
            Kind::Vmi => None,
        }
    }

    /// The VM of the same namespace and name as a VMI.
    pub fn vm(&self, key: &VmiKey) -> Option<Vm> {
        let key = Key::of(key);
        self.vm_records.read().get(&key).map(|r| r.to_vm(&key))
    }

    /// Every VM.
    pub fn vms(&self) -> Vec<Vm> {
        self.vm_records
            .read()
            .iter()
            .map(|(k, r)| r.to_vm(k))
            .collect()
    }

    /// The events kept about one object, oldest first.
    pub fn events_about(&self, about: &Involved) -> Vec<Event> {
        self.event_cache.read().about(about)
    }

    /// The launcher pods of one VMI.
    pub fn launchers(&self, key: &VmiKey) -> Vec<Launcher> {
        self.launchers
            .read()
            .get(&Key::of(key))
            .map(|l| l.to_vec())
            .unwrap_or_default()
    }

    /// Every migration.
    pub fn migrations(&self) -> Vec<Arc<Vmim>> {
        self.migrations
            .read()
            .iter()
            .map(|(_, m)| m.clone())
            .collect()
    }

    /// The migrations in `namespace`.
    pub fn migrations_in(&self, namespace: &str) -> Vec<Arc<Vmim>> {
        self.migrations
            .read()
            .in_namespace(namespace)
            .cloned()
            .collect()
    }

    /// The migrations of one VMI (a lookup, not a pass over its namespace's).
    pub fn migrations_of(&self, key: &VmiKey) -> Vec<Arc<Vmim>> {
        self.migrations.read().of(key)
    }

    /// One migration by namespace and name.
    pub fn migration(&self, namespace: &str, name: &str) -> Option<Arc<Vmim>> {
        let id = (namespace.to_string(), name.to_string());
        self.migrations.read().get(&id).cloned()
    }

    /// Every node.
    pub fn nodes(&self) -> Vec<Arc<Node>> {
        self.node_objects.read().values().cloned().collect()
    }

    /// One node by name.
    pub fn node(&self, name: &str) -> Option<Arc<Node>> {
        self.node_objects.read().get(name).cloned()
    }

    /// Moves the launcher, VM and event projections into fresh allocations around `between`
    /// (see [`crate::store::Store::compact`]). Nodes and migrations are few and left alone.
    pub fn compact(&self, between: impl FnOnce()) {
        let mut launchers = self.launchers.write();
        let mut vms = self.vm_records.write();
        let mut events = self.event_cache.write();
        type Saved<'a> = (Vec<(&'a Key, &'a [Launcher])>, Vec<(&'a Key, &'a VmRecord)>);
        let saved: Saved = (
            launchers.iter().map(|(k, l)| (k, &**l)).collect(),
            vms.iter().collect(),
        );
        let Ok(bytes) = serde_json::to_vec(&saved) else {
            return;
        };
        drop(saved);
        *launchers = BTreeMap::new();
        *vms = BTreeMap::new();
        events.compact(|| {
            between();
            type Back = (Vec<(Key, Box<[Launcher]>)>, Vec<(Key, VmRecord)>);
            let back: Back = serde_json::from_slice(&bytes).unwrap_or_default();
            drop(bytes);
            // Collected, not extended: built from sorted keys, the maps' nodes come out full.
            *launchers = back.0.into_iter().collect();
            *vms = back.1.into_iter().collect();
        });
    }

    /// Bumped on every change of the launchers, migrations or nodes.
    pub(super) fn generation(&self) -> u64 {
        self.generation.load(Ordering::Relaxed)
    }

    /// Asks the refresher to re-project every VMI.
    pub(super) fn refresh_everything(&self) {
        let _ = self.refresh_tx.send(Refresh::All);
    }

    /// The refresher's end of the channel (there is one refresher).
    pub(super) fn take_refresh_rx(&self) -> Option<mpsc::UnboundedReceiver<Refresh>> {
        self.refresh_rx.lock().take()
    }

    /// Asks for `r` to be projected again (the alerts poller's way in).
    pub fn refresh(&self, r: Refresh) {
        let _ = self.refresh_tx.send(r);
    }

    /// The VMI whose launcher (or hot-plug) pod is `namespace/pod`.
    pub fn launcher_owner(&self, namespace: &str, pod: &str) -> Option<VmiKey> {
        self.launchers
            .read()
            .iter()
            .find(|(k, l)| k.namespace() == namespace && l.iter().any(|l| l.is_named(pod)))
            .map(|(k, _)| k.to_vmi_key())
    }

    /// A launcher, node or migration changed as the overview shows it: the generation moves
    /// and, once the VMIs were listed, the refresher is asked to re-project `refresh`. Before
    /// that there is nothing to re-project: the VMIs' list reads the new state (and asks for
    /// everything again when the generation moved while it read). A start's pod list would
    /// otherwise queue a request per VMI, each dropped unread (issue 32: 4 % of the CPU at
    /// 10 × 10,000).
    fn changed(&self, refresh: Refresh) {
        self.generation.fetch_add(1, Ordering::Relaxed);
        if self.vmis.state.synced() {
            let _ = self.refresh_tx.send(refresh);
        }
    }

    /// The overview summary of `vmi`, with what is known of its launcher pods, nodes and
    /// migrations.
    pub fn summarize(&self, vmi: Vmi) -> VmiSummary {
        let key = vmi.key();
        let mut e = Evidence::from_vmi(vmi, None);
        e.pods = self
            .launchers(&key)
            .iter()
            .map(|l| Observed::new(l.to_pod(&key.namespace), None))
            .collect();
        e.migrations = self
            .migrations_of(&key)
            .iter()
            .map(|m| Observed::new((**m).clone(), None))
            .collect();
        let mut names: BTreeSet<&str> = BTreeSet::new();
        if let Some(v) = e.vmi() {
            names.extend(v.status.node_name.as_deref());
            if let Some(ms) = &v.status.migration_state {
                names.extend(ms.target_node.as_deref());
            }
        }
        let nodes = self.node_objects.read();
        // The nodes kept, shared with the bundle rather than copied into it.
        let found: Vec<Observed<Arc<Node>>> = names
            .iter()
            .filter_map(|n| nodes.get(*n))
            .map(|n| Observed::new(n.clone(), None))
            .collect();
        drop(nodes);
        let node_names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        e.nodes = found;
        e.coverage.pods = self.pods.state.synced();
        e.coverage.migrations = self.vmims.state.synced();
        e.coverage.nodes = self.nodes.state.synced();
        let nodes: Vec<&str> = node_names.iter().map(String::as_str).collect();
        e.alerts = self.alerts.get().candidates(&key.namespace, &nodes);
        VmiSummary::from_evidence(&e, None)
    }

    pub(crate) fn apply_pod(&self, event: Applied<(Key, Launcher)>) {
        match event {
            Applied::Upsert((key, l)) => {
                let mut map = self.launchers.write();
                let list = map.entry(key.clone()).or_default();
                match list.iter_mut().find(|x| x.same_pod(&l)) {
                    Some(x) if *x == l => return,
                    Some(x) => *x = l,
                    None => {
                        let mut v = std::mem::take(list).into_vec();
                        v.push(l);
                        *list = v.into_boxed_slice();
                    }
                }
                drop(map);
                self.changed(Refresh::One(key.to_vmi_key()));
            }
            Applied::Delete((key, l)) => {
                let mut map = self.launchers.write();
                let Some(list) = map.get_mut(&key) else {
                    return;
                };
                let before = list.len();
                let mut v = std::mem::take(list).into_vec();
                v.retain(|x| !x.same_pod(&l));
                let gone = v.len() != before;
                if v.is_empty() {
                    map.remove(&key);
                } else {
                    *list = v.into_boxed_slice();
                }
                drop(map);
                if gone {
                    self.changed(Refresh::One(key.to_vmi_key()));
                }
            }
            Applied::Replace(pods) => {
                let mut fresh: BTreeMap<Key, Vec<Launcher>> = BTreeMap::new();
                for (key, l) in pods {
                    fresh.entry(key).or_default().push(l);
                }
                let fresh: BTreeMap<Key, Box<[Launcher]>> = fresh
                    .into_iter()
                    .map(|(k, v)| (k, v.into_boxed_slice()))
                    .collect();
                let mut map = self.launchers.write();
                let old = std::mem::replace(&mut *map, fresh);
                let changed = diff_keys(&old, &map, Key::to_vmi_key);
                drop(map);
                for key in changed {
                    self.changed(Refresh::One(key));
                }
            }
        }
    }

    pub(crate) fn apply_vmim(&self, event: Applied<Vmim>) {
        match event {
            Applied::Upsert(m) => {
                let key = vmim_key(&m);
                let glance = vmim_glance(&m);
                let old = self.migrations.write().insert(m);
                if let Some(o) = &old
                    && vmim_key(o) != key
                {
                    // It named another VMI before: that one loses it.
                    self.changed(Refresh::One(vmim_key(o)));
                }
                if old.is_none_or(|o| vmim_glance(&o) != glance || vmim_key(&o) != key) {
                    self.changed(Refresh::One(key));
                }
            }
            Applied::Delete(m) => {
                if self
                    .migrations
                    .write()
                    .remove(&migration_index::id(&m))
                    .is_some()
                {
                    self.changed(Refresh::One(vmim_key(&m)));
                }
            }
            Applied::Replace(list) => {
                let fresh = MigrationIndex::of_list(list);
                let old = std::mem::replace(&mut *self.migrations.write(), fresh);
                let new = self.migrations.read();
                let mut keys: BTreeSet<VmiKey> = BTreeSet::new();
                for (id, m) in old.iter() {
                    if new.get(id).is_none_or(|n| vmim_glance(n) != vmim_glance(m)) {
                        keys.insert(vmim_key(m));
                    }
                }
                for (id, m) in new.iter() {
                    if old.get(id).is_none() {
                        keys.insert(vmim_key(m));
                    }
                }
                drop(new);
                for key in keys {
                    self.changed(Refresh::One(key));
                }
            }
        }
    }

    pub(crate) fn apply_node(&self, event: Applied<Node>) {
        let changed = match event {
            Applied::Upsert(n) => {
                let name = n.metadata.name().to_string();
                let old = self.node_objects.write().insert(name, Arc::new(n.clone()));
                old.is_none_or(|o| node_glance(&o) != node_glance(&n))
            }
            Applied::Delete(n) => self
                .node_objects
                .write()
                .remove(n.metadata.name())
                .is_some(),
            Applied::Replace(list) => {
                let fresh: BTreeMap<String, Arc<Node>> = list
                    .into_iter()
                    .map(|n| (n.metadata.name().to_string(), Arc::new(n)))
                    .collect();
                let old = std::mem::replace(&mut *self.node_objects.write(), fresh);
                let new = self.node_objects.read();
                old.len() != new.len()
                    || old
                        .iter()
                        .any(|(k, o)| new.get(k).is_none_or(|n| node_glance(n) != node_glance(o)))
            }
        };
        if changed {
            self.changed(Refresh::All);
        }
    }

    pub(crate) fn apply_vm(&self, event: Applied<(Key, VmRecord)>) {
        let mut map = self.vm_records.write();
        match event {
            Applied::Upsert((key, vm)) => {
                map.insert(key, vm);
            }
            Applied::Delete((key, _)) => {
                map.remove(&key);
            }
            Applied::Replace(list) => {
                *map = list.into_iter().collect();
            }
        }
    }

    pub(crate) fn apply_event(&self, event: Applied<Event>) {
        let mut cache = self.event_cache.write();
        match event {
            Applied::Upsert(e) => {
                cache.upsert(&e);
            }
            Applied::Delete(e) => {
                cache.delete(&e);
            }
            Applied::Replace(list) => cache.replace(list),
        }
    }
}

/// The keys whose values differ between two maps.
fn diff_keys<K: Ord, V: PartialEq, T>(
    old: &BTreeMap<K, V>,
    new: &BTreeMap<K, V>,
    out: impl Fn(&K) -> T,
) -> Vec<T> {
    old.iter()
        .filter(|(k, v)| new.get(*k) != Some(*v))
        .map(|(k, _)| out(k))
        .chain(new.keys().filter(|k| !old.contains_key(*k)).map(&out))
        .collect()
}

/// A change to apply to a compact index: what a watcher's events amount to once a (re)list
/// has been buffered (`Replace`).
/// `G` is what a deletion carries (by default the projection itself).
pub enum Applied<T, G = T> {
    Upsert(T),
    Delete(G),
    Replace(Vec<T>),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::watch::launcher::tests::launcher_pod;
    use model::kube::Pod;
    use serde_json::json;

    #[test]
    fn launcher_and_node_changes_ask_for_a_re_projection() {
        let caches = Caches::new();
        let mut rx = caches.take_refresh_rx().unwrap();
        let key = VmiKey {
            cluster: String::new(),
            namespace: "prod".into(),
            name: "web".into(),
        };
        let running = launcher_pod("virt-launcher-web-abcde", "Running", "True");
        let launcher = |pod: &Pod| Launcher::project(pod).unwrap();
        // Before the VMIs' first list: nothing to re-project, the generation moves.
        let generation = caches.generation();
        caches.apply_pod(Applied::Replace(vec![launcher(&running)]));
        assert!(rx.try_recv().is_err());
        assert!(caches.generation() > generation);
        caches.apply_pod(Applied::Replace(Vec::new()));
        caches.vmis.state.mark_synced();
        caches.apply_pod(Applied::Replace(vec![launcher(&running)]));
        assert_eq!(rx.try_recv().unwrap(), Refresh::One(key.clone()));
        // The same pod again changes nothing the overview shows.
        caches.apply_pod(Applied::Upsert(launcher(&running)));
        assert!(rx.try_recv().is_err());
        caches.apply_pod(Applied::Upsert(launcher(&launcher_pod(
            "virt-launcher-web-abcde",
            "Running",
            "False",
        ))));
        assert_eq!(rx.try_recv().unwrap(), Refresh::One(key.clone()));
        assert_eq!(caches.launchers(&key)[0].state.ready, Some(false));
        let before = caches.launchers(&key);
        caches.compact(|| ());
        assert_eq!(
            caches.launchers(&key),
            before,
            "compacting keeps every projection"
        );
        assert_eq!(
            caches.launcher_owner("prod", "virt-launcher-web-abcde"),
            Some(key.clone())
        );
        assert_eq!(caches.launcher_owner("prod", "web-abcde"), None);
        assert_eq!(
            caches.launcher_owner("other", "virt-launcher-web-abcde"),
            None
        );
        caches.apply_pod(Applied::Delete(launcher(&running)));
        assert_eq!(rx.try_recv().unwrap(), Refresh::One(key.clone()));
        assert!(caches.launchers(&key).is_empty());

        let node = |ready: &str, hb: &str| {
            Node::from_value(
                &json!({"metadata": {"name": "node-1"}, "status": {"conditions": [
                {"type": "Ready", "status": ready, "lastHeartbeatTime": hb}]}}),
            )
        };
        caches.apply_node(Applied::Replace(vec![node("True", "2024-01-01T00:00:00Z")]));
        assert_eq!(rx.try_recv().unwrap(), Refresh::All);
        // A heartbeat alone is not shown at a glance.
        caches.apply_node(Applied::Upsert(node("True", "2024-01-01T00:01:00Z")));
        assert!(rx.try_recv().is_err());
        caches.apply_node(Applied::Upsert(node("False", "2024-01-01T00:02:00Z")));
        assert_eq!(rx.try_recv().unwrap(), Refresh::All);

        // The summary reads the node: NotReady shows in the node layer.
        let vmi = Vmi::from_value(&json!({
            "metadata": {"name": "web", "namespace": "prod"},
            "status": {"phase": "Running", "nodeName": "node-1"}
        }));
        caches.nodes.state.mark_synced();
        let s = caches.summarize(vmi);
        assert_eq!(s.layers.node, model::verdict::Health::Broken, "{s:?}");
    }

    #[test]
    fn a_migration_re_projects_the_vmis_it_names_and_is_read_by_key() {
        let caches = Caches::new();
        caches.vmis.state.mark_synced();
        let mut rx = caches.take_refresh_rx().unwrap();
        let key = |name: &str| VmiKey {
            cluster: String::new(),
            namespace: "prod".into(),
            name: name.into(),
        };
        let vmim = |vmi: &str, phase: &str| {
            Vmim::from_value(&json!({
                "metadata": {"name": "m-1", "namespace": "prod"},
                "spec": {"vmiName": vmi}, "status": {"phase": phase}
            }))
        };
        // Other VMIs' migrations in the same namespace.
        let others = (0..50).map(|i| {
            Vmim::from_value(&json!({
                "metadata": {"name": format!("x-{i}"), "namespace": "prod"},
                "spec": {"vmiName": format!("vm-{i}")}, "status": {"phase": "Succeeded"}
            }))
        });
        caches.apply_vmim(Applied::Replace(others.collect()));
        while rx.try_recv().is_ok() {}
        caches.apply_vmim(Applied::Upsert(vmim("web", "Running")));
        assert_eq!(rx.try_recv().unwrap(), Refresh::One(key("web")));
        assert_eq!(caches.migrations_of(&key("web")).len(), 1);
        assert_eq!(caches.migrations_in("prod").len(), 51);
        // Named another VMI: both are projected again.
        caches.apply_vmim(Applied::Upsert(vmim("db", "Running")));
        let mut asked = vec![rx.try_recv().unwrap(), rx.try_recv().unwrap()];
        asked.sort();
        assert_eq!(asked, [Refresh::One(key("db")), Refresh::One(key("web"))]);
        assert!(caches.migrations_of(&key("web")).is_empty());
        assert_eq!(
            caches
                .migration("prod", "m-1")
                .unwrap()
                .spec
                .vmi_name
                .as_deref(),
            Some("db")
        );
        caches.apply_vmim(Applied::Delete(vmim("db", "Running")));
        assert_eq!(rx.try_recv().unwrap(), Refresh::One(key("db")));
        assert!(caches.migrations_of(&key("db")).is_empty());
    }
}
