//! The signature catalogue: known KubeVirt, libvirt, QEMU, scheduler and API-server messages, as
//! data tables (one file per layer), each with its cause, layer, migration plane, next steps and
//! where the message comes from. [`match_line`] finds the most specific signature a line
//! matches, in one pass over the line (an Aho-Corasick automaton over every needle). A line no
//! signature knows is still read: [`level`] says what level it states, [`component`] which
//! component wrote it and that component's layer, [`fallback`] what it then means.

pub mod about;
mod agent_command;
mod api_errors;
mod api_server_dial;
mod api_storage;
mod backup_hooks;
pub(crate) mod base;
mod bonding;
mod cdi;
mod cdi_clone_source;
mod cdi_in_use;
mod cdi_progress;
mod cdi_volume;
mod cloud_init_schema;
mod cni_config;
pub mod component;
mod component_pods;
pub mod components;
mod console;
mod control_plane;
mod csi_snapshot;
mod denial;
mod devices;
mod dial;
mod disruption;
mod elemental;
pub mod errno;
mod events;
pub mod fallback;
mod fields;
mod fleet;
mod generic;
mod guest;
mod guest_agent_service;
mod guest_output;
mod guest_panic;
mod harvester_migrate;
mod harvester_precheck;
mod hco_golden_image;
mod helm;
mod helper_signal;
mod http_panic;
mod http_status;
mod image_gc;
mod image_script;
mod imageupload;
mod iscsi;
mod kernel;
mod kube_ovn;
mod kube_ovn_ipam;
mod kube_ovn_reasons;
mod kube_ovn_webhook;
mod kubelet;
mod kubemacpool;
mod kubevirtci;
mod leader_election;
pub mod level;
mod libvirt_disk_definition;
mod libvirt_limits;
mod libvirt_migration_args;
mod longhorn;
mod longhorn_csi;
mod longhorn_engine;
mod longhorn_migration;
mod longhorn_reasons;
mod longhorn_scheduling;
mod longhorn_steps;
mod mdev_absent;
mod migration;
mod migration_network;
mod migration_target;
mod mkfs_size;
mod multus;
mod multus_daemon;
mod name_resolution;
mod namespace_deletion;
mod network;
mod network_addons;
mod node;
mod node_ip;
mod node_taints;
mod noise;
mod object_store;
mod operator;
mod ovn_kubernetes;
mod ovn_nbctl;
mod ovnkube_start;
mod pci_host;
mod printed_by;
mod qemu;
mod qemu_migration;
mod qemu_topology;
mod rancher_planner;
mod raw_slice;
pub mod rbac;
pub mod reasons;
mod reconcile_retry;
mod relayed;
mod selinux_context;
mod selinux_denial;
mod setupapi;
mod sriov_host;
mod storage_checkup;
mod stream_upgrade;
pub mod subjects;
mod subresource_conflict;
mod tls;
mod unauthenticated;
mod usage;
mod vfio;
mod vfio_host;
mod virt_v2v;
mod virtctl;
mod vm_import_reasons;
mod volume_expand;
mod volume_migration;
mod x509;

pub use component_pods::{component_in, component_of_name};

pub use component::Component;
pub use fields::json_field;
pub use level::Level;

use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use std::sync::OnceLock;

/// One known message.
#[derive(Debug)]
pub struct Signature {
    /// Stable id, e.g. `syncvmi-deadline-exceeded`.
    pub id: &'static str,
    /// Every one of these must occur in the line (ASCII case-insensitive).
    pub all: &'static [&'static str],
    /// None of these may occur.
    pub none: &'static [&'static str],
    /// At least one of these must occur (a family of names, e.g. the KubeVirt components);
    /// empty: no such condition. It qualifies a message, so it adds nothing to specificity.
    pub any: &'static [&'static str],
    /// Each must stand in the line as a whole table cell, in the case given: between column
    /// gaps (two spaces or a tab) or the line's ends, so `Failed` as a phase column is read
    /// and `Failed to import`, `FailedCreate` or `failed to configure` are not.
    pub cells: &'static [&'static str],
    /// Each must occur in the line in the case given: a Go constant KubeVirt prints as it is
    /// spelled (the phase `Succeeded`), not another program's or a sentence's word.
    pub cased: &'static [&'static str],
    /// The layer it points at; `None` for known noise.
    pub layer: Option<Layer>,
    pub plane: Option<SignalPlane>,
    /// Broken, Degraded, or Unknown for noise.
    pub health: Health,
    pub title: &'static str,
    pub cause: &'static str,
    pub next_steps: &'static [&'static str],
    /// Where the message comes from: a KubeVirt source file, or the corpus item.
    pub source: &'static str,
    /// One real or source-shaped line it must match (the catalogue test uses it).
    pub example: &'static str,
    /// A stack frame or source path: it means a panic only when the paste shows one (`panic:`,
    /// `goroutine N [running]`); a `pkg/virt-handler/vm.go:440:` prefix of a log message is not.
    pub needs_panic: bool,
}

