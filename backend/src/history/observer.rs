//! The observer: diffs each summary against the last one seen for its VMI (see [`Observer`]);
//! the recorder ([`super::recorder`]) feeds it the store's broadcast and sends what it returns.

use super::look::Look;
use super::{Record, Transition, VmiId};
use crate::key::Key;
use crate::pool::Pool;
use crate::uid::Uid;
use model::api::history::Step;
use model::verdict::Layer;
use model::wire::StreamMsg;
use model::{VmiKey, VmiSummary};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// What of a summary the history follows: 40 bytes and nothing on the heap for a UUID (thousands
/// of VMIs share a few looks: phase, verdicts and headline, [`Look`]).
#[derive(Debug, Clone, PartialEq)]
struct Seen {
    /// `metadata.uid` ([`Uid`]; `None` when the summary has none).
    uid: Option<Uid>,
    look: Arc<Look>,
    /// First seen at this time (milliseconds) with its baseline not written yet; [`NO_BASELINE`]
    /// once it is.
    baseline: i64,
}

/// [`Seen::baseline`] once the baseline is written (a plain `i64` keeps `Seen` 8 bytes smaller
/// than an `Option`).
const NO_BASELINE: i64 = i64::MIN;

impl Seen {
    fn same(&self, other: &Seen) -> bool {
        self.look == other.look
    }

    /// When the baseline waits: the time of the first sight.
    fn waiting(&self) -> Option<i64> {
        (self.baseline != NO_BASELINE).then_some(self.baseline)
    }
}

/// The text of a UID as a row records it (empty for none).
fn uid_text(uid: &Option<Uid>) -> String {
    uid.as_ref().map(Uid::to_string).unwrap_or_default()
}

/// Whether `seen` is the UID `uid` (empty for none).
fn same_uid(seen: &Option<Uid>, uid: &str) -> bool {
    match seen {
        Some(u) => u.is(uid),
        None => uid.is_empty(),
    }
}

/// The keys met in a full pass over the store, as 64-bit fingerprints (std's SipHash
/// with fixed keys): 8 bytes a VMI for the pass, not a copy of every key. Two keys sharing one
/// fingerprint (about 1 in 10^11 at 10,000 VMIs) would only keep a deleted VMI's "Deleted" row
/// back until its next pass.
#[derive(Default)]
pub struct Met(std::collections::HashSet<u64>);

fn fingerprint(key: &Key) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    key.as_str().hash(&mut h);
    h.finish()
}

/// Diffs summaries against the last seen per VMI.
///
/// A first sight writes nothing at once: the VMI waits in a queue for its baseline (phase,
/// five verdicts and headline, each from nothing), which [`Observer::baselines`] writes in
/// bounded rounds, so a start with 10,000 VMIs is not 70,000 rows (and their details) at once.
/// The queue holds the keys in order of first sight, so a round reads only the keys it writes
/// (and those whose baseline was written meanwhile), never the VMIs done in earlier rounds:
/// writing every baseline is linear in the VMIs, not quadratic (a pass over every VMI seen
/// per round of [`super::recorder::BASELINE_BATCH`] was).
/// A VMI that changes or goes away before its round gets its baseline first, at the time it was
/// first seen, so the order of its rows is kept.
///
/// Per VMI it keeps one [`Seen`] under its [`Key`] (inline for a short namespace and name):
/// 64 bytes a bucket, about 105 bytes at 10,000 VMIs with the map's spare room, and no heap
/// chunk of its own for a short key and a UUID (issue 30: the key and the UID were a 32- and a
/// 48-byte chunk each, the phase, verdicts and headline 40 bytes of the bucket).
#[derive(Default)]
pub struct Observer {
    seen: HashMap<Key, Seen>,
    /// The looks the VMIs share.
    looks: Pool<Look>,
    /// VMIs whose baseline waits.
    waiting: usize,
    /// Their keys, first seen first; a key whose baseline was written meanwhile (it changed or
    /// went first) or which is another VMI by now is passed over when reached. Emptied (and its
    /// room freed) once no baseline waits.
    queue: VecDeque<Key>,
    /// Queue entries [`Observer::baselines`] has read, written or passed over: its work.
    read: u64,
    /// The cluster whose VMIs it observes (empty: the first), named by the keys it records.
    cluster: String,
}

