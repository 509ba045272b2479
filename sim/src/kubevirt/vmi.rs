//! The VirtualMachineInstance object: spec, conditions, interfaces, volumes and migration state.

use super::migration::migration_state;
use super::{Agent, Disk, Iface, LAUNCHER_IMAGE, Vm, cond, overhead_mib, quantity_mib};
use crate::clock::rfc3339;
use serde_json::{Map, Value, json};

impl Vm {
    pub(super) fn spec(&self) -> Value {
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
                if i.state_down {
                    v["state"] = json!("down");
                }
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

    pub(super) fn conditions(&self) -> Vec<Value> {
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

    pub(super) fn migration_state(&self) -> Option<Value> {
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
        // KubeVirt `pkg/virt-controller/watch/vmi/lifecycle.go`, `setActivePods`: every pod the
        // VMI controls, whatever its phase (finished sources and failed targets stay), mapped to
        // `spec.nodeName` ("" while unscheduled).
        let mut active = Map::new();
        for p in [&self.pod, &self.target_pod]
            .into_iter()
            .flatten()
            .chain(self.old_pods.iter())
        {
            active.insert(p.uid.clone(), json!(p.node.clone().unwrap_or_default()));
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

    pub(super) fn volume_status(&self, d: &Disk) -> Value {
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
}

fn iface_status(i: &Iface) -> Value {
    let mut v = json!({"mac": i.mac, "infoSource": i.info_source});
    if let Some(n) = &i.name {
        v["name"] = json!(n);
        v["queueCount"] = json!(1);
        // KubeVirt `pkg/network/setup/netstat.go`, `linkStateFromDomain`: the domain's link.
        v["linkState"] = json!(if i.state_down { "down" } else { "up" });
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
