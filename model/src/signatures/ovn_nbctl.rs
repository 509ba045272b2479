//! ovn-nbctl refusing a logical port, in its own words (ovn-org/ovn `utilities/ovn-nbctl.c`,
//! printed `ovn-nbctl: <message>` by `ctl_fatal`): `lsp-add`'s checks of a port that already
//! exists ("%s: a port with this name already exists", "%s: port already exists but in switch
//! %s", "… but has no parent", "… with different parent %s", "… but has parent %s", and the
//! router port's "%s: port already exists but in router %s") and the lookups that find no such
//! object ("%s: port %s not found", "%s: switch %s not found", "%s: router %s not found",
//! "%s: port group %s not found"). Kube-OVN's controller and CNI ran ovn-nbctl for every pod's
//! port before its OVN client moved to libovsdb, and relayed its error: the VM's launcher pod
//! gets no logical switch port (a kept port left in another switch, a subnet's switch missing),
//! so its network is not wired: the network's (data table).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const NBCTL: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    next_steps: &[
        "kubectl ko nbctl show (the logical switches and their ports)",
        "kubectl ko nbctl lsp-list <switch> (which switch holds the pod's port)",
        "kubectl logs -n kube-system deploy/kube-ovn-controller",
    ],
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "ovn-nbctl-port-exists",
        all: &["ovn-nbctl"],
        any: &[
            "port already exists",
            "a port with this name already exists",
            "a port already exists",
        ],
        title: "OVN refuses the pod's logical port: a port of that name already exists",
        cause: "ovn-nbctl refuses to add the pod's logical switch port because a port of that \
            name is already in the northbound database, in another switch or with another \
            parent (a port kept for the VM's address after its subnet changed, or not removed \
            when the pod went away): the pod's network is not wired until the stale port is \
            removed",
        source: "ovn-org/ovn utilities/ovn-nbctl.c (nbctl_lsp_add: \"%s: port already exists \
            but in switch %s\", \"%s: a port with this name already exists\", parent checks; \
            nbctl_lrp_add: \"… but in router %s\")",
        example: "ovn-nbctl: web.ns: port already exists but in switch ovn-default",
        ..NBCTL
    },
    Signature {
        id: "ovn-nbctl-object-not-found",
        all: &["ovn-nbctl", "not found"],
        any: &[": port ", ": switch ", ": router ", ": port group "],
        title: "OVN finds no logical switch, router or port the CNI names",
        cause: "ovn-nbctl finds no logical switch, router or port of the name it was given: the \
            subnet's switch or the pod's port is missing from the northbound database, so the \
            pod's network cannot be wired",
        source: "ovn-org/ovn utilities/ovn-nbctl.c (ls_by_name_or_uuid: \"%s: switch %s not \
            found\", lsp_by_name_or_uuid: \"%s: port %s not found\", lr_by_name_or_uuid, \
            pg_by_name_or_uuid)",
        example: "ovn-nbctl: subnet-a: switch subnet-a not found",
        ..NBCTL
    },
];
