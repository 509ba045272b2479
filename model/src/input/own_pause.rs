//! A VM or VMI the paste's own `virtctl pause` paused. virtctl's pause command prints `VMI <name>
//! was scheduled to pause` (`pkg/virtctl/pause/pause.go`), and virt-handler marks the VMI's
//! `Paused` condition with reason `PausedByUser` (`staging/src/kubevirt.io/api/core/v1/types.go`):
//! a `Paused` row of that VM or VMI after the command, in the same paste, is the pause the
//! operator asked for, not a fault (an I/O error's pause is another VMI, or a pause nobody in the
//! paste asked for).

use super::read::ReadPaste;
use super::vocab::Kind;

/// Re-reads as noise the `Paused` rows of VMs and VMIs that a `virtctl pause` earlier in the
/// paste named.
pub fn settle(out: &mut ReadPaste, input: &str) {
    let paused: Vec<(usize, String)> = out
        .sightings
        .all()
        .filter(|s| matches!(s.kind, Kind::Vm | Kind::Vmi) && s.status == "Paused")
        .map(|s| (s.line, s.name.clone()))
        .collect();
    if paused.is_empty() {
        return;
    }
    let asked: Vec<(usize, &str)> = input
        .lines()
        .enumerate()
        .filter_map(|(i, l)| paused_by(l).map(|name| (i + 1, name)))
        .collect();
    for (line, name) in paused {
        if !asked.iter().any(|(at, n)| *at < line && *n == name) {
            continue;
        }
        for x in out.signals.iter_mut().filter(|x| x.line == line) {
            x.reread_as_noise(
                "paused-by-own-virtctl",
                format!("{name} is paused by the paste's own `virtctl pause` (not a fault)"),
                "virtctl pause was run on it earlier in the paste: the guest is paused as asked \
                 (its Paused condition's reason is PausedByUser), so it answers no console or ssh \
                 until it is unpaused",
                vec![format!("virtctl unpause vm {name} (to run it again)")],
            );
        }
    }
}

/// The VM or VMI a line pauses: `virtctl pause vm <name>` (a prompt, flags and a `-n` before or
/// after it allowed) or virtctl's answer `VMI <name> was scheduled to pause`.
fn paused_by(line: &str) -> Option<&str> {
    let t = line.trim();
    if let Some(rest) = t.strip_prefix("VMI ") {
        return rest.strip_suffix(" was scheduled to pause");
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    let at = words
        .windows(2)
        .position(|w| w[0].ends_with("virtctl") && w[1] == "pause")?;
    let mut rest = words[at + 2..].iter().copied();
    let mut kind_seen = false;
    while let Some(w) = rest.next() {
        match w {
            "-n" | "--namespace" => {
                rest.next();
            }
            _ if w.starts_with('-') => {}
            "vm" | "vmi" | "virtualmachine" | "virtualmachineinstance" if !kind_seen => {
                kind_seen = true;
            }
            name if kind_seen => return Some(name),
            _ => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::paused_by;

    #[test]
    fn the_command_and_its_answer_name_the_paused_vmi() {
        assert_eq!(paused_by("$ virtctl pause vm web"), Some("web"));
        assert_eq!(
            paused_by("virtctl pause -n prod vmi db --dry-run"),
            Some("db")
        );
        assert_eq!(
            paused_by("~$ ./virtctl pause vm --namespace x api"),
            Some("api")
        );
        assert_eq!(paused_by("VMI web was scheduled to pause"), Some("web"));
        assert_eq!(paused_by("$ virtctl unpause vm web"), None);
        assert_eq!(paused_by("$ virtctl pause"), None);
        assert_eq!(paused_by("kubectl get vm web"), None);
    }
}
