//! One simulated virtual machine: its state as Rust values and how it renders into the objects
//! KubeVirt and Kubernetes would show for it (VirtualMachine, VirtualMachineInstance,
//! virt-launcher pods, VirtualMachineInstanceMigration).
//!
//! Rendering is a pure function of the state (no clock reads), so re-rendering an unchanged VM
//! gives equal objects and the store records no change.

use crate::clock::rfc3339;
use serde_json::{Map, Value, json};

/// The launcher image every pod runs.
pub const LAUNCHER_IMAGE: &str = "quay.io/kubevirt/virt-launcher:v1.9.0";

/// A guest operating system, as the guest agent reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Os {
    pub id: &'static str,
    pub name: &'static str,
    pub version_id: &'static str,
    pub version: &'static str,
    pub pretty_name: &'static str,
    pub kernel_release: &'static str,
    pub kernel_version: &'static str,
    pub agent_version: &'static str,
    pub user: &'static str,
    pub fs_type: &'static str,
    pub image: &'static str,
}

pub const FEDORA: Os = Os {
    id: "fedora",
    name: "Fedora Linux",
    version_id: "41",
    version: "41 (Cloud Edition)",
    pretty_name: "Fedora Linux 41 (Cloud Edition)",
    kernel_release: "6.11.4-301.fc41.x86_64",
    kernel_version: "#1 SMP PREEMPT_DYNAMIC Sun Oct 20 15:02:33 UTC 2024",
    agent_version: "9.1.1",
    user: "fedora",
    fs_type: "btrfs",
    image: "quay.io/containerdisks/fedora:41",
};
pub const UBUNTU: Os = Os {
    id: "ubuntu",
    name: "Ubuntu",
    version_id: "24.04",
    version: "24.04.1 LTS (Noble Numbat)",
    pretty_name: "Ubuntu 24.04.1 LTS",
    kernel_release: "6.8.0-48-generic",
    kernel_version: "#48-Ubuntu SMP PREEMPT_DYNAMIC Fri Sep 27 14:04:52 UTC 2024",
    agent_version: "8.2.2",
    user: "ubuntu",
    fs_type: "ext4",
    image: "quay.io/containerdisks/ubuntu:24.04",
};
pub const RHEL: Os = Os {
    id: "rhel",
    name: "Red Hat Enterprise Linux",
    version_id: "9.5",
    version: "9.5 (Plow)",
    pretty_name: "Red Hat Enterprise Linux 9.5 (Plow)",
    kernel_release: "5.14.0-503.11.1.el9_5.x86_64",
    kernel_version: "#1 SMP PREEMPT_DYNAMIC Mon Sep 30 11:54:45 EDT 2024",
    agent_version: "9.0.0",
    user: "cloud-user",
    fs_type: "xfs",
    image: "registry.redhat.io/rhel9/rhel-guest-image:9.5",
};
pub const CENTOS: Os = Os {
    id: "centos",
    name: "CentOS Stream",
    version_id: "9",
    version: "9",
    pretty_name: "CentOS Stream 9",
    kernel_release: "5.14.0-527.el9.x86_64",
    kernel_version: "#1 SMP PREEMPT_DYNAMIC Wed Oct 23 20:51:29 UTC 2024",
    agent_version: "9.0.0",
    user: "cloud-user",
    fs_type: "xfs",
    image: "quay.io/containerdisks/centos-stream:9",
};
pub const WINDOWS: Os = Os {
    id: "mswindows",
    name: "Microsoft Windows",
    version_id: "2022",
    version: "Microsoft Windows Server 2022",
    pretty_name: "Windows Server 2022 Datacenter",
    kernel_release: "20348",
    kernel_version: "10.0",
    agent_version: "107.0.1",
    user: "Administrator",
    fs_type: "NTFS",
    image: "",
};

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

