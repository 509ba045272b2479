//! The explanation catalogue: for every VMI phase, condition type, reason, pause reason, VMIM
//! phase and condition, eviction strategy, migration mode and abort status that facts.md lists,
//! a title, what it means in plain words, what it implies (can the VM migrate? will a drain
//! block?), what to check next (commands naming the object), and a severity.
//!
//! Unknown values still get a sensible generic entry (`known: false`), and sentence-like reasons
//! (`Synchronizing with the Domain failed.`, the free-text `AgentVersionNotSupported` reasons)
//! are matched by their wording.

use serde::{Deserialize, Serialize};

/// How bad a value or finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Normal or good.
    Info,
    /// Needs attention; the VM works.
    Warning,
    /// Something is broken.
    Error,
    /// Broken with loss of the running guest (crash, irrecoverable).
    Critical,
}

/// What kind of value is being explained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Topic {
    VmiPhase,
    ConditionType,
    /// Condition reasons (LiveMigratable, Ready, pause, controller sync-error reasons, …).
    Reason,
    /// Reasons of Events on VMIs and VMIMs.
    EventReason,
    VmimPhase,
    VmimCondition,
    EvictionStrategy,
    MigrationMode,
    AbortStatus,
    VmPrintableStatus,
}

/// The object an explanation's commands name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subject {
    pub namespace: String,
    pub name: String,
    pub node: Option<String>,
    pub uid: Option<String>,
    pub migration: Option<String>,
    pub pod: Option<String>,
}

/// One catalogue entry, with its commands filled in for a [`Subject`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    pub topic: Topic,
    /// The value explained, verbatim.
    pub value: String,
    pub title: String,
    /// What it means, in plain words.
    pub meaning: String,
    /// What follows from it: migration, drains, the guest.
    pub implies: String,
    /// `Some(false)` when this value means the VM cannot live-migrate.
    pub can_migrate: Option<bool>,
    /// Commands to run next.
    pub next_steps: Vec<String>,
    pub severity: Severity,
    /// False for the generic entry given to an unknown value.
    pub known: bool,
}

struct Entry {
    topic: Topic,
    value: &'static str,
    severity: Severity,
    can_migrate: Option<bool>,
    title: &'static str,
    meaning: &'static str,
    implies: &'static str,
    steps: &'static [&'static str],
}

use Severity::{Critical as C, Error as E, Info as I, Warning as W};
use Topic::*;

const GET_VMI: &str = "kubectl get vmi {name} -n {ns} -o yaml";
const EVENTS: &str = "kubectl get events -n {ns} --field-selector involvedObject.name={name} --sort-by=.lastTimestamp";
const PODS: &str = "kubectl get pods -n {ns} -l kubevirt.io/created-by={uid} -o wide";
const VMIMS: &str = "kubectl get vmim -n {ns} -l kubevirt.io/vmi-name={name}";
const GET_VMIM: &str = "kubectl get vmim {migration} -n {ns} -o yaml";
const NODE: &str = "kubectl describe node {node}";
const LAUNCHER_LOG: &str = "kubectl logs -n {ns} {pod} -c compute";
const HANDLER: &str =
    "kubectl get pods -A -l kubevirt.io=virt-handler -o wide --field-selector spec.nodeName={node}";
const MIGRATE: &str = "virtctl migrate {name} -n {ns}";
const PVC: &str = "kubectl get pvc -n {ns} -o wide";
const KV_CONFIG: &str = "kubectl get kubevirt -A -o jsonpath='{.items[0].spec.configuration}'";
const GUESTINFO: &str = "virtctl guestosinfo {name} -n {ns}";
const QUOTA: &str = "kubectl describe resourcequota -n {ns}";
const GET_VM: &str = "kubectl get vm {name} -n {ns} -o yaml";

const NOT_MIGRATABLE_IMPLIES: &str = "The VM cannot live-migrate. A node drain blocks on it when its eviction strategy is LiveMigrate (the eviction is denied); with LiveMigrateIfPossible or None the VM is shut down instead, and the run strategy decides whether it restarts elsewhere.";

macro_rules! entry {
    ($t:expr, $v:expr, $s:expr, $m:expr, $title:expr, $meaning:expr, $implies:expr, [$($step:expr),* $(,)?]) => {
        Entry { topic: $t, value: $v, severity: $s, can_migrate: $m, title: $title, meaning: $meaning, implies: $implies, steps: &[$($step),*] }
    };
}

