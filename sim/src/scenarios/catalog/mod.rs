//! The scenario catalog: every named scenario as one entry of [`SCENARIOS`] (its VM, its future
//! and its VMs in the demo mix). The bigger pieces live in one file per family.

mod eviction;
mod network;
mod scheduling;

use super::demo_nodes::{DRAIN_NODE, LOST_NODE};
use super::handler;
use super::lifecycle::pause;
use super::migration::{self, MigrationSpec, Outcome};
use super::nodes::lose_node;
use super::vms::VmSpec;
use crate::kubevirt::{Agent, Vm, os};
use crate::world::{Key, World};

/// One named scenario.
pub struct Scenario {
    pub name: &'static str,
    /// One line for `--list-scenarios` and `/_sim/scenarios`.
    pub description: &'static str,
    /// Changes to the default [`VmSpec`] (OS, size, agent, eviction strategy).
    pub spec: fn(&mut VmSpec),
    /// How the VM comes to be.
    pub start: Start,
    /// After the VM is in the world: its events and its scheduled future.
    pub then: fn(&mut World, &Key),
    /// Its VMs in the demo mix.
    pub demo: &'static [DemoVm],
}

/// How a scenario's VM comes to be.
pub enum Start {
    /// Running on its node since well before now, then changed by the function.
    Running(fn(&mut World, &mut Vm)),
    /// Created now; it boots (Pending, Scheduling, Scheduled, Running) and its agent connects.
    Boot,
}

/// A VM of the demo mix.
pub struct DemoVm {
    pub namespace: &'static str,
    pub name: &'static str,
    /// `None`: a node picked at random among the schedulable ones.
    pub node: Option<&'static str>,
}

const fn on(namespace: &'static str, name: &'static str, node: &'static str) -> DemoVm {
    DemoVm {
        namespace,
        name,
        node: Some(node),
    }
}

impl Scenario {
    /// A running VM of the default spec with no future; entries override what they need.
    const BASE: Scenario = Scenario {
        name: "",
        description: "",
        spec: |_| {},
        start: Start::Running(|_, _| {}),
        then: |_, _| {},
        demo: &[],
    };

    /// The scenario called `name`.
    pub fn named(name: &str) -> Option<&'static Scenario> {
        SCENARIOS.iter().find(|s| s.name == name)
    }
}

fn rhel(s: &mut VmSpec) {
    s.os = os::RHEL;
}

fn big(s: &mut VmSpec) {
    s.memory_mib = 16_384;
    s.cpus = 8;
}

fn paused_by_user(w: &mut World, vm: &mut Vm) {
    vm.paused = Some(("PausedByUser", "VMI was paused by user", w.now - 1800.0));
}

/// Migrations of `spec`, the first after `first` seconds, again `every` seconds after each ends.
fn repeat(w: &mut World, k: &Key, spec: MigrationSpec, first: f64, every: f64) {
    migration::start_repeating(w, k, spec, first, every);
}

/// One migration of `spec` after `delay` seconds.
fn once(w: &mut World, k: &Key, delay: f64, spec: MigrationSpec) {
    w.after_vm(delay, k, move |w, k| {
        migration::start(w, k, spec);
    });
}

