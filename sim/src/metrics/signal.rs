//! Closed-form signals of simulated time: a VM's deterministic randomness, smooth waves and
//! their integrals (the counters).

use crate::kubevirt::Vm;
use std::f64::consts::TAU;

/// A deterministic number in [0, 1) from a VM's seed and a salt.
pub fn unit(seed: u64, salt: u64) -> f64 {
    let mut x = seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    (x >> 11) as f64 / (1u64 << 53) as f64
}

/// The integral from `t0` to `t` of `base * (1 + amp * sin(2π t / period + phase))`.
pub fn integral(base: f64, amp: f64, period: f64, phase: f64, t0: f64, t: f64) -> f64 {
    if t <= t0 {
        return 0.0;
    }
    let w = TAU / period;
    base * (t - t0) - base * amp / w * ((w * t + phase).cos() - (w * t0 + phase).cos())
}

pub fn wave(base: f64, amp: f64, period: f64, phase: f64, t: f64) -> f64 {
    base * (1.0 + amp * (TAU / period * t + phase).sin())
}

/// A per-VM counter with its own rate, period and phase (`salt` picks them).
pub struct Counter<'a> {
    pub vm: &'a Vm,
    pub t: f64,
}

impl Counter<'_> {
    pub fn value(&self, salt: u64, base: f64) -> f64 {
        let vm = self.vm;
        let Some(t0) = vm.running_since else {
            return 0.0;
        };
        let amp = 0.15 + 0.25 * unit(vm.seed, salt + 1);
        let period = 240.0 + 900.0 * unit(vm.seed, salt + 2);
        let phase = TAU * unit(vm.seed, salt + 3);
        // A paused guest barely moves: the counter holds at its value when paused.
        let t = match vm.paused {
            Some((_, _, since)) if since < self.t => {
                since.max(t0) + (self.t - since.max(t0)) * 0.01
            }
            _ => self.t,
        };
        integral(base, amp, period, phase, t0, t).round_ties_even_ish()
    }
}

pub trait RoundIsh {
    fn round_ties_even_ish(self) -> f64;
}
impl RoundIsh for f64 {
    /// Keeps microsecond precision so text exposition stays short and stable.
    fn round_ties_even_ish(self) -> f64 {
        (self * 1e6).round() / 1e6
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integral_is_monotone_and_matches_its_rate() {
        let (base, amp, period, phase) = (2.0, 0.3, 600.0, 1.0);
        let mut last = 0.0;
        for i in 0..2000 {
            let t = 100.0 + i as f64 * 0.7;
            let v = integral(base, amp, period, phase, 100.0, t);
            assert!(v >= last);
            last = v;
        }
        let t = 1000.0;
        let d = (integral(base, amp, period, phase, 0.0, t + 0.001)
            - integral(base, amp, period, phase, 0.0, t))
            / 0.001;
        assert!((d - wave(base, amp, period, phase, t)).abs() < 1e-3);
    }
}
