//! What every value of a `kubectl get` STATUS/PHASE column (and of a describe's `Phase:` or
//! `Status:`) means, and which layer it points at: one data table per kind, each naming the
//! source file its values come from. A value no table knows is kept verbatim and means nothing.

mod dv;
mod node;
mod pod;
mod pvc;
mod vm;
mod vmi;
mod vmim;

use crate::verdict::{Health, Layer};

/// The kinds whose status column has a vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Vm,
    Vmi,
    Vmim,
    Pod,
    Node,
    Pvc,
    Dv,
    Event,
    /// A VirtualMachineInstanceReplicaSet: read (its rows named), no status vocabulary.
    Vmirs,
    /// A MigrationPolicy (cluster scoped): read, no status vocabulary.
    MigrationPolicy,
}

impl Kind {
    /// `VirtualMachine`, `Pod`, …: the kind's name as the API spells it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Vm => "VirtualMachine",
            Kind::Vmi => "VirtualMachineInstance",
            Kind::Vmim => "VirtualMachineInstanceMigration",
            Kind::Pod => "Pod",
            Kind::Node => "Node",
            Kind::Pvc => "PersistentVolumeClaim",
            Kind::Dv => "DataVolume",
            Kind::Event => "Event",
            Kind::Vmirs => "VirtualMachineInstanceReplicaSet",
            Kind::MigrationPolicy => "MigrationPolicy",
        }
    }

    /// The kind a `kubectl get`/`describe` resource argument names (`vmi`, `vms`,
    /// `virtualmachineinstances.kubevirt.io`, `po`, `no`, `pvc`, `dv`, `ev`), or `None`.
    pub fn from_resource(arg: &str) -> Option<Kind> {
        let a = arg
            .split(['/', '.'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        Some(match a.as_str() {
            "vm" | "vms" | "virtualmachine" | "virtualmachines" => Kind::Vm,
            "vmi" | "vmis" | "virtualmachineinstance" | "virtualmachineinstances" => Kind::Vmi,
            "vmim"
            | "vmims"
            | "migration"
            | "migrations"
            | "virtualmachineinstancemigration"
            | "virtualmachineinstancemigrations" => Kind::Vmim,
            "po" | "pod" | "pods" => Kind::Pod,
            "no" | "node" | "nodes" => Kind::Node,
            "pvc" | "pvcs" | "persistentvolumeclaim" | "persistentvolumeclaims" => Kind::Pvc,
            "dv" | "dvs" | "datavolume" | "datavolumes" => Kind::Dv,
            "ev" | "event" | "events" => Kind::Event,
            // The VMIRS CRD's short names are `vmirs` and `vmirss` (crds.go).
            "vmirs"
            | "vmirss"
            | "virtualmachineinstancereplicaset"
            | "virtualmachineinstancereplicasets" => Kind::Vmirs,
            "migrationpolicy" | "migrationpolicies" => Kind::MigrationPolicy,
            _ => return None,
        })
    }

    /// False for the cluster-scoped kinds (a node): a `-n` on the command line names nothing.
    pub fn namespaced(self) -> bool {
        !matches!(self, Kind::Node | Kind::MigrationPolicy)
    }

    /// The kind a describe's `Kind:` value names.
    pub fn from_kind_name(name: &str) -> Option<Kind> {
        [
            Kind::Vm,
            Kind::Vmi,
            Kind::Vmim,
            Kind::Pod,
            Kind::Node,
            Kind::Pvc,
            Kind::Dv,
            Kind::Event,
            Kind::Vmirs,
            Kind::MigrationPolicy,
        ]
        .into_iter()
        .find(|k| k.name() == name.trim())
    }
}

/// One value of a status column: what it means and what it says of a layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meaning {
    pub value: &'static str,
    /// The layer it points at when it is not healthy (`None`: it says nothing of a layer).
    pub layer: Option<Layer>,
    /// Healthy, a wait or a passing state (Healthy), Degraded, or Broken (a final state).
    pub health: Health,
    pub meaning: &'static str,
}

/// A table entry.
pub(crate) const fn m(
    value: &'static str,
    layer: Option<Layer>,
    health: Health,
    meaning: &'static str,
) -> Meaning {
    Meaning {
        value,
        layer,
        health,
        meaning,
    }
}

/// Every value a kind's status column can take (for the kinds that have a closed vocabulary),
/// with the source file it comes from.
pub fn table(kind: Kind) -> (&'static [Meaning], &'static str) {
    match kind {
        Kind::Vm => (vm::STATUSES, vm::SOURCE),
        Kind::Vmi => (vmi::PHASES, vmi::SOURCE),
        Kind::Vmim => (vmim::PHASES, vmim::SOURCE),
        Kind::Pod => (pod::STATUSES, pod::SOURCE),
        Kind::Node => (node::STATUSES, node::SOURCE),
        Kind::Pvc => (pvc::PHASES, pvc::SOURCE),
        Kind::Dv => (dv::PHASES, dv::SOURCE),
        Kind::Event | Kind::Vmirs | Kind::MigrationPolicy => (&[], ""),
    }
}

