//! A Go program refusing its own command line: cobra's "unknown command %q for %q"
//! (spf13/cobra `args.go` legacyArgs, printed "Error: …" by `command.go`), pflag's "unknown
//! flag: --%s" and "unknown shorthand flag: %q in -%s" (spf13/pflag `flag.go`), and the standard
//! library's "flag provided but not defined: -%s" (Go `src/flag/flag.go`, the klog-era
//! components' parser). Printed in a pod's log, the program was started with a command or a
//! flag its binary does not know: the manifest that runs it and its image disagree (an image
//! older or newer than the operator or release that wrote the manifest), so the pod exits at
//! once and crash-loops: the control plane's, the side that deploys it. The same words under a
//! command the user typed with that argument are the user's usage error (`input/usage_error.rs`).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const REFUSED: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "a program refuses the command line it was started with",
    cause: "the program exits at start because its command or flags are not ones its \
        binary knows: the manifest that runs it (written by an operator, a release or a \
        chart) and its image are from different versions, so the pod crash-loops until they \
        match",
    next_steps: &[
        "kubectl get pod <pod> -n <namespace> -o yaml (the container's image, command and args)",
        "compare the image's version with the operator or release that deployed it",
    ],
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "program-unknown-argument",
        all: &["unknown"],
        any: &[
            "unknown command \"",
            "unknown flag: -",
            "unknown shorthand flag: ",
        ],
        source: "spf13/cobra args.go (\"unknown command %q for %q%s\"); spf13/pflag flag.go \
            (\"unknown flag: --%s\", \"unknown shorthand flag: %q in -%s\")",
        example: "Error: unknown flag: --leader-elect-lease",
        ..REFUSED
    },
    Signature {
        id: "program-undefined-flag",
        all: &["flag provided but not defined: -"],
        source: "Go src/flag/flag.go (\"flag provided but not defined: -%s\")",
        example: "flag provided but not defined: -max-devices",
        ..REFUSED
    },
];
