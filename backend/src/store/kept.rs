//! [`Kept`]: a VMI's summary as the store keeps it, one per VMI for the life of the process.
//!
//! A [`VmiSummary`] is the wire's and the pages' type: `String`s throughout, 224 bytes inline
//! and seven heap chunks (namespace, name, UID, phase, node, IP, headline: about 270 bytes more
//! for a VMI on the scale bench), held in an `Arc` (a 256-byte chunk). Of 10,000 VMIs most share
//! a handful of phases, nodes and headlines. A `Kept` holds the key as one inline [`Key`] with
//! its cluster's shared name ([`Place`]), the
//! UID as its 16 bytes ([`Uid`]), the IP inline ([`SmolStr`]) and the phase, node, headline and
//! not-migratable reason interned ([`crate::intern`]): 192 bytes and, for a canonical UID, a
//! short key and an IPv4 address, no heap of its own (issue 30: about 500 bytes a VMI before;
//! the cluster's name added 16 bytes, issue 32).
//!
//! It reads back as exactly the summary it was made from ([`Kept::summary`]), and is compared
//! with a summary without building one ([`Kept::is`]).

use super::place::Place;
use crate::intern::{intern, intern_opt};
use crate::uid::Uid;
use model::VmiSummary;
use model::time::Timestamp;
use model::view::summary::{AgentState, LayerGlance, MigrationBrief};
use smol_str::SmolStr;
use std::sync::Arc;

/// A summary as the store keeps it (see the module documentation).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Kept {
    pub(super) key: Place,
    uid: Option<Uid>,
    phase: Arc<str>,
    node: Option<Arc<str>>,
    ip: Option<SmolStr>,
    not_migratable_reason: Option<Arc<str>>,
    headline: Arc<str>,
    migration: Option<Box<MigrationBrief>>,
    changed: Option<Timestamp>,
    live_migratable: Option<bool>,
    paused: bool,
    agent: AgentState,
    layers: LayerGlance,
    alerts: u16,
}

impl Kept {
    /// `s` as kept for `cluster` (its key's own cluster is not read: the store's handle says).
    pub(super) fn new(s: &VmiSummary, cluster: &Arc<str>) -> Kept {
        Kept {
            key: Place::new(cluster, &s.key),
            // Verbatim, an empty UID included (`Uid::of` would drop it).
            uid: s.uid.as_deref().map(Uid::new),
            phase: intern(&s.phase),
            node: intern_opt(s.node.as_deref()),
            ip: s.ip.as_deref().map(SmolStr::new),
            not_migratable_reason: intern_opt(s.not_migratable_reason.as_deref()),
            headline: intern(&s.headline),
            migration: s.migration.clone(),
            changed: s.changed,
            live_migratable: s.live_migratable,
            paused: s.paused,
            agent: s.agent,
            layers: s.layers,
            alerts: s.alerts,
        }
    }

    /// The summary again.
    pub(super) fn summary(&self) -> VmiSummary {
        VmiSummary {
            key: self.key.to_vmi_key(),
            uid: self.uid.as_ref().map(|u| u.to_string().into()),
            phase: self.phase.to_string(),
            node: self.node.as_deref().map(str::to_string),
            ip: self.ip.as_deref().map(str::to_string),
            paused: self.paused,
            live_migratable: self.live_migratable,
            not_migratable_reason: self.not_migratable_reason.as_deref().map(str::to_string),
            agent: self.agent,
            migration: self.migration.clone(),
            layers: self.layers,
            headline: self.headline.to_string(),
            alerts: self.alerts,
            changed: self.changed,
        }
    }

    /// Whether `s` is the summary this was made from (or an equal one).
    pub(super) fn is(&self, s: &VmiSummary) -> bool {
        let uid = match (&self.uid, s.uid.as_deref()) {
            (Some(u), Some(t)) => u.is(t),
            (None, None) => true,
            _ => false,
        };
        *self.key.cluster == *s.key.cluster
            && self.key.key.parts() == (s.key.namespace.as_str(), s.key.name.as_str())
            && uid
            && *self.phase == *s.phase
            && self.node.as_deref() == s.node.as_deref()
            && self.ip.as_deref() == s.ip.as_deref()
            && self.not_migratable_reason.as_deref() == s.not_migratable_reason.as_deref()
            && *self.headline == *s.headline
            && self.migration == s.migration
            && self.changed == s.changed
            && self.live_migratable == s.live_migratable
            && self.paused == s.paused
            && self.agent == s.agent
            && self.layers == s.layers
            && self.alerts == s.alerts
    }

