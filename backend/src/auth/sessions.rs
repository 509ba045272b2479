//! Token mode's server-side sessions: an opaque random id (the cookie's value) mapped to the
//! user's token and client, with idle and absolute expiry, revocation, and a size cap.
//!
//! Ids are 32 random bytes, base64url; the map is keyed by the id's SHA-256, so neither ids nor
//! tokens are map keys a debugger would print. The cap evicts the least recently used session.

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

/// A signed-in user, as one request sees them.
#[derive(Clone)]
pub struct Session {
    pub token: Arc<str>,
    /// The token's SHA-256: what access review answers are cached under.
    pub token_key: [u8; 32],
    /// The session id's SHA-256.
    pub id_key: [u8; 32],
    /// Makes requests as this user over the shared HTTP stack.
    pub client: kube::Client,
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

    /// Starts a session for an accepted `token`; returns its id (the cookie's value).
    pub fn create(&self, token: &str, client: kube::Client) -> String {
        let id = new_id();
        let now = Instant::now();
        let session = Session {
            token: token.into(),
            token_key: digest(token),
            id_key: digest(&id),
            client,
        };
        self.map.lock().push(
            session.id_key,
            Entry {
                session,
                created: now,
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

    /// Ends session `id` (sign-out).
    pub fn revoke(&self, id: &str) {
        self.map.lock().pop(&digest(id));
    }

    /// Ends every session of the token with digest `token_key` (the API server rejected it).
    pub fn revoke_token(&self, token_key: &[u8; 32]) {
        let mut map = self.map.lock();
        let gone: Vec<[u8; 32]> = map
            .iter()
            .filter(|(_, e)| &e.session.token_key == token_key)
            .map(|(k, _)| *k)
            .collect();
        for k in gone {
            map.pop(&k);
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

    #[tokio::test]
    async fn ids_are_random_and_not_the_token() {
        let s = Sessions::new(10, Lifetimes::default());
        let (a, b) = (s.create("tok", client()), s.create("tok", client()));
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert!(!a.contains("tok"));
        assert_eq!(&*s.get(&a).unwrap().token, "tok");
        assert!(s.get("forged").is_none());
        s.revoke(&a);
        assert!(s.get(&a).is_none() && s.get(&b).is_some());
        s.revoke_token(&digest("tok"));
        assert!(s.get(&b).is_none());
    }

    #[tokio::test]
    async fn bounded_and_expiring() {
        let s = Sessions::new(2, Lifetimes::default());
        let ids: Vec<String> = (0..3).map(|_| s.create("t", client())).collect();
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
        let id = short.create("t", client());
        std::thread::sleep(Duration::from_millis(50));
        assert!(short.get(&id).is_none(), "idle sessions end");
        assert!(short.is_empty());
    }
}
