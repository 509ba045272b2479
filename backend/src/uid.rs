//! [`Uid`]: a `metadata.uid` as the backend keeps it, thousands of times over (launcher pods, VMs,
//! the flight recorder's last sight of each VMI, events).
//!
//! The API server gives every object a random UUID in its canonical lowercase text, 36
//! characters (`k8s.io/apiserver/pkg/registry/rest/create.go`, `FillObjectMetaSystemFields`,
//! through `k8s.io/apimachinery/pkg/util/uuid`), which as a `Box<str>` is 16 bytes
//! inline and a 48-byte heap chunk. A UID in exactly that form (lowercase hex, dashes at 8, 13,
//! 18 and 23) is kept as its 16 bytes, inline and without an allocation; any other text (an
//! object made by hand, a test's `uid-1`) is kept verbatim. Either way the text reads back
//! exactly as it came.

use std::fmt;

/// A `metadata.uid` (see the module documentation). 24 bytes, no heap for a canonical UUID.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Uid {
    Uuid([u8; 16]),
    Text(Box<str>),
}

/// Where the dashes of a canonical UUID are.
const DASHES: [usize; 4] = [8, 13, 18, 23];

fn hex(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    }
}

/// Where each byte's two hex digits start in a canonical UUID.
const PAIRS: [usize; 16] = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/// The 16 bytes of `s` when it is a UUID in canonical lowercase text.
fn uuid_bytes(s: &str) -> Option<[u8; 16]> {
    let b = s.as_bytes();
    if b.len() != 36 || DASHES.iter().any(|&i| b[i] != b'-') {
        return None;
    }
    let mut out = [0u8; 16];
    for (byte, &at) in out.iter_mut().zip(&PAIRS) {
        *byte = (hex(b[at])? << 4) | hex(b[at + 1])?;
    }
    Some(out)
}

/// The canonical text of a UUID's 16 bytes.
fn uuid_text(bytes: &[u8; 16]) -> [u8; 36] {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = [b'-'; 36];
    for (&byte, &at) in bytes.iter().zip(&PAIRS) {
        out[at] = DIGITS[usize::from(byte >> 4)];
        out[at + 1] = DIGITS[usize::from(byte & 0xf)];
    }
    out
}

impl Uid {
    pub fn new(s: &str) -> Uid {
        match uuid_bytes(s) {
            Some(b) => Uid::Uuid(b),
            None => Uid::Text(s.into()),
        }
    }

    /// `None` for an absent or empty UID.
    pub fn of(s: Option<&str>) -> Option<Uid> {
        s.filter(|s| !s.is_empty()).map(Uid::new)
    }

    /// Whether this is the UID `s` (compared without building a string).
    pub fn is(&self, s: &str) -> bool {
        match self {
            Uid::Uuid(b) => uuid_bytes(s).as_ref() == Some(b),
            Uid::Text(t) => **t == *s,
        }
    }
}

impl fmt::Display for Uid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Uid::Text(t) => f.write_str(t),
            // Hex digits and dashes: ASCII.
            Uid::Uuid(b) => f.write_str(std::str::from_utf8(&uuid_text(b)).unwrap_or_default()),
        }
    }
}

impl fmt::Debug for Uid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_string())
    }
}

impl serde::Serialize for Uid {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Uid {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Uid, D::Error> {
        let s = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Ok(Uid::new(&s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_canonical_uuid_is_kept_inline_and_every_uid_reads_back_as_it_came() {
        let uuid = "0f3c9a2e-5b1d-4c7e-9a8b-1234567890ab";
        let u = Uid::new(uuid);
        assert!(matches!(u, Uid::Uuid(_)), "{u:?}");
        assert_eq!(u.to_string(), uuid);
        assert!(u.is(uuid) && !u.is("0f3c9a2e-5b1d-4c7e-9a8b-1234567890ac"));
        // Not canonical: kept verbatim (upper case, no dashes, a dash misplaced, not hex).
        for other in [
            "0F3C9A2E-5B1D-4C7E-9A8B-1234567890AB",
            "0f3c9a2e5b1d4c7e9a8b1234567890ab",
            "0f3c9a2e5-b1d-4c7e-9a8b-1234567890ab",
            "0f3c9a2e-5b1d-4c7e-9a8b-1234567890ag",
            "uid-1",
            "é",
        ] {
            let t = Uid::new(other);
            assert!(matches!(t, Uid::Text(_)), "{other}");
            assert_eq!(t.to_string(), other);
            assert!(t.is(other) && !t.is(uuid));
        }
        for text in [
            "00000000-0000-0000-0000-000000000000",
            "ffffffff-ffff-ffff-ffff-ffffffffffff",
            "01234567-89ab-cdef-fedc-ba9876543210",
        ] {
            assert!(matches!(Uid::new(text), Uid::Uuid(_)));
            assert_eq!(Uid::new(text).to_string(), text);
        }
        assert_eq!(Uid::of(Some("")), None);
        assert_eq!(Uid::of(None), None);
        // Serialized as its text, read back the same.
        let json = serde_json::to_string(&u).unwrap();
        assert_eq!(json, format!("\"{uuid}\""));
        assert_eq!(serde_json::from_str::<Uid>(&json).unwrap(), u);
        // Smaller than a boxed string and its 48-byte heap chunk, and no larger with `Option`.
        assert_eq!(std::mem::size_of::<Uid>(), 24);
        assert_eq!(std::mem::size_of::<Option<Uid>>(), 24);
    }
}
