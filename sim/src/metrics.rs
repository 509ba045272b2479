//! The `kubevirt_vmi_*` series virt-handler and virt-controller export (facts.md §6), computed
//! from the simulated VMs, and `/metrics` in the Prometheus text format.
//!
//! Every value is a closed-form function of simulated time and the VM's state: counters are the
//! integrals of smooth per-VM rates, so the same series answer `/metrics` scrapes (for a real
//! Prometheus) and the simulator's own PromQL evaluation at any instant.

use crate::Shared;
use crate::kubevirt::{Vm, overhead_mib};
use crate::world::World;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::f64::consts::TAU;
use std::fmt::Write;
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

/// Name, type and help of every exported metric, in exposition order.
pub const METRICS: &[(&str, &str, &str)] = &[
    (
        "kubevirt_vmi_cpu_usage_seconds_total",
        "counter",
        "Total CPU time spent in all modes (sum of both vcpu and hypervisor usage).",
    ),
    (
        "kubevirt_vmi_cpu_user_usage_seconds_total",
        "counter",
        "Total CPU time spent in user mode.",
    ),
    (
        "kubevirt_vmi_cpu_system_usage_seconds_total",
        "counter",
        "Total CPU time spent in system mode.",
    ),
    (
        "kubevirt_vmi_vcpu_seconds_total",
        "counter",
        "Total amount of time spent in each state by each vcpu (cpu_time excluding hypervisor time).",
    ),
    (
        "kubevirt_vmi_vcpu_wait_seconds_total",
        "counter",
        "Amount of time spent by each vcpu while waiting on I/O.",
    ),
    (
        "kubevirt_vmi_vcpu_delay_seconds_total",
        "counter",
        "Amount of time spent by each vcpu waiting in the queue instead of running.",
    ),
    (
        "kubevirt_vmi_guest_load_1m",
        "gauge",
        "Guest system load average over 1 minute as reported by the guest agent.",
    ),
    (
        "kubevirt_vmi_guest_load_5m",
        "gauge",
        "Guest system load average over 5 minutes as reported by the guest agent.",
    ),
    (
        "kubevirt_vmi_guest_load_15m",
        "gauge",
        "Guest system load average over 15 minutes as reported by the guest agent.",
    ),
    (
        "kubevirt_vmi_memory_resident_bytes",
        "gauge",
        "Resident set size of the process running the domain.",
    ),
    (
        "kubevirt_vmi_memory_available_bytes",
        "gauge",
        "Amount of usable memory as seen by the domain.",
    ),
    (
        "kubevirt_vmi_memory_unused_bytes",
        "gauge",
        "The amount of memory left completely unused by the system.",
    ),
    (
        "kubevirt_vmi_memory_cached_bytes",
        "gauge",
        "The amount of memory that is being used to cache I/O and is available to be reclaimed.",
    ),
    (
        "kubevirt_vmi_memory_usable_bytes",
        "gauge",
        "The amount of memory which can be reclaimed by balloon without pushing the guest system to swap.",
    ),
    (
        "kubevirt_vmi_memory_actual_balloon_bytes",
        "gauge",
        "Current balloon size in bytes.",
    ),
    (
        "kubevirt_vmi_memory_domain_bytes",
        "gauge",
        "The amount of memory in bytes allocated to the domain.",
    ),
    (
        "kubevirt_vmi_memory_swap_in_traffic_bytes",
        "gauge",
        "The total amount of data read from swap space of the guest in bytes.",
    ),
    (
        "kubevirt_vmi_memory_swap_out_traffic_bytes",
        "gauge",
        "The total amount of memory written out to swap space of the guest in bytes.",
    ),
    (
        "kubevirt_vmi_memory_pgmajfault_total",
        "counter",
        "The number of page faults when disk IO was required.",
    ),
    (
        "kubevirt_vmi_memory_pgminfault_total",
        "counter",
        "The number of other page faults, when disk IO was not required.",
    ),
    (
        "kubevirt_vmi_storage_iops_read_total",
        "counter",
        "Total number of I/O read operations.",
    ),
    (
        "kubevirt_vmi_storage_iops_write_total",
        "counter",
        "Total number of I/O write operations.",
    ),
    (
        "kubevirt_vmi_storage_read_traffic_bytes_total",
        "counter",
        "Total number of bytes read from storage.",
    ),
    (
        "kubevirt_vmi_storage_write_traffic_bytes_total",
        "counter",
        "Total number of written bytes.",
    ),
    (
        "kubevirt_vmi_storage_read_times_seconds_total",
        "counter",
        "Total time spent on read operations.",
    ),
    (
        "kubevirt_vmi_storage_write_times_seconds_total",
        "counter",
        "Total time spent on write operations.",
    ),
    (
        "kubevirt_vmi_storage_flush_requests_total",
        "counter",
        "Total storage flush requests.",
    ),
    (
        "kubevirt_vmi_storage_flush_times_seconds_total",
        "counter",
        "Total time spent on cache flushing.",
    ),
    (
        "kubevirt_vmi_network_receive_bytes_total",
        "counter",
        "Total network traffic received in bytes.",
    ),
    (
        "kubevirt_vmi_network_transmit_bytes_total",
        "counter",
        "Total network traffic transmitted in bytes.",
    ),
    (
        "kubevirt_vmi_network_receive_packets_total",
        "counter",
        "Total network traffic received packets.",
    ),
    (
        "kubevirt_vmi_network_transmit_packets_total",
        "counter",
        "Total network traffic transmitted packets.",
    ),
    (
        "kubevirt_vmi_network_receive_errors_total",
        "counter",
        "Total network received error packets.",
    ),
    (
        "kubevirt_vmi_network_transmit_errors_total",
        "counter",
        "Total network transmitted error packets.",
    ),
    (
        "kubevirt_vmi_network_receive_packets_dropped_total",
        "counter",
        "The total number of rx packets dropped on vNIC interfaces.",
    ),
    (
        "kubevirt_vmi_network_transmit_packets_dropped_total",
        "counter",
        "The total number of tx packets dropped on vNIC interfaces.",
    ),
    (
        "kubevirt_vmi_node_cpu_affinity",
        "gauge",
        "Number of VMI CPU affinities to node physical cores.",
    ),
    (
        "kubevirt_vmi_filesystem_capacity_bytes",
        "gauge",
        "Total VM filesystem capacity in bytes.",
    ),
    (
        "kubevirt_vmi_filesystem_used_bytes",
        "gauge",
        "Used VM filesystem capacity in bytes.",
    ),
    (
        "kubevirt_vmi_dirty_rate_bytes_per_second",
        "gauge",
        "Guest dirty-rate in bytes per second.",
    ),
    (
        "kubevirt_vmi_migration_data_bytes_total",
        "counter",
        "The total Guest OS data to be migrated to the new VM.",
    ),
    (
        "kubevirt_vmi_migration_data_remaining_bytes",
        "gauge",
        "The remaining guest OS data to be migrated to the new VM.",
    ),
    (
        "kubevirt_vmi_migration_data_processed_bytes",
        "gauge",
        "The total Guest OS data processed and migrated to the new VM.",
    ),
    (
        "kubevirt_vmi_migration_dirty_memory_rate_bytes",
        "gauge",
        "The rate of memory being dirty in the Guest OS.",
    ),
    (
        "kubevirt_vmi_migration_memory_transfer_rate_bytes",
        "gauge",
        "The rate at which the memory is being transferred.",
    ),
    (
        "kubevirt_vmi_info",
        "gauge",
        "Information about VirtualMachineInstances.",
    ),
    (
        "kubevirt_vmi_non_evictable",
        "gauge",
        "Indication for a VirtualMachine that its eviction strategy is set to Live Migration but is not migratable.",
    ),
    (
        "kubevirt_vmi_launcher_memory_overhead_bytes",
        "gauge",
        "Estimation of the memory amount required for virt-launcher's infrastructure components (e.g. libvirt, QEMU).",
    ),
];

