//! Named scenarios: VMs in the states Strata must explain, and how they evolve over time.
//!
//! Each scenario builds one VM (or acts on a node) and schedules its future on the [`World`]'s
//! step queue. [`demo_world`] builds the default mix: every scenario at once, in one cluster with
//! believable names. [`SCENARIOS`] lists the names the API and `--scenario` accept.

pub mod migration;
pub mod scale;

use crate::clock::DEFAULT_EPOCH;
use crate::store::Store;
use crate::vm::{self, Agent, Disk, Iface, Os, Pod, Vm};
use crate::world::{Key, World};
use migration::{MigrationSpec, Outcome};
use serde_json::Value;
use std::sync::Arc;

/// Every named scenario with a one-line description.
pub const SCENARIOS: &[(&str, &str)] = &[
    ("healthy", "Running VM with a connected guest agent"),
    (
        "no-agent",
        "Running VM without a guest agent (no AgentConnected condition)",
    ),
    (
        "agent-unsupported",
        "Guest agent connected but AgentVersionNotSupported",
    ),
    (
        "paused-by-user",
        "Paused by the user: phase Running, Paused=True PausedByUser, Ready=False",
    ),
    (
        "paused-io-error",
        "Paused by QEMU after an I/O error: Paused=True PausedIOError",
    ),
    (
        "pod-running-guest-paused",
        "Launcher pod Running (containers ready) while the guest is paused",
    ),
    (
        "unschedulable",
        "Phase Scheduling, PodScheduled=False Unschedulable",
    ),
    ("sync-failed", "Phase Scheduled with Synchronized=False"),
    (
        "starting",
        "Boots through Pending, Scheduling, Scheduled to Running, agent connects later",
    ),
    (
        "interfaces",
        "IPs from guest-agent, domain and multus-status, with a guest/Multus disagreement",
    ),
    (
        "migration-precopy",
        "Pre-copy migration that converges (repeats)",
    ),
    (
        "migration-precopy-to-postcopy",
        "Pre-copy that does not converge (dirty rate above transfer rate) and switches to PostCopy (repeats)",
    ),
    (
        "migration-paused-mode",
        "Pre-copy that does not converge and pauses the guest (mode Paused) (repeats)",
    ),
    (
        "migration-postcopy",
        "Post-copy migration that succeeds (repeats)",
    ),
    (
        "migration-postcopy-failure",
        "Post-copy failure ending irrecoverable: phase Failed, Synchronized=False, SyncFailed",
    ),
    (
        "migration-abort",
        "Migration aborted, abort succeeds (repeats)",
    ),
    (
        "migration-abort-fails",
        "Migration abort that fails; the migration completes (repeats)",
    ),
    (
        "migration-target-unschedulable",
        "Migration whose target pod cannot be scheduled",
    ),
    (
        "migration-quota",
        "Migration rejected by a ResourceQuota (migrationRejectedByResourceQuota)",
    ),
    (
        "migration-long",
        "Slow migration: two activePods for minutes",
    ),
    (
        "evict-migratable",
        "LiveMigrate VM on a drained node: evacuationNodeName, EvictionRequested, migrates away",
    ),
    (
        "evict-blocked-disks",
        "Non-migratable (DisksNotLiveMigratable) VM blocking a drain",
    ),
    (
        "evict-blocked-interface",
        "Non-migratable (InterfaceNotLiveMigratable) VM blocking a drain",
    ),
    (
        "evict-blocked-hostdevice",
        "Non-migratable (HostDeviceNotLiveMigratable) VM blocking a drain",
    ),
    (
        "evict-blocked-sev",
        "Non-migratable (SEVNotLiveMigratable) VM blocking a drain",
    ),
    (
        "evict-blocked-cpumode",
        "Non-migratable (CPUModeLiveMigratable) VM blocking a drain",
    ),
    (
        "evict-external",
        "External eviction strategy: marked for evacuation, nothing migrates",
    ),
    (
        "node-not-ready",
        "VM on a node that goes NotReady: status goes stale, then phase Unknown",
    ),
];

/// The worker nodes of the demo cluster.
pub const DEMO_NODES: &[&str] = &[
    "worker-1", "worker-2", "worker-3", "worker-4", "worker-5", "worker-6",
];
/// The node the demo drains.
pub const DRAIN_NODE: &str = "worker-5";
/// The node the demo loses.
pub const LOST_NODE: &str = "worker-6";

