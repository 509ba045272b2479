//! What table rows and describe output say of each object, as evidence: a status value that
//! points at a layer (from [`super::vocab`]) becomes a [`Signal`] naming the object, with the
//! VMI it concerns; every object seen is remembered with its status, node and block, so a block
//! that says otherwise (the VMI Running on another node after a drain) is noted once the paste
//! is read and the newer sighting wins ([`super::supersede`]): the other's signals are withdrawn.

use super::age::Age;
use super::clock::{Clocks, ObjKey};
use super::vocab::{self, Kind, Meaning};
use crate::evidence::Signal;
use crate::kube::VmiKey;
use crate::verdict::{Health, Layer};
use crate::view::ReadItem;
use rustc_hash::FxHashMap;

/// One object as a block shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sighting {
    pub kind: Kind,
    pub namespace: String,
    pub name: String,
    /// Its STATUS/PHASE value (verbatim, may be empty).
    pub status: String,
    /// The node it runs on, when the block says.
    pub node: String,
    /// A migration's VMI (its VMI column or `Vmi Name:`), empty for other kinds.
    pub vmi: String,
    /// Its RESTARTS column (a DataVolume's `status.restartCount`), 0 when absent.
    pub restarts: u32,
    /// A pod's READY column: containers ready, of how many.
    pub ready: Option<(u32, u32)>,
    /// A pod's IP column (`-o wide`): `Some("")` when it says `<none>`, `None` without it.
    pub ip: Option<String>,
    /// Its AGE column, when the block has one.
    pub age: Option<Age>,
    pub line: usize,
    /// The first line of the block it was seen in.
    pub block: usize,
    /// `a kubectl get vmi table row`, `a kubectl describe vmi`.
    pub from: String,
    pub excerpt: String,
}

/// Everything sighted in a paste, in paste order.
#[derive(Debug, Default)]
pub struct Sightings {
    /// The sighting of each object that is read: the last in the paste until
    /// [`super::supersede::resolve`] picks the newest.
    pub(super) latest: FxHashMap<ObjKey, Sighting>,
    /// Every sighting of each object, in paste order.
    pub(super) history: FxHashMap<ObjKey, Vec<Sighting>>,
    /// What each block says of when it was taken.
    pub clocks: Clocks,
    /// The VMI each signal (by its line) concerns.
    pub subjects: Vec<(usize, VmiKey)>,
    /// Blocks that contradict each other, as sentences, with the line of the one read.
    pub contradictions: Vec<(usize, String)>,
    /// Lines whose signals a newer sighting of the same object withdrew.
    pub withdrawn: Vec<usize>,
    /// Nodes seen NotReady or Unknown (line of the signal), and nodes VMIs run on.
    pub down_nodes: Vec<(String, usize)>,
    pub vmi_nodes: Vec<String>,
    /// The lines of describe conditions that report a capability (`LiveMigratable`).
    pub capability_lines: Vec<usize>,
    /// The kind of object each sighted line shows.
    pub rows: FxHashMap<usize, Kind>,
    /// The rows of tables whose header names a kind Strata does not read (a Tekton
    /// PipelineRun's `SUCCEEDED REASON`, a custom resource's printer columns).
    pub foreign_rows: rustc_hash::FxHashSet<usize>,
}

/// The VMI a launcher pod serves: `virt-launcher-<vmi>-<5 chars>`.
pub fn launcher_vmi(pod: &str) -> Option<&str> {
    let rest = pod.strip_prefix("virt-launcher-")?;
    let (vmi, suffix) = rest.rsplit_once('-')?;
    (suffix.len() == 5 && !vmi.is_empty()).then_some(vmi)
}