/// A deterministic number in [0, 1) from a VM's seed and a salt.
fn unit(seed: u64, salt: u64) -> f64 {
    let mut x = seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    (x >> 11) as f64 / (1u64 << 53) as f64
}

/// The integral from `t0` to `t` of `base * (1 + amp * sin(2π t / period + phase))`.
fn integral(base: f64, amp: f64, period: f64, phase: f64, t0: f64, t: f64) -> f64 {
    if t <= t0 {
        return 0.0;
    }
    let w = TAU / period;
    base * (t - t0) - base * amp / w * ((w * t + phase).cos() - (w * t0 + phase).cos())
}

fn wave(base: f64, amp: f64, period: f64, phase: f64, t: f64) -> f64 {
    base * (1.0 + amp * (TAU / period * t + phase).sin())
}

/// A per-VM counter with its own rate, period and phase (`salt` picks them).
struct Counter<'a> {
    vm: &'a Vm,
    t: f64,
}

impl Counter<'_> {
    fn value(&self, salt: u64, base: f64) -> f64 {
        let vm = self.vm;
        let Some(t0) = vm.running_since else {
            return 0.0;
        };
        let amp = 0.15 + 0.25 * unit(vm.seed, salt + 1);
        let period = 240.0 + 900.0 * unit(vm.seed, salt + 2);
        let phase = TAU * unit(vm.seed, salt + 3);
        // A paused guest barely moves: the counter holds at its value when paused.
        let t = match vm.paused {
            Some((_, _, since)) if since < self.t => {
                since.max(t0) + (self.t - since.max(t0)) * 0.01
            }
            _ => self.t,
        };
        integral(base, amp, period, phase, t0, t).round_ties_even_ish()
    }
}