    /// The UID's text.
    pub(super) fn uid(&self) -> Option<String> {
        self.uid.as_ref().map(Uid::to_string)
    }

    /// The node's name.
    pub(super) fn layers(&self) -> LayerGlance {
        self.layers
    }

    pub(super) fn node(&self) -> Option<String> {
        self.node.as_deref().map(str::to_string)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::VmiKey;
    use model::verdict::Health;

    fn full() -> VmiSummary {
        VmiSummary {
            key: VmiKey {
                cluster: String::new(),
                namespace: "tenant-07".into(),
                name: "vm-00042".into(),
            },
            uid: Some("6a1d2c3b-0000-4000-8000-000000000001".into()),
            phase: "Running".into(),
            node: Some("node-007".into()),
            ip: Some("10.244.7.42".into()),
            paused: true,
            live_migratable: Some(false),
            not_migratable_reason: Some("DisksNotLiveMigratable".into()),
            agent: AgentState::Connected,
            migration: Some(Box::new(MigrationBrief {
                mode: Some("PreCopy".into()),
                target_node: Some("node-008".into()),
                percent: Some(42.0),
            })),
            layers: LayerGlance {
                guest: Health::Degraded,
                ..LayerGlance::default()
            },
            headline: "the guest agent is not connected".into(),
            alerts: 3,
            changed: Some(Timestamp(1_700_000_000_000)),
        }
    }

    #[test]
    fn a_kept_summary_reads_back_as_it_came_and_knows_it_from_any_other() {
        let s = full();
        let cl: Arc<str> = "".into();
        let k = Kept::new(&s, &cl);
        assert_eq!(k.summary(), s);
        assert!(k.is(&s));
        assert!(k.key.key.is_inline() && matches!(k.uid, Some(Uid::Uuid(_))));
        assert!(!k.ip.as_ref().unwrap().is_heap_allocated());
        // Every field tells.
        let changes: [fn(&mut VmiSummary); 14] = [
            |s| s.key.name.push('x'),
            |s| s.uid = None,
            |s| s.phase = "Failed".into(),
            |s| s.node = None,
            |s| s.ip = Some("10.244.7.43".into()),
            |s| s.paused = false,
            |s| s.live_migratable = None,
            |s| s.not_migratable_reason = None,
            |s| s.agent = AgentState::Absent,
            |s| s.migration = None,
            |s| s.layers.guest = Health::Healthy,
            |s| s.headline.clear(),
            |s| s.alerts = 0,
            |s| s.changed = None,
        ];
        for change in changes {
            let mut other = s.clone();
            change(&mut other);
            assert!(!k.is(&other), "{other:?}");
            assert_eq!(Kept::new(&other, &cl).summary(), other);
        }
        // A UID that is not a UUID, an empty one, an IPv6 address: verbatim.
        let mut odd = s.clone();
        odd.uid = Some("uid-1".into());
        odd.ip = Some("fd10:244:0:7::2a:1234:5678:9abc".into());
        assert_eq!(Kept::new(&odd, &cl).summary(), odd);
        odd.uid = Some("".into());
        assert_eq!(Kept::new(&odd, &cl).summary(), odd);
        assert!(Kept::new(&odd, &cl).is(&odd));
        // Summaries share their phase and headline.
        let twin = Kept::new(&s, &cl);
        assert!(Arc::ptr_eq(&twin.phase, &k.phase) && Arc::ptr_eq(&twin.headline, &k.headline));
        assert_eq!(std::mem::size_of::<Kept>(), 192);
        // Kept for another cluster: the summary reads back under that cluster, and is no
        // longer the one-cluster summary.
        let b: Arc<str> = "edge-2".into();
        let kb = Kept::new(&s, &b);
        assert!(!kb.is(&s));
        let mut sb = s.clone();
        sb.key.cluster = "edge-2".into();
        assert!(kb.is(&sb) && kb.summary() == sb);
    }
}
