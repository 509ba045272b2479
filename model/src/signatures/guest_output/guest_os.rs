//! The guest's operating system failing to come up, in the words of each program on the way
//! (data table; `console.rs` already reads the kernel's panic line, dracut's initqueue timeout,
//! systemd's emergency mode and FreeBSD's mountroot prompt):
//!
//! - the Linux kernel: `init/do_mounts.c` ("VFS: Cannot open root device %s or %s: error %d",
//!   "Please append a correct \"root=\" boot option; here are the available partitions:",
//!   "VFS: Unable to mount root fs on %s"), `init/main.c` ("No working init found.  Try passing
//!   init= option to kernel.", older kernels "No init found."), `kernel/exit.c` ("Attempted to
//!   kill init! exitcode=0x%08x", through `kernel/panic.c`'s "Kernel panic - not syncing: ");
//! - dracut `modules.d/99base/dracut-lib.sh`: `die` ("dracut: FATAL: %s", "dracut: Refusing to
//!   continue") and `emergency_shell`'s report ("Generating \"/run/initramfs/rdsosreport.txt\"");
//! - systemd `src/core/job.c` and `src/core/manager.c` (the status line "A start job is running
//!   for %s (%s / %s)", its short form "Job %s/%s running (%s / %s)") for the units that wait
//!   for the network: `systemd-networkd-wait-online.service` ("Wait for Network to be
//!   Configured") and NetworkManager's `NetworkManager-wait-online.service` ("Network Manager
//!   Wait Online");
//! - ISC dhclient `client/dhclient.c` ("No DHCPOFFERS received.");
//! - cloud-init: `cloudinit/cmd/main.py` ("No instance datasource found! Likely bad things to
//!   come!"), `cloudinit/config/modules.py` ("Running module %s (%s) failed"),
//!   `cloudinit/config/schema.py` ("Invalid cloud-config provided"), `cloudinit/util.py`
//!   load_yaml ("Failed loading yaml blob"), `cloudinit/user_data.py` ("Unhandled
//!   non-multipart (%s) userdata").
//!
//! - Windows PowerShell: an error a script run inside the guest reports, located by the console
//!   host's "At {0}:{1} char:{2}" (`ErrorLocationFormat` in PowerShell's console host) with a
//!   `.ps1` script's path (a first-boot or configuration script of an imported or sysprepped
//!   Windows guest); an interactive `At line:1 char:1` and a script running kubectl or virtctl
//!   (an operator's Windows workstation, `input/workstation_ps.rs`) are not the guest's.
//!
//! The guest's, except a guest waiting for a DHCP answer: the address comes from the VM's
//! network (virt-launcher's DHCP server for bridge and masquerade, `pkg/network/dhcp/`, or the
//! secondary network's), so it is the network's.

use super::super::Signature;
use super::super::base::BASE;
use crate::verdict::{Health, Layer};

const G: Signature = Signature {
    layer: Some(Layer::Guest),
    health: Health::Broken,
    ..BASE
};

/// The guest's kernel runs but cannot find or start its root file system.
const ROOT: Signature = Signature {
    title: "the guest's kernel cannot find or start its root file system",
    cause: "the guest's Linux kernel started but its root device is not there or holds no \
        init: the disk bus or device name differs from what the guest was installed with \
        (virtio against sata/scsi), the root= setting or /etc/fstab names another disk, or the \
        driver is missing from the initramfs; KubeVirt and QEMU run the VM",
    next_steps: &[
        "compare the VM's disk bus (spec.template.spec.domain.devices.disks[].disk.bus) with the guest's root device setting",
        "virtctl console <vm> (the kernel's lines before this one list the disks it found)",
    ],
    ..G
};

/// dracut, the initramfs, gave up before the root file system was mounted.
const DRACUT: Signature = Signature {
    title: "the guest's initramfs (dracut) gave up and dropped to its emergency shell",
    cause: "dracut could not assemble or mount the guest's root file system (a missing disk \
        driver, a changed disk or UUID, an LVM or encrypted root it cannot open) and stopped in \
        its emergency shell; KubeVirt and QEMU run the VM",
    next_steps: &[
        "virtctl console <vm> (dracut's lines before this one name what it waited for)",
        "compare the VM's disk bus (spec.template.spec.domain.devices.disks[].disk.bus) with the guest's root device setting",
    ],
    source: "dracut modules.d/99base/dracut-lib.sh (die: \"dracut: FATAL: %s\", \"Refusing to \
        continue\"; emergency_shell: rdsosreport.txt)",
    ..G
};

/// The guest waits for an address that never comes.
const NO_DHCP: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Degraded,
    title: "the guest gets no DHCP answer and waits for its network",
    cause: "the guest asks for an address by DHCP and no answer comes: the VM's network does \
        not serve it (virt-launcher's DHCP server for bridge and masquerade bindings, or the \
        secondary network's DHCP server or its options, a VLAN that does not carry the \
        traffic); the guest boots on without an address or waits",
    next_steps: &[
        "kubectl get vmi <name> -o jsonpath='{.spec.networks}' (the binding and the network each interface uses)",
        "for a secondary network: check its DHCP server or IPAM and that the VLAN reaches the node",
        "virtctl console <vm> (ip addr: which interface lacks an address)",
    ],
    source: "systemd src/core/job.c, src/core/manager.c (\"A start job is running for %s\"), \
        units/systemd-networkd-wait-online.service, NetworkManager-wait-online.service; ISC \
        dhclient client/dhclient.c (\"No DHCPOFFERS received.\")",
    ..BASE
};

