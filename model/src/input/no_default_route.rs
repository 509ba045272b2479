//! A routing table printed by `ip route` that holds no default route: the host it was printed
//! on (a VM's guest, the launcher's pod) reaches nothing beyond its own links.
//!
//! iproute2 prints one route a line, its destination first (`default` for 0.0.0.0/0), then
//! `via <gateway>`, `dev <interface>`, `proto …`, `scope …`, `src …` (`ip/iproute.c`
//! print_route). A VM's guest gets its routes from the network KubeVirt or the secondary network
//! gives it: KubeVirt's DHCP server for the bridge and masquerade bindings offers the pod's
//! gateway as the router and, when the pod has more routes, as classless static routes
//! (`pkg/network/dhcp/server/server.go`, option 121), and a client given option 121 ignores the
//! router option (RFC 3442, section 3), so routes without a default one leave the guest with a
//! link route to its gateway and nothing else. Either way the guest cannot leave its link: the
//! VM's network, as the DHCP reading of `signatures/guest_output` reads a guest without an
//! answer.

use super::blocks::unquote;
use super::read::ReadPaste;
use crate::evidence::Signal;
use crate::verdict::{Health, Layer};

/// Adds the reading when a pasted `ip route` output lists routes and none is the default.
pub fn settle(out: &mut ReadPaste, input: &str) {
    // Only a line holding `ip ` can be the command: found by one scan of the paste, then read
    // with the lines after it.
    for (i, start) in crate::scan::line_starts_holding_ignore_case(input, &["ip "]) {
        let mut rest = input[start..].lines();
        if !rest.next().is_some_and(is_route_show) {
            continue;
        }
        let table: Vec<&str> = rest.map(unquote).take_while(|l| is_route(l)).collect();
        if table.is_empty() || table.iter().any(|l| is_default(l)) {
            continue;
        }
        out.signals.push(Signal {
            signature: Some("ip-route-no-default".into()),
            layer: Some(Layer::Network),
            plane: None,
            health: Health::Degraded,
            title: "the routing table has no default route".into(),
            cause: "ip route lists routes but no default one: the host it was printed on (the \
                VM's guest) reaches only its own links, so every address beyond them is \
                unreachable; the network that configured it gave no default gateway (KubeVirt's \
                DHCP offering the gateway only as a classless static route, which makes the \
                client ignore the router option, or a secondary network's IPAM without a \
                gateway)"
                .into(),
            next_steps: vec![
                "in the guest: ip route; cat the DHCP client's lease (option routers, classless-static-routes)".into(),
                "kubectl get vmi <name> -o jsonpath='{.spec.domain.devices.interfaces}' (the binding: bridge, masquerade)".into(),
                "kubectl exec <virt-launcher pod> -- ip route (the pod's gateway the guest is given)".into(),
            ],
            source: "iproute2 ip/iproute.c (print_route); KubeVirt pkg/network/dhcp/server/\
                server.go (router and classless static route options); RFC 3442 section 3"
                .into(),
            line: i + 2,
            from: "ip route output".into(),
            excerpt: super::excerpt::excerpt(table[0]),
        });
        return;
    }
}

/// `ip route` (or `ip r`, `ip ro`, `ip -4 route`, with `s`, `show`, `list`, `ls`) at the end of a
/// prompt line, listing the main table (no other argument).
fn is_route_show(line: &str) -> bool {
    let t = unquote(line);
    let Some(at) = t.rfind("ip ") else {
        return false;
    };
    if at > 0 && !t[..at].ends_with([' ', '#', '$', '>']) {
        return false;
    }
    let mut words = t[at + 3..].split_whitespace().peekable();
    while words.peek().is_some_and(|w| *w == "-4" || *w == "-d") {
        words.next();
    }
    let Some(object) = words.next() else {
        return false;
    };
    if !["r", "ro", "rou", "rout", "route"].contains(&object) {
        return false;
    }
    let verb = words.next();
    verb.is_none_or(|v| ["s", "sh", "show", "l", "ls", "list"].contains(&v))
        && words.next().is_none()
}

/// A route as iproute2 prints it: a destination (an address, a prefix, `default` or a route
/// type) followed by a `dev` or `via`.
fn is_route(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return false;
    };
    let dest = if [
        "unicast",
        "local",
        "broadcast",
        "unreachable",
        "blackhole",
        "prohibit",
    ]
    .contains(&first)
    {
        words.next().unwrap_or("")
    } else {
        first
    };
    let addressy = dest == "default"
        || (dest.contains(['.', ':'])
            && dest
                .bytes()
                .all(|b| b.is_ascii_hexdigit() || b"./:".contains(&b)));
    addressy && (line.contains(" dev ") || line.contains(" via "))
}

fn is_default(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or("");
    let dest = if first == "unicast" {
        words.next().unwrap_or("")
    } else {
        first
    };
    dest == "default" || dest == "0.0.0.0/0" || dest == "::/0"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_and_its_routes_are_recognised() {
        assert!(is_route_show("$ ip r s"));
        assert!(is_route_show("[root@vm ~]# ip route show"));
        assert!(is_route_show("> # ip -4 route"));
        assert!(!is_route_show("$ ip route add default via 10.0.0.1"));
        assert!(!is_route_show("$ ip route get 8.8.8.8"));
        assert!(!is_route_show("$ skip route"));
        assert!(is_route("169.254.1.1 dev eth0"));
        assert!(is_route(
            "10.244.0.0/16 via 10.244.1.1 dev eth0 proto static"
        ));
        assert!(is_route("default via 10.0.2.1 dev eth0"));
        assert!(!is_route("Adding a default route fixed it"));
        assert!(is_default(
            "default via 10.0.2.1 dev eth0 proto dhcp metric 100"
        ));
        assert!(!is_default(
            "169.254.1.1 via 169.254.1.1 dev eth0 proto static"
        ));
    }
}
