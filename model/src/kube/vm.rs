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

/// `spec.template`'s `spec.evictionStrategy` (any scalar, as a string), read as it streams by:
/// the template, most of a VM, is not copied. The same as `pointer("/spec/evictionStrategy")` on
/// the template's [`Value`]: only objects are looked into, a key given twice counts by its last
/// value, anything else is `None`.
fn template_eviction<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    d.deserialize_any(LastKey(&["spec", "evictionStrategy"]))
}

/// Whether a map's key is this one (compared as it is read, not kept).
struct IsKey(&'static str);

impl<'de> serde::de::DeserializeSeed<'de> for IsKey {
    type Value = bool;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> serde::de::Visitor<'de> for IsKey {
    type Value = bool;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E>(self, key: &str) -> Result<bool, E> {
        Ok(key == self.0)
    }
}

/// The scalar at a path of object keys, as a string (see [`template_eviction`]).
#[derive(Clone, Copy)]
struct LastKey(&'static [&'static str]);

impl<'de> serde::de::DeserializeSeed<'de> for LastKey {
    type Value = Option<String>;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Option<String>, D::Error> {
        match self.0 {
            [] => super::lenient::string(d),
            _ => d.deserialize_any(self),
        }
    }
}

impl<'de> serde::de::Visitor<'de> for LastKey {
    type Value = Option<String>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut found = None;
        while let Some(wanted) = map.next_key_seed(IsKey(self.0[0]))? {
            if wanted {
                found = map.next_value_seed(LastKey(&self.0[1..]))?;
            } else {
                map.next_value::<serde::de::IgnoredAny>()?;
            }
        }
        Ok(found)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
        Ok(None)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        serde::de::DeserializeSeed::deserialize(self, d)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
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
