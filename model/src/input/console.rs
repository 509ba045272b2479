//! `virtctl console` in a paste: the blank-console signature (`Successfully connected to … console`
//! with nothing after it) means the guest writes nothing to its serial port. When the paste shows
//! what the guest wrote after that line (a login prompt, boot messages) before the next shell
//! prompt, the guest does write: that signal is withdrawn, and what the guest wrote is read by
//! its own signatures (`signatures/console.rs`). virtctl's connect line:
//! `pkg/virtctl/console/console.go` ("Successfully connected to %s console. The escape sequence
//! is %s").

use super::blocks::{is_fence, prompt_command};
use super::read::ReadPaste;

/// The signature that infers a blank console.
const BLANK: &str = "console-connected-blank";

/// Withdraws the blank-console signal of a connect line the guest's own output follows.
pub fn settle(out: &mut ReadPaste, input: &str) {
    if !out
        .signals
        .iter()
        .any(|s| s.signature.as_deref() == Some(BLANK))
    {
        return;
    }
    let lines: Vec<&str> = input.lines().collect();
    out.signals
        .retain(|s| s.signature.as_deref() != Some(BLANK) || !guest_wrote_after(&lines, s.line));
}

/// A non-blank line after paste line `line` (1-based), before the next shell prompt.
fn guest_wrote_after(lines: &[&str], line: usize) -> bool {
    lines
        .iter()
        .skip(line)
        .take_while(|l| prompt_command(l).is_none())
        .any(|l| !l.trim().is_empty() && !is_fence(l))
}
