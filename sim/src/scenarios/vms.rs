//! Building blocks of a scenario's VM: the options of a new VM, its launcher pod, its primary
//! interface, a VM running since well before now and one just created.

use crate::kubevirt::{Agent, Disk, Iface, Os, Pod, Vm, os};
use crate::world::World;

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
            os: os::FEDORA,
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
        deleting: None,
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
        state_down: false,
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
        hotplug_pod: None,
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
        panics: Vec::new(),
        root_fill: None,
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
