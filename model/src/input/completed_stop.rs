//! A VM whose guest shut itself down and stays stopped, by its run strategy. The VM controller
//! prints `Stopped` for a VM whose VMI is final (`pkg/virt-controller/watch/vm/vm.go`,
//! isVirtualMachineStatusStopped: `vmi.IsFinal()`), and with run strategy Always it deletes a
//! final VMI and starts a new one at once; a Succeeded VMI left in place beside its VM listed
//! `Stopped` is one whose run strategy (Manual, Halted, RerunOnFailure, Once) does not restart
//! a clean shutdown: a stop that completed, not a fault. The VMI's Succeeded row then says what
//! happened (the guest powered off) and blames no layer, unless the paste's writer marks that
//! row as the problem (a `#` comment or a `<--` arrow after its cells): then the guest's
//! shutdown is the answer to the question asked, as before.

use super::read::ReadPaste;
use super::vocab::Kind;

/// Makes a Succeeded VMI's row noise when its VM of the same name is listed Stopped.
pub fn settle(out: &mut ReadPaste, input: &str) {
    let succeeded: Vec<(usize, String)> = out
        .sightings
        .all()
        .filter(|s| s.kind == Kind::Vmi && s.status == "Succeeded")
        .filter(|v| {
            out.sightings.all().any(|m| {
                m.kind == Kind::Vm
                    && m.status == "Stopped"
                    && m.name == v.name
                    && (m.namespace == v.namespace
                        || m.namespace.is_empty()
                        || v.namespace.is_empty())
            })
        })
        .map(|v| (v.line, v.name.clone()))
        .collect();
    if succeeded.is_empty() {
        return;
    }
    let lines: Vec<&str> = input.lines().collect();
    for (line, name) in succeeded {
        let row = lines.get(line.wrapping_sub(1)).copied().unwrap_or("");
        if marked(row) {
            continue;
        }
        for x in out
            .signals
            .iter_mut()
            .filter(|x| x.line == line && x.signature.as_deref() == Some("vmi-succeeded-row"))
        {
            x.reread_as_noise(
                "vmi-succeeded-vm-stopped",
                format!("the VM {name} is stopped: its guest shut down (not a fault)"),
                "the VMI Succeeded (its guest powered off from inside) and its VM is \
                listed Stopped, so its run strategy does not restart a clean shutdown (Manual, \
                Halted, RerunOnFailure or Once; Always would have started a new VMI): a stop \
                that completed",
                vec!["virtctl start <vm> -n <namespace> (to run it again)".into()],
            );
        }
    }
}

/// A row the paste's writer marks: a shell comment or an arrow after its cells.
fn marked(row: &str) -> bool {
    row.contains("<--") || row.contains(" # ")
}
