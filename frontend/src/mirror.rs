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
//! `u32::MAX`; a message is its tag ([`SNAPSHOT`], …) and its fields; a summary as
//! `put_summary` lays it out.

use model::time::Timestamp;
use model::verdict::Health;
use model::view::VmiKey;
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
    // In the browser `usize` is `u32`; natively, nothing packed is 4 GiB long.
    put_u32(w, n as u32);
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
                for s in [&key.cluster, &key.namespace, &key.name] {
                    put_str(w, s);
                }
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

/// A summary: its strings (present or not), then its flags and verdicts a byte each, then its
/// numbers, each always written (zero when absent: its flag says). `uid` is not carried, as on
/// the stream: browsers never have it. Laid out so that the writer is a few loops: it is in the
/// main module, whose every byte counts against the first load.
fn put_summary(w: &mut Vec<u8>, s: &VmiSummary) {
    let m = s.migration.as_deref();
    let strs = [
        Some(s.key.cluster.as_str()),
        Some(&s.key.namespace),
        Some(&s.key.name),
        Some(&s.phase),
        s.node.as_deref(),
        s.ip.as_deref(),
        s.not_migratable_reason.as_deref(),
        Some(&s.headline),
        m.and_then(|m| m.mode.as_deref()),
        m.and_then(|m| m.target_node.as_deref()),
    ];
    for x in strs {
        put_opt(w, x);
    }
    let percent = m.and_then(|m| m.percent);
    let [cp, node, guest, network, migration] = s.layers.all().map(Health::rank);
    w.extend_from_slice(&[
        s.paused.into(),
        s.live_migratable.map_or(0, |b| 1 + u8::from(b)),
        // Its variants' order: absent, connected, unsupported (read back below).
        s.agent as u8,
        m.is_some().into(),
        percent.is_some().into(),
        s.changed.is_some().into(),
        cp,
        node,
        guest,
        network,
        migration,
    ]);
    w.extend_from_slice(&s.alerts.to_le_bytes());
    w.extend_from_slice(&percent.unwrap_or_default().to_le_bytes());
    w.extend_from_slice(&s.changed.map_or(0, |t| t.0).to_le_bytes());
}

/// Reads what the `put_*` functions wrote, `None` past the end or at a value they never write.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

/// The verdict [`Health::rank`] wrote.
fn health(rank: u8) -> Option<Health> {
    Some(match rank {
        0 => Health::Unknown,
        1 => Health::Healthy,
        2 => Health::Degraded,
        3 => Health::Broken,
        _ => return None,
    })
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

    fn summary(&mut self) -> Option<VmiSummary> {
        let mut strs: [Option<String>; 10] = Default::default();
        for x in &mut strs {
            *x = self.opt()?;
        }
        let [
            cluster,
            namespace,
            name,
            phase,
            node,
            ip,
            reason,
            headline,
            mode,
            target_node,
        ] = strs;
        let [
            paused,
            migratable,
            agent,
            migrating,
            percent,
            changed,
            layers @ ..,
        ] = self.take::<11>()?;
        let flag = |b: u8| (b <= 1).then_some(b == 1);
        let [cp, nd, guest, network, migration] = layers;
        let layers = LayerGlance {
            control_plane: health(cp)?,
            node: health(nd)?,
            guest: health(guest)?,
            network: health(network)?,
            migration: health(migration)?,
        };
        let alerts = u16::from_le_bytes(self.take()?);
        let p = f64::from_le_bytes(self.take()?);
        let at = i64::from_le_bytes(self.take()?);
        let migration = flag(migrating)?.then(|| {
            Box::new(MigrationBrief {
                mode,
                target_node,
                percent: None,
            })
        });
        let migration = match (migration, flag(percent)?) {
            (Some(mut m), true) => {
                m.percent = Some(p);
                Some(m)
            }
            (m, _) => m,
        };
        Some(VmiSummary {
            key: VmiKey {
                cluster: cluster?,
                namespace: namespace?,
                name: name?,
            },
            uid: None,
            phase: phase?,
            node,
            ip,
            paused: flag(paused)?,
            live_migratable: match migratable {
                0 => None,
                1 => Some(false),
                2 => Some(true),
                _ => return None,
            },
            not_migratable_reason: reason,
            agent: match agent {
                0 => AgentState::Absent,
                1 => AgentState::Connected,
                2 => AgentState::Unsupported,
                _ => return None,
            },
            migration,
            layers,
            headline: headline?,
            alerts,
            changed: flag(changed)?.then_some(Timestamp(at)),
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
                    let synced = match self.u8()? {
                        0 => false,
                        1 => true,
                        _ => return None,
                    };
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