impl Observer {
    /// An observer of the VMIs of the cluster called `cluster` (one observer per cluster: it
    /// keeps each VMI under its namespace and name alone), whose rows name that cluster.
    pub fn for_cluster(cluster: &str) -> Observer {
        Observer {
            cluster: cluster.to_string(),
            ..Observer::default()
        }
    }
}

/// The rows of `key`'s baseline at `at`, as seen in `b`.
fn baseline(key: &VmiKey, b: &Seen, at: i64, out: &mut Vec<Record>) {
    let id = VmiId::new(key.clone(), uid_text(&b.uid));
    let t = |step| {
        Record::Transition(
            id.clone(),
            Transition {
                at,
                step,
                title: b.look.headline.to_string(),
            },
        )
    };
    out.push(t(Step::Phase {
        old: String::new(),
        new: b.look.phase.to_string(),
    }));
    for layer in Layer::ALL {
        out.push(t(Step::Verdict {
            layer,
            old: None,
            new: b.look.layers.get(layer),
        }));
    }
    out.push(t(Step::Headline {
        old: String::new(),
        new: b.look.headline.to_string(),
    }));
}

impl Observer {
    /// Records what changed in `s` at `at`; returns whether the detail should be recorded (a
    /// verdict or the headline changed). A first sight only queues the VMI's baseline.
    pub fn observe(&mut self, s: &VmiSummary, at: i64, out: &mut Vec<Record>) -> bool {
        self.observe_keyed(s, Key::of(&s.key), at, out)
    }

    /// [`Observer::observe`] of `s` under its `key`.
    fn observe_keyed(&mut self, s: &VmiSummary, key: Key, at: i64, out: &mut Vec<Record>) -> bool {
        let uid = s.uid.as_deref().unwrap_or_default();
        if self.seen.get(&key).is_some_and(|b| !same_uid(&b.uid, uid)) {
            // Another object under the same name: the one seen before went away.
            self.deleted(&s.key, at, out);
        }
        let now = Seen {
            uid: Uid::of(Some(uid)),
            look: self.looks.get(Look::new(&s.phase, s.layers, &s.headline)),
            baseline: NO_BASELINE,
        };
        let Some(before) = self.seen.get_mut(&key) else {
            self.seen.insert(
                key.clone(),
                Seen {
                    baseline: at,
                    ..now
                },
            );
            self.queue.push_back(key);
            self.waiting += 1;
            return false;
        };
        if before.same(&now) {
            return false;
        }
        if let Some(first) = before.waiting() {
            before.baseline = NO_BASELINE;
            self.waiting -= 1;
            baseline(&s.key, before, first, out);
            if self.waiting == 0 {
                self.queue = VecDeque::new();
            }
        }
        let id = VmiId::new(s.key.clone(), uid);
        let t = |step| {
            Record::Transition(
                id.clone(),
                Transition {
                    at,
                    step,
                    title: s.headline.clone(),
                },
            )
        };
        let (was, is) = (&before.look, &now.look);
        if was.phase != is.phase {
            out.push(t(Step::Phase {
                old: was.phase.to_string(),
                new: is.phase.to_string(),
            }));
        }
        let mut verdict = false;
        for layer in Layer::ALL {
            let (old, new) = (was.layers.get(layer), is.layers.get(layer));
            if old != new {
                verdict = true;
                out.push(t(Step::Verdict {
                    layer,
                    old: Some(old),
                    new,
                }));
            }
        }
        if was.headline != is.headline {
            verdict = true;
            out.push(t(Step::Headline {
                old: was.headline.to_string(),
                new: is.headline.to_string(),
            }));
        }
        *before = now;
        verdict
    }

