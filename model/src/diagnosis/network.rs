//! The network layer: interface link state, addresses, guest-agent reported IPs, duplicate IPs
//! between interfaces and Multus network-status against what the VMI reports.

use super::ctx::Ctx;
use crate::explain::Severity;
use crate::kube::Condition;
use crate::kube::vmi::Interface;
use crate::verdict::{Finding, Health, Layer};

/// A finding about the Network layer.
fn finding(health: Health, severity: Severity, title: impl Into<String>) -> Finding {
    Finding::new(Layer::Network, health, severity, title)
}

/// A contradiction found in the Network layer.
fn contradiction(health: Health, title: impl Into<String>) -> Finding {
    Finding::contradiction(Layer::Network, health, title)
}

/// The network layer: every interface of a running VMI.
pub(super) fn network(cx: &mut Ctx<'_>, stale: bool) {
    let Some(vmi) = cx.vmi else { return };
    let agent = vmi
        .condition("AgentConnected")
        .is_some_and(Condition::is_true);
    // A status cut before its phase still runs when the guest agent is connected: virt-handler
    // sets AgentConnected only from a running domain's agent channel (pkg/virt-handler/vm.go).
    let running = vmi.phase() == "Running" || (vmi.phase().is_empty() && agent);
    if !running || stale {
        return;
    }
    let ifaces = &vmi.status.interfaces;
    if ifaces.is_empty() {
        cx.push(
            finding(Health::Unknown, Severity::Info, "No interface status")
                .explained("status.interfaces is empty.")
                .cite(vec!["status.interfaces = []".into()]),
        );
        return;
    }
    let mut all_ok = true;
    // Each address seen so far and the interface (its index) that reported it.
    let mut ip_owner: Vec<(usize, &str)> = Vec::new();
    for (idx, i) in ifaces.iter().enumerate() {
        if !interface(cx, idx, i, agent, &mut ip_owner) {
            all_ok = false;
        }
    }
    if all_ok {
        // `name=ip,ip; name=ip`, written straight into the one string.
        let mut summary = String::new();
        for i in ifaces.iter() {
            let Some(name) = i.name.as_deref().filter(|n| !n.is_empty()) else {
                continue;
            };
            if !summary.is_empty() {
                summary.push_str("; ");
            }
            summary.push_str(name);
            summary.push('=');
            for (k, ip) in i.all_ips().iter().enumerate() {
                if k > 0 {
                    summary.push(',');
                }
                summary.push_str(ip);
            }
        }
        cx.push(
            finding(Health::Healthy, Severity::Info, "Interfaces have addresses")
                .explained(summary)
                .cite(vec![format!(
                    "status.interfaces ({} entries)",
                    ifaces.len()
                )]),
        );
    }
}

