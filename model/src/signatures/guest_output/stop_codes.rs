//! Windows' stop codes (bug checks) operators meet in VMs, by name as the blue screen prints them
//! ("Stop code: NAME") and by number in the older form ("STOP: 0x0000007B"), from Microsoft's
//! bug check code reference (learn.microsoft.com, windows-hardware/drivers/debugger,
//! "Bug Check Code Reference"; `console.rs` already reads INACCESSIBLE_BOOT_DEVICE by name,
//! and `guest_panic.rs` the hypervisor's crash report that carries the code as arg1). Data
//! table. The guest's operating system or its drivers, except two the reference ties to the
//! processor or the hardware under the guest: CLOCK_WATCHDOG_TIMEOUT (0x101, a secondary
//! processor's clock interrupt not received: a vCPU the host did not run) and
//! WHEA_UNCORRECTABLE_ERROR (0x124, a hardware error reported to Windows), the node's.

use super::super::Signature;
use super::super::base::BASE;
use crate::verdict::{Health, Layer};

const STEPS: &[&str] = &[
    "virtctl vnc <vm> (the stop code and the driver the blue screen names)",
    "look up the stop code in Microsoft's bug check code reference",
    "check the guest's virtio drivers (virtio-win) against the VM's devices",
];

/// Windows cannot reach or mount its boot volume.
const BOOT: Signature = Signature {
    layer: Some(Layer::Guest),
    health: Health::Broken,
    title: "Windows cannot reach its boot disk (stop code)",
    cause: "Windows lost its boot volume while starting: it has no driver for the bus the \
        VM's disk now uses (virtio without the virtio-win storage driver, after an import or a \
        bus change), or the volume is damaged; KubeVirt and QEMU run the VM",
    next_steps: &[
        "compare the VM's disk bus (spec.template.spec.domain.devices.disks[].disk.bus) with the driver the image has (sata boots without virtio-win)",
        "install the virtio-win drivers in the guest, then switch the disk to virtio",
    ],
    source: "Microsoft bug check code reference: 0x7B INACCESSIBLE_BOOT_DEVICE, 0xED \
        UNMOUNTABLE_BOOT_VOLUME",
    ..BASE
};

/// Windows or one of its drivers crashed.
const CRASH: Signature = Signature {
    layer: Some(Layer::Guest),
    health: Health::Broken,
    title: "Windows stopped with a bug check (blue screen)",
    cause: "the Windows guest crashed: a driver (often a storage or network driver, virtio-win \
        among them) or a system process failed; the stop code names which; KubeVirt and QEMU \
        run the VM",
    next_steps: STEPS,
    source: "Microsoft bug check code reference: 0x0A IRQL_NOT_LESS_OR_EQUAL, 0x1E \
        KMODE_EXCEPTION_NOT_HANDLED, 0x3B SYSTEM_SERVICE_EXCEPTION, 0x50 \
        PAGE_FAULT_IN_NONPAGED_AREA, 0x7E SYSTEM_THREAD_EXCEPTION_NOT_HANDLED, 0xD1 \
        DRIVER_IRQL_NOT_LESS_OR_EQUAL, 0xEF CRITICAL_PROCESS_DIED, 0x133 DPC_WATCHDOG_VIOLATION, \
        0x5A CRITICAL_SERVICE_FAILED",
    ..BASE
};

/// The processor or hardware under Windows failed it: in a VM, the host.
const HOST: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "Windows stopped because its processor or hardware failed it (stop code)",
    cause: "the bug check names the processor or the hardware, not Windows: a vCPU that did not \
        answer its clock interrupt in time (the host did not run it: CPU overcommit, a nested \
        or stalled hypervisor) or a machine-check error passed to the guest; the node under \
        the VM",
    next_steps: &[
        "kubectl describe node <node> (CPU pressure, other VMs' load)",
        "the node's kernel log (dmesg: soft lockups, machine-check errors)",
        "look up the stop code in Microsoft's bug check code reference",
    ],
    source: "Microsoft bug check code reference: 0x101 CLOCK_WATCHDOG_TIMEOUT, 0x124 \
        WHEA_UNCORRECTABLE_ERROR",
    ..BASE
};

pub(crate) const TABLE: &[Signature] = &[
    Signature {
        id: "windows-unmountable-boot-volume",
        all: &["UNMOUNTABLE_BOOT_VOLUME"],
        example: "Stop code: UNMOUNTABLE_BOOT_VOLUME",
        ..BOOT
    },
    Signature {
        id: "windows-stop-0x7b",
        all: &["STOP: 0x0000007B"],
        example: "*** STOP: 0x0000007B (0xFFFFF880009A97E8,0xFFFFFFFFC0000034,0x0000000000000000,0x0000000000000000)",
        ..BOOT
    },
    Signature {
        id: "windows-stop-0xed",
        all: &["STOP: 0x000000ED"],
        example: "*** STOP: 0x000000ED (0x8A3C1B30,0xC000009C,0x00000000,0x00000000)",
        ..BOOT
    },
    Signature {
        id: "windows-irql-not-less-or-equal",
        all: &["IRQL_NOT_LESS_OR_EQUAL"],
        example: "Stop code: IRQL_NOT_LESS_OR_EQUAL",
        ..CRASH
    },
    Signature {
        id: "windows-kmode-exception",
        all: &["KMODE_EXCEPTION_NOT_HANDLED"],
        example: "Stop code: KMODE_EXCEPTION_NOT_HANDLED",
        ..CRASH
    },
    Signature {
        id: "windows-system-service-exception",
        all: &["SYSTEM_SERVICE_EXCEPTION"],
        example: "Stop code: SYSTEM_SERVICE_EXCEPTION",
        ..CRASH
    },
    Signature {
        id: "windows-page-fault-nonpaged",
        all: &["PAGE_FAULT_IN_NONPAGED_AREA"],
        example: "Stop code: PAGE_FAULT_IN_NONPAGED_AREA",
        ..CRASH
    },
    Signature {
        id: "windows-system-thread-exception",
        all: &["SYSTEM_THREAD_EXCEPTION_NOT_HANDLED"],
        example: "Stop code: SYSTEM_THREAD_EXCEPTION_NOT_HANDLED",
        ..CRASH
    },
    Signature {
        id: "windows-critical-process-died",
        all: &["CRITICAL_PROCESS_DIED"],
        example: "Stop code: CRITICAL_PROCESS_DIED",
        ..CRASH
    },
    Signature {
        id: "windows-critical-service-failed",
        all: &["CRITICAL_SERVICE_FAILED"],
        example: "Stop code: CRITICAL_SERVICE_FAILED",
        ..CRASH
    },
    Signature {
        id: "windows-dpc-watchdog",
        all: &["DPC_WATCHDOG_VIOLATION"],
        example: "Stop code: DPC_WATCHDOG_VIOLATION",
        ..CRASH
    },
    Signature {
        id: "windows-clock-watchdog",
        all: &["CLOCK_WATCHDOG_TIMEOUT"],
        example: "Stop code: CLOCK_WATCHDOG_TIMEOUT",
        ..HOST
    },
    Signature {
        id: "windows-whea-uncorrectable",
        all: &["WHEA_UNCORRECTABLE_ERROR"],
        example: "Stop code: WHEA_UNCORRECTABLE_ERROR",
        ..HOST
    },
];
