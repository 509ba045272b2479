//! A VMI that waits for its DataVolumes: virt-controller creates no launcher pod while a
//! DataVolume of the VMI still populates (KubeVirt `pkg/virt-controller/watch/vmi/vmi.go`:
//! "Delaying pod creation while DataVolume populates"), so a paste whose tables show a VMI
//! Pending and a DataVolume of its namespace still populating (any CDI phase the vocabulary
//! reads as a control-plane wait, except those that wait for the pod itself:
//! WaitForFirstConsumer, PendingPopulation) says the VMI waits on that DataVolume.

use super::sightings::{Sighting, Sightings, qualified, short_kind};
use super::vocab::{self, Kind};
use crate::evidence::Signal;
use crate::kube::VmiKey;
use crate::verdict::{Health, Layer};

/// The DataVolume phases that wait for the launcher pod (first consumer) rather than for CDI.
const WAIT_FOR_POD: [&str; 2] = ["WaitForFirstConsumer", "PendingPopulation"];

/// One signal per (Pending VMI, populating DataVolume of its namespace) pair, on the
/// DataVolume's line, with the VMI it concerns.
pub fn waits_on_volumes(s: &Sightings) -> Vec<(Signal, VmiKey)> {
    let pending: Vec<&Sighting> = s
        .all()
        .filter(|x| x.kind == Kind::Vmi && x.status == "Pending")
        .collect();
    if pending.is_empty() {
        return Vec::new();
    }
    let populating = s.all().filter(|x| {
        x.kind == Kind::Dv
            && !WAIT_FOR_POD.contains(&x.status.as_str())
            && vocab::meaning(Kind::Dv, &x.status).is_some_and(|m| {
                m.health == Health::Healthy && m.layer == Some(Layer::ControlPlane)
            })
    });
    let mut out = Vec::new();
    for dv in populating {
        for vmi in pending.iter().filter(|v| v.namespace == dv.namespace) {
            out.push((
                signal(vmi, dv),
                VmiKey {
                    cluster: String::new(),
                    namespace: vmi.namespace.clone(),
                    name: vmi.name.clone(),
                },
            ));
        }
    }
    out.sort_by_key(|(x, _)| x.line);
    out
}

fn signal(vmi: &Sighting, dv: &Sighting) -> Signal {
    Signal {
        signature: Some("vmi-waits-for-datavolume".into()),
        layer: Some(Layer::ControlPlane),
        plane: None,
        health: Health::Degraded,
        title: format!(
            "VMI {} is Pending while DataVolume {} is {}",
            qualified(&vmi.namespace, &vmi.name),
            qualified(&dv.namespace, &dv.name),
            dv.status
        ),
        cause: "virt-controller creates no launcher pod until every DataVolume of the VMI has \
            populated: the VM waits for CDI's import or clone. If the DataVolume stays in this \
            phase, read its events and the CDI pods' logs (cdi-deployment, the importer or \
            cloner pod)."
            .into(),
        next_steps: vec![
            format!(
                "kubectl describe {} {}{}",
                short_kind(Kind::Dv),
                dv.name,
                if dv.namespace.is_empty() {
                    String::new()
                } else {
                    format!(" -n {}", dv.namespace)
                }
            ),
            "kubectl logs -n cdi deploy/cdi-deployment".into(),
        ],
        source: "pkg/virt-controller/watch/vmi/vmi.go (\"Delaying pod creation while \
            DataVolume populates\")"
            .into(),
        line: dv.line,
        from: dv.from.clone(),
        excerpt: super::excerpt::excerpt(&dv.excerpt),
    }
}
