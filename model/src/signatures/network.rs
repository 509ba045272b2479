//! Signatures of network messages: pod network bindings (masquerade, bridge), secondary
//! interfaces (Multus), and connections into the guest (data table). `ping`'s summary, as
//! iputils prints it (`ping/ping_common.c`, finish(): `%ld packets transmitted, %ld received,
//! … %g%% packet loss`; BusyBox: `… packets received, …`; Windows: `(100% loss)`): every probe
//! unanswered is the path to that address (or the address itself down), degraded; a partial
//! loss is not read, and every probe answered is read as context that blames nothing.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const NW: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    ..BASE
};

/// A VMI network's pod interface missing from the launcher's network namespace.
const NETNS_INTERFACE: Signature = Signature {
    title: "virt-handler finds no pod interface for a VMI network in the launcher",
    cause: "virt-handler looks in the launcher pod's network namespace \
        (/proc/<pid>/root/sys/class/net) for the interface the CNI should have created for one \
        of the VMI's networks, and it is not there: Multus or the network's plugin did not \
        attach it, or under another name than the one KubeVirt derives from the network",
    next_steps: &[
        "kubectl get pod <virt-launcher pod> -o jsonpath='{.metadata.annotations.k8s\\.v1\\.cni\\.cncf\\.io/network-status}'",
        "kubectl get net-attach-def -n <ns>",
    ],
    ..NW
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "link-not-found",
        all: &["failed to get a link for interface"],
        title: "a secondary interface is missing in the pod (Link not found)",
        cause: "virt-handler cannot find the pod interface (e.g. net1) that the VMI's Multus \
            network should have created: the NetworkAttachmentDefinition or CNI did not attach \
            it, so SyncVMI fails to plug the NIC",
        next_steps: &[
            "kubectl get pod <virt-launcher pod> -o jsonpath='{.metadata.annotations.k8s\\.v1\\.cni\\.cncf\\.io/network-status}'",
            "kubectl get net-attach-def -n <ns>",
        ],
        source: "pkg/network/domainspec/generators.go: \"failed to get a link for interface: %s\"",
        example: r#"{"component":"virt-handler","level":"error","msg":"failed to get a link for interface: net1","reason":"Link not found"}"#,
        ..NW
    },
    // netlink's "Link not found" (vishvananda/netlink `link_linux.go`, LinkByName's
    // LinkNotFoundError), which KubeVirt's pod network set-up returns when an interface the VMI
    // is to plug is not in the pod (`pkg/network/driver` and, before v0.20, virt-launcher's
    // `pkg/virt-launcher/virtwrap/network`), carried through virt-handler's command to the
    // launcher (`pkg/virt-handler/cmd-client/client.go`: "server error. command Launcher.Sync
    // failed", "… sending command SyncVMI"): the pod's network, not the domain command wrapping it.
    Signature {
        id: "launcher-command-link-not-found",
        all: &["Link not found", "command"],
        title: "a pod interface the VMI is to plug is missing (Link not found)",
        cause: "virt-handler's command to virt-launcher failed because the VMI's network set-up \
            found no link for one of its interfaces in the pod: the CNI (Multus and the \
            secondary network's plugin) did not create it, or under another name",
        next_steps: &[
            "kubectl get pod <virt-launcher pod> -o jsonpath='{.metadata.annotations.k8s\\.v1\\.cni\\.cncf\\.io/network-status}'",
            "kubectl get net-attach-def -n <ns>",
        ],
        source: "vishvananda/netlink link_linux.go (\"Link not found\"); KubeVirt \
            pkg/virt-handler/cmd-client/client.go (\"server error. command %s failed: %q\")",
        example: "server error. command Launcher.Sync failed: Link not found",
        ..NW
    },
    Signature {
        id: "vmi-network-setup-failed",
        all: &["failed to configure vmi network"],
        title: "virt-handler could not set up the VMI's network (SyncVMI fails)",
        cause: "the network setup phase failed (e.g. plugging a Multus NIC whose Link is not \
            found); SyncVMI fails until the pod's interfaces exist",
        next_steps: &["kubectl describe pod <virt-launcher pod> (network-status annotation)"],
        source: "pkg/virt-handler/vm.go: \"failed to configure vmi network: %w\"",
        example: r#"{"component":"virt-handler","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","reason":"failed to configure vmi network: setup failed, err: failed plugging phase1 at nic 'net1': Link not found"}"#,
        ..NW
    },
    // virt-handler's set-up of a non-root launcher looked up each tap network's pod interface
    // in the launcher's network namespace, through the launcher's root (KubeVirt
    // `pkg/virt-handler/non-root.go` up to v1.4, prepareTap and FindInterfaceIndexPath:
    // `isolation.SafeJoin(res, "sys", "class", "net", <pod interface>, "ifindex")`, the ordinal
    // name `net<N>` as a fall-back, "failed to find network %q pod interface name"): the pod
    // interface the VMI's network names is not in the pod, which is the CNI's (Multus and the
    // network's plugin) or the naming of the NetworkAttachmentDefinition, not the node's.
    Signature {
        id: "launcher-netns-interface-missing",
        all: &["/root/sys/class/net/"],
        any: &["no such file or directory", "Failed to read if index"],
        source: "KubeVirt pkg/virt-handler/non-root.go (FindInterfaceIndexPath, through \
            isolation.SafeJoin: \"lstat /proc/<pid>/root/sys/class/net/<iface>\")",
        example: "lstat /proc/21875/root/sys/class/net/pod16367aadb6f: no such file or directory",
        ..NETNS_INTERFACE
    },
    Signature {
        id: "launcher-network-no-pod-interface-name",
        all: &["failed to find network", "pod interface name"],
        source: "KubeVirt pkg/virt-handler/non-root.go (FindInterfaceIndexPath: \"failed to find \
            network %q pod interface name\")",
        example: "failed to find network \"blue\" pod interface name",
        ..NETNS_INTERFACE
    },
    Signature {
        id: "tcp-connect-timeout",
        all: &["Connection timed out"],
        health: Health::Degraded,
        title: "a TCP connection to the VM times out",
        cause: "the VM answers ping but a TCP port times out (timeout): with the masquerade \
            binding only the \
            ports listed in the interface's ports (or all when none) are forwarded, and the \
            guest's firewall or service must listen on that port",
        next_steps: &[
            "kubectl get vmi <name> -o jsonpath='{.spec.domain.devices.interfaces}' (ports)",
            "check the service and firewall in the guest",
        ],
        source: "pkg/network/setup/netpod/masquerade/masquerade.go (port forwarding); corpus 034",
        example: "telnet: connect to address 172.16.250.13: Connection timed out",
        ..NW
    },
    Signature {
        id: "connection-refused",
        all: &["Connection refused"],
        // A client-go request to the API server (its REST paths, its port) is not the VM.
        none: &["/api/v1/", "/apis/", ":6443"],
        health: Health::Degraded,
        title: "a connection to the VM is refused",
        cause: "the address answers but nothing listens on the port: with masquerade the port must \
            be forwarded (interface ports) and the guest's service (e.g. sshd) running",
        next_steps: &[
            "virtctl console <vm> and check the service",
            "check the interface's ports",
        ],
        source: "pkg/network/setup/netpod/masquerade/masquerade.go; corpus item 065",
        example: "ssh: connect to host 192.168.80.4 port 22: Connection refused",
        ..NW
    },
    Signature {
        id: "bridge-k6t",
        all: &["k6t-eth0"],
        health: Health::Degraded,
        title: "the pod's in-pod bridge k6t-eth0 (bridge binding)",
        cause: "with the bridge binding on the pod network the pod's eth0 is enslaved to the bridge \
            k6t-eth0 and the pod IP moves into the guest; the guest must take that IP (DHCP), \
            else the VM is unreachable (ping fails). masquerade is the binding for the pod network",
        next_steps: &["use the masquerade binding on the pod network"],
        source: "pkg/network (bridge binding, k6t-<iface>); corpus item 035",
        example: "4: k6t-eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1450 qdisc noqueue state UP",
        ..NW
    },
    Signature {
        id: "ping-failed",
        all: &["ping", "failed"],
        none: &[
            "stopping", "mapping", "skipping", "dropping", "shipping", "typing", "pinging",
        ],
        health: Health::Degraded,
        title: "the VM does not answer ping",
        cause: "the VM's address does not answer: the binding (bridge vs masquerade) or the \
            guest's network configuration does not carry the pod IP",
        next_steps: &["virtctl console <vm>; ip addr in the guest"],
        source: "corpus item 035",
        example: "Ping 192.168.5.158 failed.",
        ..NW
    },
    Signature {
        id: "ping-no-answer",
        all: &["packets transmitted", "100% packet loss"],
        health: Health::Degraded,
        title: "ping gets no answer (100% packet loss)",
        cause: "every probe to the address went unanswered: the network path to it is down \
            (routes, the bridge or VLAN, a firewall) or the host behind it is not up",
        next_steps: &[
            "ping from a pod on the same node and from the node itself, to tell the path from the target",
            "kubectl get nodes -o wide; check the interface and bridge on the node (ip link, ip addr)",
        ],
        source: "iputils ping/ping_common.c (finish: packets transmitted, received, packet loss)",
        example: "15 packets transmitted, 0 received, 100% packet loss, time 14333ms",
        ..NW
    },
    Signature {
        id: "ping-no-answer-windows",
        all: &["Packets: Sent =", "(100% loss)"],
        health: Health::Degraded,
        title: "ping gets no answer (100% loss)",
        cause: "every probe to the address went unanswered: the network path to it is down or \
            the host behind it is not up",
        next_steps: &["ping from a pod on the same node and from the node itself"],
        source: "Windows ping.exe statistics (Packets: Sent, Received, Lost)",
        example: "    Packets: Sent = 4, Received = 0, Lost = 4 (100% loss),",
        ..NW
    },
    Signature {
        id: "ping-all-answered",
        all: &["packets transmitted", " 0% packet loss"],
        layer: None,
        health: Health::Unknown,
        title: "ping answered every probe (0% packet loss)",
        cause: "the address answers: the network path to it works (context, blames nothing)",
        next_steps: &[],
        source: "iputils ping/ping_common.c (finish: packets transmitted, received, packet loss)",
        example: "4 packets transmitted, 4 received, 0% packet loss, time 3028ms",
        ..NW
    },
];
