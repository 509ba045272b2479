//! WHAT an error line is about when it names no component and no form of `super::about` fits:
//! the objects and subjects it names, weighed per layer from complete vocabularies, for the
//! reader of last resort (`input::last_resort`). A line scores each layer by the distinct terms
//! it names (a strong term 2, a common noun 1); the layer scoring at least 2 and more than any
//! other wins. A tie, or a line naming only common nouns, keeps no layer rather than guessing.
//!
//! The vocabularies are enumerated from their sources, not from pastes:
//! - Kubernetes resource kinds, short names and API groups (`kubectl api-resources` of
//!   kubernetes/kubernetes: core, `storage.k8s.io`, `snapshot.storage.k8s.io`,
//!   `admissionregistration.k8s.io`, `apiextensions.k8s.io`, `apiregistration.k8s.io`,
//!   `rbac.authorization.k8s.io`, `certificates.k8s.io`, `coordination.k8s.io`), by the layer
//!   their objects belong to;
//! - the CRDs of the add-ons around KubeVirt: `k8s.cni.cncf.io` (multus-cni's
//!   NetworkAttachmentDefinition), `nmstate.io` (NodeNetworkConfigurationPolicy),
//!   `sriovnetwork.openshift.io`, KubeMacPool; `longhorn.io`, `ceph.rook.io`;
//!   `cdi.kubevirt.io` (DataVolume, DataImportCron, DataSource, CDI's upload proxy and importer),
//!   `hco.kubevirt.io`, `ssp.kubevirt.io`;
//! - KubeVirt's own names: its components (`cmd/virt-*`), its interface bindings and their
//!   in-pod plumbing (`staging/src/kubevirt.io/api/core/v1/schema.go`: bridge, masquerade,
//!   SR-IOV, slirp, macvtap, passt; `pkg/network/`: `k6t-`, tap devices), its guest-facing
//!   devices (`pkg/virt-launcher/virtwrap/converter/`: cloud-init NoCloud and ConfigDrive,
//!   qemu-guest-agent, firmware: BIOS/SeaBIOS, EFI/OVMF), its migration objects and steps
//!   (`pkg/virt-controller/watch/migration/`, `pkg/virt-handler/migration-target.go`,
//!   `pkg/virt-handler/cmd-client/client.go`: `SyncMigrationTarget`, evacuation, workload
//!   updates);
//! - the node's storage and runtime (CSI, iSCSI, RBD, NFS, device mapper and the container
//!   runtimes' storage, the kubelet, cgroups, the kernel, node pressure conditions and taints:
//!   `pkg/kubelet/eviction`, `k8s.io/api/core/v1` `well_known_taints.go`);
//! - the guest's own software (cloud-init, systemd's `[FAILED] Failed to start` status line of
//!   `src/core/job.c`, GRUB, dracut, sysprep, Windows' boot stop codes).

use super::about::About;
use crate::evidence::SignalPlane;
use crate::verdict::Layer;

