//! The simulator on a real API server (`strata sim --apiserver KUBECONFIG`): a one-way mirror of
//! its store. The simulator's controllers and store run as they do when it serves its own API;
//! every change of the store is written into the real server (namespaces first, then nodes,
//! VMs, VMIs, launcher pods, migrations, events), with the status written as each kind takes it
//! (`shape`), references renamed to the real uids (`uids`), and what a scheduler, the kubelet and
//! KubeVirt's finalizers would do done in their place (`write`).
//!
//! Changes are coalesced per object: the mirror writes the object as the store holds it when
//! its turn comes, so a burst of changes costs one write; a mirror that falls behind the store's
//! broadcast rewrites what differs. It writes; it reads back only what it wrote.

mod shape;
mod target;
mod uids;
mod write;

use crate::resources::{RESOURCES, Resource};
use crate::store::{Change, Store};
use parking_lot::Mutex;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::sync::watch;
use write::Known;

pub use shape::{Status, as_written, status_of};
pub use target::Target;

/// Changes arriving within this time are written together.
const COALESCE: Duration = Duration::from_millis(50);
/// Pause after a round with a failure the server may get over (not reached, overloaded).
const BACK_OFF: Duration = Duration::from_secs(1);
/// How many refusals are kept for [`Mirror::refused`].
const KEEP_REFUSED: usize = 100;

/// An object of the store: its kind's rank (see `shape::rank`), kind, namespace, name.
type Key = (u8, Resource, String, String);

struct State {
    /// The store's version up to which every change is in the real server.
    caught_up: watch::Sender<u64>,
    refused: Mutex<VecDeque<String>>,
    uids: Mutex<uids::Uids>,
}

/// A running mirror, a task of the runtime it was started on.
#[derive(Clone)]
pub struct Mirror {
    state: Arc<State>,
}

impl Mirror {
    /// Connects with `kubeconfig` and mirrors `store` into that server from now on.
    pub async fn start(store: Arc<Store>, kubeconfig: &Path) -> Result<Mirror, String> {
        let target = Target::from_kubeconfig(kubeconfig).await?;
        let state = Arc::new(State {
            caught_up: watch::channel(0).0,
            refused: Mutex::default(),
            uids: Mutex::default(),
        });
        let run = Run {
            store,
            target,
            state: state.clone(),
            known: HashMap::new(),
        };
        tokio::spawn(run.run());
        Ok(Mirror { state })
    }

    /// Waits until every change of the store up to its version `rv` is in the real server.
    pub async fn caught_up(&self, rv: u64) {
        let mut rx = self.state.caught_up.subscribe();
        let _ = rx.wait_for(|done| *done >= rv).await;
    }

    /// The writes the real server refused (the latest [`KEEP_REFUSED`]), with its reasons.
    pub fn refused(&self) -> Vec<String> {
        self.state.refused.lock().iter().cloned().collect()
    }

    /// `obj` (an object of the store) as the mirror writes it now: see [`as_written`].
    pub fn as_written(&self, obj: &Value) -> Value {
        as_written(obj, &self.state.uids.lock()).0
    }
}

struct Run {
    store: Arc<Store>,
    target: Target,
    state: Arc<State>,
    known: HashMap<Key, Known>,
}

fn key_of(r: &Resource, obj: &Value) -> Key {
    let m = &obj["metadata"];
    let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
    (shape::rank(r), *r, s(&m["namespace"]), s(&m["name"]))
}

/// Objects to write, each with how many rounds it has been put off for a reference to an
/// object not mirrored yet.
type Dirty = BTreeMap<Key, u8>;