/// What a status value of a kind means: exact values from the kind's table, then the patterned
/// values kubectl prints for pods (`Init:2/3`, `Init:CrashLoopBackOff`, `Signal:9`,
/// `ExitCode:137`) and nodes (`Ready,SchedulingDisabled`).
pub fn meaning(kind: Kind, value: &str) -> Option<Meaning> {
    let value = value.trim();
    let (entries, _) = table(kind);
    if let Some(e) = entries.iter().find(|e| e.value == value) {
        return Some(*e);
    }
    match kind {
        Kind::Pod => pod::patterned(value),
        Kind::Node => node::combined(value),
        _ => None,
    }
}

/// The source file a kind's vocabulary follows.
pub fn source(kind: Kind) -> &'static str {
    table(kind).1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value of the enums the tables follow, as the source files spell them: KubeVirt's
    /// `staging/src/kubevirt.io/api/core/v1/types.go` (VirtualMachinePrintableStatus,
    /// VirtualMachineInstancePhase, VirtualMachineInstanceMigrationPhase) and CDI's
    /// `.../core/v1beta1/types.go` (DataVolumePhase).
    #[test]
    fn every_value_of_the_sources_has_a_meaning() {
        let vm = "Stopped Provisioning Starting Running Paused Stopping Terminating \
            CrashLoopBackOff Migrating Unknown ErrorUnschedulable ErrImagePull ImagePullBackOff \
            ErrorPvcNotFound DataVolumeError WaitingForVolumeBinding WaitingForReceiver";
        let vmi = "Pending Scheduling Scheduled Running Succeeded Failed WaitingForSync Unknown";
        let vmim = "Pending Scheduling Scheduled PreparingTarget TargetReady Running Succeeded \
            Failed WaitingForSync Synchronizing";
        let dv = "Pending PVCBound ImportScheduled ImportInProgress CloneScheduled \
            CloneInProgress SnapshotForSmartCloneInProgress CloneFromSnapshotSourceInProgress \
            SmartClonePVCInProgress CSICloneInProgress ExpansionInProgress \
            NamespaceTransferInProgress UploadScheduled UploadReady WaitForFirstConsumer \
            PendingPopulation Succeeded Failed Unknown Paused PrepClaimInProgress RebindInProgress";
        let pod = "Pending Running Succeeded Failed Unknown Evicted NodeAffinity NodeLost \
            ContainerCreating PodInitializing CrashLoopBackOff ErrImagePull ImagePullBackOff \
            CreateContainerConfigError CreateContainerError RunContainerError Completed Error \
            OOMKilled Terminating Init:0/2 Init:Error Init:CrashLoopBackOff Init:ExitCode:1 \
            Init:Signal:9 Signal:9 ExitCode:137 ContainerCannotRun ImageInspectError \
            RegistryUnavailable SignatureValidationFailed CreatePodSandboxError \
            ConfigPodSandboxError KillPodSandboxError KillContainerError PreCreateHookError \
            VerifyNonRootError Init:CreatePodSandboxError OutOfcpu OutOfephemeral-storage \
            OutOfdevices.kubevirt.io/kvm InvalidNodeInfo PodOSNotSupported Preempting \
            TaintToleration UnknownReason";
        let node = "Ready NotReady Unknown Ready,SchedulingDisabled NotReady,SchedulingDisabled \
            Unknown,SchedulingDisabled";
        for (kind, values) in [
            (Kind::Vm, vm),
            (Kind::Vmi, vmi),
            (Kind::Vmim, vmim),
            (Kind::Dv, dv),
            (Kind::Pod, pod),
            (Kind::Node, node),
            (Kind::Pvc, "Pending Bound Lost"),
        ] {
            for v in values.split_whitespace() {
                let m = meaning(kind, v).unwrap_or_else(|| panic!("{kind:?} {v}"));
                // A fault names its layer.
                if matches!(m.health, Health::Broken | Health::Degraded) {
                    assert!(m.layer.is_some(), "{kind:?} {v}");
                }
            }
        }
        assert_eq!(
            meaning(Kind::Node, "NotReady,SchedulingDisabled").map(|m| m.health),
            Some(Health::Broken)
        );
        assert_eq!(
            meaning(Kind::Pod, "Init:1/2").map(|m| m.health),
            Some(Health::Healthy)
        );
        assert_eq!(meaning(Kind::Vm, "Sleeping"), None);
    }
}
