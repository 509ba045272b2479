//! Field-level tolerant deserializers used by every type of [`super`] (the `kube` types).
//!
//! A field of the wrong shape becomes its default instead of failing the whole object, scalars are
//! accepted where strings are expected (YAML `name: 123`), and one bad list element is dropped
//! instead of emptying the list.
//!
//! Scalars are read straight from the deserializer ([`scalar`]), never through a copied
//! [`Value`]. A nested object or list is read in place when the deserializer reads a [`Value`]
//! already in memory (how a dump's objects are read); from any other deserializer (a JSON
//! stream) it is first copied into a [`Value`], so a part that does not fit cannot leave the
//! stream half-read, except inside [`from_text`] ([`stream`]: read in place, a part that does
//! not fit failing the read, which is then made the copying way). `reference` keeps the copying
//! version every reader is tested against.

#[cfg(test)]
mod reference;
#[cfg(test)]
mod same_as_reference;
mod scalar;
mod stream;
#[cfg(test)]
mod stream_tests;

use scalar::Scalar;
use serde::Deserialize;
use serde::de::{DeserializeOwned, DeserializeSeed, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;
pub use stream::from_text;

/// Any scalar as a string; `null`, objects and arrays as `None`.
pub fn string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(Scalar::deserialize(d)?.into_string())
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
    Ok(Scalar::deserialize(d)?.into_bool())
}

/// A number, also from a numeric string.
pub fn f64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    Ok(Scalar::deserialize(d)?.into_f64())
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
    Ok(Scalar::deserialize(d)?.into_i64())
}

/// Whether `D` reads a [`Value`] already in memory (`&Value` or `Value`). Each field and element
/// of such a value is a value of its own: a part that does not fit fails alone and the rest is
/// read on, so it can be read in place instead of copied out first. (A type's name is the only
/// test stable Rust offers for a deserializer that is not `'static`.)
fn reads_a_value<D>() -> bool {
    let d = std::any::type_name::<D>();
    d == std::any::type_name::<&Value>() || d == std::any::type_name::<Value>()
}

/// Any `T`, or `T::default()` when the value does not fit.
pub fn any<'de, D: Deserializer<'de>, T: DeserializeOwned + Default>(d: D) -> Result<T, D::Error> {
    if reads_a_value::<D>() {
        return Ok(T::deserialize(d).unwrap_or_default());
    }
    if stream::strict() {
        // Does not fit: the whole text is read again the copying way ([`from_text`]).
        return T::deserialize(d);
    }
    Ok(serde_json::from_value(Value::deserialize(d)?).unwrap_or_default())
}

/// A list; elements that do not fit are dropped, a non-list becomes empty.
pub fn vec<'de, D: Deserializer<'de>, T: DeserializeOwned>(d: D) -> Result<Vec<T>, D::Error> {
    if reads_a_value::<D>() {
        return d.deserialize_any(InPlaceVec::<T>::dropping_misfits());
    }
    if stream::strict() {
        return d.deserialize_any(InPlaceVec::<T>::strictly());
    }
    Ok(match Value::deserialize(d)? {
        Value::Array(items) => items
            .into_iter()
            .filter_map(|v| serde_json::from_value(v).ok())
            .collect(),
        _ => Vec::new(),
    })
}

/// [`vec`] read in place: on a value in memory, the elements that do not fit dropped; in
/// [`from_text`]'s strict read, one that does not fit fails the read.
struct InPlaceVec<T> {
    strict: bool,
    of: PhantomData<T>,
}

impl<T> InPlaceVec<T> {
    fn dropping_misfits() -> Self {
        InPlaceVec {
            strict: false,
            of: PhantomData,
        }
    }

    fn strictly() -> Self {
        InPlaceVec {
            strict: true,
            of: PhantomData,
        }
    }
}

impl<'de, T: DeserializeOwned> Visitor<'de> for InPlaceVec<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        if self.strict {
            while let Some(item) = seq.next_element::<T>()? {
                out.push(item);
            }
            return Ok(out);
        }
        while let Some(item) = seq.next_element_seed(Fits::<T>(PhantomData))? {
            out.extend(item);
        }
        Ok(out)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Vec<T>, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Vec::new())
    }

    fn visit_bool<E>(self, _: bool) -> Result<Vec<T>, E> {
        Ok(Vec::new())
    }
    fn visit_i64<E>(self, _: i64) -> Result<Vec<T>, E> {
        Ok(Vec::new())
    }
    fn visit_u64<E>(self, _: u64) -> Result<Vec<T>, E> {
        Ok(Vec::new())
    }
    fn visit_f64<E>(self, _: f64) -> Result<Vec<T>, E> {
        Ok(Vec::new())
    }
    fn visit_str<E>(self, _: &str) -> Result<Vec<T>, E> {
        Ok(Vec::new())
    }
    fn visit_unit<E>(self) -> Result<Vec<T>, E> {
        Ok(Vec::new())
    }
    fn visit_none<E>(self) -> Result<Vec<T>, E> {
        Ok(Vec::new())
    }
}

/// One element read in place: `None` when it does not fit.
struct Fits<T>(PhantomData<T>);

impl<'de, T: DeserializeOwned> DeserializeSeed<'de> for Fits<T> {
    type Value = Option<T>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
        Ok(T::deserialize(d).ok())
    }
}

/// A string map (labels, annotations, `activePods`); scalar values are stringified, others dropped.
pub fn map<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, String>, D::Error> {
    scalar::map(d)
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

/// [`from_value`] of a value that is not needed after: its strings are moved into `T`, not
/// copied.
pub fn from_owned<T: DeserializeOwned + Default>(v: Value) -> T {
    T::deserialize(v).unwrap_or_default()
}
