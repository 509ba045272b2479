//! dracut's initqueue giving up on the root device, in every dracut release's words (data
//! table). `console.rs` reads the oldest spelling ("dracut-initqueue timeout - starting timeout
//! scripts"); later releases' `modules.d/98dracut-systemd/dracut-initqueue.sh` says
//! "dracut-initqueue: timeout, still waiting for following initqueue hooks:" (each hook file
//! and the device test it waits on after it), "dracut-initqueue: starting timeout scripts",
//! and when the retries run out "Could not boot." (its emergency shell) or "Not all disks have
//! been found." / "You might want to regenerate your initramfs."; the root device's own hook
//! (`modules.d/98dracut-systemd/parse-root.sh`) warns "\"%s\" does not exist" for the
//! `root=` device, and `dracut-mount.sh` gives up with "Can't mount root filesystem". The
//! guest's kernel and initramfs run but do not find the disk its command line names (a
//! device name another disk bus gives, a driver left out of the initramfs): the guest's,
//! whose disk bus or boot configuration must match.

use super::super::Signature;
use super::super::base::BASE;
use crate::verdict::{Health, Layer};

const WAIT: Signature = Signature {
    layer: Some(Layer::Guest),
    health: Health::Broken,
    title: "the guest's initramfs (dracut) timed out waiting for its root device",
    cause: "the guest's kernel and initramfs run but never see the disk its command line \
        names as root: a device name another disk bus gives (vda is virtio-blk, sda SCSI or \
        SATA), a root UUID or label the disk does not hold, or the bus's driver left out of the \
        initramfs; KubeVirt and QEMU run the VM",
    next_steps: &[
        "virtctl console <vm> (the hooks dracut waits on name the device)",
        "compare the disk's bus in the VM spec (spec.template.spec.domain.devices.disks[].disk.bus) with the root= the guest boots with",
    ],
    source: "dracut modules.d/98dracut-systemd/dracut-initqueue.sh (\"dracut-initqueue: \
        timeout, still waiting for following initqueue hooks:\", \"starting timeout scripts\", \
        \"Could not boot.\", \"Not all disks have been found.\"), parse-root.sh, \
        dracut-mount.sh",
    ..BASE
};

pub(crate) const TABLE: &[Signature] = &[
    Signature {
        id: "dracut-initqueue-timeout-hooks",
        all: &["dracut-initqueue"],
        any: &[
            "timeout, still waiting for following initqueue hooks",
            "starting timeout scripts",
        ],
        example: "[  190.4] dracut-initqueue[512]: Warning: dracut-initqueue: starting timeout scripts",
        ..WAIT
    },
    Signature {
        id: "dracut-not-all-disks",
        all: &["Not all disks have been found"],
        example: "[  201.8] dracut-initqueue[512]: Warning: Not all disks have been found.",
        ..WAIT
    },
    Signature {
        id: "dracut-regenerate-initramfs",
        all: &["You might want to regenerate your initramfs"],
        example: "dracut-initqueue[512]: Warning: You might want to regenerate your initramfs.",
        ..WAIT
    },
    Signature {
        id: "dracut-could-not-boot",
        all: &["Could not boot."],
        any: &["dracut", "Warning:"],
        example: "[  201.9] dracut-initqueue[512]: Warning: Could not boot.",
        ..WAIT
    },
    Signature {
        id: "dracut-root-does-not-exist",
        all: &["Warning:", "does not exist"],
        any: &["\"/dev/", "/dev/disk/by-"],
        example: "[  201.9] dracut-initqueue[512]: Warning: \"/dev/vda4\" does not exist",
        ..WAIT
    },
    Signature {
        id: "dracut-cannot-mount-root",
        all: &["Can't mount root filesystem"],
        example: "[   61.2] dracut-mount[640]: Warning: Can't mount root filesystem",
        ..WAIT
    },
];