trait RoundIsh {
    fn round_ties_even_ish(self) -> f64;
}
impl RoundIsh for f64 {
    /// Keeps microsecond precision so text exposition stays short and stable.
    fn round_ties_even_ish(self) -> f64 {
        (self * 1e6).round() / 1e6
    }
}

/// Whether virt-handler on the VM's node answers (its node's kubelet is up and the VM not frozen).
fn handler_up(w: &World, vm: &Vm) -> bool {
    !vm.frozen
        && vm
            .node
            .as_ref()
            .and_then(|n| w.nodes.get(n))
            .is_some_and(|n| n.kubelet_up)
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

/// Every series of one VM at time `t`.
pub fn vm_series(w: &World, vm: &Vm, t: f64, out: &mut Vec<Series>) {
    let node = vm.node.clone().unwrap_or_default();
    let id = vec![
        ("node".to_string(), node.clone()),
        ("namespace".to_string(), vm.ns.clone()),
        ("name".to_string(), vm.name.clone()),
    ];
    controller_series(vm, &id, out);
    if !vm.running() || !handler_up(w, vm) {
        return;
    }
    let mut l = id.clone();
    l.extend(vm.metric_labels());
    let c = Counter { vm, t };
    let cpus = vm.cpus as f64;
    let mem = vm.memory_mib as f64 * 1024.0 * 1024.0;
    let util = 0.05 + 0.6 * unit(vm.seed, 10);
    let cpu = c.value(20, cpus * util);
    push(out, "kubevirt_vmi_cpu_usage_seconds_total", &l, &[], cpu);
    push(
        out,
        "kubevirt_vmi_cpu_user_usage_seconds_total",
        &l,
        &[],
        (cpu * 0.78).round_ties_even_ish(),
    );
    push(
        out,
        "kubevirt_vmi_cpu_system_usage_seconds_total",
        &l,
        &[],
        (cpu * 0.17).round_ties_even_ish(),
    );
    for i in 0..vm.cpus.min(16) {
        let id = i.to_string();
        push(
            out,
            "kubevirt_vmi_vcpu_seconds_total",
            &l,
            &[("id", id.clone()), ("state", "running".into())],
            c.value(100 + i as u64 * 7, util),
        );
        push(
            out,
            "kubevirt_vmi_vcpu_wait_seconds_total",
            &l,
            &[("id", id.clone())],
            c.value(300 + i as u64 * 7, util * 0.01),
        );
        push(
            out,
            "kubevirt_vmi_vcpu_delay_seconds_total",
            &l,
            &[("id", id)],
            c.value(500 + i as u64 * 7, util * 0.02),
        );
    }
    let period = 300.0 + 600.0 * unit(vm.seed, 30);
    let phase = TAU * unit(vm.seed, 31);
    let overhead = overhead_mib(vm) as f64 * 1024.0 * 1024.0;
    let usable = wave(mem * (0.3 + 0.3 * unit(vm.seed, 32)), 0.1, period, phase, t).round();
    if vm.agent.connected() {
        let load = cpus * util * (1.0 + 0.3 * (TAU / period * t + phase).sin());
        push(
            out,
            "kubevirt_vmi_guest_load_1m",
            &l,
            &[],
            (load * 100.0).round() / 100.0,
        );
        push(
            out,
            "kubevirt_vmi_guest_load_5m",
            &l,
            &[],
            (cpus * util * 100.0).round() / 100.0,
        );
        push(
            out,
            "kubevirt_vmi_guest_load_15m",
            &l,
            &[],
            (cpus * util * 0.95 * 100.0).round() / 100.0,
        );
    }
    push(
        out,
        "kubevirt_vmi_memory_resident_bytes",
        &l,
        &[],
        wave(mem * 0.55 + overhead, 0.02, period, phase, t).round(),
    );
    push(
        out,
        "kubevirt_vmi_memory_available_bytes",
        &l,
        &[],
        mem - 48.0 * 1024.0 * 1024.0,
    );
    push(
        out,
        "kubevirt_vmi_memory_unused_bytes",
        &l,
        &[],
        (usable * 0.7).round(),
    );
    push(
        out,
        "kubevirt_vmi_memory_cached_bytes",
        &l,
        &[],
        (mem * 0.18).round(),
    );
    push(out, "kubevirt_vmi_memory_usable_bytes", &l, &[], usable);
    push(
        out,
        "kubevirt_vmi_memory_actual_balloon_bytes",
        &l,
        &[],
        mem,
    );
    push(out, "kubevirt_vmi_memory_domain_bytes", &l, &[], mem);
    push(
        out,
        "kubevirt_vmi_memory_swap_in_traffic_bytes",
        &l,
        &[],
        0.0,
    );
    push(
        out,
        "kubevirt_vmi_memory_swap_out_traffic_bytes",
        &l,
        &[],
        0.0,
    );
    push(
        out,
        "kubevirt_vmi_memory_pgmajfault_total",
        &l,
        &[],
        c.value(40, 0.5).floor(),
    );
    push(
        out,
        "kubevirt_vmi_memory_pgminfault_total",
        &l,
        &[],
        c.value(41, 120.0).floor(),
    );
    for (i, d) in vm.disks.iter().enumerate() {
        let s = 1000 + i as u64 * 50;
        let drive = [("drive", d.name.clone())];
        let scale = if d.kind == "cloudInit" { 0.0001 } else { 1.0 };
        let read_bps = scale * (50e3 + 4e6 * unit(vm.seed, s));
        let write_bps = scale * (20e3 + 2e6 * unit(vm.seed, s + 1));
        push(
            out,
            "kubevirt_vmi_storage_iops_read_total",
            &l,
            &drive,
            c.value(s + 2, read_bps / 16384.0).floor(),
        );
        push(
            out,
            "kubevirt_vmi_storage_iops_write_total",
            &l,
            &drive,
            c.value(s + 3, write_bps / 16384.0).floor(),
        );
        push(
            out,
            "kubevirt_vmi_storage_read_traffic_bytes_total",
            &l,
            &drive,
            c.value(s + 4, read_bps).floor(),
        );
        push(
            out,
            "kubevirt_vmi_storage_write_traffic_bytes_total",
            &l,
            &drive,
            c.value(s + 5, write_bps).floor(),
        );
        push(
            out,
            "kubevirt_vmi_storage_read_times_seconds_total",
            &l,
            &drive,
            c.value(s + 6, read_bps / 16384.0 * 0.0004),
        );
        push(
            out,
            "kubevirt_vmi_storage_write_times_seconds_total",
            &l,
            &drive,
            c.value(s + 7, write_bps / 16384.0 * 0.0009),
        );
        push(
            out,
            "kubevirt_vmi_storage_flush_requests_total",
            &l,
            &drive,
            c.value(s + 8, scale * 2.0).floor(),
        );
        push(
            out,
            "kubevirt_vmi_storage_flush_times_seconds_total",
            &l,
            &drive,
            c.value(s + 9, scale * 0.002),
        );
    }
    for (i, iface) in vm.ifaces.iter().enumerate() {
        let Some(name) = &iface.name else { continue };
        let s = 2000 + i as u64 * 50;
        let ifl = [("interface", name.clone())];
        let rx = 10e3 + 3e6 * unit(vm.seed, s);
        let tx = 5e3 + 2e6 * unit(vm.seed, s + 1);
        push(
            out,
            "kubevirt_vmi_network_receive_bytes_total",
            &l,
            &ifl,
            c.value(s + 2, rx).floor(),
        );
        push(
            out,
            "kubevirt_vmi_network_transmit_bytes_total",
            &l,
            &ifl,
            c.value(s + 3, tx).floor(),
        );
        push(
            out,
            "kubevirt_vmi_network_receive_packets_total",
            &l,
            &ifl,
            c.value(s + 4, rx / 900.0).floor(),
        );
        push(
            out,
            "kubevirt_vmi_network_transmit_packets_total",
            &l,
            &ifl,
            c.value(s + 5, tx / 700.0).floor(),
        );
        push(
            out,
            "kubevirt_vmi_network_receive_errors_total",
            &l,
            &ifl,
            0.0,
        );
        push(
            out,
            "kubevirt_vmi_network_transmit_errors_total",
            &l,
            &ifl,
            0.0,
        );
        push(
            out,
            "kubevirt_vmi_network_receive_packets_dropped_total",
            &l,
            &ifl,
            c.value(s + 6, 0.01).floor(),
        );
        push(
            out,
            "kubevirt_vmi_network_transmit_packets_dropped_total",
            &l,
            &ifl,
            0.0,
        );
    }
    push(out, "kubevirt_vmi_node_cpu_affinity", &l, &[], cpus * 64.0);
    if vm.agent.connected() {
        for fs in crate::guestagent::filesystems(vm) {
            let s = |k: &str| fs[k].as_str().unwrap_or_default().to_string();
            let fl = [
                ("disk_name", s("diskName")),
                ("mount_point", s("mountPoint")),
                ("file_system_type", s("fileSystemType")),
            ];
            push(
                out,
                "kubevirt_vmi_filesystem_capacity_bytes",
                &l,
                &fl,
                fs["totalBytes"].as_f64().unwrap_or(0.0),
            );
            push(
                out,
                "kubevirt_vmi_filesystem_used_bytes",
                &l,
                &fl,
                fs["usedBytes"].as_f64().unwrap_or(0.0),
            );
        }
    }
    let migrating = vm.migration.as_ref().filter(|m| m.active());
    match migrating {
        None => {
            let dirty = wave(
                mem * 0.004 * (0.2 + unit(vm.seed, 50)),
                0.3,
                period,
                phase,
                t,
            )
            .round();
            push(
                out,
                "kubevirt_vmi_dirty_rate_bytes_per_second",
                &l,
                &[],
                if vm.paused.is_some() { 0.0 } else { dirty },
            );
        }
        Some(m) => {
            // virt-handler polls the source domain every 5 s; each sample carries its own time.
            let start = m.start.unwrap_or(t);
            let polled = start + ((t - start) / 5.0).floor() * 5.0;
            let ml = [
                ("namespace".to_string(), vm.ns.clone()),
                ("name".to_string(), vm.name.clone()),
                ("node".to_string(), node),
            ];
            let mut mig = |name: &'static str, value: f64| {
                out.push(Series {
                    name,
                    labels: ml.to_vec(),
                    value: value.round(),
                    ts: Some(polled),
                })
            };
            mig("kubevirt_vmi_migration_data_bytes_total", m.total_bytes);
            mig(
                "kubevirt_vmi_migration_data_remaining_bytes",
                m.remaining(polled),
            );
            mig(
                "kubevirt_vmi_migration_data_processed_bytes",
                m.processed(polled),
            );
            mig(
                "kubevirt_vmi_migration_dirty_memory_rate_bytes",
                m.dirty_rate_now(),
            );
            mig(
                "kubevirt_vmi_migration_memory_transfer_rate_bytes",
                m.transfer_rate,
            );
        }
    }
}