static CATALOGUE: &[Entry] = &[
    // ---- VMI phases (facts.md §2.1)
    entry!(
        VmiPhase,
        "",
        W,
        None,
        "Phase not set yet",
        "The VMI was just created and no KubeVirt controller has processed it yet.",
        "Nothing runs yet. If this lasts more than a few seconds, virt-controller may be down or overloaded.",
        [
            GET_VMI,
            "kubectl get pods -A -l kubevirt.io=virt-controller"
        ]
    ),
    entry!(
        VmiPhase,
        "Pending",
        I,
        None,
        "Pending",
        "Accepted; virt-controller is preparing the virt-launcher pod.",
        "The guest is not running yet. A long Pending usually means missing volumes (DataVolumes, PVCs) or a failing pod creation.",
        [GET_VMI, EVENTS]
    ),
    entry!(
        VmiPhase,
        "Scheduling",
        I,
        None,
        "Scheduling",
        "The launcher pod exists but is not yet scheduled and running.",
        "The guest is not running yet. If it stays here, the pod cannot be placed: look at PodScheduled and the pod's events.",
        [PODS, EVENTS]
    ),
    entry!(
        VmiPhase,
        "Scheduled",
        I,
        None,
        "Scheduled",
        "The launcher pod runs; virt-handler on the node is defining and starting the domain.",
        "The guest is starting. If it stays here, virt-handler cannot start the domain: look for Synchronized=False.",
        [GET_VMI, LAUNCHER_LOG, HANDLER]
    ),
    entry!(
        VmiPhase,
        "Running",
        I,
        None,
        "Running",
        "The pod is bound and the guest was started. A paused guest is also Running: pause shows only in the Paused condition.",
        "Check the Paused and Ready conditions before concluding the guest runs.",
        [GET_VMI]
    ),
    entry!(
        VmiPhase,
        "Succeeded",
        I,
        Some(false),
        "Stopped (Succeeded)",
        "The guest stopped on its own: a shutdown from inside or a graceful stop.",
        "Nothing runs. The VM's run strategy decides whether it is started again.",
        [GET_VM, EVENTS]
    ),
    entry!(
        VmiPhase,
        "Failed",
        C,
        Some(false),
        "Failed",
        "The VMI crashed, disappeared, or was deleted before it ever started. Also used when a post-copy migration failed and the guest could not be recovered.",
        "The guest is gone. With run strategy Always or RerunOnFailure the VM controller creates a new VMI.",
        [GET_VMI, EVENTS, GET_VM]
    ),
    entry!(
        VmiPhase,
        "WaitingForSync",
        I,
        None,
        "Waiting for sync (cross-cluster target)",
        "This VMI is the target of a decentralized (cross-cluster) migration and waits to be synchronized from the source VMI.",
        "Nothing runs here until the source side synchronizes.",
        [GET_VMI, VMIMS]
    ),
    entry!(
        VmiPhase,
        "Unknown",
        E,
        None,
        "State unknown",
        "KubeVirt cannot determine the state, usually because the node cannot be reached.",
        "The guest may still run or may be gone; the node is the first suspect.",
        [NODE, GET_VMI]
    ),
    // ---- VMI condition types (facts.md §2.2)
    entry!(
        ConditionType,
        "Provisioning",
        I,
        None,
        "Provisioning volumes",
        "The VMI waits on DataVolumes that are Pending or WaitForFirstConsumer while a temporary pod provisions PVCs.",
        "The guest cannot start until provisioning is done.",
        ["kubectl get dv -n {ns}", PVC]
    ),
    entry!(
        ConditionType,
        "Ready",
        I,
        None,
        "Ready",
        "Copied from the launcher pod's Ready condition. A paused VMI is Ready=False because of the readiness gate kubevirt.io/virtual-machine-unpaused.",
        "Ready=False on a Running VMI means it is paused or the pod is not ready; Services stop sending traffic to it.",
        [GET_VMI, PODS]
    ),
    entry!(
        ConditionType,
        "Synchronized",
        E,
        None,
        "Synchronization error",
        "Only present (as False) while a sync error occurs. virt-handler errors carry the reason 'Synchronizing with the Domain failed.'; virt-controller errors carry a controller reason such as FailedCreate or ErrImagePull.",
        "KubeVirt cannot bring the VMI to its desired state; the message holds the error.",
        [GET_VMI, EVENTS]
    ),
    entry!(
        ConditionType,
        "Paused",
        W,
        None,
        "Paused",
        "The guest's vCPUs are stopped: by a user, by a low-level I/O error, or by the migration monitor.",
        "The phase stays Running, Ready becomes False. The guest does not answer until unpaused.",
        [GET_VMI, "virtctl unpause vmi {name} -n {ns}"]
    ),
    entry!(
        ConditionType,
        "AgentConnected",
        I,
        None,
        "Guest agent connected",
        "virt-handler sees the qemu-guest-agent channel connected. The condition is never False: it is removed when the agent goes away.",
        "Guest data (OS info, guest IPs, users, filesystems) is available.",
        [GUESTINFO]
    ),
    entry!(
        ConditionType,
        "AccessCredentialsSynchronized",
        I,
        None,
        "Access credentials synchronized",
        "Whether SSH keys or passwords from access credentials were applied in the guest (needs the guest agent).",
        "False means the credentials in the guest are not what the spec asks for.",
        [GET_VMI, EVENTS]
    ),
    entry!(
        ConditionType,
        "AgentVersionNotSupported",
        W,
        None,
        "Guest agent lacks required commands",
        "The guest agent is connected but does not support all commands KubeVirt needs. The reason holds free text naming what is missing.",
        "Guest data may be incomplete. The guest agent endpoints still answer.",
        [
            GUESTINFO,
            "virtctl console {name} -n {ns}   # then update qemu-guest-agent in the guest"
        ]
    ),
    entry!(
        ConditionType,
        "LiveMigratable",
        I,
        None,
        "Live-migratable",
        "Recomputed by virt-handler on every running VMI: True, or False with the first blocking reason.",
        "False means live migration (and so an evacuating drain) is not possible for the reason given.",
        [GET_VMI, MIGRATE]
    ),
    entry!(
        ConditionType,
        "StorageLiveMigratable",
        I,
        None,
        "Storage live-migratable",
        "Whether the VMI's volumes can be moved by a storage (volume) migration. False lists every blocker in the message.",
        "False blocks volume migration; it does not by itself block compute migration.",
        [GET_VMI]
    ),
    entry!(
        ConditionType,
        "HotVCPUChange",
        I,
        None,
        "CPU hotplug in progress",
        "A vCPU hotplug is being applied.",
        "A migration may be needed to finish it; the VMIM waits for it before Succeeded.",
        [GET_VMI]
    ),
    entry!(
        ConditionType,
        "HotMemoryChange",
        W,
        None,
        "Memory hotplug",
        "True: a memory hotplug is in progress. False: it failed.",
        "While pending, a migration does not report Succeeded.",
        [GET_VMI, EVENTS]
    ),
    entry!(
        ConditionType,
        "VolumesChange",
        I,
        None,
        "Volume set changing",
        "The VM's volumes changed (volume update or migration).",
        "A storage migration may be running; VolumesChangeCancellation means it was reverted.",
        [GET_VMI, VMIMS]
    ),
    entry!(
        ConditionType,
        "DataVolumesReady",
        I,
        None,
        "DataVolumes ready",
        "All DataVolumes are ready (AllDVsReady) or not (NotAllDVsReady).",
        "The VM cannot start until its DataVolumes are ready.",
        ["kubectl get dv -n {ns}"]
    ),
    entry!(
        ConditionType,
        "DecentralizedLiveMigrationFailure",
        E,
        Some(false),
        "Cross-cluster migration failure",
        "The synchronization controller reports a failure of a decentralized (cross-cluster) migration.",
        "The cross-cluster migration does not proceed; the message has details.",
        [GET_VMI, VMIMS]
    ),
    entry!(
        ConditionType,
        "MigrationRequired",
        W,
        None,
        "Migration required",
        "A live update needs a migration to take effect: True with AutoMigrationDueToLiveUpdate, False with AutoMigrationPending.",
        "KubeVirt will migrate the VM (or waits to). The update is not applied before that.",
        [GET_VMI, VMIMS]
    ),
    entry!(
        ConditionType,
        "EvictionRequested",
        W,
        None,
        "Eviction requested",
        "Present while evacuationNodeName is set: an eviction of the launcher pod was intercepted and the VMI must leave its node.",
        "An evacuation migration is expected; if the VMI cannot migrate, the drain stays blocked.",
        [GET_VMI, VMIMS]
    ),
    entry!(
        ConditionType,
        "SoftwareEmulation",
        W,
        None,
        "Running with software emulation",
        "The VM runs with cross-architecture software emulation (domain type qemu), not hardware virtualization.",
        "Expect it to be much slower than a KVM guest.",
        [GET_VMI]
    ),
    entry!(
        ConditionType,
        "PodScheduled",
        E,
        None,
        "Launcher pod not schedulable",
        "Copied from the launcher pod's PodScheduled=False (reason Unschedulable), or set because a referenced PVC is missing.",
        "The VM cannot start until a node fits it; the VM shows ErrorUnschedulable.",
        [PODS, EVENTS, PVC]
    ),
    // ---- LiveMigratable=False reasons (facts.md §2.3)
    entry!(
        Reason,
        "InterfaceNotLiveMigratable",
        W,
        Some(false),
        "Network interface blocks migration",
        "The pod-network interface uses a binding that cannot migrate (bridge on the pod network without the annotation kubevirt.io/allow-pod-bridge-network-live-migration, or a binding plugin without migration support). Masquerade and passt can migrate.",
        NOT_MIGRATABLE_IMPLIES,
        [
            GET_VMI,
            "kubectl get vmi {name} -n {ns} -o jsonpath='{.spec.domain.devices.interfaces}'"
        ]
    ),
    entry!(
        Reason,
        "CPUModeLiveMigratable",
        W,
        Some(false),
        "CPU mode blocks migration",
        "The VM asks for a host-model CPU but the node exposes no host-model CPU. (The reason string really lacks the word Not.)",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI, NODE]
    ),
    entry!(
        Reason,
        "HostDeviceNotLiveMigratable",
        W,
        Some(false),
        "Host device blocks migration",
        "The VM uses a PCI host device or GPU that cannot migrate (generic PCI device, too many GPUs, or a vGPU without the VGPULiveMigration feature gate).",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI]
    ),
    entry!(
        Reason,
        "SEVNotLiveMigratable",
        W,
        Some(false),
        "AMD SEV blocks migration",
        "The VM uses AMD SEV memory encryption, which cannot be live-migrated.",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI]
    ),
    entry!(
        Reason,
        "TDXNotLiveMigratable",
        W,
        Some(false),
        "Intel TDX blocks migration",
        "The VM uses Intel TDX, which cannot be live-migrated.",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI]
    ),
    entry!(
        Reason,
        "SecureExecutionNotLiveMigratable",
        W,
        Some(false),
        "Secure Execution blocks migration",
        "The VM uses IBM Secure Execution (s390x protected virtualization), which cannot be live-migrated.",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI]
    ),
    entry!(
        Reason,
        "NoTSCFrequencyNotLiveMigratable",
        W,
        Some(false),
        "Missing TSC frequency blocks migration",
        "A feature such as Hyper-V reenlightenment needs a TSC frequency, but no topology hint exists for it.",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI, NODE]
    ),
    entry!(
        Reason,
        "HypervPassthroughNotLiveMigratable",
        W,
        Some(false),
        "Hyper-V passthrough blocks migration",
        "The VM uses Hyper-V passthrough, which cannot be live-migrated.",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI]
    ),
    entry!(
        Reason,
        "DisksNotLiveMigratable",
        W,
        Some(false),
        "Disks block migration",
        "A PVC is not shared (live migration needs ReadWriteMany), its sharing cannot be determined, or a non-shared HostDisk is used.",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI, PVC]
    ),
    entry!(
        Reason,
        "PersistentReservationNotLiveMigratable",
        W,
        Some(false),
        "SCSI persistent reservation blocks migration",
        "The VM uses SCSI persistent reservation.",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI]
    ),
    entry!(
        Reason,
        "DecentralizedNotLiveMigratable",
        W,
        Some(false),
        "Cross-cluster migration not possible",
        "A decentralized (cross-cluster) migration is not possible; the message has the detail.",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI]
    ),
    entry!(
        Reason,
        "NotMigratable",
        W,
        Some(false),
        "Not migratable",
        "Generic reason; the message lists the blocking items as '<Reason>: <message>'.",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI]
    ),
    entry!(
        Reason,
        "HotplugNotLiveMigratable",
        W,
        Some(false),
        "Hotplugged volume blocks migration (legacy)",
        "Older KubeVirt blocked migration for hotplugged volumes. Current releases no longer set it.",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI]
    ),
    entry!(
        Reason,
        "VirtIOFSNotLiveMigratable",
        W,
        Some(false),
        "virtiofs blocks migration (legacy)",
        "Older KubeVirt blocked migration for virtiofs shared volumes. Current releases no longer set it.",
        NOT_MIGRATABLE_IMPLIES,
        [GET_VMI]
    ),
    // ---- Other reasons (facts.md §2.4)
    entry!(
        Reason,
        "PodTerminating",
        W,
        None,
        "Launcher pod terminating",
        "The virt-launcher pod is being deleted.",
        "The guest is stopping or being moved.",
        [PODS]
    ),
    entry!(
        Reason,
        "PodNotExists",
        W,
        None,
        "No launcher pod",
        "The virt-launcher pod has not been scheduled yet, or only the temporary provisioning pod exists.",
        "The guest is not running.",
        [PODS, EVENTS]
    ),
    entry!(
        Reason,
        "PodConditionMissing",
        W,
        None,
        "Pod Ready condition missing",
        "The launcher pod has no Ready condition yet.",
        "Readiness is unknown; usually transient.",
        [PODS]
    ),
    entry!(
        Reason,
        "GuestNotRunning",
        W,
        None,
        "Guest not running",
        "The pod is up but the VMI is not Running.",
        "The domain is not started (yet); see Synchronized and the launcher log.",
        [GET_VMI, LAUNCHER_LOG]
    ),
    entry!(
        Reason,
        "ContainerPathVolumesDisabled",
        E,
        None,
        "ContainerPath volumes disabled",
        "The VMI has ContainerPath volumes but the feature gate is off.",
        "The VMI cannot start until the feature gate is enabled or the volume removed.",
        [KV_CONFIG, GET_VMI]
    ),
    entry!(
        Reason,
        "MissingVirtiofsContainers",
        E,
        None,
        "virtiofs containers missing",
        "The expected virtiofs containers are missing from the launcher pod.",
        "The VMI cannot be synchronized.",
        [PODS, EVENTS]
    ),
    entry!(
        Reason,
        "AllDVsReady",
        I,
        None,
        "All DataVolumes ready",
        "Every DataVolume of the VM is ready.",
        "Nothing blocks start-up on volumes.",
        []
    ),
    entry!(
        Reason,
        "NotAllDVsReady",
        W,
        None,
        "DataVolumes not ready",
        "At least one DataVolume is not ready.",
        "The VM cannot start until they are.",
        ["kubectl get dv -n {ns}"]
    ),
    entry!(
        Reason,
        "VolumesChangeCancellation",
        W,
        None,
        "Volume change reverted",
        "A volume update was cancelled and reverted.",
        "The VM keeps its previous volumes.",
        [GET_VMI, VMIMS]
    ),
    entry!(
        Reason,
        "AutoMigrationDueToLiveUpdate",
        I,
        None,
        "Migration needed for a live update",
        "A live update requires an automatic migration.",
        "KubeVirt creates a migration to apply the change.",
        [VMIMS]
    ),
    entry!(
        Reason,
        "AutoMigrationPending",
        W,
        None,
        "Automatic migration pending",
        "A live update waits for an automatic migration.",
        "The change is not applied until the migration happens.",
        [VMIMS]
    ),
    entry!(
        Reason,
        "EvictionRequested",
        W,
        None,
        "Marked for eviction",
        "The VMI is marked for eviction (evacuationNodeName is set).",
        "An evacuation migration should follow.",
        [VMIMS]
    ),
    entry!(
        Reason,
        "Unschedulable",
        E,
        None,
        "Unschedulable",
        "The scheduler found no node for the launcher pod (or a referenced PVC is missing). The message has the scheduler's explanation.",
        "The VM does not start; for a migration, the target pod cannot be placed and the migration cannot proceed.",
        [PODS, EVENTS, PVC]
    ),
    entry!(
        Reason,
        "CrossArchitectureEmulation",
        W,
        None,
        "Cross-architecture emulation",
        "The guest architecture differs from the host's and is emulated in software.",
        "Much slower than KVM.",
        [GET_VMI]
    ),
    entry!(
        Reason,
        "UtilityVolumesPresent",
        W,
        None,
        "Utility volumes attached",
        "The migration waits for utility volumes to detach and times out after the stated time.",
        "The migration does not start until they detach.",
        [GET_VMIM, GET_VMI]
    ),
    entry!(
        Reason,
        "BackupInProgress",
        W,
        None,
        "Backup in progress",
        "A backup of the VM is running.",
        "The migration waits for the backup to finish.",
        [GET_VMIM, GET_VMI]
    ),
    entry!(
        Reason,
        "NodeUnresponsive",
        E,
        None,
        "Node unresponsive",
        "The node running the VMI does not respond.",
        "The VMI's real state is unknown.",
        [NODE]
    ),
    // Pause reasons (facts.md §2.2)
    entry!(
        Reason,
        "PausedByUser",
        W,
        None,
        "Paused by a user",
        "Someone paused the VMI (virtctl pause or the pause subresource).",
        "The guest is frozen until unpaused. It keeps its memory and node; it can still be migrated.",
        ["virtctl unpause vmi {name} -n {ns}", EVENTS]
    ),
    entry!(
        Reason,
        "PausedIOError",
        E,
        None,
        "Paused on an I/O error",
        "QEMU paused the guest because a disk reported a low-level I/O error (storage full, backend gone, or an unreachable volume).",
        "The guest is frozen. Fix the storage first; unpausing before that pauses it again.",
        [GET_VMI, PVC, LAUNCHER_LOG, NODE]
    ),
    entry!(
        Reason,
        "PausedByMigrationMonitor",
        W,
        None,
        "Paused by the migration monitor",
        "The migration did not converge and the policy allows pausing the guest so the remaining memory can be copied (migration mode Paused).",
        "The guest is frozen until the migration ends; it resumes on the target or, on failure, on the source.",
        [VMIMS, GET_VMI]
    ),
    entry!(
        Reason,
        "Synchronizing with the Domain failed.",
        E,
        None,
        "virt-handler cannot sync the domain",
        "virt-handler on the node failed to bring the libvirt domain to the desired state. The message holds the error.",
        "The VM may not start, stop, or apply changes. 'VMI is irrecoverable due to failed post-copy migration' in the message means the guest was lost.",
        [GET_VMI, LAUNCHER_LOG, HANDLER]
    ),
    // Controller reasons (facts.md §2.5)
    entry!(
        Reason,
        "FailedCreate",
        E,
        None,
        "Pod creation failed",
        "virt-controller could not create the launcher pod (admission, quota, invalid spec).",
        "The VM does not start; the message says why.",
        [EVENTS, QUOTA]
    ),
    entry!(
        Reason,
        "SuccessfulCreate",
        I,
        None,
        "Pod created",
        "virt-controller created the launcher pod.",
        "Normal start-up.",
        []
    ),
    entry!(
        Reason,
        "FailedDelete",
        E,
        None,
        "Pod deletion failed",
        "virt-controller could not delete the launcher pod.",
        "The VM may not stop cleanly.",
        [EVENTS, PODS]
    ),
    entry!(
        Reason,
        "SuccessfulDelete",
        I,
        None,
        "Pod deleted",
        "virt-controller deleted the launcher pod.",
        "Normal shutdown.",
        []
    ),
    entry!(
        Reason,
        "FailedHandOver",
        E,
        None,
        "Hand-over to virt-handler failed",
        "virt-controller could not hand the VMI over to virt-handler.",
        "The VM does not proceed from Scheduled to Running.",
        [EVENTS, HANDLER]
    ),
    entry!(
        Reason,
        "SuccessfulHandOver",
        I,
        None,
        "Handed over to virt-handler",
        "virt-controller handed the VMI over to virt-handler.",
        "Normal start-up.",
        []
    ),
    entry!(
        Reason,
        "FailedBackendStorageCreate",
        E,
        None,
        "Backend storage not created",
        "The PVC for persistent state (TPM/EFI) could not be created.",
        "The VM does not start.",
        [EVENTS, PVC]
    ),
    entry!(
        Reason,
        "FailedBackendStorageProbe",
        E,
        None,
        "Backend storage probe failed",
        "virt-controller could not check the persistent-state PVC.",
        "The VM does not start.",
        [EVENTS, PVC]
    ),
    entry!(
        Reason,
        "BackendStorageNotReady",
        W,
        None,
        "Backend storage not ready",
        "The persistent-state PVC is not ready yet.",
        "Start-up waits for it.",
        [PVC]
    ),
    entry!(
        Reason,
        "FailedDataVolumeImport",
        E,
        None,
        "DataVolume import failed",
        "Importing a DataVolume failed.",
        "The VM does not start until the import succeeds.",
        ["kubectl get dv -n {ns}", EVENTS]
    ),
    entry!(
        Reason,
        "FailedGuaranteeResources",
        E,
        None,
        "Cannot guarantee resources",
        "Dedicated CPUs or guaranteed resources cannot be provided.",
        "The VM does not start as requested.",
        [EVENTS]
    ),
    entry!(
        Reason,
        "FailedGatherhingClusterTopologyHints",
        E,
        None,
        "Topology hints failed",
        "virt-controller could not gather cluster topology hints (such as a TSC frequency). The reason is spelled this way in KubeVirt.",
        "The VM may not start or may not be migratable.",
        [EVENTS, NODE]
    ),
    entry!(
        Reason,
        "FailedPvcNotFound",
        E,
        None,
        "PVC not found",
        "A PVC the VM references does not exist.",
        "The VM does not start; the VM shows ErrorPvcNotFound.",
        [PVC, GET_VMI]
    ),
    entry!(
        Reason,
        "SuccessfulMigration",
        I,
        None,
        "Migration succeeded",
        "The source node reported that the migration succeeded.",
        "The VM runs on the target node.",
        [VMIMS]
    ),
    entry!(
        Reason,
        "FailedMigration",
        E,
        None,
        "Migration failed",
        "The migration failed; the message tells which side or why.",
        "The VM normally keeps running on the source, unless it was in post-copy.",
        [VMIMS, EVENTS]
    ),
    entry!(
        Reason,
        "SuccessfulAbortMigration",
        I,
        None,
        "Migration aborted",
        "A requested abort succeeded.",
        "The VM keeps running on the source.",
        [VMIMS]
    ),
    entry!(
        Reason,
        "FailedAbortMigration",
        E,
        None,
        "Abort failed",
        "A requested abort of the migration failed.",
        "The migration may still complete or fail on its own.",
        [VMIMS, EVENTS]
    ),
    entry!(
        Reason,
        "migrationTargetPodUnschedulable",
        E,
        Some(false),
        "Migration target pod unschedulable",
        "The target launcher pod for the migration cannot be scheduled.",
        "The migration cannot proceed and will time out; a drain depending on it stays blocked.",
        [VMIMS, EVENTS, "kubectl get nodes"]
    ),
    entry!(
        Reason,
        "UtilityVolumeMigrationPending",
        W,
        None,
        "Waiting for utility volumes",
        "The migration waits for utility volumes to detach.",
        "The migration has not started.",
        [GET_VMIM]
    ),
    entry!(
        Reason,
        "MissingAttachmentPod",
        E,
        None,
        "Hotplug attachment pod missing",
        "The pod that attaches hotplugged volumes is missing.",
        "Hotplugged volumes may be unavailable.",
        [PODS, EVENTS]
    ),
    entry!(
        Reason,
        "PVCNotReady",
        W,
        None,
        "PVC not ready",
        "A PVC is not ready yet.",
        "Start-up or hotplug waits.",
        [PVC]
    ),
    entry!(
        Reason,
        "FailedHotplugSync",
        E,
        None,
        "Hotplug sync failed",
        "Syncing hotplugged volumes failed.",
        "Volume hotplug is not applied.",
        [EVENTS]
    ),
    entry!(
        Reason,
        "ErrImagePull",
        E,
        None,
        "Image pull error",
        "A container disk or launcher image cannot be pulled.",
        "The VM does not start; the VM shows ErrImagePull.",
        [PODS, EVENTS]
    ),
    entry!(
        Reason,
        "ImagePullBackOff",
        E,
        None,
        "Image pull back-off",
        "Pulling an image keeps failing and kubelet backs off.",
        "The VM does not start; the VM shows ImagePullBackOff.",
        [PODS, EVENTS]
    ),
    entry!(
        Reason,
        "NoSuitableNodesForHostModelMigration",
        E,
        Some(false),
        "No node for a host-model migration",
        "No other node offers the host-model CPU this VM needs.",
        "The VM cannot be migrated until such a node exists.",
        ["kubectl get nodes --show-labels", GET_VMI]
    ),
    entry!(
        Reason,
        "FailedPodPatch",
        E,
        None,
        "Pod patch failed",
        "virt-controller could not patch the launcher pod.",
        "Labels or annotations on the pod may be stale.",
        [EVENTS]
    ),
    entry!(
        Reason,
        "MigrationBackoff",
        W,
        None,
        "Migration back-off",
        "Earlier migrations of this VMI failed; new attempts are delayed.",
        "Evacuation or workload-update migrations are retried later.",
        [VMIMS, EVENTS]
    ),
    // ---- Event reasons on VMIs (facts.md §2.5)
    entry!(
        EventReason,
        "Created",
        I,
        None,
        "Created",
        "\"VirtualMachineInstance defined.\": the domain was defined.",
        "Normal start-up.",
        []
    ),
    entry!(
        EventReason,
        "Deleted",
        I,
        None,
        "Deleted",
        "The domain or VMI was deleted.",
        "The guest is gone.",
        [EVENTS]
    ),
    entry!(
        EventReason,
        "PresetFailed",
        E,
        None,
        "Preset failed",
        "Applying a VirtualMachineInstancePreset failed.",
        "The VMI spec may not be what was expected.",
        [EVENTS]
    ),
    entry!(
        EventReason,
        "Override",
        W,
        None,
        "Preset override",
        "A preset conflicted with the VMI spec.",
        "The VMI's own setting was kept.",
        [EVENTS]
    ),
    entry!(
        EventReason,
        "Started",
        I,
        None,
        "Started",
        "\"VirtualMachineInstance started.\"",
        "The guest was started.",
        []
    ),
    entry!(
        EventReason,
        "ShuttingDown",
        I,
        None,
        "Shutting down",
        "A graceful shutdown was signalled to the guest.",
        "The guest should stop soon.",
        [EVENTS]
    ),
    entry!(
        EventReason,
        "Stopped",
        W,
        None,
        "Stopped",
        "\"The VirtualMachineInstance was shut down.\", or as a Warning \"The VirtualMachineInstance crashed.\" when the phase became Failed.",
        "The guest is not running.",
        [EVENTS, GET_VM]
    ),
    entry!(
        EventReason,
        "PreparingTarget",
        I,
        None,
        "Preparing migration target",
        "\"VirtualMachineInstance Migration Target Prepared.\" or the target's listening address.",
        "The migration is about to transfer memory.",
        [VMIMS]
    ),
    entry!(
        EventReason,
        "Migrating",
        I,
        None,
        "Migrating",
        "\"VirtualMachineInstance is migrating.\"",
        "A live migration is in progress.",
        [VMIMS]
    ),
    entry!(
        EventReason,
        "Migrated",
        I,
        None,
        "Migrated (or migration failed)",
        "Normal: \"The VirtualMachineInstance migrated to node <n>.\" Warning: \"VirtualMachineInstance migration uid … failed. reason:…\" (the only place of the reason before v1.3), or \"EvictionStrategy is set but vmi is not migratable\".",
        "Read the type: a Warning Migrated is a failure or a blocked evacuation.",
        [EVENTS, VMIMS]
    ),
    entry!(
        EventReason,
        "SyncFailed",
        E,
        None,
        "Sync failed",
        "virt-handler failed to sync the VMI; the message is the error (for example 'VMI is irrecoverable due to failed post-copy migration').",
        "See Synchronized=False; the VM may have been lost.",
        [EVENTS, LAUNCHER_LOG]
    ),
    entry!(
        EventReason,
        "Resumed",
        I,
        None,
        "Resumed",
        "The guest was unpaused.",
        "The guest runs again.",
        []
    ),
    entry!(
        EventReason,
        "AccessCredentialsSyncFailed",
        W,
        None,
        "Access credentials not applied",
        "Applying SSH keys or passwords in the guest failed.",
        "Logins configured through access credentials may not work.",
        [EVENTS, GUESTINFO]
    ),
    entry!(
        EventReason,
        "AccessCredentialsSyncSuccess",
        I,
        None,
        "Access credentials applied",
        "SSH keys or passwords were applied in the guest.",
        "Nothing to do.",
        []
    ),
    // ---- VMIM phases (facts.md §3.2)
    entry!(
        VmimPhase,
        "",
        W,
        None,
        "Migration not processed yet",
        "virt-controller has not processed the migration yet.",
        "If it stays unset, virt-controller may be down.",
        [GET_VMIM]
    ),
    entry!(
        VmimPhase,
        "Pending",
        I,
        None,
        "Migration pending",
        "Accepted and waiting: parallel-migration limits, back-off, utility volumes, quota.",
        "Nothing moves yet. Check its conditions for a blocker.",
        [GET_VMIM, EVENTS]
    ),
    entry!(
        VmimPhase,
        "Scheduling",
        I,
        None,
        "Target pod scheduling",
        "The target launcher pod is being scheduled.",
        "If it stays here, the target pod is unschedulable.",
        [PODS, GET_VMIM]
    ),
    entry!(
        VmimPhase,
        "Scheduled",
        I,
        None,
        "Target pod running",
        "The target pod runs and is ready.",
        "Target preparation comes next.",
        [GET_VMIM]
    ),
    entry!(
        VmimPhase,
        "PreparingTarget",
        I,
        None,
        "Preparing target",
        "virt-handler on the target node prepares the domain; the target node is known.",
        "Memory transfer starts soon.",
        [GET_VMIM]
    ),
    entry!(
        VmimPhase,
        "TargetReady",
        I,
        None,
        "Target ready",
        "The target is ready and its address known.",
        "Memory transfer starts next.",
        [GET_VMIM]
    ),
    entry!(
        VmimPhase,
        "Running",
        I,
        None,
        "Migration running",
        "Memory (and, for block migration, disk) is being transferred.",
        "Watch progress: data remaining versus dirty rate.",
        [GET_VMIM, GET_VMI]
    ),
    entry!(
        VmimPhase,
        "Succeeded",
        I,
        None,
        "Migration succeeded",
        "migrationState.completed is true, failed is not, and no hotplug or MigrationRequired is pending.",
        "The VM runs on the target node.",
        [GET_VMI]
    ),
    entry!(
        VmimPhase,
        "Failed",
        E,
        None,
        "Migration failed",
        "The migration failed: target pod problems, a libvirt error, timeouts, an abort, or the VMI went away.",
        "The VM usually keeps running on the source; after a post-copy failure it is lost.",
        [GET_VMIM, EVENTS]
    ),
    entry!(
        VmimPhase,
        "WaitingForSync",
        I,
        None,
        "Waiting for sync (cross-cluster)",
        "A decentralized migration waits for the VMI to synchronize.",
        "Progress depends on the remote side.",
        [GET_VMIM]
    ),
    entry!(
        VmimPhase,
        "Synchronizing",
        I,
        None,
        "Synchronizing (cross-cluster)",
        "A decentralized migration is synchronizing with the remote side.",
        "Progress depends on the remote side.",
        [GET_VMIM]
    ),
    // ---- VMIM conditions (facts.md §3.2)
    entry!(
        VmimCondition,
        "migrationAbortRequested",
        W,
        None,
        "Abort requested",
        "The migration was deleted or aborted, before or after hand-off.",
        "The migration stops; the abort status tells whether the abort worked.",
        [GET_VMIM]
    ),
    entry!(
        VmimCondition,
        "migrationRejectedByResourceQuota",
        E,
        None,
        "Rejected by ResourceQuota",
        "Creating the target pod failed with 'exceeded quota': the namespace has no room for a second launcher pod during the migration.",
        "The migration cannot start until the quota allows the extra pod.",
        [QUOTA, GET_VMIM]
    ),
    entry!(
        VmimCondition,
        "migrationBlockedByUtilityVolumes",
        W,
        None,
        "Blocked by utility volumes",
        "The migration waits for utility volumes to detach and will time out.",
        "The migration does not start until they detach.",
        [GET_VMIM, GET_VMI]
    ),
    entry!(
        VmimCondition,
        "decentralizedMigrationBlocked",
        E,
        None,
        "Cross-cluster migration blocked",
        "A decentralized migration is blocked; the reason is copied from the VMI.",
        "The migration does not proceed.",
        [GET_VMIM, GET_VMI]
    ),
    entry!(
        VmimCondition,
        "migrationBlockedByBackup",
        W,
        None,
        "Blocked by a backup",
        "A backup is in progress (reason BackupInProgress).",
        "The migration waits for the backup.",
        [GET_VMIM]
    ),
    // ---- Eviction strategies (facts.md §8.1)
    entry!(
        EvictionStrategy,
        "None",
        W,
        None,
        "Eviction strategy None",
        "Nothing special: an evicted launcher pod is deleted and the run strategy decides whether the VM restarts elsewhere or stays stopped.",
        "A drain shuts the VM down.",
        [GET_VM]
    ),
    entry!(
        EvictionStrategy,
        "LiveMigrate",
        I,
        None,
        "Eviction strategy LiveMigrate",
        "On eviction the VM is migrated instead of shut down. If it is not live-migratable the eviction is denied.",
        "A drain migrates it, or blocks when it cannot migrate.",
        [GET_VMI]
    ),
    entry!(
        EvictionStrategy,
        "LiveMigrateIfPossible",
        I,
        None,
        "Eviction strategy LiveMigrateIfPossible",
        "Like LiveMigrate when LiveMigratable=True, otherwise like None.",
        "A drain migrates it when possible and shuts it down otherwise.",
        [GET_VMI]
    ),
    entry!(
        EvictionStrategy,
        "External",
        I,
        None,
        "Eviction strategy External",
        "The VMI is protected and evacuationNodeName is set on eviction, but KubeVirt does not migrate it; an external controller (such as cluster-api-provider-kubevirt) tears it down.",
        "A drain waits for the external controller.",
        [GET_VMI]
    ),
    // ---- Migration modes (facts.md §3.1)
    entry!(
        MigrationMode,
        "PreCopy",
        I,
        None,
        "Pre-copy",
        "Memory is copied while the guest keeps running on the source; dirtied pages are copied again until the rest fits in the allowed downtime.",
        "Safe: on failure the VM keeps running on the source.",
        [GET_VMIM]
    ),
    entry!(
        MigrationMode,
        "PostCopy",
        W,
        None,
        "Post-copy",
        "Pre-copy did not converge, so the guest was switched to the target and missing pages are fetched from the source on demand.",
        "Risky: if the connection breaks now, the guest is lost (irrecoverable post-copy failure).",
        [GET_VMIM, GET_VMI]
    ),
    entry!(
        MigrationMode,
        "Paused",
        W,
        None,
        "Paused to converge",
        "The guest was paused on the source so the migration can finish (since ~v1.5).",
        "The guest does not run until the migration ends.",
        [GET_VMIM, GET_VMI]
    ),
    // ---- Abort status (facts.md §3.1)
    entry!(
        AbortStatus,
        "Aborting",
        I,
        None,
        "Abort in progress",
        "An abort was requested and is being carried out.",
        "The migration should stop soon; the VM stays on the source.",
        [GET_VMIM]
    ),
    entry!(
        AbortStatus,
        "Succeeded",
        I,
        None,
        "Abort succeeded",
        "The migration was aborted.",
        "The VM keeps running on the source.",
        [GET_VMI]
    ),
    entry!(
        AbortStatus,
        "Failed",
        E,
        None,
        "Abort failed",
        "The abort did not take effect.",
        "The migration may still complete or fail on its own.",
        [GET_VMIM, EVENTS]
    ),
    // ---- VM printable status (facts.md §8.2)
    entry!(
        VmPrintableStatus,
        "Stopped",
        I,
        None,
        "Stopped",
        "The VM has no running instance.",
        "Nothing runs.",
        [GET_VM]
    ),
    entry!(
        VmPrintableStatus,
        "Provisioning",
        I,
        None,
        "Provisioning",
        "DataVolumes are being provisioned.",
        "Start-up waits.",
        ["kubectl get dv -n {ns}"]
    ),
    entry!(
        VmPrintableStatus,
        "Starting",
        I,
        None,
        "Starting",
        "The VMI is being prepared, scheduled or started.",
        "Wait, or look at the VMI if it lasts.",
        [GET_VMI]
    ),
    entry!(
        VmPrintableStatus,
        "Running",
        I,
        None,
        "Running",
        "The VMI runs and is not paused.",
        "Nothing to do.",
        []
    ),
    entry!(
        VmPrintableStatus,
        "Paused",
        W,
        None,
        "Paused",
        "The VMI is Running with Paused=True.",
        "The guest is frozen.",
        [GET_VMI]
    ),
    entry!(
        VmPrintableStatus,
        "Stopping",
        I,
        None,
        "Stopping",
        "The VMI is being stopped.",
        "Wait.",
        [GET_VMI]
    ),
    entry!(
        VmPrintableStatus,
        "Terminating",
        I,
        None,
        "Terminating",
        "The VM is being deleted.",
        "Wait.",
        [GET_VM]
    ),
    entry!(
        VmPrintableStatus,
        "CrashLoopBackOff",
        E,
        None,
        "Crash loop",
        "The VMI keeps failing to start and restarts are backed off.",
        "Find the failure of the last VMI.",
        [GET_VM, EVENTS]
    ),
    entry!(
        VmPrintableStatus,
        "Migrating",
        I,
        None,
        "Migrating",
        "A live migration is in progress.",
        "Watch the VMIM.",
        [VMIMS]
    ),
    entry!(
        VmPrintableStatus,
        "Unknown",
        W,
        None,
        "Unknown",
        "No other status matched.",
        "Look at the VMI.",
        [GET_VMI]
    ),
    entry!(
        VmPrintableStatus,
        "ErrorUnschedulable",
        E,
        None,
        "Unschedulable",
        "The launcher pod cannot be scheduled.",
        "The VM does not start.",
        [PODS, EVENTS]
    ),
    entry!(
        VmPrintableStatus,
        "ErrImagePull",
        E,
        None,
        "Image pull error",
        "An image cannot be pulled.",
        "The VM does not start.",
        [PODS, EVENTS]
    ),
    entry!(
        VmPrintableStatus,
        "ImagePullBackOff",
        E,
        None,
        "Image pull back-off",
        "Image pulls keep failing.",
        "The VM does not start.",
        [PODS, EVENTS]
    ),
    entry!(
        VmPrintableStatus,
        "ErrorPvcNotFound",
        E,
        None,
        "PVC not found",
        "A referenced PVC does not exist.",
        "The VM does not start.",
        [PVC]
    ),
    entry!(
        VmPrintableStatus,
        "DataVolumeError",
        E,
        None,
        "DataVolume error",
        "A DataVolume reports an error.",
        "The VM does not start.",
        ["kubectl get dv -n {ns}"]
    ),
    entry!(
        VmPrintableStatus,
        "WaitingForVolumeBinding",
        W,
        None,
        "Waiting for volume binding",
        "PVCs are not bound yet.",
        "The VM does not start until they bind.",
        [PVC]
    ),
    entry!(
        VmPrintableStatus,
        "WaitingForReceiver",
        I,
        None,
        "Waiting for receiver",
        "The VM waits as the receiver of a cross-cluster migration.",
        "Nothing runs until the source syncs.",
        [GET_VM]
    ),
];

