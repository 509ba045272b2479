//! [`Stamp`]: a Kubernetes time (a condition's `lastTransitionTime`) as the backend keeps it,
//! thousands of times over (a condition of every VM).
//!
//! The API server writes `metav1.Time` in RFC 3339 at second precision, UTC, `Z`
//! (`k8s.io/apimachinery/pkg/apis/meta/v1/time.go`, `MarshalJSON`: `RFC3339` after `UTC()`):
//! 20 characters, which as a `Box<str>` is 16 bytes inline and a 32-byte heap chunk. A time in
//! exactly the form [`Timestamp`] writes back is kept as its milliseconds, inline and without
//! an allocation; any other text is kept verbatim. Either way the text reads back exactly as it
//! came.

use model::time::Timestamp;
use std::fmt;

/// A time's text (see the module documentation). 16 bytes, also as an `Option`, and no heap
/// for a canonical time; other text behind a thin pointer (it is rare).
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Stamp {
    At(Timestamp),
    Text(Box<Box<str>>),
}

impl Stamp {
    pub fn new(s: &str) -> Stamp {
        match Timestamp::parse(s) {
            Some(t) if t.to_rfc3339() == s => Stamp::At(t),
            _ => Stamp::Text(Box::new(s.into())),
        }
    }
}

impl fmt::Display for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stamp::At(t) => f.write_str(&t.to_rfc3339()),
            Stamp::Text(s) => f.write_str(s),
        }
    }
}

impl fmt::Debug for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_string())
    }
}

impl serde::Serialize for Stamp {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Stamp {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Stamp, D::Error> {
        let s = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Ok(Stamp::new(&s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_canonical_time_is_kept_inline_and_every_time_reads_back_as_it_came() {
        let t = Stamp::new("2024-01-01T00:00:00Z");
        assert!(matches!(t, Stamp::At(_)), "{t:?}");
        assert_eq!(t.to_string(), "2024-01-01T00:00:00Z");
        // Not in the canonical form: verbatim (an offset, fractions, lower case, garbage).
        for other in [
            "2024-01-01T02:00:00+02:00",
            "2024-01-01T00:00:00.000000Z",
            "2024-01-01t00:00:00z",
            "yesterday",
            "",
        ] {
            let s = Stamp::new(other);
            assert!(matches!(s, Stamp::Text(_)), "{other}");
            assert_eq!(s.to_string(), other);
        }
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, "\"2024-01-01T00:00:00Z\"");
        assert_eq!(serde_json::from_str::<Stamp>(&json).unwrap(), t);
        assert_eq!(std::mem::size_of::<Option<Stamp>>(), 16);
    }
}
