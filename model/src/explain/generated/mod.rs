//! Tables generated from KubeVirt's and CDI's source by `cargo xtask catalog`, and their lookups.
//!
//! Each table file names the checkout it was read from ([`KUBEVIRT`], [`CDI_SOURCE`]); the
//! generator's `--check` (and its test) fail when a committed table no longer matches that
//! checkout. These tables say only what KubeVirt *has*: every event reason its components record,
//! every condition type and reason, VM printable status, migration phase, abort status and
//! failure reason, the stable prefixes of its components' error strings, CDI's DataVolume values,
//! and which component and layer each package belongs to. Causes and next steps are hand-written
//! elsewhere (`explain::catalogue`, `signatures`) and layered on top of these.
//!
//! * [`lookup`]: `event_reason`, `condition`, `printable_status`, `vmi_phase`, `migration_value`,
//!   `data_volume_value`, `error_string` / `error_strings` (longest known prefix in a line, one
//!   pass),
//!   `component_of_file`, `layer_of_file`, `tables`.
//! * [`patterns`]: `third_party` (the third-party strings a line holds, verbs filled in: one
//!   automaton pass over each string's longest literal piece, its other pieces checked in
//!   order; the most specific win), `third_party_rows`, `third_party_pin`, `pieces`.
//!
//! The third-party tables (`third_party/`) hold the error and warning strings of the programs
//! operators paste next to KubeVirt's: the kubelet, its volume plugins, the volume controllers
//! and kube-scheduler (kubernetes), Longhorn's manager, engine and instance manager, CDI's
//! importer, controller, upload server and API server, Multus, the reference CNI plugins,
//! containerd and Harvester's controller manager and webhook, each string with the program that prints it and the layer of the folder it is
//! written in (the one table: `xtask/src/catalog/programs.rs`), each source pinned in
//! `third_party/mod.rs`.
//!
//! Generated files: `events.rs`, `conditions.rs`, `printable_status.rs`, `vmi_phase.rs`, `migration.rs`,
//! `errors_virt_{api,controller,handler,launcher}.rs`, `cdi.rs`, `components.rs`, `source.rs`,
//! `third_party/*.rs`. This file, `lookup.rs` and `patterns.rs` are not.

mod cdi;
mod components;
mod conditions;
mod errors_virt_api;
mod errors_virt_controller;
mod errors_virt_handler;
mod errors_virt_launcher;
mod events;
mod lookup;
mod migration;
mod patterns;
mod printable_status;
mod source;
mod third_party;
mod vmi_phase;

pub use cdi::CDI_SOURCE;
pub use lookup::{
    component_of_file, condition, data_volume_value, error_string, error_strings, event_reason,
    event_reasons, layer_of_file, migration_value, printable_status, tables, vmi_phase,
};
pub use patterns::{ThirdParty, pieces, third_party, third_party_pin, third_party_rows};
pub use source::KUBEVIRT;
pub use third_party::{
    CDI as THIRD_PARTY_CDI, CNI_PLUGINS, CONTAINERD, HARVESTER, KUBERNETES, LONGHORN_ENGINE,
    LONGHORN_INSTANCE_MANAGER, LONGHORN_MANAGER, MULTUS_CNI,
};

/// A pinned source checkout: repository, tag, commit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pin {
    pub repo: &'static str,
    pub tag: &'static str,
    pub commit: &'static str,
}

/// The program a source file is built into (KubeVirt's `cmd/virt-*`, CDI's `cmd/cdi-*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    VirtApi,
    VirtController,
    VirtHandler,
    VirtLauncher,
    VirtOperator,
    /// `kubevirt.io/api`: the types every component shares.
    KubevirtApi,
    CdiApiServer,
    CdiController,
    CdiImporter,
    CdiOperator,
    CdiUploadProxy,
    CdiUploadServer,
    /// `kubevirt.io/containerized-data-importer-api`.
    CdiApi,
}

