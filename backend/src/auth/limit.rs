//! Sign-in attempts, limited by `governor`'s GCRA limiters so that junk tokens spend budgets a
//! valid token does not depend on:
//!
//! * **Per client** ([`crate::listener::client`]: the peer, or behind `--trusted-proxy` the
//!   forwarded client; an IPv6 address by its /64): a burst of [`BURST`], then one every
//!   [`EVERY`].
//! * **Over all clients**, so that many addresses together cannot make the API server judge
//!   unbounded tokens either, two pools of [`POOL_BURST`], then [`POOL_PER_SEC`] a second each:
//!   one for clients none of whose tokens the API server rejected in the last [`SUSPECT_FOR`],
//!   one for the others. A client sending junk moves to the second pool at its first rejection,
//!   so junk from any number of such clients empties that pool only; emptying the first takes
//!   a fresh address for every attempt.
//! * **A token the API server accepted** in the last [`GOOD_FOR`] (known by its SHA-256) spends
//!   only its own budget ([`GOOD_BURST`], then one every [`GOOD_EVERY`]): its user signs in
//!   again while their address, or every address, is out of budget because of junk.

use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota};
use lru::LruCache;
use parking_lot::Mutex;
use std::net::{IpAddr, Ipv4Addr};
use std::num::{NonZeroU32, NonZeroUsize};
use std::time::{Duration, Instant};

/// Attempts allowed at once from one client.
pub const BURST: u32 = 10;
/// One more attempt allowed per this interval, per client.
pub const EVERY: Duration = Duration::from_secs(6);
/// Attempts allowed at once over all clients, per pool.
pub const POOL_BURST: u32 = 50;
/// Attempts per second over all clients after the burst, per pool.
pub const POOL_PER_SEC: u32 = 5;
/// How long a client whose token was rejected draws from the second pool.
pub const SUSPECT_FOR: Duration = Duration::from_secs(600);
/// How long an accepted token keeps its own budget.
pub const GOOD_FOR: Duration = Duration::from_secs(12 * 3600);
/// Attempts allowed at once with one accepted token.
pub const GOOD_BURST: u32 = 5;
/// One more attempt per this interval with one accepted token.
pub const GOOD_EVERY: Duration = Duration::from_secs(60);
/// Clients (and tokens) tracked before the idle ones are forgotten.
const MAX_KEYS: usize = 10_000;
/// Clients remembered as having sent a rejected token.
const MAX_SUSPECTS: usize = 16_384;
/// Accepted tokens remembered.
const MAX_GOOD: usize = 4_096;

pub struct SignInLimit {
    per_client: DefaultKeyedRateLimiter<IpAddr>,
    clean: DefaultDirectRateLimiter,
    suspect: DefaultDirectRateLimiter,
    suspects: Mutex<LruCache<IpAddr, Instant>>,
    good: Mutex<LruCache<[u8; 32], Instant>>,
    per_good_token: DefaultKeyedRateLimiter<[u8; 32]>,
}

fn nonzero(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).expect("a non-zero limit")
}

fn lru<K: std::hash::Hash + Eq>(n: usize) -> Mutex<LruCache<K, Instant>> {
    Mutex::new(LruCache::new(
        NonZeroUsize::new(n).expect("a non-zero size"),
    ))
}

/// Whether `key` was recorded in `cache` less than `ttl` ago.
fn fresh<K: std::hash::Hash + Eq>(
    cache: &Mutex<LruCache<K, Instant>>,
    key: &K,
    ttl: Duration,
) -> bool {
    let mut cache = cache.lock();
    match cache.get(key) {
        Some(at) if at.elapsed() < ttl => true,
        Some(_) => {
            cache.pop(key);
            false
        }
        None => false,
    }
}

impl Default for SignInLimit {
    fn default() -> SignInLimit {
        SignInLimit::new(BURST, POOL_BURST)
    }
}

