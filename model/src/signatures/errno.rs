//! What an error line that names no component is about, from the operating-system error it
//! ends in: Go prints a failed system call's errno with its Linux `strerror` text (Go's
//! `syscall` `zerrors_linux_*.go`, wrapped in `os.PathError` as `open /path: <text>` or in
//! `os.SyscallError`), so the text says which resource failed whoever wrote the line: the
//! node's disks, filesystems, mounts and memory (the node layer), or the route to a peer (the
//! network; a dial that got no answer, ETIMEDOUT or Go's `i/o timeout`, is the network too).
//! Errnos that any layer may meet (`connection refused`, `file exists`, `resource
//! temporarily unavailable`) are left out; `permission denied` and `operation not permitted`
//! count only after a file system operation on a path (SELinux labels, ownership, a read-only
//! bind mount on the node).

use super::fallback::Sourced;
use crate::verdict::Layer;

/// One errno: its strerror text (lower case), its name, its layer and what it means.
struct Errno {
    text: &'static str,
    name: &'static str,
    layer: Layer,
    meaning: &'static str,
}

const fn e(text: &'static str, name: &'static str, layer: Layer, meaning: &'static str) -> Errno {
    Errno {
        text,
        name,
        layer,
        meaning,
    }
}

#[rustfmt::skip]
const ERRNOS: &[Errno] = &[
    e("input/output error", "EIO", Layer::Node, "a disk or storage device failed a read or write on the node"),
    e("no space left on device", "ENOSPC", Layer::Node, "a filesystem on the node (or the volume) is full"),
    e("read-only file system", "EROFS", Layer::Node, "a filesystem was mounted, or remounted after errors, read-only"),
    e("disk quota exceeded", "EDQUOT", Layer::Node, "a storage quota is exhausted"),
    e("stale nfs file handle", "ESTALE", Layer::Node, "an NFS-backed file went away under its mount"),
    e("transport endpoint is not connected", "ENOTCONN", Layer::Node, "a FUSE or network mount on the node lost its server"),
    e("structure needs cleaning", "EUCLEAN", Layer::Node, "a filesystem on the node is corrupted"),
    e("device or resource busy", "EBUSY", Layer::Node, "a device or mount on the node is held by another user"),
    e("no such device or address", "ENXIO", Layer::Node, "a device the node should have is absent"),
    e("no such device", "ENODEV", Layer::Node, "a device the node should have is absent"),
    e("cannot allocate memory", "ENOMEM", Layer::Node, "the node (or the cgroup) is out of memory"),
    e("too many open files", "EMFILE", Layer::Node, "a process on the node reached its open-file limit"),
    e("no route to host", "EHOSTUNREACH", Layer::Network, "no network route reaches the peer"),
    e("network is unreachable", "ENETUNREACH", Layer::Network, "the peer's network is not reachable from here"),
];

/// A dial (`dial tcp ADDR: …`) that got no answer: ETIMEDOUT, or the dial deadline Go's net
/// package reports as `i/o timeout`. Packets to the peer are dropped on the way: the network.
#[rustfmt::skip]
const UNANSWERED: &[Errno] = &[
    e("connection timed out", "ETIMEDOUT", Layer::Network, "a connection to the peer got no answer before the kernel gave up"),
    e("i/o timeout", "i/o timeout", Layer::Network, "a connection to the peer got no answer before the dial's deadline"),
];

/// `permission denied` / `operation not permitted` after one of these operations on a path.
const PATH_OPS: &[&str] = &[
    "open /",
    "stat /",
    "lstat /",
    "mkdir /",
    "mkdirat /",
    "chown /",
    "chmod /",
    "mknod /",
    "unlinkat /",
    "rename /",
    "symlink /",
    "mount ",
    "write /",
    "read /",
];

/// What the error text at the end of `line` says it is about, as a layer, when it is one of the
/// errnos above.
pub fn topic(line: &str) -> Option<Sourced> {
    let lower = line.to_ascii_lowercase();
    let dial = lower.contains("dial tcp") || lower.contains("dial udp");
    let unanswered = dial
        .then(|| UNANSWERED.iter().find(|e| lower.contains(e.text)))
        .flatten();
    let found = unanswered
        .or_else(|| ERRNOS.iter().find(|e| lower.contains(e.text)))
        .or_else(|| {
            let denied = ["permission denied", "operation not permitted"]
                .iter()
                .any(|d| lower.contains(d));
            (denied && PATH_OPS.iter().any(|op| lower.contains(op))).then_some(&PATH_DENIED)
        })?;
    Some(Sourced {
        layer: found.layer,
        title: format!(
            "an error line about the {} ({})",
            about(found.layer),
            found.name
        ),
        cause: format!(
            "no signature knows this line and it names no component, but it ends in the \
             operating system's {} (\"{}\"): {}, so it points at the {} layer, with low \
             confidence: read the line itself",
            found.name,
            found.text,
            found.meaning,
            found.layer.as_str()
        ),
        source: "Linux errno texts as Go's syscall package prints them (zerrors_linux)".into(),
    })
}

const PATH_DENIED: Errno = e(
    "permission denied",
    "EACCES/EPERM",
    Layer::Node,
    "a file system operation on the node was refused (SELinux labels, ownership, a read-only bind mount)",
);

fn about(l: Layer) -> &'static str {
    match l {
        Layer::Network => "network",
        _ => "node's storage or resources",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_errno_names_its_layer_and_an_ambiguous_one_nothing() {
        let t = topic("error: write /var/run/kubevirt/x: no space left on device").unwrap();
        assert_eq!(t.layer, Layer::Node);
        assert!(t.title.contains("ENOSPC"));
        assert_eq!(
            topic("dial tcp 10.0.0.1:22: connect: no route to host")
                .unwrap()
                .layer,
            Layer::Network
        );
        assert!(topic("open /dev/kvm: permission denied").is_some());
        assert!(topic("the request was denied: permission denied").is_none());
        assert!(topic("dial tcp 10.0.0.1:443: connect: connection refused").is_none());
    }
}
