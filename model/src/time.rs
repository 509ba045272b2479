//! Kubernetes timestamps (RFC 3339) without a clock: parsing, formatting and durations.
//!
//! Nothing here reads the current time; callers pass "now" in. A [`Timestamp`] is milliseconds
//! since the Unix epoch (UTC).

use serde::{Deserialize, Serialize};

/// Milliseconds since 1970-01-01T00:00:00Z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// Parses an RFC 3339 / Kubernetes timestamp such as `2024-05-01T10:00:00Z`,
    /// `2024-05-01T10:00:00.123456Z` or `2024-05-01T12:00:00+02:00`. Returns `None` for
    /// anything else (including out-of-range dates); never panics.
    pub fn parse(s: &str) -> Option<Timestamp> {
        parse_rfc3339(s.trim()).map(Timestamp)
    }

    /// Builds a timestamp from Unix seconds (as Prometheus reports them).
    pub fn from_unix_seconds(secs: f64) -> Option<Timestamp> {
        if secs.is_finite() && secs.abs() < 1e13 {
            Some(Timestamp((secs * 1000.0).round() as i64))
        } else {
            None
        }
    }

    /// Seconds from `self` to `later` (negative if `later` is earlier).
    pub fn seconds_until(self, later: Timestamp) -> f64 {
        (later.0.saturating_sub(self.0)) as f64 / 1000.0
    }

    /// RFC 3339 in UTC, with milliseconds only when they are not zero.
    pub fn to_rfc3339(self) -> String {
        let secs = self.0.div_euclid(1000);
        let ms = self.0.rem_euclid(1000);
        let days = secs.div_euclid(86_400);
        let sod = secs.rem_euclid(86_400);
        let (y, m, d) = civil_from_days(days);
        let (hh, mm, ss) = (sod / 3600, (sod % 3600) / 60, sod % 60);
        // Digits written straight into a buffer: the diagnosis cites times in many findings, and
        // `format!`'s padding machinery was a measurable part of it. Years past 9999 or before 0
        // take the general path.
        if (0..=9999).contains(&y) {
            let mut b = *b"0000-00-00T00:00:00.000Z";
            let mut put = |at: usize, width: usize, mut v: i64| {
                for k in (at..at + width).rev() {
                    b[k] = b'0' + (v % 10) as u8;
                    v /= 10;
                }
            };
            put(0, 4, y);
            put(5, 2, m);
            put(8, 2, d);
            put(11, 2, hh);
            put(14, 2, mm);
            put(17, 2, ss);
            if ms == 0 {
                b[19] = b'Z';
                return String::from_utf8_lossy(&b[..20]).into_owned();
            }
            put(20, 3, ms);
            return String::from_utf8_lossy(&b).into_owned();
        }
        if ms == 0 {
            format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}Z")
        } else {
            format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}.{ms:03}Z")
        }
    }
}

impl std::fmt::Display for Timestamp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_rfc3339())
    }
}

/// Human duration: `45s`, `3m20s`, `2h05m`, `3d4h`, `90d`. Negative values get a leading `-`.
pub fn format_duration(secs: f64) -> String {
    if !secs.is_finite() {
        return "?".into();
    }
    let neg = secs < 0.0;
    let s = secs.abs().round() as u64;
    let body = if s < 60 {
        format!("{s}s")
    } else if s < 3600 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else if s < 86_400 {
        format!("{}h{:02}m", s / 3600, (s % 3600) / 60)
    } else if s < 10 * 86_400 {
        format!("{}d{}h", s / 86_400, (s % 86_400) / 3600)
    } else {
        // As kubectl's ages: hours stop mattering after ten days (`90d`, not `90d0h`).
        format!("{}d", s / 86_400)
    };
    if neg { format!("-{body}") } else { body }
}

fn digits(b: &[u8]) -> Option<i64> {
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    b.iter().try_fold(0i64, |acc, d| {
        acc.checked_mul(10)?.checked_add(i64::from(d - b'0'))
    })
}