/// virt-controller's per-VMI series (present whatever virt-handler does).
fn controller_series(vm: &Vm, id: &[(String, String)], out: &mut Vec<Series>) {
    let ann = |k: &str| {
        vm.annotations
            .iter()
            .find(|(a, _)| a == k)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| "<none>".into())
    };
    let agent = vm.agent.connected() && vm.running();
    let g = |s: &str| if agent { s.to_string() } else { String::new() };
    let pod = vm.pod.as_ref().map(|p| p.name.clone()).unwrap_or_default();
    let evictable = vm.eviction_strategy.is_none() || vm.not_migratable.is_none();
    let info = [
        ("phase", vm.phase.to_lowercase()),
        ("os", ann("vm.kubevirt.io/os")),
        ("workload", ann("vm.kubevirt.io/workload")),
        ("flavor", ann("vm.kubevirt.io/flavor")),
        ("instance_type", "<none>".into()),
        ("preference", "<none>".into()),
        ("guest_os_kernel_release", g(vm.os.kernel_release)),
        (
            "guest_os_machine",
            if vm.running() {
                "pc-q35-rhel9.6.0".into()
            } else {
                String::new()
            },
        ),
        ("guest_os_arch", g("x86_64")),
        ("guest_os_name", g(vm.os.name)),
        ("guest_os_version_id", g(vm.os.version_id)),
        ("evictable", evictable.to_string()),
        ("outdated", "false".into()),
        ("vmi_pod", pod),
    ];
    push(out, "kubevirt_vmi_info", id, &info, 1.0);
    let non_evictable =
        matches!(vm.eviction_strategy, Some("LiveMigrate")) && vm.not_migratable.is_some();
    push(
        out,
        "kubevirt_vmi_non_evictable",
        id,
        &[],
        if non_evictable { 1.0 } else { 0.0 },
    );
    let nn = [
        ("namespace".to_string(), vm.ns.clone()),
        ("name".to_string(), vm.name.clone()),
    ];
    push(
        out,
        "kubevirt_vmi_launcher_memory_overhead_bytes",
        &nn,
        &[],
        overhead_mib(vm) as f64 * 1024.0 * 1024.0,
    );
}

