//! The `kubevirt_vmi_*` series virt-handler and virt-controller export (KubeVirt
//! `pkg/monitoring/metrics/virt-handler/`, `virt-controller/`), computed from the simulated VMs,
//! and `/metrics` in the Prometheus text format.
//!
//! Every value is a closed-form function of simulated time and the VM's state: counters are the
//! integrals of smooth per-VM rates, so the same series answer `/metrics` scrapes (for a real
//! Prometheus) and the simulator's own PromQL evaluation at any instant.
//!
//! * [`catalog`]: every metric's name, type and help; [`signal`]: the closed-form signals.
//! * [`names`]: the names each KubeVirt release uses (`--kubevirt-version`).
//! * One file per family: [`controller`], [`cpu`], [`guest`], [`memory`], [`storage`],
//!   [`network`], [`migration`]; [`exposition`]: the text format.

pub mod catalog;
pub mod controller;
mod cpu;
pub mod exposition;
mod guest;
pub mod kube_state;
mod memory;
mod migration;
pub mod names;
mod network;
pub mod signal;
mod storage;

pub use catalog::METRICS;
pub use exposition::{exposition, fmt_value};

use crate::Shared;
use crate::kubevirt::Vm;
use crate::world::World;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use signal::{Counter, unit};
use std::f64::consts::TAU;
use std::sync::Arc;

/// One sample of one series.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub name: &'static str,
    pub labels: Vec<(String, String)>,
    pub value: f64,
    /// Explicit sample time (the migration ring buffer); None = scrape time.
    pub ts: Option<f64>,
}

/// Whether virt-handler on the VM's node answers (its node's kubelet is up and the VM not frozen).
fn handler_up(w: &World, vm: &Vm) -> bool {
    !vm.frozen
        && vm
            .node
            .as_ref()
            .and_then(|n| w.nodes.get(n))
            .is_some_and(|n| n.kubelet_up && n.handler_up)
}

fn push(
    out: &mut Vec<Series>,
    name: &'static str,
    labels: &[(String, String)],
    extra: &[(&str, String)],
    value: f64,
) {
    let mut l = labels.to_vec();
    l.extend(extra.iter().map(|(k, v)| (k.to_string(), v.clone())));
    out.push(Series {
        name,
        labels: l,
        value,
        ts: None,
    });
}

/// What every family of one running VM's series shares.
struct Sampled<'a> {
    vm: &'a Vm,
    t: f64,
    /// The VMI's identity and its labels (`kubernetes_vmi_label_*`).
    labels: Vec<(String, String)>,
    c: Counter<'a>,
    cpus: f64,
    /// Guest memory in bytes.
    mem: f64,
    /// The VM's CPU utilisation (a share of its vCPUs).
    util: f64,
    /// Period and phase of the VM's memory and load waves.
    period: f64,
    phase: f64,
    /// The series names of the imitated KubeVirt release.
    names: names::MetricNames,
}

/// Every series of one VM at time `t`.
pub fn vm_series(w: &World, vm: &Vm, t: f64, out: &mut Vec<Series>) {
    let node = vm.node.clone().unwrap_or_default();
    let id = vec![
        ("node".to_string(), node.clone()),
        ("namespace".to_string(), vm.ns.clone()),
        ("name".to_string(), vm.name.clone()),
    ];
    controller::series(vm, &id, out);
    migration::polled(w, vm, t, &names::names(w.kubevirt), out);
    if !vm.running() || !handler_up(w, vm) {
        return;
    }
    let mut labels = id;
    labels.extend(vm.metric_labels());
    let s = Sampled {
        vm,
        t,
        labels,
        c: Counter { vm, t },
        cpus: vm.cpus as f64,
        mem: vm.memory_mib as f64 * 1024.0 * 1024.0,
        util: 0.05 + 0.6 * unit(vm.seed, 10),
        period: 300.0 + 600.0 * unit(vm.seed, 30),
        phase: TAU * unit(vm.seed, 31),
        names: names::names(w.kubevirt),
    };
    cpu::usage(&s, out);
    guest::load(&s, out);
    guest::panics(&s, out);
    memory::series(&s, out);
    storage::series(&s, out);
    network::series(&s, out);
    cpu::affinity(&s, out);
    guest::filesystems(&s, out);
    migration::dirty_rate(&s, out);
}

/// Every series at `t` of the VMs `keep` accepts (by namespace and name).
pub fn collect(w: &World, t: f64, keep: &dyn Fn(&str, &str) -> bool) -> Vec<Series> {
    let mut out = Vec::new();
    for vm in w.vms.values().filter(|v| keep(&v.ns, &v.name)) {
        vm_series(w, vm, t, &mut out);
    }
    out
}

/// `GET /metrics`.
pub async fn handler(State(shared): State<Arc<Shared>>) -> Response {
    if shared.faults.prometheus_down() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "metrics endpoint unavailable (simulated fault)\n",
        )
            .into_response();
    }
    let text = {
        let w = shared.world();
        let t = shared.clock.now();
        let mut series = collect(&w, t, &|_, _| true);
        kube_state::series(&w, &mut series);
        exposition(&series)
    };
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}