fn parse_rfc3339(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || b[13] != b':' || b[16] != b':' {
        return None;
    }
    if !matches!(b[10], b'T' | b't' | b' ') {
        return None;
    }
    let year = digits(&b[0..4])?;
    let month = digits(&b[5..7])?;
    let day = digits(&b[8..10])?;
    let hour = digits(&b[11..13])?;
    let min = digits(&b[14..16])?;
    let sec = digits(&b[17..19])?;
    if !(1..=12).contains(&month)
        || day < 1
        || day > days_in_month(year, month)
        || hour > 23
        || min > 59
        || sec > 60
    {
        return None;
    }
    let mut i = 19;
    let mut millis = 0i64;
    if b.get(i) == Some(&b'.') {
        let start = i + 1;
        let mut end = start;
        while end < b.len() && b[end].is_ascii_digit() {
            end += 1;
        }
        if end == start {
            return None;
        }
        for (k, d) in b[start..end.min(start + 3)].iter().enumerate() {
            millis += i64::from(d - b'0') * [100, 10, 1][k];
        }
        i = end;
    }
    let offset_secs = match b.get(i) {
        Some(b'Z' | b'z') if i + 1 == b.len() => 0,
        Some(sign @ (b'+' | b'-')) if i + 6 == b.len() && b[i + 3] == b':' => {
            let oh = digits(&b[i + 1..i + 3])?;
            let om = digits(&b[i + 4..i + 6])?;
            if oh > 23 || om > 59 {
                return None;
            }
            let o = oh * 3600 + om * 60;
            if *sign == b'+' { o } else { -o }
        }
        _ => return None,
    };
    let days = days_from_civil(year, month, day);
    let secs = days * 86_400 + hour * 3600 + min * 60 + sec.min(59) - offset_secs;
    Some(secs * 1000 + millis)
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_known_instants() {
        assert_eq!(Timestamp::parse("1970-01-01T00:00:00Z"), Some(Timestamp(0)));
        assert_eq!(
            Timestamp::parse("2024-02-29T12:00:00Z"),
            Some(Timestamp(1_709_208_000_000))
        );
        assert_eq!(
            Timestamp::parse("2024-02-29T14:00:00+02:00"),
            Timestamp::parse("2024-02-29T12:00:00Z")
        );
        assert_eq!(
            Timestamp::parse("2024-02-29T12:00:00.123456Z"),
            Some(Timestamp(1_709_208_000_123))
        );
        assert_eq!(
            Timestamp::parse("1969-12-31T23:59:59Z"),
            Some(Timestamp(-1000))
        );
    }

    #[test]
    fn rejects_garbage() {
        for s in [
            "",
            "2024-02-30T00:00:00Z",
            "2023-02-29T00:00:00Z",
            "2024-13-01T00:00:00Z",
            "2024-01-01T24:00:00Z",
            "2024-01-01T00:00:00",
            "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00+0200",
            "2024-01-01T00:00:00Zjunk",
            "null",
            "２０２４-01-01T00:00:00Z",
        ] {
            assert_eq!(Timestamp::parse(s), None, "{s}");
        }
    }

    #[test]
    fn formats_known_instants() {
        assert_eq!(Timestamp(0).to_rfc3339(), "1970-01-01T00:00:00Z");
        assert_eq!(
            Timestamp(1_709_208_000_123).to_rfc3339(),
            "2024-02-29T12:00:00.123Z"
        );
        assert_eq!(
            Timestamp(1_709_208_000_007).to_rfc3339(),
            "2024-02-29T12:00:00.007Z"
        );
        assert_eq!(Timestamp(-1000).to_rfc3339(), "1969-12-31T23:59:59Z");
        assert_eq!(
            Timestamp(-62_135_596_800_000).to_rfc3339(),
            "0001-01-01T00:00:00Z"
        );
        assert_eq!(
            Timestamp(253_402_300_799_999).to_rfc3339(),
            "9999-12-31T23:59:59.999Z"
        );
        // Past the four-digit years, the general path.
        assert_eq!(
            Timestamp(253_402_300_800_000).to_rfc3339(),
            "10000-01-01T00:00:00Z"
        );
        assert_eq!(
            Timestamp(-62_198_755_200_000).to_rfc3339(),
            "-001-01-01T00:00:00Z"
        );
        assert_eq!(format!("{}", Timestamp(60_000)), "1970-01-01T00:01:00Z");
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(format_duration(5.0), "5s");
        assert_eq!(format_duration(200.0), "3m20s");
        assert_eq!(format_duration(7500.0), "2h05m");
        assert_eq!(format_duration(3.0 * 86_400.0 + 4.0 * 3600.0), "3d4h");
        assert_eq!(format_duration(90.0 * 86_400.0), "90d");
        assert_eq!(format_duration(-61.0), "-1m01s");
        assert_eq!(format_duration(f64::NAN), "?");
    }

    proptest! {
        #[test]
        fn format_then_parse_round_trips(ms in -60_000_000_000_000i64..250_000_000_000_000i64) {
            let t = Timestamp(ms);
            prop_assert_eq!(Timestamp::parse(&t.to_rfc3339()), Some(t));
        }

        #[test]
        fn never_panics(s in "\\PC{0,40}") {
            let _ = Timestamp::parse(&s);
        }
    }
}