/// Options for a new VM.
#[derive(Debug, Clone)]
pub struct VmSpec {
    pub os: Os,
    pub cpus: u32,
    pub memory_mib: u64,
    pub agent: bool,
    pub owned: bool,
    pub labels: Vec<(String, String)>,
    pub eviction: Option<&'static str>,
    /// Days since creation.
    pub age_days: f64,
    /// Root disk on a shared (RWX) PVC instead of a containerDisk.
    pub pvc: bool,
}

impl Default for VmSpec {
    fn default() -> Self {
        VmSpec {
            os: vm::FEDORA,
            cpus: 2,
            memory_mib: 4096,
            agent: true,
            owned: true,
            labels: Vec::new(),
            eviction: Some("LiveMigrate"),
            age_days: 3.0,
            pvc: true,
        }
    }
}

/// A new launcher pod on `node` (Running) or unscheduled (`None`, Pending).
pub fn new_pod(w: &mut World, vm_name: &str, node: Option<&str>, t: f64) -> Pod {
    let name = format!("virt-launcher-{vm_name}-{}", w.suffix(5));
    let uid = w.uuid();
    let ip = node.map(|n| w.pod_ip(n));
    Pod {
        name,
        uid,
        created: t,
        node: node.map(str::to_string),
        phase: if node.is_some() {
            "Running".into()
        } else {
            "Pending".into()
        },
        ip,
        started: node.map(|_| t + 4.0),
        unschedulable: None,
        migration: None,
        node_lost: false,
        ended: None,
    }
}

/// The primary interface (masquerade on the pod network), following the pod's IP.
pub fn primary_iface(w: &mut World, ip: Option<String>, agent: bool, os: &Os) -> Iface {
    Iface {
        name: Some("default".into()),
        mac: w.mac(),
        ips: ip.into_iter().collect(),
        guest_name: agent.then(|| {
            if os.id == "mswindows" {
                "Ethernet".to_string()
            } else {
                "eth0".to_string()
            }
        }),
        info_source: if agent {
            "domain, guest-agent".into()
        } else {
            "domain".into()
        },
        pod_iface: Some("eth0".into()),
        binding: "masquerade",
        multus: None,
        multus_ip: None,
    }
}

/// A VM running on `node` since well before now.
pub fn running_vm(w: &mut World, ns: &str, name: &str, node: &str, spec: &VmSpec) -> Vm {
    let now = w.now;
    let created = now - spec.age_days * 86_400.0 - w.uniform(0.0, 3600.0);
    let uid = w.uuid();
    let vm_uid = spec.owned.then(|| w.uuid());
    let pod = new_pod(w, name, Some(node), created + 1.0);
    let iface = primary_iface(w, pod.ip.clone(), spec.agent, &spec.os);
    let root = if spec.pvc {
        Disk {
            name: "rootdisk".into(),
            target: "vda".into(),
            kind: "pvc-rwx",
            claim: Some(format!("{name}-rootdisk")),
            size: 30 << 30,
        }
    } else {
        Disk {
            name: "containerdisk".into(),
            target: "vda".into(),
            kind: "containerDisk",
            claim: None,
            size: 5 << 30,
        }
    };
    let disks = vec![
        root,
        Disk {
            name: "cloudinitdisk".into(),
            target: "vdb".into(),
            kind: "cloudInit",
            claim: None,
            size: 1 << 20,
        },
    ];
    let seed = w.rand_u64();
    let cid = 3 + (w.rand_u64() % 60_000) as u32;
    let running_since = created + 12.0;
    let mut vm = Vm {
        ns: ns.into(),
        name: name.into(),
        uid,
        vm_uid,
        run_strategy: "Always",
        created,
        os: spec.os,
        cpus: spec.cpus,
        memory_mib: spec.memory_mib,
        labels: spec.labels.clone(),
        phase: "Running".into(),
        phase_times: vec![
            ("Pending".into(), created),
            ("Scheduling".into(), created + 0.5),
            ("Scheduled".into(), created + 8.0),
            ("Running".into(), running_since),
        ],
        reason: None,
        node: Some(node.into()),
        pod: Some(pod),
        target_pod: None,
        old_pods: Vec::new(),
        agent: if spec.agent {
            Agent::Connected {
                since: running_since + 25.0,
            }
        } else {
            Agent::None
        },
        paused: None,
        not_migratable: None,
        eviction_strategy: spec.eviction,
        evacuation_node: None,
        eviction_requested_since: None,
        ifaces: vec![iface],
        disks,
        host_devices: Vec::new(),
        sev: false,
        migration: None,
        sync_error: None,
        seed,
        running_since: Some(running_since),
        frozen: false,
        vsock_cid: cid,
        annotations: vec![
            ("vm.kubevirt.io/os".into(), spec.os.id.into()),
            ("vm.kubevirt.io/workload".into(), "server".into()),
            (
                "vm.kubevirt.io/flavor".into(),
                if spec.memory_mib > 4096 {
                    "large".into()
                } else {
                    "small".into()
                },
            ),
        ],
    };
    if vm.os.id == "mswindows" {
        vm.disks[0].target = "sda".into();
    }
    vm
}

