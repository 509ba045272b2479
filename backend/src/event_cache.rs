//! The bounded cache of KubeVirt-related events that the event watcher fills.
//!
//! Each event is projected into an [`EventRecord`] (type, reason, message, count, first and last
//! time, the involved object's uid; type and reason interned, one copy for every event) and kept in a ring per involved object ([`Involved`]: kind,
//! namespace, name). A ring keeps the newest `per_object` records; the whole cache keeps at most
//! `total`, dropping the oldest first, so memory is bounded whatever the cluster does (a crash
//! loop that emits thousands of events for one pod, or thousands of objects with a few each).
//!
//! "Newest" is the order of arrival: an event that changes (its count bumped) moves to the back
//! of its ring. A re-list is applied oldest event first, so after it the order is that of time.
//! Every record carries a sequence number; `order` maps sequence numbers to their ring, so the
//! globally oldest record is always the front of the ring `order` names first.

use model::kube::{Event, InvolvedObject};
use model::time::Timestamp;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::Arc;

/// Events kept per involved object (the newest).
pub const PER_OBJECT: usize = 30;
/// Events kept in all (the oldest are dropped first).
pub const TOTAL: usize = 20_000;
/// Longer messages are cut to this many bytes (on a character boundary).
pub const MAX_MESSAGE: usize = 1024;

/// The object an event is about.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Involved {
    pub kind: Box<str>,
    pub namespace: Box<str>,
    pub name: Box<str>,
}

impl Involved {
    pub fn new(kind: &str, namespace: &str, name: &str) -> Involved {
        Involved {
            kind: kind.into(),
            namespace: namespace.into(),
            name: name.into(),
        }
    }

    /// The event's involved object (its namespace defaults to the event's); `None` without a
    /// kind or name.
    pub fn of(event: &Event) -> Option<Involved> {
        let io = &event.involved_object;
        let kind = io.kind.as_deref().filter(|k| !k.is_empty())?;
        let name = io.name.as_deref().filter(|n| !n.is_empty())?;
        let namespace = io
            .namespace
            .as_deref()
            .filter(|n| !n.is_empty())
            .unwrap_or(event.metadata.namespace());
        Some(Involved::new(kind, namespace, name))
    }
}

/// One event, as far as the evidence shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventRecord {
    /// Order of arrival in the cache.
    seq: u64,
    /// The event object's own name (an update of the same event replaces it).
    pub name: Box<str>,
    /// The involved object's uid ([`crate::uid::Uid`]: no heap for a UUID).
    pub uid: Option<crate::uid::Uid>,
    /// `Normal` or `Warning`, shared ([`crate::intern`]).
    #[serde(with = "crate::intern::option")]
    pub type_: Option<Arc<str>>,
    /// A reason from a small vocabulary (`Started`, `BackOff`, ...), shared.
    #[serde(with = "crate::intern::option")]
    pub reason: Option<Arc<str>>,
    pub message: Option<Box<str>>,
    pub count: Option<i64>,
    pub first: Option<Timestamp>,
    /// The best "last seen" time: `lastTimestamp`, else `eventTime`, `firstTimestamp`, creation.
    pub last: Option<Timestamp>,
}

fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

impl EventRecord {
    /// The compact projection of `event`.
    pub fn project(event: &Event) -> EventRecord {
        EventRecord {
            seq: 0,
            name: event.metadata.name().into(),
            uid: crate::uid::Uid::of(event.involved_object.uid.as_deref()),
            type_: crate::intern::intern_opt(event.type_.as_deref()),
            reason: crate::intern::intern_opt(event.reason.as_deref()),
            message: event.message.as_deref().map(|m| cut(m, MAX_MESSAGE).into()),
            count: event.count,
            first: event.first_timestamp.as_deref().and_then(Timestamp::parse),
            last: event.time(),
        }
    }

    /// The model's event again, about `about`, with only the projected fields.
    pub fn to_event(&self, about: &Involved) -> Event {
        let s = |b: &Option<Box<str>>| b.as_deref().map(str::to_string);
        let mut e = Event::default();
        e.metadata.name = Some(self.name.to_string());
        e.metadata.namespace = Some(about.namespace.to_string()).filter(|n| !n.is_empty());
        e.involved_object = InvolvedObject {
            kind: Some(about.kind.to_string()),
            name: Some(about.name.to_string()),
            namespace: Some(about.namespace.to_string()).filter(|n| !n.is_empty()),
            uid: self.uid.as_ref().map(ToString::to_string),
        };
        e.type_ = self.type_.as_deref().map(str::to_string);
        e.reason = self.reason.as_deref().map(str::to_string);
        e.message = s(&self.message);
        e.count = self.count;
        e.first_timestamp = self.first.map(|t| t.to_string());
        e.last_timestamp = self.last.map(|t| t.to_string());
        e
    }

