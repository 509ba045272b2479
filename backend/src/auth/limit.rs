//! Sign-in attempts, limited by `governor`'s GCRA limiters: per client address a burst of
//! [`BURST`], then one every [`EVERY`]; and for the whole server a burst of [`GLOBAL_BURST`],
//! then [`GLOBAL_PER_SEC`] a second, so that many addresses together cannot make the API server
//! judge unbounded tokens either. The address is the connection's peer, which the server loop
//! hands every request (`ConnectInfo`); behind a proxy every client shares the proxy's address,
//! so the per-address limit then applies to all of them together.

use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota};
use std::net::{IpAddr, Ipv4Addr};
use std::num::NonZeroU32;
use std::time::Duration;

/// Attempts allowed at once from one address.
pub const BURST: u32 = 10;
/// One more attempt allowed per this interval, per address.
pub const EVERY: Duration = Duration::from_secs(6);
/// Attempts allowed at once over all addresses.
pub const GLOBAL_BURST: u32 = 100;
/// Attempts per second over all addresses, after the burst.
pub const GLOBAL_PER_SEC: u32 = 10;
/// Addresses tracked before the idle ones are forgotten.
const MAX_KEYS: usize = 10_000;

pub struct SignInLimit {
    per_client: DefaultKeyedRateLimiter<IpAddr>,
    global: DefaultDirectRateLimiter,
}

fn nonzero(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).expect("a non-zero limit")
}

impl Default for SignInLimit {
    fn default() -> SignInLimit {
        SignInLimit::new(BURST, GLOBAL_BURST)
    }
}

impl SignInLimit {
    /// Limits with these bursts (the rates are [`EVERY`] and [`GLOBAL_PER_SEC`]).
    pub fn new(burst: u32, global_burst: u32) -> SignInLimit {
        let quota = Quota::with_period(EVERY)
            .expect("a non-zero period")
            .allow_burst(nonzero(burst));
        let global = Quota::per_second(nonzero(GLOBAL_PER_SEC)).allow_burst(nonzero(global_burst));
        SignInLimit {
            per_client: DefaultKeyedRateLimiter::keyed(quota),
            global: DefaultDirectRateLimiter::direct(global),
        }
    }

    /// Whether one more attempt from `peer` is allowed now (`None`: address unknown, all such
    /// requests share one budget). An attempt refused per address does not count globally.
    pub fn allow(&self, peer: Option<IpAddr>) -> bool {
        if self.per_client.len() > MAX_KEYS {
            self.per_client.retain_recent();
        }
        self.per_client
            .check_key(&peer.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)))
            .is_ok()
            && self.global.check().is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v4(last: u8) -> Option<IpAddr> {
        Some(IpAddr::V4(Ipv4Addr::new(10, 0, 0, last)))
    }

    #[test]
    fn a_burst_then_refusals_per_address() {
        let l = SignInLimit::default();
        assert!((0..BURST).all(|_| l.allow(v4(1))));
        assert!(!l.allow(v4(1)));
        assert!(l.allow(v4(2)), "another address has its own budget");
    }

    #[test]
    fn many_addresses_together_meet_the_global_cap() {
        let l = SignInLimit::new(BURST, 25);
        let allowed = (0..=255u8).filter(|i| l.allow(v4(*i))).count();
        assert_eq!(allowed, 25, "one attempt per address, 25 in all");
        assert!(!l.allow(v4(0)));
    }
}
