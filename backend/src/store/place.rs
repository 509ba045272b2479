//! [`Place`]: where the store keeps a VMI — its cluster and its [`Key`] — ordered as
//! [`VmiKey`]s are (cluster, then namespace, then name), so the store's set iterates in the
//! order browsers keep their lists in, one cluster's VMIs together.
//!
//! The cluster is the name of the store handle that wrote the VMI ([`super::Store::for_cluster`]),
//! shared by every VMI of that cluster (one `Arc`, no copy per VMI): 16 bytes a VMI.

use crate::key::Key;
use model::VmiKey;
use std::cmp::Ordering;
use std::sync::Arc;

/// A VMI's cluster and key (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct Place {
    pub(super) cluster: Arc<str>,
    pub(super) key: Key,
}

impl Place {
    pub(super) fn new(cluster: &Arc<str>, key: &VmiKey) -> Place {
        Place {
            cluster: cluster.clone(),
            key: Key::of(key),
        }
    }

    /// The first place of `cluster`: no key orders before the empty one.
    pub(super) fn first_of(cluster: &Arc<str>) -> Place {
        Place {
            cluster: cluster.clone(),
            key: Key::new("", ""),
        }
    }

    /// The key with its cluster.
    pub(super) fn to_vmi_key(&self) -> VmiKey {
        self.key.to_vmi_key().in_cluster(&*self.cluster)
    }
}

impl PartialOrd for Place {
    fn partial_cmp(&self, other: &Place) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Place {
    fn cmp(&self, other: &Place) -> Ordering {
        (&*self.cluster, &self.key).cmp(&(&*other.cluster, &other.key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_order_as_their_vmi_keys() {
        let (a, b, none): (Arc<str>, Arc<str>, Arc<str>) = ("a".into(), "b".into(), "".into());
        let mut keys = vec![
            VmiKey::new("z", "z").in_cluster("a"),
            VmiKey::new("a", "a").in_cluster("b"),
            VmiKey::new("a-b", "x"),
            VmiKey::new("a", "x"),
        ];
        let mut places: Vec<Place> = keys
            .iter()
            .map(|k| {
                let c = [&a, &b, &none].into_iter().find(|c| ***c == k.cluster);
                Place::new(c.unwrap(), k)
            })
            .collect();
        keys.sort();
        places.sort();
        let back: Vec<VmiKey> = places.iter().map(Place::to_vmi_key).collect();
        assert_eq!(back, keys);
        assert!(Place::first_of(&b) < places[3] && Place::first_of(&b) > places[2]);
    }
}
