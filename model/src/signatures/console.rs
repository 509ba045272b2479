//! What a guest writes on its serial console (`virtctl console`, the VNC screen copied as text)
//! when it cannot boot: the firmware finding nothing to boot (EDK2/OVMF's BdsDxe, SeaBIOS), the
//! boot loader stranded (GRUB rescue), the guest kernel panicking. These are the guest's own
//! faults: KubeVirt started the VM and QEMU runs it (data table). Strings from EDK2 (OVMF),
//! printed under BdsDxe's name: `OvmfPkg/Library/PlatformBmPrintScLib/StatusCodeHandler.c`
//! ("%a: failed to %a %s \"%s\" from %s: %r%a") and `OvmfPkg/Library/PlatformBootManagerLib/
//! BdsPlatform.c` ("%a: No bootable option or device was found."), SeaBIOS `src/boot.c` ("No bootable device.", "Boot failed: not
//! a bootable disk"), GRUB (`grub rescue>`, "error: no such partition", "error: unknown
//! filesystem") and Linux `kernel/panic.c` ("Kernel panic - not syncing: %s") with
//! `init/do_mounts.c` ("VFS: Unable to mount root fs on %s"). A guest that boots its kernel but
//! cannot mount its root file system, in each family's words: FreeBSD's
//! `sys/kern/vfs_mountroot.c` (its manual prompt `mountroot> `, "Manual root filesystem
//! specification:"), dracut's initqueue giving up (`modules.d/98dracut-systemd`:
//! "dracut-initqueue timeout") and systemd's emergency shell (`units/emergency.service`:
//! "You are in emergency mode"), Windows' stop code `INACCESSIBLE_BOOT_DEVICE` (0x7B).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const G: Signature = Signature {
    layer: Some(Layer::Guest),
    health: Health::Broken,
    ..BASE
};

/// A guest whose kernel runs but finds no root device, in each OS family's words.
const ROOT: Signature = Signature {
    id: "console-root-not-mounted",
    title: "the guest cannot mount its root file system",
    cause: "the guest's kernel started but does not find its root device (FreeBSD's mountroot \
        prompt, dracut's timeout, systemd's emergency mode, Windows' INACCESSIBLE_BOOT_DEVICE): \
        the disk bus or device name differs from what the guest was installed with (virtio \
        against sata/scsi, a changed /etc/fstab or loader setting), or the driver is missing \
        from its boot image; KubeVirt runs the VM",
    next_steps: &[
        "compare the VM's disk bus (spec.template.spec.domain.devices.disks[].disk.bus) with the guest's root device setting",
        "boot with the bus the image was installed with, or add the virtio drivers to the guest",
    ],
    source: "FreeBSD sys/kern/vfs_mountroot.c; dracut modules.d/98dracut-systemd; systemd \
        units/emergency.service; Windows stop code 0x7B",
    ..G
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
        source: "EDK2 OvmfPkg/Library/PlatformBootManagerLib/BdsPlatform.c (\"%a: No bootable \
            option or device was found.\")",
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
        source: "EDK2 OvmfPkg/Library/PlatformBmPrintScLib/StatusCodeHandler.c (\"%a: failed to \
            %a %s \\\"%s\\\" from %s: %r%a\")",
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
    Signature {
        id: "console-freebsd-mountroot",
        all: &["mountroot>"],
        example: "mountroot>",
        ..ROOT
    },
    Signature {
        id: "console-linux-emergency",
        all: &["emergency mode"],
        any: &["You are in emergency mode", "Entering emergency mode"],
        example: "Entering emergency mode. Exit the shell to continue.",
        ..ROOT
    },
    Signature {
        id: "console-dracut-timeout",
        all: &["dracut-initqueue timeout"],
        example: "dracut-initqueue[301]: Warning: dracut-initqueue timeout - starting timeout scripts",
        ..ROOT
    },
    // The guest's login refusing the credentials typed on its serial console: login(1)'s
    // "Login incorrect" (util-linux `login-utils/login.c`, BusyBox `loginutils/login.c`, printed
    // after each refused attempt). KubeVirt's own console login (`tests/console/login.go`,
    // LoginToFedora) reads "Login incorrect" as PermissionDenied, "login failed": the console
    // reached the guest, whose accounts refuse the user or password.
    Signature {
        id: "console-login-incorrect",
        all: &["Login incorrect"],
        title: "the guest refuses the console login (Login incorrect)",
        cause: "the serial console works (the guest printed its login prompt) but the guest's \
            login refused the user or password typed: the image's account does not exist or has \
            another password (cloud-init's user data, the image's defaults); KubeVirt, QEMU and \
            the console path work",
        next_steps: &[
            "check the credentials the image or its cloud-init user data set (user, password, chpasswd)",
            "kubectl get vm <vm> -o yaml (spec.template.spec.volumes: cloudInitNoCloud userData, accessCredentials)",
        ],
        source: "util-linux login-utils/login.c (\"Login incorrect\"); KubeVirt \
            tests/console/login.go (LoginToFedora: \"Login incorrect\" is PermissionDenied)",
        example: "Login incorrect",
        ..G
    },
    Signature {
        id: "console-windows-boot-device",
        all: &["INACCESSIBLE_BOOT_DEVICE"],
        example: "Stop code: INACCESSIBLE_BOOT_DEVICE",
        ..ROOT
    },
];
