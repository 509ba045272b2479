//! The simulated clock: real time (optionally sped up) or manual (time moves only when told).
//!
//! Simulated time is seconds since the Unix epoch as `f64`. Every timestamp the simulator writes
//! and every metric value comes from this clock, so a manual clock with a fixed start makes a run
//! reproducible.

use parking_lot::{Mutex, MutexGuard};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The start of a manual clock unless told otherwise: 2026-11-30T08:00:00Z.
pub const DEFAULT_EPOCH: f64 = 1_796_025_600.0;

#[derive(Debug, Clone, Copy)]
enum Mode {
    /// `sim = base + (Instant::now() - anchor) * speed`.
    Real {
        anchor: Instant,
        base: f64,
        speed: f64,
    },
    Manual {
        now: f64,
    },
}

/// The clock. Shared behind an `Arc`.
#[derive(Debug)]
pub struct Clock {
    mode: Mutex<Mode>,
}

/// Wall-clock seconds since the epoch.
pub fn wall_now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0)
}

impl Clock {
    /// Real time (speed 1 starts at the wall clock; other speeds too, then run faster).
    pub fn real(speed: f64) -> Clock {
        Clock {
            mode: Mutex::new(Mode::Real {
                anchor: Instant::now(),
                base: wall_now(),
                speed: speed.max(0.0),
            }),
        }
    }

