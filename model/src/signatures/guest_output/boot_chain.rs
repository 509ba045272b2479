//! The firmware and the boot loader failing to hand over to the guest's kernel, in their own
//! words (data table; `console.rs` already reads "No bootable device", "Boot failed: not a
//! bootable disk", BdsDxe's "failed to load" and "No bootable option or device was found", and
//! `grub rescue>`):
//!
//! - SeaBIOS `src/boot.c`: `boot_disk` prints "Boot failed: could not read the boot disk" when
//!   INT 13h cannot read the boot sector; `boot_cdrom` prints "Boot failed: Could not read from
//!   CDROM (code %04x)" when the El Torito image cannot be read;
//! - EDK2 (OVMF) `OvmfPkg/Library/PlatformBmPrintScLib/StatusCodeHandler.c`, linked into BdsDxe
//!   and printing under its name: `"%a: failed to %a %s \"%s\" from %s: %r%a\n"`, `start` when a
//!   loaded EFI image returns an error (the boot loader itself failing), and the suffix
//!   " -- rejected probably by Secure Boot" for EFI_SECURITY_VIOLATION or, on a load,
//!   EFI_ACCESS_DENIED (`%r` prints `Access Denied`, the only form before the suffix);
//! - GRUB `grub-core/`: errors are printed as "error: %s." (`kern/err.c`,
//!   grub_print_error); "no such partition" (`kern/disk.c`), "unknown filesystem"
//!   (`kern/fs.c`), "no such device: %s" (`commands/search.c`), "disk `%s' not found"
//!   (`kern/disk.c`), "symbol `%s' not found" (`kern/dl.c`: a module of another GRUB build),
//!   "you need to load the kernel first" (`commands/boot.c`), and the bare command line's
//!   banner "Minimal BASH-like line editing is supported" (`normal/main.c`, shown when no
//!   `grub.cfg` was found).
//!
//! All the guest's: KubeVirt started the VM and QEMU runs it. Where the words show the boot
//! order or the disk the VM's spec gives is wrong (an unreadable disk first in the boot order,
//! an unsigned image under Secure Boot), the cause says so and the next steps go to the VM's
//! spec; the corpus's conventions name no other layer for the guest's boot.

use super::super::Signature;
use super::super::base::BASE;
use crate::verdict::{Health, Layer};

const G: Signature = Signature {
    layer: Some(Layer::Guest),
    health: Health::Broken,
    ..BASE
};

/// What to look at when the firmware cannot boot what the VM gives it.
const SPEC_STEPS: &[&str] = &[
    "kubectl get vm <name> -o jsonpath='{.spec.template.spec.domain.devices.disks}' (bootOrder, which disk holds the OS)",
    "kubectl get vm <name> -o jsonpath='{.spec.template.spec.domain.firmware}' (BIOS or EFI, Secure Boot)",
    "virtctl vnc <vm> (the firmware's boot manager)",
];

/// What to do when the boot loader inside the disk is broken.
const LOADER_STEPS: &[&str] = &[
    "virtctl console <vm> (the boot loader's own error lines)",
    "boot a rescue ISO in the VM and reinstall or repair the boot loader and its configuration",
];

/// GRUB stranded: it runs but cannot find what its configuration names.
const GRUB: Signature = Signature {
    title: "the guest's boot loader (GRUB) cannot find its disk, partition or files",
    cause: "GRUB runs but the partition, file system or device its configuration names is not \
        there: the disk was replaced, resized or re-imaged, its UUID changed, or the image's \
        boot partition is damaged; KubeVirt and QEMU run, the guest cannot boot",
    next_steps: LOADER_STEPS,
    source: "GRUB grub-core/kern/err.c (\"error: %s.\"), kern/disk.c, kern/fs.c, \
        commands/search.c",
    ..G
};

/// OVMF with Secure Boot refusing an image it cannot verify.
const SECURE_BOOT: Signature = Signature {
    title: "the guest's firmware refuses an unsigned boot loader (Secure Boot)",
    cause: "OVMF with Secure Boot refused the EFI image of a boot option (Access Denied): the \
        image is not signed by a key the firmware trusts; the VM's firmware has Secure Boot \
        on (spec.domain.firmware.bootloader.efi.secureBoot) for an image that needs it off, \
        or the image's boot loader is not signed",
    next_steps: SPEC_STEPS,
    source: "EDK2 OvmfPkg/Library/PlatformBmPrintScLib/StatusCodeHandler.c (\"%a: failed to %a \
        %s \\\"%s\\\" from %s: %r%a\", \" -- rejected probably by Secure Boot\" for \
        EFI_SECURITY_VIOLATION, or EFI_ACCESS_DENIED on a load)",
    ..G
};