/// A VM that has just been created (phase Pending, no pod yet).
pub fn new_vm(w: &mut World, ns: &str, name: &str, spec: &VmSpec) -> Vm {
    let mut vm = running_vm(
        w,
        ns,
        name,
        "worker-1",
        &VmSpec {
            age_days: 0.0,
            ..spec.clone()
        },
    );
    let now = w.now;
    vm.created = now;
    vm.phase = "Pending".into();
    vm.phase_times = vec![("Pending".into(), now)];
    vm.node = None;
    vm.pod = None;
    vm.agent = Agent::None;
    vm.running_since = None;
    vm.ifaces.clear();
    vm
}

fn pick_node(w: &mut World, preferred: Option<&str>) -> String {
    if let Some(p) = preferred {
        return p.to_string();
    }
    let nodes = w.schedulable_nodes(None);
    if nodes.is_empty() {
        return w
            .nodes
            .keys()
            .next()
            .cloned()
            .unwrap_or_else(|| "worker-1".into());
    }
    let i = w.below(nodes.len());
    nodes[i].clone()
}

fn key(ns: &str, name: &str) -> Key {
    (ns.to_string(), name.to_string())
}

/// Boots a freshly added VM: Pending, Scheduling (pod), Scheduled, Running, agent later.
pub fn boot(w: &mut World, k: &Key, node: String, with_agent: bool) {
    w.after_vm(1.0, k, move |w, k| {
        let now = w.now;
        let name = k.1.clone();
        let pod = new_pod(w, &name, None, now);
        if let Some(vm) = w.vm_mut(k) {
            vm.set_phase("Scheduling", now);
            vm.pod = Some(pod);
        }
        w.vmi_event(
            k,
            "Normal",
            "SuccessfulCreate",
            &format!(
                "Created virtual machine pod {}",
                w.vms[k].pod.as_ref().map_or("", |p| p.name.as_str())
            ),
            "virtualmachine-controller",
        );
        w.after_vm(3.0, k, move |w, k| {
            let now = w.now;
            let ip = w.pod_ip(&node);
            if let Some(vm) = w.vm_mut(k) {
                if let Some(p) = vm.pod.as_mut() {
                    p.node = Some(node.clone());
                    p.phase = "Running".into();
                    p.ip = Some(ip.clone());
                    p.started = Some(now);
                }
                vm.node = Some(node.clone());
                vm.set_phase("Scheduled", now);
            }
            w.after_vm(4.0, k, move |w, k| {
                let now = w.now;
                let os = w.vms[k].os;
                let iface = primary_iface(w, Some(ip), false, &os);
                if let Some(vm) = w.vm_mut(k) {
                    vm.set_phase("Running", now);
                    vm.running_since = Some(now);
                    vm.ifaces = vec![iface];
                }
                w.vmi_event(
                    k,
                    "Normal",
                    "Created",
                    "VirtualMachineInstance defined.",
                    "virt-handler",
                );
                w.vmi_event(
                    k,
                    "Normal",
                    "Started",
                    "VirtualMachineInstance started.",
                    "virt-handler",
                );
                if with_agent {
                    w.after_vm(20.0, k, connect_agent);
                }
            });
        });
    });
}

/// The guest agent connects: AgentConnected, guest OS info, guest interface names.
pub fn connect_agent(w: &mut World, k: &Key) {
    let now = w.now;
    if let Some(vm) = w.vm_mut(k) {
        vm.agent = Agent::Connected { since: now };
        let os = vm.os;
        for i in vm
            .ifaces
            .iter_mut()
            .filter(|i| i.multus.is_none() && i.name.is_some())
        {
            i.guest_name = Some(if os.id == "mswindows" {
                "Ethernet".into()
            } else {
                "eth0".into()
            });
            i.info_source = "domain, guest-agent".into();
        }
    }
}

/// The guest agent disconnects: the condition is removed.
pub fn disconnect_agent(w: &mut World, k: &Key) {
    if let Some(vm) = w.vm_mut(k) {
        vm.agent = Agent::None;
        for i in vm.ifaces.iter_mut() {
            i.guest_name = None;
            i.info_source = "domain".into();
        }
        vm.ifaces.retain(|i| i.name.is_some());
    }
}

