//! The state of one simulated VM as Rust values: the VM, its guest agent, interfaces and disks.

use super::{Migration, Os, Pod};
use serde_json::{Map, Value, json};

/// The guest agent's state.
#[derive(Debug, Clone, PartialEq)]
pub enum Agent {
    /// No agent channel connected: no `AgentConnected` condition.
    None,
    /// Connected since the given time.
    Connected { since: f64 },
    /// Connected, but `AgentVersionNotSupported` with this reason text.
    Unsupported { since: f64, reason: String },
}

impl Agent {
    pub fn connected(&self) -> bool {
        !matches!(self, Agent::None)
    }
}

/// One network interface as KubeVirt reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct Iface {
    /// Spec name; None for guest-only interfaces.
    pub name: Option<String>,
    pub mac: String,
    pub ips: Vec<String>,
    pub guest_name: Option<String>,
    pub info_source: String,
    pub pod_iface: Option<String>,
    /// Binding in the spec: `masquerade`, `bridge`, `sriov`; network: None = pod network, Some = multus name.
    pub binding: &'static str,
    pub multus: Option<String>,
    /// The IP the Multus network-status annotation reports, when it differs from `ips`.
    pub multus_ip: Option<String>,
    /// The spec asks for the link to be down (`state: down`).
    pub state_down: bool,
}

/// A disk and its volume.
#[derive(Debug, Clone, PartialEq)]
pub struct Disk {
    pub name: String,
    pub target: String,
    /// `containerDisk`, `pvc-rwx`, `pvc-rwo`, `cloudInit`.
    pub kind: &'static str,
    pub claim: Option<String>,
    pub size: u64,
}

/// One simulated VM (a VMI, optionally owned by a VirtualMachine).
#[derive(Debug, Clone, PartialEq)]
pub struct Vm {
    pub ns: String,
    pub name: String,
    pub uid: String,
    /// UID of the owning VirtualMachine; None for a standalone VMI.
    pub vm_uid: Option<String>,
    pub run_strategy: &'static str,
    pub created: f64,
    pub os: Os,
    pub cpus: u32,
    pub memory_mib: u64,
    pub labels: Vec<(String, String)>,
    pub phase: String,
    pub phase_times: Vec<(String, f64)>,
    pub reason: Option<String>,
    pub node: Option<String>,
    pub pod: Option<Pod>,
    pub target_pod: Option<Pod>,
    /// A hot-plug volume's attachment pod (`kubevirt.io: hotplug-disk`, owned by the launcher).
    pub hotplug_pod: Option<Pod>,
    /// Finished pods still shown (a migration source that completed).
    pub old_pods: Vec<Pod>,
    pub agent: Agent,
    /// Paused condition: reason, message, since.
    pub paused: Option<(&'static str, &'static str, f64)>,
    /// LiveMigratable=False: reason, message.
    pub not_migratable: Option<(String, String)>,
    pub eviction_strategy: Option<&'static str>,
    pub evacuation_node: Option<String>,
    pub eviction_requested_since: Option<f64>,
    pub ifaces: Vec<Iface>,
    pub disks: Vec<Disk>,
    pub host_devices: Vec<(String, String)>,
    pub sev: bool,
    pub migration: Option<Migration>,
    /// Synchronized=False: reason, message, since.
    pub sync_error: Option<(String, String, f64)>,
    /// Metrics seed.
    pub seed: u64,
    /// When the guest started running (counters start here).
    pub running_since: Option<f64>,
    /// Status frozen (virt-handler on its node is unreachable): the VMI is not re-rendered.
    pub frozen: bool,
    pub vsock_cid: u32,
    pub annotations: Vec<(String, String)>,
    /// Guest OS panics virt-handler saw: time, type (`pvpanic`, `hyper-v`), bugcheck code.
    pub panics: Vec<(f64, &'static str, u64)>,
    /// How full the guest's root filesystem is (`None`: a share from the seed, under 80%).
    pub root_fill: Option<f64>,
}

/// The launcher's memory overhead estimate for a VM, in MiB.
pub fn overhead_mib(vm: &Vm) -> u64 {
    220 + vm.memory_mib / 64 + 8 * vm.cpus as u64
}

impl Vm {
    pub fn key(&self) -> (String, String) {
        (self.ns.clone(), self.name.clone())
    }

    /// Whether virt-handler would show it Running with a domain.
    pub fn running(&self) -> bool {
        self.phase == "Running"
    }

    pub fn set_phase(&mut self, phase: &str, t: f64) {
        if self.phase != phase {
            self.phase = phase.to_string();
            self.phase_times.push((phase.to_string(), t));
        }
    }

    pub(super) fn all_labels(&self) -> Map<String, Value> {
        let mut l = Map::new();
        for (k, v) in &self.labels {
            l.insert(k.clone(), json!(v));
        }
        if self.vm_uid.is_some() {
            l.insert("vm.kubevirt.io/name".into(), json!(self.name));
        }
        if let Some(n) = &self.node {
            l.insert("kubevirt.io/nodeName".into(), json!(n));
        }
        if let Some(m) = &self.migration
            && m.active()
            && let Some(t) = &m.target_node
        {
            l.insert("kubevirt.io/migrationTargetNodeName".into(), json!(t));
        }
        l
    }

    /// The VMI labels as exported on metrics (`kubernetes_vmi_label_*`).
    pub fn metric_labels(&self) -> Vec<(String, String)> {
        self.all_labels()
            .into_iter()
            .map(|(k, v)| {
                let k: String = k
                    .chars()
                    .map(|c| if matches!(c, '.' | '/' | '-') { '_' } else { c })
                    .collect();
                (
                    format!("kubernetes_vmi_label_{k}"),
                    v.as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    }

    /// Whether a migration copies disks too (a ReadWriteOnce volume).
    pub fn block_migration(&self) -> bool {
        self.disks.iter().any(|d| d.kind == "pvc-rwo")
    }
}