    /// Writes the baselines of at most `max` waiting VMIs, and no more than `max_details`: every
    /// first sight keeps its page, healthy or not, so the oldest moment the timeline offers
    /// opens as the others do; the keys whose page to record, with the time, go to `details`.
    /// Returns how many still wait.
    pub fn baselines(
        &mut self,
        max: usize,
        max_details: usize,
        out: &mut Vec<Record>,
        details: &mut Vec<(VmiId, i64)>,
    ) -> usize {
        let mut done = 0;
        // The rest would not fit: they wait for a later round.
        while done < max.min(max_details) {
            let Some(key) = self.queue.pop_front() else {
                break;
            };
            self.read += 1;
            let Some(b) = self.seen.get_mut(&key) else {
                continue;
            };
            let Some(at) = b.waiting() else {
                continue;
            };
            b.baseline = NO_BASELINE;
            let key = key.to_vmi_key().in_cluster(&self.cluster);
            baseline(&key, b, at, out);
            details.push((VmiId::new(key, uid_text(&b.uid)), at));
            done += 1;
        }
        self.waiting -= done;
        self.settle_queue();
        self.waiting
    }

    /// Once no baseline waits, what is left in the queue was written meanwhile: dropped, and
    /// its room freed (a start with 10,000 VMIs grew it to 10,000 keys).
    fn settle_queue(&mut self) {
        if self.waiting == 0 && self.queue.capacity() > 0 {
            self.queue = VecDeque::new();
        }
    }

    /// Queue entries [`Observer::baselines`] has read so far (written or passed over): what
    /// writing the baselines cost, counted rather than timed.
    pub fn baseline_reads(&self) -> u64 {
        self.read
    }

    /// Whether some VMI waits for its baseline.
    pub fn waiting(&self) -> bool {
        self.waiting > 0
    }

    /// Records that `key` went away (after its baseline, if that still waited).
    pub fn deleted(&mut self, key: &VmiKey, at: i64, out: &mut Vec<Record>) {
        if let Some(b) = self.seen.remove(&Key::of(key)) {
            if let Some(first) = b.waiting() {
                self.waiting -= 1;
                baseline(key, &b, first, out);
                self.settle_queue();
            }
            out.push(Record::Transition(
                VmiId::new(key.clone(), uid_text(&b.uid)),
                Transition {
                    at,
                    step: Step::Phase {
                        old: b.look.phase.to_string(),
                        new: "Deleted".into(),
                    },
                    title: b.look.headline.to_string(),
                },
            ));
        }
    }

    /// Applies one store message; pushes the keys whose detail to record into `details`.
    pub fn apply(
        &mut self,
        msg: &StreamMsg,
        at: i64,
        out: &mut Vec<Record>,
        details: &mut Vec<VmiId>,
    ) {
        match msg {
            StreamMsg::Upsert { item } => {
                if self.observe(item, at, out) {
                    details.push(id_of(item));
                }
            }
            StreamMsg::Delete { key } => self.deleted(key, at, out),
            StreamMsg::Snapshot { items, .. } => {
                let mut met = Met::default();
                for s in items {
                    self.observe_met(s, at, out, details, &mut met);
                }
                self.gone_unless(&met, at, out);
            }
            StreamMsg::Batch { msgs } => {
                for m in msgs {
                    self.apply(m, at, out, details);
                }
            }
        }
    }

    /// [`Observer::apply`] of an upsert met in a full pass over the store (a snapshot, or
    /// [`Store::subscribe_visiting`]), whose key `met` collects.
    pub fn observe_met(
        &mut self,
        s: &VmiSummary,
        at: i64,
        out: &mut Vec<Record>,
        details: &mut Vec<VmiId>,
        met: &mut Met,
    ) {
        let key = Key::of(&s.key);
        met.0.insert(fingerprint(&key));
        if self.observe_keyed(s, key, at, out) {
            details.push(id_of(s));
        }
    }

    /// Ends a full pass over the store: every VMI seen before that the pass did not meet went
    /// away (a deletion the observer missed while it lagged).
    pub fn gone_unless(&mut self, met: &Met, at: i64, out: &mut Vec<Record>) {
        let gone: Vec<VmiKey> = self
            .seen
            .keys()
            .filter(|k| !met.0.contains(&fingerprint(k)))
            .map(|k| k.to_vmi_key().in_cluster(&self.cluster))
            .collect();
        for k in gone {
            self.deleted(&k, at, out);
        }
    }