/// Pauses a VM (`reason` is `PausedByUser` or `PausedIOError`).
pub fn pause(w: &mut World, k: &Key, reason: &'static str) {
    let now = w.now;
    let message = match reason {
        "PausedIOError" => "VMI was paused, low-level IO error detected",
        "PausedByMigrationMonitor" => "VMI was paused by the migration monitor",
        _ => "VMI was paused by user",
    };
    if let Some(vm) = w.vm_mut(k) {
        vm.paused = Some((reason, message, now));
    }
    let msg = if reason == "PausedIOError" {
        "VirtualMachineInstance paused due to an IO error."
    } else {
        "VirtualMachineInstance paused."
    };
    let _ = msg;
    if reason == "PausedByUser" {
        w.vmi_event(
            k,
            "Normal",
            "Paused",
            "VirtualMachineInstance paused",
            "virt-handler",
        );
    } else if reason == "PausedIOError" {
        w.vmi_event(
            k,
            "Warning",
            "IOerror",
            "VM Paused due to IO error at the volume: rootdisk",
            "virt-handler",
        );
    }
}

pub fn unpause(w: &mut World, k: &Key) {
    if let Some(vm) = w.vm_mut(k) {
        vm.paused = None;
    }
    w.vmi_event(
        k,
        "Normal",
        "Resumed",
        "VirtualMachineInstance unpaused",
        "virt-handler",
    );
}

fn set_not_migratable(vm: &mut Vm, reason: &str, message: &str) {
    vm.not_migratable = Some((reason.to_string(), message.to_string()));
}

