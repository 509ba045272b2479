//! A block about another kind than a VMI or its pod (a DataVolume's YAML, `kubectl get dv`,
//! `get vmim`, `get pvc`): the signatures that read a VMI's or a pod's own field by its value
//! alone (the phase `Succeeded` of a VMI row, a container's `reason: Completed`) do not read its
//! lines, which use the same words for their own kind (CDI's DataVolume phase `Succeeded` and its
//! Running condition's `reason: Completed`, `pkg/controller/datavolume/`, `common/common.go`; a
//! migration's phase `Succeeded`, KubeVirt `staging/src/kubevirt.io/api/core/v1/types.go`
//! VirtualMachineInstanceMigrationPhase). What the block's own reader makes of its kind stands.

use super::blocks::Block;
use super::lines::LineEvidence;
use super::table::{command_kind, header_columns, header_kind};
use super::vocab::Kind;
use crate::view::{Ignored, LineRange};

/// The signatures that read a VMI's or its pod's field by its value alone.
const OWN_FIELDS: [&str; 2] = ["vmi-succeeded-row", "compute-completed"];

/// The kinds whose YAML names them at the top (`kind: X`) and whose fields are a VMI's or a
/// pod's own (a VM holds its VMI's template; a List holds any).
const VMI_OR_POD: [&str; 6] = [
    "VirtualMachineInstance",
    "Pod",
    "VirtualMachine",
    "List",
    "PodList",
    "VirtualMachineInstanceList",
];

/// The other kind the block is about: every top-level `kind:` of a YAML block names one that is
/// not a VMI's or a pod's, or a table lists one (by its command or its header).
pub fn other_kind(block: &Block<'_>) -> Option<String> {
    let kinds: Vec<&str> = block
        .text
        .iter()
        .filter_map(|l| l.strip_prefix("kind:"))
        .map(str::trim)
        .collect();
    if !kinds.is_empty() {
        let other = kinds.iter().all(|k| !VMI_OR_POD.contains(k));
        return other.then(|| kinds[0].to_string());
    }
    let by_command = block.command.and_then(command_kind).map(|k| k.0);
    let kind = by_command.or_else(|| {
        let first = block.text.first()?;
        super::shapes::is_table_header(first)
            .then(|| header_kind(&header_columns(first), None))
            .flatten()
    })?;
    matches!(
        kind,
        Kind::Dv | Kind::Pvc | Kind::Vmim | Kind::Node | Kind::MigrationPolicy
    )
    .then(|| kind.name().to_string())
}

/// Drops from `lines` the readings of a VMI's or a pod's field in a block about another kind.
pub fn settle(block: &Block<'_>, lines: &mut LineEvidence) {
    let own = |s: &crate::evidence::Signal| {
        s.signature
            .as_deref()
            .is_some_and(|id| OWN_FIELDS.contains(&id))
    };
    if !lines.signals.iter().any(own) {
        return;
    }
    let Some(kind) = other_kind(block) else {
        return;
    };
    let dropped: Vec<(usize, String)> = lines
        .signals
        .iter()
        .filter(|s| own(s))
        .map(|s| (s.line, s.title.clone()))
        .collect();
    lines.signals.retain(|s| !own(s));
    lines
        .read
        .retain(|r| !dropped.iter().any(|(n, t)| *n == r.line && *t == r.what));
    for (n, _) in dropped {
        lines.ignored.push(Ignored {
            lines: LineRange { first: n, last: n },
            why: format!("a field of a {kind}, not of a VMI or its pod"),
        });
    }
}