    /// A clock that moves only through [`Clock::advance`] / [`Clock::set`].
    pub fn manual(start: f64) -> Clock {
        Clock {
            mode: Mutex::new(Mode::Manual { now: start }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Mode> {
        self.mode.lock()
    }

    /// Simulated now, seconds since the epoch.
    pub fn now(&self) -> f64 {
        match *self.lock() {
            Mode::Real {
                anchor,
                base,
                speed,
            } => base + anchor.elapsed().as_secs_f64() * speed,
            Mode::Manual { now } => now,
        }
    }

    pub fn is_manual(&self) -> bool {
        matches!(*self.lock(), Mode::Manual { .. })
    }

    /// The speed factor (0 for a manual clock).
    pub fn speed(&self) -> f64 {
        match *self.lock() {
            Mode::Real { speed, .. } => speed,
            Mode::Manual { .. } => 0.0,
        }
    }

    /// Moves simulated time forward by `secs` (in either mode).
    pub fn advance(&self, secs: f64) {
        let mut m = self.lock();
        match &mut *m {
            Mode::Real { base, .. } => *base += secs.max(0.0),
            Mode::Manual { now } => *now += secs.max(0.0),
        }
    }

    /// Switches to real time at `speed`, continuing from the current simulated time.
    pub fn set_speed(&self, speed: f64) {
        let now = self.now();
        *self.lock() = Mode::Real {
            anchor: Instant::now(),
            base: now,
            speed: speed.max(0.0),
        };
    }

    /// Freezes the clock at the current simulated time (manual mode).
    pub fn freeze(&self) {
        let now = self.now();
        *self.lock() = Mode::Manual { now };
    }
}

fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// RFC 3339 in UTC with second precision, as Kubernetes writes `metav1.Time`.
pub fn rfc3339(secs: f64) -> String {
    let s = secs.floor() as i64;
    let (y, m, d) = civil_from_days(s.div_euclid(86_400));
    let t = s.rem_euclid(86_400);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

/// RFC 3339 with microseconds, as Kubernetes writes `metav1.MicroTime` (events' `eventTime`).
pub fn rfc3339_micro(secs: f64) -> String {
    let base = rfc3339(secs);
    let micros = ((secs - secs.floor()) * 1e6).round().min(999_999.0) as u32;
    format!("{}.{micros:06}Z", &base[..base.len() - 1])
}

/// Parses `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`; also accepts a plain number of seconds.
pub fn parse_time(s: &str) -> Option<f64> {
    if let Ok(n) = s.parse::<f64>() {
        return Some(n);
    }
    let b = s.as_bytes();
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't' | b' ') {
        return None;
    }
    let num = |r: std::ops::Range<usize>| s.get(r)?.parse::<i64>().ok();
    let days = days_from_civil(num(0..4)?, num(5..7)?, num(8..10)?);
    let mut secs = (days * 86_400 + num(11..13)? * 3600 + num(14..16)? * 60 + num(17..19)?) as f64;
    let mut rest = &s[19..];
    if let Some(frac) = rest.strip_prefix('.') {
        let end = frac
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(frac.len());
        secs += format!("0.{}", &frac[..end]).parse::<f64>().ok()?;
        rest = &frac[end..];
    }
    match rest {
        "Z" | "z" => Some(secs),
        _ if rest.len() == 6 => {
            let sign = if rest.starts_with('-') { -1.0 } else { 1.0 };
            let h: f64 = rest[1..3].parse().ok()?;
            let m: f64 = rest[4..6].parse().ok()?;
            Some(secs - sign * (h * 3600.0 + m * 60.0))
        }
        _ => None,
    }
}

/// Kubernetes' short human duration ("45s", "3m12s", "5h", "12d"), as `kubectl get` shows ages.
pub fn human_duration(secs: f64) -> String {
    if secs < -1.0 {
        return "<invalid>".into();
    }
    let s = secs.max(0.0) as i64;
    let (m, h, d) = (s / 60, s / 3600, s / 86_400);
    if s < 120 {
        format!("{s}s")
    } else if m < 10 {
        if s % 60 == 0 {
            format!("{m}m")
        } else {
            format!("{m}m{}s", s % 60)
        }
    } else if m < 180 {
        format!("{m}m")
    } else if h < 8 {
        if m % 60 == 0 {
            format!("{h}h")
        } else {
            format!("{h}h{}m", m % 60)
        }
    } else if h < 48 {
        format!("{h}h")
    } else if h < 24 * 8 {
        if h % 24 == 0 {
            format!("{d}d")
        } else {
            format!("{d}d{}h", h % 24)
        }
    } else if d < 365 * 2 {
        format!("{d}d")
    } else if d < 365 * 8 {
        format!("{}y{}d", d / 365, d % 365)
    } else {
        format!("{}y", d / 365)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_round_trips() {
        assert_eq!(rfc3339(DEFAULT_EPOCH), "2026-11-30T08:00:00Z");
        assert_eq!(rfc3339(0.0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400.0), "2000-02-29T00:00:00Z");
        for t in [0.0, 951_782_400.0, DEFAULT_EPOCH, 4_102_444_799.0] {
            assert_eq!(parse_time(&rfc3339(t)), Some(t));
        }
        assert_eq!(parse_time("2026-11-30T10:00:00+02:00"), Some(DEFAULT_EPOCH));
        assert_eq!(
            parse_time("2026-11-30T08:00:00.5Z"),
            Some(DEFAULT_EPOCH + 0.5)
        );
        assert_eq!(
            rfc3339_micro(DEFAULT_EPOCH + 0.25),
            "2026-11-30T08:00:00.250000Z"
        );
    }

    #[test]
    fn human_durations_like_kubectl() {
        assert_eq!(human_duration(5.0), "5s");
        assert_eq!(human_duration(150.0), "2m30s");
        assert_eq!(human_duration(3600.0), "60m");
        assert_eq!(human_duration(5.0 * 3600.0 + 120.0), "5h2m");
        assert_eq!(human_duration(3.0 * 86_400.0), "3d");
    }

    #[test]
    fn manual_clock_moves_only_when_told() {
        let c = Clock::manual(100.0);
        assert_eq!(c.now(), 100.0);
        c.advance(2.5);
        assert_eq!(c.now(), 102.5);
        c.set_speed(1000.0);
        assert!(c.now() >= 102.5);
        c.freeze();
        let t = c.now();
        assert_eq!(c.now(), t);
    }
}
