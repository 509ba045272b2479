//! A VirtualMachine (kubevirt.io/v1), the parts Strata reads.

use super::meta::{Condition, ObjectMeta};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A VirtualMachine.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Vm {
    #[serde(deserialize_with = "super::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "super::lenient::any")]
    pub spec: VmSpec,
    #[serde(deserialize_with = "super::lenient::any")]
    pub status: VmStatus,
}
from_value_impl!(Vm);

/// `spec` of a VirtualMachine, the parts Strata reads.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VmSpec {
    #[serde(deserialize_with = "super::lenient::string")]
    pub run_strategy: Option<String>,
    /// Deprecated boolean form of the run strategy.
    #[serde(deserialize_with = "super::lenient::bool")]
    pub running: Option<bool>,
    /// `spec.template.spec.evictionStrategy`, lifted out.
    #[serde(
        rename = "template",
        deserialize_with = "template_eviction",
        serialize_with = "write_template_eviction"
    )]
    pub template_eviction_strategy: Option<String>,
}

/// Writes the lifted strategy back where it was read from, so a VM survives a JSON round trip
/// (the browser receives VMs serialized by the backend).
fn write_template_eviction<S: serde::Serializer>(
    v: &Option<String>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match v {
        Some(strategy) => {
            serde_json::json!({ "spec": { "evictionStrategy": strategy } }).serialize(s)
        }
        None => s.serialize_none(),
    }
}

fn template_eviction<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let v = Value::deserialize(d)?;
    Ok(v.pointer("/spec/evictionStrategy")
        .and_then(super::lenient::scalar_string))
}

/// `status` of a VirtualMachine.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VmStatus {
    #[serde(deserialize_with = "super::lenient::string")]
    pub printable_status: Option<String>,
    #[serde(deserialize_with = "super::lenient::bool")]
    pub ready: Option<bool>,
    #[serde(deserialize_with = "super::lenient::bool")]
    pub created: Option<bool>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub conditions: Vec<Condition>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub start_failure: Option<Value>,
}

impl Vm {
    /// The effective run strategy: `spec.runStrategy`, else derived from `spec.running`.
    pub fn run_strategy(&self) -> Option<String> {
        self.spec.run_strategy.clone().or_else(|| {
            self.spec.running.map(|r| {
                if r {
                    "Always".to_string()
                } else {
                    "Halted".to_string()
                }
            })
        })
    }
}

#[cfg(test)]
mod vm_round_trip {
    #[test]
    fn template_eviction_strategy_survives_json() {
        let vm = super::Vm::from_value(&serde_json::json!({
            "metadata": {"name": "v", "namespace": "n"},
            "spec": {"template": {"spec": {"evictionStrategy": "LiveMigrate"}}}
        }));
        assert_eq!(
            vm.spec.template_eviction_strategy.as_deref(),
            Some("LiveMigrate")
        );
        let back = super::Vm::from_value(&serde_json::to_value(&vm).unwrap());
        assert_eq!(back, vm);
    }
}
