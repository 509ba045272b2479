//! The program a line was printed by, read from the form its own error printer gives every
//! message, whatever the message: libvirt and QEMU print errors no signature can list whole
//! (thousands of strings), but always in the same frame, so an unknown one still names its
//! reporter (and the reporter's layer: the VM's pod on its node):
//!
//! - libvirt's default error function (`src/util/virerror.c` virDefaultErrorFunc:
//!   `"libvirt: %s %s %s%s: %s"`, the error domain's name, the level `error` or `warning`, the
//!   object's name): `libvirt: QEMU Driver error : …`, `libvirt:  error : …` (no domain), as a
//!   child process that failed before exec relays it (`Process exited prior to exec: libvirt:
//!   error : …`);
//! - libvirt's log outputs (`src/util/virlog.c` virLogFormatString: `"%llu: %s : %s:%d : %s"`,
//!   the thread, the priority, the function and line): `… 4242: error : qemuProcessStart:6500 :
//!   …`, as virtqemud's and libvirtd's logs and the launcher's relayed libvirt lines print it;
//! - QEMU's error reports (`util/qemu-error.c` error_vprintf with error_print_loc: the program's
//!   name first, `qemu-kvm: …`, `qemu-system-x86_64: -device …: …`);
//! - libvirt's error codes as it words them (`src/util/virerror.c` virErrorMsgStrings, the text
//!   of each `VIR_ERR_*` code that starts every message raised with it: `internal error: …`,
//!   `unsupported configuration: …`, `operation failed: …`, …), when the line starts with one
//!   (or with virsh's `error: ` before it): the message as virt-launcher relays it without a
//!   frame. Only the codes of a failing operation are listed ([`LIBVIRT_CODES`]), not those
//!   whose words another program also starts a line with.
//!
//! It names the printer and the frame's level in words of its own ([`Printer`], [`Framed`]), which
//! `component` and `level` read, so that neither of them is imported here (no circle).

/// The program whose error printer framed a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Printer {
    Libvirt,
    Qemu,
}

/// The level a frame states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framed {
    Error,
    Warning,
}

/// The level words libvirt prints in both frames.
const LEVELS: [&str; 2] = ["error", "warning"];

/// QEMU's program names as its error reports start.
const QEMU: [&str; 4] = [
    "qemu-kvm: ",
    "qemu-system-x86_64: ",
    "qemu-system-aarch64: ",
    "qemu-system-s390x: ",
];

/// The words of libvirt's error codes that start a message raised with them (libvirt
/// `src/util/virerror.c` virErrorMsgStrings; the code in each comment), case as printed. Left
/// out: the codes of one subject (the guest agent's, a migration's, a network's or a storage
/// pool's: their own signatures read them), and `invalid argument`, `system call error`, `RPC
/// error`, whose words other programs print too.
const LIBVIRT_CODES: [&str; 10] = [
    "internal error: ",                   // VIR_ERR_INTERNAL_ERROR
    "unsupported configuration: ",        // VIR_ERR_CONFIG_UNSUPPORTED
    "operation failed: ",                 // VIR_ERR_OPERATION_FAILED
    "Requested operation is not valid: ", // VIR_ERR_OPERATION_INVALID
    "this function is not supported by the connection driver: ", // VIR_ERR_NO_SUPPORT
    "XML error: ",                        // VIR_ERR_XML_ERROR
    "Timed out during operation: ",       // VIR_ERR_OPERATION_TIMEOUT
    "Operation not supported: ",          // VIR_ERR_OPERATION_UNSUPPORTED
    "argument unsupported: ",             // VIR_ERR_ARGUMENT_UNSUPPORTED
    "Domain not found: ",                 // VIR_ERR_NO_DOMAIN
];

/// A line that starts with one of libvirt's error codes' words ([`LIBVIRT_CODES`]), or with
/// virsh's `error: ` before one.
fn libvirt_code(t: &str) -> bool {
    let t = t.trim_start();
    let t = t.strip_prefix("error: ").unwrap_or(t);
    LIBVIRT_CODES
        .iter()
        .any(|c| t.starts_with(c) && t.len() > c.len())
}

