//! The simulated cluster's state and its engine.
//!
//! [`World`] holds the nodes and VMs as Rust values, a queue of timed steps (closures scenarios
//! schedule) and a seeded random generator. [`World::advance_to`] runs every due step in time
//! order, then renders what changed into the [`Store`]. With the same seed and the same clock
//! moves, a run produces the same objects.

use crate::clock::{rfc3339, rfc3339_micro};
use crate::kubevirt::{Vm, node_ip};
use crate::store::{self, Store};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::{Value, json};
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, VecDeque};
use std::sync::Arc;

/// `(namespace, name)` of a VM.
pub type Key = (String, String);

/// A simulated node.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub name: String,
    pub uid: String,
    pub created: f64,
    pub index: u32,
    /// The kubelet posts status (heartbeats move).
    pub kubelet_up: bool,
    /// Ready condition status: `True`, `False` or `Unknown`.
    pub ready: &'static str,
    pub ready_since: f64,
    pub heartbeat: f64,
    pub unschedulable: bool,
    pub cpus: u32,
    pub memory_gib: u64,
    pub control_plane: bool,
    /// Whether virt-handler marks it schedulable (`kubevirt.io/schedulable`).
    pub kubevirt_schedulable: bool,
    /// Inside virt-handler's DaemonSet placement. virt-handler takes `spec.workloads.nodePlacement`
    /// with no toleration of its own (KubeVirt `pkg/virt-operator/resource/apply/apps.go`,
    /// `placement.go` `AnyNode`), so a control-plane node, tainted
    /// `node-role.kubernetes.io/control-plane:NoSchedule`, has no virt-handler: no heartbeat, no
    /// `kubevirt.io/schedulable`, no `devices.kubevirt.io/*` and no node-labeller labels.
    pub handler_placed: bool,
    /// virt-handler runs on it (writes its heartbeat, updates VMI status, serves metrics).
    pub handler_up: bool,
    /// virt-handler's last `kubevirt.io/heartbeat` (KubeVirt
    /// `pkg/virt-handler/heartbeat/heartbeat.go`, every minute).
    pub handler_heartbeat: f64,
    /// Tainted `kubevirt.io/drain:NoSchedule` (the deprecated drain taint KubeVirt evacuates).
    pub drain_taint: bool,
}

