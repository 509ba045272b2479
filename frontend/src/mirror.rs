//! The stream's messages as the main module applied them, packed for the views module
//! (`crate::deferred`), plain Rust tested natively.
//!
//! The two wasm modules share no memory, and the views module keeps a [`crate::api::Live`] of
//! its own (its fleet rows, wall tiles, node and migration pages read it). It used to be told
//! every event of the stream and read each one's JSON a second time, with its own batching. Now
//! the main module packs each batch it applies ([`pack`]) and the views module unpacks and
//! applies the same batch at the same moment ([`unpack`]): copying bytes, not parsing text. Both
//! modules are built from this crate in one build, so the form needs no versioning; it is still
//! read as untrusted input: a short or odd buffer reads as `None`, never a panic.
//!
//! Little-endian; a string is its length (`u32`) and its UTF-8 bytes, an absent one the length
//! `u32::MAX`; a message is its tag ([`SNAPSHOT`], …) and its fields in declaration order.

use model::kube::VmiKey;
use model::time::Timestamp;
use model::verdict::Health;
use model::view::VmiSummary;
use model::view::summary::{AgentState, LayerGlance, MigrationBrief};
use model::wire::StreamMsg;

const SNAPSHOT: u8 = 0;
const UPSERT: u8 = 1;
const DELETE: u8 = 2;
const BATCH: u8 = 3;
const NONE: u32 = u32::MAX;

/// `msgs` packed.
pub fn pack(msgs: &[StreamMsg]) -> Vec<u8> {
    let mut w = Vec::new();
    put_msgs(&mut w, msgs);
    w
}

/// A batch of one snapshot of `items` packed: what the views module starts from when it is
/// loaded after the stream's own snapshot (the main module's list, not a copy of it).
pub fn pack_snapshot(items: &[VmiSummary], synced: bool) -> Vec<u8> {
    let mut w = Vec::new();
    put_u32(&mut w, 1);
    put_snapshot(&mut w, items, synced);
    w
}

/// The messages [`pack`] packed; `None` when `bytes` are not such a packing.
pub fn unpack(bytes: &[u8]) -> Option<Vec<StreamMsg>> {
    let mut r = Reader { bytes, at: 0 };
    let msgs = r.msgs(0)?;
    (r.at == bytes.len()).then_some(msgs)
}

fn put_u32(w: &mut Vec<u8>, n: u32) {
    w.extend_from_slice(&n.to_le_bytes());
}

fn put_len(w: &mut Vec<u8>, n: usize) {
    put_u32(w, u32::try_from(n).unwrap_or(NONE));
}

fn put_str(w: &mut Vec<u8>, s: &str) {
    put_len(w, s.len());
    w.extend_from_slice(s.as_bytes());
}

fn put_opt(w: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(s) => put_str(w, s),
        None => put_u32(w, NONE),
    }
}

fn put_msgs(w: &mut Vec<u8>, msgs: &[StreamMsg]) {
    put_len(w, msgs.len());
    for m in msgs {
        match m {
            StreamMsg::Snapshot { items, synced } => put_snapshot(w, items, *synced),
            StreamMsg::Upsert { item } => {
                w.push(UPSERT);
                put_summary(w, item);
            }
            StreamMsg::Delete { key } => {
                w.push(DELETE);
                put_key(w, key);
            }
            StreamMsg::Batch { msgs } => {
                w.push(BATCH);
                put_msgs(w, msgs);
            }
        }
    }
}

fn put_snapshot(w: &mut Vec<u8>, items: &[VmiSummary], synced: bool) {
    w.push(SNAPSHOT);
    w.push(synced.into());
    put_len(w, items.len());
    for s in items {
        put_summary(w, s);
    }
}

fn put_key(w: &mut Vec<u8>, k: &VmiKey) {
    put_str(w, &k.cluster);
    put_str(w, &k.namespace);
    put_str(w, &k.name);
}

fn put_summary(w: &mut Vec<u8>, s: &VmiSummary) {
    put_key(w, &s.key);
    put_opt(w, s.uid.as_deref());
    put_str(w, &s.phase);
    put_opt(w, s.node.as_deref());
    put_opt(w, s.ip.as_deref());
    let migratable = match s.live_migratable {
        None => 0,
        Some(false) => 1,
        Some(true) => 2,
    };
    let agent = match s.agent {
        AgentState::Absent => 0,
        AgentState::Connected => 1,
        AgentState::Unsupported => 2,
    };
    w.extend_from_slice(&[s.paused.into(), migratable, agent]);
    put_opt(w, s.not_migratable_reason.as_deref());
    match &s.migration {
        None => w.push(0),
        Some(m) => {
            w.push(1);
            put_opt(w, m.mode.as_deref());
            put_opt(w, m.target_node.as_deref());
            match m.percent {
                None => w.push(0),
                Some(p) => {
                    w.push(1);
                    w.extend_from_slice(&p.to_le_bytes());
                }
            }
        }
    }
    for h in s.layers.all() {
        w.push(h.rank());
    }
    put_str(w, &s.headline);
    w.extend_from_slice(&s.alerts.to_le_bytes());
    match s.changed {
        None => w.push(0),
        Some(t) => {
            w.push(1);
            w.extend_from_slice(&t.0.to_le_bytes());
        }
    }
}

