//! libvirt failing to set a limit of the QEMU process it starts. Before it execs QEMU, libvirt
//! sets the process's resource limits through `prlimit` (libvirt `src/util/virprocess.c`:
//! virProcessSetMaxMemLock "cannot limit locked memory to %llu" and "cannot limit locked memory
//! of process %lld to %llu", virProcessGetMaxMemLock "cannot get locked memory limit" (of
//! process %lld), virProcessSetMaxProcesses "cannot limit number of subprocesses" (of process),
//! virProcessSetMaxFiles "cannot limit number of open files" (of process), and
//! virProcessSetMaxCoreSize "cannot limit core file size" (of process)); a failure in that hook
//! is reported by the parent as "Process exited prior to exec: %s" (`src/util/vircommand.c`,
//! virCommandHandshakeWait). KubeVirt raises the locked-memory limit for VFIO devices, SEV and
//! real-time VMs; in the launcher's non-root container the process lacks the capability
//! (CAP_SYS_RESOURCE) or the node's limit is lower, so the kernel refuses (`Operation not
//! permitted`). The process's limits on the node refuse QEMU's start: the node's.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const LIMIT: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "libvirt cannot set a resource limit of the VM's QEMU process",
    cause: "before it starts QEMU, libvirt sets the process's limits (locked memory for a VFIO \
        device, SEV or real-time VM, processes, open files, core size) with prlimit; the kernel \
        refused (the launcher's container lacks the capability to raise it, or the node's own \
        limit is lower), so QEMU never starts and the VMI fails on this node",
    next_steps: &[
        "kubectl logs <virt-launcher pod> -c compute | grep -i 'cannot limit' (which limit, to what)",
        "on the node: the container runtime's default ulimits (LimitMEMLOCK of containerd or CRI-O) and the launcher pod's capabilities",
        "kubectl get vmi <vmi> -n <ns> -o yaml (host devices, GPUs, SEV or dedicated CPUs that need locked memory)",
    ],
    source: "libvirt src/util/virprocess.c (virProcessSetMaxMemLock, virProcessGetMaxMemLock, \
        virProcessSetMaxProcesses, virProcessSetMaxFiles, virProcessSetMaxCoreSize), \
        src/util/vircommand.c (\"Process exited prior to exec\")",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "libvirt-cannot-limit-process",
        all: &["cannot limit"],
        any: &[
            "cannot limit locked memory",
            "cannot limit number of subprocesses",
            "cannot limit number of open files",
            "cannot limit core file size",
        ],
        example: "internal error: Process exited prior to exec: libvirt: error : cannot limit locked memory of process 4242 to 2147483648: Operation not permitted",
        ..LIMIT
    },
    Signature {
        id: "libvirt-cannot-get-memlock-limit",
        all: &["cannot get locked memory limit"],
        example: "libvirt: error : cannot get locked memory limit of process 4242: Operation not permitted",
        ..LIMIT
    },
];