/// Every signature, in table order (noise; virt-api's dialers by errno; HTTP 5xx for KubeVirt's APIs; virtctl and its image-upload, TLS and x509, component pods, devices, CDI,
/// the guest's console, QEMU and KubeVirt's Warning events; control plane, virt-operator's
/// conditions, node, kernel, kubelet,
/// guest, Multus, network, migration, disruption budgets; admission and the API's own errors,
/// after the messages a denial may carry; then the generic fallbacks). A tie in specificity goes
/// to table order.
pub fn catalogue() -> &'static [&'static Signature] {
    static ALL: OnceLock<Vec<&'static Signature>> = OnceLock::new();
    ALL.get_or_init(|| {
        [
            noise::TABLE,
            cdi_progress::TABLE,
            mdev_absent::TABLE,
            http_panic::TABLE,
            leader_election::TABLE,
            backup_hooks::TABLE,
            relayed::TABLE,
            dial::TABLE,
            api_server_dial::TABLE,
            object_store::TABLE,
            http_status::TABLE,
            virtctl::TABLE,
            stream_upgrade::TABLE,
            subresource_conflict::TABLE,
            imageupload::TABLE,
            tls::TABLE,
            x509::TABLE,
            component_pods::TABLE,
            image_script::TABLE,
            devices::TABLE,
            vfio::TABLE,
            pci_host::TABLE,
            sriov_host::TABLE,
            vfio_host::TABLE,
            helper_signal::TABLE,
            selinux_context::TABLE,
            selinux_denial::TABLE,
            node_taints::TABLE,
            cdi::TABLE,
            cdi_in_use::TABLE,
            cdi_volume::TABLE,
            cdi_clone_source::TABLE,
            mkfs_size::TABLE,
            console::TABLE,
            guest_output::BOOT_CHAIN,
            guest_output::GUEST_OS,
            guest_output::INITQUEUE,
            guest_output::STOP_CODES,
            qemu_topology::TABLE,
            libvirt_disk_definition::TABLE,
            qemu::TABLE,
            libvirt_limits::TABLE,
            libvirt_migration_args::TABLE,
            qemu_migration::TABLE,
            raw_slice::TABLE,
            events::TABLE,
            control_plane::TABLE,
            node_ip::TABLE,
            operator::TABLE,
            hco_golden_image::TABLE,
            helm::TABLE,
            rancher_planner::TABLE,
            namespace_deletion::TABLE,
            harvester_precheck::TABLE,
            node::TABLE,
            kernel::TABLE,
            elemental::TABLE,
            iscsi::TABLE,
            kubelet::TABLE,
            image_gc::TABLE,
            volume_expand::TABLE,
            kubevirtci::TABLE,
            longhorn::TABLE,
            longhorn_reasons::TABLE,
            longhorn_scheduling::TABLE,
            longhorn_csi::TABLE,
            longhorn_engine::TABLE,
            longhorn_migration::TABLE,
            cloud_init_schema::TABLE,
            guest::TABLE,
            guest_agent_service::TABLE,
            agent_command::TABLE,
            guest_panic::TABLE,
            setupapi::TABLE,
            multus::TABLE,
            multus_daemon::TABLE,
            cni_config::TABLE,
            migration_network::TABLE,
            name_resolution::TABLE,
            network::TABLE,
            bonding::TABLE,
            network_addons::TABLE,
            kube_ovn::TABLE,
            kube_ovn_reasons::TABLE,
            kube_ovn_ipam::TABLE,
            kube_ovn_webhook::TABLE,
            ovn_nbctl::TABLE,
            kubemacpool::TABLE,
            ovn_kubernetes::TABLE,
            ovnkube_start::TABLE,
            volume_migration::TABLE,
            migration_target::TABLE,
            harvester_migrate::TABLE,
            virt_v2v::TABLE,
            vm_import_reasons::TABLE,
            storage_checkup::TABLE,
            migration::TABLE,
            disruption::TABLE,
            denial::TABLE,
            unauthenticated::TABLE,
            api_storage::TABLE,
            csi_snapshot::TABLE,
            usage::TABLE,
            api_errors::TABLE,
            fleet::TABLE,
            generic::TABLE,
            reconcile_retry::TABLE,
        ]
        .iter()
        .flat_map(|t| t.iter())
        .collect()
    })
}

/// The automaton over every needle, and for each needle the signatures using it.
struct Matcher {
    automaton: AhoCorasick,
    /// Needle index to (signature index, what the needle is to it).
    owners: Vec<Vec<(usize, Role)>>,
}