    /// Equal but for the arrival order.
    fn same(&self, other: &EventRecord) -> bool {
        EventRecord {
            seq: 0,
            ..self.clone()
        } == EventRecord {
            seq: 0,
            ..other.clone()
        }
    }
}

/// Rings of events per involved object, bounded per object and in all.
pub struct EventCache {
    per_object: usize,
    total: usize,
    seq: u64,
    rings: HashMap<Arc<Involved>, VecDeque<EventRecord>>,
    /// Sequence number of every record → its ring.
    order: BTreeMap<u64, Arc<Involved>>,
}

impl Default for EventCache {
    fn default() -> Self {
        EventCache::new(PER_OBJECT, TOTAL)
    }
}

impl EventCache {
    /// A cache keeping `per_object` events per object and `total` in all (each at least 1).
    pub fn new(per_object: usize, total: usize) -> EventCache {
        EventCache {
            per_object: per_object.max(1),
            total: total.max(1),
            seq: 0,
            rings: HashMap::new(),
            order: BTreeMap::new(),
        }
    }

    /// Events kept.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether no event is kept.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// Objects with at least one event kept.
    pub fn objects(&self) -> usize {
        self.rings.len()
    }

    /// Adds or updates `event`. Returns the object it is about when something changed.
    pub fn upsert(&mut self, event: &Event) -> Option<Involved> {
        let about = Involved::of(event)?;
        let mut rec = EventRecord::project(event);
        let key = match self.rings.get_key_value(&about) {
            Some((k, _)) => k.clone(),
            None => Arc::new(about.clone()),
        };
        let ring = self.rings.entry(key.clone()).or_default();
        if let Some(i) = ring.iter().position(|r| r.name == rec.name) {
            if ring[i].same(&rec) {
                return None;
            }
            if let Some(old) = ring.remove(i) {
                self.order.remove(&old.seq);
            }
        }
        self.seq += 1;
        rec.seq = self.seq;
        ring.push_back(rec);
        self.order.insert(self.seq, key);
        while ring.len() > self.per_object {
            if let Some(old) = ring.pop_front() {
                self.order.remove(&old.seq);
            }
        }
        while self.order.len() > self.total {
            let Some((seq, key)) = self.order.pop_first() else {
                break;
            };
            if let Some(ring) = self.rings.get_mut(&key) {
                // Sequence numbers grow along a ring, so the oldest is at the front.
                if let Some(i) = ring.iter().position(|r| r.seq == seq) {
                    ring.remove(i);
                }
                if ring.is_empty() {
                    self.rings.remove(&key);
                }
            }
        }
        Some(about)
    }

    /// Removes `event`. Returns the object it was about when it was kept.
    pub fn delete(&mut self, event: &Event) -> Option<Involved> {
        let about = Involved::of(event)?;
        let ring = self.rings.get_mut(&about)?;
        let i = ring
            .iter()
            .position(|r| *r.name == *event.metadata.name())?;
        if let Some(old) = ring.remove(i) {
            self.order.remove(&old.seq);
        }
        if ring.is_empty() {
            self.rings.remove(&about);
        }
        Some(about)
    }

    /// Replaces everything after a (re)list, oldest event first.
    pub fn replace(&mut self, mut events: Vec<Event>) {
        self.rings = HashMap::new();
        self.order = BTreeMap::new();
        events.sort_by_key(Event::time);
        for e in &events {
            self.upsert(e);
        }
    }

    /// The events kept about `about`, oldest first.
    pub fn about(&self, about: &Involved) -> Vec<Event> {
        self.rings
            .get(about)
            .map(|r| r.iter().map(|e| e.to_event(about)).collect())
            .unwrap_or_default()
    }