/// A virt-launcher pod.
#[derive(Debug, Clone, PartialEq)]
pub struct Pod {
    pub name: String,
    pub uid: String,
    pub created: f64,
    pub node: Option<String>,
    /// `Pending`, `Running`, `Succeeded`, `Failed`.
    pub phase: String,
    pub ip: Option<String>,
    pub started: Option<f64>,
    /// PodScheduled=False (Unschedulable) with this scheduler message.
    pub unschedulable: Option<String>,
    /// For a migration target pod: the migration's UID and name.
    pub migration: Option<(String, String)>,
    /// The node controller marked it NotReady (its node stopped reporting).
    pub node_lost: bool,
    pub ended: Option<f64>,
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

/// The current or last migration of a VM.
#[derive(Debug, Clone, PartialEq)]
pub struct Migration {
    pub name: String,
    pub uid: String,
    pub created: f64,
    /// VMIM phase.
    pub phase: String,
    pub phase_times: Vec<(String, f64)>,
    pub source_node: String,
    pub source_pod: String,
    pub target_node: Option<String>,
    pub target_pod: Option<String>,
    pub target_address: Option<String>,
    /// Whether the VMI shows `migrationState` (false until the target pod runs).
    pub on_vmi: bool,
    pub start: Option<f64>,
    pub end: Option<f64>,
    pub mode: &'static str,
    pub mode_since: f64,
    pub remaining_at_mode: f64,
    pub completed: bool,
    pub failed: bool,
    pub abort_requested: bool,
    pub abort_status: Option<&'static str>,
    pub failure_reason: Option<String>,
    pub total_bytes: f64,
    pub transfer_rate: f64,
    pub dirty_rate: f64,
    pub allow_post_copy: bool,
    pub conditions: Vec<Value>,
    /// Source node, for evacuation migrations.
    pub evacuation: Option<String>,
    pub deleting: Option<f64>,
    /// The VMIM object was deleted (the VMI keeps its migrationState).
    pub gone: bool,
}

impl Migration {
    /// Bytes still to send at `t` (the libvirt DataRemaining model).
    pub fn remaining(&self, t: f64) -> f64 {
        let Some(start) = self.start else {
            return self.total_bytes;
        };
        if self.completed {
            return 0.0;
        }
        let since = self.mode_since.max(start);
        let dt = (t - since).max(0.0);
        let r0 = self.remaining_at_mode;
        let net = match self.mode {
            "PreCopy" => self.transfer_rate - self.dirty_rate,
            _ => self.transfer_rate,
        };
        if net > 0.0 {
            (r0 - net * dt).max(self.total_bytes * 0.002)
        } else {
            // Not converging: each iteration resends what the guest dirtied; it hovers.
            r0 * (1.0 + 0.04 * (dt / 7.0).sin())
        }
    }

    /// Bytes sent so far at `t`.
    pub fn processed(&self, t: f64) -> f64 {
        match self.start {
            Some(s) => self.transfer_rate * (t - s).max(0.0),
            None => 0.0,
        }
    }

    /// The effective dirty rate at `t` (zero once the guest is paused or in post-copy).
    pub fn dirty_rate_now(&self) -> f64 {
        if self.mode == "PreCopy" {
            self.dirty_rate
        } else {
            0.0
        }
    }