fn render(template: &str, s: &Subject) -> String {
    let uid = s.uid.clone().unwrap_or_else(|| {
        format!(
            "$(kubectl get vmi {} -n {} -o jsonpath='{{.metadata.uid}}')",
            s.name, s.namespace
        )
    });
    template
        .replace(
            "{ns}",
            if s.namespace.is_empty() {
                "<namespace>"
            } else {
                &s.namespace
            },
        )
        .replace("{name}", if s.name.is_empty() { "<vmi>" } else { &s.name })
        .replace("{node}", s.node.as_deref().unwrap_or("<node>"))
        .replace(
            "{migration}",
            s.migration.as_deref().unwrap_or("<migration>"),
        )
        .replace("{pod}", s.pod.as_deref().unwrap_or("<virt-launcher pod>"))
        .replace("{uid}", &uid)
}

fn from_entry(e: &Entry, value: &str, s: &Subject) -> Explanation {
    Explanation {
        topic: e.topic,
        value: value.to_string(),
        title: e.title.to_string(),
        meaning: e.meaning.to_string(),
        implies: e.implies.to_string(),
        can_migrate: e.can_migrate,
        next_steps: e.steps.iter().map(|t| render(t, s)).collect(),
        severity: e.severity,
        known: true,
    }
}

fn lookup(topic: Topic, value: &str) -> Option<&'static Entry> {
    CATALOGUE
        .iter()
        .find(|e| e.topic == topic && e.value == value)
}

