//! Mechanism (C) of the fresh corpus's misses (`fixtures/fresh/README.md`, "Mechanisms"): the
//! guest's console and OS output, read by the vocabulary of each program that writes it
//! (`signatures/guest_output/`: SeaBIOS `src/boot.c`, EDK2's BdsDxe, GRUB's `grub-core`, the
//! Linux kernel's `init/do_mounts.c` and `init/main.c`, dracut's `dracut-lib.sh`, systemd's
//! start jobs, ISC dhclient, cloud-init, Microsoft's bug check codes). Each test feeds wordings
//! read from those sources, never a corpus item's lines; the guards are healthy boots, whose
//! firmware, boot loader, kernel, systemd and cloud-init lines blame nothing.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::layer;

/// A serial console as `virtctl console` shows it, the lines given after its banner.
fn console(lines: &[&str]) -> String {
    let mut out =
        String::from("Successfully connected to vm1 console. The escape sequence is ^]\n\n");
    for l in lines {
        out.push_str(l);
        out.push('\n');
    }
    out
}

#[test]
fn the_firmware_and_boot_loader_failing_is_the_guests() {
    for lines in [
        // SeaBIOS src/boot.c, boot_cdrom
        &[
            "SeaBIOS (version 1.16.3-debian-1.16.3-2)",
            "Booting from DVD/CD...",
            "Boot failed: Could not read from CDROM (code 0004)",
        ][..],
        // OVMF PlatformBmPrintScLib/StatusCodeHandler.c, a loaded boot loader returning an error
        &[
            r#"BdsDxe: loading Boot0001 "UEFI Misc Device" from PciRoot(0x0)/Pci(0x3,0x0)"#,
            r#"BdsDxe: starting Boot0001 "UEFI Misc Device" from PciRoot(0x0)/Pci(0x3,0x0)"#,
            r#"BdsDxe: failed to start Boot0001 "UEFI Misc Device" from PciRoot(0x0)/Pci(0x3,0x0): Load Error"#,
        ][..],
        // OVMF with Secure Boot refusing the image (StatusCodeHandler.c's suffix)
        &[
            r#"BdsDxe: failed to start Boot0001 "UEFI Misc Device" from PciRoot(0x0)/Pci(0x3,0x0): Security Violation -- rejected probably by Secure Boot"#,
        ][..],
        // GRUB grub-core: commands/search.c, kern/dl.c, commands/boot.c, kern/fs.c
        &[
            "error: no such device: 0f3b2c1e-9d7a-4e55-8b21-6a4c0d9e7f12.",
            "error: unknown filesystem.",
        ][..],
        &["error: symbol `grub_calloc' not found."][..],
        &[
            "error: you need to load the kernel first.",
            "Press any key to continue...",
        ][..],
        &[
            "                             GNU GRUB  version 2.12",
            "   Minimal BASH-like line editing is supported. For the first word, TAB",
            "   lists possible command completions. Anywhere else TAB lists possible",
            "grub>",
        ][..],
    ] {
        let paste = console(lines);
        assert_eq!(layer(&paste), Some(Layer::Guest), "{paste}");
    }
}

#[test]
fn the_guests_kernel_and_initramfs_without_their_root_are_the_guests() {
    for lines in [
        // init/do_mounts.c
        &[
            r#"[    1.912345] VFS: Cannot open root device "vda2" or unknown-block(0,0): error -6"#,
            r#"[    1.912399] Please append a correct "root=" boot option; here are the available partitions:"#,
        ][..],
        // dracut-lib.sh die()
        &[
            "[   11.204812] dracut: FATAL: No or empty root= argument",
            "[   11.204990] dracut: Refusing to continue",
        ][..],
        // dracut-lib.sh emergency_shell()
        &[
            "Generating \"/run/initramfs/rdsosreport.txt\"",
            "You might want to save \"/run/initramfs/rdsosreport.txt\" to a USB stick or /boot",
            "dracut:/#",
        ][..],
        // init/main.c
        &[
            "[    2.771203] Run /sbin/init as init process",
            "[    2.773001] Kernel panic - not syncing: No working init found.  Try passing init= option to kernel. See Linux Documentation/admin-guide/init.rst for guidance.",
        ][..],
    ] {
        let paste = console(lines);
        assert_eq!(layer(&paste), Some(Layer::Guest), "{paste}");
    }
}

