//! A realistic mixed dump, as `kubectl get vmi,vm,vmim,pod,node,events -A -o yaml` prints it:
//! `n` VMIs, each with its VM, its virt-launcher pod and an event (one in four a second one), a
//! node per 25 VMIs, a migration per 20 VMIs (one in five failed), a few broken VMIs (a
//! `Failed` VMI, a launcher in `CrashLoopBackOff`, a `NotReady` node) and one node in 100
//! cordoned for a drain (so the drain impact is worked out), either as one `kind: List`
//! or as `---`-separated documents. About 5 KB per VMI: 10,000 VMIs make about 50 MB. Pure
//! `std`, so the same text can be produced outside the bench.

use std::fmt::Write;

/// How the objects are put together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One `apiVersion: v1` / `kind: List` with every object in `items`.
    List,
    /// `---`-separated documents.
    Documents,
}

/// The VMIs that the dump breaks (one in `BROKEN_EVERY`): its phase `Failed`.
pub const BROKEN_EVERY: usize = 500;

/// The nodes that the dump cordons (one in `CORDONED_EVERY`, from the sixth).
pub const CORDONED_EVERY: usize = 100;

/// A mixed dump of `n` VMIs in `shape`.
pub fn mixed_dump(n: usize, shape: Shape) -> String {
    let mut objects: Vec<String> = Vec::with_capacity(n * 6);
    let nodes = n.div_ceil(25).max(1);
    for k in 0..nodes {
        objects.push(node(k));
    }
    for i in 0..n {
        objects.push(vm(i));
        objects.push(vmi(i, nodes));
        objects.push(pod(i, nodes));
        if i % 20 == 7 {
            objects.push(vmim(i, nodes));
        }
        objects.push(event(
            i,
            0,
            "Normal",
            "SuccessfulCreate",
            "Created virtual machine pod",
        ));
        if i % 4 != 0 && i % BROKEN_EVERY != 3 {
            continue;
        }
        let (t, reason, msg) = if i % BROKEN_EVERY == 3 {
            (
                "Warning",
                "SyncFailed",
                "server error. command SyncVMI failed: \"LibvirtError(Code=1, Domain=10, Message='internal error: qemu unexpectedly closed the monitor')\"",
            )
        } else {
            ("Normal", "Started", "VirtualMachineInstance started.")
        };
        objects.push(event(i, 1, t, reason, msg));
    }
    let mut out = String::with_capacity(objects.iter().map(|o| o.len() + 8).sum::<usize>() + 64);
    match shape {
        Shape::Documents => {
            for o in &objects {
                out.push_str("---\n");
                out.push_str(o);
            }
        }
        Shape::List => {
            out.push_str("apiVersion: v1\nitems:\n");
            for o in &objects {
                for (j, line) in o.lines().enumerate() {
                    out.push_str(if j == 0 { "- " } else { "  " });
                    out.push_str(line);
                    out.push('\n');
                }
            }
            out.push_str("kind: List\nmetadata:\n  resourceVersion: \"\"\n");
        }
    }
    out
}

fn ns(i: usize) -> String {
    format!("tenant-{}", i % 13)
}

fn node_name(k: usize) -> String {
    format!("worker-{k:04}.cluster.example.com")
}

fn uid(kind: u32, i: usize) -> String {
    format!("{kind:08x}-{:04x}-4000-8000-{i:012x}", i % 0xffff)
}