    /// Whether it is in progress in the sense of `migrations.IsMigrating`.
    pub fn active(&self) -> bool {
        self.start.is_some() && self.end.is_none()
    }
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
}

fn cond(
    ty: &str,
    status: &str,
    reason: &str,
    message: &str,
    probe: Option<f64>,
    transition: Option<f64>,
) -> Value {
    let mut c = json!({
        "type": ty, "status": status,
        "lastProbeTime": probe.map(rfc3339), "lastTransitionTime": transition.map(rfc3339),
    });
    if !reason.is_empty() {
        c["reason"] = json!(reason);
    }
    if !message.is_empty() {
        c["message"] = json!(message);
    }
    c
}

fn quantity_mib(mib: u64) -> String {
    if mib.is_multiple_of(1024) {
        format!("{}Gi", mib / 1024)
    } else {
        format!("{mib}Mi")
    }
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

    fn all_labels(&self) -> Map<String, Value> {
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

    fn block_migration(&self) -> bool {
        self.disks.iter().any(|d| d.kind == "pvc-rwo")
    }

    fn spec(&self) -> Value {
        let disks: Vec<Value> = self
            .disks
            .iter()
            .map(|d| {
                let bus = if d.kind == "cloudInit"
                    || self.os.id == "mswindows" && d.target.starts_with("sd")
                {
                    "sata"
                } else {
                    "virtio"
                };
                json!({"name": d.name, "disk": {"bus": bus}})
            })
            .collect();
        let volumes: Vec<Value> = self
            .disks
            .iter()
            .map(|d| match d.kind {
                "containerDisk" => json!({"name": d.name, "containerDisk": {"image": self.os.image, "imagePullPolicy": "IfNotPresent"}}),
                "cloudInit" => json!({"name": d.name, "cloudInitNoCloud": {"userData": "#cloud-config\nssh_pwauth: false\n"}}),
                _ => json!({"name": d.name, "persistentVolumeClaim": {"claimName": d.claim.clone().unwrap_or_default()}}),
            })
            .collect();
        let spec_ifaces: Vec<&Iface> = self.ifaces.iter().filter(|i| i.name.is_some()).collect();
        let interfaces: Vec<Value> = spec_ifaces
            .iter()
            .map(|i| {
                let mut v = json!({"name": i.name, "macAddress": i.mac, "model": "virtio"});
                v[i.binding] = json!({});
                v
            })
            .collect();
        let networks: Vec<Value> = spec_ifaces
            .iter()
            .map(|i| match &i.multus {
                None => json!({"name": i.name, "pod": {}}),
                Some(net) => json!({"name": i.name, "multus": {"networkName": net}}),
            })
            .collect();
        let mut devices = json!({"disks": disks, "interfaces": interfaces});
        if !self.host_devices.is_empty() {
            devices["hostDevices"] = Value::Array(
                self.host_devices
                    .iter()
                    .map(|(n, d)| json!({"name": n, "deviceName": d}))
                    .collect(),
            );
        }
        let mut domain = json!({
            "cpu": {"cores": self.cpus, "sockets": 1, "threads": 1, "model": "host-model"},
            "memory": {"guest": quantity_mib(self.memory_mib)},
            "devices": devices,
            "features": {"acpi": {"enabled": true}},
            "firmware": {"uuid": self.uid},
            "machine": {"type": "q35"},
            "resources": {"requests": {"memory": quantity_mib(self.memory_mib)}},
        });
        if self.sev {
            domain["launchSecurity"] = json!({"sev": {}});
            domain["firmware"]["bootloader"] = json!({"efi": {"secureBoot": false}});
        }
        if self.os.id == "mswindows" {
            domain["clock"] = json!({"timer": {"hpet": {"present": false}, "hyperv": {}, "pit": {"tickPolicy": "delay"}, "rtc": {"tickPolicy": "catchup"}}, "utc": {}});
            domain["features"]["hyperv"] =
                json!({"relaxed": {}, "spinlocks": {"spinlocks": 8191}, "vapic": {}});
        }
        let mut spec = json!({
            "domain": domain, "networks": networks, "volumes": volumes,
            "terminationGracePeriodSeconds": 180, "architecture": "amd64",
        });
        if let Some(e) = self.eviction_strategy {
            spec["evictionStrategy"] = json!(e);
        }
        spec
    }

    fn conditions(&self) -> Vec<Value> {
        let mut cs = Vec::new();
        let since = self.running_since.or(self.phase_times.last().map(|p| p.1));
        let pod = self.pod.as_ref();
        match self.phase.as_str() {
            "Pending" => {
                cs.push(cond(
                    "Ready",
                    "False",
                    "PodNotExists",
                    "virt-launcher pod has not yet been scheduled",
                    None,
                    since,
                ));
            }
            "Scheduling" => {
                cs.push(cond(
                    "Ready",
                    "False",
                    "GuestNotRunning",
                    "Guest VM is not reported as running",
                    None,
                    since,
                ));
                if let Some(msg) = pod.and_then(|p| p.unschedulable.as_ref()) {
                    cs.push(cond(
                        "PodScheduled",
                        "False",
                        "Unschedulable",
                        msg,
                        None,
                        pod.map(|p| p.created),
                    ));
                }
            }
            "Scheduled" => {
                cs.push(cond(
                    "Ready",
                    "False",
                    "GuestNotRunning",
                    "Guest VM is not reported as running",
                    None,
                    since,
                ));
            }
            "Running" => {
                if let Some((reason, _, t)) = &self.paused {
                    cs.push(cond(
                        "Ready",
                        "False",
                        "ReadinessGatesNotReady",
                        "the status of pod readiness gate \"kubevirt.io/virtual-machine-unpaused\" is not \"True\", but False",
                        None,
                        Some(*t),
                    ));
                    cs.push(cond(
                        "Paused",
                        "True",
                        reason,
                        self.paused.as_ref().map_or("", |p| p.1),
                        Some(*t),
                        Some(*t),
                    ));
                } else if pod.is_some_and(|p| p.node_lost) {
                    cs.push(cond("Ready", "False", "", "", None, since));
                } else {
                    cs.push(cond("Ready", "True", "", "", None, since));
                }
                match &self.not_migratable {
                    None => cs.push(cond("LiveMigratable", "True", "", "", None, None)),
                    Some((r, m)) => cs.push(cond("LiveMigratable", "False", r, m, None, None)),
                }
                cs.push(cond("StorageLiveMigratable", "True", "", "", None, None));
                match &self.agent {
                    Agent::None => {}
                    Agent::Connected { since } => {
                        cs.push(cond("AgentConnected", "True", "", "", Some(*since), None))
                    }
                    Agent::Unsupported { since, reason } => {
                        cs.push(cond("AgentConnected", "True", "", "", Some(*since), None));
                        cs.push(cond(
                            "AgentVersionNotSupported",
                            "True",
                            reason,
                            "",
                            Some(*since),
                            None,
                        ));
                    }
                }
            }
            _ => {
                cs.push(cond(
                    "Ready",
                    "False",
                    "PodTerminating",
                    "virt-launcher pod is terminating",
                    None,
                    since,
                ));
            }
        }
        if let Some(t) = self.eviction_requested_since {
            cs.push(cond(
                "EvictionRequested",
                "True",
                "EvictionRequested",
                "VMI is marked for eviction",
                None,
                Some(t),
            ));
        }
        if let Some((r, m, t)) = &self.sync_error {
            cs.push(cond("Synchronized", "False", r, m, Some(*t), Some(*t)));
        }
        cs
    }

    fn migration_state(&self) -> Option<Value> {
        let m = self.migration.as_ref().filter(|m| m.on_vmi)?;
        Some(migration_state(m, self.block_migration()))
    }

    /// The VirtualMachineInstance object.
    pub fn vmi(&self) -> Value {
        let mut annotations = json!({
            "kubevirt.io/latest-observed-api-version": "v1",
            "kubevirt.io/storage-observed-api-version": "v1",
        });
        for (k, v) in &self.annotations {
            annotations[k] = json!(v);
        }
        let mut md = json!({
            "name": self.name, "namespace": self.ns, "uid": self.uid,
            "creationTimestamp": rfc3339(self.created), "generation": 1,
            "labels": self.all_labels(), "annotations": annotations,
            "finalizers": ["kubevirt.io/virtualMachineControllerFinalize", "foregroundDeleteVirtualMachine"],
        });
        if let Some(vm_uid) = &self.vm_uid {
            md["ownerReferences"] = json!([{
                "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine", "name": self.name, "uid": vm_uid,
                "controller": true, "blockOwnerDeletion": true
            }]);
        }
        let mut st = json!({
            "phase": self.phase,
            "conditions": self.conditions(),
            "phaseTransitionTimestamps": self.phase_times.iter()
                .map(|(p, t)| json!({"phase": p, "phaseTransitionTimestamp": rfc3339(*t)})).collect::<Vec<_>>(),
            "guestOSInfo": {},
            "runtimeUser": 107,
            "qosClass": "Burstable",
        });
        if let Some(n) = &self.node {
            st["nodeName"] = json!(n);
        }
        if let Some(r) = &self.reason {
            st["reason"] = json!(r);
        }
        let has_domain = matches!(self.phase.as_str(), "Running" | "Unknown")
            || self.phase == "Scheduled" && self.sync_error.is_none();
        if has_domain {
            st["interfaces"] = Value::Array(self.ifaces.iter().map(iface_status).collect());
            st["machine"] = json!({"type": "pc-q35-rhel9.6.0"});
            st["currentCPUTopology"] = json!({"cores": self.cpus, "sockets": 1, "threads": 1});
            st["memory"] = json!({
                "guestAtBoot": quantity_mib(self.memory_mib), "guestCurrent": quantity_mib(self.memory_mib),
                "guestRequested": quantity_mib(self.memory_mib), "memoryOverhead": quantity_mib(overhead_mib(self)),
            });
            st["launcherContainerImageVersion"] = json!(LAUNCHER_IMAGE);
            st["migrationMethod"] = json!(if self.block_migration() {
                "BlockMigration"
            } else {
                "LiveMigration"
            });
            st["migrationTransport"] = json!("Unix");
            st["selinuxContext"] = json!("system_u:system_r:container_t:s0:c437,c868");
            st["VSOCKCID"] = json!(self.vsock_cid);
        }
        if self.running() && self.agent.connected() {
            st["guestOSInfo"] = json!({
                "id": self.os.id, "name": self.os.name, "prettyName": self.os.pretty_name,
                "version": self.os.version, "versionId": self.os.version_id,
                "kernelRelease": self.os.kernel_release, "kernelVersion": self.os.kernel_version,
                "machine": "x86_64",
            });
        }
        let mut active = Map::new();
        for p in [&self.pod, &self.target_pod].into_iter().flatten() {
            if let Some(n) = &p.node
                && matches!(p.phase.as_str(), "Running" | "Pending")
            {
                active.insert(p.uid.clone(), json!(n));
            }
        }
        if !active.is_empty() {
            st["activePods"] = Value::Object(active);
        }
        if self.phase != "Pending" {
            st["volumeStatus"] =
                Value::Array(self.disks.iter().map(|d| self.volume_status(d)).collect());
        }
        if let Some(ms) = self.migration_state() {
            st["migrationState"] = ms;
        }
        if let Some(n) = &self.evacuation_node {
            st["evacuationNodeName"] = json!(n);
        }
        json!({
            "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
            "metadata": md, "spec": self.spec(), "status": st,
        })
    }

    fn volume_status(&self, d: &Disk) -> Value {
        let mut v = json!({"name": d.name, "target": d.target});
        if let Some(c) = &d.claim {
            let mode = if d.kind == "pvc-rwo" {
                "ReadWriteOnce"
            } else {
                "ReadWriteMany"
            };
            let size = format!("{}Gi", d.size >> 30);
            v["persistentVolumeClaimInfo"] = json!({
                "claimName": c, "accessModes": [mode], "volumeMode": "Block",
                "capacity": {"storage": size}, "requests": {"storage": size}, "filesystemOverhead": "0.055",
            });
        }
        if d.kind == "containerDisk" {
            v["containerDiskVolume"] = json!({"checksum": 2_803_114_011u64});
            v["size"] = json!(d.size);
        }
        v
    }

    /// The VirtualMachine's `printableStatus`, in the VM controller's order (facts.md §8.2).
    pub fn printable_status(&self) -> &'static str {
        if self.migration.as_ref().is_some_and(|m| m.active()) {
            return "Migrating";
        }
        match self.phase.as_str() {
            "Running" if self.paused.is_some() => "Paused",
            "Running" => "Running",
            "Scheduling" if self.pod.as_ref().is_some_and(|p| p.unschedulable.is_some()) => {
                "ErrorUnschedulable"
            }
            "Pending" | "Scheduling" | "Scheduled" | "" => "Starting",
            "Failed" | "Succeeded" => "Stopped",
            _ => "Unknown",
        }
    }

    /// The VirtualMachine object (None for a standalone VMI).
    pub fn vm_object(&self) -> Option<Value> {
        let vm_uid = self.vm_uid.as_ref()?;
        let mut labels = Map::new();
        for (k, v) in &self.labels {
            labels.insert(k.clone(), json!(v));
        }
        let template_labels = json!({"kubevirt.io/domain": self.name, "kubevirt.io/size": if self.memory_mib > 4096 { "large" } else { "small" }});
        let mut spec = self.spec();
        if let Some(o) = spec.as_object_mut() {
            o.remove("architecture");
        }
        let final_phase = matches!(self.phase.as_str(), "Failed" | "Succeeded");
        let vmi_conds: Vec<Value> = if final_phase {
            vec![cond(
                "Ready",
                "False",
                "VMINotExists",
                "VMI does not exist",
                None,
                self.phase_times.last().map(|p| p.1),
            )]
        } else {
            self.conditions()
                .into_iter()
                .filter(|c| {
                    matches!(
                        c["type"].as_str(),
                        Some(
                            "Ready"
                                | "Paused"
                                | "LiveMigratable"
                                | "AgentConnected"
                                | "StorageLiveMigratable"
                                | "EvictionRequested"
                                | "Synchronized"
                                | "PodScheduled"
                        )
                    )
                })
                .collect()
        };
        let mut status = json!({
            "printableStatus": self.printable_status(),
            "created": !final_phase,
            "ready": self.running() && self.paused.is_none(),
            "conditions": vmi_conds,
            "runStrategy": self.run_strategy,
            "desiredGeneration": 1, "observedGeneration": 1,
            "volumeSnapshotStatuses": self.disks.iter().map(|d| {
                if d.kind == "pvc-rwx" || d.kind == "pvc-rwo" {
                    json!({"name": d.name, "enabled": true})
                } else {
                    json!({"name": d.name, "enabled": false, "reason": format!("Snapshot is not supported for this volumeSource type [{}]", d.name)})
                }
            }).collect::<Vec<_>>(),
        });
        if final_phase {
            status["ready"] = json!(false);
        }
        Some(json!({
            "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
            "metadata": {
                "name": self.name, "namespace": self.ns, "uid": vm_uid, "generation": 1,
                "creationTimestamp": rfc3339(self.created - 2.0), "labels": labels,
                "annotations": {"kubevirt.io/latest-observed-api-version": "v1", "kubevirt.io/storage-observed-api-version": "v1"},
                "finalizers": ["kubevirt.io/virtualMachineControllerFinalize"],
            },
            "spec": {"runStrategy": self.run_strategy, "template": {"metadata": {"labels": template_labels}, "spec": spec}},
            "status": status,
        }))
    }

    /// The launcher pod objects (current, migration target, finished ones).
    pub fn pods(&self) -> Vec<Value> {
        let mut out = Vec::new();
        for (p, target) in [(&self.pod, false), (&self.target_pod, true)] {
            if let Some(p) = p {
                out.push(self.pod_object(p, target));
            }
        }
        for p in &self.old_pods {
            out.push(self.pod_object(p, false));
        }
        out
    }

    fn pod_object(&self, p: &Pod, target: bool) -> Value {
        let mut labels = json!({
            "kubevirt.io": "virt-launcher", "kubevirt.io/created-by": self.uid,
            "vm.kubevirt.io/name": self.name, "vmi.kubevirt.io/id": self.name,
        });
        for (k, v) in &self.labels {
            labels[k] = json!(v);
        }
        if let Some(n) = &p.node {
            labels["kubevirt.io/nodeName"] = json!(n);
        }
        let mut annotations = json!({
            "kubevirt.io/domain": self.name,
            "kubectl.kubernetes.io/default-container": "compute",
            "kubevirt.io/migrationTransportUnix": "true",
            "post.hook.backup.velero.io/command": format!("[\"/usr/bin/virt-freezer\", \"--unfreeze\", \"--name\", \"{}\", \"--namespace\", \"{}\"]", self.name, self.ns),
        });
        if let Some((uid, name)) = &p.migration {
            labels["kubevirt.io/migrationJobUID"] = json!(uid);
            annotations["kubevirt.io/migrationJobName"] = json!(name);
            if let Some(s) = p.started {
                annotations["kubevirt.io/migration-target-ready-timestamp"] = json!(rfc3339(s));
            }
        }
        let multus: Vec<&Iface> = self.ifaces.iter().filter(|i| i.multus.is_some()).collect();
        if !multus.is_empty() && p.ip.is_some() {
            let mut status = vec![
                json!({"name": "ovn-kubernetes", "interface": "eth0", "ips": [p.ip], "mac": "0a:58:0a:80:02:11", "default": true, "dns": {}}),
            ];
            for (n, i) in multus.iter().enumerate() {
                let ip = i.multus_ip.clone().or_else(|| i.ips.first().cloned());
                status.push(json!({"name": format!("{}/{}", self.ns, i.multus.as_deref().unwrap_or_default()), "interface": format!("pod{}", pod_iface_hash(i.name.as_deref().unwrap_or_default(), n)), "ips": ip.into_iter().collect::<Vec<_>>(), "mac": i.mac, "dns": {}}));
            }
            annotations["k8s.v1.cni.cncf.io/network-status"] =
                json!(serde_json::to_string_pretty(&status).unwrap_or_default());
            annotations["k8s.v1.cni.cncf.io/networks"] =
                json!(serde_json::to_string(&multus.iter().map(|i| json!({"name": i.multus, "namespace": self.ns, "interface": format!("pod{}", pod_iface_hash(i.name.as_deref().unwrap_or_default(), 0))})).collect::<Vec<_>>()).unwrap_or_default());
        }
        let mem_req = format!("{}Mi", self.memory_mib + overhead_mib(self));
        let mut spec = json!({
            "containers": [{
                "name": "compute", "image": LAUNCHER_IMAGE, "imagePullPolicy": "IfNotPresent",
                "command": ["/usr/bin/virt-launcher-monitor", "--qemu-timeout", "277s", "--name", self.name, "--uid", self.uid, "--namespace", self.ns],
                "resources": {"limits": {"devices.kubevirt.io/kvm": "1", "devices.kubevirt.io/tun": "1", "devices.kubevirt.io/vhost-net": "1"},
                              "requests": {"cpu": format!("{}m", 100 * self.cpus), "memory": mem_req, "ephemeral-storage": "50M",
                                           "devices.kubevirt.io/kvm": "1", "devices.kubevirt.io/tun": "1", "devices.kubevirt.io/vhost-net": "1"}},
                "securityContext": {"runAsNonRoot": true, "runAsUser": 107, "runAsGroup": 107, "privileged": false,
                                    "capabilities": {"add": ["NET_BIND_SERVICE"], "drop": ["ALL"]}},
                "terminationMessagePath": "/dev/termination-log", "terminationMessagePolicy": "File",
            }],
            "nodeSelector": {"kubernetes.io/arch": "amd64", "kubevirt.io/schedulable": "true"},
            "readinessGates": [{"conditionType": "kubevirt.io/virtual-machine-unpaused"}],
            "restartPolicy": "Never", "schedulerName": "default-scheduler", "serviceAccountName": "default",
            "terminationGracePeriodSeconds": 210, "hostname": self.name, "dnsPolicy": "ClusterFirst",
            "automountServiceAccountToken": false, "enableServiceLinks": false, "priority": 0,
            "securityContext": {"runAsNonRoot": true, "runAsUser": 107, "runAsGroup": 107, "fsGroup": 107},
            "tolerations": [
                {"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300},
                {"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300},
            ],
        });
        if let Some(n) = &p.node {
            spec["nodeName"] = json!(n);
        }
        if target && let Some(src) = &self.node {
            spec["affinity"] = json!({"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{
                "labelSelector": {"matchExpressions": [{"key": "kubevirt.io/created-by", "operator": "In", "values": [self.uid]}]},
                "topologyKey": "kubernetes.io/hostname"}]}});
            let _ = src;
        }
        let status = self.pod_status(p);
        json!({
            "apiVersion": "v1", "kind": "Pod",
            "metadata": {
                "name": p.name, "generateName": format!("virt-launcher-{}-", self.name), "namespace": self.ns,
                "uid": p.uid, "creationTimestamp": rfc3339(p.created), "labels": labels, "annotations": annotations,
                "ownerReferences": [{"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance", "name": self.name,
                                     "uid": self.uid, "controller": true, "blockOwnerDeletion": true}],
            },
            "spec": spec,
            "status": status,
        })
    }

