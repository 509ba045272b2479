//! The VM's own NIC listed down or without an address by `ip address` run inside the guest: the
//! guest did not bring its interface up (its DHCP client, its network configuration), so what
//! the guest then cannot reach is the guest's fault, not the network's.
//!
//! iproute2 prints each link as `<index>: <name>: <FLAGS> mtu … state <STATE> …`, then
//! `link/ether <MAC> …` and one `inet`/`inet6` line per address (`ip/ipaddress.c`
//! print_linkinfo, print_addrinfo); a link the administrator has not set up lacks `UP` among its
//! flags. The NIC is the VM's when its MAC is QEMU's default for a NIC the VM's definition gives
//! none (QEMU `net/net.c` qemu_macaddr_default_if_unset: `52:54:00:12:34:xx`, the prefix libvirt
//! also generates for QEMU domains), and when its name carries no `@` peer (a pod's or node's
//! veth end prints `eth0@if12`). Only the first such NIC is read: the VM's primary interface.
//! `ping: connect: Network is unreachable` and its like in the same paste then follow from it.

use super::read::ReadPaste;
use crate::evidence::Signal;
use crate::verdict::{Health, Layer};

/// QEMU's default MAC prefix, as `ip` prints it.
const QEMU_MAC: &str = "link/ether 52:54:00:";

/// Adds the reading when the paste's `ip address` output shows the VM's NIC down or bare.
pub fn settle(out: &mut ReadPaste, input: &str) {
    if !crate::scan::holds(input, QEMU_MAC) {
        return;
    }
    let lines: Vec<&str> = input.lines().collect();
    let Some((n, name, down)) = first_vm_nic(&lines) else {
        return;
    };
    for x in out.signals.iter_mut().filter(|x| {
        x.layer == Some(Layer::Network)
            && x.signature.is_none()
            && (x.excerpt.contains("unreachable") || x.excerpt.contains("No route to host"))
    }) {
        x.layer = Some(Layer::Guest);
        x.cause = format!(
            "{}; the guest's own interface {name} is down or has no address in this paste, so \
             the guest reaches nothing from it: the guest's fault",
            x.cause
        );
    }
    out.signals.push(Signal {
        signature: Some("guest-nic-down".into()),
        layer: Some(Layer::Guest),
        plane: None,
        health: Health::Broken,
        title: if down {
            format!("the VM's own interface {name} is down inside the guest")
        } else {
            format!("the VM's own interface {name} has no IPv4 address inside the guest")
        },
        cause: "ip address run inside the guest lists the VM's NIC (QEMU's default MAC prefix \
            52:54:00) not set up or without an IPv4 address: the guest's network configuration \
            (its DHCP client, netplan or NetworkManager, cloud-init's network config) did not \
            bring it up, so nothing outside reaches the guest whatever the pod network does"
            .into(),
        next_steps: vec![
            "in the guest: dhclient <nic> (the interface ip link lists), or the distribution's DHCP client".into(),
            "in the guest: cloud-init status --long; journalctl -u systemd-networkd -u NetworkManager".into(),
            "kubectl get vmi <name> -o jsonpath='{.status.interfaces}' (the address KubeVirt expects)".into(),
        ],
        source: "iproute2 ip/ipaddress.c (print_linkinfo, print_addrinfo); QEMU net/net.c \
            (qemu_macaddr_default_if_unset: 52:54:00:12:34:xx)"
            .into(),
        line: n + 1,
        from: "ip address output".into(),
        excerpt: super::excerpt::excerpt(lines[n]),
    });
}

/// The first link with QEMU's MAC and no peer: its line, its name and whether it is down (else
/// up without an IPv4 address), when it is either.
fn first_vm_nic<'a>(lines: &[&'a str]) -> Option<(usize, &'a str, bool)> {
    let mut i = 0;
    while i < lines.len() {
        let Some((name, flags)) = super::shapes::ip_link_header(lines[i]) else {
            i += 1;
            continue;
        };
        let end = (i + 1..lines.len())
            .find(|&j| {
                super::shapes::ip_link_header(lines[j]).is_some() || lines[j].trim().is_empty()
            })
            .unwrap_or(lines.len());
        let body = &lines[i + 1..end];
        let qemu = body.iter().any(|l| l.trim_start().starts_with(QEMU_MAC));
        if qemu && !name.contains('@') {
            let up = flags.split(',').any(|f| f == "UP");
            let inet = body.iter().any(|l| l.trim_start().starts_with("inet "));
            return match (up, inet) {
                (false, _) => Some((i, name, true)),
                (true, false) => Some((i, name, false)),
                _ => None,
            };
        }
        i = end.max(i + 1);
    }
    None
}
