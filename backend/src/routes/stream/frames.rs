//! Each event's JSON, written once and shared by the streams that send the same messages.
//!
//! Streams that get the same change send the same messages (the same `Arc`s: the store's, or
//! the caller's filter lets them through as they are), so the last [`KEPT`] events' JSON is
//! kept, keyed by the identity of their messages, and a stream sending the same messages reuses
//! it. A stream cut to its caller's permissions gets new messages, hence its own JSON. Events
//! with a snapshot are never kept: every stream builds its own ([`crate::store::Store::snapshot`]),
//! so none would be shared, and each is large. (A handful of pointer comparisons per event: no
//! cache crate keys by `Arc` identity while holding the key alive, which makes identity sound.)

use model::wire::StreamMsg;
use serde::{Serialize, Serializer};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// How many recent events' JSON is kept: enough for every stream to pass over a change.
pub const KEPT: usize = 32;

/// The JSON of one event: `None` if its messages cannot be written.
pub type Json = Option<Arc<str>>;

/// One event's messages (held, so their addresses stay theirs) and its JSON, written once.
struct Frame {
    msgs: Vec<Arc<StreamMsg>>,
    json: OnceLock<Json>,
}

/// The recent events' JSON, shared by every stream of the console.
#[derive(Default)]
pub struct Frames {
    recent: Mutex<VecDeque<Arc<Frame>>>,
    written: AtomicU64,
}

impl Frames {
    pub fn new() -> Arc<Frames> {
        Arc::default()
    }

    /// The `data` of the event carrying `msgs`: one message as itself, several as one `batch`.
    pub fn json(&self, msgs: &[Arc<StreamMsg>]) -> Json {
        if msgs
            .iter()
            .any(|m| matches!(**m, StreamMsg::Snapshot { .. }))
        {
            return self.write(msgs);
        }
        let frame = {
            let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
            match recent.iter().find(|f| same(&f.msgs, msgs)) {
                Some(f) => f.clone(),
                None => {
                    let f = Arc::new(Frame {
                        msgs: msgs.to_vec(),
                        json: OnceLock::new(),
                    });
                    if recent.len() >= KEPT {
                        recent.pop_front();
                    }
                    recent.push_back(f.clone());
                    f
                }
            }
        };
        // Outside the lock: streams on other frames do not wait; those on this one wait for
        // the one writing it.
        frame.json.get_or_init(|| self.write(msgs)).clone()
    }

    /// How many events' JSON was written (not reused).
    pub fn written(&self) -> u64 {
        self.written.load(Ordering::Relaxed)
    }

    fn write(&self, msgs: &[Arc<StreamMsg>]) -> Json {
        self.written.fetch_add(1, Ordering::Relaxed);
        let json = match msgs {
            [one] => serde_json::to_string(&**one),
            several => serde_json::to_string(&BatchOf::Batch {
                msgs: Msgs(several),
            }),
        };
        json.ok().map(Arc::from)
    }
}

/// The same messages: the same `Arc`s, in the same order.
fn same(a: &[Arc<StreamMsg>], b: &[Arc<StreamMsg>]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| Arc::ptr_eq(x, y))
}

/// [`StreamMsg::Batch`] over borrowed messages: written as the owned one is, without cloning
/// them.
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
enum BatchOf<'a> {
    Batch { msgs: Msgs<'a> },
}

struct Msgs<'a>(&'a [Arc<StreamMsg>]);

impl Serialize for Msgs<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|m| &**m))
    }
}

#[cfg(test)]
mod tests;