    fn pod_status(&self, p: &Pod) -> Value {
        let created = Some(p.created);
        let mut st = json!({"phase": p.phase, "qosClass": "Burstable"});
        if let Some(msg) = &p.unschedulable {
            st["conditions"] = json!([cond(
                "PodScheduled",
                "False",
                "Unschedulable",
                msg,
                None,
                created
            )]);
            return st;
        }
        let Some(node) = &p.node else {
            return st;
        };
        let started = p.started.unwrap_or(p.created + 1.0);
        let running = p.phase == "Running";
        // The readiness gate follows the guest's pause state (only on the pod that runs the guest).
        let is_current = self.pod.as_ref().is_some_and(|c| c.uid == p.uid);
        let unpaused = !(is_current && self.paused.is_some());
        let gate_t = if unpaused {
            started
        } else {
            self.paused.as_ref().map_or(started, |x| x.2)
        };
        let containers_ready = running && !p.node_lost;
        let ready = containers_ready && unpaused;
        let tf = |b: bool| if b { "True" } else { "False" };
        let mut conds = vec![
            cond(
                "kubevirt.io/virtual-machine-unpaused",
                tf(unpaused),
                if unpaused { "" } else { "PausedByUser" },
                if unpaused {
                    ""
                } else {
                    "VMI was paused by user"
                },
                None,
                Some(gate_t),
            ),
            cond(
                "PodReadyToStartContainers",
                tf(running),
                "",
                "",
                None,
                Some(started),
            ),
            cond("Initialized", "True", "", "", None, Some(p.created + 0.5)),
        ];
        if ready {
            conds.push(cond("Ready", "True", "", "", None, Some(started)));
        } else if !containers_ready {
            conds.push(cond(
                "Ready",
                "False",
                if running { "" } else { "PodCompleted" },
                "",
                None,
                Some(p.ended.unwrap_or(started)),
            ));
        } else {
            conds.push(cond(
                "Ready",
                "False",
                "ReadinessGatesNotReady",
                "the status of pod readiness gate \"kubevirt.io/virtual-machine-unpaused\" is not \"True\", but False",
                None,
                Some(gate_t),
            ));
        }
        conds.push(cond(
            "ContainersReady",
            tf(containers_ready),
            "",
            "",
            None,
            Some(started),
        ));
        conds.push(cond(
            "PodScheduled",
            "True",
            "",
            "",
            None,
            Some(p.created + 0.2),
        ));
        st["conditions"] = json!(conds);
        st["hostIP"] = json!(node_ip(node));
        st["hostIPs"] = json!([{"ip": node_ip(node)}]);
        if let Some(ip) = &p.ip {
            st["podIP"] = json!(ip);
            st["podIPs"] = json!([{"ip": ip}]);
        }
        st["startTime"] = json!(rfc3339(p.created + 0.3));
        let state = match (p.phase.as_str(), p.ended) {
            ("Succeeded", Some(e)) => {
                json!({"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": rfc3339(started), "finishedAt": rfc3339(e), "containerID": format!("cri-o://{}", &p.uid.replace('-', ""))}})
            }
            ("Failed", Some(e)) => {
                json!({"terminated": {"exitCode": 1, "reason": "Error", "startedAt": rfc3339(started), "finishedAt": rfc3339(e), "containerID": format!("cri-o://{}", &p.uid.replace('-', ""))}})
            }
            _ => json!({"running": {"startedAt": rfc3339(started)}}),
        };
        st["containerStatuses"] = json!([{
            "name": "compute", "ready": containers_ready, "restartCount": 0, "started": running,
            "image": LAUNCHER_IMAGE, "imageID": format!("{LAUNCHER_IMAGE}@sha256:5c0b8b2b0f7e4d0c59d2b8b4c4ab3c7d1a0e4f1a2b3c4d5e6f708192a3b4c5d6"),
            "containerID": format!("cri-o://{}", p.uid.replace('-', "")), "state": state,
        }]);
        st
    }

    /// The VMIM object of the current or last migration.
    pub fn vmim(&self) -> Option<Value> {
        let m = self.migration.as_ref().filter(|m| !m.gone)?;
        Some(vmim_object(self, m))
    }
}

