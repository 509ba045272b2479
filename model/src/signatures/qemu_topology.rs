//! QEMU refusing the VM's CPU topology.
//!
//! KubeVirt turns the VMI's `spec.domain.cpu` (sockets, cores, threads, maxSockets) into
//! libvirt's `<vcpu>` and `<topology>` (`pkg/virt-launcher/virtwrap/converter/`), which libvirt
//! passes to QEMU as `-smp`. QEMU checks the topology against the machine before it starts
//! (`hw/core/machine-smp.c` machine_parse_smp_config: "Invalid CPU topology: …", "Invalid SMP
//! CPUs %d. The min/max CPUs supported by machine '%s' is %d", "%s not supported by this
//! machine's CPU topology" for dies, clusters, books and drawers; the s390x machine,
//! `hw/s390x/s390-virtio-ccw.c`: "S390 does not support more than %d threads."). QEMU exits,
//! the launcher fails and the VM crash-loops on every node alike: the fault is the VM's
//! definition (a topology the architecture or machine type cannot run), which the API and the
//! tools that write it let through: the control plane's, not the node's.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const TOPOLOGY: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "QEMU refuses the VM's CPU topology",
    cause: "the VM's CPU topology (spec.domain.cpu: sockets, cores, threads) is one QEMU cannot \
        run on this machine type or architecture (too many CPUs, a product that does not add up, \
        more than one thread per core on s390x), so QEMU exits at start and the VM crash-loops \
        on any node: the VM's definition must change",
    next_steps: &[
        "kubectl get vm <vm> -n <ns> -o jsonpath='{.spec.template.spec.domain.cpu}'",
        "set a topology the architecture supports (on s390x one thread per core), then restart the VM",
    ],
    source: "QEMU hw/core/machine-smp.c (machine_parse_smp_config), hw/s390x/s390-virtio-ccw.c; \
        KubeVirt pkg/virt-launcher/virtwrap/converter/",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "qemu-invalid-cpu-topology",
        all: &["Invalid CPU topology"],
        example: "qemu-kvm: Invalid CPU topology: maxcpus must be equal to or greater than smp: sockets (1) * cores (2) * threads (1) == maxcpus (2) < smp_cpus (4)",
        ..TOPOLOGY
    },
    Signature {
        id: "qemu-invalid-smp-cpus",
        all: &["Invalid SMP CPUs", "supported by machine"],
        example: "qemu-system-x86_64: Invalid SMP CPUs 1024. The max CPUs supported by machine 'pc-q35-rhel9.4.0' is 710",
        ..TOPOLOGY
    },
    Signature {
        id: "qemu-topology-level-unsupported",
        all: &["not supported by this machine's CPU topology"],
        example: "qemu-kvm: dies not supported by this machine's CPU topology",
        ..TOPOLOGY
    },
    Signature {
        id: "qemu-s390-threads",
        all: &["S390 does not support more than", "threads"],
        example: "qemu-system-s390x: S390 does not support more than 1 threads.",
        ..TOPOLOGY
    },
];
