//! The hypervisor's own report that the guest crashed, in the words of each program that writes
//! it. A guest with a crash device (Hyper-V's crash MSRs, which KubeVirt exposes with the
//! `hyperv` features, pvpanic, s390x's disabled wait) tells QEMU it panicked; QEMU stops it in
//! the `guest-panicked` run state (QAPI `RunState`, `qapi/run-state.json`) and, for Hyper-V,
//! traces the five crash parameters ("HV crash parameters: (%#" PRIx64 " …)", QEMU
//! `system/runstate.c`, qemu_system_guest_panicked); libvirt writes the event's details into the
//! domain log the launcher relays ("%s: panic %s", `src/qemu/qemu_driver.c`,
//! processGuestPanicEvent, with `src/qemu/qemu_monitor.c` qemuMonitorGuestPanicEventInfoFormatMsg:
//! "hyper-v: arg1='0x%llx', arg2=…" and "s390: core='%d' psw-mask=…"). KubeVirt's own event for
//! it is `GuestPanicked` (`events.rs`). The first Hyper-V argument is the Windows bug check code
//! (0x7B INACCESSIBLE_BOOT_DEVICE, 0x5A CRITICAL_SERVICE_FAILED, 0xD1 DRIVER_IRQL_NOT_LESS_OR_EQUAL).
//! The guest's operating system crashed, not KubeVirt, QEMU or the node.
//!
//! The wordings were checked against their writers: QEMU's `qemu_system_guest_panicked`
//! (`qemu_log_mask(LOG_GUEST_ERROR, "\nHV crash parameters: (%#"PRIx64 …`), a libvirt domain
//! log's `panic s390: core='0' psw-mask=… reason='disabled-wait'` line quoted on qemu-devel, and
//! KubeVirt's own reader of the Hyper-V line (`pkg/virt-launcher/virtwrap/util`,
//! `ParseGuestPanicLogLine`: "panic hyper-v: arg1='0x5a', arg2='0x1', …").

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// The guest operating system crashed.
const CRASHED: Signature = Signature {
    layer: Some(Layer::Guest),
    health: Health::Broken,
    title: "the guest operating system crashed (the hypervisor's guest panic report)",
    cause: "the guest told the hypervisor through its crash device that it panicked (Hyper-V's \
        crash registers, pvpanic, s390's disabled wait); QEMU stopped it and libvirt logged the \
        crash's parameters; for a Windows guest the first argument is the bug check code (0x7B \
        INACCESSIBLE_BOOT_DEVICE: no driver for the boot disk's bus; 0xD1 and others: a driver): \
        the guest's operating system or its drivers, not KubeVirt or the node",
    next_steps: &[
        "virtctl console <vm> or virtctl vnc <vm> (the guest's own crash screen)",
        "look up the bug check code (arg1) in Microsoft's bug check reference",
        "kubectl logs <virt-launcher pod> -c compute | grep -i panic",
    ],
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "guest-panic-hyperv",
        all: &["panic hyper-v:", "arg1="],
        source: "libvirt src/qemu/qemu_driver.c (processGuestPanicEvent, \"%s: panic %s\") and \
            src/qemu/qemu_monitor.c (qemuMonitorGuestPanicEventInfoFormatMsg, \"hyper-v: \
            arg1='0x%llx', …\")",
        example: "2025-03-02 08:11:40.002+0000: panic hyper-v: arg1='0x7b', arg2='0xfffff8800b3d7968', arg3='0xffffffffc0000034', arg4='0x0', arg5='0x0'",
        ..CRASHED
    },
    Signature {
        id: "guest-panic-s390",
        all: &["panic s390:", "psw-mask="],
        source: "libvirt src/qemu/qemu_monitor.c (qemuMonitorGuestPanicEventInfoFormatMsg, \
            \"s390: core='%d' psw-mask='0x%016llx' psw-addr='0x%016llx' reason='%s'\")",
        example: "2024-11-20 10:00:01.123+0000: panic s390: core='0' psw-mask='0x0002000180000000' psw-addr='0x000000000001234a' reason='disabled-wait'",
        ..CRASHED
    },
    Signature {
        id: "guest-panic-hv-crash-parameters",
        all: &["HV crash parameters:"],
        source: "QEMU system/runstate.c (qemu_system_guest_panicked: \"HV crash parameters: \
            (%#\" PRIx64 \" …)\")",
        example: "HV crash parameters: (0x7e 0xffffffffc0000005 0xfffff8016a7b2c10 0xffffd000207f5f48 0xffffd000207f5750)",
        ..CRASHED
    },
    Signature {
        id: "guest-panic-run-state",
        all: &["guest-panicked"],
        source: "QEMU qapi/run-state.json (RunState guest-panicked), reported by query-status",
        example: "{\"return\": {\"status\": \"guest-panicked\", \"singlestep\": false, \"running\": false}}",
        ..CRASHED
    },
];
