//! virt-launcher's first connections to libvirt in a paste. virt-launcher starts the libvirt
//! daemon and connects to it at once, polling until it answers (KubeVirt
//! `pkg/virt-launcher/virtwrap/cli/libvirt.go`, NewConnectionWithTimeout): every attempt that
//! fails is logged at info, "Connecting to libvirt daemon failed: …", and the poll gives up only
//! after its timeout with "cannot connect to libvirt daemon". The `libvirt-connect-failed`
//! signature reads a failed attempt as the launcher's fault; when a later line of the paste shows
//! the daemon answering, the attempt was the start-up race, not a fault, and its signal is
//! withdrawn. The daemon answers in two ways a launcher's log shows: the poll's own "Connected to
//! libvirt daemon", and the daemon's own log lines, which virt-launcher relays with
//! `"subcomponent":"libvirt"` (`pkg/virt-launcher/virtwrap/util/libvirt_helper.go`, its
//! banner `libvirt version: …` first), or copied bare: the start-up probes only the running
//! daemon logs (libvirt `src/util/virhostcpu.c`'s /dev/kvm probe, `src/util/virgdbus.c` and the
//! older `virdbus.c`'s DBus connections, `src/util/vircgroup.c`'s cgroup detection; the noise
//! signatures of `signatures/noise.rs`). `virtqemud-sock` attempts are start-up noise already
//! (`signatures/noise.rs`).

use super::read::ReadPaste;

/// The signature of a failed connection attempt.
const RETRY: &str = "libvirt-connect-failed";

/// Withdraws the failed-attempt signals that a later line shows the daemon answering after.
pub fn settle(out: &mut ReadPaste, input: &str) {
    out.withdraw_answered(input, RETRY, answered_after);
}

/// A line after paste line `line` (1-based) on which the libvirt daemon answers.
fn answered_after(lines: &[&str], line: usize) -> bool {
    lines.iter().skip(line).any(|l| daemon_answers(l))
}

/// The start-up probes only the running libvirt daemon logs (`signatures/noise.rs`).
const DAEMON_PROBES: &[&str] = &[
    "dev-kvm-permission-startup",
    "libvirt-startup-no-dbus",
    "libvirt-startup-no-gdbus",
    "libvirt-startup-cgroup-detect",
];

/// The poll's success, or a line the daemon itself logged.
fn daemon_answers(line: &str) -> bool {
    line.contains("Connected to libvirt daemon")
        || line.contains("\"subcomponent\":\"libvirt\"")
        || line.contains("\"subcomponent\": \"libvirt\"")
        || crate::signatures::match_line(line).is_some_and(|s| DAEMON_PROBES.contains(&s.id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_daemon_answers_in_its_own_lines_or_the_polls() {
        assert!(daemon_answers(
            r#"{"component":"virt-launcher","level":"info","msg":"Connected to libvirt daemon"}"#
        ));
        assert!(daemon_answers(
            r#"{"level":"info","msg":"libvirt version: 9.0.0","subcomponent":"libvirt"}"#
        ));
        assert!(!daemon_answers(
            r#"{"level":"info","msg":"Connecting to libvirt daemon: qemu:///system"}"#
        ));
        // copied bare: a probe only the running daemon logs
        assert!(daemon_answers(
            "internal error: Unable to get session bus connection: Could not connect"
        ));
        for id in DAEMON_PROBES {
            assert!(crate::signatures::by_id(id).is_some(), "{id}");
        }
    }
}