/// Adds one VM playing `scenario` (on `node` when given). Errors name unknown scenarios.
pub fn add(
    w: &mut World,
    scenario: &str,
    ns: &str,
    name: &str,
    node: Option<&str>,
) -> Result<(), String> {
    if !SCENARIOS.iter().any(|(s, _)| *s == scenario) {
        return Err(format!("unknown scenario {scenario:?}"));
    }
    if w.vms.contains_key(&key(ns, name)) {
        return Err(format!("VM {ns}/{name} already exists"));
    }
    let k = key(ns, name);
    let node = pick_node(w, node);
    let mut spec = VmSpec::default();
    match scenario {
        "agent-unsupported" => spec.os = vm::CENTOS,
        "paused-io-error" | "migration-postcopy-failure" => spec.os = vm::RHEL,
        "no-agent" => {
            spec.agent = false;
            spec.os = vm::UBUNTU;
        }
        "evict-blocked-hostdevice" | "unschedulable" => spec.os = vm::RHEL,
        "evict-external" => spec.eviction = Some("External"),
        "migration-long" | "migration-precopy-to-postcopy" | "migration-postcopy" => {
            spec.memory_mib = 16_384;
            spec.cpus = 8;
        }
        _ => {}
    }
    if scenario == "starting" {
        let vm = new_vm(w, ns, name, &spec);
        w.add_vm(vm, scenario);
        boot(w, &k, node, true);
        return Ok(());
    }
    let mut vm = running_vm(w, ns, name, &node, &spec);
    let now = w.now;
    match scenario {
        "agent-unsupported" => {
            vm.agent = Agent::Unsupported {
                since: vm.running_since.unwrap_or(now) + 25.0,
                reason: "This guest agent doesn't support required basic commands".into(),
            };
        }
        "paused-by-user" | "pod-running-guest-paused" => {
            vm.paused = Some(("PausedByUser", "VMI was paused by user", now - 1800.0))
        }
        "unschedulable" => {
            vm.phase = "Scheduling".into();
            vm.phase_times.truncate(2);
            let t = vm.phase_times[1].1;
            vm.created = now - 240.0;
            vm.phase_times = vec![
                ("Pending".into(), vm.created),
                ("Scheduling".into(), vm.created + 0.4),
            ];
            let _ = t;
            vm.node = None;
            vm.agent = Agent::None;
            vm.running_since = None;
            vm.ifaces.clear();
            vm.host_devices = vec![("gpu1".into(), "nvidia.com/GA102GL_A10".into())];
            set_not_migratable(
                &mut vm,
                "HostDeviceNotLiveMigratable",
                "VMI specifies non-migratable generic PCI host device",
            );
            let mut pod = new_pod(w, name, None, vm.created + 0.3);
            pod.unschedulable = Some(format!(
                "0/{n} nodes are available: {c} node(s) had untolerated taint {{node-role.kubernetes.io/control-plane: }}, {k} Insufficient nvidia.com/GA102GL_A10. preemption: 0/{n} nodes are available: {c} Preemption is not helpful for scheduling, {k} No preemption victims found for incoming pod.",
                n = w.nodes.len(),
                c = w.nodes.values().filter(|n| n.control_plane).count(),
                k = w.nodes.values().filter(|n| !n.control_plane).count(),
            ));
            vm.pod = Some(pod);
        }
        "sync-failed" => {
            vm.created = now - 600.0;
            vm.phase = "Scheduled".into();
            vm.phase_times = vec![
                ("Pending".into(), vm.created),
                ("Scheduling".into(), vm.created + 0.4),
                ("Scheduled".into(), vm.created + 9.0),
            ];
            vm.agent = Agent::None;
            vm.running_since = None;
            vm.sync_error = Some((
                "Synchronizing with the Domain failed.".into(),
                "server error. command SyncVMI failed: \"LibvirtError(Code=1, Domain=10, Message='internal error: process exited while connecting to monitor: qemu-kvm: -blockdev {\\\"driver\\\":\\\"file\\\",\\\"filename\\\":\\\"/var/run/kubevirt-private/vmi-disks/datadisk/disk.img\\\"}: Could not open '/var/run/kubevirt-private/vmi-disks/datadisk/disk.img': Permission denied')\"".into(),
                vm.created + 11.0,
            ));
            if let Some(p) = vm.pod.as_mut() {
                p.created = vm.created + 0.3;
                p.started = Some(vm.created + 6.0);
            }
        }
        "interfaces" => {
            let pod_ip = vm.pod.as_ref().and_then(|p| p.ip.clone());
            let mac2 = w.mac();
            let mac3 = w.mac();
            vm.ifaces = vec![
                Iface {
                    ips: pod_ip
                        .into_iter()
                        .chain(["fd10:0:2::2".to_string()])
                        .collect(),
                    ..primary_iface(w, None, true, &spec.os)
                },
                // Secondary network: the guest agent reports an address Multus never assigned.
                Iface {
                    name: Some("tenant-net".into()),
                    mac: mac2,
                    ips: vec!["192.168.50.14".into(), "fe80::ff:fe3a:5c01".into()],
                    guest_name: Some("eth1".into()),
                    info_source: "domain, guest-agent, multus-status".into(),
                    pod_iface: Some("pod9a1f3c8e2b4".into()),
                    binding: "bridge",
                    multus: Some("tenant-net".into()),
                    multus_ip: Some("192.168.50.12".into()),
                },
                // A guest-only interface (no spec name).
                Iface {
                    name: None,
                    mac: mac3,
                    ips: vec!["172.17.0.1".into()],
                    guest_name: Some("docker0".into()),
                    info_source: "guest-agent".into(),
                    pod_iface: None,
                    binding: "",
                    multus: None,
                    multus_ip: None,
                },
            ];
            // A bridge on a secondary network is migratable; the pod network stays masquerade.
        }
        "evict-blocked-disks" => {
            vm.os = vm::RHEL;
            let claim = format!("{name}-data");
            vm.disks.push(Disk {
                name: "datadisk".into(),
                target: "vdc".into(),
                kind: "pvc-rwo",
                claim: Some(claim.clone()),
                size: 200 << 30,
            });
            set_not_migratable(
                &mut vm,
                "DisksNotLiveMigratable",
                &format!(
                    "cannot migrate VMI: PVC {claim} is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)"
                ),
            );
        }
        "evict-blocked-interface" => {
            vm.ifaces[0].binding = "bridge";
            set_not_migratable(
                &mut vm,
                "InterfaceNotLiveMigratable",
                "cannot migrate VMI which does not use masquerade or a migratable plugin to connect to the pod network",
            );
        }
        "evict-blocked-hostdevice" => {
            vm.host_devices = vec![("gpu1".into(), "nvidia.com/GA102GL_A10".into())];
            set_not_migratable(
                &mut vm,
                "HostDeviceNotLiveMigratable",
                "VMI specifies non-migratable generic PCI host device",
            );
        }
        "evict-blocked-sev" => {
            vm.sev = true;
            set_not_migratable(&mut vm, "SEVNotLiveMigratable", "VMI uses SEV");
        }
        "evict-blocked-cpumode" => {
            let node_name = vm.node.clone().unwrap_or_default();
            set_not_migratable(
                &mut vm,
                "CPUModeLiveMigratable",
                &format!("the node \"{node_name}\" does not allow migration with host-model"),
            );
        }
        "migration-postcopy-failure" => vm.run_strategy = "Manual",
        _ => {}
    }
    let eviction_warning =
        vm.eviction_strategy == Some("LiveMigrate") && vm.not_migratable.is_some() && vm.running();
    let nm_msg = vm
        .not_migratable
        .as_ref()
        .map(|n| n.1.clone())
        .unwrap_or_default();
    w.add_vm(vm, scenario);
    if eviction_warning {
        w.vmi_event(
            &k,
            "Warning",
            "Migrated",
            &format!("EvictionStrategy is set but vmi is not migratable; {nm_msg}"),
            "virt-handler",
        );
    }
    match scenario {
        "sync-failed" => {
            let msg = w.vms[&k]
                .sync_error
                .as_ref()
                .map(|s| s.1.clone())
                .unwrap_or_default();
            w.vmi_event(&k, "Warning", "SyncFailed", &msg, "virt-handler");
        }
        "paused-io-error" => w.after_vm(8.0, &k, |w, k| pause(w, k, "PausedIOError")),
        "unschedulable" => {
            let msg = w.vms[&k]
                .pod
                .as_ref()
                .and_then(|p| p.unschedulable.clone())
                .unwrap_or_default();
            let pod = w.vms[&k].pod.clone().expect("pod");
            let on = crate::world::Involved {
                kind: "Pod",
                api_version: "v1",
                ns: ns.into(),
                name: pod.name,
                uid: pod.uid,
            };
            w.event(
                &on,
                "Warning",
                "FailedScheduling",
                &msg,
                "default-scheduler",
                None,
            );
        }
        "migration-precopy" => migration::start_repeating(
            w,
            &k,
            MigrationSpec::new(Outcome::Converge, 120.0, 30.0),
            12.0,
            150.0,
        ),
        "migration-precopy-to-postcopy" => migration::start_repeating(
            w,
            &k,
            MigrationSpec::new(
                Outcome::PostCopy {
                    switch_after: 25.0,
                    fail: false,
                },
                300.0,
                450.0,
            ),
            18.0,
            180.0,
        ),
        "migration-paused-mode" => migration::start_repeating(
            w,
            &k,
            MigrationSpec::new(Outcome::PausedMode { switch_after: 20.0 }, 150.0, 260.0),
            24.0,
            180.0,
        ),
        "migration-postcopy" => migration::start_repeating(
            w,
            &k,
            MigrationSpec::new(
                Outcome::PostCopy {
                    switch_after: 4.0,
                    fail: false,
                },
                400.0,
                600.0,
            ),
            30.0,
            200.0,
        ),
        "migration-postcopy-failure" => {
            let spec = MigrationSpec::new(
                Outcome::PostCopy {
                    switch_after: 15.0,
                    fail: true,
                },
                250.0,
                400.0,
            );
            w.after_vm(20.0, &k, move |w, k| {
                migration::start(w, k, spec);
            });
        }
        "migration-abort" => migration::start_repeating(
            w,
            &k,
            MigrationSpec::new(
                Outcome::Abort {
                    after: 15.0,
                    succeeds: true,
                },
                60.0,
                20.0,
            ),
            8.0,
            150.0,
        ),
        "migration-abort-fails" => migration::start_repeating(
            w,
            &k,
            MigrationSpec::new(
                Outcome::Abort {
                    after: 12.0,
                    succeeds: false,
                },
                90.0,
                20.0,
            ),
            14.0,
            170.0,
        ),
        "migration-target-unschedulable" => migration::start_repeating(
            w,
            &k,
            MigrationSpec::new(Outcome::TargetUnschedulable, 100.0, 10.0),
            10.0,
            120.0,
        ),
        "migration-quota" => {
            let spec = MigrationSpec::new(Outcome::QuotaRejected, 100.0, 10.0);
            w.after_vm(6.0, &k, move |w, k| {
                migration::start(w, k, spec);
            });
        }
        "migration-long" => migration::start_repeating(
            w,
            &k,
            MigrationSpec::new(Outcome::Converge, 55.0, 8.0),
            5.0,
            120.0,
        ),
        _ => {}
    }
    Ok(())
}