/// One interface: link, IPs, guest agent, duplicate IPs, Multus. False when something is wrong.
fn interface<'v>(
    cx: &mut Ctx<'_>,
    idx: usize,
    i: &'v Interface,
    agent: bool,
    ip_owner: &mut Vec<(usize, &'v str)>,
) -> bool {
    let mut ok = true;
    let label = label_of(idx, i);
    let cite = |f: &str, v: &str| format!("status.interfaces[{label}].{f} = {v}");
    let ips = i.all_ips();
    if i.name.as_deref().is_none_or(str::is_empty) {
        return true; // Guest-only interfaces (docker0, veth…) are informational.
    }
    if is_only_source(i, "multus-status") {
        return multus_only(cx, i, &label);
    }
    let spec_down =
        cx.vmi.is_some_and(|v| {
            v.spec.domain.devices.interfaces.iter().any(|s| {
                s.name.as_deref() == i.name.as_deref() && s.state.as_deref() == Some("down")
            })
        });
    if i.link_state.as_deref() == Some("down") && spec_down {
        cx.push(
            finding(
                Health::Healthy,
                Severity::Info,
                format!("Interface {label} link down as requested"),
            )
            .explained("The spec sets this interface's state to down; the domain reports it so.")
            .cite(vec![
                cite("linkState", "down"),
                format!("spec.domain.devices.interfaces[{label}].state = down"),
            ]),
        );
    } else if i.link_state.as_deref() == Some("down") {
        ok = false;
        cx.push(
            finding(
                Health::Degraded,
                Severity::Warning,
                format!("Interface {label} link down"),
            )
            .cite(vec![cite("linkState", "down")]),
        );
    }
    if let (Some(first), Some(list0)) = (
        i.ip_address.as_deref().filter(|s| !s.is_empty()),
        i.ip_addresses.first(),
    ) && first != list0
    {
        ok = false;
        cx.push(
            contradiction(
                Health::Degraded,
                format!("Interface {label}: ipAddress differs from ipAddresses[0]"),
            )
            .explained(
                "These must be equal; the status was written from two sources that disagree.",
            )
            .cite(vec![
                cite("ipAddress", first),
                cite("ipAddresses[0]", list0),
            ])
            .remedy(crate::remedy::render(
                crate::remedy::network::STALE_AGENT_IPS,
                &cx.subject,
            )),
        );
    }
    if !reported_addresses(cx, i, &label, &ips, agent) {
        ok = false;
    }
    for ip in &ips {
        if let Some((other, _)) = ip_owner.iter().find(|(_, x)| x == ip) {
            ok = false;
            let other = cx
                .vmi
                .and_then(|v| v.status.interfaces.get(*other))
                .map_or_else(String::new, |o| label_of(*other, o));
            cx.push(
                contradiction(
                    Health::Degraded,
                    format!("IP {ip} reported on two interfaces"),
                )
                .explained(format!("{other} and {label} both report it."))
                .cite(vec![cite("ipAddresses", ip)]),
            );
        }
        ip_owner.push((idx, ip));
    }
    if !multus_agrees(cx, i, &label, &ips) {
        ok = false;
    }
    ok
}

