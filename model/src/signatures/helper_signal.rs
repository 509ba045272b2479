//! A helper virt-handler runs on the node killed by a signal. virt-handler runs its helpers
//! (`virt-chroot create-tap`, `set-cgroup`, the mounts of hot-plugged volumes, …) as child
//! processes, in the launcher's namespaces and SELinux context (KubeVirt
//! `pkg/virt-handler/selinux/executor.go` SELinuxExecutor.Run, and
//! `pkg/virt-handler/cgroup/util.go` for virt-chroot's cgroup writes, both
//! `fmt.Errorf("failed running command %s, err: %v, output: %s", …)`). When the child dies of a
//! signal, Go's `os.ProcessState.String` writes `signal: <name>` (`os/exec_posix.go`), the names
//! from `syscall`'s table (`zerrors_linux_*.go`): "segmentation fault", "killed", "aborted",
//! "bus error", "illegal instruction", "floating point exception", "bad system call". A
//! helper that crashes or is killed is the host's doing (its security policy enforcing on the
//! helper, the kernel's OOM killer, a seccomp profile, a broken binary), whatever step the
//! helper served (the tap device of the pod network, a cgroup, a volume): the node's, so it
//! outranks the step's own reading (`network.rs` "failed to configure vmi network").
//! An ordinary non-zero exit (`exit status N`) keeps the step's reading.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// Go's signal names (syscall `zerrors_linux_*.go` signal table) a killed helper shows.
const SIGNALS: &[&str] = &[
    "signal: segmentation fault",
    "signal: killed",
    "signal: aborted",
    "signal: bus error",
    "signal: illegal instruction",
    "signal: floating point exception",
    "signal: bad system call",
];

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "handler-helper-killed-by-signal",
    all: &["failed running command", "err: signal: "],
    any: SIGNALS,
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "a helper virt-handler runs on the node was killed by a signal",
    cause: "virt-handler runs its helpers (virt-chroot creating the tap device, writing cgroups, \
        mounting volumes) as processes on the node, and this one died of a signal instead of \
        exiting: the host killed or crashed it (SELinux or another security policy enforcing on \
        it, a seccomp profile, the OOM killer, a binary that does not fit the host), so the step \
        it served (the VM's network, its cgroups, a volume) fails on this node",
    next_steps: &[
        "on the node: journalctl -k | grep -iE 'segfault|killed process|audit' (who killed the helper)",
        "on the node: ausearch -m avc -ts recent (SELinux denials), getenforce",
        "kubectl logs -n kubevirt <virt-handler pod on the node> | grep 'failed running command'",
    ],
    source: "KubeVirt pkg/virt-handler/selinux/executor.go (SELinuxExecutor.Run), \
        pkg/virt-handler/cgroup/util.go; Go os/exec_posix.go (\"signal: \"), syscall signal names",
    example: "error creating tap device named tap0; failed to execute command in launcher namespace 2100: failed running command /usr/bin/virt-chroot create-tap --tap-name tap0 --uid 107 --gid 107 --queue-number 0 --mtu 1450, err: signal: killed, output: ",
    ..BASE
}];