/// What a needle is to a signature: one of its `all`, `none` or `any` needles.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    All,
    None,
    Any,
}

fn matcher() -> &'static Matcher {
    static M: OnceLock<Matcher> = OnceLock::new();
    M.get_or_init(|| {
        let mut needles: Vec<&'static str> = Vec::new();
        let mut owners: Vec<Vec<(usize, Role)>> = Vec::new();
        for (i, s) in catalogue().iter().enumerate() {
            let all = s.all.iter().map(|n| (n, Role::All));
            let none = s.none.iter().map(|n| (n, Role::None));
            let any = s.any.iter().map(|n| (n, Role::Any));
            for (n, role) in all.chain(none).chain(any) {
                let at = match needles.iter().position(|x| x.eq_ignore_ascii_case(n)) {
                    Some(at) => at,
                    None => {
                        needles.push(n);
                        owners.push(Vec::new());
                        needles.len() - 1
                    }
                };
                owners[at].push((i, role));
            }
        }
        // A DFA: every line of a paste is scanned, and it scans several times faster than the
        // default (non-contiguous) automaton for this many needles, for some memory.
        let automaton = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .kind(Some(aho_corasick::AhoCorasickKind::DFA))
            .build(&needles)
            .unwrap_or_else(|_| AhoCorasick::new(Vec::<&str>::new()).expect("empty automaton"));
        Matcher { automaton, owners }
    })
}

/// How many signatures at the end of [`catalogue`] are fallbacks.
fn generic_count() -> usize {
    generic::TABLE.len() + reconcile_retry::TABLE.len()
}

/// The most specific signature `line` matches (the most needles; ties to table order); the
/// generic fallbacks only when nothing specific matches.
pub fn match_line(line: &str) -> Option<&'static Signature> {
    let m = matcher();
    let cat = catalogue();
    // Most lines hit no needle: nothing is allocated for them.
    let mut needles: Vec<usize> = m
        .automaton
        .find_overlapping_iter(line)
        .map(|hit| hit.pattern().as_usize())
        .collect();
    if needles.is_empty() {
        return None;
    }
    needles.sort_unstable();
    needles.dedup();
    // (signature, `all` needles hit, banned, an `any` needle hit), for the few signatures
    // these needles belong to.
    let mut counts: Vec<(usize, usize, bool, bool)> = Vec::new();
    for &needle in &needles {
        for &(sig, role) in &m.owners[needle] {
            let at = match counts.iter().position(|c| c.0 == sig) {
                Some(at) => at,
                None => {
                    counts.push((sig, 0, false, false));
                    counts.len() - 1
                }
            };
            match role {
                Role::All => counts[at].1 += 1,
                Role::None => counts[at].2 = true,
                Role::Any => counts[at].3 = true,
            }
        }
    }
    counts.sort_unstable_by_key(|c| c.0);
    let specific = cat.len() - generic_count();
    let mut best: Option<(usize, usize)> = None;
    for &(i, hits, banned, any) in &counts {
        let s = cat[i];
        if banned || s.all.is_empty() || hits < s.all.len() {
            continue;
        }
        if !s.any.is_empty() && !any {
            continue;
        }
        if !s.cells.iter().all(|c| is_cell(line, c)) {
            continue;
        }
        if !s.cased.iter().all(|c| line.contains(c)) {
            continue;
        }
        if i >= specific && best.is_some() {
            break;
        }
        if best.is_none_or(|(_, n)| s.all.len() > n) {
            best = Some((i, s.all.len()));
        }
    }
    best.map(|(i, _)| cat[i])
}

/// The signature with this id.
pub fn by_id(id: &str) -> Option<&'static Signature> {
    catalogue().iter().copied().find(|s| s.id == id)
}

/// `word` stands in `line` as a whole table cell: case-sensitive, with a column gap (two
/// spaces or a tab) or the line's end on each side.
fn is_cell(line: &str, word: &str) -> bool {
    let gap_before = |before: &str| {
        before.trim_start().is_empty() || before.ends_with("  ") || before.ends_with('\t')
    };
    let gap_after = |after: &str| {
        after.trim_end().is_empty() || after.starts_with("  ") || after.starts_with('\t')
    };
    line.match_indices(word)
        .any(|(at, _)| gap_before(&line[..at]) && gap_after(&line[at + word.len()..]))
}

/// How many signatures point at each layer (`None`: noise), for reports.
pub fn count_by_layer() -> Vec<(Option<Layer>, usize)> {
    let mut out: Vec<(Option<Layer>, usize)> = Vec::new();
    for s in catalogue() {
        match out.iter_mut().find(|(l, _)| *l == s.layer) {
            Some((_, n)) => *n += 1,
            None => out.push((s.layer, 1)),
        }
    }
    out
}