/// A term: its text (lower case) and weight. Terms of letters and digits only match a whole
/// word of the line (or, from four letters on, its start: `migration` in `migrations`); any
/// other term matches anywhere in the line.
type Term = (&'static str, u8);

const NETWORK: &[Term] = &[
    ("networkattachmentdefinition", 2),
    ("network-attachment-definition", 2),
    ("network attach definition", 2),
    ("network attachment definition", 2),
    ("net-attach-def", 2),
    ("k8s.cni.cncf.io", 2),
    ("multus", 2),
    ("cni", 2),
    ("networkplugin", 2),
    ("nmstate", 2),
    ("nodenetworkconfigurationpolic", 2),
    ("nncp", 2),
    ("kubemacpool", 2),
    ("mac address", 2),
    ("macaddress", 2),
    ("macvtap", 2),
    ("macvlan", 2),
    ("ipvlan", 2),
    ("sriov", 2),
    ("sr-iov", 2),
    ("dhcp", 2),
    ("dhclient", 2),
    ("openvswitch", 2),
    ("open vswitch", 2),
    ("ovs-", 2),
    ("ovn", 2),
    ("calico", 2),
    ("flannel", 2),
    ("cilium", 2),
    ("whereabouts", 2),
    ("ipam", 2),
    ("networkpolic", 2),
    ("veth", 2),
    ("vlan", 2),
    ("masquerade", 2),
    ("passt", 2),
    ("slirp", 2),
    ("iptables", 2),
    ("nftables", 2),
    ("no route to host", 2),
    ("network is unreachable", 2),
    ("ip address", 2),
    ("k6t-", 2),
    ("mtu", 2),
    // Name resolution and the Services it reaches (core/v1 ServiceSpec types, kube-proxy,
    // CoreDNS, a resolver's resolv.conf), the cluster network's own subjects.
    ("dns", 2),
    ("clusterip", 2),
    ("cluster ip", 2),
    ("nodeport", 2),
    ("kube-proxy", 2),
    ("coredns", 2),
    ("kube-dns", 2),
    ("resolv.conf", 2),
    ("nameserver", 2),
    ("name resolution", 2),
    ("bridge", 1),
    ("interface", 1),
    ("nic", 1),
    ("network", 1),
    ("subnet", 1),
    ("gateway", 1),
    ("ip", 1),
    ("mac", 1),
    ("vf", 1),
];

const NODE: &[Term] = &[
    ("storageclass", 2),
    ("storage.k8s.io", 2),
    ("volumeattachment", 2),
    ("csidriver", 2),
    ("csinode", 2),
    ("csi", 2),
    ("iscsi", 2),
    ("rbd", 2),
    ("nfs", 2),
    ("ceph", 2),
    ("rook", 2),
    ("longhorn", 2),
    ("lvm", 2),
    ("zfs", 2),
    ("btrfs", 2),
    ("devicemapper", 2),
    ("overlayfs", 2),
    ("multipath", 2),
    ("nvme", 2),
    ("input/output error", 2),
    ("i/o error", 2),
    ("no space left on device", 2),
    ("read-only file system", 2),
    ("kubelet", 2),
    ("cgroup", 2),
    ("kernel", 2),
    ("oom", 2),
    ("diskpressure", 2),
    ("disk-pressure", 2),
    ("memorypressure", 2),
    ("memory-pressure", 2),
    ("pidpressure", 2),
    ("pid-pressure", 2),
    ("taint", 2),
    ("notready", 2),
    ("containerd", 2),
    // The Docker Engine's API errors as its client prints them (moby `client/errors.go`:
    // "Error response from daemon: %s"): the node's container runtime.
    ("error response from daemon", 2),
    ("cri-o", 2),
    ("crio", 2),
    ("runc", 2),
    ("/var/lib/kubelet", 2),
    ("/var/lib/containers", 2),
    // The node's schedulability: `spec.unschedulable` (a cordon), the scheduler's
    // `Unschedulable` reason and KubeVirt's `kubevirt.io/schedulable` node label, which
    // virt-handler sets while its node can run VMIs (`pkg/virt-handler/heartbeat`).
    ("schedulable", 2),
    ("unschedulable", 2),
    ("cordon", 2),
    ("/dev/kvm", 2),
    ("kvm", 2),
    ("hugepages", 2),
    ("numa", 2),
    ("hostpath", 2),
    ("snapshot.storage.k8s.io", 1),
    ("node", 1),
    ("pvc", 1),
    ("persistentvolume", 1),
    ("pv", 1),
    ("volume", 1),
    ("disk", 1),
    ("mount", 1),
    ("device", 1),
    ("filesystem", 1),
    ("file system", 1),
    ("rootfs", 1),
    ("pressure", 1),
];

const CONTROL_PLANE: &[Term] = &[
    // The name of the controllers and API servers as a whole, in prose (`control-plane` is
    // also the node role label, `node-role.kubernetes.io/control-plane`: a node's, so not it).
    ("control plane", 2),
    ("apiserver", 2),
    ("api server", 2),
    ("api-server", 2),
    // The API server's own failures, not a client's mistakes (apimachinery's
    // `pkg/api/errors/errors.go`: Timeout, ServerTimeout, InternalError, ServiceUnavailable,
    // TooManyRequests; BadRequest, NotFound, Conflict, Invalid are the client's), and its
    // default secure port (kube-apiserver's `--secure-port`).
    ("the server was unable to return a response", 2),
    ("an error on the server", 2),
    ("the server is currently unable to handle the request", 2),
    // 401 as `NewGenericServerResponse` words it: the API server (or the aggregated API it
    // forwards to) did not authenticate the request.
    (
        "the server has asked for the client to provide credentials",
        2,
    ),
    ("the server has received too many requests", 2),
    ("(internalerror)", 2),
    ("(serviceunavailable)", 2),
    ("(servertimeout)", 2),
    (":6443", 2),
    ("webhook", 2),
    ("admission", 2),
    ("admissionregistration", 2),
    ("x509", 2),
    ("certificate", 2),
    ("tls handshake", 2),
    ("etcd", 2),
    ("leader election", 2),
    ("leaderelection", 2),
    ("rbac", 2),
    ("forbidden", 2),
    ("clusterrole", 2),
    ("rolebinding", 2),
    ("serviceaccount", 2),
    ("resourcequota", 2),
    ("exceeded quota", 2),
    ("limitrange", 2),
    ("customresourcedefinition", 2),
    ("crd", 2),
    ("apiservice", 2),
    ("apiregistration", 2),
    ("cdi.kubevirt.io", 2),
    ("hco.kubevirt.io", 2),
    ("ssp.kubevirt.io", 2),
    ("datavolume", 2),
    ("dataimportcron", 2),
    ("virt-api", 2),
    ("virt-controller", 2),
    ("virt-operator", 2),
    ("cdi-apiserver", 2),
    ("cdi-deployment", 2),
    ("cdi-uploadproxy", 2),
    ("uploadproxy", 2),
    ("upload proxy", 2),
    ("upload server", 2),
    ("image-upload", 2),
    ("importer", 2),
    ("hyperconverged", 2),
    ("controller-manager", 2),
    ("kubevirt.io", 1),
    ("datasource", 1),
    ("operator", 1),
    ("deployment", 1),
    ("replicaset", 1),
    ("quota", 1),
    ("upload", 1),
];

const GUEST: &[Term] = &[
    ("cloud-init", 2),
    ("cloudinit", 2),
    ("nocloud", 2),
    ("configdrive", 2),
    ("config-drive", 2),
    ("ci-info", 2),
    ("cloud-config", 2),
    ("user-data", 2),
    ("userdata", 2),
    ("qemu-ga", 2),
    ("qemu-guest-agent", 2),
    ("guest agent", 2),
    ("guest-agent", 2),
    ("guestagent", 2),
    ("guest os", 2),
    ("in the guest", 2),
    ("inside the guest", 2),
    ("[failed] failed to start", 2),
    ("systemd-", 2),
    ("grub", 2),
    ("seabios", 2),
    ("ovmf", 2),
    ("uefi", 2),
    ("bootloader", 2),
    ("no bootable device", 2),
    ("boot device", 2),
    ("inaccessible_boot_device", 2),
    ("blue screen", 2),
    ("bsod", 2),
    ("sysprep", 2),
    ("dracut", 2),
    ("initramfs", 2),
    ("emergency mode", 2),
    ("guest", 1),
    ("data source", 1),
    ("bios", 1),
    ("efi", 1),
    ("windows", 1),
];

const MIGRATION: &[Term] = &[
    ("migration", 2),
    ("migrate", 2),
    ("migrating", 2),
    ("virtualmachineinstancemigration", 2),
    ("vmim", 2),
    ("evacuat", 2),
    ("live-migrat", 2),
    ("post-copy", 2),
    ("postcopy", 2),
    ("pre-copy", 2),
    ("workload-update", 2),
    ("workloadupdate", 2),
    ("syncmigrationtarget", 2),
    // The field a migration's failure is written in (`staging/src/kubevirt.io/api/core/v1/
    // types.go` VirtualMachineInstanceMigrationState `failureReason`), named in prose or YAML.
    ("failurereason", 2),
];

/// A migration line naming these speaks of the data moving (the data plane), else of its
/// control plane (the target, its pod, the controllers' steps). `not completed`: virt-launcher's
/// completion timeout, which aborts a transfer that runs too long; libvirt's error: the
/// transfer's own programs refusing.
const DATA_PLANE: &[&str] = &[
    "dirty",
    "bandwidth",
    "converg",
    "post-copy",
    "postcopy",
    "progress",
    "transfer",
    "not completed",
    // libvirt's own error, as libvirt-go words it (`libvirt.org/go/libvirt` error.go
    // `virError(Code=%d, Domain=%d, Message='%s')`) and KubeVirt relays it (`LibvirtError(…)`,
    // `pkg/virt-launcher/virtwrap/errors/errors.go` FormatLibvirtError): libvirt and QEMU move
    // the data, so a migration line quoting their refusal speaks of the transfer, not of the
    // controllers' steps.
    "virerror(",
    "libvirterror(",
];

/// The migration plane a line about a migration speaks of (see [`DATA_PLANE`]).
pub fn migration_plane(line: &str) -> SignalPlane {
    let lower = line.to_ascii_lowercase();
    if DATA_PLANE.iter().any(|d| lower.contains(d)) {
        SignalPlane::Data
    } else {
        SignalPlane::Control
    }
}

const VOCABULARIES: [(Layer, &[Term], &str); 5] = [
    (
        Layer::Network,
        NETWORK,
        "the network (a network object or subject it names: CNI, Multus, MAC, DHCP, bridge, …)",
    ),
    (
        Layer::Node,
        NODE,
        "the node (its storage, runtime or state it names: CSI, RBD, kubelet, taint, …)",
    ),
    (
        Layer::ControlPlane,
        CONTROL_PLANE,
        "the control plane (an API object or component it names: API server, webhook, \
         DataVolume, …)",
    ),
    (
        Layer::Guest,
        GUEST,
        "the guest (its own software it names: cloud-init, systemd, boot loader, …)",
    ),
    (
        Layer::Migration,
        MIGRATION,
        "a migration (its objects and steps it names)",
    ),
];

/// The line's words in lower case, split at anything but letters and digits.
fn words(lower: &str) -> Vec<&str> {
    lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect()
}

fn names(term: &str, lower: &str, words: &[&str]) -> bool {
    if term.bytes().all(|b| b.is_ascii_alphanumeric()) {
        words
            .iter()
            .any(|w| *w == term || (term.len() >= 4 && w.starts_with(term)))
    } else {
        lower.contains(term)
    }
}

/// Each layer's score on `line`: the sum of the weights of the distinct terms it names.
pub fn scores(line: &str) -> [(Layer, u32); 5] {
    let lower = line.to_ascii_lowercase();
    let words = words(&lower);
    VOCABULARIES.map(|(layer, terms, _)| {
        let score = terms
            .iter()
            .filter(|(t, _)| names(t, &lower, &words))
            .map(|(_, w)| u32::from(*w))
            .sum();
        (layer, score)
    })
}

/// What `line` is about by the objects and subjects it names, when one layer's vocabulary
/// clearly wins; `None` for a tie or a generic line.
pub fn weigh(line: &str) -> Option<About> {
    let s = scores(line);
    let (best, top) = s.iter().copied().max_by_key(|(_, v)| *v)?;
    let second = s
        .iter()
        .filter(|(l, _)| *l != best)
        .map(|(_, v)| *v)
        .max()
        .unwrap_or(0);
    if top < 2 || top <= second {
        return None;
    }
    let what = VOCABULARIES.iter().find(|(l, ..)| *l == best)?.2;
    let plane = (best == Layer::Migration).then(|| migration_plane(line));
    Some(About {
        what,
        layer: best,
        plane,
        failure_form: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clearest_vocabulary_wins_and_a_tie_keeps_no_layer() {
        let layer = |l: &str| weigh(l).map(|a| a.layer);
        assert_eq!(
            layer("failed to allocate mac address"),
            Some(Layer::Network)
        );
        assert_eq!(layer("rbd: map failed: timeout"), Some(Layer::Node));
        assert_eq!(
            layer("cloud-init failed to read its data source"),
            Some(Layer::Guest)
        );
        assert_eq!(layer("the webhook call failed"), Some(Layer::ControlPlane));
        // a common noun alone, and two strong terms of two layers, say nothing
        assert_eq!(layer("the network failed"), None);
        assert_eq!(layer("multus failed to reach the apiserver"), None);
        assert_eq!(layer("error: something went wrong"), None);
        // `panic` holds no `nic`; `migrations` is `migration`
        assert_eq!(layer("panic: boom"), None);
        let a = weigh("two migrations failed").unwrap();
        assert_eq!(
            (a.layer, a.plane),
            (Layer::Migration, Some(SignalPlane::Control))
        );
    }
}
