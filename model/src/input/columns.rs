//! kubectl's columns for each kind, as its printers print them, and the kind a header's columns
//! name.
//!
//! Sources: Kubernetes `pkg/printers/internalversion/printers.go` (pods, nodes, PVCs, events:
//! each column, the `-o wide` ones being those of priority 1), KubeVirt
//! `pkg/virt-operator/resource/generate/components/crds.go` (the VMI, VM, VMIM and VMIRS
//! CRDs' `additionalPrinterColumns`; a CRD without any, MigrationPolicy, prints NAME and AGE)
//! and CDI's DataVolume type (`+kubebuilder:printcolumn`: Phase, Progress, Restarts, Age).
//! k8s.io/cli-runtime's table printer puts `NAMESPACE` first with `-A`, then the kind's columns,
//! then one column per `-L key` (the key's last `/` segment, upper-cased) and `LABELS` with
//! `--show-labels`, so a header is the kind's columns as a prefix, after an optional NAMESPACE.

use super::cells::Column;
use super::vocab::Kind;

/// One kind's columns: the default ones, then the `-o wide` ones (priority 1, in the printer's
/// order, which for events interleaves them with the default ones).
struct Printed {
    kind: Kind,
    default: &'static [&'static str],
    wide: &'static [&'static str],
    /// Other kinds print the same default columns (an apps ReplicaSet prints a VMIRS's; many
    /// kinds print NAME and AGE only): the header alone does not name this kind.
    ambiguous: bool,
}

const PRINTED: &[Printed] = &[
    Printed {
        kind: Kind::Vmi,
        default: &["NAME", "AGE", "PHASE", "IP", "NODENAME", "READY"],
        wide: &[
            "NAME",
            "AGE",
            "PHASE",
            "IP",
            "NODENAME",
            "READY",
            "LIVE-MIGRATABLE",
            "PAUSED",
        ],
        ambiguous: false,
    },
    Printed {
        kind: Kind::Vm,
        default: &["NAME", "AGE", "STATUS", "READY"],
        wide: &[],
        ambiguous: false,
    },
    Printed {
        kind: Kind::Vmim,
        default: &["NAME", "PHASE", "VMI"],
        wide: &[],
        ambiguous: false,
    },
    Printed {
        kind: Kind::Vmirs,
        default: &["NAME", "DESIRED", "CURRENT", "READY", "AGE"],
        wide: &[],
        ambiguous: true,
    },
    Printed {
        kind: Kind::MigrationPolicy,
        default: &["NAME", "AGE"],
        wide: &[],
        ambiguous: true,
    },
    Printed {
        kind: Kind::Pod,
        default: &["NAME", "READY", "STATUS", "RESTARTS", "AGE"],
        wide: &[
            "NAME",
            "READY",
            "STATUS",
            "RESTARTS",
            "AGE",
            "IP",
            "NODE",
            "NOMINATED NODE",
            "READINESS GATES",
        ],
        ambiguous: false,
    },
    Printed {
        kind: Kind::Node,
        default: &["NAME", "STATUS", "ROLES", "AGE", "VERSION"],
        wide: &[
            "NAME",
            "STATUS",
            "ROLES",
            "AGE",
            "VERSION",
            "INTERNAL-IP",
            "EXTERNAL-IP",
            "OS-IMAGE",
            "KERNEL-VERSION",
            "CONTAINER-RUNTIME",
        ],
        ambiguous: false,
    },
    Printed {
        kind: Kind::Pvc,
        default: &[
            "NAME",
            "STATUS",
            "VOLUME",
            "CAPACITY",
            "ACCESS MODES",
            "STORAGECLASS",
            "VOLUMEATTRIBUTESCLASS",
            "AGE",
        ],
        wide: &[
            "NAME",
            "STATUS",
            "VOLUME",
            "CAPACITY",
            "ACCESS MODES",
            "STORAGECLASS",
            "VOLUMEATTRIBUTESCLASS",
            "AGE",
            "VOLUMEMODE",
        ],
        ambiguous: false,
    },
    // Before Kubernetes 1.29 a PVC had no VolumeAttributesClass column.
    Printed {
        kind: Kind::Pvc,
        default: &[
            "NAME",
            "STATUS",
            "VOLUME",
            "CAPACITY",
            "ACCESS MODES",
            "STORAGECLASS",
            "AGE",
        ],
        wide: &[
            "NAME",
            "STATUS",
            "VOLUME",
            "CAPACITY",
            "ACCESS MODES",
            "STORAGECLASS",
            "AGE",
            "VOLUMEMODE",
        ],
        ambiguous: false,
    },
    Printed {
        kind: Kind::Dv,
        default: &["NAME", "PHASE", "PROGRESS", "RESTARTS", "AGE"],
        wide: &[],
        ambiguous: false,
    },
    Printed {
        kind: Kind::Event,
        default: &["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"],
        wide: &[
            "LAST SEEN",
            "TYPE",
            "REASON",
            "OBJECT",
            "SUBOBJECT",
            "SOURCE",
            "MESSAGE",
            "FIRST SEEN",
            "COUNT",
            "NAME",
        ],
        ambiguous: false,
    },
];

