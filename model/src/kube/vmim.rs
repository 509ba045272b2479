//! A VirtualMachineInstanceMigration (kubevirt.io/v1), the parts Strata reads.

use super::meta::{Condition, ObjectMeta, PhaseTransition, find_condition, phase_entered};
use super::vmi::MigrationState;
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// A VirtualMachineInstanceMigration.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Vmim {
    #[serde(deserialize_with = "super::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "super::lenient::any")]
    pub spec: VmimSpec,
    #[serde(deserialize_with = "super::lenient::any")]
    pub status: VmimStatus,
}
from_value_impl!(Vmim);

/// `spec` of a VMIM.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VmimSpec {
    #[serde(deserialize_with = "super::lenient::string")]
    pub vmi_name: Option<String>,
    #[serde(deserialize_with = "super::lenient::map")]
    pub added_node_selector: BTreeMap<String, String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub priority: Option<String>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub send_to: Option<Value>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub receive: Option<Value>,
}

/// `status` of a VMIM.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VmimStatus {
    #[serde(deserialize_with = "super::lenient::string")]
    pub phase: Option<String>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub conditions: Vec<Condition>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub phase_transition_timestamps: Vec<PhaseTransition>,
    #[serde(deserialize_with = "super::lenient::any")]
    pub migration_state: Option<MigrationState>,
}

impl Vmim {
    /// `status.phase`, or `""`.
    pub fn phase(&self) -> &str {
        self.status.phase.as_deref().unwrap_or("")
    }
    /// `Succeeded` or `Failed`.
    pub fn is_final(&self) -> bool {
        matches!(self.phase(), "Succeeded" | "Failed")
    }
    /// The condition of the given type.
    pub fn condition(&self, type_: &str) -> Option<&Condition> {
        find_condition(&self.status.conditions, type_)
    }
    /// When the VMIM entered `phase`.
    pub fn phase_entered(&self, phase: &str) -> Option<Timestamp> {
        phase_entered(&self.status.phase_transition_timestamps, phase)
    }
}