/// The program whose error printer framed `t`, if one did. Every line of a paste asks (its
/// level and component): nothing is allocated unless the line holds `qemu` in some case.
pub fn printed_by(t: &str) -> Option<Printer> {
    if libvirt_default(t) || libvirt_log(t) || libvirt_code(t) {
        return Some(Printer::Libvirt);
    }
    if !crate::scan::contains_ignore_case(t, "qemu") {
        return None;
    }
    let lower = t.to_ascii_lowercase();
    QEMU.iter()
        .any(|q| {
            lower.starts_with(q)
                || lower
                    .match_indices(q)
                    .any(|(at, _)| lower[..at].ends_with(": "))
        })
        .then_some(Printer::Qemu)
}

/// The level the frame states: libvirt's level word; a QEMU report is an error
/// (`error_report`) unless it says `warning:` (`warn_report`).
pub fn level(t: &str) -> Option<Framed> {
    let printer = printed_by(t)?;
    let lower = t.to_ascii_lowercase();
    match printer {
        Printer::Qemu if lower.contains(": warning: ") => Some(Framed::Warning),
        Printer::Qemu => Some(Framed::Error),
        Printer::Libvirt => Some(
            if lower.contains(" warning : ") && !lower.contains(" error : ") {
                Framed::Warning
            } else {
                Framed::Error
            },
        ),
    }
}

/// `libvirt: <domain> <level> <object>: …`: the level word within the frame's first words.
fn libvirt_default(t: &str) -> bool {
    let Some(at) = crate::scan::find(t, "libvirt: ") else {
        return false;
    };
    let rest = &t[at + "libvirt: ".len()..];
    let frame = rest.split(" : ").next().unwrap_or("");
    rest.contains(" : ")
        && frame.len() <= 40
        && frame
            .split_whitespace()
            .last()
            .is_some_and(|w| LEVELS.contains(&w))
}

/// `<thread>: <level> : <function>:<line> : …`.
fn libvirt_log(t: &str) -> bool {
    // The frames of [`LEVELS`], spelled out so that no line formats them.
    [": error : ", ": warning : "].iter().any(|frame| {
        let Some(at) = crate::scan::find(t, frame) else {
            return false;
        };
        let thread = t[..at].rsplit(' ').next().unwrap_or("");
        let after = &t[at + frame.len()..];
        let func = after.split(" : ").next().unwrap_or("");
        !thread.is_empty()
            && thread.bytes().all(|b| b.is_ascii_digit())
            && func.split_once(':').is_some_and(|(name, line)| {
                !name.is_empty()
                    && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                    && !line.is_empty()
                    && line.bytes().all(|b| b.is_ascii_digit())
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libvirt_and_qemu_by_their_frames() {
        assert_eq!(
            printed_by("libvirt: QEMU Driver error : unsupported configuration: x"),
            Some(Printer::Libvirt)
        );
        assert_eq!(
            printed_by("internal error: Process exited prior to exec: libvirt: error : x"),
            Some(Printer::Libvirt)
        );
        assert_eq!(
            printed_by("2024-05-01 10:00:00.123+0000: 4242: error : qemuProcessStart:6500 : x"),
            Some(Printer::Libvirt)
        );
        assert_eq!(
            printed_by("qemu-kvm: -drive file=/x: Could not open '/x'"),
            Some(Printer::Qemu)
        );
        assert_eq!(
            printed_by("unsupported configuration: host doesn't support VFIO PCI passthrough"),
            Some(Printer::Libvirt)
        );
        assert_eq!(
            printed_by("error: operation failed: domain is already active"),
            Some(Printer::Libvirt)
        );
        assert_eq!(
            printed_by("Internal error occurred: failed calling webhook"),
            None
        );
        assert_eq!(printed_by("an error : somewhere"), None);
        assert_eq!(printed_by("libvirt: the daemon is fine"), None);
    }
}