#[test]
fn cloud_inits_own_failures_are_the_guests() {
    for lines in [
        // cloudinit/config/schema.py
        &[
            "[   14.118402] cloud-init[712]: Invalid cloud-config provided: Please run 'sudo cloud-init schema --system' to see the schema errors.",
        ][..],
        // cloudinit/cmd/main.py
        &[
            "[   15.870021] cloud-init[688]: No instance datasource found! Likely bad things to come!",
        ][..],
        // cloudinit/util.py load_yaml
        &[
            "2025-01-09 07:42:10,331 - util.py[WARNING]: Failed loading yaml blob. Invalid format at line 4 column 3: \"could not find expected ':'\"",
        ][..],
    ] {
        let paste = console(lines);
        assert_eq!(layer(&paste), Some(Layer::Guest), "{paste}");
    }
}

#[test]
fn a_guest_waiting_for_a_dhcp_answer_is_the_networks() {
    for lines in [
        // systemd src/core/job.c, NetworkManager-wait-online.service's description
        &["[  *** ] A start job is running for Network Manager Wait Online (44s / no limit)"][..],
        // ISC dhclient client/dhclient.c
        &[
            "DHCPDISCOVER on eth0 to 255.255.255.255 port 67 interval 7",
            "DHCPDISCOVER on eth0 to 255.255.255.255 port 67 interval 13",
            "No DHCPOFFERS received.",
        ][..],
        &["[FAILED] Failed to start Wait for Network to be Configured."][..],
    ] {
        let paste = console(lines);
        assert_eq!(layer(&paste), Some(Layer::Network), "{paste}");
    }
}

#[test]
fn windows_stop_codes_are_the_guests_unless_they_name_the_processor() {
    for (lines, want) in [
        (
            &[
                "Your PC ran into a problem and needs to restart. We're just collecting some error info, and then we'll restart for you.",
                "Stop code: CRITICAL_PROCESS_DIED",
            ][..],
            Layer::Guest,
        ),
        (&["Stop code: UNMOUNTABLE_BOOT_VOLUME"][..], Layer::Guest),
        (
            &[
                "*** STOP: 0x0000007B (0xFFFFF880009A9928,0xFFFFFFFFC0000034,0x0000000000000000,0x0000000000000000)",
            ][..],
            Layer::Guest,
        ),
        (
            &[
                "Stop code: DRIVER_IRQL_NOT_LESS_OR_EQUAL",
                "What failed: viostor.sys",
            ][..],
            Layer::Guest,
        ),
        (
            &[
                "Your device ran into a problem and needs to restart.",
                "Stop code: CLOCK_WATCHDOG_TIMEOUT",
            ][..],
            Layer::Node,
        ),
    ] {
        let paste = console(lines);
        assert_eq!(layer(&paste), Some(want), "{paste}");
    }
}