    /// The VMIs seen, with their node.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}

/// The [`VmiId`] of a summary.
fn id_of(s: &VmiSummary) -> VmiId {
    VmiId::new(s.key.clone(), s.uid.clone().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::recorder::BASELINE_BATCH;

    fn summary(name: &str, phase: &str) -> VmiSummary {
        let vmi = model::kube::vmi::Vmi::from_value(&serde_json::json!({
            "metadata": {"name": name, "namespace": "ns", "uid": format!("uid-{name}")},
            "status": {"phase": phase}
        }));
        VmiSummary::from_vmi(&vmi)
    }

    /// Writes every waiting baseline in rounds as the recorder does; returns the rounds.
    fn drain(o: &mut Observer, out: &mut Vec<Record>, firsts: &mut Vec<(VmiId, i64)>) -> usize {
        let mut rounds = 0;
        while o.waiting() {
            o.baselines(BASELINE_BATCH, BASELINE_BATCH, out, firsts);
            rounds += 1;
        }
        rounds
    }

    #[test]
    fn writing_every_baseline_reads_each_first_sight_once() {
        // Issue 30: a start with n VMIs writes n baselines in n / 256 rounds; a round that went
        // over every VMI seen made that n² / 512 reads (about 200,000 at 10,000 VMIs).
        let n: usize = 10_000;
        let mut o = Observer::default();
        let (mut out, mut firsts) = (Vec::new(), Vec::new());
        for i in 0..n {
            assert!(!o.observe(&summary(&format!("vm-{i:05}"), "Running"), 7, &mut out));
        }
        assert!(out.is_empty(), "a first sight writes nothing at once");
        let rounds = drain(&mut o, &mut out, &mut firsts);
        assert_eq!(rounds, n.div_ceil(BASELINE_BATCH));
        assert_eq!(firsts.len(), n, "every first sight keeps its page");
        assert_eq!(out.len(), n * 7, "phase, five verdicts and headline each");
        assert_eq!(o.baseline_reads(), n as u64, "each queued key read once");
        // First seen, first written.
        assert_eq!(firsts[0].0.key.name, "vm-00000");
        assert_eq!(firsts[n - 1].0.key.name, format!("vm-{:05}", n - 1));
        assert_eq!(o.queue.capacity(), 0, "the queue's room is freed once done");
        // Issue 30: 40 bytes a VMI beside its key, the 10,000 sharing one look.
        assert_eq!(std::mem::size_of::<Seen>(), 40);
        assert_eq!(o.looks.len(), 1);
    }

    #[test]
    fn a_baseline_written_early_is_passed_over_once_and_never_twice() {
        let mut o = Observer::default();
        let (mut out, mut firsts) = (Vec::new(), Vec::new());
        for i in 0..600 {
            o.observe(&summary(&format!("vm-{i}"), "Scheduling"), 1, &mut out);
        }
        // A change before its round writes the baseline at once (then the change); a deletion
        // too (then `Deleted`); a VMI deleted and created again waits anew under its new UID.
        o.observe(&summary("vm-3", "Running"), 2, &mut out);
        o.deleted(&Key::new("ns", "vm-4").to_vmi_key(), 2, &mut out);
        assert_eq!(out.len(), 2 * 7 + 2);
        out.clear();
        let mut again = summary("vm-5", "Scheduling");
        again.uid = Some("uid-vm-5-again".into());
        o.observe(&again, 3, &mut out);
        assert_eq!(
            out.len(),
            7 + 1,
            "the old vm-5's baseline, then its deletion"
        );
        out.clear();
        drain(&mut o, &mut out, &mut firsts);
        // 600 first sights and vm-5's second: vm-3 and vm-4 were written before their round,
        // and the old vm-5's queue entry now stands for the new one (its second entry is
        // passed over).
        assert_eq!(firsts.len(), 600 - 2);
        assert_eq!(out.len(), (600 - 2) * 7);
        let vm5: Vec<&str> = firsts
            .iter()
            .filter(|(id, _)| id.key.name == "vm-5")
            .map(|(id, _)| id.uid.as_str())
            .collect();
        assert_eq!(vm5, ["uid-vm-5-again"]);
        assert_eq!(o.baseline_reads(), 601);
        assert!(!o.waiting());
    }
}
