//! A name that does not resolve, in the words of the resolvers and tools that print it (in a
//! VM's guest, a pod or a node's shell):
//!
//! - glibc's `getaddrinfo` errors (`sysdeps/posix/gai_strerror-strs.h`): "Name or service not
//!   known" (EAI_NONAME), "Temporary failure in name resolution" (EAI_AGAIN), "No address
//!   associated with hostname" (EAI_NODATA), "Non-recoverable failure in name resolution"
//!   (EAI_FAIL), as `ping`, `ssh`, `getent` and every program using it print them; the others of
//!   the file (bad flags, family or socket type, memory, system error) are not about a name;
//! - musl's (`src/network/gai_strerror.c`): "Name does not resolve" (Alpine, BusyBox images);
//!   BusyBox's own tools (`libbb/xconnect.c`: "bad address '%s'");
//! - curl (`lib/hostip.c`: "Could not resolve host: %s"), wget (`src/host.c`, `src/http.c`: "%s:
//!   unable to resolve host address %s");
//! - BIND 9's `dig` and `nslookup` (`bin/dig/dighost.c`: ";; connection timed out; no servers
//!   could be reached"; `bin/dig/nslookup.c`: "** server can't find %s: %s", NXDOMAIN, SERVFAIL,
//!   REFUSED).
//!
//! The network's, degraded: the name server the host was given (the cluster DNS Service for a
//! pod-network VM, its `resolv.conf` from the launcher pod's) does not answer or does not know
//! the name; the addresses, the route to the DNS Service and its translation (kube-proxy, a CNI's
//! service load balancer) and the DNS server itself are what to check. A lookup that answers
//! later in the paste does not withdraw the failure: the first server may still be broken.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const DNS: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Degraded,
    title: "a name does not resolve (DNS)",
    cause: "the resolver found no answer for a name: the name server the host was given does \
        not answer (unreachable, the cluster DNS Service not translated to its pods, a network \
        policy) or does not know the name; a pod-network VM asks the cluster DNS Service its \
        launcher pod was given, so the route to it and the Service's translation (kube-proxy, \
        the CNI's service load balancer) matter as much as the DNS pods",
    next_steps: &[
        "cat /etc/resolv.conf where it failed (the name server and search domains it was given)",
        "nslookup kubernetes.default.svc.cluster.local <nameserver> (the server answering at all)",
        "kubectl -n kube-system get pods,svc -l k8s-app=kube-dns (the DNS pods and Service)",
        "from the same host, reach the DNS Service's pod IP directly (a Service translation fault if only the pod IP answers)",
    ],
    source: "glibc sysdeps/posix/gai_strerror-strs.h; musl src/network/gai_strerror.c; BusyBox \
        libbb/xconnect.c; curl lib/hostip.c; wget src/host.c; BIND 9 bin/dig/dighost.c, \
        bin/dig/nslookup.c",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "dns-eai-noname",
        all: &["Name or service not known"],
        example: "ping: www.example.com: Name or service not known",
        ..DNS
    },
    Signature {
        id: "dns-eai-again",
        all: &["Temporary failure in name resolution"],
        example: "ssh: Could not resolve hostname git.example.com: Temporary failure in name resolution",
        ..DNS
    },
    Signature {
        id: "dns-eai-nodata",
        all: &["No address associated with hostname"],
        example: "getent: mirror.example.org: No address associated with hostname",
        ..DNS
    },
    Signature {
        id: "dns-eai-fail",
        all: &["Non-recoverable failure in name resolution"],
        example: "ping: db.internal: Non-recoverable failure in name resolution",
        ..DNS
    },
    Signature {
        id: "dns-musl-noname",
        all: &["Name does not resolve"],
        example: "wget: bad address: Name does not resolve",
        ..DNS
    },
    Signature {
        id: "dns-curl-cannot-resolve",
        all: &["Could not resolve host: "],
        example: "curl: (6) Could not resolve host: registry.example.com",
        ..DNS
    },
    Signature {
        id: "dns-wget-cannot-resolve",
        all: &["unable to resolve host address"],
        example: "wget: unable to resolve host address 'mirror.example.org'",
        ..DNS
    },
    Signature {
        id: "dns-dig-no-servers",
        all: &["no servers could be reached"],
        example: ";; connection timed out; no servers could be reached",
        ..DNS
    },
    Signature {
        id: "dns-nslookup-cannot-find",
        all: &["** server can't find "],
        example: "** server can't find web.default.svc.cluster.local: NXDOMAIN",
        ..DNS
    },
    Signature {
        id: "dns-busybox-bad-address",
        all: &["bad address '"],
        any: &["ping", "wget", "nc", "telnet", "nslookup"],
        example: "ping: bad address 'kubernetes.default'",
        ..DNS
    },
];