/// The interface's `infoSource` entries, as [`Interface::info_sources`] lists them (no list
/// made: every interface of every VMI is asked).
fn sources(i: &Interface) -> impl Iterator<Item = &str> {
    i.info_source
        .as_deref()
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// Whether `source` is one of the interface's sources.
fn has_source(i: &Interface, source: &str) -> bool {
    sources(i).any(|s| s == source)
}

/// Whether `source` is the interface's only source.
fn is_only_source(i: &Interface, source: &str) -> bool {
    let mut all = sources(i);
    all.next() == Some(source) && all.next().is_none()
}

/// How findings name interface `idx`: its name, or a guest-only interface by its index.
fn label_of(idx: usize, i: &Interface) -> String {
    i.name.clone().filter(|n| !n.is_empty()).unwrap_or_else(|| {
        format!(
            "#{idx} (guest-only {})",
            i.interface_name.as_deref().unwrap_or("?")
        )
    })
}

/// The Multus network-status of the launcher pods against the IPs the VMI reports for `i`.
fn multus_agrees(cx: &mut Ctx<'_>, i: &Interface, label: &str, ips: &[&str]) -> bool {
    // Without an address of the VMI's there is nothing to compare: no annotation is parsed.
    if ips.is_empty() {
        return true;
    }
    let cite = |f: &str, v: &str| format!("status.interfaces[{label}].{f} = {v}");
    let mut ok = true;
    for p in cx.e.pods.iter().map(|o| &o.value) {
        for ns in p.network_status() {
            let same_mac = ns
                .mac
                .as_deref()
                .zip(i.mac.as_deref())
                .is_some_and(|(a, b)| a.eq_ignore_ascii_case(b));
            let same_if = ns
                .interface
                .as_deref()
                .is_some_and(|x| Some(x) == i.pod_interface_name.as_deref());
            if !(same_mac || same_if)
                || ns.ips.is_empty()
                || ips.is_empty()
                || ns.default == Some(true)
            {
                continue;
            }
            if !ns.ips.iter().any(|x| ips.contains(&x.as_str())) {
                ok = false;
                let src = i.info_source.as_deref().unwrap_or("status");
                cx.push(
                    contradiction(
                        Health::Degraded,
                        format!("Interface {label}: guest and Multus disagree on the IP"),
                    )
                    .explained(format!(
                        "Multus assigned {} but the VMI reports {} (from {src}); the \
                            guest may use a static or stale address.",
                        ns.ips.join(", "),
                        ips.join(", ")
                    ))
                    .cite(vec![
                        format!(
                            "pod {}: k8s.v1.cni.cncf.io/network-status[{}].ips = {}",
                            p.metadata.name(),
                            ns.name.as_deref().unwrap_or("?"),
                            ns.ips.join(",")
                        ),
                        cite("ipAddresses", &ips.join(",")),
                        cite("infoSource", src),
                    ])
                    .remedy(crate::remedy::render(
                        crate::remedy::network::REPLUG,
                        &cx.subject,
                    )),
                );
            }
        }
    }
    ok
}

/// An interface without addresses, or with addresses from an agent that is gone.
fn reported_addresses(
    cx: &mut Ctx<'_>,
    i: &Interface,
    label: &str,
    ips: &[&str],
    agent: bool,
) -> bool {
    let cite = |f: &str, v: &str| format!("status.interfaces[{label}].{f} = {v}");
    let mut ok = true;
    if ips.is_empty() {
        if agent {
            ok = false;
            cx.push(
                finding(
                    Health::Degraded,
                    Severity::Warning,
                    format!("Interface {label} has no IP"),
                )
                .explained(
                    "The guest agent is connected but reports no address for \
                        this interface: DHCP or the guest's network config may have \
                        failed.",
                )
                .cite(vec![cite("ipAddresses", "[]")]),
            );
        } else {
            ok = false;
            cx.push(
                finding(
                    Health::Unknown,
                    Severity::Info,
                    format!("Interface {label}: no IP known"),
                )
                .explained(
                    "Without the guest agent, addresses of this interface may not be reported.",
                )
                .cite(vec![cite("ipAddresses", "[]")]),
            );
        }
    }
    if has_source(i, "guest-agent") && !agent {
        cx.push(
            finding(
                Health::Degraded,
                Severity::Warning,
                format!("Interface {label}: guest-agent data without an agent"),
            )
            .explained(
                "The addresses came from the guest agent, which is no longer \
                    connected; they may be stale.",
            )
            .cite(vec![cite(
                "infoSource",
                i.info_source.as_deref().unwrap_or(""),
            )]),
        );
        ok = false;
    }
    ok
}

/// An interface only Multus reports (`infoSource: multus-status`, no `domain`):
/// `pkg/network/migration/evaluator.go` (v1.6+). With spec `state: absent` it is an unplug that
/// waits for a migration (condition `MigrationRequired`, after the 15 s
/// `DynamicNetworkControllerGracePeriod`); otherwise the pod has the network and the domain NIC
/// is being plugged in place: a hot-plug in flight. Neither is a missing address.
fn multus_only(cx: &mut Ctx<'_>, i: &Interface, label: &str) -> bool {
    let absent =
        cx.vmi.is_some_and(|v| {
            v.spec.domain.devices.interfaces.iter().any(|s| {
                s.name.as_deref() == i.name.as_deref() && s.state.as_deref() == Some("absent")
            })
        });
    let mut cite = vec![format!(
        "status.interfaces[{label}].infoSource = multus-status"
    )];
    let required = cx.vmi.and_then(|v| v.condition("MigrationRequired"));
    if let Some(c) = required {
        cite.push(format!(
            "status.conditions[MigrationRequired].status = {}",
            c.status.as_deref().unwrap_or("")
        ));
    }
    if absent {
        cite.push(format!(
            "spec.domain.devices.interfaces[{label}].state = absent"
        ));
        let migrating = required.is_some_and(Condition::is_true);
        cx.push(
            finding(
                if migrating {
                    Health::Degraded
                } else {
                    Health::Healthy
                },
                Severity::Info,
                format!("Interface {label}: NIC unplug pending a migration"),
            )
            .explained(
                "The spec removes the interface; the domain NIC is gone but the pod network \
                    stays until KubeVirt migrates the VM (MigrationRequired).",
            )
            .cite(cite)
            .remedy(crate::remedy::render(
                crate::remedy::network::HOTPLUG_PENDING,
                &cx.subject,
            )),
        );
    } else {
        cx.push(
            finding(
                Health::Healthy,
                Severity::Info,
                format!("Interface {label}: NIC hot-plug in flight"),
            )
            .explained(
                "The pod already has the network (Multus reports it); the domain NIC is \
                    being plugged in place.",
            )
            .cite(cite),
        );
    }
    true
}
