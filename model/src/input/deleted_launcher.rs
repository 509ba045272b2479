//! A VMI Failed after the paste shows its launcher pod deleted: the deletion is the cause, not
//! the node.
//!
//! A VMI lives in its virt-launcher pod, named `virt-launcher-<vmi>-<5 chars>` (`GenerateName:
//! "virt-launcher-" + domain + "-"`, `pkg/virt-controller/services/template.go`). When that pod
//! goes, the VMI goes with it: virt-controller's VMI controller sets a VMI whose pod no longer
//! exists, or is down or going down, to `Failed` ("someone other than the controller deleted the
//! pod unexpectedly", `updateStatus` in `pkg/virt-controller/watch/vmi/lifecycle.go`), and a
//! running guest's domain ends with its pod, which virt-handler reports as the VMI's final
//! phase. What follows is the VM controller's: by the VM's run strategy it starts a new VMI
//! (`Always`, `RerunOnFailure`) or records the VM stopped (`pkg/virt-controller/watch/vm/vm.go`).
//!
//! So when the paste shows a `kubectl delete pod` (or `oc`'s, or the `k` alias) of a VMI's
//! launcher pod and that VMI `Failed`, the phase states the deletion's outcome, not a node's
//! fault: the node's reading of the VMI's row becomes the control plane's, degraded (what is
//! left to judge is what the controllers do next).

use super::read::ReadPaste;
use super::sightings::launcher_vmi;
use super::vocab::Kind;
use crate::verdict::{Health, Layer};

/// What the VMI's row says once its launcher's deletion is in the paste.
pub const AFTER_DELETE: &str = "The VMI's launcher pod was deleted (the paste shows the \
    command): KubeVirt sets a VMI whose pod is gone to Failed, so the phase is the deletion's \
    outcome, not a node's fault. What follows is the VM controller's: by the VM's run strategy \
    it starts a new VMI (Always, RerunOnFailure) or records the VM stopped; if the VM's status \
    does not follow its VMI, look at virt-controller.";

/// Re-reads the Failed rows of VMIs whose launcher pod the paste deletes.
pub fn settle(out: &mut ReadPaste, input: &str) {
    let deleted = deleted_launchers(input);
    if deleted.is_empty() {
        return;
    }
    let rows: Vec<(usize, String)> = out
        .sightings
        .all()
        .filter(|s| s.kind == Kind::Vmi && s.status == "Failed")
        .filter(|s| deleted.iter().any(|d| d == &s.name))
        .map(|s| (s.line, s.name.clone()))
        .collect();
    for (line, vmi) in rows {
        for x in out
            .signals
            .iter_mut()
            .filter(|x| x.line == line && x.layer == Some(Layer::Node))
        {
            x.layer = Some(Layer::ControlPlane);
            x.health = Health::Degraded;
            x.title = format!(
                "VirtualMachineInstance {vmi} is Failed after its launcher pod was deleted"
            );
            x.cause = AFTER_DELETE.into();
            x.source = format!(
                "{}; KubeVirt pkg/virt-controller/watch/vmi/lifecycle.go (a VMI whose pod is \
                gone is Failed), pkg/virt-controller/watch/vm/vm.go (run strategy)",
                x.source
            );
        }
    }
}

/// The VMIs whose launcher pod a `kubectl delete pod …` line of the paste deletes.
pub fn deleted_launchers(input: &str) -> Vec<String> {
    let mut vmis = Vec::new();
    // Only a paste, and then a line, with the verb in it is split into words.
    if !crate::scan::holds(input, "delete") {
        return vmis;
    }
    let lines = crate::scan::lines(input);
    for line in lines.filter(|l| crate::scan::find(l, "delete").is_some()) {
        let words: Vec<&str> = line
            .split_whitespace()
            .map(|w| w.trim_matches(|c| c == '`' || c == '"' || c == '\''))
            .collect();
        let Some(i) = words.iter().position(|w| is_client(w)) else {
            continue;
        };
        let rest = &words[i + 1..];
        let end = rest
            .iter()
            .position(|w| matches!(*w, "|" | "&&" | ";" | "||"))
            .unwrap_or(rest.len());
        let rest = &rest[..end];
        let Some(d) = rest.iter().position(|w| *w == "delete") else {
            continue;
        };
        let mut pods = false;
        let mut skip = false;
        for w in &rest[d + 1..] {
            if skip {
                skip = false;
                continue;
            }
            if matches!(*w, "-n" | "--namespace" | "--context" | "--grace-period") {
                skip = true;
                continue;
            }
            if matches!(*w, "pod" | "pods" | "po") {
                pods = true;
                continue;
            }
            let name = match w.split_once('/') {
                Some(("pod" | "pods" | "po", n)) => n,
                Some(_) => continue,
                None if pods && !w.starts_with('-') => w,
                None => continue,
            };
            if let Some(vmi) = launcher_vmi(name) {
                vmis.push(vmi.to_string());
            }
        }
    }
    vmis
}

/// `kubectl`, `oc` or the `k` alias, by path or bare, after a prompt.
fn is_client(word: &str) -> bool {
    let w = word.rsplit('/').next().unwrap_or(word);
    matches!(w, "kubectl" | "oc" | "k")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_delete_of_a_launcher_pod_names_its_vmi() {
        assert_eq!(
            deleted_launchers("$ kubectl delete pod virt-launcher-vm-a-x7k2p -n lab"),
            vec!["vm-a"]
        );
        assert_eq!(
            deleted_launchers("`oc -n lab delete pods/virt-launcher-db-q8zzt`"),
            vec!["db"]
        );
        // Another verb, another kind, another pod: nothing deleted.
        assert!(deleted_launchers("kubectl get pod virt-launcher-vm-a-x7k2p").is_empty());
        assert!(deleted_launchers("kubectl delete vmi vm-a").is_empty());
        assert!(deleted_launchers("kubectl delete pod web-7d4b9c-x7k2p").is_empty());
        assert!(deleted_launchers("we deleted pod virt-launcher-vm-a-x7k2p").is_empty());
    }
}