#[test]
fn a_healthy_boot_blames_nothing() {
    let bios = console(&[
        "SeaBIOS (version 1.16.3-debian-1.16.3-2)",
        "iPXE (https://ipxe.org) 00:03.0 CA00 PCI2.10 PnP PMM+BEFCAF60+BEF0AF60 CA00",
        "Booting from Hard Disk...",
        "                             GNU GRUB  version 2.12",
        "Booting `Ubuntu'",
        "Loading Linux 6.8.0-45-generic ...",
        "Loading initial ramdisk ...",
        "[    0.000000] Linux version 6.8.0-45-generic (buildd@lcy02-amd64-075) (x86_64-linux-gnu-gcc-13 (Ubuntu 13.2.0-23ubuntu4) 13.2.0) #45-Ubuntu SMP PREEMPT_DYNAMIC",
        "[    1.842110] EXT4-fs (vda1): mounted filesystem 8c1b2a3d-0e4f-4a5b-9c6d-7e8f9a0b1c2d ro with ordered data mode. Quota mode: none.",
        "[  OK  ] Finished systemd-networkd-wait-online.service - Wait for Network to be Configured.",
        "[  OK  ] Reached target network-online.target - Network is Online.",
        "[   12.402118] cloud-init[801]: Cloud-init v. 24.1.3-0ubuntu3 finished at Thu, 09 Jan 2025 07:42:15 +0000. Datasource DataSourceNoCloud [seed=/dev/vdb][dsmode=net].  Up 12.38 seconds",
        "",
        "Ubuntu 24.04.1 LTS vm1 ttyS0",
        "",
        "vm1 login:",
    ]);
    assert_eq!(layer(&bios), None, "{bios}");
    let efi = console(&[
        "BdsDxe: loading Boot0001 \"UEFI Misc Device\" from PciRoot(0x0)/Pci(0x7,0x0)",
        "BdsDxe: starting Boot0001 \"UEFI Misc Device\" from PciRoot(0x0)/Pci(0x7,0x0)",
        "Welcome to GRUB!",
        "[    0.000000] Linux version 6.11.4-301.fc41.x86_64",
        "[  OK  ] Started NetworkManager-wait-online.service - Network Manager Wait Online.",
        "Fedora Linux 41 (Cloud Edition)",
        "Kernel 6.11.4-301.fc41.x86_64 on an x86_64 (ttyS0)",
        "vm1 login:",
    ]);
    assert_eq!(layer(&efi), None, "{efi}");
}

#[test]
fn a_wait_for_the_network_with_the_guests_interface_left_down_is_the_guests() {
    // cloudinit/netinfo.py's device table: the guest never brought eth0 up, which explains
    // systemd's wait for the network.
    let paste = console(&[
        "[  *** ] A start job is running for Wait for Network to be Configured (2min 1s / no limit)",
        "[   131.20] cloud-init[611]: ci-info: +++++++++++++++++++++++++++Net device info+++++++++++++++++++++++++++",
        "[   131.20] cloud-init[611]: ci-info: | Device |   Up  |  Address  |    Mask   | Scope |     Hw-Address    |",
        "[   131.21] cloud-init[611]: ci-info: |  eth0  | False |     .     |     .     |   .   | 02:5e:11:07:aa:01 |",
        "[   131.21] cloud-init[611]: ci-info: |   lo   |  True | 127.0.0.1 | 255.0.0.0 |  host |         .         |",
    ]);
    assert_eq!(layer(&paste), Some(Layer::Guest), "{paste}");
}

// PowerShell's console host locates an error by "At {0}:{1} char:{2}" (its ErrorLocationFormat):
// a `.ps1` script failing inside a Windows guest is the guest's; the same shape from an
// operator's workstation running kubectl is not.
#[test]
fn a_powershell_script_failing_in_the_windows_guest_is_the_guests() {
    let guest = "Set-NetIPInterface : Access is denied.\n\
        At C:\\Windows\\Setup\\Scripts\\firstboot.ps1:7 char:3\n\
        + Set-NetIPInterface -InterfaceIndex $i -Dhcp Disabled\n";
    assert_eq!(layer(guest), Some(Layer::Guest));
    let workstation = "kubectl : error: unknown flag: --all\n\
        At C:\\Users\\ops\\get-vms.ps1:3 char:1\n\
        + kubectl get vmis -A\n";
    assert_ne!(layer(workstation), Some(Layer::Guest));
    let from_its_code_line = "Write-Error : failed\n\
        At C:\\Users\\ops\\report.ps1:9 char:1\n\
        + virtctl.exe console web\n";
    assert_ne!(layer(from_its_code_line), Some(Layer::Guest));
}