    /// Moves every record into fresh allocations around `between` (see
    /// [`crate::store::Store::compact`]).
    pub fn compact(&mut self, between: impl FnOnce()) {
        let saved: Vec<(&Involved, &VecDeque<EventRecord>)> =
            self.rings.iter().map(|(k, v)| (&**k, v)).collect();
        let Ok(bytes) = serde_json::to_vec(&saved) else {
            return;
        };
        drop(saved);
        self.rings = HashMap::new();
        self.order = BTreeMap::new();
        between();
        let back: Vec<(Involved, VecDeque<EventRecord>)> =
            serde_json::from_slice(&bytes).unwrap_or_default();
        drop(bytes);
        self.rings.reserve(back.len());
        for (about, ring) in back {
            let key = Arc::new(about);
            for r in &ring {
                self.order.insert(r.seq, key.clone());
            }
            self.rings.insert(key, ring);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn event(kind: &str, name: &str, event: &str, count: i64, minute: u32) -> Event {
        Event::from_value(&json!({
            "metadata": {"name": event, "namespace": "prod"},
            "involvedObject": {"kind": kind, "name": name, "namespace": "prod", "uid": "u-1"},
            "type": "Warning", "reason": "BackOff", "message": format!("try {count}"),
            "count": count,
            "firstTimestamp": "2024-01-01T00:00:00Z",
            "lastTimestamp": format!("2024-01-01T{:02}:{:02}:00Z", minute / 60, minute % 60),
        }))
    }

    #[test]
    fn a_record_reads_back_as_the_event() {
        let e = event("Pod", "virt-launcher-web-x", "ev-1", 3, 5);
        let about = Involved::of(&e).unwrap();
        assert_eq!(about, Involved::new("Pod", "prod", "virt-launcher-web-x"));
        let back = EventRecord::project(&e).to_event(&about);
        assert_eq!(back.involved_object, e.involved_object);
        assert_eq!(
            (back.reason(), back.message(), back.count),
            ("BackOff", "try 3", Some(3))
        );
        assert!(back.is_warning());
        assert_eq!(back.time(), e.time());
        assert_eq!(
            back.first_timestamp.as_deref().and_then(Timestamp::parse),
            e.first_timestamp.as_deref().and_then(Timestamp::parse)
        );
        // Long messages are cut on a character boundary.
        let long = Event::from_value(&json!({
            "metadata": {"name": "ev-2"},
            "involvedObject": {"kind": "Node", "name": "n"},
            "message": "é".repeat(MAX_MESSAGE),
        }));
        let m = EventRecord::project(&long).message.unwrap();
        assert!(m.len() <= MAX_MESSAGE && m.chars().all(|c| c == 'é'));
        assert!(Involved::of(&Event::default()).is_none());
    }

    #[test]
    fn updates_replace_and_move_to_the_back() {
        let mut c = EventCache::new(30, 100);
        let vmi = Involved::new("VirtualMachineInstance", "prod", "web");
        assert!(
            c.upsert(&event("VirtualMachineInstance", "web", "a", 1, 1))
                .is_some()
        );
        assert!(
            c.upsert(&event("VirtualMachineInstance", "web", "b", 1, 2))
                .is_some()
        );
        // The same event again changes nothing.
        assert!(
            c.upsert(&event("VirtualMachineInstance", "web", "a", 1, 1))
                .is_none()
        );
        // Its count bumped: replaced, now the newest.
        assert_eq!(
            c.upsert(&event("VirtualMachineInstance", "web", "a", 2, 3)),
            Some(vmi.clone())
        );
        let names: Vec<_> = c
            .about(&vmi)
            .iter()
            .map(|e| e.metadata.name().to_string())
            .collect();
        assert_eq!(names, ["b", "a"]);
        assert_eq!(c.about(&vmi)[1].count, Some(2));
        assert_eq!(c.len(), 2);
        assert_eq!(
            c.delete(&event("VirtualMachineInstance", "web", "b", 1, 2)),
            Some(vmi.clone())
        );
        assert_eq!(c.len(), 1);
        assert!(
            c.delete(&event("VirtualMachineInstance", "web", "zz", 1, 2))
                .is_none()
        );
        c.delete(&event("VirtualMachineInstance", "web", "a", 1, 2));
        assert!(c.is_empty() && c.objects() == 0);
    }

    #[test]
    fn many_events_for_one_object_keep_only_the_newest_per_object() {
        let mut c = EventCache::new(PER_OBJECT, TOTAL);
        let pod = Involved::new("Pod", "prod", "virt-launcher-web-x");
        let other = Involved::new("VirtualMachineInstance", "prod", "db");
        c.upsert(&event("VirtualMachineInstance", "db", "db-1", 1, 0));
        for i in 0..5_000u32 {
            c.upsert(&event(
                "Pod",
                "virt-launcher-web-x",
                &format!("e{i}"),
                1,
                i % 1440,
            ));
        }
        let kept = c.about(&pod);
        assert_eq!(kept.len(), PER_OBJECT);
        assert_eq!(kept[0].metadata.name(), format!("e{}", 5_000 - PER_OBJECT));
        assert_eq!(kept[PER_OBJECT - 1].metadata.name(), "e4999");
        // Another object's events are not pushed out by a noisy one.
        assert_eq!(c.about(&other).len(), 1);
        assert_eq!(c.len(), PER_OBJECT + 1);
        assert_eq!(c.objects(), 2);
    }

    fn of(c: &EventCache, obj: u32) -> Vec<String> {
        c.about(&Involved::new(
            "Pod",
            "prod",
            &format!("virt-launcher-{obj}"),
        ))
        .iter()
        .map(|e| e.metadata.name().to_string())
        .collect()
    }

    #[test]
    fn the_global_cap_drops_the_oldest_events_first() {
        let (per, total) = (3, 50);
        let mut c = EventCache::new(per, total);
        let add = |c: &mut EventCache, obj: u32, i: u32, count: i64| {
            c.upsert(&event(
                "Pod",
                &format!("virt-launcher-{obj}"),
                &format!("{obj}-{i}"),
                count,
                i,
            ));
        };
        for obj in 0..40u32 {
            for i in 0..per as u32 {
                add(&mut c, obj, i, 1);
            }
            assert!(c.len() <= total);
        }
        assert_eq!(c.len(), total);
        // 120 events came in, the oldest 70 were dropped: objects 0..=22 are gone entirely,
        // object 23 lost its first event, objects 24..40 are whole.
        assert!(of(&c, 0).is_empty() && of(&c, 22).is_empty());
        assert_eq!(of(&c, 23), ["23-1", "23-2"]);
        assert_eq!(of(&c, 39).len(), per);
        assert_eq!(c.objects(), 40 - 23);
        // A bumped old event is the newest now and survives the next round of drops, which
        // takes 23-2, 24-0 and 24-1.
        add(&mut c, 23, 1, 2);
        for i in 0..per as u32 {
            add(&mut c, 99, i, 1);
        }
        assert_eq!(c.len(), total);
        assert_eq!(of(&c, 23), ["23-1"]);
        assert_eq!(of(&c, 24), ["24-2"]);
        // Compacting keeps every record and the order of drops.
        let before: Vec<_> = (0..100).map(|o| of(&c, o)).collect();
        c.compact(|| ());
        assert_eq!((0..100).map(|o| of(&c, o)).collect::<Vec<_>>(), before);
        assert_eq!(c.len(), total);
        add(&mut c, 100, 0, 1);
        assert_eq!(c.len(), total);
        assert!(
            of(&c, 24).is_empty(),
            "the oldest after compaction goes first"
        );
        assert_eq!(of(&c, 23), ["23-1"]);
    }

    #[test]
    fn events_share_one_copy_of_their_type_and_reason_also_after_compaction() {
        let mut c = EventCache::new(10, 100);
        c.upsert(&event("Pod", "a", "ev-a", 1, 1));
        c.upsert(&event("Pod", "b", "ev-b", 1, 2));
        let shared = |c: &EventCache| {
            let a = &c.rings[&Involved::new("Pod", "prod", "a")][0];
            let b = &c.rings[&Involved::new("Pod", "prod", "b")][0];
            let same = |x: &Option<Arc<str>>, y: &Option<Arc<str>>| {
                Arc::ptr_eq(x.as_ref().unwrap(), y.as_ref().unwrap())
            };
            same(&a.type_, &b.type_) && same(&a.reason, &b.reason)
        };
        assert!(shared(&c));
        c.compact(|| ());
        assert!(shared(&c));
        let about = Involved::new("Pod", "prod", "a");
        assert_eq!(c.about(&about)[0].reason(), "BackOff");
    }

    #[test]
    fn a_relist_keeps_the_newest_by_time() {
        let mut c = EventCache::new(2, 100);
        c.upsert(&event("Node", "n", "stale", 1, 0));
        let list = vec![
            event("VirtualMachine", "web", "late", 1, 30),
            event("VirtualMachine", "web", "early", 1, 10),
            event("VirtualMachine", "web", "middle", 1, 20),
        ];
        c.replace(list);
        let vm = Involved::new("VirtualMachine", "prod", "web");
        let names: Vec<_> = c
            .about(&vm)
            .iter()
            .map(|e| e.metadata.name().to_string())
            .collect();
        assert_eq!(names, ["middle", "late"]);
        assert!(c.about(&Involved::new("Node", "prod", "n")).is_empty());
        assert_eq!(c.len(), 2);
    }
}
