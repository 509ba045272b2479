//! Field-level tolerant deserializers used by every type of [`super`] (the `kube` types).
//!
//! A field of the wrong shape becomes its default instead of failing the whole object, scalars are
//! accepted where strings are expected (YAML `name: 123`), and one bad list element is dropped
//! instead of emptying the list.

use serde::Deserialize;
use serde::de::{DeserializeOwned, Deserializer};
use serde_json::Value;
use std::collections::BTreeMap;

/// Any scalar as a string; `null`, objects and arrays as `None`.
pub fn string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(scalar_string(&Value::deserialize(d)?))
}

pub(crate) fn scalar_string(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// `true`/`false`, also as strings (`"true"`, `"True"`).
pub fn bool<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Bool(b) => Some(b),
        Value::String(s) if s.eq_ignore_ascii_case("true") => Some(true),
        Value::String(s) if s.eq_ignore_ascii_case("false") => Some(false),
        _ => None,
    })
}

/// A number, also from a numeric string.
pub fn f64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    Ok(number(&Value::deserialize(d)?))
}

pub(crate) fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok().filter(|f| f.is_finite()),
        _ => None,
    }
}

/// An integer, also from a numeric string; fractions are truncated.
pub fn i64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.abs() < 9e18).map(|f| f as i64)),
        Value::String(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    })
}

/// Any `T`, or `T::default()` when the value does not fit.
pub fn any<'de, D: Deserializer<'de>, T: DeserializeOwned + Default>(d: D) -> Result<T, D::Error> {
    Ok(serde_json::from_value(Value::deserialize(d)?).unwrap_or_default())
}

/// A list; elements that do not fit are dropped, a non-list becomes empty.
pub fn vec<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D) -> Result<Vec<T>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Array(items) => items
            .into_iter()
            .filter_map(|v| serde_json::from_value(v).ok())
            .collect(),
        _ => Vec::new(),
    })
}

/// A string map (labels, annotations, `activePods`); scalar values are stringified, others dropped.
pub fn map<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Object(m) => m
            .into_iter()
            .filter_map(|(k, v)| scalar_string(&v).map(|s| (k, s)))
            .collect(),
        _ => BTreeMap::new(),
    })
}

/// Any JSON value kept verbatim (for legacy or opaque parts such as `deviceStatus`).
pub fn value<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        v => Some(v),
    })
}

/// Reads `T` from a JSON value without failing: a non-object gives `T::default()`. Reads the
/// value in place (`&Value` is a deserializer), without copying it first.
pub fn from_value<T: DeserializeOwned + Default>(v: &Value) -> T {
    T::deserialize(v).unwrap_or_default()
}