/// True when the catalogue has an entry for exactly this value (no generic fallback).
pub fn has_entry(topic: Topic, value: &str) -> bool {
    lookup(topic, value).is_some() || (topic == Topic::Reason && agent_free_text(value).is_some())
}

/// The free-text `AgentVersionNotSupported` reasons, classified.
fn agent_free_text(value: &str) -> Option<&'static str> {
    let v = value.trim();
    if v.starts_with("This guest agent doesn't support required basic commands") {
        Some("basic")
    } else if v.starts_with("This guest agent doesn't support required public key commands") {
        Some("public key")
    } else if v.starts_with("This guest agent doesn't support required password commands") {
        Some("password")
    } else if v.starts_with("Guest agent version") && v.contains("is not supported") {
        Some("version")
    } else if v.starts_with("This guest agent doesn't support") {
        Some("other")
    } else {
        None
    }
}

/// Explains `value` of kind `topic` for `subject`. Never fails: unknown values get a generic
/// entry with `known: false`.
pub fn explain(topic: Topic, value: &str, subject: &Subject) -> Explanation {
    if let Some(e) = lookup(topic, value) {
        return from_entry(e, value, subject);
    }
    let trimmed = value.trim();
    if trimmed != value
        && let Some(e) = lookup(topic, trimmed)
    {
        return from_entry(e, value, subject);
    }
    if topic == Topic::EventReason
        && let Some(e) = lookup(Topic::Reason, value)
    {
        return from_entry(e, value, subject);
    }
    if topic == Topic::Reason
        && let Some(kind) = agent_free_text(value)
    {
        let what = match kind {
            "basic" => {
                "the basic commands KubeVirt needs (guest-ping, guest-info, guest-get-osinfo, …)"
            }
            "public key" => {
                "the commands to manage SSH public keys (needed for access credentials)"
            }
            "password" => "the commands to set passwords (needed for access credentials)",
            "version" => "a version this (older) virt-launcher accepts",
            _ => "a command KubeVirt needs",
        };
        return Explanation {
            topic,
            value: value.to_string(),
            title: "Guest agent not supported".into(),
            meaning: format!("The guest agent in the VM lacks {what}."),
            implies: "Guest data (OS info, IPs, users, filesystems) may be missing or incomplete; the agent endpoints still answer. Migration is not affected.".into(),
            can_migrate: None,
            next_steps: [GUESTINFO, "virtctl console {name} -n {ns}   # update qemu-guest-agent in the guest"]
                .iter()
                .map(|t| render(t, subject))
                .collect(),
            severity: Severity::Warning,
            known: true,
        };
    }
    generic(topic, value, subject)
}

