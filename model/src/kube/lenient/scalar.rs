//! One value read as a scalar, straight from the deserializer: a string, a boolean, a number or
//! "something else" (null, an object, a list, which are read through and dropped). What
//! [`super::string`], [`super::bool`], [`super::i64`] and [`super::f64`] make of it is what they
//! made of the same value as a [`serde_json::Value`], without building one (a label map of a
//! 10,000-VMI dump is then one allocation per string instead of three).

use serde::Deserialize;
use serde::de::{Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Number;
use std::collections::BTreeMap;
use std::fmt;

/// A value as the lenient readers see it.
pub(super) enum Scalar {
    Str(String),
    Bool(bool),
    Num(Number),
    /// Null, an object or a list.
    Other,
}

impl Scalar {
    /// As [`super::scalar_string`] of the same value.
    pub(super) fn into_string(self) -> Option<String> {
        match self {
            Scalar::Str(s) => Some(s),
            Scalar::Num(n) => Some(n.to_string()),
            Scalar::Bool(b) => Some(b.to_string()),
            Scalar::Other => None,
        }
    }

    pub(super) fn into_bool(self) -> Option<bool> {
        match self {
            Scalar::Bool(b) => Some(b),
            Scalar::Str(s) if s.eq_ignore_ascii_case("true") => Some(true),
            Scalar::Str(s) if s.eq_ignore_ascii_case("false") => Some(false),
            _ => None,
        }
    }

    /// As [`super::number`] of the same value.
    pub(super) fn into_f64(self) -> Option<f64> {
        match self {
            Scalar::Num(n) => n.as_f64(),
            Scalar::Str(s) => s.trim().parse::<f64>().ok().filter(|f| f.is_finite()),
            _ => None,
        }
    }

    pub(super) fn into_i64(self) -> Option<i64> {
        match self {
            Scalar::Num(n) => n
                .as_i64()
                .or_else(|| n.as_f64().filter(|f| f.abs() < 9e18).map(|f| f as i64)),
            Scalar::Str(s) => s.trim().parse::<i64>().ok(),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scalar, D::Error> {
        d.deserialize_any(ScalarVisitor)
    }
}

/// Mirrors `serde_json`'s own visitor for [`serde_json::Value`] (`value/de.rs`), keeping only
/// what a scalar reader looks at.
struct ScalarVisitor;

impl<'de> Visitor<'de> for ScalarVisitor {
    type Value = Scalar;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Scalar, E> {
        Ok(Scalar::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Scalar, E> {
        Ok(Scalar::Num(v.into()))
    }

    fn visit_i128<E: serde::de::Error>(self, v: i128) -> Result<Scalar, E> {
        Number::deserialize(serde::de::value::I128Deserializer::new(v)).map(Scalar::Num)
    }

    fn visit_u64<E>(self, v: u64) -> Result<Scalar, E> {
        Ok(Scalar::Num(v.into()))
    }

    fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<Scalar, E> {
        Number::deserialize(serde::de::value::U128Deserializer::new(v)).map(Scalar::Num)
    }

    fn visit_f64<E>(self, v: f64) -> Result<Scalar, E> {
        Ok(Number::from_f64(v).map_or(Scalar::Other, Scalar::Num))
    }

    fn visit_str<E>(self, v: &str) -> Result<Scalar, E> {
        Ok(Scalar::Str(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Scalar, E> {
        Ok(Scalar::Str(v))
    }

    fn visit_none<E>(self) -> Result<Scalar, E> {
        Ok(Scalar::Other)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Scalar, D::Error> {
        Scalar::deserialize(d)
    }

    fn visit_unit<E>(self) -> Result<Scalar, E> {
        Ok(Scalar::Other)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Scalar, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Scalar::Other)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Scalar, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Scalar::Other)
    }
}

/// [`super::map`]: the entries of a mapping whose values are scalars, stringified; a key given
/// twice keeps its last value (as a [`serde_json::Value`] map does), and is dropped when that
/// value is no scalar. Anything but a mapping gives an empty map.
pub(super) fn map<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, String>, D::Error> {
    d.deserialize_any(MapVisitor)
}

struct MapVisitor;

impl<'de> Visitor<'de> for MapVisitor {
    type Value = BTreeMap<String, String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = BTreeMap::new();
        while let Some((k, v)) = map.next_entry::<String, Scalar>()? {
            match v.into_string() {
                Some(s) => {
                    out.insert(k, s);
                }
                None => {
                    out.remove(&k);
                }
            }
        }
        Ok(out)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(BTreeMap::new())
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        map(d)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(BTreeMap::new())
    }
    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(BTreeMap::new())
    }
    fn visit_i128<E>(self, _: i128) -> Result<Self::Value, E> {
        Ok(BTreeMap::new())
    }
    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(BTreeMap::new())
    }
    fn visit_u128<E>(self, _: u128) -> Result<Self::Value, E> {
        Ok(BTreeMap::new())
    }
    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(BTreeMap::new())
    }
    fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
        Ok(BTreeMap::new())
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(BTreeMap::new())
    }
    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(BTreeMap::new())
    }
}