fn pod_iface_hash(name: &str, n: usize) -> String {
    let h = name.bytes().fold(0xcbf29ce484222325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    });
    format!("{:011x}", (h >> 8) ^ n as u64)[..11].to_string()
}

/// The IP of a node from its name (stable, in 192.168.126.0/24).
pub fn node_ip(node: &str) -> String {
    let h = node
        .bytes()
        .fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(b as u32));
    format!("192.168.126.{}", 10 + h % 200)
}

fn iface_status(i: &Iface) -> Value {
    let mut v = json!({"mac": i.mac, "infoSource": i.info_source});
    if let Some(n) = &i.name {
        v["name"] = json!(n);
        v["queueCount"] = json!(1);
        v["linkState"] = json!("up");
    }
    if let Some(ip) = i.ips.first() {
        v["ipAddress"] = json!(ip);
        v["ipAddresses"] = json!(i.ips);
    }
    if let Some(g) = &i.guest_name {
        v["interfaceName"] = json!(g);
    }
    if let Some(p) = &i.pod_iface {
        v["podInterfaceName"] = json!(p);
    }
    v
}

fn migration_state(m: &Migration, block: bool) -> Value {
    let mut s = json!({
        "migrationUid": m.uid,
        "sourceNode": m.source_node, "sourcePod": m.source_pod,
        "mode": m.mode,
        "completed": m.completed,
        "failed": m.failed,
        "migrationNetworkType": "Pod",
        "migrationConfiguration": {
            "allowAutoConverge": false, "allowPostCopy": m.allow_post_copy, "allowWorkloadDisruption": m.allow_post_copy,
            "bandwidthPerMigration": "0Mi", "completionTimeoutPerGiB": 150, "nodeDrainTaintKey": "kubevirt.io/drain",
            "parallelMigrationsPerCluster": 5, "parallelOutboundMigrationsPerNode": 2, "progressTimeout": 150,
            "unsafeMigrationOverride": false, "maxDowntimeMs": 900, "utilityVolumesTimeout": 150,
        },
    });
    if let Some(n) = &m.target_node {
        s["targetNode"] = json!(n);
    }
    if let Some(p) = &m.target_pod {
        s["targetPod"] = json!(p);
    }
    if let Some(a) = &m.target_address {
        s["targetNodeAddress"] = json!(a);
        s["targetDirectMigrationNodePorts"] = if block {
            json!({"38421": 0, "42013": 49152})
        } else {
            json!({"38421": 0})
        };
    }
    if let Some(t) = m.start {
        s["startTimestamp"] = json!(rfc3339(t));
    }
    if let Some(t) = m.end {
        s["endTimestamp"] = json!(rfc3339(t));
        if !m.failed {
            s["targetNodeDomainDetected"] = json!(true);
            s["targetNodeDomainReadyTimestamp"] = json!(rfc3339(t));
        }
    }
    if m.abort_requested {
        s["abortRequested"] = json!(true);
    }
    if let Some(a) = m.abort_status {
        s["abortStatus"] = json!(a);
    }
    if let Some(r) = &m.failure_reason {
        s["failureReason"] = json!(r);
    }
    s
}