fn generic(topic: Topic, value: &str, s: &Subject) -> Explanation {
    let shown = if value.is_empty() { "(empty)" } else { value };
    let (title, meaning, implies, severity, can_migrate, steps): (
        String,
        String,
        String,
        Severity,
        Option<bool>,
        &[&str],
    ) = match topic {
        Topic::Reason
            if value.ends_with("NotLiveMigratable") || value.ends_with("NotMigratable") =>
        {
            (
                format!("Not live-migratable ({shown})"),
                format!(
                    "A reason Strata does not know ({shown}), named like the reasons that block live migration; the condition's message has the detail."
                ),
                NOT_MIGRATABLE_IMPLIES.into(),
                Severity::Warning,
                Some(false),
                &[GET_VMI],
            )
        }
        Topic::Reason | Topic::EventReason if value.contains(' ') => (
            "Free-text reason".into(),
            format!(
                "The reason is a sentence rather than a code: \"{shown}\". It usually carries an error text."
            ),
            "Read it together with the condition or event it belongs to.".into(),
            Severity::Warning,
            None,
            &[GET_VMI, EVENTS],
        ),
        _ => (
            format!("Unrecognised value {shown}"),
            format!(
                "\"{shown}\" is not among the values Strata knows for {} (it may come from a newer or older KubeVirt). It is shown verbatim.",
                topic_name(topic)
            ),
            "Strata cannot say what it implies; read the message and events next to it.".into(),
            Severity::Warning,
            None,
            &[GET_VMI, EVENTS],
        ),
    };
    Explanation {
        topic,
        value: value.to_string(),
        title,
        meaning,
        implies,
        can_migrate,
        next_steps: steps.iter().map(|t| render(t, s)).collect(),
        severity,
        known: false,
    }
}