/// cloud-init ran but did not do what the VM's user data asked.
const CLOUD_INIT: Signature = Signature {
    health: Health::Degraded,
    title: "the guest's cloud-init did not apply the VM's user data",
    cause: "cloud-init ran in the guest but failed a step: the user data is not valid \
        (#cloud-config YAML, a script's error) or a module failed; the VM runs, its \
        configuration is not what the user data asked for",
    next_steps: &[
        "virtctl console <vm>, then: cloud-init status --long; cat /var/log/cloud-init.log",
        "kubectl get vm <name> -o yaml (spec.template.spec.volumes: cloudInitNoCloud or cloudInitConfigDrive userData)",
    ],
    ..G
};

pub(crate) const TABLE: &[Signature] = &[
    Signature {
        id: "powershell-script-error",
        all: &["At ", ".ps1:", " char:"],
        layer: Some(Layer::Guest),
        health: Health::Degraded,
        title: "a PowerShell script failed inside the Windows guest",
        cause: "a script Windows runs (a first-boot, sysprep or configuration script) reported \
            an error at the line and character it names; the error message is the line above it: \
            the guest's own configuration or services, not KubeVirt's",
        next_steps: &[
            "virtctl vnc <vm> (the guest's event log: the services the script needed)",
            "run the script's failing command again inside the guest",
        ],
        source: "PowerShell console host, ErrorLocationFormat \"At {0}:{1} char:{2}\"",
        example: r"At C:\Windows\Setup\Scripts\firstboot.ps1:12 char:1",
        ..BASE
    },
    Signature {
        id: "kernel-cannot-open-root",
        all: &["VFS: Cannot open root device"],
        source: "Linux init/do_mounts.c (\"VFS: Cannot open root device %s or %s: error %d\")",
        example: r#"[    2.04] VFS: Cannot open root device "vda1" or unknown-block(0,0): error -6"#,
        ..ROOT
    },
    Signature {
        id: "kernel-append-root-option",
        all: &["Please append a correct \"root=\" boot option"],
        source: "Linux init/do_mounts.c (\"Please append a correct \\\"root=\\\" boot option\")",
        example: r#"[    2.05] Please append a correct "root=" boot option; here are the available partitions:"#,
        ..ROOT
    },
    Signature {
        id: "kernel-unable-to-mount-root",
        all: &["VFS: Unable to mount root fs"],
        source: "Linux init/do_mounts.c (\"VFS: Unable to mount root fs on %s\")",
        example: "VFS: Unable to mount root fs on unknown-block(252,1)",
        ..ROOT
    },
    Signature {
        id: "kernel-no-init",
        // Both wordings ("No working init found", older "No init found") hold "init found";
        // two needles, so it outranks the console's one-needle panic reading.
        all: &["init found", "init= option to kernel"],
        source: "Linux init/main.c (\"No working init found.  Try passing init= option to \
            kernel.\")",
        example: "[    3.2] Kernel panic - not syncing: No working init found.  Try passing init= option to kernel.",
        ..ROOT
    },
    Signature {
        id: "kernel-init-killed",
        all: &["Kernel panic - not syncing", "Attempted to kill init"],
        title: "the guest's init process died (kernel panic)",
        cause: "the guest's first process (systemd or init) exited and the kernel panicked: a \
            damaged root file system, a broken C library or init binary, or an initramfs that \
            failed; KubeVirt and QEMU run the VM",
        next_steps: &[
            "virtctl console <vm> (the lines before the panic name the process and its error)",
            "boot a rescue ISO in the VM and check the root file system",
        ],
        source: "Linux kernel/exit.c (\"Attempted to kill init! exitcode=0x%08x\") through \
            kernel/panic.c (\"Kernel panic - not syncing: %s\")",
        example: "[    4.1] Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000100",
        ..G
    },
    Signature {
        id: "dracut-fatal",
        all: &["dracut: FATAL:"],
        example: "[   12.3] dracut: FATAL: No or empty root= argument",
        ..DRACUT
    },
    Signature {
        id: "dracut-refusing",
        all: &["dracut: Refusing to continue"],
        example: "[   12.3] dracut: Refusing to continue",
        ..DRACUT
    },
    Signature {
        id: "dracut-rdsosreport",
        all: &["/run/initramfs/rdsosreport.txt"],
        example: r#"Generating "/run/initramfs/rdsosreport.txt""#,
        ..DRACUT
    },
    Signature {
        id: "systemd-wait-online-start-job",
        all: &["start job is running for"],
        any: &[
            "Wait for Network to be Configured",
            "Network Manager Wait Online",
        ],
        example: "[  *** ] A start job is running for Wait for Network to be Configured (1min 2s / 2min 3s)",
        ..NO_DHCP
    },
    Signature {
        id: "systemd-wait-online-job",
        all: &["/start running"],
        any: &["systemd-networkd-wait-online", "NetworkManager-wait-online"],
        example: "[***] Job systemd-networkd-wait-online.service/start running (1min 3s / no limit)",
        ..NO_DHCP
    },
    Signature {
        id: "systemd-wait-online-failed",
        all: &["Failed to start"],
        any: &[
            "Wait for Network to be Configured",
            "Network Manager Wait Online",
        ],
        example: "[FAILED] Failed to start Wait for Network to be Configured.",
        ..NO_DHCP
    },
    // cloud-init's network stage prints the guest's interfaces as a table, `Up` True or False
    // (`cloudinit/netinfo.py`, netdev_pformat: "Net device info", columns Device, Up, Address,
    // Mask, Scope, Hw-Address). An interface left down is the guest's own configuration: it
    // explains a wait for the network (the DHCP reading above), so it weighs as much and the
    // tie goes to the guest.
    Signature {
        id: "cloud-init-nic-down",
        all: &["ci-info: |", "| False |"],
        layer: Some(Layer::Guest),
        title: "the guest left a network interface down (cloud-init's device table)",
        cause: "cloud-init lists a guest interface that is not up: the guest's own network \
            configuration (netplan, NetworkManager, its cloud-init network config) did not \
            bring the interface up, so it asks for no address; the VM's network is not reached",
        next_steps: &[
            "virtctl console <vm> (ip link: the interface's state; the guest's network configuration)",
            "kubectl get vm <name> -o yaml (spec.template.spec.volumes: cloudInitNoCloud networkData)",
        ],
        source: "cloud-init cloudinit/netinfo.py (netdev_pformat: \"Net device info\", column Up)",
        example: "ci-info: | enp1s0 | False |     .     |     .     |   .   | 52:54:00:12:34:56 |",
        ..NO_DHCP
    },
    Signature {
        id: "dhclient-no-offers",
        all: &["No DHCPOFFERS received"],
        example: "No DHCPOFFERS received.",
        ..NO_DHCP
    },
    // BusyBox's udhcpc, the DHCP client of small guests (CirrOS, Alpine, initramfs), giving up
    // (`networking/udhcp/dhcpc.c`: "no lease, failing" with -n, "No lease, failing" before 1.27;
    // "no lease, forking to background" with -b): no DHCP server answered its discovers.
    Signature {
        id: "udhcpc-no-lease",
        all: &["no lease, "],
        any: &["no lease, failing", "no lease, forking to background"],
        source: "BusyBox networking/udhcp/dhcpc.c (udhcpc_main: \"no lease, failing\", \
            \"no lease, forking to background\")",
        example: "udhcpc: no lease, failing",
        ..NO_DHCP
    },
    Signature {
        id: "cloud-init-no-datasource",
        all: &["No instance datasource found"],
        title: "the guest's cloud-init found no data source",
        cause: "cloud-init looked for its configuration and found no data source: the VM has no \
            cloudInitNoCloud or cloudInitConfigDrive volume, or the image's cloud-init does not \
            look for the kind the VM gives (its datasource_list); the user data is not applied",
        source: "cloud-init cloudinit/cmd/main.py (\"No instance datasource found! Likely bad \
            things to come!\")",
        example: "No instance datasource found! Likely bad things to come!",
        ..CLOUD_INIT
    },
    Signature {
        id: "cloud-init-module-failed",
        all: &["Running module", "failed"],
        any: &["cloudinit", "cloud-init", "cc_"],
        source: "cloud-init cloudinit/config/modules.py (\"Running module %s (%s) failed\")",
        example: "2024-03-01 10:02:11,120 - util.py[WARNING]: Running module scripts_user (<module 'cloudinit.config.cc_scripts_user' from '/usr/lib/python3/dist-packages/cloudinit/config/cc_scripts_user.py'>) failed",
        ..CLOUD_INIT
    },
    Signature {
        id: "cloud-init-invalid-config",
        all: &["Invalid cloud-config provided"],
        source: "cloud-init cloudinit/config/schema.py (\"Invalid cloud-config provided\")",
        example: "Invalid cloud-config provided: Please run 'sudo cloud-init schema --system' to see the schema errors.",
        ..CLOUD_INIT
    },
    Signature {
        id: "cloud-init-yaml",
        all: &["Failed loading yaml blob"],
        source: "cloud-init cloudinit/util.py (load_yaml: \"Failed loading yaml blob\")",
        example: "util.py[WARNING]: Failed loading yaml blob. Invalid format at line 3 column 1: \"mapping values are not allowed here\"",
        ..CLOUD_INIT
    },
    Signature {
        id: "cloud-init-unhandled-userdata",
        all: &["Unhandled non-multipart", "userdata"],
        source: "cloud-init cloudinit/user_data.py (\"Unhandled non-multipart (%s) userdata\")",
        example: "__init__.py[WARNING]: Unhandled non-multipart (text/x-not-multipart) userdata: 'b'users:'...'",
        ..CLOUD_INIT
    },
];
