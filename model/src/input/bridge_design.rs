//! The bridge binding's in-pod set-up shown working. KubeVirt's bridge binding enslaves the
//! pod's interface to the in-pod bridge `k6t-<iface>` (`LinkSetMaster`), gives the bridge a
//! link-local address (`pkg/network/link`: bridgeFakeIP "169.254.75.1%d/32") and hands the pod
//! IP to the guest through its own DHCP server, so inside the launcher `ip a` lists `eth0`
//! without an IPv4 address, `master k6t-eth0`, and the bridge with a 169.254 address: the
//! design, not a lost address. The bridge's name alone is read as a hint at the binding
//! (`signatures/network.rs`, `bridge-k6t`: the guest must take the IP by DHCP); when the paste
//! shows the pod's eth0 enslaved to the bridge and UP, and no interface of the listing DOWN,
//! those hints are noise. A failure (ping, DHCP, a refused connection) keeps its own reading.

use super::read::ReadPaste;

/// The signature that reads `k6t-eth0` as the bridge binding.
const HINT: &str = "bridge-k6t";

/// Makes the bridge-binding hints noise when the listing shows the set-up working.
pub fn settle(out: &mut ReadPaste, input: &str) {
    let hint = |s: &crate::evidence::Signal| s.signature.as_deref() == Some(HINT);
    if !out.signals.iter().any(hint) || !working(input) {
        return;
    }
    for s in out.signals.iter_mut().filter(|s| hint(s)) {
        s.reread_as_noise(
            "bridge-k6t-working",
            "the bridge binding's in-pod set-up, as designed (not a fault)",
            "the pod's eth0 is enslaved to the in-pod bridge k6t-eth0 and up: with the \
            bridge binding the pod's address moves to the guest (KubeVirt's DHCP server offers \
            it), so eth0 keeps no IPv4 address and the bridge has a link-local one",
            vec!["virtctl console <vm>: ip addr (the guest holds the pod's address)".into()],
        );
    }
}

/// `ip a`'s line for the pod's eth0 (`N: eth0` or `N: eth0@ifM`) is `master k6t-eth0` and
/// `state UP`, and no listed interface is `state DOWN`.
fn working(input: &str) -> bool {
    let mut enslaved = false;
    for l in input.lines() {
        let Some((name, _)) = super::shapes::ip_link_header(l) else {
            continue;
        };
        if l.contains(" state DOWN") {
            return false;
        }
        if (name == "eth0" || name.starts_with("eth0@"))
            && l.contains("master k6t-eth0")
            && l.contains(" state UP")
        {
            enslaved = true;
        }
    }
    enslaved
}