fn node(k: usize) -> String {
    let ready = if k % 40 == 9 {
        "    message: Kubelet stopped posting node status.\n    reason: NodeStatusUnknown\n    status: Unknown\n"
    } else {
        "    message: kubelet is posting ready status\n    reason: KubeletReady\n    status: \"True\"\n"
    };
    let cordon = if k % CORDONED_EVERY == 5 {
        "  taints:\n  - effect: NoSchedule\n    key: node.kubernetes.io/unschedulable\n    \
         timeAdded: \"2026-08-22T10:00:00Z\"\n  unschedulable: true\n"
    } else {
        ""
    };
    let mut s = String::new();
    let name = node_name(k);
    let _ = write!(
        s,
        "apiVersion: v1\nkind: Node\nmetadata:\n  annotations:\n    \
         kubevirt.io/heartbeat: \"2026-08-22T10:09:00Z\"\n    \
         node.alpha.kubernetes.io/ttl: \"0\"\n  creationTimestamp: \"2026-01-10T08:00:00Z\"\n  \
         labels:\n    kubernetes.io/hostname: {name}\n    kubevirt.io/schedulable: \"true\"\n    \
         node-role.kubernetes.io/worker: \"\"\n  name: {name}\n  resourceVersion: \"{rv}\"\n  \
         uid: {uid}\nspec:\n  podCIDR: 10.{a}.{b}.0/24\n{cordon}status:\n  allocatable:\n    \
         cpu: \"63\"\n    devices.kubevirt.io/kvm: 1k\n    memory: 257000000Ki\n    pods: \"250\"\n  \
         capacity:\n    cpu: \"64\"\n    devices.kubevirt.io/kvm: 1k\n    memory: 263000000Ki\n    \
         pods: \"250\"\n  conditions:\n  - lastHeartbeatTime: \"2026-08-22T10:09:00Z\"\n    \
         lastTransitionTime: \"2026-01-10T08:01:00Z\"\n    message: kubelet has sufficient memory available\n    \
         reason: KubeletHasSufficientMemory\n    status: \"False\"\n    type: MemoryPressure\n  \
         - lastHeartbeatTime: \"2026-08-22T10:09:00Z\"\n    \
         lastTransitionTime: \"2026-08-22T09:00:00Z\"\n{ready}    type: Ready\n  \
         nodeInfo:\n    containerRuntimeVersion: cri-o://1.30.4\n    kernelVersion: 5.14.0-427.el9.x86_64\n    \
         kubeletVersion: v1.30.4\n    osImage: Red Hat Enterprise Linux CoreOS\n",
        rv = 900_000 + k,
        uid = uid(0x0de0, k),
        a = k / 250,
        b = k % 250,
    );
    s
}

fn vm(i: usize) -> String {
    let status = if i % BROKEN_EVERY == 1 {
        "CrashLoopBackOff"
    } else if i.is_multiple_of(BROKEN_EVERY) {
        "Stopped"
    } else {
        "Running"
    };
    format!(
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  \
         creationTimestamp: \"2026-08-01T00:00:00Z\"\n  generation: 2\n  name: vm-{i:05}\n  \
         namespace: {ns}\n  resourceVersion: \"{rv}\"\n  uid: {uid}\nspec:\n  \
         runStrategy: Always\n  template:\n    metadata:\n      labels:\n        \
         kubevirt.io/vm: vm-{i:05}\n    spec:\n      domain:\n        \
         memory:\n          guest: 4Gi\nstatus:\n  conditions:\n  - lastProbeTime: null\n    \
         lastTransitionTime: \"2026-08-22T06:00:00Z\"\n    status: \"True\"\n    type: Ready\n  \
         created: true\n  printableStatus: {status}\n  ready: true\n",
        ns = ns(i),
        rv = 100_000 + i,
        uid = uid(0x0a11, i),
    )
}

