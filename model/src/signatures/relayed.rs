//! A lower program's failure relayed by the program that ran it: the line's subject is the lower
//! program (what failed), not the reporter that quotes it. A parent relays its child's words in
//! its own log (libvirt's `virCommandWait`, CDI's `ExecWithLimits`, Go's `net/http` server), so
//! the reporter a line is read from (libvirt: the launcher on the node; CDI: storage
//! provisioning, the control plane) is not the layer that broke. Each entry names the child's
//! words as its source prints them, and the child's own layer:
//!
//! - libvirt's `Child process (%s) unexpected %s%s%s` (`src/util/vircommand.c`, virCommandWait)
//!   for `passt`, the user-mode network back end libvirt starts for a passt-bound interface
//!   (`src/qemu/qemu_passt.c`, qemuPasstStart: `virCommandNew(PASST)`, `--one-off --socket`):
//!   the VMI's pod network binding, the network's;
//! - QEMU's `file system may not support O_DIRECT` (`util/osdep.c`, qemu_open; QEMU 5.2 on: `file
//!   system does not support O_DIRECT`), printed by `qemu-img` or QEMU itself when a disk opened
//!   with `cache=none` sits on a file system without direct I/O; CDI's importer relays qemu-img's
//!   output after `%s failed output is:` (containerized-data-importer `pkg/system/prlimit.go`):
//!   the volume's storage on the node, whoever quotes it;
//! - Go's `net/http` server's `http: TLS handshake error from %s: %v` (`src/net/http/server.go`,
//!   conn.serve) when the peer closed before the handshake (`EOF`, `connection reset by peer`):
//!   a TCP probe (a load balancer's or a kubelet's `tcpSocket` check) that never speaks TLS;
//!   the server answered nothing wrong, so it blames nothing (a certificate the peer refuses
//!   keeps its reading in `tls.rs`).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "libvirt-passt-child-failed",
        all: &["Child process (", "passt"],
        layer: Some(Layer::Network),
        health: Health::Broken,
        title: "the passt network back end of a VMI's interface exited (libvirt's child process)",
        cause: "libvirt starts passt for an interface bound with the passt binding and reports \
            its exit as its own internal error; the failure is the pod network binding's, not \
            libvirt's or the node's: the interface cannot be wired, so the domain does not start",
        next_steps: &[
            "kubectl logs <virt-launcher pod> -c compute (passt's own message after the exit status)",
            "kubectl get vmi <name> -o yaml (spec.domain.devices.interfaces: the binding)",
            "check the passt binding plugin's configuration in the KubeVirt CR (network.binding)",
        ],
        source: "libvirt src/util/vircommand.c (virCommandWait: \"Child process (%s) \
            unexpected %s%s%s\"); src/qemu/qemu_passt.c (qemuPasstStart)",
        example: r#"{"component":"virt-launcher","level":"error","msg":"internal error: Child process (/usr/bin/passt --one-off --socket /run/libvirt/qemu/passt/2-ns_vm-net1.socket --pid /run/libvirt/qemu/passt/2-ns_vm-net1.pid) unexpected exit status 1: Couldn't open PID file","subcomponent":"libvirt"}"#,
        ..BASE
    },
    Signature {
        id: "qemu-no-direct-io",
        all: &["file system", "support O_DIRECT"],
        layer: Some(Layer::Node),
        health: Health::Broken,
        title: "the disk's file system does not support direct I/O (O_DIRECT)",
        cause: "QEMU or qemu-img opened a disk image with cache=none (O_DIRECT) and the file \
            system under it refused: the volume's storage on the node (NFSv3, tmpfs, some FUSE \
            or overlay mounts) cannot serve the disk, whichever component relays the message",
        next_steps: &[
            "kubectl get pvc <name> -o yaml (its StorageClass and provisioner)",
            "mount | grep <volume> on the node (the file system type and NFS version)",
            "use a StorageClass whose file system supports O_DIRECT (NFS v4 or later, block mode)",
        ],
        source: "QEMU util/osdep.c (qemu_open: \"file system may not support O_DIRECT\"); \
            containerized-data-importer pkg/system/prlimit.go (\"%s failed output is:\")",
        example: "E0311 10:02:41.000001       1 prlimit.go:176] qemu-img: /data/disk.img: file system does not support O_DIRECT",
        ..BASE
    },
    Signature {
        id: "go-http-tls-handshake-closed",
        all: &["http: TLS handshake error from"],
        any: &[": EOF", "connection reset by peer"],
        title: "a peer closed or reset a TLS connection before the handshake (a TCP probe: noise)",
        cause: "Go's HTTP server logs every connection that ends before the TLS handshake; a \
            peer that opens a TCP connection and closes or resets it at once (a load balancer's \
            or a kubelet's TCP check) leaves this line every period: the server is healthy",
        source: "Go src/net/http/server.go (conn.serve: \"http: TLS handshake error from %s: \
            %v\")",
        example: "2025/01/07 08:00:09 http: TLS handshake error from 10.42.0.1:51432: read tcp 10.42.1.5:8443->10.42.0.1:51432: read: connection reset by peer",
        ..BASE
    },
];