/// kubectl's columns for a kind when the header was cut away (`--no-headers`, or a paste
/// starting below it): NAMESPACE first with `-A` (not for a cluster-scoped kind), the wide ones
/// with `-o wide`.
pub fn default_columns(kind: Kind, all: bool, wide: bool) -> Vec<&'static str> {
    let p = PRINTED.iter().find(|p| p.kind == kind);
    let mut cols: Vec<&str> = match p {
        Some(p) if wide && !p.wide.is_empty() => p.wide.to_vec(),
        Some(p) => p.default.to_vec(),
        None => vec!["NAME"],
    };
    if all && kind.namespaced() {
        cols.insert(0, "NAMESPACE");
    }
    cols
}

/// The kind whose printed columns start the header (after NAMESPACE), the longest such list
/// winning; a kind whose columns other kinds print too counts only when `command` names it.
pub fn printed_kind(cols: &[Column], command: Option<Kind>) -> Option<Kind> {
    let names: Vec<&str> = cols.iter().map(|c| c.name.as_str()).collect();
    let names = match names.first() {
        Some(&"NAMESPACE") => &names[1..],
        _ => &names[..],
    };
    PRINTED
        .iter()
        .flat_map(|p| [(p, p.default), (p, p.wide)])
        .filter(|(p, list)| {
            !list.is_empty() && names.starts_with(list) && (!p.ambiguous || command == Some(p.kind))
        })
        .max_by_key(|(_, list)| list.len())
        .map(|(p, _)| p.kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cols(names: &[&str]) -> Vec<Column> {
        names
            .iter()
            .map(|n| Column {
                name: n.to_string(),
                start: 0,
            })
            .collect()
    }

    #[test]
    fn every_printed_shape_names_its_kind() {
        for p in PRINTED {
            for list in [p.default, p.wide].into_iter().filter(|l| !l.is_empty()) {
                let command = p.ambiguous.then_some(p.kind);
                // Plain, with -A, with -L columns and --show-labels after.
                let mut shapes = vec![list.to_vec()];
                let mut ns = vec!["NAMESPACE"];
                ns.extend(list);
                shapes.push(ns);
                let mut labels = list.to_vec();
                labels.extend(["TIER2", "LABELS"]);
                shapes.push(labels);
                for s in shapes {
                    assert_eq!(printed_kind(&cols(&s), command), Some(p.kind), "{s:?}");
                }
            }
        }
        // An apps ReplicaSet prints a VMIRS's columns: only the command tells them apart.
        let rs = cols(&["NAME", "DESIRED", "CURRENT", "READY", "AGE"]);
        assert_eq!(printed_kind(&rs, None), None);
        assert_eq!(default_columns(Kind::Node, true, true)[0], "NAME");
        assert_eq!(default_columns(Kind::Vmi, true, true).len(), 9);
    }
}
