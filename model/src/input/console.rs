//! `virtctl console` in a paste: the blank-console signature (`Successfully connected to … console`
//! with nothing after it) means the guest writes nothing to its serial port. When the paste shows
//! what the guest wrote after that line (a login prompt, boot messages) before the next shell
//! prompt, the guest does write: that signal is withdrawn, and what the guest wrote is read by
//! its own signatures (`signatures/console.rs`). virtctl's connect line:
//! `pkg/virtctl/console/console.go` ("Successfully connected to %s console. The escape sequence
//! is %s"). A shell prompt naming the VM (`[fedora@vm-1 ~]$`, `root@vm-1:~#`) is the guest's own
//! shell writing to its serial port, not the operator's next command: KubeVirt gives the guest
//! its VMI's name as hostname (`pkg/cloud-init/cloud-init.go`: `local-hostname` in the
//! NoCloud/ConfigDrive metadata; the DHCP server of `pkg/network/dhcp` offers it too).

use super::blocks::{is_fence, prompt_command};
use super::read::ReadPaste;

/// The signature that infers a blank console.
const BLANK: &str = "console-connected-blank";

/// Withdraws the blank-console signal of a connect line the guest's own output follows.
pub fn settle(out: &mut ReadPaste, input: &str) {
    out.withdraw_answered(input, BLANK, guest_wrote_after);
}

/// A non-blank line after paste line `line` (1-based), before the next shell prompt that is not
/// the guest's own.
fn guest_wrote_after(lines: &[&str], line: usize) -> bool {
    let vm = lines
        .get(line.wrapping_sub(1))
        .and_then(|l| connected_to(l));
    lines
        .iter()
        .skip(line)
        .take_while(|l| prompt_command(l).is_none() || vm.is_some_and(|v| guest_prompt(l, v)))
        .any(|l| !l.trim().is_empty() && !is_fence(l))
}

/// The VM a connect line names (`Successfully connected to <vm> console.`).
fn connected_to(line: &str) -> Option<&str> {
    let rest = line.split_once("connected to ")?.1;
    let vm = rest.split_once(" console")?.0.trim();
    (!vm.is_empty()).then_some(vm)
}

/// A prompt whose host is the VM: `user@<vm>` followed by the end of the host name.
fn guest_prompt(line: &str, vm: &str) -> bool {
    line.match_indices(&format!("@{vm}")).any(|(i, m)| {
        line[i + m.len()..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '-'))
    })
}