impl Run {
    async fn run(mut self) {
        let (mut seen, mut rx) = self.store.subscribe_all();
        let mut dirty = self.everything();
        loop {
            if dirty.is_empty() {
                self.state.caught_up.send_replace(seen);
                match rx.recv().await {
                    Ok(c) => self.note(&c, &mut dirty, &mut seen),
                    Err(RecvError::Lagged(_)) => dirty = self.everything(),
                    Err(RecvError::Closed) => return,
                }
                tokio::time::sleep(COALESCE).await;
            }
            loop {
                match rx.try_recv() {
                    Ok(c) => self.note(&c, &mut dirty, &mut seen),
                    Err(TryRecvError::Lagged(_)) => dirty = self.everything(),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Closed) => return,
                }
            }
            let (again, failed) = self.round(std::mem::take(&mut dirty)).await;
            dirty = again;
            if failed {
                tokio::time::sleep(BACK_OFF).await;
            }
        }
    }

    /// Every object of the store, and every one written that the store no longer holds.
    fn everything(&mut self) -> Dirty {
        let mut dirty: Dirty = self.known.keys().map(|k| (k.clone(), 0)).collect();
        let mut uids = self.state.uids.lock();
        for r in RESOURCES {
            for o in self.store.list(r, None).1 {
                uids.note_sim(&o);
                dirty.insert(key_of(r, &o), 0);
            }
        }
        dirty
    }

    fn note(&self, c: &Change, dirty: &mut Dirty, seen: &mut u64) {
        self.state.uids.lock().note_sim(&c.object);
        dirty.insert(key_of(&c.resource, &c.object), 0);
        *seen = (*seen).max(c.rv);
    }

    /// Writes `dirty`: first the objects new to the real server, in rank order, then changes
    /// and deletions, so that a change naming an object created in the same round finds its uid.
    /// Answers what to write again, and whether a failure asks for a pause.
    async fn round(&mut self, dirty: Dirty) -> (Dirty, bool) {
        let mut again = Dirty::new();
        let mut failed = false;
        for creating in [true, false] {
            for (key, put_off) in &dirty {
                if self.known.contains_key(key) == creating {
                    continue;
                }
                match self.write(key).await {
                    Ok(false) => {}
                    Ok(true) if *put_off < 1 => {
                        again.insert(key.clone(), put_off + 1);
                    }
                    Ok(true) => {}
                    Err(target::Failure::Refused(why)) => self.refuse(why),
                    Err(f) => {
                        tracing::debug!(error = f.text(), "mirror: will retry");
                        failed = true;
                        again.insert(key.clone(), *put_off);
                    }
                }
            }
        }
        (again, failed)
    }

    fn refuse(&self, why: String) {
        tracing::warn!(error = %why, "the real API server refused an object of the simulator");
        let mut refused = self.state.refused.lock();
        if refused.len() == KEEP_REFUSED {
            refused.pop_front();
        }
        refused.push_back(why);
    }

    /// Makes one object of the store (or its absence) true in the real server. Answers whether
    /// it names an object not mirrored yet (to be written again).
    async fn write(&mut self, key: &Key) -> Result<bool, target::Failure> {
        let (_, r, ns, name) = key;
        let ns_opt = r.namespaced.then_some(ns.as_str());
        let known = self.known.remove(key);
        let Some(obj) = self.store.get(r, ns_opt, name) else {
            let Some(k) = known else { return Ok(false) };
            let done = write::remove(&self.target, r, &k).await;
            if done.is_err() {
                // Kept, so that the retry still knows to delete it.
                self.known.insert(key.clone(), k);
            }
            return done.map(|()| false);
        };
        let (t, unresolved) = as_written(&obj, &self.state.uids.lock());
        let sim_uid = obj["metadata"]["uid"].as_str().unwrap_or_default();
        let done = write::upsert(&self.target, r, &t, shape::deleting(&obj), known).await;
        let k = match done {
            Ok(k) => k,
            // Deleted in the real server by someone else: created again next time.
            Err(target::Failure::Gone(why)) => return Err(target::Failure::Transient(why)),
            Err(e) => return Err(e),
        };
        let real_uid = k.real["metadata"]["uid"].as_str().unwrap_or_default();
        self.state.uids.lock().learn(sim_uid, real_uid);
        self.known.insert(key.clone(), k);
        Ok(unresolved)
    }
}