/// Drains a node: cordons it, then the eviction webhook marks VMIs by eviction strategy.
pub fn drain_node(w: &mut World, node: &str) -> bool {
    let now = w.now;
    let Some(n) = w.node_mut(node) else {
        return false;
    };
    n.unschedulable = true;
    n.ready_since = n.ready_since.max(0.0);
    let keys: Vec<Key> = w
        .vms
        .values()
        .filter(|v| v.node.as_deref() == Some(node) && v.running())
        .map(|v| v.key())
        .collect();
    for (i, k) in keys.into_iter().enumerate() {
        let vm = &w.vms[&k];
        let (strategy, migratable) = (vm.eviction_strategy, vm.not_migratable.is_none());
        let node = node.to_string();
        match (strategy, migratable) {
            (Some("LiveMigrate") | Some("LiveMigrateIfPossible"), true) | (Some("External"), _) => {
                let delay = 1.0 + i as f64 * 0.5;
                w.after_vm(delay, &k, move |w, k| {
                    let now = w.now;
                    if let Some(vm) = w.vm_mut(k) {
                        vm.evacuation_node = Some(node.clone());
                    }
                    w.after_vm(1.0, k, move |w, k| {
                        let now = w.now;
                        let external = w.vms[k].eviction_strategy == Some("External");
                        if let Some(vm) = w.vm_mut(k) {
                            vm.eviction_requested_since = Some(now);
                        }
                        if !external {
                            let mut spec = MigrationSpec::new(Outcome::Converge, 140.0, 25.0);
                            spec.evacuation = Some(node);
                            w.after_vm(1.0, k, move |w, k| {
                                migration::start(w, k, spec);
                            });
                        }
                    });
                    let _ = now;
                });
            }
            _ => {}
        }
    }
    let _ = now;
    true
}

