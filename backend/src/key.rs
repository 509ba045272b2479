//! [`Key`]: a VMI's (or VM's) namespace and name as the backend's per-VMI maps keep them — the
//! launcher pods and VM records of [`crate::watch::Caches`] and the flight recorder's observer.
//!
//! A [`VmiKey`] is two `String`s: 48 bytes inline and two heap chunks (32 bytes each at least).
//! A `Key` is the two joined as `namespace/name` in one [`SmolStr`]: 24 bytes, kept inline up to
//! 23 bytes of text (`tenant-07/vm-00042`), else one shared heap copy. A namespace is a DNS label
//! and a name a DNS subdomain: neither holds a `/`, so the first `/` splits the key back.
//! Keys are ordered as their `VmiKey`s (namespace, then name), so a map iterates in the same
//! order it did with `VmiKey` keys.

use model::VmiKey;
use smol_str::SmolStr;
use std::cmp::Ordering;

/// `namespace/name` (see the module documentation).
#[derive(Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Key(SmolStr);

impl Key {
    pub fn new(namespace: &str, name: &str) -> Key {
        let mut b = smol_str::SmolStrBuilder::new();
        b.push_str(namespace);
        b.push('/');
        b.push_str(name);
        Key(b.finish())
    }

    pub fn of(key: &VmiKey) -> Key {
        Key::new(&key.namespace, &key.name)
    }

    /// (namespace, name).
    pub fn parts(&self) -> (&str, &str) {
        self.0.split_once('/').unwrap_or(("", &self.0))
    }

    pub fn namespace(&self) -> &str {
        self.parts().0
    }

    pub fn name(&self) -> &str {
        self.parts().1
    }

    pub fn to_vmi_key(&self) -> VmiKey {
        let (namespace, name) = self.parts();
        VmiKey {
            cluster: String::new(),
            namespace: namespace.to_string(),
            name: name.to_string(),
        }
    }

    /// `namespace/name`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether the text is kept inline (no heap).
    pub fn is_inline(&self) -> bool {
        !self.0.is_heap_allocated()
    }
}

impl From<&VmiKey> for Key {
    fn from(key: &VmiKey) -> Key {
        Key::of(key)
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Key) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Key {
    /// As the keys' `(namespace, name)` order, without splitting them (maps of 10,000 keys
    /// compare keys often): the first byte that differs decides, the `/` that ends a namespace
    /// counting below any other byte, unless the namespaces are already the same.
    fn cmp(&self, other: &Key) -> Ordering {
        let (a, b) = (self.0.as_bytes(), other.0.as_bytes());
        let same = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        let (rest_a, rest_b) = (&a[same..], &b[same..]);
        if a[..same].contains(&b'/') {
            // One namespace: the rest of the names decide.
            return rest_a.cmp(rest_b);
        }
        if !rest_a.contains(&b'/') || !rest_b.contains(&b'/') {
            // Not `namespace/name` (never made so): as split.
            return self.parts().cmp(&other.parts());
        }
        match (rest_a[0], rest_b[0]) {
            (b'/', _) => Ordering::Less,
            (_, b'/') => Ordering::Greater,
            _ => rest_a.cmp(rest_b),
        }
    }
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vk(namespace: &str, name: &str) -> VmiKey {
        VmiKey {
            cluster: String::new(),
            namespace: namespace.into(),
            name: name.into(),
        }
    }

    #[test]
    fn a_key_splits_back_and_orders_as_its_vmi_key() {
        // `-` and `.` sort before `/`: joined text alone would order `a-b/x` before `a/x`.
        let mut vmi_keys = vec![
            vk("a", "x"),
            vk("a-b", "x"),
            vk("a.b", "a"),
            vk("a", "x-1"),
            vk("", "bare"),
            vk("tenant-07", "vm-00042"),
            vk("a", "x.1"),
        ];
        let mut keys: Vec<Key> = vmi_keys.iter().map(Key::of).collect();
        vmi_keys.sort();
        keys.sort();
        let back: Vec<VmiKey> = keys.iter().map(Key::to_vmi_key).collect();
        assert_eq!(back, vmi_keys);
        // Every pair compares as its parts do, odd keys too.
        let mut odd: Vec<Key> = keys.clone();
        for text in [
            "a/b/c", "a/b", "a//", "/", "", "ab", "a", "a/", "/b", "a b/x", "a!/x",
        ] {
            odd.push(serde_json::from_value(serde_json::json!(text)).unwrap());
        }
        for x in &odd {
            for y in &odd {
                assert_eq!(x.cmp(y), x.parts().cmp(&y.parts()), "{x:?} {y:?}");
            }
        }
        let k = Key::of(&vk("tenant-07", "vm-00042"));
        assert_eq!(k.parts(), ("tenant-07", "vm-00042"));
        assert_eq!((k.namespace(), k.name()), ("tenant-07", "vm-00042"));
        assert_eq!(k.as_str(), "tenant-07/vm-00042");
        assert!(k.is_inline(), "short keys take no heap");
        let long = Key::new("a-rather-long-namespace", "and-a-long-vm-name");
        assert!(!long.is_inline());
        assert_eq!(long.name(), "and-a-long-vm-name");
        let json = serde_json::to_string(&long).unwrap();
        assert_eq!(serde_json::from_str::<Key>(&json).unwrap(), long);
        assert_eq!(std::mem::size_of::<Key>(), 24);
    }
}
