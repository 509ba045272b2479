//! One function per alert, each following the rule's expression over the series the simulator
//! exports (`crate::metrics`): the same labels the rule's result carries, the rule's `severity`
//! and `for:`. An alert is pending until its condition held for `for:`, then firing.

use crate::kubevirt::Vm;
use crate::metrics::controller::non_evictable;
use crate::metrics::kube_state::{KUBEVIRT_NAMESPACE, handler_ready};
use crate::world::World;

/// One alert.
#[derive(Debug, Clone, PartialEq)]
pub struct SimAlert {
    pub name: &'static str,
    pub severity: &'static str,
    /// The labels of the rule's result, plus `vm` where the rule adds it (`withVMLabel`).
    pub labels: Vec<(String, String)>,
    pub summary: String,
    pub description: String,
    /// Since when its condition holds.
    pub since: f64,
    /// Its rule's `for:` in seconds.
    pub for_secs: f64,
}

impl SimAlert {
    /// Firing (its condition held for `for:`) at `t`; else pending.
    pub fn firing(&self, t: f64) -> bool {
        t - self.since >= self.for_secs
    }
}

fn vm_id(vm: &Vm) -> Vec<(String, String)> {
    vec![
        ("node".into(), vm.node.clone().unwrap_or_default()),
        ("namespace".into(), vm.ns.clone()),
        ("name".into(), vm.name.clone()),
        ("vm".into(), vm.name.clone()),
    ]
}

/// `VMCannotBeEvicted` (`vms.go`): `kubevirt_vmi_non_evictable` on a VMI whose
/// `kubevirt_vmi_info` phase is `running`; 1m.
fn cannot_be_evicted(vm: &Vm, out: &mut Vec<SimAlert>) {
    if vm.phase != "Running" || !non_evictable(vm) {
        return;
    }
    let node = vm.node.clone().unwrap_or_default();
    out.push(SimAlert {
        name: "VMCannotBeEvicted",
        severity: "warning",
        labels: vm_id(vm),
        summary: "The VM's eviction strategy is set to Live Migration but the VM is not migratable"
            .into(),
        description: format!(
            "Eviction policy for VirtualMachine {} in namespace {} (on node {node}) is set to Live \
             Migration but the VM is not migratable",
            vm.name, vm.ns
        ),
        since: vm.running_since.unwrap_or(vm.created),
        for_secs: 60.0,
    });
}

/// `GuestFilesystemAlmostOutOfSpace` (`vms.go`): used / capacity of a guest filesystem, in
/// percent, 85 to 95 (warning, 10m) or 95 and more (critical), from the guest agent's list
/// (only while the agent is connected and virt-handler reports).
fn filesystem(w: &World, vm: &Vm, out: &mut Vec<SimAlert>) {
    if !vm.running() || !vm.agent.connected() || !handler_up(w, vm) {
        return;
    }
    for fs in crate::subresources::filesystems(vm) {
        let total = fs["totalBytes"].as_f64().unwrap_or(0.0);
        let used = fs["usedBytes"].as_f64().unwrap_or(0.0);
        let mount = fs["mountPoint"].as_str().unwrap_or_default().to_string();
        let disk = fs["diskName"].as_str().unwrap_or_default().to_string();
        let ty = fs["fileSystemType"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        if total <= 0.0 || mount == "System Reserved" {
            continue;
        }
        let pct = used / total * 100.0;
        let (severity, for_secs, what) = if pct >= 95.0 {
            ("critical", 0.0, "critically low on space")
        } else if pct >= 85.0 {
            ("warning", 600.0, "running out of space")
        } else {
            continue;
        };
        let mut labels = vm_id(vm);
        labels.extend(vm.metric_labels());
        labels.push(("disk_name".into(), disk.clone()));
        labels.push(("mount_point".into(), mount.clone()));
        labels.push(("file_system_type".into(), ty));
        let limit = if severity == "critical" { 95 } else { 85 };
        out.push(SimAlert {
            name: "GuestFilesystemAlmostOutOfSpace",
            severity,
            labels,
            summary: format!("Guest filesystem is {what}"),
            description: format!(
                "VirtualMachineInstance {} in namespace {} has filesystem {disk} ({mount}) usage \
                 above {limit}% (current: {pct:.1}%).",
                vm.name, vm.ns
            ),
            since: vm.running_since.unwrap_or(vm.created),
            for_secs,
        });
    }
}

/// `VMNonRecoverableOSPanic` (`vms.go`): more than 5 guest panics in 24 h (v1.9 on); 1m.
fn os_panic(w: &World, vm: &Vm, t: f64, out: &mut Vec<SimAlert>) {
    if !crate::metrics::names::names(w.kubevirt).guest_panic {
        return;
    }
    let mut times: Vec<f64> = vm
        .panics
        .iter()
        .map(|p| p.0)
        .filter(|p| *p <= t && *p > t - 86_400.0)
        .collect();
    if times.len() <= 5 {
        return;
    }
    times.sort_by(f64::total_cmp);
    out.push(SimAlert {
        name: "VMNonRecoverableOSPanic",
        severity: "critical",
        labels: vec![
            ("namespace".into(), vm.ns.clone()),
            ("name".into(), vm.name.clone()),
            ("vm".into(), vm.name.clone()),
        ],
        summary: format!(
            "VM {} in namespace {} experienced a non-recoverable guest OS panic",
            vm.name, vm.ns
        ),
        description: format!(
            "The VM has experienced {} non-recoverable guest OS panic(s) in the last 24 hours.",
            times.len()
        ),
        since: times[5],
        for_secs: 60.0,
    });
}

fn handler_up(w: &World, vm: &Vm) -> bool {
    vm.node
        .as_ref()
        .and_then(|n| w.nodes.get(n))
        .is_some_and(|n| n.kubelet_up && n.handler_up)
}

/// `OrphanedVirtualMachineInstances` (`virt-handler.go`): a node with launcher pods
/// (`kube_pod_info{pod=~'virt-launcher.*'}`) and no ready virt-handler pod; 10m. The rule sets
/// `namespace` to KubeVirt's (`alerts.go`).
fn orphaned(w: &World, out: &mut Vec<SimAlert>) {
    for (name, n) in &w.nodes {
        if n.control_plane || handler_ready(w, name) {
            continue;
        }
        let launchers = w
            .vms
            .values()
            .any(|vm| vm.pod.is_some() && vm.node.as_deref() == Some(name));
        if !launchers {
            continue;
        }
        out.push(SimAlert {
            name: "OrphanedVirtualMachineInstances",
            severity: "warning",
            labels: vec![
                ("namespace".into(), KUBEVIRT_NAMESPACE.into()),
                ("node".into(), name.clone()),
            ],
            summary: format!(
                "No ready virt-handler pod detected on node {name} with running vmis for more \
                 than 10 minutes"
            ),
            description: String::new(),
            since: n.handler_heartbeat,
            for_secs: 600.0,
        });
    }
}

/// Every alert whose condition holds at `t` (pending or firing).
pub fn alerts(w: &World, t: f64) -> Vec<SimAlert> {
    let mut out = Vec::new();
    for vm in w.vms.values() {
        cannot_be_evicted(vm, &mut out);
        filesystem(w, vm, &mut out);
        os_panic(w, vm, t, &mut out);
    }
    orphaned(w, &mut out);
    out
}