/// Uncordons a node.
pub fn uncordon_node(w: &mut World, node: &str) -> bool {
    match w.node_mut(node) {
        Some(n) => {
            n.unschedulable = false;
            true
        }
        None => false,
    }
}

/// The kubelet of `node` stops; 40 s later the node is NotReady (Unknown) and its pods unready;
/// `unknown_after` seconds after that its VMIs go to phase Unknown.
pub fn lose_node(w: &mut World, node: &str, unknown_after: f64) -> bool {
    let Some(n) = w.node_mut(node) else {
        return false;
    };
    n.kubelet_up = false;
    let node = node.to_string();
    let keys: Vec<Key> = w
        .vms
        .values()
        .filter(|v| v.node.as_deref() == Some(node.as_str()))
        .map(|v| v.key())
        .collect();
    for k in &keys {
        if let Some(vm) = w.vm_mut(k) {
            vm.frozen = true;
        }
    }
    w.after(40.0, move |w| {
        let now = w.now;
        if let Some(n) = w.node_mut(&node)
            && !n.kubelet_up
        {
            n.ready = "Unknown";
            n.ready_since = now;
            n.kubevirt_schedulable = false;
        }
        for k in &keys {
            if let Some(vm) = w.vm_mut(k)
                && let Some(p) = vm.pod.as_mut()
            {
                p.node_lost = true;
            }
        }
        w.after(unknown_after, move |w| {
            let now = w.now;
            for k in &keys {
                if w.nodes.get(&node).is_some_and(|n| n.kubelet_up) {
                    return;
                }
                if let Some(vm) = w.vm_mut(k) {
                    vm.frozen = false;
                    vm.set_phase("Unknown", now);
                    vm.reason = Some("NodeUnresponsive".into());
                }
                w.flush();
                if let Some(vm) = w.vm_mut(k) {
                    vm.frozen = true;
                }
            }
        });
    });
    true
}

/// The kubelet of `node` comes back: Ready again, VMIs resume reporting.
pub fn recover_node(w: &mut World, node: &str) -> bool {
    let now = w.now;
    let Some(n) = w.node_mut(node) else {
        return false;
    };
    n.kubelet_up = true;
    n.ready = "True";
    n.ready_since = now;
    n.heartbeat = now;
    n.kubevirt_schedulable = !n.control_plane;
    let keys: Vec<Key> = w
        .vms
        .values()
        .filter(|v| v.node.as_deref() == Some(node))
        .map(|v| v.key())
        .collect();
    for k in keys {
        if let Some(vm) = w.vm_mut(&k) {
            vm.frozen = false;
            vm.reason = None;
            if vm.phase == "Unknown" {
                vm.set_phase("Running", now);
            }
            if let Some(p) = vm.pod.as_mut() {
                p.node_lost = false;
            }
        }
    }
    true
}

/// Starts the cluster-wide periodic work: heartbeats, event expiry and churn.
pub fn start_periodic(w: &mut World) {
    fn heartbeat(w: &mut World) {
        w.heartbeat();
        w.prune_events();
        w.after(60.0, heartbeat);
    }
    w.after(60.0, heartbeat);
    scale::start_churn(w);
}

/// The nodes of the demo cluster (three control-plane nodes and six workers).
pub fn add_demo_nodes(w: &mut World) {
    for cp in ["master-0", "master-1", "master-2"] {
        w.add_node(cp, true);
    }
    for n in DEMO_NODES {
        w.add_node(n, false);
    }
}

