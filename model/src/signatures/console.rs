//! What a guest writes on its serial console (`virtctl console`, the VNC screen copied as text)
//! when it cannot boot: the firmware finding nothing to boot (EDK2/OVMF's BdsDxe, SeaBIOS), the
//! boot loader stranded (GRUB rescue), the guest kernel panicking. These are the guest's own
//! faults: KubeVirt started the VM and QEMU runs it (data table). Strings from EDK2
//! `MdeModulePkg/Universal/BdsDxe/BdsEntry.c` ("BdsDxe: failed to load %s", "BdsDxe: No bootable
//! option or device was found."), SeaBIOS `src/boot.c` ("No bootable device.", "Boot failed: not
//! a bootable disk"), GRUB (`grub rescue>`, "error: no such partition", "error: unknown
//! filesystem") and Linux `kernel/panic.c` ("Kernel panic - not syncing: %s") with
//! `init/do_mounts.c` ("VFS: Unable to mount root fs on %s").

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const G: Signature = Signature {
    layer: Some(Layer::Guest),
    health: Health::Broken,
    ..BASE
};

const BOOT_STEPS: &[&str] = &[
    "kubectl get vm <name> -o jsonpath='{.spec.template.spec.domain.devices.disks}' (bootOrder, which disk holds the OS)",
    "check the disk image: is it bootable, does its firmware (BIOS or EFI) match the VM's firmware setting",
    "virtctl vnc <vm> (the firmware's boot manager)",
];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "console-uefi-no-bootable",
        all: &["No bootable option or device was found"],
        title: "the guest's UEFI firmware finds no bootable device (BdsDxe)",
        cause: "OVMF tried every boot option and none holds a bootable EFI image: the disk is \
            empty or not an EFI disk, the installer ISO is not in the boot order, or the image \
            needs BIOS while the VM uses EFI; KubeVirt and QEMU run, the guest cannot boot",
        next_steps: BOOT_STEPS,
        source: "EDK2 MdeModulePkg/Universal/BdsDxe/BdsEntry.c (\"No bootable option or device \
            was found.\")",
        example: "BdsDxe: No bootable option or device was found.",
        ..G
    },
    Signature {
        id: "console-uefi-load-failed",
        all: &["BdsDxe", "failed to load"],
        title: "the guest's UEFI firmware cannot load a boot option (BdsDxe)",
        cause: "OVMF could not load the EFI image of a boot option (Not Found: the disk has no \
            EFI boot loader); it tries the next one",
        next_steps: BOOT_STEPS,
        source: "EDK2 MdeModulePkg/Universal/BdsDxe/BdsEntry.c (\"BdsDxe: failed to load %s\")",
        example: r#"BdsDxe: failed to load Boot0001 "UEFI QEMU HARDDISK QM00001 " from PciRoot(0x0)/Pci(0x1F,0x2): Not Found"#,
        ..G
    },
    Signature {
        id: "console-bios-no-bootable",
        all: &["No bootable device"],
        title: "the guest's BIOS finds no bootable device (SeaBIOS)",
        cause: "SeaBIOS found no disk with a boot sector: the disk image is empty, not \
            bootable, or an EFI-only image booted with BIOS",
        next_steps: BOOT_STEPS,
        source: "SeaBIOS src/boot.c (\"No bootable device.\")",
        example: "No bootable device.",
        ..G
    },
    Signature {
        id: "console-bios-not-bootable-disk",
        all: &["Boot failed: not a bootable disk"],
        title: "the guest's BIOS finds a disk that is not bootable (SeaBIOS)",
        cause: "the disk in the boot order has no boot sector (an empty or data disk first)",
        next_steps: BOOT_STEPS,
        source: "SeaBIOS src/boot.c (\"Boot failed: not a bootable disk\")",
        example: "Boot failed: not a bootable disk",
        ..G
    },
    Signature {
        id: "console-grub-rescue",
        all: &["grub rescue"],
        title: "the guest's boot loader is stranded (grub rescue)",
        cause: "GRUB cannot find its partition or modules: the disk was changed or resized, or \
            the image is damaged",
        next_steps: &["boot a rescue ISO in the VM and reinstall or repair GRUB"],
        source: "GRUB (grub-core/kern/rescue_reader.c prompt \"grub rescue> \")",
        example: "grub rescue> ",
        ..G
    },
    Signature {
        id: "console-kernel-panic",
        all: &["Kernel panic - not syncing"],
        title: "the guest kernel panics",
        cause: "the guest's Linux kernel stopped (it cannot mount its root filesystem, a \
            missing driver or initramfs, a changed disk bus or device name): KubeVirt runs \
            the VM, the guest OS cannot boot",
        next_steps: &[
            "virtctl console <vm> (the lines before the panic name the reason)",
            "check the disk bus (virtio, sata) against the drivers in the guest's initramfs",
        ],
        source: "Linux kernel/panic.c (\"Kernel panic - not syncing: %s\"); init/do_mounts.c \
            (\"VFS: Unable to mount root fs on %s\")",
        example: "[    2.1] Kernel panic - not syncing: VFS: Unable to mount root fs on unknown-block(0,0)",
        ..G
    },
];
