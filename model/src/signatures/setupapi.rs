//! Windows' device installation log inside the guest (SetupAPI's `setupapi.dev.log`).
//!
//! Windows writes each device and driver installation to `%windir%\inf\setupapi.dev.log`. Each
//! entry is `entry_prefix time_stamp event_category indentation formatted_message`, and the
//! prefix "!!! " marks an error ("! " a warning); the category names the SetupAPI operation:
//! `ndv:` (a device's installation), `dvi:` (device installer), `sto:` (the driver store),
//! `inf:` (an INF file), `cpy:` and `flq:` (file copies), `sig:` (signature checks), `cci:`
//! (class installers), `ump:` (user-mode Plug and Play), `idb:` (the driver database), `dvs:`
//! (a device's service), `set:` (setup) (Microsoft's driver documentation, "Format of a Text Log
//! Section Body", MicrosoftDocs/windows-driver-docs `windows-driver-docs-pr/install/`). The log
//! exists only in a Windows guest, so an error entry is a driver that failed to install in the
//! guest (virtio drivers imported too early, unsigned, for another Windows release): the
//! guest's, whatever the error code.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "windows-setupapi-error",
    all: &["!!! "],
    // The category follows the prefix after one space or more (the log pads it).
    any: &[
        " ndv:", " dvi:", " sto:", " inf:", " cpy:", " flq:", " sig:", " cci:", " ump:", " idb:",
        " dvs:", " set:",
    ],
    layer: Some(Layer::Guest),
    health: Health::Broken,
    title: "Windows failed to install a device driver in the guest",
    cause: "the guest's own device installation log (setupapi.dev.log) records an error while \
        Windows installed a driver (the virtio drivers for the VM's disks, NICs or serial \
        devices): imported before Plug and Play was running, not signed for this Windows \
        release, or missing files; the devices stay without a driver until it is installed in \
        the guest",
    next_steps: &[
        "in the guest: pnputil /enum-drivers and pnputil /add-driver <path>\\*.inf /subdirs /install",
        "in the guest: the error entries (!!!) of C:\\Windows\\INF\\setupapi.dev.log",
        "attach the virtio-win ISO to the VM and install its drivers",
    ],
    source: "Microsoft driver docs, Format of a Text Log Section Body (SetupAPI's setupapi.dev.log)",
    example: "!!!  ndv: Driver package import failed for device.",
    ..BASE
}];