fn vmi(i: usize, nodes: usize) -> String {
    let node = node_name(i % nodes);
    let phase = if i.is_multiple_of(BROKEN_EVERY) {
        "Failed"
    } else {
        "Running"
    };
    let migratable = if i.is_multiple_of(3) {
        "  - lastProbeTime: null\n    lastTransitionTime: null\n    message: 'cannot migrate VMI: PVC \
         vm-root is not shared, live migration requires that all PVCs must be shared (using \
         ReadWriteMany access mode)'\n    reason: DisksNotLiveMigratable\n    status: \"False\"\n    \
         type: LiveMigratable\n"
    } else {
        "  - lastProbeTime: null\n    lastTransitionTime: null\n    status: \"True\"\n    \
         type: LiveMigratable\n"
    };
    format!(
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata:\n  creationTimestamp: \"2026-08-22T06:00:00Z\"\n  labels:\n    \
         kubevirt.io/nodeName: {node}\n    kubevirt.io/vm: vm-{i:05}\n  name: vm-{i:05}\n  \
         namespace: {ns}\n  ownerReferences:\n  - apiVersion: kubevirt.io/v1\n    blockOwnerDeletion: true\n    \
         controller: true\n    kind: VirtualMachine\n    name: vm-{i:05}\n    uid: {vmuid}\n  \
         resourceVersion: \"{rv}\"\n  uid: {uid}\nspec:\n  domain:\n    cpu:\n      cores: 2\n    \
         devices:\n      disks:\n      - disk:\n          bus: virtio\n        name: rootdisk\n      \
         interfaces:\n      - masquerade: {{}}\n        name: default\n    memory:\n      guest: 4Gi\n  \
         evictionStrategy: LiveMigrate\n  networks:\n  - name: default\n    pod: {{}}\n  volumes:\n  \
         - dataVolume:\n      name: vm-{i:05}-root\n    name: rootdisk\nstatus:\n  activePods:\n    \
         {poduid}: {node}\n  conditions:\n  - lastProbeTime: null\n    \
         lastTransitionTime: \"2026-08-22T06:00:40Z\"\n    status: \"True\"\n    type: Ready\n\
         {migratable}  - lastProbeTime: \"2026-08-22T06:01:00Z\"\n    lastTransitionTime: null\n    \
         status: \"True\"\n    type: AgentConnected\n  guestOSInfo:\n    id: fedora\n  \
         interfaces:\n  - infoSource: domain, guest-agent\n    interfaceName: eth0\n    \
         ipAddress: 10.128.{a}.{b}\n    ipAddresses:\n    - 10.128.{a}.{b}\n    \
         mac: 02:00:00:{m1:02x}:{m2:02x}:{m3:02x}\n    name: default\n    queueCount: 1\n  \
         launcherContainerImageVersion: quay.io/kubevirt/virt-launcher:v1.3.1\n  \
         migrationMethod: BlockMigration\n  migrationTransport: Unix\n  nodeName: {node}\n  \
         phase: {phase}\n  phaseTransitionTimestamps:\n  - phase: Pending\n    \
         phaseTransitionTimestamp: \"2026-08-22T06:00:00Z\"\n  - phase: Scheduled\n    \
         phaseTransitionTimestamp: \"2026-08-22T06:00:20Z\"\n  - phase: Running\n    \
         phaseTransitionTimestamp: \"2026-08-22T06:00:40Z\"\n  qosClass: Burstable\n  \
         volumeStatus:\n  - name: rootdisk\n    target: vda\n",
        ns = ns(i),
        rv = 200_000 + i,
        uid = uid(0x0b22, i),
        vmuid = uid(0x0a11, i),
        poduid = uid(0x0c33, i),
        a = (i / 250) % 256,
        b = i % 250,
        m1 = (i >> 16) & 0xff,
        m2 = (i >> 8) & 0xff,
        m3 = i & 0xff,
    )
}

fn pod(i: usize, nodes: usize) -> String {
    let node = node_name(i % nodes);
    let (phase, state) = if i % BROKEN_EVERY == 2 {
        (
            "Running",
            "      waiting:\n        message: back-off 5m0s restarting failed container=compute\n        \
             reason: CrashLoopBackOff\n",
        )
    } else {
        (
            "Running",
            "      running:\n        startedAt: \"2026-08-22T06:00:30Z\"\n",
        )
    };
    format!(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  creationTimestamp: \"2026-08-22T06:00:00Z\"\n  \
         generateName: virt-launcher-vm-{i:05}-\n  labels:\n    kubevirt.io: virt-launcher\n    \
         kubevirt.io/created-by: {vmiuid}\n    kubevirt.io/nodeName: {node}\n    vm.kubevirt.io/name: vm-{i:05}\n  \
         name: virt-launcher-vm-{i:05}-{suffix:05x}\n  namespace: {ns}\n  ownerReferences:\n  \
         - apiVersion: kubevirt.io/v1\n    blockOwnerDeletion: true\n    controller: true\n    \
         kind: VirtualMachineInstance\n    name: vm-{i:05}\n    uid: {vmiuid}\n  \
         resourceVersion: \"{rv}\"\n  uid: {uid}\nspec:\n  containers:\n  - image: \
         quay.io/kubevirt/virt-launcher:v1.3.1\n    name: compute\n  \
         nodeName: {node}\n  priority: 0\n  restartPolicy: Never\n  schedulerName: default-scheduler\n\
         status:\n  conditions:\n  - lastProbeTime: null\n    lastTransitionTime: \"2026-08-22T06:00:30Z\"\n    \
         status: \"True\"\n    type: Ready\n  - lastProbeTime: null\n    \
         lastTransitionTime: \"2026-08-22T06:00:10Z\"\n    status: \"True\"\n    type: PodScheduled\n  \
         containerStatuses:\n  - image: quay.io/kubevirt/virt-launcher:v1.3.1\n    \
         name: compute\n    ready: true\n    restartCount: 0\n    started: true\n    state:\n{state}  \
         hostIP: 192.168.{a}.{b}\n  phase: {phase}\n  podIP: 10.128.{a}.{b}\n  qosClass: Burstable\n  \
         startTime: \"2026-08-22T06:00:10Z\"\n",
        ns = ns(i),
        rv = 300_000 + i,
        uid = uid(0x0c33, i),
        vmiuid = uid(0x0b22, i),
        suffix = (i * 7919) % 0xfffff,
        a = (i / 250) % 256,
        b = i % 250,
    )
}