/// The demo mix: `(scenario, namespace, name, node)`.
pub const DEMO_MIX: &[(&str, &str, &str, Option<&str>)] = &[
    ("healthy", "prod", "web-frontend-1", Some("worker-1")),
    ("healthy", "prod", "web-frontend-2", Some("worker-2")),
    ("healthy", "prod", "api-gateway", Some("worker-3")),
    ("no-agent", "staging", "ci-runner-7", Some("worker-2")),
    ("agent-unsupported", "legacy", "erp-app", Some("worker-4")),
    ("paused-by-user", "staging", "qa-sandbox", Some("worker-1")),
    ("paused-io-error", "data", "nfs-archive", Some("worker-3")),
    (
        "pod-running-guest-paused",
        "ops",
        "bastion",
        Some("worker-4"),
    ),
    ("unschedulable", "ml", "gpu-trainer", None),
    (
        "sync-failed",
        "staging",
        "db-restore-test",
        Some("worker-2"),
    ),
    ("starting", "ci", "build-vm-42", Some("worker-1")),
    ("interfaces", "net", "edge-router", Some("worker-3")),
    (
        "migration-precopy",
        "prod",
        "postgres-primary",
        Some("worker-1"),
    ),
    (
        "migration-precopy-to-postcopy",
        "prod",
        "kafka-broker-1",
        Some("worker-2"),
    ),
    (
        "migration-paused-mode",
        "prod",
        "redis-cache",
        Some("worker-3"),
    ),
    (
        "migration-postcopy",
        "data",
        "elastic-data-1",
        Some("worker-4"),
    ),
    (
        "migration-postcopy-failure",
        "prod",
        "kafka-broker-0",
        Some("worker-1"),
    ),
    (
        "migration-abort",
        "staging",
        "jenkins-agent",
        Some("worker-2"),
    ),
    (
        "migration-abort-fails",
        "staging",
        "gitlab-runner",
        Some("worker-3"),
    ),
    (
        "migration-target-unschedulable",
        "data",
        "spark-worker-2",
        Some("worker-4"),
    ),
    ("migration-quota", "data", "etl-batch", Some("worker-1")),
    ("migration-long", "prod", "search-indexer", Some("worker-2")),
    ("evict-migratable", "prod", "billing-api", Some(DRAIN_NODE)),
    ("evict-blocked-disks", "data", "oracle-db", Some(DRAIN_NODE)),
    (
        "evict-blocked-interface",
        "net",
        "legacy-bridge-vm",
        Some(DRAIN_NODE),
    ),
    (
        "evict-blocked-hostdevice",
        "ml",
        "gpu-inference",
        Some(DRAIN_NODE),
    ),
    (
        "evict-blocked-sev",
        "secure",
        "confidential-vault",
        Some(DRAIN_NODE),
    ),
    (
        "evict-blocked-cpumode",
        "legacy",
        "host-model-app",
        Some(DRAIN_NODE),
    ),
    (
        "evict-external",
        "capi",
        "tenant-a-control-plane-0",
        Some(DRAIN_NODE),
    ),
    ("node-not-ready", "prod", "cache-warmer", Some(LOST_NODE)),
    ("node-not-ready", "staging", "log-shipper", Some(LOST_NODE)),
];

/// Adds the demo mix to a world that has the demo nodes; drains and loses nodes shortly after.
pub fn add_demo_mix(w: &mut World) {
    for (scenario, ns, name, node) in DEMO_MIX {
        add(w, scenario, ns, name, *node).expect("demo mix is valid");
    }
    // A Windows VM, healthy.
    let spec = VmSpec {
        os: vm::WINDOWS,
        cpus: 4,
        memory_mib: 8192,
        ..VmSpec::default()
    };
    let vm = running_vm(w, "data", "win2022-reporting", "worker-4", &spec);
    w.add_vm(vm, "healthy");
    w.after(15.0, |w| {
        drain_node(w, DRAIN_NODE);
    });
    w.after(30.0, |w| {
        lose_node(w, LOST_NODE, 90.0);
    });
}

/// A world holding the demo cluster at simulated time `now`.
pub fn demo_world(store: Arc<Store>, seed: u64, now: f64) -> World {
    let mut w = World::new(store, seed, now);
    add_demo_nodes(&mut w);
    add_demo_mix(&mut w);
    start_periodic(&mut w);
    w.flush();
    w
}

/// The demo cluster's objects at its start (a fixed time and seed), for `Sim::start`.
pub fn demo() -> Vec<Value> {
    let store = Arc::new(Store::new());
    let w = demo_world(store.clone(), 1, DEFAULT_EPOCH);
    drop(w);
    let mut out = Vec::new();
    for r in crate::resources::RESOURCES {
        let (_, items) = store.list(r, None);
        out.extend(items.iter().map(|o| (**o).clone()));
    }
    out
}
