//! What every step of the interpretation reads: the VMIM, its context, the `migrationState` that
//! belongs to it (the VMI's when the UIDs match, else the VMIM's copy) and the names derived from
//! them.

use super::MigrationContext;
use crate::explain::Subject;
use crate::kube::Vmim;
use crate::kube::vmi::MigrationState;

/// The facts of one migration, read once.
pub(super) struct Seen<'a> {
    pub vmim: Option<&'a Vmim>,
    pub ctx: MigrationContext<'a>,
    /// The `migrationState` that belongs to this migration.
    pub ms: Option<&'a MigrationState>,
    /// Where `ms` was read: `vmi.status` or `vmim.status`.
    pub ms_prefix: &'static str,
    pub vmim_uid: Option<&'a str>,
    pub namespace: String,
    pub vmi_name: String,
    /// The VMIM name, or the `migrationUid` when only the VMI's state is known; may be empty.
    pub name: String,
    pub phase: String,
    /// `Succeeded` or `Failed`.
    pub is_final_phase: bool,
    /// `migrationState.mode`, when set.
    pub mode: Option<String>,
    pub subject: Subject,
}

impl<'a> Seen<'a> {
    pub fn read(vmim: Option<&'a Vmim>, ctx: MigrationContext<'a>) -> Seen<'a> {
        let vmi_ms = ctx.vmi.and_then(|v| v.status.migration_state.as_ref());
        let vmim_uid = vmim.and_then(|m| m.metadata.uid.as_deref());
        // The VMI's migrationState belongs to this VMIM only when the UIDs match (or nothing
        // says otherwise).
        let vmi_ms_matches = match (vmi_ms, vmim_uid) {
            (Some(ms), Some(uid)) => ms.migration_uid.as_deref().is_none_or(|u| u == uid),
            (Some(_), None) => vmim.is_none(),
            _ => false,
        };
        let (ms, ms_prefix): (Option<&MigrationState>, &str) = if vmi_ms_matches {
            (vmi_ms, "vmi.status")
        } else {
            (
                vmim.and_then(|m| m.status.migration_state.as_ref()),
                "vmim.status",
            )
        };
        let namespace = vmim
            .map(|m| m.metadata.namespace().to_string())
            .or_else(|| ctx.vmi.map(|v| v.metadata.namespace().to_string()))
            .unwrap_or_default();
        let vmi_name = vmim
            .and_then(|m| m.spec.vmi_name.clone())
            .or_else(|| ctx.vmi.map(|v| v.metadata.name().to_string()))
            .unwrap_or_default();
        let name = vmim
            .map(|m| m.metadata.name().to_string())
            .or_else(|| ms.and_then(|m| m.migration_uid.clone()))
            .unwrap_or_default();
        let phase = vmim.map(|m| m.phase().to_string()).unwrap_or_default();
        let subject = Subject {
            namespace: namespace.clone(),
            name: vmi_name.clone(),
            node: ms.and_then(|m| m.source_node.clone()),
            uid: ctx.vmi.and_then(|v| v.metadata.uid.clone()),
            migration: Some(name.clone()).filter(|n| !n.is_empty()),
            pod: ms.and_then(|m| m.source_pod.clone()),
        };
        Seen {
            vmim,
            ctx,
            ms,
            ms_prefix,
            vmim_uid,
            namespace,
            vmi_name,
            is_final_phase: matches!(phase.as_str(), "Succeeded" | "Failed"),
            mode: ms.and_then(|m| m.mode.clone()).filter(|m| !m.is_empty()),
            name,
            phase,
            subject,
        }
    }

    /// A citation of a `migrationState` field, e.g. `vmi.status.migrationState.mode = PostCopy`.
    pub fn cite(&self, field: &str, value: impl std::fmt::Display) -> String {
        format!("{}.migrationState.{field} = {value}", self.ms_prefix)
    }

    /// Whether the migration state says it failed.
    pub fn ms_failed(&self) -> bool {
        self.ms.is_some_and(MigrationState::is_failed)
    }
}