fn vmim(i: usize, nodes: usize) -> String {
    let (src, dst) = (node_name(i % nodes), node_name((i + 1) % nodes));
    let failed = i % 100 == 7;
    let phase = if failed { "Failed" } else { "Succeeded" };
    let end = if failed {
        "    failed: true\n    failureReason: 'Live migration failed: migration job \
         failed: operation failed: migration out job: unexpectedly failed'\n"
    } else {
        "    completed: true\n"
    };
    format!(
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstanceMigration\nmetadata:\n  \
         creationTimestamp: \"2026-08-22T08:00:00Z\"\n  generateName: kubevirt-evacuation-\n  \
         labels:\n    kubevirt.io/vmi-name: vm-{i:05}\n  name: kubevirt-evacuation-{i:05}\n  \
         namespace: {ns}\n  uid: {uid}\nspec:\n  vmiName: vm-{i:05}\nstatus:\n  migrationState:\n\
         {end}    endTimestamp: \"2026-08-22T08:01:30Z\"\n    migrationUid: {uid}\n    \
         mode: PreCopy\n    sourceNode: {src}\n    startTimestamp: \"2026-08-22T08:00:10Z\"\n    \
         targetNode: {dst}\n    targetPod: virt-launcher-vm-{i:05}-mig{i:05}\n  phase: {phase}\n  \
         phaseTransitionTimestamps:\n  - phase: Pending\n    phaseTransitionTimestamp: \"2026-08-22T08:00:00Z\"\n  \
         - phase: Running\n    phaseTransitionTimestamp: \"2026-08-22T08:00:10Z\"\n  - phase: {phase}\n    \
         phaseTransitionTimestamp: \"2026-08-22T08:01:30Z\"\n",
        ns = ns(i),
        uid = uid(0x0d44, i),
    )
}

fn event(i: usize, k: usize, kind: &str, reason: &str, message: &str) -> String {
    let msg = message.replace('\'', "''");
    format!(
        "apiVersion: v1\ncount: 1\ninvolvedObject:\n  \
         apiVersion: kubevirt.io/v1\n  kind: VirtualMachineInstance\n  name: vm-{i:05}\n  \
         namespace: {ns}\n  uid: {vmiuid}\nkind: Event\nlastTimestamp: \"2026-08-22T06:00:{k}5Z\"\n\
         message: '{msg}'\nmetadata:\n  name: vm-{i:05}.{h:016x}\n  namespace: {ns}\nreason: {reason}\nsource:\n  \
         component: virt-handler\ntype: {kind}\n",
        ns = ns(i),
        vmiuid = uid(0x0b22, i),
        h = i * 31 + k,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_shapes_hold_every_vmi_in_about_five_kb_each() {
        for shape in [Shape::List, Shape::Documents] {
            let d = mixed_dump(100, shape);
            // Only a VMI's status has the launcher image.
            assert_eq!(d.matches("launcherContainerImageVersion:").count(), 100);
            let per_vmi = d.len() / 100;
            assert!((3_000..6_000).contains(&per_vmi), "{per_vmi} bytes per VMI");
        }
    }
}
