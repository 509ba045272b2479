//! virt-launcher pods as the Pod objects Kubernetes shows for them.

use super::{Iface, LAUNCHER_IMAGE, Pod, Vm, cond, node_ip, overhead_mib};
use crate::clock::rfc3339;
use serde_json::{Value, json};

impl Vm {
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
        if let (Some(h), Some(owner)) = (&self.hotplug_pod, &self.pod) {
            out.push(self.hotplug_pod_object(h, owner));
        }
        out
    }

    /// A hot-plug attachment pod. KubeVirt `pkg/virt-controller/services/template.go`,
    /// `RenderHotplugAttachmentPodTemplate`: label `kubevirt.io: hotplug-disk`, owned by the
    /// launcher *pod* (so it is never in the VMI's `activePods`).
    fn hotplug_pod_object(&self, h: &Pod, owner: &Pod) -> Value {
        let mut spec = json!({
            "containers": [{"name": "hotplug-disk", "image": LAUNCHER_IMAGE,
                            "command": ["/bin/sh", "-c", "/usr/bin/container-disk --copy-path /path/hp"]}],
            "restartPolicy": "Never", "schedulerName": "default-scheduler",
        });
        if let Some(n) = &h.node {
            spec["nodeName"] = json!(n);
        }
        let mut md = json!({
            "name": h.name, "generateName": "hp-volume-", "namespace": self.ns, "uid": h.uid,
            "creationTimestamp": rfc3339(h.created),
            "labels": {"kubevirt.io": "hotplug-disk"},
            "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": owner.name, "uid": owner.uid,
                                 "controller": true, "blockOwnerDeletion": true}],
        });
        if let Some(t) = h.deleting {
            md["deletionTimestamp"] = json!(rfc3339(t));
        }
        let started = h.started.unwrap_or(h.created + 1.0);
        let status = json!({
            "phase": h.phase, "qosClass": "Guaranteed",
            "conditions": [cond("Ready", "True", "", "", None, Some(started))],
            "hostIP": h.node.as_deref().map(node_ip), "startTime": rfc3339(h.created + 0.3),
        });
        json!({"apiVersion": "v1", "kind": "Pod", "metadata": md, "spec": spec, "status": status})
    }

    pub(super) fn pod_object(&self, p: &Pod, target: bool) -> Value {
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
                let name = format!("{}/{}", self.ns, i.multus.as_deref().unwrap_or_default());
                let iface = pod_iface_hash(i.name.as_deref().unwrap_or_default(), n);
                status.push(json!({"name": name, "interface": format!("pod{iface}"),
                    "ips": ip.into_iter().collect::<Vec<_>>(), "mac": i.mac, "dns": {}}));
            }
            annotations["k8s.v1.cni.cncf.io/network-status"] =
                json!(serde_json::to_string_pretty(&status).unwrap_or_default());
            annotations["k8s.v1.cni.cncf.io/networks"] =
                json!(serde_json::to_string(&self.network_requests(&multus)).unwrap_or_default());
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
        let mut md = json!({
            "name": p.name, "generateName": format!("virt-launcher-{}-", self.name), "namespace": self.ns,
            "uid": p.uid, "creationTimestamp": rfc3339(p.created), "labels": labels, "annotations": annotations,
            "ownerReferences": [{"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance", "name": self.name,
                                 "uid": self.uid, "controller": true, "blockOwnerDeletion": true}],
        });
        if let Some(t) = p.deleting {
            md["deletionTimestamp"] = json!(rfc3339(t));
            md["deletionGracePeriodSeconds"] = json!(210);
        }
        json!({"apiVersion": "v1", "kind": "Pod", "metadata": md, "spec": spec, "status": status})
    }

    pub(super) fn pod_status(&self, p: &Pod) -> Value {
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
                // KubeVirt `pkg/virt-controller/watch/vmi/lifecycle.go`, `syncPausedConditionToPod`.
                if unpaused { "" } else { "Paused" },
                if unpaused {
                    ""
                } else {
                    "the virtual machine is paused"
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
}

impl Vm {
    /// The `k8s.v1.cni.cncf.io/networks` requests of the secondary interfaces.
    fn network_requests(&self, multus: &[&Iface]) -> Vec<Value> {
        multus
            .iter()
            .map(|i| {
                let iface = pod_iface_hash(i.name.as_deref().unwrap_or_default(), 0);
                json!({"name": i.multus, "namespace": self.ns, "interface": format!("pod{iface}")})
            })
            .collect()
    }
}

fn pod_iface_hash(name: &str, n: usize) -> String {
    let h = name.bytes().fold(0xcbf29ce484222325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    });
    format!("{:011x}", (h >> 8) ^ n as u64)[..11].to_string()
}
