//! The source side of a host-assisted copy failing in its reader. CDI's clone source pod
//! (containerized-data-importer `cmd/cdi-cloner/clone-source.go`) streams a filesystem volume
//! with `/usr/bin/tar Scv .` (a block volume with its own reader) to the target's upload
//! server, and when the subprocess exits non-zero it stops with klog.Fatalf("Subprocess did
//! not execute successfully, result is: %q\n%s", exit code, the subprocess's stderr); KubeVirt's
//! export server reads a volume the same way (`pkg/storage/export/virt-exportserver`,
//! "Subprocess did not execute successfully"). What the subprocess says follows: GNU tar's own
//! refusals (`src/create.c`: "file changed as we read it" when a file's ctime moves while it is
//! read, as when several clones or a running VM touch the source at once; "file shrank by %s
//! bytes"; "Cannot open" on a permission or a missing file). The copy restarts or fails and the
//! target disk is not provisioned: the control plane's, by the corpus's convention for clones.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const READER: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "the clone's or export's source reader failed: the disk is not copied",
    cause: "CDI's clone source pod (or KubeVirt's export server) streams the source volume \
        through a subprocess (tar for a filesystem volume) and that subprocess failed (a file \
        changed or shrank while it was read, because the source is in use by a running VM or \
        by other clones at once; a file it cannot open), so the copy stops and the target disk \
        is not provisioned",
    next_steps: &[
        "kubectl get dv <target> -n <ns> -o yaml (status.phase, restartCount, conditions)",
        "kubectl logs <the clone source pod (…-source-pod) in the source namespace> --previous",
        "stop the VM that uses the source, and clone from one source at a time (or from a snapshot)",
    ],
    source: "containerized-data-importer cmd/cdi-cloner/clone-source.go (\"Subprocess did not \
        execute successfully, result is: %q\"); GNU tar src/create.c (\"file changed as we read \
        it\")",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "cdi-clone-source-subprocess-failed",
        all: &["Subprocess did not execute successfully"],
        example: "F0101 10:00:00.000000       1 clone-source.go:41] Subprocess did not execute successfully, result is: '\\x02'",
        ..READER
    },
    Signature {
        id: "tar-source-changed-while-read",
        all: &["tar:"],
        any: &["file changed as we read it", "file shrank by"],
        example: "/usr/bin/tar: ./disk.img: file shrank by 1048576 bytes; padding with zeros",
        ..READER
    },
];