/// Every named scenario, in the order the demo mix adds them.
pub const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "healthy",
        description: "Running VM with a connected guest agent",
        demo: &[
            on("prod", "web-frontend-1", "worker-1"),
            on("prod", "web-frontend-2", "worker-2"),
            on("prod", "api-gateway", "worker-3"),
        ],
        ..Scenario::BASE
    },
    Scenario {
        name: "no-agent",
        description: "Running VM without a guest agent (no AgentConnected condition)",
        spec: |s| {
            s.agent = false;
            s.os = os::UBUNTU;
        },
        demo: &[on("staging", "ci-runner-7", "worker-2")],
        ..Scenario::BASE
    },
    Scenario {
        name: "agent-unsupported",
        description: "Guest agent connected but AgentVersionNotSupported",
        spec: |s| s.os = os::CENTOS,
        start: Start::Running(|w, vm| {
            vm.agent = Agent::Unsupported {
                since: vm.running_since.unwrap_or(w.now) + 25.0,
                reason: "This guest agent doesn't support required basic commands".into(),
            };
        }),
        demo: &[on("legacy", "erp-app", "worker-4")],
        ..Scenario::BASE
    },
    Scenario {
        name: "paused-by-user",
        description: "Paused by the user: phase Running, Paused=True PausedByUser, Ready=False",
        start: Start::Running(paused_by_user),
        demo: &[on("staging", "qa-sandbox", "worker-1")],
        ..Scenario::BASE
    },
    Scenario {
        name: "paused-io-error",
        description: "Paused by QEMU after an I/O error: Paused=True PausedIOError",
        spec: rhel,
        then: |w, k| w.after_vm(8.0, k, |w, k| pause(w, k, "PausedIOError")),
        demo: &[on("data", "nfs-archive", "worker-3")],
        ..Scenario::BASE
    },
    Scenario {
        name: "pod-running-guest-paused",
        description: "Launcher pod Running (containers ready) while the guest is paused",
        start: Start::Running(paused_by_user),
        demo: &[on("ops", "bastion", "worker-4")],
        ..Scenario::BASE
    },
    Scenario {
        name: "guest-os-panic",
        description: concat!(
            "Guest kernel panics 20 s in and recovers through kdump (pvpanic): ",
            "kubevirt_vmi_guest_os_panic_total (v1.9 on)"
        ),
        start: Start::Running(|w, vm| vm.panics.push((w.now + 20.0, "pvpanic", 0))),
        ..Scenario::BASE
    },
    Scenario {
        name: "guest-disk-full",
        description: concat!(
            "The guest's root filesystem is 96% full (guest agent filesystem list and ",
            "kubevirt_vmi_filesystem_*_bytes): alert GuestFilesystemAlmostOutOfSpace, critical"
        ),
        start: Start::Running(|_, vm| vm.root_fill = Some(0.96)),
        demo: &[on("prod", "reports-db", "worker-2")],
        ..Scenario::BASE
    },
    Scenario {
        name: "unschedulable",
        description: "Phase Scheduling, PodScheduled=False Unschedulable",
        spec: rhel,
        start: Start::Running(scheduling::unschedulable),
        then: scheduling::failed_scheduling_event,
        demo: &[DemoVm {
            namespace: "ml",
            name: "gpu-trainer",
            node: None,
        }],
    },
    Scenario {
        name: "sync-failed",
        description: "Phase Scheduled with Synchronized=False",
        start: Start::Running(scheduling::sync_failed),
        then: scheduling::sync_failed_event,
        demo: &[on("staging", "db-restore-test", "worker-2")],
        ..Scenario::BASE
    },
    Scenario {
        name: "starting",
        description: "Boots through Pending, Scheduling, Scheduled to Running, agent connects later",
        start: Start::Boot,
        demo: &[on("ci", "build-vm-42", "worker-1")],
        ..Scenario::BASE
    },
    Scenario {
        name: "interfaces",
        description: concat!(
            "IPs from guest-agent, domain and multus-status, ",
            "with a guest/Multus disagreement"
        ),
        start: Start::Running(network::interfaces),
        demo: &[on("net", "edge-router", "worker-3")],
        ..Scenario::BASE
    },
    Scenario {
        name: "link-down",
        description: "Primary interface set to state: down in the spec: linkState down, as asked",
        start: Start::Running(|_, vm| vm.ifaces[0].state_down = true),
        ..Scenario::BASE
    },
    Scenario {
        name: "migration-precopy",
        description: "Pre-copy migration that converges (repeats)",
        then: |w, k| {
            let spec = MigrationSpec::new(Outcome::Converge, 120.0, 30.0);
            repeat(w, k, spec, 12.0, 150.0)
        },
        demo: &[on("prod", "postgres-primary", "worker-1")],
        ..Scenario::BASE
    },
    Scenario {
        name: "migration-precopy-to-postcopy",
        description: concat!(
            "Pre-copy that does not converge (dirty rate above transfer rate) ",
            "and switches to PostCopy (repeats)"
        ),
        spec: big,
        then: |w, k| {
            let switch = Outcome::PostCopy {
                switch_after: 25.0,
                fail: false,
            };
            repeat(w, k, MigrationSpec::new(switch, 300.0, 450.0), 18.0, 180.0)
        },
        demo: &[on("prod", "kafka-broker-1", "worker-2")],
        ..Scenario::BASE
    },
    Scenario {
        name: "migration-paused-mode",
        description: "Pre-copy that does not converge and pauses the guest (mode Paused) (repeats)",
        then: |w, k| {
            let pause = Outcome::PausedMode { switch_after: 20.0 };
            repeat(w, k, MigrationSpec::new(pause, 150.0, 260.0), 24.0, 180.0)
        },
        demo: &[on("prod", "redis-cache", "worker-3")],
        ..Scenario::BASE
    },
    Scenario {
        name: "migration-postcopy",
        description: "Post-copy migration that succeeds (repeats)",
        spec: big,
        then: |w, k| {
            let switch = Outcome::PostCopy {
                switch_after: 4.0,
                fail: false,
            };
            repeat(w, k, MigrationSpec::new(switch, 400.0, 600.0), 30.0, 200.0)
        },
        demo: &[on("data", "elastic-data-1", "worker-4")],
        ..Scenario::BASE
    },
    Scenario {
        name: "migration-postcopy-failure",
        description: concat!(
            "Post-copy failure ending irrecoverable: ",
            "phase Failed, Synchronized=False, SyncFailed"
        ),
        spec: rhel,
        start: Start::Running(|_, vm| vm.run_strategy = "Manual"),
        then: |w, k| {
            let fail = Outcome::PostCopy {
                switch_after: 15.0,
                fail: true,
            };
            once(w, k, 20.0, MigrationSpec::new(fail, 250.0, 400.0))
        },
        demo: &[on("prod", "kafka-broker-0", "worker-1")],
    },
    Scenario {
        name: "migration-abort",
        description: "Migration aborted, abort succeeds (repeats)",
        then: |w, k| {
            let abort = Outcome::Abort {
                after: 15.0,
                succeeds: true,
            };
            repeat(w, k, MigrationSpec::new(abort, 60.0, 20.0), 8.0, 150.0)
        },
        demo: &[on("staging", "jenkins-agent", "worker-2")],
        ..Scenario::BASE
    },
    Scenario {
        name: "migration-abort-fails",
        description: "Migration abort that fails; the migration completes (repeats)",
        then: |w, k| {
            let abort = Outcome::Abort {
                after: 12.0,
                succeeds: false,
            };
            repeat(w, k, MigrationSpec::new(abort, 90.0, 20.0), 14.0, 170.0)
        },
        demo: &[on("staging", "gitlab-runner", "worker-3")],
        ..Scenario::BASE
    },
    Scenario {
        name: "migration-timeout-progress",
        description: concat!(
            "Pre-copy that makes no progress: the migration monitor aborts it after ",
            "progressTimeout (abortStatus Succeeded, failed, no abortRequested)"
        ),
        then: |w, k| {
            let spec = MigrationSpec::new(Outcome::Timeout { progress: true }, 80.0, 160.0);
            once(w, k, 10.0, spec)
        },
        ..Scenario::BASE
    },
    Scenario {
        name: "migration-timeout-completion",
        description: concat!(
            "Slow pre-copy that is not done within completionTimeoutPerGiB x size: ",
            "aborted by the migration monitor, not by a user"
        ),
        spec: |s| s.memory_mib = 2048,
        then: |w, k| {
            let spec = MigrationSpec::new(Outcome::Timeout { progress: false }, 40.0, 37.0);
            once(w, k, 10.0, spec)
        },
        ..Scenario::BASE
    },
    Scenario {
        name: "migration-target-unschedulable",
        description: "Migration whose target pod cannot be scheduled",
        then: |w, k| {
            let spec = MigrationSpec::new(Outcome::TargetUnschedulable, 100.0, 10.0);
            repeat(w, k, spec, 10.0, 120.0)
        },
        demo: &[on("data", "spark-worker-2", "worker-4")],
        ..Scenario::BASE
    },
    Scenario {
        name: "migration-target-pod-down",
        description: concat!(
            "Migration whose target pod dies in PreparingTarget: failed before any data moved, ",
            "failureReason \"Target pod is down\", startTimestamp = endTimestamp"
        ),
        then: |w, k| {
            once(
                w,
                k,
                10.0,
                MigrationSpec::new(Outcome::TargetPodDown, 100.0, 10.0),
            )
        },
        ..Scenario::BASE
    },
    Scenario {
        name: "migration-quota",
        description: "Migration rejected by a ResourceQuota (migrationRejectedByResourceQuota)",
        then: |w, k| {
            once(
                w,
                k,
                6.0,
                MigrationSpec::new(Outcome::QuotaRejected, 100.0, 10.0),
            )
        },
        demo: &[on("data", "etl-batch", "worker-1")],
        ..Scenario::BASE
    },
    Scenario {
        name: "migration-long",
        description: "Slow migration: two activePods for minutes",
        spec: big,
        then: |w, k| {
            repeat(
                w,
                k,
                MigrationSpec::new(Outcome::Converge, 55.0, 8.0),
                5.0,
                120.0,
            )
        },
        demo: &[on("prod", "search-indexer", "worker-2")],
        ..Scenario::BASE
    },
    Scenario {
        name: "evict-migratable",
        description: concat!(
            "LiveMigrate VM on a drained node: evacuationNodeName, EvictionRequested, ",
            "migrates away"
        ),
        demo: &[on("prod", "billing-api", DRAIN_NODE)],
        ..Scenario::BASE
    },
    Scenario {
        name: "evict-blocked-disks",
        description: "Non-migratable (DisksNotLiveMigratable) VM blocking a drain",
        start: Start::Running(eviction::rwo_disk),
        demo: &[on("data", "oracle-db", DRAIN_NODE)],
        ..Scenario::BASE
    },
    Scenario {
        name: "evict-blocked-interface",
        description: "Non-migratable (InterfaceNotLiveMigratable) VM blocking a drain",
        start: Start::Running(eviction::bridge_on_pod_network),
        demo: &[on("net", "legacy-bridge-vm", DRAIN_NODE)],
        ..Scenario::BASE
    },
    Scenario {
        name: "evict-blocked-hostdevice",
        description: "Non-migratable (HostDeviceNotLiveMigratable) VM blocking a drain",
        spec: rhel,
        start: Start::Running(eviction::host_device),
        demo: &[on("ml", "gpu-inference", DRAIN_NODE)],
        ..Scenario::BASE
    },
    Scenario {
        name: "evict-blocked-sev",
        description: "Non-migratable (SEVNotLiveMigratable) VM blocking a drain",
        start: Start::Running(eviction::sev),
        demo: &[on("secure", "confidential-vault", DRAIN_NODE)],
        ..Scenario::BASE
    },
    Scenario {
        name: "evict-blocked-cpumode",
        description: "Non-migratable (CPUModeLiveMigratable) VM blocking a drain",
        start: Start::Running(eviction::host_model_cpu),
        demo: &[on("legacy", "host-model-app", DRAIN_NODE)],
        ..Scenario::BASE
    },
    Scenario {
        name: "drain-blocked",
        description: concat!(
            "Non-migratable LiveMigrate VM whose node is drained 10 s in: cordoned, every ",
            "eviction denied with 429, no evacuationNodeName, kubevirt_vmi_non_evictable=1"
        ),
        start: Start::Running(eviction::rwo_disk),
        then: |w, k| {
            let node = w.vms[k].node.clone().unwrap_or_default();
            w.after(10.0, move |w| {
                super::nodes::drain_node(w, &node);
            });
        },
        ..Scenario::BASE
    },
    Scenario {
        name: "drain-taint",
        description: concat!(
            "Migratable VM whose node gets the kubevirt.io/drain:NoSchedule taint 10 s in: ",
            "evacuated without any eviction or evacuationNodeName"
        ),
        then: |w, k| {
            let node = w.vms[k].node.clone().unwrap_or_default();
            w.after(10.0, move |w| {
                super::evict::set_drain_taint(w, &node, true);
            });
        },
        ..Scenario::BASE
    },
    Scenario {
        name: "evict-hotplug-volume",
        description: concat!(
            "Migratable VM with a hot-plugged volume: its attachment pod (kubevirt.io: ",
            "hotplug-disk) refuses eviction while the VM runs (v1.7 on)"
        ),
        start: Start::Running(eviction::hotplug_volume),
        ..Scenario::BASE
    },
    Scenario {
        name: "evict-external",
        description: "External eviction strategy: marked for evacuation, nothing migrates",
        spec: |s| s.eviction = Some("External"),
        demo: &[on("capi", "tenant-a-control-plane-0", DRAIN_NODE)],
        ..Scenario::BASE
    },
    Scenario {
        name: "virt-handler-down",
        description: concat!(
            "virt-handler on the VM's node stops 20 s in (kubelet fine): the heartbeat goes ",
            "stale, kubevirt.io/schedulable=false after 5 min, the VMI stays Running with a stale status"
        ),
        then: |w, k| {
            let node = w.vms[k].node.clone().unwrap_or_default();
            w.after(20.0, move |w| {
                handler::stop_handler(w, &node);
            });
        },
        ..Scenario::BASE
    },
    Scenario {
        name: "node-unresponsive",
        description: concat!(
            "The VM's node dies 20 s in; 6 min later its pods are force-deleted: ",
            "the VMI goes phase Failed with reason NodeUnresponsive (never Unknown)"
        ),
        then: |w, k| {
            let node = w.vms[k].node.clone().unwrap_or_default();
            w.after(20.0, move |w| {
                lose_node(w, &node, 0.0);
                w.after(360.0, move |w| {
                    handler::force_delete_pods(w, &node);
                });
            });
        },
        ..Scenario::BASE
    },
    Scenario {
        name: "node-not-ready",
        description: concat!(
            "VM on a node that goes NotReady: status goes stale, its pod Terminating; ",
            "it stays phase Running (KubeVirt never sets Unknown)"
        ),
        demo: &[
            on("prod", "cache-warmer", LOST_NODE),
            on("staging", "log-shipper", LOST_NODE),
        ],
        ..Scenario::BASE
    },
];
