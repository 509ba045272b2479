//! Token mode's server-side sessions: an opaque random id (the cookie's value) mapped to the
//! user's grants — for each cluster of the fleet signed in to, the accepted token's key and the
//! client acting as that user there (at most one per cluster) —, with idle and absolute expiry,
//! revocation (the whole session, or one cluster's grant), and a size cap.
//!
//! Ids are 32 random bytes, base64url; the map is keyed by the id's SHA-256, so neither ids nor
//! tokens are map keys a debugger would print. The cap evicts the least recently used session.
//! The token itself is not kept apart from the client's `Authorization` header (marked
//! sensitive). Signing in to one more cluster moves the session's grants to a fresh id.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use lru::LruCache;
use parking_lot::Mutex;
use sha2::{Digest, Sha256};
use std::num::NonZeroUsize;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most sessions kept at once; the least recently used one goes first.
pub const MAX_SESSIONS: usize = 10_000;

/// How long sessions live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lifetimes {
    /// Ended after this long without a request.
    pub idle: Duration,
    /// Ended this long after sign-in, however busy.
    pub absolute: Duration,
}

impl Default for Lifetimes {
    fn default() -> Lifetimes {
        Lifetimes {
            idle: Duration::from_secs(3600),
            absolute: Duration::from_secs(8 * 3600),
        }
    }
}

impl Lifetimes {
    /// The defaults, overridden by `STRATA_SESSION_IDLE_SECS` / `STRATA_SESSION_MAX_SECS`.
    pub fn from_env() -> Lifetimes {
        let secs = |var: &str| {
            std::env::var(var)
                .ok()
                .and_then(|v| v.trim().parse::<u64>().ok())
                .filter(|s| *s > 0)
                .map(Duration::from_secs)
        };
        let d = Lifetimes::default();
        Lifetimes {
            idle: secs("STRATA_SESSION_IDLE_SECS").unwrap_or(d.idle),
            absolute: secs("STRATA_SESSION_MAX_SECS").unwrap_or(d.absolute),
        }
    }
}

/// A token the API server of one cluster accepted, with the client that acts as its user there.
#[derive(Clone)]
pub struct Grant {
    /// The SHA-256 of the cluster's name and the token ([`grant_key`]): what access review
    /// answers, rejected tokens and sign-in budgets are kept under, so that one token's answers
    /// on one API server are never read as another's.
    pub key: [u8; 32],
    /// Makes requests as this user to that cluster's API server, over its shared HTTP stack.
    pub client: kube::Client,
}

/// A signed-in user, as one request sees them: one grant per cluster of the fleet (in its
/// order, the first cluster first), `None` where the user has not signed in.
#[derive(Clone)]
pub struct Session {
    /// The session id's SHA-256.
    pub id_key: [u8; 32],
    pub grants: Arc<[Option<Grant>]>,
}

impl Session {
    /// The grant for the cluster at `at` in the fleet, if the user signed in to it.
    pub fn grant(&self, at: usize) -> Option<&Grant> {
        self.grants.get(at).and_then(Option::as_ref)
    }

    /// Whom this session counts as (the stream caps): its first grant's key.
    pub fn user_key(&self) -> [u8; 32] {
        self.grants
            .iter()
            .flatten()
            .map(|g| g.key)
            .next()
            .unwrap_or(self.id_key)
    }
}

struct Entry {
    session: Session,
    created: Instant,
    last_seen: Instant,
}

pub struct Sessions {
    map: Mutex<LruCache<[u8; 32], Entry>>,
    lifetimes: Lifetimes,
}

/// SHA-256 of `s`.
pub fn digest(s: &str) -> [u8; 32] {
    Sha256::digest(s.as_bytes()).into()
}

/// The key of `token` on the cluster called `cluster`: SHA-256 of the name, a NUL and the token
/// (a cluster's name holds no NUL).
pub fn grant_key(cluster: &str, token: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(cluster.as_bytes());
    h.update([0]);
    h.update(token.as_bytes());
    h.finalize().into()
}

/// A new session id: 32 bytes from the OS's random source, base64url.
fn new_id() -> String {
    URL_SAFE_NO_PAD.encode(crate::random::bytes::<32>())
}

impl Sessions {
    pub fn new(cap: usize, lifetimes: Lifetimes) -> Sessions {
        Sessions {
            map: Mutex::new(LruCache::new(NonZeroUsize::new(cap.max(1)).unwrap())),
            lifetimes,
        }
    }

    /// Starts a session holding `grant` for the cluster at `at` of `clusters` and, when
    /// `previous` names a live session, that session's other grants, which then ends (its id is
    /// replaced, never reused: the id changes whenever what it grants changes; its absolute
    /// lifetime is kept). Returns the new id (the cookie's value).
    pub fn grant(
        &self,
        previous: Option<&str>,
        clusters: usize,
        at: usize,
        grant: Grant,
    ) -> String {
        let now = Instant::now();
        let mut map = self.map.lock();
        let old = previous
            .map(digest)
            .and_then(|k| map.pop(&k))
            .filter(|e| self.live(e, now));
        let mut grants: Vec<Option<Grant>> = match &old {
            Some(e) => e.session.grants.to_vec(),
            None => Vec::new(),
        };
        grants.resize(clusters.max(at + 1), None);
        grants[at] = Some(grant);
        let id = new_id();
        let session = Session {
            id_key: digest(&id),
            grants: grants.into(),
        };
        map.push(
            session.id_key,
            Entry {
                session,
                created: old.map_or(now, |e| e.created),
                last_seen: now,
            },
        );
        id
    }