/// The layer a pod's fault points at: KubeVirt's and CDI's control-plane pods, and the
/// Deployment-owned pods of a system namespace (a platform's controllers, e.g. Harvester's in
/// `harvester-system`), point at the control plane; virt-handler, launchers, DaemonSet pods
/// and any other pod at the node.
pub(super) fn pod_layer(namespace: &str, name: &str) -> Layer {
    const CONTROL: [&str; 5] = [
        "virt-controller",
        "virt-api",
        "virt-operator",
        "cdi-",
        "virt-exportproxy",
    ];
    // `kubevirt-hyperconverged`: the namespace the HyperConverged Cluster Operator installs into
    // (hyperconverged-cluster-operator deploy/).
    let system = namespace == "kube-system"
        || namespace.ends_with("-system")
        || matches!(
            namespace,
            "kubevirt" | "cdi" | "openshift-cnv" | "kubevirt-hyperconverged"
        );
    let node_side = name.starts_with("virt-handler") || name.starts_with("virt-launcher");
    // Whose pod it is before what its status word says: a network add-on's or a storage
    // daemon's pod is its component's (`signatures::components`), an operator's the control
    // plane's.
    if let Some((_, layer)) = crate::signatures::components::pod_owner(name)
        && !operator_pod(name)
    {
        return layer;
    }
    // CDI's population workers: the importer (`importer-<pvc>`, also `importer-prime-…` of the
    // populators: `pkg/controller/common` `ImporterPodName`) and the host-assisted clone's
    // source pod (`<pvc uid>-source-pod`, `ClonerSourcePodNameSuffix`); the upload server is
    // `cdi-upload-<pvc>`. A DataVolume's population is the control plane's by the corpus
    // conventions, whatever node its worker runs on.
    let cdi_worker = name.starts_with("importer-") || name.ends_with("-source-pod");
    if CONTROL.iter().any(|p| name.starts_with(p))
        || super::pod_owner::control_pod(name)
        || cdi_worker
        || (system && !node_side && is_replicaset_pod(name))
        || operator_pod(name)
    {
        Layer::ControlPlane
    } else {
        Layer::Node
    }
}

