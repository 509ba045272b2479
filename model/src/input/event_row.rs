//! An event row of a `kubectl describe`'s `Events:` section (`Type  Reason  Age  From
//! Message`), read for who recorded it: the `From` cell is the recorder's `EventSource`
//! component, so a Warning no signature knows still points at the layer of the component that
//! saw it, even when the section's header was cut away.
//!
//! The recorders' names come from their sources: the kubelet records as `kubelet` (older
//! versions `kubelet, <node>`; its reasons in Kubernetes `pkg/kubelet/events/event.go`);
//! virt-controller's controllers as `virtualmachine-controller`, `node-controller`,
//! `virtualmachinereplicaset-controller`, `virtualmachinepool-controller`,
//! `disruptionbudget-controller`, `workload-update-controller`, `snapshot-controller`,
//! `restore-controller`, `export-controller` (KubeVirt `pkg/virt-controller/watch/
//! application.go`, `newRecorder`), older ones as `virt-migration-controller`; virt-handler as
//! `virt-handler`, virt-operator as `virt-operator` / `operator-controller`. Any other
//! `…-controller` or `…-scheduler` that is not a network add-on's (`signatures::components`:
//! `kube-ovn-controller`, `calico-kube-controllers`, the pod network's) is a Kubernetes (or
//! CDI) control-plane controller
//! (`default-scheduler`, `attachdetach-controller`, `persistentvolume-controller`, CDI's
//! `datavolume-controller`, …): the control plane either way.

use super::age::parse_interval;
use super::cells::spans;
use crate::signatures::Component;

/// What an event row says of itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventRow {
    pub warning: bool,
    /// The component its `From` cell names, when one is known.
    pub source: Option<Component>,
}

/// A describe's event row: `Normal|Warning`, a one-word reason, an interval, the recorder, the
/// message (cells separated by kubectl's column gaps); or a `kubectl get events -o wide` row
/// (`printEvent`: LAST SEEN, TYPE, REASON, OBJECT, SUBOBJECT, SOURCE, MESSAGE, …; an empty
/// SUBOBJECT prints nothing), read by its SOURCE.
pub fn event_row(line: &str) -> Option<EventRow> {
    let sp = spans(line);
    if sp.len() < 5 {
        return None;
    }
    if let Some(row) = wide_get_row(&sp) {
        return Some(row);
    }
    let warning = match sp[0].1 {
        "Warning" => true,
        "Normal" => false,
        _ => return None,
    };
    let reason = sp[1].1;
    if reason.contains(' ') || parse_interval(sp[2].1).is_none() {
        return None;
    }
    Some(EventRow {
        warning,
        source: source_component(sp[3].1),
    })
}

/// How many lines after an event row may continue its message.
const CONTINUED_MAX: usize = 3;

/// A describe's event row whose message goes on over the next lines (an event message holding
/// newlines breaks kubectl's tab-written row, and a page's author may wrap it): the row with
/// those lines joined, and how many lines were joined. A following line continues the message
/// unless it is blank, another event row, or a describe field (`Key:  value`).
pub fn continued(text: &[&str], i: usize) -> Option<(String, usize)> {
    let row = text.get(i)?;
    event_row(row)?;
    let more: Vec<&str> = text[i + 1..]
        .iter()
        .take(CONTINUED_MAX)
        .take_while(|l| {
            let t = l.trim();
            !t.is_empty()
                && event_row(l).is_none()
                && !t.starts_with("----")
                && !t.split_once(':').is_some_and(|(k, v)| {
                    super::shapes::is_title_key(k.trim()) && (v.is_empty() || v.starts_with("  "))
                })
        })
        .map(|l| l.trim())
        .collect();
    if more.is_empty() {
        return None;
    }
    Some((format!("{} {}", row.trim_end(), more.join(" ")), more.len()))
}

/// A `get events -o wide` row: an age, the type, a one-word reason, a `kind/name` object, an
/// optional subobject (`spec.containers{compute}`), then the source.
fn wide_get_row(sp: &[(usize, &str)]) -> Option<EventRow> {
    let warning = match sp.get(1)?.1 {
        "Warning" => true,
        "Normal" => false,
        _ => return None,
    };
    if !super::age::is_age_cell(sp[0].1) || sp[2].1.contains(' ') || !sp[3].1.contains('/') {
        return None;
    }
    let at = if sp[4].1.starts_with("spec.") || sp[4].1.contains('{') {
        5
    } else {
        4
    };
    let source = source_component(sp.get(at)?.1)?;
    Some(EventRow {
        warning,
        source: Some(source),
    })
}

/// The component an event's `From` cell names.
pub fn source_component(from: &str) -> Option<Component> {
    let name = from.split(',').next().unwrap_or("").trim();
    let c = match name {
        "kubelet" => Component::Kubelet,
        "virt-handler" => Component::VirtHandler,
        "virt-operator" | "operator-controller" => Component::VirtOperator,
        "virt-api" => Component::VirtApi,
        "virtualmachine-controller"
        | "virtualmachinereplicaset-controller"
        | "virtualmachinepool-controller"
        | "disruptionbudget-controller"
        | "workload-update-controller"
        | "virt-migration-controller"
        | "virt-controller" => Component::VirtController,
        // A network add-on's controller records under its own name (Kube-OVN's
        // `kube-ovn-controller`, Calico's `calico-kube-controllers`, …: the names of
        // `signatures::components`): the pod network's, before any `…-controller` is taken
        // for a Kubernetes one.
        n if crate::signatures::components::pod_owner(n)
            .is_some_and(|(_, l)| l == crate::verdict::Layer::Network) =>
        {
            Component::Cni
        }
        n if n.ends_with("-controller") || n.ends_with("-scheduler") => Component::Kubernetes,
        _ => return None,
    };
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_describe_event_row_names_its_recorder() {
        let r =
            event_row("  Warning  Failed     3m40s (x4 over 5m)   kubelet  Error: boom").unwrap();
        assert!(r.warning);
        assert_eq!(r.source, Some(Component::Kubelet));
        let r = event_row("  Normal  SuccessfulCreate  2m  virtualmachine-controller  Created pod")
            .unwrap();
        assert!(!r.warning);
        assert_eq!(r.source, Some(Component::VirtController));
        assert_eq!(
            source_component("kubelet, node01"),
            Some(Component::Kubelet)
        );
        assert_eq!(
            source_component("default-scheduler"),
            Some(Component::Kubernetes)
        );
        assert!(event_row("Warning: this is prose, not an event row").is_none());
        let r = event_row("2m   Warning   Odd   vmi/db   virt-handler   failed   10m   5   db.1")
            .unwrap();
        assert_eq!(r.source, Some(Component::VirtHandler));
        let r =
            event_row("2m  Warning  BackOff  pod/x  spec.containers{compute}  kubelet  Back-off")
                .unwrap();
        assert_eq!(r.source, Some(Component::Kubelet));
    }
}
