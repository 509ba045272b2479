//! Mechanisms that carry across the fresh corpus's working batches (the table in
//! `fixtures/fresh/README.md`, "Mechanisms"): each test feeds wordings read from the source of
//! the program that writes them, never a batch item's lines.
//!
//! - **a lower program's failure relayed by the program that ran it** (`signatures/relayed.rs`):
//!   libvirt's `Child process (%s) unexpected %s` (`src/util/vircommand.c`) for passt
//!   (`src/qemu/qemu_passt.c`) is the network's; QEMU's O_DIRECT refusal (`util/osdep.c`
//!   qemu_open), relayed by qemu-img through CDI (`pkg/system/prlimit.go`) or printed by QEMU in
//!   the launcher, is the node's storage; Go's `net/http` server logging a peer that closed
//!   before the TLS handshake (`src/net/http/server.go`) is no fault, while a refused
//!   certificate keeps its reading;
//! - **the package that wrote an error outranks the program that printed it**
//!   (`input/package_layer.rs`): an error string KubeVirt writes only in a package of another
//!   layer than its program's (the generated catalogue of `explain::generated`) places the line
//!   there; a string written in packages of two layers, or by another program, keeps the
//!   reporter's layer.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::{blame, layer};

fn launcher_error(msg: &str) -> String {
    format!(
        "{{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"{msg}\",\"subcomponent\":\"libvirt\",\"timestamp\":\"2025-03-02T08:11:04.118000Z\"}}\n"
    )
}

#[test]
fn libvirts_failed_passt_child_is_the_networks() {
    for tail in [
        "unexpected exit status 1: Couldn't open PID file /run/libvirt/qemu/passt/3-lab_db-net0.pid",
        "unexpected fatal signal 11",
        "unexpected exit status 2",
    ] {
        let paste = launcher_error(&format!(
            "internal error: Child process (/usr/bin/passt --one-off --socket /run/libvirt/qemu/passt/3-lab_db-net0.socket --mac-addr 02:00:00:0a:0b:0c --pid /run/libvirt/qemu/passt/3-lab_db-net0.pid) {tail}"
        ));
        assert_eq!(layer(&paste), Some(Layer::Network), "{paste}");
    }
}

#[test]
fn another_child_of_libvirt_keeps_the_launchers_reading() {
    // swtpm is libvirt's TPM emulator (src/qemu/qemu_tpm.c): not the network.
    let paste = launcher_error(
        "internal error: Child process (/usr/bin/swtpm_setup --tpm2 --tpmstate /var/lib/libvirt/swtpm/x) unexpected exit status 1",
    );
    assert_ne!(layer(&paste), Some(Layer::Network), "{paste}");
}

#[test]
fn a_file_system_without_direct_io_is_the_nodes_whoever_relays_it() {
    for paste in [
        // CDI's importer relaying qemu-img's output (klog, prlimit.go), both QEMU wordings.
        "I0311 10:02:40.880120       1 data-processor.go:255] Converting to Raw\nE0311 10:02:41.000001       1 prlimit.go:174] qemu-img failed output is:\nE0311 10:02:41.000020       1 prlimit.go:176] qemu-img: /data/disk.img: file system may not support O_DIRECT\n".to_string(),
        "E0311 10:02:41.000020       1 prlimit.go:176] qemu-img: Could not open '/scratch/tmpimage': file system does not support O_DIRECT\n".to_string(),
        // QEMU itself in the launcher, for a disk with cache=none.
        launcher_error("qemu-kvm: -blockdev {\\\"driver\\\":\\\"file\\\",\\\"filename\\\":\\\"/var/run/kubevirt-private/vmi-disks/data/disk.img\\\",\\\"cache\\\":{\\\"direct\\\":true}}: file system may not support O_DIRECT"),
    ] {
        assert_eq!(layer(&paste), Some(Layer::Node), "{paste}");
    }
}

#[test]
fn a_tcp_probe_before_the_tls_handshake_is_no_fault() {
    let paste = "2025/01/07 08:00:09 http: TLS handshake error from 10.42.0.1:51432: EOF\n\
        2025/01/07 08:01:09 http: TLS handshake error from 10.42.0.1:51988: EOF\n\
        2025/01/07 08:02:09 http: TLS handshake error from 10.42.0.1:52310: read tcp 10.42.1.5:8443->10.42.0.1:52310: read: connection reset by peer\n";
    assert_eq!(layer(paste), None, "{paste}");
}

#[test]
fn a_refused_certificate_in_the_same_words_keeps_its_reading() {
    let paste = "2025/01/07 08:00:09 http: TLS handshake error from 10.42.0.1:51432: remote error: tls: bad certificate\n";
    assert_eq!(layer(paste), Some(Layer::ControlPlane), "{paste}");
}

#[test]
fn the_package_that_wrote_an_error_decides_over_the_program_that_printed_it() {
    // virt-launcher prints these from its live-migration source (`pkg/virt-launcher/virtwrap/
    // live-migration-source.go`): the migration's, though the launcher's other lines are the
    // node's; virt-handler's migration target (`pkg/virt-handler/migration-target.go`) likewise.
    for (component, msg) in [
        ("virt-launcher", "Failed to set size for local disk."),
        ("virt-launcher", "Setting max downtime failed."),
        ("virt-handler", "Failed to sync Volumes"),
    ] {
        let paste = format!(
            "{{\"component\":\"{component}\",\"level\":\"error\",\"msg\":\"{msg}\",\"pos\":\"x.go:1\",\"timestamp\":\"2025-03-02T08:11:04.118000Z\"}}\n"
        );
        let (l, _, text) = blame(&paste);
        assert_eq!(l, Some(Layer::Migration), "{paste}\n{text}");
        assert!(text.contains("a package of the migration layer"), "{text}");
    }
}

#[test]
fn a_string_written_in_packages_of_two_layers_keeps_the_reporters_layer() {
    // "Domain lookup failed" is written by the agent poller (guest) and by fsfreeze (node).
    let paste = "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Domain lookup failed\",\"timestamp\":\"2025-03-02T08:11:04.118000Z\"}\n";
    let (l, _, text) = blame(paste);
    assert_ne!(l, Some(Layer::Guest), "{text}");
    assert!(!text.contains("a package of the"), "{text}");
}