/// A pod of an operator's Deployment (`<name>-operator-<hash>-<5 chars>`), in any namespace: an
/// operator installs and reconciles the platform, so its crash is the control plane's.
fn operator_pod(name: &str) -> bool {
    let mut parts = name.rsplitn(3, '-');
    let (Some(_), Some(_), Some(base)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    is_replicaset_pod(name) && base.ends_with("-operator")
}

/// A pod a Deployment's ReplicaSet created: `<deployment>-<pod-template-hash>-<5 chars>`, both
/// suffixes in the alphabet of `rand.SafeEncodeString` (k8s.io/apimachinery/pkg/util/rand; the
/// hash is `ComputeHash` in k8s.io/kubernetes/pkg/controller/controller_utils.go). A
/// DaemonSet's or a StatefulSet's pod has only one suffix.
fn is_replicaset_pod(name: &str) -> bool {
    super::pod_owner::replicaset_base(name).is_some()
}

impl Sightings {
    /// Every object sighted (the latest sighting of each), in no set order.
    pub fn all(&self) -> impl Iterator<Item = &Sighting> {
        self.latest.values()
    }

    /// True when nothing was sighted.
    pub fn is_empty(&self) -> bool {
        self.latest.is_empty()
    }

    /// The VMIs the sightings name (VMIs, VMs, launcher pods, migrations), in no set order.
    pub fn vmis(&self) -> Vec<VmiKey> {
        let mut keys: Vec<VmiKey> = self
            .latest
            .values()
            .filter_map(|s| {
                let name = match s.kind {
                    Kind::Vmi | Kind::Vm => s.name.as_str(),
                    Kind::Pod => launcher_vmi(&s.name)?,
                    Kind::Vmim if !s.vmi.is_empty() => s.vmi.as_str(),
                    _ => return None,
                };
                Some((
                    s.line,
                    VmiKey {
                        cluster: String::new(),
                        namespace: s.namespace.clone(),
                        name: name.to_string(),
                    },
                ))
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|(_, k)| k)
            .collect();
        keys.sort_by(|a, b| (&a.namespace, &a.name).cmp(&(&b.namespace, &b.name)));
        keys.dedup();
        keys
    }

    /// Records one object seen; returns the signal its status implies (if it is not healthy)
    /// and a read item.
    pub fn see(&mut self, s: Sighting) -> (Option<Signal>, ReadItem) {
        let key = (s.kind, s.namespace.clone(), s.name.clone());
        self.history.entry(key.clone()).or_default().push(s.clone());
        self.rows.insert(s.line, s.kind);
        if s.kind == Kind::Vmi && !s.node.is_empty() {
            self.vmi_nodes.push(s.node.clone());
        }
        let meaning = vocab::meaning(s.kind, &s.status);
        let what = match &meaning {
            Some(_) => format!(
                "{} {}: {}",
                s.kind.name(),
                qualified(&s.namespace, &s.name),
                s.status
            ),
            None if s.status.is_empty() => {
                format!("{} {}", s.kind.name(), qualified(&s.namespace, &s.name))
            }
            None => format!(
                "{} {}: {} (a value Strata does not know)",
                s.kind.name(),
                qualified(&s.namespace, &s.name),
                s.status
            ),
        };
        let item = ReadItem { line: s.line, what };
        let signal = meaning
            .map(|m| restarted_in_progress(&s, &m).unwrap_or(m))
            .map(|m| stuck_starting(&s, &m).unwrap_or(m))
            .map(|m| running_not_ready(&s, &m).unwrap_or(m))
            .map(|m| terminating_launcher(&s, &m).unwrap_or(m))
            .map(|m| {
                super::waiting_migration::waiting(s.kind, &s.from, s.age.as_ref(), &m).unwrap_or(m)
            })
            .and_then(|m| self.signal(&s, m));
        self.latest.insert(key, s);
        (signal, item)
    }

    fn signal(&mut self, s: &Sighting, m: Meaning) -> Option<Signal> {
        if !matches!(m.health, Health::Broken | Health::Degraded) {
            return None;
        }
        let layer = match s.kind {
            // A pod's fault is its owner's layer, but for its network set-up.
            Kind::Pod if m.layer == Some(Layer::Network) => m.layer,
            Kind::Pod => Some(pod_layer(&s.namespace, &s.name)),
            _ => m.layer,
        };
        let vmi = match s.kind {
            Kind::Vmi | Kind::Vm => Some(s.name.as_str()),
            Kind::Pod => launcher_vmi(&s.name),
            Kind::Vmim => (!s.vmi.is_empty()).then_some(s.vmi.as_str()),
            _ => None,
        };
        if let Some(v) = vmi {
            self.subjects.push((
                s.line,
                VmiKey {
                    cluster: String::new(),
                    namespace: s.namespace.clone(),
                    name: v.to_string(),
                },
            ));
        }
        if s.kind == Kind::Node {
            self.down_nodes.push((s.name.clone(), s.line));
        }
        let short = short_kind(s.kind);
        Some(Signal {
            signature: Some(format!("{short}-status:{}", m.value)),
            layer,
            plane: super::waiting_migration::plane(s.kind, m.value),
            health: m.health,
            title: format!(
                "{} {} is {}{}",
                s.kind.name(),
                qualified(&s.namespace, &s.name),
                s.status,
                match s.restarts {
                    0 => String::new(),
                    n => format!(" ({n} restarts)"),
                }
            ),
            cause: m.meaning.to_string(),
            next_steps: vec![describe_command(s.kind, &s.namespace, &s.name)],
            source: vocab::source(s.kind).to_string(),
            line: s.line,
            from: s.from.clone(),
            excerpt: super::excerpt::excerpt(&s.excerpt),
        })
    }
}

/// A DataVolume still populating (any phase but Succeeded that the vocabulary calls healthy)
/// whose populating pod has restarted: CDI counts the restarts of its importer, cloner or
/// upload pod in `status.restartCount` (the RESTARTS column), so the population keeps failing
/// and is retried. CDI `staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/
/// v1beta1/types.go` (DataVolumeStatus.RestartCount), set by pkg/controller (the pod's
/// container restart count).
fn restarted_in_progress(s: &Sighting, m: &Meaning) -> Option<Meaning> {
    if s.kind != Kind::Dv || s.restarts == 0 || m.health != Health::Healthy || m.layer.is_none() {
        return None;
    }
    Some(Meaning {
        health: Health::Degraded,
        meaning: "Its populating pod (importer, cloner or upload server) has restarted: the \
            population keeps failing and CDI retries it. Read that pod's log and the \
            DataVolume's events.",
        ..*m
    })
}

/// A virt-launcher pod printed `Terminating` (kubectl's printers.go prints it for a pod with a
/// deletionTimestamp): its VMI is being shut down or moved off the node. Shown alone, it is the
/// state someone pasted because it does not end: the node's kubelet not confirming the deletion
/// (a node down), or virt-launcher not finishing the domain's shutdown within its grace period.
fn terminating_launcher(s: &Sighting, m: &Meaning) -> Option<Meaning> {
    if s.kind != Kind::Pod || m.value != "Terminating" || launcher_vmi(&s.name).is_none() {
        return None;
    }
    Some(Meaning {
        layer: Some(crate::verdict::Layer::Node),
        health: Health::Degraded,
        meaning: "The VMI's launcher pod is being deleted (its VMI shut down, evicted or \
            migrated away). If it stays Terminating, its node does not confirm the deletion \
            (kubelet or the node down) or virt-launcher does not finish the domain's shutdown \
            within the pod's grace period: check the node and the pod's events.",
        ..*m
    })
}

/// A VMI still in a starting phase (Pending, Scheduling, Scheduled) whose AGE is past the
/// "stuck in a phase" limit: phases only move forward (KubeVirt
/// `staging/src/kubevirt.io/api/core/v1/types.go`, VirtualMachineInstancePhase), so it has been
/// starting for at least that long. Scheduled points at the node (virt-handler there never
/// started the domain), the earlier phases at the control plane (virt-controller, scheduling).
fn stuck_starting(s: &Sighting, m: &Meaning) -> Option<Meaning> {
    let starting = match s.kind {
        Kind::Vmi => matches!(m.value, "Pending" | "Scheduling" | "Scheduled"),
        // A pod's phase only moves forward too (PodPhase, k8s.io/api/core/v1/types.go); its
        // waiting reasons before its containers run.
        Kind::Pod => {
            matches!(m.value, "Pending" | "ContainerCreating" | "PodInitializing")
                || s.status.starts_with("Init:") && s.status[5..].contains('/')
        }
        // CDI's phases before its importer, cloner or upload pod runs (DataVolumePhase only
        // moves forward): the population never started.
        // So are the steps that move no data (`state::DV_STEPS_WITHOUT_TRANSFER`).
        Kind::Dv => {
            m.value == "Pending" || super::state::DV_STEPS_WITHOUT_TRANSFER.contains(&m.value)
        }
        _ => false,
    };
    let age = s.age?.low;
    if !starting || m.health != Health::Healthy {
        return None;
    }
    if age as f64 > crate::thresholds::STUCK_IN_PHASE_SECS
        && let Some(sandbox) = no_sandbox_network(s, m)
    {
        return Some(sandbox);
    }
    (age as f64 > crate::thresholds::STUCK_IN_PHASE_SECS).then_some(Meaning {
        health: Health::Degraded,
        meaning: match m.value {
            "Scheduled" => {
                "Stuck starting: its launcher pod was scheduled to a node long ago, \
                but virt-handler there never started the domain (the VMI would be Running). \
                Check the launcher pod and virt-handler on that node."
            }
            _ if s.kind == Kind::Dv => {
                "Stuck before its population started: CDI never got its importer, cloner or \
                upload pod running long after the DataVolume was created (the pod \
                unschedulable, its PVC unbound, its image not pulled). The DataVolume's events \
                and its pod's say which."
            }
            _ if s.kind == Kind::Pod => {
                "Stuck starting: the pod is still not running long \
                after it was created (unschedulable, e.g. every node cordoned or tainted, or \
                its volumes or images never ready). Its events (FailedScheduling, \
                FailedMount) say which."
            }
            _ => {
                "Stuck starting: virt-controller never got a launcher pod scheduled and \
                running for it. Check its events and its launcher pod."
            }
        },
        ..*m
    })
}

/// A launcher pod placed on a node (the kubelet reports `ContainerCreating`, `PodInitializing`
/// or `Init:N/M` only once the pod is bound) and still starting long after, whose `-o wide`
/// row shows no pod IP: the kubelet sets the pod's IPs from its sandbox once the network
/// plugin has set the sandbox up (`pkg/kubelet/kubelet_pods.go`, `generateAPIPodStatus`:
/// `podIPs` from the sandbox status; CNI ADD in `pkg/kubelet/kuberuntime`
/// `createPodSandbox`), so the pod's network set-up (the CNI plugin, Multus and the secondary
/// networks' plugins, their IPAM) has not finished. Its volumes waiting would say so in events
/// (`FailedMount`, read by their signatures); an image pull has its own status words.
fn no_sandbox_network(s: &Sighting, m: &Meaning) -> Option<Meaning> {
    let placed = matches!(m.value, "ContainerCreating" | "PodInitializing")
        || s.status.starts_with("Init:") && s.status[5..].contains('/');
    let launcher = launcher_vmi(&s.name).is_some();
    (s.kind == Kind::Pod && placed && launcher && s.ip.as_deref() == Some("")).then_some(Meaning {
        layer: Some(crate::verdict::Layer::Network),
        health: Health::Degraded,
        meaning: "Stuck starting with no pod IP: the kubelet placed the launcher pod but its \
            network was never set up (the CNI plugin, Multus or a secondary network's plugin and \
            its IPAM fail to add the pod's interfaces). `kubectl describe pod` shows \
            FailedCreatePodSandBox with the plugin's error (or FailedMount, if its volumes \
            wait instead).",
        ..*m
    })
}

/// A pod Running for long with containers not ready (READY `0/1`): `printPod` counts the
/// containers whose status is Ready (Kubernetes `pkg/printers/internalversion/printers.go`), so
/// a container fails its readiness probe or keeps restarting between runs.
fn running_not_ready(s: &Sighting, m: &Meaning) -> Option<Meaning> {
    let (ready, of) = s.ready?;
    let age = s.age?.low;
    (s.kind == Kind::Pod
        && m.value == "Running"
        && ready < of
        && age as f64 > crate::thresholds::STUCK_IN_PHASE_SECS)
        .then_some(Meaning {
            health: Health::Degraded,
            meaning: "Running but not ready long after it started: a container fails its \
                readiness probe or keeps restarting (its RESTARTS and `kubectl describe pod` \
                say which).",
            ..*m
        })
}

/// `vmi`, `pod`, `dv`: kubectl's short resource name.
pub fn short_kind(k: Kind) -> &'static str {
    match k {
        Kind::Vm => "vm",
        Kind::Vmi => "vmi",
        Kind::Vmim => "vmim",
        Kind::Pod => "pod",
        Kind::Node => "node",
        Kind::Pvc => "pvc",
        Kind::Dv => "dv",
        Kind::Event => "event",
        Kind::Vmirs => "vmirs",
        Kind::MigrationPolicy => "migrationpolicy",
    }
}

pub(super) fn qualified(ns: &str, name: &str) -> String {
    if ns.is_empty() {
        name.to_string()
    } else {
        format!("{ns}/{name}")
    }
}

fn describe_command(kind: Kind, ns: &str, name: &str) -> String {
    let ns = if ns.is_empty() || kind == Kind::Node {
        String::new()
    } else {
        format!(" -n {ns}")
    };
    format!("kubectl describe {} {name}{ns}", short_kind(kind))
}
