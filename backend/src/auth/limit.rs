//! Sign-in attempts per client address, limited by `governor`'s keyed GCRA limiter: a burst of
//! [`BURST`], then one every [`EVERY`]. Behind a proxy every client shares the proxy's address,
//! so the limit then applies to all of them together.

use governor::{DefaultKeyedRateLimiter, Quota};
use std::net::{IpAddr, Ipv4Addr};
use std::num::NonZeroU32;
use std::time::Duration;

/// Attempts allowed at once from one address.
pub const BURST: u32 = 10;
/// One more attempt allowed per this interval.
pub const EVERY: Duration = Duration::from_secs(6);
/// Addresses tracked before the idle ones are forgotten.
const MAX_KEYS: usize = 10_000;

pub struct SignInLimit(DefaultKeyedRateLimiter<IpAddr>);

impl Default for SignInLimit {
    fn default() -> SignInLimit {
        let quota = Quota::with_period(EVERY)
            .expect("a non-zero period")
            .allow_burst(NonZeroU32::new(BURST).expect("a non-zero burst"));
        SignInLimit(DefaultKeyedRateLimiter::keyed(quota))
    }
}

impl SignInLimit {
    /// Whether one more attempt from `peer` is allowed now (`None`: address unknown, all such
    /// requests share one budget).
    pub fn allow(&self, peer: Option<IpAddr>) -> bool {
        if self.0.len() > MAX_KEYS {
            self.0.retain_recent();
        }
        self.0
            .check_key(&peer.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)))
            .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_refusals_per_address() {
        let l = SignInLimit::default();
        let a = Some(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)));
        let b = Some(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2)));
        assert!((0..BURST).all(|_| l.allow(a)));
        assert!(!l.allow(a));
        assert!(l.allow(b), "another address has its own budget");
    }
}