fn vmim_object(vm: &Vm, m: &Migration) -> Value {
    let mut md = json!({
        "name": m.name, "namespace": vm.ns, "uid": m.uid, "generation": 1,
        "creationTimestamp": rfc3339(m.created),
        "labels": {"kubevirt.io/vmi-name": vm.name},
        "annotations": {"kubevirt.io/latest-observed-api-version": "v1", "kubevirt.io/storage-observed-api-version": "v1"},
        "finalizers": ["kubevirt.io/migrationJobFinalize"],
    });
    if let Some(src) = &m.evacuation {
        md["generateName"] = json!("kubevirt-evacuation-");
        md["annotations"]["kubevirt.io/evacuationMigration"] = json!(src);
    }
    if let Some(t) = m.deleting {
        md["deletionTimestamp"] = json!(rfc3339(t));
        md["deletionGracePeriodSeconds"] = json!(0);
    }
    let mut status = json!({
        "phase": m.phase,
        "phaseTransitionTimestamps": m.phase_times.iter()
            .map(|(p, t)| json!({"phase": p, "phaseTransitionTimestamp": rfc3339(*t)})).collect::<Vec<_>>(),
    });
    if !m.conditions.is_empty() {
        status["conditions"] = json!(m.conditions);
    }
    if matches!(m.phase.as_str(), "Succeeded" | "Failed") && m.on_vmi {
        status["migrationState"] = migration_state(m, vm.block_migration());
    }
    json!({
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstanceMigration",
        "metadata": md, "spec": {"vmiName": vm.name}, "status": status,
    })
}

/// A VMIM condition.
pub fn vmim_condition(ty: &str, reason: &str, message: &str, t: f64) -> Value {
    cond(ty, "True", reason, message, Some(t), Some(t))
}