/// Reads what the `put_*` functions wrote, `None` past the end or at a value they never write.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

/// Batches nest one level on the stream; deeper is not a packing of ours.
const MAX_DEPTH: u8 = 4;

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let b = self.bytes.get(self.at..self.at.checked_add(N)?)?;
        self.at += N;
        b.try_into().ok()
    }

    fn u8(&mut self) -> Option<u8> {
        self.take::<1>().map(|[b]| b)
    }

    fn flag(&mut self) -> Option<bool> {
        match self.u8()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    fn u32(&mut self) -> Option<u32> {
        self.take().map(u32::from_le_bytes)
    }

    /// A count of items each at least `min` bytes long, checked against what is left, so an
    /// odd count cannot reserve memory the buffer does not hold.
    fn count(&mut self, min: usize) -> Option<usize> {
        let n = self.u32()? as usize;
        (n.checked_mul(min)? <= self.bytes.len() - self.at).then_some(n)
    }

    fn opt(&mut self) -> Option<Option<String>> {
        let n = self.u32()?;
        if n == NONE {
            return Some(None);
        }
        let end = self.at.checked_add(n as usize)?;
        let s = std::str::from_utf8(self.bytes.get(self.at..end)?).ok()?;
        self.at = end;
        Some(Some(s.to_owned()))
    }

    fn str(&mut self) -> Option<String> {
        self.opt()?
    }

    fn key(&mut self) -> Option<VmiKey> {
        Some(VmiKey {
            cluster: self.str()?,
            namespace: self.str()?,
            name: self.str()?,
        })
    }

    fn health(&mut self) -> Option<Health> {
        Some(match self.u8()? {
            0 => Health::Unknown,
            1 => Health::Healthy,
            2 => Health::Degraded,
            3 => Health::Broken,
            _ => return None,
        })
    }

    fn migration(&mut self) -> Option<Option<Box<MigrationBrief>>> {
        if !self.flag()? {
            return Some(None);
        }
        let mode = self.opt()?;
        let target_node = self.opt()?;
        let percent = match self.flag()? {
            true => Some(f64::from_le_bytes(self.take()?)),
            false => None,
        };
        Some(Some(Box::new(MigrationBrief {
            mode,
            target_node,
            percent,
        })))
    }

    fn summary(&mut self) -> Option<VmiSummary> {
        let key = self.key()?;
        let uid = self.opt()?.map(String::into_boxed_str);
        let phase = self.str()?;
        let node = self.opt()?;
        let ip = self.opt()?;
        let paused = self.flag()?;
        let live_migratable = match self.u8()? {
            0 => None,
            1 => Some(false),
            2 => Some(true),
            _ => return None,
        };
        let agent = match self.u8()? {
            0 => AgentState::Absent,
            1 => AgentState::Connected,
            2 => AgentState::Unsupported,
            _ => return None,
        };
        let not_migratable_reason = self.opt()?;
        let migration = self.migration()?;
        let layers = LayerGlance {
            control_plane: self.health()?,
            node: self.health()?,
            guest: self.health()?,
            network: self.health()?,
            migration: self.health()?,
        };
        let headline = self.str()?;
        let alerts = u16::from_le_bytes(self.take()?);
        let changed = match self.flag()? {
            true => Some(Timestamp(i64::from_le_bytes(self.take()?))),
            false => None,
        };
        Some(VmiSummary {
            key,
            uid,
            phase,
            node,
            ip,
            paused,
            live_migratable,
            not_migratable_reason,
            agent,
            migration,
            layers,
            headline,
            alerts,
            changed,
        })
    }

    fn msgs(&mut self, depth: u8) -> Option<Vec<StreamMsg>> {
        if depth > MAX_DEPTH {
            return None;
        }
        // A message is at least its tag and a length.
        let n = self.count(5)?;
        let mut msgs = Vec::with_capacity(n);
        for _ in 0..n {
            msgs.push(match self.u8()? {
                SNAPSHOT => {
                    let synced = self.flag()?;
                    // A summary is at least its strings' lengths and its flags.
                    let n = self.count(40)?;
                    let mut items = Vec::with_capacity(n);
                    for _ in 0..n {
                        items.push(self.summary()?);
                    }
                    StreamMsg::Snapshot { items, synced }
                }
                UPSERT => StreamMsg::Upsert {
                    item: self.summary()?,
                },
                DELETE => StreamMsg::Delete { key: self.key()? },
                BATCH => StreamMsg::Batch {
                    msgs: self.msgs(depth + 1)?,
                },
                _ => return None,
            });
        }
        Some(msgs)
    }
}

#[cfg(test)]
mod tests;
