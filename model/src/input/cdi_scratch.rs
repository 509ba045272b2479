//! CDI's worker pod that no node fits because its claims were bound on different nodes. To
//! import into a claim, CDI's importer pod mounts the target claim (or, with volume populators,
//! CDI's own `prime-<target UID>` claim: `PVCPrimeName`, containerized-data-importer
//! `pkg/controller/populators/util.go`) and, for a format it must convert, a scratch claim CDI
//! creates beside it once the pod exists, named `<claim>-scratch` (`createScratchNameFromPvc`,
//! `pkg/controller/import-controller.go`, `common.ScratchNameSuffix`). With a storage class that
//! binds at once (`Immediate`) on node-local storage, each claim gets a volume on a node of its
//! own, so the scheduler finds no node for the pod: "node(s) had volume node affinity conflict"
//! (kube-scheduler's VolumeBinding plugin). That is the import's own provisioning, not the
//! nodes' (the storage class should wait for the first consumer, so both claims bind where the
//! importer runs): the control plane's by the fresh corpus' conventions for an import.
//!
//! Read only when the paste shows such a pair (a `<name>-scratch` claim and `<name>`), and only
//! for the scheduler's volume node affinity conflict; any other reason no node fits keeps the
//! nodes' reading.

use super::read::ReadPaste;
use crate::verdict::Layer;

/// The scheduler's reason for volumes bound on nodes the pod cannot all reach.
const CONFLICT: &str = "volume node affinity conflict";

/// Re-reads the scheduler's volume node affinity conflict when the paste shows CDI's scratch
/// claim beside the claim it serves.
pub fn settle(out: &mut ReadPaste, input: &str) {
    let conflict = |x: &crate::evidence::Signal| {
        x.signature.as_deref() == Some("no-node-fits")
            && x.excerpt.to_ascii_lowercase().contains(CONFLICT)
    };
    // The paste's words are looked through only when a line states the conflict.
    if !out.signals.iter().any(conflict) {
        return;
    }
    let Some(pair) = scratch_pair(input) else {
        return;
    };
    for x in out.signals.iter_mut().filter(|x| conflict(x)) {
        x.layer = Some(Layer::ControlPlane);
        x.title = "CDI's import pod cannot be scheduled: its claim and its scratch claim are \
            bound on different nodes (volume node affinity conflict)"
            .into();
        x.cause = format!(
            "CDI's importer mounts the claim it fills and a scratch claim CDI creates beside it \
             ({pair}); a storage class that binds at once gave each a volume on another node, \
             so no node can run the import pod and the import never starts: use a storage class \
             that waits for the first consumer (WaitForFirstConsumer) for CDI's claims, so both \
             bind where the importer runs"
        );
        x.source = format!(
            "{}; containerized-data-importer pkg/controller/import-controller.go \
             (createScratchNameFromPvc), pkg/controller/populators/util.go (PVCPrimeName)",
            x.source
        );
    }
}

/// A `<name>-scratch` claim whose `<name>` the paste also shows: CDI's scratch and its claim.
fn scratch_pair(input: &str) -> Option<String> {
    if !input.contains("-scratch") {
        return None;
    }
    let words: Vec<&str> = input
        .split(|c: char| c.is_whitespace() || matches!(c, '/' | '"' | '\'' | ',' | '`'))
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().find_map(|w| {
        let stem = w.strip_suffix("-scratch")?;
        (!stem.is_empty() && words.contains(&stem)).then(|| format!("{stem}, {w}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scratch_claim_beside_its_claim() {
        assert_eq!(
            scratch_pair("ns/disk-a-scratch  Bound\nns/disk-a  Bound\n").as_deref(),
            Some("disk-a, disk-a-scratch")
        );
        assert_eq!(scratch_pair("ns/disk-a-scratch  Bound\n"), None);
    }
}