impl Component {
    /// The name the component's pods and logs carry (`virt-handler`, `cdi-importer`).
    pub fn as_str(self) -> &'static str {
        match self {
            Component::VirtApi => "virt-api",
            Component::VirtController => "virt-controller",
            Component::VirtHandler => "virt-handler",
            Component::VirtLauncher => "virt-launcher",
            Component::VirtOperator => "virt-operator",
            Component::KubevirtApi => "kubevirt-api",
            Component::CdiApiServer => "cdi-apiserver",
            Component::CdiController => "cdi-controller",
            Component::CdiImporter => "cdi-importer",
            Component::CdiOperator => "cdi-operator",
            Component::CdiUploadProxy => "cdi-uploadproxy",
            Component::CdiUploadServer => "cdi-uploadserver",
            Component::CdiApi => "cdi-api",
        }
    }
}

/// The layer a package belongs to. The same five as `verdict::Layer` (which this module may
/// not name: `verdict` depends on `explain`); callers map one to one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SourceLayer {
    ControlPlane,
    Node,
    Guest,
    Network,
    Migration,
}

/// What a value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The reason of an event recorded with type `Warning`.
    WarningEvent,
    /// The reason of an event recorded with type `Normal`.
    NormalEvent,
    VmiConditionType,
    VmConditionType,
    VmimConditionType,
    /// A condition reason constant (also used as an event reason by the controllers).
    ConditionReason,
    /// A VM `status.printableStatus`.
    PrintableStatus,
    /// A VMI `status.phase`.
    VmiPhase,
    /// A VMIM `status.phase`.
    MigrationPhase,
    /// A `migrationState.abortStatus`.
    MigrationAbortStatus,
    /// A literal written into `migrationState.failureReason`.
    MigrationFailureReason,
    /// The stable start of a failed-migration event's message.
    MigrationFailureMessage,
    /// The stable prefix of an `fmt.Errorf` / `errors.New` string.
    ErrorString,
    /// The stable prefix of an error-level log message.
    LogError,
    DataVolumePhase,
    DataVolumeConditionType,
    /// A reason constant of CDI's controllers (DataVolume conditions and events).
    DataVolumeReason,
}

/// One generated row: a value, what it is, and where KubeVirt (or CDI) declares or emits it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The value verbatim (for error strings: the stable prefix).
    pub value: &'static str,
    pub kind: Kind,
    pub component: Component,
    pub layer: SourceLayer,
    /// The source file, relative to its repository (CDI's start with
    /// `containerized-data-importer/`).
    pub file: &'static str,
}

/// The generated tables' row constructor.
const fn e(
    value: &'static str,
    kind: Kind,
    component: Component,
    layer: SourceLayer,
    file: &'static str,
) -> Entry {
    Entry {
        value,
        kind,
        component,
        layer,
        file,
    }
}

/// One third-party string (`third_party/tp_*.rs`): the message as its source writes it, format
/// verbs kept (`%v`, `%q`, C's `%llu`), matched with them filled in ([`third_party`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pattern {
    pub text: &'static str,
    /// The program that prints it (`kubelet`, `longhorn-manager`, `cdi-importer`).
    pub program: &'static str,
    /// `ErrorString` (an error value) or `LogError` (an error or warning log call, a Warning
    /// event's message).
    pub kind: Kind,
    /// The layer the folder it is written in is about (`xtask/src/catalog/programs.rs`).
    pub layer: SourceLayer,
    /// The source file, with its repository's short name in front (`kubernetes/pkg/…`,
    /// `longhorn-manager/controller/…`, `containerized-data-importer/pkg/…`).
    pub file: &'static str,
}

/// The third-party tables' row constructor.
const fn p(
    text: &'static str,
    program: &'static str,
    kind: Kind,
    layer: SourceLayer,
    file: &'static str,
) -> Pattern {
    Pattern {
        text,
        program,
        kind,
        layer,
        file,
    }
}
