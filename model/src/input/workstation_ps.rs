//! A PowerShell error located in a `.ps1` script (`signatures/guest_output/guest_os.rs` reads it
//! as the Windows guest's) that an operator's workstation printed: PowerShell writes the failing
//! command's name before its message (`kubectl : error: …`) and the script's line after the
//! location (`+ kubectl get vmis -A`); a failing kubectl, oc, virtctl or helm is the operator's
//! tool, not the guest.

use super::read::ReadPaste;

/// Re-reads as noise a guest PowerShell error whose command is a cluster tool.
pub fn settle(out: &mut ReadPaste, input: &str) {
    if !out
        .signals
        .iter()
        .any(|x| x.signature.as_deref() == Some(SIGNATURE))
    {
        return;
    }
    let lines: Vec<&str> = input.lines().collect();
    for x in out
        .signals
        .iter_mut()
        .filter(|x| x.signature.as_deref() == Some(SIGNATURE))
    {
        let at = x.line.saturating_sub(1);
        let before = at.checked_sub(1).and_then(|i| lines.get(i)).copied();
        let after = lines.get(at + 1).copied();
        let tool = before.is_some_and(|l| names_tool(l.split(" : ").next().unwrap_or("")))
            || after.is_some_and(|l| {
                l.trim_start()
                    .strip_prefix('+')
                    .is_some_and(|code| names_tool(code.split_whitespace().next().unwrap_or("")))
            });
        if tool {
            x.reread_as_noise(
                "powershell-workstation-tool",
                "a cluster tool's error in a PowerShell script (the operator's workstation)",
                "PowerShell reports a failing kubectl, oc, virtctl or helm run from a script: \
                 the operator's own command failed, not the Windows guest",
                Vec::new(),
            );
        }
    }
}

const SIGNATURE: &str = "powershell-script-error";

fn names_tool(word: &str) -> bool {
    let w = word.trim().trim_start_matches(".\\").to_ascii_lowercase();
    let w = w.strip_suffix(".exe").unwrap_or(&w);
    matches!(w, "kubectl" | "oc" | "virtctl" | "helm" | "k")
}
