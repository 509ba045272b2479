//! The guest's serial console read through the launcher pod's `guest-console-log` container:
//! KubeVirt adds it to the launcher (`pkg/virt-controller/services/serialconsolelog.go`) to
//! stream what the guest writes on its serial port, so `kubectl logs <launcher> -c
//! guest-console-log` printing nothing (or `| wc -l` counting `0`) says the guest has written
//! nothing there: the same fact as a `virtctl console` that connects and stays blank
//! (`console-connected-blank`, `signatures/guest.rs`). The launcher and its container run, so
//! the silence is the guest's (its firmware or bootloader never reached a kernel, or the kernel
//! does not write to ttyS0).

use super::blocks::{is_fence, prompt_command};
use super::read::ReadPaste;
use crate::evidence::Signal;
use crate::verdict::{Health, Layer};

/// The signature id of the signal.
pub const SIGNATURE: &str = "console-log:empty";

/// The container's name (`serialconsolelog.go`).
const CONTAINER: &str = "guest-console-log";

/// Adds the signal of each `kubectl logs … -c guest-console-log` the paste shows empty.
pub fn see(out: &mut ReadPaste, input: &str) {
    // A command naming the container has its name in the paste.
    if !crate::scan::holds(input, CONTAINER) {
        return;
    }
    let lines: Vec<&str> = input.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let Some(cmd) = prompt_command(line) else {
            continue;
        };
        let words: Vec<&str> = cmd.split_whitespace().collect();
        let logs = words.contains(&"logs") && words.iter().any(|w| w.ends_with(CONTAINER));
        if !logs || words.iter().any(|w| matches!(*w, "-f" | "--follow")) {
            continue;
        }
        let output: Vec<&str> = lines[i + 1..]
            .iter()
            .take_while(|l| prompt_command(l).is_none())
            .map(|l| l.trim())
            .filter(|l| !l.is_empty() && !is_fence(l))
            .collect();
        let counted = cmd.contains("wc -l");
        let silent = if counted {
            output.first() == Some(&"0")
        } else {
            output.is_empty()
        };
        if silent {
            out.signals.push(signal(i + 1, line));
        }
    }
}

fn signal(line: usize, text: &str) -> Signal {
    Signal {
        signature: Some(SIGNATURE.into()),
        layer: Some(Layer::Guest),
        plane: None,
        health: Health::Degraded,
        title: "the guest's serial console log is empty: the guest writes nothing".into(),
        cause: "the launcher's guest-console-log container streams what the guest writes on its \
            serial port, and it has nothing: the guest's firmware or bootloader never reached a \
            kernel (a disk that does not boot, a firmware the image does not support) or the \
            kernel does not write to ttyS0"
            .into(),
        next_steps: vec![
            "virtctl vnc <vm> (the firmware's and bootloader's screen)".into(),
            "check the image boots with the VM's firmware (BIOS or EFI) and architecture".into(),
        ],
        source: "KubeVirt pkg/virt-controller/services/serialconsolelog.go (the \
            guest-console-log container)"
            .into(),
        line,
        from: "a kubectl logs of the guest-console-log container".into(),
        excerpt: super::excerpt::excerpt(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(input: &str) -> usize {
        let mut out = ReadPaste::default();
        see(&mut out, input);
        out.signals.len()
    }

    #[test]
    fn an_empty_or_zero_counted_console_log_is_silence_and_output_is_not() {
        let cmd = "$ kubectl logs virt-launcher-db-x2k9q -c guest-console-log";
        assert_eq!(seen(&format!("{cmd}\n$ echo done\n")), 1);
        assert_eq!(seen(&format!("{cmd} | wc -l\n0\n")), 1);
        assert_eq!(seen(&format!("{cmd} | wc -l\n42\n")), 0);
        assert_eq!(
            seen(&format!("{cmd}\n[    0.000000] Linux version 6.1\n")),
            0
        );
        assert_eq!(
            seen("$ kubectl logs virt-launcher-db-x2k9q -c compute\n"),
            0
        );
    }
}