/// Human name of a topic.
pub fn topic_name(t: Topic) -> &'static str {
    match t {
        Topic::VmiPhase => "a VMI phase",
        Topic::ConditionType => "a VMI condition type",
        Topic::Reason => "a condition reason",
        Topic::EventReason => "an event reason",
        Topic::VmimPhase => "a migration phase",
        Topic::VmimCondition => "a migration condition",
        Topic::EvictionStrategy => "an eviction strategy",
        Topic::MigrationMode => "a migration mode",
        Topic::AbortStatus => "an abort status",
        Topic::VmPrintableStatus => "a VM status",
    }
}

/// Every value the catalogue knows for a topic (for UIs and tests).
pub fn known_values(topic: Topic) -> Vec<&'static str> {
    CATALOGUE
        .iter()
        .filter(|e| e.topic == topic)
        .map(|e| e.value)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subj() -> Subject {
        Subject {
            namespace: "prod".into(),
            name: "web".into(),
            node: Some("node-1".into()),
            uid: Some("u-1".into()),
            ..Default::default()
        }
    }

    #[test]
    fn entries_are_complete_and_unique() {
        let mut seen = std::collections::HashSet::new();
        for e in CATALOGUE {
            assert!(
                seen.insert((e.topic, e.value)),
                "duplicate {:?} {}",
                e.topic,
                e.value
            );
            assert!(
                !e.title.is_empty() && !e.meaning.is_empty() && !e.implies.is_empty(),
                "{}",
                e.value
            );
            let severe = e.severity >= Severity::Warning;
            assert!(
                !severe || !e.steps.is_empty(),
                "a warning needs a next step: {:?} {}",
                e.topic,
                e.value
            );
        }
    }

    #[test]
    fn commands_name_the_object() {
        let x = explain(Topic::Reason, "DisksNotLiveMigratable", &subj());
        assert!(x.known);
        assert_eq!(x.can_migrate, Some(false));
        assert!(
            x.next_steps
                .iter()
                .any(|s| s == "kubectl get vmi web -n prod -o yaml")
        );
        assert!(x.implies.contains("drain"));
        let p = explain(Topic::VmiPhase, "Scheduling", &subj());
        assert!(
            p.next_steps
                .iter()
                .any(|s| s.contains("kubevirt.io/created-by=u-1"))
        );
    }

    #[test]
    fn sentence_and_free_text_reasons() {
        let s = explain(
            Topic::Reason,
            "Synchronizing with the Domain failed.",
            &subj(),
        );
        assert!(s.known && s.severity == Severity::Error);
        let a = explain(
            Topic::Reason,
            "This guest agent doesn't support required password commands",
            &subj(),
        );
        assert!(a.known && a.meaning.contains("password"));
        let old = explain(
            Topic::Reason,
            "Guest agent version '2.5.0' is not supported",
            &subj(),
        );
        assert!(old.known && old.meaning.contains("version"));
    }

    #[test]
    fn unknown_values_get_generic_entries() {
        let u = explain(Topic::Reason, "QuantumFluxNotLiveMigratable", &subj());
        assert!(!u.known && u.can_migrate == Some(false));
        let f = explain(Topic::Reason, "something odd happened.", &subj());
        assert!(!f.known && f.title == "Free-text reason");
        let g = explain(Topic::VmiPhase, "Hibernating", &subj());
        assert!(!g.known && g.title.contains("Hibernating") && !g.next_steps.is_empty());
    }

    #[test]
    fn event_reasons_fall_back_to_controller_reasons() {
        let e = explain(Topic::EventReason, "FailedMigration", &subj());
        assert!(e.known && e.severity == Severity::Error);
    }
}