/// Every series at `t` of the VMs `keep` accepts (by namespace and name).
pub fn collect(w: &World, t: f64, keep: &dyn Fn(&str, &str) -> bool) -> Vec<Series> {
    let mut out = Vec::new();
    for vm in w.vms.values().filter(|v| keep(&v.ns, &v.name)) {
        vm_series(w, vm, t, &mut out);
    }
    out
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// A value as Prometheus writes it.
pub fn fmt_value(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 {
            "+Inf".into()
        } else {
            "-Inf".into()
        }
    } else {
        format!("{v}")
    }
}

/// The Prometheus text exposition of `series`.
pub fn exposition(series: &[Series]) -> String {
    let mut out = String::with_capacity(series.len() * 160);
    for (name, ty, help) in METRICS {
        let mut first = true;
        for s in series.iter().filter(|s| s.name == *name) {
            if first {
                let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {ty}");
                first = false;
            }
            out.push_str(name);
            out.push('{');
            for (i, (k, v)) in s.labels.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let _ = write!(out, "{k}=\"{}\"", escape(v));
            }
            out.push_str("} ");
            out.push_str(&fmt_value(s.value));
            if let Some(ts) = s.ts {
                let _ = write!(out, " {}", (ts * 1000.0).round() as i64);
            }
            out.push('\n');
        }
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
        let series = collect(&w, t, &|_, _| true);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integral_is_monotone_and_matches_its_rate() {
        let (base, amp, period, phase) = (2.0, 0.3, 600.0, 1.0);
        let mut last = 0.0;
        for i in 0..2000 {
            let t = 100.0 + i as f64 * 0.7;
            let v = integral(base, amp, period, phase, 100.0, t);
            assert!(v >= last);
            last = v;
        }
        let t = 1000.0;
        let d = (integral(base, amp, period, phase, 0.0, t + 0.001)
            - integral(base, amp, period, phase, 0.0, t))
            / 0.001;
        assert!((d - wave(base, amp, period, phase, t)).abs() < 1e-3);
    }

    #[test]
    fn exposition_escapes_and_groups() {
        let s = vec![
            Series {
                name: "kubevirt_vmi_info",
                labels: vec![("name".into(), "a\"b".into())],
                value: 1.0,
                ts: None,
            },
            Series {
                name: "kubevirt_vmi_migration_data_remaining_bytes",
                labels: vec![],
                value: 5.5,
                ts: Some(10.0),
            },
        ];
        let text = exposition(&s);
        assert!(text.contains("kubevirt_vmi_info{name=\"a\\\"b\"} 1\n"));
        assert!(text.contains("kubevirt_vmi_migration_data_remaining_bytes{} 5.5 10000\n"));
        assert!(text.contains("# TYPE kubevirt_vmi_info gauge"));
    }
}