    fn live(&self, entry: &Entry, now: Instant) -> bool {
        now.duration_since(entry.created) < self.lifetimes.absolute
            && now.duration_since(entry.last_seen) < self.lifetimes.idle
    }

    /// The live session under the id's digest `id_key` (and it counts as used now); an expired
    /// one is removed.
    pub fn get_by_key(&self, id_key: &[u8; 32]) -> Option<Session> {
        let now = Instant::now();
        let mut map = self.map.lock();
        let live = self.live(map.peek(id_key)?, now);
        if !live {
            map.pop(id_key);
            return None;
        }
        let entry = map.get_mut(id_key)?;
        entry.last_seen = now;
        Some(entry.session.clone())
    }

    /// The live session of cookie value `id`.
    pub fn get(&self, id: &str) -> Option<Session> {
        self.get_by_key(&digest(id))
    }

    /// Ends session `id` (sign-out: every cluster's grant goes with it).
    pub fn revoke(&self, id: &str) {
        self.map.lock().pop(&digest(id));
    }

    /// Drops the grant of key `key` for the cluster at `at` from every session holding it (that
    /// cluster's API server rejected the token); a session left with no grant ends.
    pub fn revoke_grant(&self, at: usize, key: &[u8; 32]) {
        let mut map = self.map.lock();
        let hit: Vec<[u8; 32]> = map
            .iter()
            .filter(|(_, e)| e.session.grant(at).is_some_and(|g| &g.key == key))
            .map(|(k, _)| *k)
            .collect();
        for k in hit {
            let Some(entry) = map.get_mut(&k) else {
                continue;
            };
            let mut grants = entry.session.grants.to_vec();
            grants[at] = None;
            if grants.iter().all(Option::is_none) {
                map.pop(&k);
            } else {
                entry.session.grants = grants.into();
            }
        }
    }

    /// Sessions kept (live or not yet swept).
    pub fn len(&self) -> usize {
        let now = Instant::now();
        let mut map = self.map.lock();
        let dead: Vec<[u8; 32]> = map
            .iter()
            .filter(|(_, e)| !self.live(e, now))
            .map(|(k, _)| *k)
            .collect();
        for k in dead {
            map.pop(&k);
        }
        map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client() -> kube::Client {
        let config = kube::Config::new("http://127.0.0.1:1".parse().unwrap());
        kube::Client::try_from(config).unwrap()
    }

    fn grant(cluster: &str, token: &str) -> Grant {
        Grant {
            key: grant_key(cluster, token),
            client: client(),
        }
    }

    #[tokio::test]
    async fn ids_are_random_and_not_the_token() {
        let s = Sessions::new(10, Lifetimes::default());
        let (a, b) = (
            s.grant(None, 1, 0, grant("a", "tok")),
            s.grant(None, 1, 0, grant("a", "tok")),
        );
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert!(!a.contains("tok"));
        assert_eq!(
            s.get(&a).unwrap().grant(0).unwrap().key,
            grant_key("a", "tok")
        );
        assert!(s.get("forged").is_none());
        s.revoke(&a);
        assert!(s.get(&a).is_none() && s.get(&b).is_some());
        s.revoke_grant(0, &grant_key("a", "tok"));
        assert!(s.get(&b).is_none(), "its only grant gone, the session ends");
    }

    #[tokio::test]
    async fn a_cluster_added_keeps_the_others_under_a_new_id() {
        let s = Sessions::new(10, Lifetimes::default());
        let first = s.grant(None, 3, 0, grant("a", "ta"));
        let second = s.grant(Some(&first), 3, 2, grant("c", "tc"));
        assert_ne!(first, second);
        assert!(s.get(&first).is_none(), "the old id is replaced");
        let both = s.get(&second).unwrap();
        assert_eq!(both.grants.len(), 3);
        assert!(both.grant(0).is_some() && both.grant(1).is_none() && both.grant(2).is_some());
        // A forged or ended previous id carries nothing over.
        let alone = s.grant(Some("forged"), 3, 1, grant("b", "tb"));
        assert!(s.get(&alone).unwrap().grant(0).is_none());
        // Signing in to a cluster again replaces its grant: one per cluster, never more.
        let second = s.grant(Some(&second), 3, 2, grant("c", "tc2"));
        let again = s.get(&second).unwrap();
        assert_eq!(again.grants.len(), 3);
        assert_eq!(again.grant(2).unwrap().key, grant_key("c", "tc2"));
        s.revoke_grant(2, &grant_key("c", "tc"));
        assert!(
            s.get(&second).unwrap().grant(2).is_some(),
            "another token's key"
        );
        // One cluster's API server rejecting its token drops that grant only.
        s.revoke_grant(2, &grant_key("c", "tc2"));
        let left = s.get(&second).unwrap();
        assert!(left.grant(0).is_some() && left.grant(2).is_none());
        // The same token's key differs per cluster.
        assert_ne!(grant_key("a", "t"), grant_key("b", "t"));
    }

    #[tokio::test]
    async fn bounded_and_expiring() {
        let s = Sessions::new(2, Lifetimes::default());
        let ids: Vec<String> = (0..3)
            .map(|_| s.grant(None, 1, 0, grant("a", "t")))
            .collect();
        assert_eq!(s.len(), 2);
        assert!(
            s.get(&ids[0]).is_none(),
            "the least recently used went first"
        );
        let short = Sessions::new(
            10,
            Lifetimes {
                idle: Duration::from_millis(30),
                absolute: Duration::from_secs(60),
            },
        );
        let id = short.grant(None, 1, 0, grant("a", "t"));
        std::thread::sleep(Duration::from_millis(50));
        assert!(short.get(&id).is_none(), "idle sessions end");
        assert!(short.is_empty());
    }
}