impl SignInLimit {
    /// Limits with these bursts (the rates are [`EVERY`] and [`POOL_PER_SEC`]).
    pub fn new(burst: u32, pool_burst: u32) -> SignInLimit {
        let per_client = Quota::with_period(EVERY)
            .expect("a non-zero period")
            .allow_burst(nonzero(burst));
        let pool = Quota::per_second(nonzero(POOL_PER_SEC)).allow_burst(nonzero(pool_burst));
        let per_good = Quota::with_period(GOOD_EVERY)
            .expect("a non-zero period")
            .allow_burst(nonzero(GOOD_BURST));
        SignInLimit {
            per_client: DefaultKeyedRateLimiter::keyed(per_client),
            clean: DefaultDirectRateLimiter::direct(pool),
            suspect: DefaultDirectRateLimiter::direct(pool),
            suspects: lru(MAX_SUSPECTS),
            good: lru(MAX_GOOD),
            per_good_token: DefaultKeyedRateLimiter::keyed(per_good),
        }
    }

    /// Whether one more attempt with the token of digest `token` from `client` is allowed now
    /// (`client: None`: address unknown, all such requests share one budget). An attempt
    /// refused by one budget spends none of the next.
    pub fn allow(&self, client: Option<IpAddr>, token: &[u8; 32]) -> bool {
        if fresh(&self.good, token, GOOD_FOR) {
            if self.per_good_token.len() > MAX_KEYS {
                self.per_good_token.retain_recent();
            }
            return self.per_good_token.check_key(token).is_ok();
        }
        let client = client.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        if self.per_client.len() > MAX_KEYS {
            self.per_client.retain_recent();
        }
        if self.per_client.check_key(&client).is_err() {
            return false;
        }
        match fresh(&self.suspects, &client, SUSPECT_FOR) {
            true => self.suspect.check().is_ok(),
            false => self.clean.check().is_ok(),
        }
    }

    /// The API server accepted the token of digest `token`.
    pub fn accepted(&self, token: [u8; 32]) {
        self.good.lock().put(token, Instant::now());
    }

    /// The API server rejected the token of digest `token`, sent from `client`.
    pub fn rejected(&self, client: Option<IpAddr>, token: &[u8; 32]) {
        self.good.lock().pop(token);
        let client = client.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        self.suspects.lock().put(client, Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v4(last: u8) -> Option<IpAddr> {
        Some(IpAddr::V4(Ipv4Addr::new(10, 0, 0, last)))
    }

    fn token(n: u8) -> [u8; 32] {
        [n; 32]
    }

    #[test]
    fn a_burst_then_refusals_per_address() {
        let l = SignInLimit::default();
        assert!((0..BURST).all(|i| l.allow(v4(1), &token(i as u8))));
        assert!(!l.allow(v4(1), &token(99)));
        assert!(
            l.allow(v4(2), &token(99)),
            "another address has its own budget"
        );
    }

    #[test]
    fn many_addresses_together_meet_the_pool_cap() {
        let l = SignInLimit::new(BURST, 25);
        let allowed = (0..=255u8).filter(|i| l.allow(v4(*i), &token(*i))).count();
        assert_eq!(allowed, 25, "one attempt per address, 25 in all");
        assert!(!l.allow(v4(0), &token(0)));
    }

    #[test]
    fn clients_that_sent_junk_draw_from_their_own_pool() {
        let l = SignInLimit::new(BURST, 20);
        // Four clients each send junk: after its first rejection, each draws on the second pool.
        let mut allowed = 0;
        for c in 1..=4u8 {
            for i in 0..BURST as u8 {
                if l.allow(v4(c), &token(c * 16 + i)) {
                    allowed += 1;
                    l.rejected(v4(c), &token(c * 16 + i));
                }
            }
        }
        assert_eq!(
            allowed,
            4 + 20,
            "one clean attempt each, then the second pool's 20"
        );
        // The first pool still has room for a client that sent no junk.
        assert!(l.allow(v4(9), &token(200)));
    }

    #[test]
    fn an_accepted_token_has_its_own_budget() {
        let l = SignInLimit::new(BURST, 20);
        for i in 0..BURST as u8 {
            assert!(l.allow(v4(1), &token(i)));
            l.rejected(v4(1), &token(i));
        }
        assert!(!l.allow(v4(1), &token(50)), "the address is out of budget");
        l.accepted(token(77));
        assert!((0..GOOD_BURST).all(|_| l.allow(v4(1), &token(77))));
        assert!(!l.allow(v4(1), &token(77)), "its own budget is bounded too");
        l.rejected(v4(1), &token(77));
        assert!(!l.allow(v4(1), &token(77)), "a revoked token is junk again");
    }
}