pub(crate) const TABLE: &[Signature] = &[
    Signature {
        id: "seabios-disk-unreadable",
        all: &["Boot failed: could not read the boot disk"],
        title: "the guest's BIOS cannot read the boot disk (SeaBIOS)",
        cause: "SeaBIOS could not read the first sector of a disk in the boot order; it tries \
            the next device: a disk the VM lists first but that is empty, absent or unreadable, \
            or a disk bus the BIOS cannot boot from",
        next_steps: SPEC_STEPS,
        source: "SeaBIOS src/boot.c (boot_disk: \"Boot failed: could not read the boot disk\")",
        example: "Boot failed: could not read the boot disk",
        health: Health::Degraded,
        ..G
    },
    Signature {
        id: "seabios-cdrom-unreadable",
        all: &["Boot failed: Could not read from CDROM"],
        title: "the guest's BIOS cannot read the CD-ROM it should boot (SeaBIOS)",
        cause: "SeaBIOS could not read the boot image of the CD-ROM in the boot order: the ISO \
            is not a bootable (El Torito) image, or an EFI-only ISO booted with BIOS",
        next_steps: SPEC_STEPS,
        source: "SeaBIOS src/boot.c (boot_cdrom: \"Boot failed: Could not read from CDROM \
            (code %04x)\")",
        example: "Boot failed: Could not read from CDROM (code 0003)",
        health: Health::Degraded,
        ..G
    },
    Signature {
        id: "edk2-boot-option-failed-to-start",
        all: &["BdsDxe", "failed to start"],
        title: "the guest's EFI boot loader started and failed (BdsDxe)",
        cause: "OVMF loaded the EFI boot loader of a boot option and it returned an error: the \
            boot loader (shim, GRUB, Windows Boot Manager) found no configuration or kernel it \
            can use; the firmware tries the next option",
        next_steps: LOADER_STEPS,
        source: "EDK2 OvmfPkg/Library/PlatformBmPrintScLib/StatusCodeHandler.c (\"%a: failed to \
            %a %s \\\"%s\\\" from %s: %r%a\", printed under BdsDxe's name)",
        example: r#"BdsDxe: failed to start Boot0001 "UEFI Misc Device" from PciRoot(0x0)/Pci(0x7,0x0): Not Found"#,
        ..G
    },
    Signature {
        id: "edk2-secure-boot-rejected",
        all: &["BdsDxe", "failed to", "rejected probably by Secure Boot"],
        example: r#"BdsDxe: failed to load Boot0002 "UEFI QEMU HARDDISK QM00002 " from PciRoot(0x0)/Pci(0x2,0x0): Access Denied -- rejected probably by Secure Boot"#,
        ..SECURE_BOOT
    },
    // The same refusal printed by builds before the suffix: Access Denied on a load.
    Signature {
        id: "edk2-secure-boot-denied",
        all: &["BdsDxe", "failed to load", "Access Denied"],
        example: r#"BdsDxe: failed to load Boot0002 "UEFI QEMU HARDDISK QM00002 " from PciRoot(0x0)/Pci(0x2,0x0): Access Denied"#,
        ..SECURE_BOOT
    },
    Signature {
        id: "grub-no-such-partition",
        all: &["error: no such partition"],
        example: "error: no such partition.",
        ..GRUB
    },
    Signature {
        id: "grub-unknown-filesystem",
        all: &["error: unknown filesystem"],
        example: "error: unknown filesystem.",
        ..GRUB
    },
    Signature {
        id: "grub-no-such-device",
        all: &["error: no such device:"],
        example: "error: no such device: 8d2f3a49-3b1e-4c2a-9f8e-1c7d2e4b5a61.",
        ..GRUB
    },
    Signature {
        id: "grub-disk-not-found",
        all: &["error: disk `", "not found"],
        example: "error: disk `lvmid/8cFJ2Q-uD3r-RWrS/Kp7a-9fLk' not found.",
        ..GRUB
    },
    Signature {
        id: "grub-symbol-not-found",
        all: &["error: symbol `grub_", "not found"],
        title: "the guest's boot loader (GRUB) mixes modules of two builds",
        cause: "GRUB's core image loaded a module of another GRUB version (symbol not found): \
            the boot loader was half updated or the image's boot partition was changed; the \
            guest cannot boot",
        source: "GRUB grub-core/kern/dl.c (\"symbol `%s' not found\")",
        example: "error: symbol `grub_is_lockdown' not found.",
        ..GRUB
    },
    Signature {
        id: "grub-load-kernel-first",
        all: &["you need to load the kernel first"],
        example: "error: you need to load the kernel first.",
        ..GRUB
    },
    Signature {
        id: "grub-bare-command-line",
        all: &["Minimal BASH-like line editing is supported"],
        title: "the guest's boot loader (GRUB) found no configuration (grub> prompt)",
        cause: "GRUB started but found no grub.cfg and waits at its command line: the boot \
            partition holds no configuration or GRUB looks for it on another disk; the guest \
            does not boot on its own",
        source: "GRUB grub-core/normal/main.c (\"Minimal BASH-like line editing is supported\")",
        example: "Minimal BASH-like line editing is supported. For the first word, TAB lists possible command completions.",
        health: Health::Degraded,
        ..GRUB
    },
];