impl Node {
    pub fn object(&self) -> Value {
        let mut labels = json!({
            "beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux",
            "kubernetes.io/arch": "amd64", "kubernetes.io/hostname": self.name, "kubernetes.io/os": "linux",
            "topology.kubernetes.io/zone": format!("zone-{}", (b'a' + (self.index % 3) as u8) as char),
        });
        if self.handler_placed {
            // virt-handler's heartbeat (`heartbeat.go`) and its node labeller.
            for (k, v) in [
                (
                    "kubevirt.io/schedulable",
                    if self.kubevirt_schedulable {
                        "true"
                    } else {
                        "false"
                    },
                ),
                ("cpu-model.node.kubevirt.io/Skylake-Server-IBRS", "true"),
                ("host-model-cpu.node.kubevirt.io/Cascadelake-Server", "true"),
                ("cpu-vendor.node.kubevirt.io/Intel", "true"),
                ("kubevirt.io/ksm-enabled", "false"),
            ] {
                labels[k] = json!(v);
            }
        }
        if self.control_plane {
            labels["node-role.kubernetes.io/control-plane"] = json!("");
            labels["node-role.kubernetes.io/master"] = json!("");
        } else {
            labels["node-role.kubernetes.io/worker"] = json!("");
        }
        let mut taints = Vec::new();
        if self.control_plane {
            taints.push(
                json!({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}),
            );
        }
        if self.unschedulable {
            taints.push(json!({"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule", "timeAdded": rfc3339(self.ready_since)}));
        }
        if self.drain_taint {
            taints.push(json!({"key": "kubevirt.io/drain", "effect": "NoSchedule", "timeAdded": rfc3339(self.ready_since)}));
        }
        if self.ready != "True" {
            taints.push(json!({"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": rfc3339(self.ready_since)}));
            taints.push(json!({"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": rfc3339(self.ready_since)}));
        }
        let mut spec = json!({"podCIDR": format!("10.128.{}.0/23", self.index * 2), "podCIDRs": [format!("10.128.{}.0/23", self.index * 2)]});
        if self.unschedulable {
            spec["unschedulable"] = json!(true);
        }
        if !taints.is_empty() {
            spec["taints"] = json!(taints);
        }
        let hb = rfc3339(self.heartbeat);
        let (ready_reason, ready_msg) = match self.ready {
            "True" => ("KubeletReady", "kubelet is posting ready status"),
            "False" => (
                "KubeletNotReady",
                "container runtime network not ready: NetworkReady=false",
            ),
            _ => ("NodeStatusUnknown", "Kubelet stopped posting node status."),
        };
        let pressure = |ty: &str, ok_reason: &str, ok_msg: &str| {
            if self.ready == "Unknown" {
                json!({"type": ty, "status": "Unknown", "reason": "NodeStatusUnknown", "message": "Kubelet stopped posting node status.",
                       "lastHeartbeatTime": hb, "lastTransitionTime": rfc3339(self.ready_since)})
            } else {
                json!({"type": ty, "status": "False", "reason": ok_reason, "message": ok_msg,
                       "lastHeartbeatTime": hb, "lastTransitionTime": rfc3339(self.created + 30.0)})
            }
        };
        let mem_kib = self.memory_gib * 1024 * 1024;
        let mut annotations = json!({
            "node.alpha.kubernetes.io/ttl": "0",
            "volumes.kubernetes.io/controller-managed-attach-detach": "true",
        });
        let mut capacity = json!({"cpu": self.cpus.to_string(), "memory": crate::quantity::binary_from_kib(mem_kib), "pods": "250",
                                  "ephemeral-storage": "498842604Ki"});
        let mut allocatable = json!({"cpu": format!("{}m", self.cpus * 1000 - 500), "memory": crate::quantity::binary_from_kib(mem_kib - 2 * 1024 * 1024),
                                     "pods": "250", "ephemeral-storage": "458661160876"});
        if self.handler_placed {
            annotations["kubevirt.io/heartbeat"] = json!(rfc3339(self.handler_heartbeat));
            // virt-handler's device plugins.
            for r in [
                "devices.kubevirt.io/kvm",
                "devices.kubevirt.io/tun",
                "devices.kubevirt.io/vhost-net",
            ] {
                capacity[r] = json!("1k");
                allocatable[r] = json!("1k");
            }
        }
        json!({
            "apiVersion": "v1", "kind": "Node",
            "metadata": {
                "name": self.name, "uid": self.uid, "creationTimestamp": rfc3339(self.created),
                "labels": labels,
                "annotations": annotations,
            },
            "spec": spec,
            "status": {
                "capacity": capacity,
                "allocatable": allocatable,
                "conditions": [
                    pressure("MemoryPressure", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
                    pressure("DiskPressure", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
                    pressure("PIDPressure", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
                    {"type": "Ready", "status": self.ready, "reason": ready_reason, "message": ready_msg,
                     "lastHeartbeatTime": hb, "lastTransitionTime": rfc3339(self.ready_since)},
                ],
                "addresses": [{"type": "InternalIP", "address": node_ip(&self.name)}, {"type": "Hostname", "address": self.name}],
                "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
                "nodeInfo": {
                    "architecture": "amd64", "bootID": self.uid, "machineID": self.uid.replace('-', ""),
                    "systemUUID": self.uid, "containerRuntimeVersion": "cri-o://1.33.3",
                    "kernelVersion": "5.14.0-570.32.1.el9_6.x86_64", "kubeProxyVersion": "",
                    "kubeletVersion": "v1.33.4", "operatingSystem": "linux",
                    "osImage": "Red Hat Enterprise Linux CoreOS 9.6.20250811-0 (Plow)",
                },
            },
        })
    }
}

/// What an event is about.
#[derive(Debug, Clone)]
pub struct Involved {
    pub kind: &'static str,
    pub api_version: &'static str,
    pub ns: String,
    pub name: String,
    pub uid: String,
}

type StepFn = Box<dyn FnOnce(&mut World) + Send>;

struct Step {
    at: f64,
    seq: u64,
    f: StepFn,
}

impl PartialEq for Step {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Step {}
impl PartialOrd for Step {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Step {
    fn cmp(&self, o: &Self) -> Ordering {
        // Reversed: BinaryHeap pops the earliest first.
        o.at.total_cmp(&self.at).then(o.seq.cmp(&self.seq))
    }
}

/// The cluster.
pub struct World {
    pub store: Arc<Store>,
    pub now: f64,
    rng: ChaCha8Rng,
    pub vms: BTreeMap<Key, Vm>,
    pub nodes: BTreeMap<String, Node>,
    pub namespaces: BTreeSet<String>,
    /// The scenario each VM plays.
    pub scenario_of: BTreeMap<Key, String>,
    steps: BinaryHeap<Step>,
    seq: u64,
    dirty: BTreeSet<Key>,
    dirty_nodes: BTreeSet<String>,
    events: HashMap<(String, String, String), (String, u64, f64)>,
    event_log: VecDeque<(f64, String, String)>,
    pod_ip_next: HashMap<String, u32>,
    /// Finished migrations per VM, oldest first: the VMIM name and the pod KubeVirt v1.9
    /// garbage-collects with it (the failed target or the completed source).
    pub finished_migrations: HashMap<Key, VecDeque<(String, Option<String>)>>,
    /// Status changes per simulated second for the churn generator.
    pub churn: f64,
    /// The KubeVirt release imitated.
    pub kubevirt: crate::version::KubeVirtVersion,
}

impl World {
    pub fn new(store: Arc<Store>, seed: u64, now: f64) -> World {
        World {
            store,
            now,
            rng: ChaCha8Rng::seed_from_u64(seed),
            vms: BTreeMap::new(),
            nodes: BTreeMap::new(),
            namespaces: BTreeSet::new(),
            scenario_of: BTreeMap::new(),
            steps: BinaryHeap::new(),
            seq: 0,
            dirty: BTreeSet::new(),
            dirty_nodes: BTreeSet::new(),
            events: HashMap::new(),
            event_log: VecDeque::new(),
            pod_ip_next: HashMap::new(),
            finished_migrations: HashMap::new(),
            churn: 0.0,
            kubevirt: crate::version::KubeVirtVersion::LATEST,
        }
    }

    // ---- randomness -------------------------------------------------------------------------

    pub fn rand_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// Uniform in `[lo, hi)`.
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * (hi - lo)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.rng.next_u64() % n.max(1) as u64) as usize
    }

    pub fn uuid(&mut self) -> String {
        let a = self.rng.next_u64();
        let b = self.rng.next_u64();
        format!(
            "{:08x}-{:04x}-4{:03x}-{:04x}-{:012x}",
            a >> 32,
            (a >> 16) & 0xffff,
            a & 0xfff,
            0x8000 | (b >> 48) & 0x3fff,
            b & 0xffff_ffff_ffff
        )
    }

    /// A Kubernetes `generateName` suffix.
    pub fn suffix(&mut self, n: usize) -> String {
        const ALPHA: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
        (0..n)
            .map(|_| ALPHA[self.below(ALPHA.len())] as char)
            .collect()
    }

    pub fn mac(&mut self) -> String {
        let v = self.rng.next_u64();
        format!(
            "02:{:02x}:{:02x}:{:02x}:{:02x}:{:02x}",
            (v >> 32) as u8,
            (v >> 24) as u8,
            (v >> 16) as u8,
            (v >> 8) as u8,
            v as u8
        )
    }

    /// A fresh pod IP on `node`.
    pub fn pod_ip(&mut self, node: &str) -> String {
        let idx = self.nodes.get(node).map_or(0, |n| n.index);
        let next = self.pod_ip_next.entry(node.to_string()).or_insert(10);
        *next += 1;
        let n = *next;
        format!("10.128.{}.{}", idx * 2 + (n / 250) % 2, n % 250 + 2)
    }

    // ---- steps -------------------------------------------------------------------------------

    /// Runs `f` at simulated time `at` (or at the next advance when `at` is past).
    pub fn at(&mut self, at: f64, f: impl FnOnce(&mut World) + Send + 'static) {
        self.seq += 1;
        self.steps.push(Step {
            at,
            seq: self.seq,
            f: Box::new(f),
        });
    }

    /// Runs `f` `delay` seconds from now.
    pub fn after(&mut self, delay: f64, f: impl FnOnce(&mut World) + Send + 'static) {
        let at = self.now + delay;
        self.at(at, f);
    }

    /// Runs `f` for one VM `delay` seconds from now, if the VM still exists then.
    pub fn after_vm(
        &mut self,
        delay: f64,
        key: &Key,
        f: impl FnOnce(&mut World, &Key) + Send + 'static,
    ) {
        let key = key.clone();
        self.after(delay, move |w| {
            if w.vms.contains_key(&key) {
                f(w, &key);
            }
        });
    }

    /// Runs every step due at or before `t`, in order, then renders the changes.
    pub fn advance_to(&mut self, t: f64) {
        while let Some(step) = self.steps.peek() {
            if step.at > t {
                break;
            }
            let step = self.steps.pop().expect("peeked");
            self.now = self.now.max(step.at);
            (step.f)(self);
        }
        self.now = self.now.max(t);
        self.flush();
    }

    /// The time of the next scheduled step.
    pub fn next_step_at(&self) -> Option<f64> {
        self.steps.peek().map(|s| s.at)
    }

    // ---- changes -------------------------------------------------------------------------------

    /// A VM for changing; marks it for re-rendering.
    pub fn vm_mut(&mut self, key: &Key) -> Option<&mut Vm> {
        let vm = self.vms.get_mut(key)?;
        self.dirty.insert(key.clone());
        Some(vm)
    }

    pub fn node_mut(&mut self, name: &str) -> Option<&mut Node> {
        let n = self.nodes.get_mut(name)?;
        self.dirty_nodes.insert(name.to_string());
        Some(n)
    }

    pub fn add_namespace(&mut self, ns: &str) {
        if self.namespaces.insert(ns.to_string()) {
            let uid = self.uuid();
            let created = self.now - 86_400.0 * 60.0;
            self.store.upsert(json!({
                "apiVersion": "v1", "kind": "Namespace",
                "metadata": {"name": ns, "uid": uid, "creationTimestamp": rfc3339(created),
                             "labels": {"kubernetes.io/metadata.name": ns}},
                "spec": {"finalizers": ["kubernetes"]},
                "status": {"phase": "Active"},
            }));
        }
    }

    pub fn add_node(&mut self, name: &str, control_plane: bool) {
        let uid = self.uuid();
        let index = self.nodes.len() as u32;
        let created = self.now - 86_400.0 * 90.0;
        let node = Node {
            name: name.to_string(),
            uid,
            created,
            index,
            kubelet_up: true,
            ready: "True",
            ready_since: created + 60.0,
            heartbeat: self.now,
            unschedulable: false,
            cpus: if control_plane { 8 } else { 64 },
            memory_gib: if control_plane { 32 } else { 512 },
            control_plane,
            kubevirt_schedulable: !control_plane,
            handler_placed: !control_plane,
            handler_up: !control_plane,
            handler_heartbeat: self.now,
            drain_taint: false,
        };
        self.nodes.insert(name.to_string(), node);
        self.dirty_nodes.insert(name.to_string());
    }

    /// Adds a VM and renders it at the next flush.
    pub fn add_vm(&mut self, vm: Vm, scenario: &str) {
        self.add_namespace(&vm.ns.clone());
        let key = vm.key();
        self.scenario_of.insert(key.clone(), scenario.to_string());
        self.vms.insert(key.clone(), vm);
        self.dirty.insert(key);
    }

    /// Removes a VM and all its objects.
    pub fn remove_vm(&mut self, key: &Key) -> bool {
        let Some(vm) = self.vms.remove(key) else {
            return false;
        };
        self.scenario_of.remove(key);
        self.dirty.remove(key);
        self.store.delete(&store::VMI, Some(&vm.ns), &vm.name);
        self.store.delete(&store::VM, Some(&vm.ns), &vm.name);
        for p in [&vm.pod, &vm.target_pod, &vm.hotplug_pod]
            .into_iter()
            .flatten()
            .chain(vm.old_pods.iter())
        {
            self.store.delete(&store::POD, Some(&vm.ns), &p.name);
        }
        true
    }

    /// Schedulable worker nodes other than `except`.
    pub fn schedulable_nodes(&self, except: Option<&str>) -> Vec<String> {
        self.nodes
            .values()
            .filter(|n| {
                n.ready == "True"
                    && !n.unschedulable
                    && n.kubevirt_schedulable
                    && Some(n.name.as_str()) != except
            })
            .map(|n| n.name.clone())
            .collect()
    }

    /// Records (or bumps the count of) an event, as the API server's event sink does.
    pub fn event(
        &mut self,
        on: &Involved,
        ty: &str,
        reason: &str,
        message: &str,
        component: &str,
        host: Option<&str>,
    ) {
        let key = (on.uid.clone(), reason.to_string(), message.to_string());
        let now = self.now;
        let (name, count, first) = match self.events.get(&key) {
            Some((name, count, first)) => (name.clone(), count + 1, *first),
            None => {
                let name = format!("{}.{:016x}", on.name, self.rand_u64() >> 1);
                (name, 1, now)
            }
        };
        self.events.insert(key, (name.clone(), count, first));
        let uid = self.uuid();
        let mut source = json!({"component": component});
        if let Some(h) = host {
            source["host"] = json!(h);
        }
        let mut involved =
            json!({"kind": on.kind, "name": on.name, "uid": on.uid, "apiVersion": on.api_version});
        // Cluster-scoped objects (nodes) have their events in `default` and no namespace: the
        // field is left out, not empty (a real API server drops the empty string, `omitempty` on
        // `ObjectReference.Namespace`; found by the mirror's test against one).
        if on.kind != "Node" {
            involved["namespace"] = json!(on.ns);
        }
        self.store.upsert(json!({
            "apiVersion": "v1", "kind": "Event",
            "metadata": {"name": name, "namespace": on.ns, "uid": uid, "creationTimestamp": rfc3339(first)},
            "involvedObject": involved,
            "reason": reason, "message": message, "type": ty, "count": count,
            "firstTimestamp": rfc3339(first), "lastTimestamp": rfc3339(now),
            "eventTime": Value::Null, "source": source,
            "reportingComponent": component, "reportingInstance": host.unwrap_or_default(),
        }));
        let _ = rfc3339_micro;
        self.event_log.push_back((now, on.ns.clone(), name));
    }

    /// An event on a VMI.
    pub fn vmi_event(&mut self, key: &Key, ty: &str, reason: &str, message: &str, component: &str) {
        let Some(vm) = self.vms.get(key) else { return };
        let on = Involved {
            kind: "VirtualMachineInstance",
            api_version: "kubevirt.io/v1",
            ns: vm.ns.clone(),
            name: vm.name.clone(),
            uid: vm.uid.clone(),
        };
        let host = if component == "virt-handler" {
            vm.node.clone()
        } else {
            None
        };
        self.event(&on, ty, reason, message, component, host.as_deref());
    }

    /// An event on the VM's current migration object.
    pub fn vmim_event(&mut self, key: &Key, ty: &str, reason: &str, message: &str) {
        let Some(vm) = self.vms.get(key) else { return };
        let Some(m) = &vm.migration else { return };
        let on = Involved {
            kind: "VirtualMachineInstanceMigration",
            api_version: "kubevirt.io/v1",
            ns: vm.ns.clone(),
            name: m.name.clone(),
            uid: m.uid.clone(),
        };
        self.event(&on, ty, reason, message, "virtualmachine-controller", None);
    }

    /// Deletes events older than an hour (the API server's event TTL).
    pub fn prune_events(&mut self) {
        while let Some((t, ns, name)) = self.event_log.front().cloned() {
            if self.now - t < 3600.0 {
                break;
            }
            self.event_log.pop_front();
            if let Some(ev) = self.store.get(&store::EVENT, Some(&ns), &name)
                && ev["lastTimestamp"]
                    .as_str()
                    .and_then(crate::clock::parse_time)
                    .is_some_and(|l| self.now - l >= 3600.0)
            {
                self.store.delete(&store::EVENT, Some(&ns), &name);
                self.events.retain(|_, v| v.0 != name);
            }
        }
    }

    /// Renders every changed VM and node into the store.
    pub fn flush(&mut self) {
        for name in std::mem::take(&mut self.dirty_nodes) {
            if let Some(n) = self.nodes.get(&name) {
                self.store.upsert(n.object());
            }
        }
        for key in std::mem::take(&mut self.dirty) {
            let Some(vm) = self.vms.get(&key) else {
                continue;
            };
            if !vm.frozen {
                self.store.upsert(vm.vmi());
            }
            if let Some(o) = vm.vm_object() {
                self.store.upsert(o);
            }
            for p in vm.pods() {
                self.store.upsert(p);
            }
            if let Some(m) = vm.vmim() {
                self.store.upsert(m);
            }
        }
    }

    /// Sets a VMI's phase (the test hook behind `Sim::set_vmi_phase`). Returns false when the VM
    /// is not simulated.
    pub fn set_phase(&mut self, key: &Key, phase: &str) -> bool {
        let now = self.now;
        let Some(vm) = self.vm_mut(key) else {
            return false;
        };
        vm.set_phase(phase, now);
        if phase == "Running" && vm.running_since.is_none() {
            vm.running_since = Some(now);
        }
        vm.frozen = false;
        true
    }

    /// Keeps node heartbeats moving: the kubelet's status where the kubelet runs, and
    /// virt-handler's `kubevirt.io/heartbeat` where virt-handler runs. The two are independent:
    /// virt-handler writes its heartbeat itself (KubeVirt `pkg/virt-handler/heartbeat/heartbeat.go`),
    /// not through the kubelet.
    pub fn heartbeat(&mut self) {
        let now = self.now;
        let names: Vec<String> = self
            .nodes
            .values()
            .filter(|n| n.kubelet_up || n.handler_up)
            .map(|n| n.name.clone())
            .collect();
        for n in names {
            if let Some(node) = self.node_mut(&n) {
                if node.kubelet_up {
                    node.heartbeat = now;
                }
                if node.handler_up {
                    node.handler_heartbeat = now;
                }
            }
        }
    }

    /// An event on a node (recorded in namespace `default`, as the API server does).
    pub fn node_event(&mut self, node: &str, ty: &str, reason: &str, message: &str) {
        let Some(n) = self.nodes.get(node) else {
            return;
        };
        let on = Involved {
            kind: "Node",
            api_version: "v1",
            ns: "default".into(),
            name: n.name.clone(),
            uid: n.uid.clone(),
        };
        self.event(&on, ty, reason, message, "node-controller", None);
    }
}
