//! kubectl's printed durations, read back: the AGE and LAST SEEN columns of `get` tables and the
//! `Age` column of a describe's `Events:` (`10m (x3 over 20m)`).
//!
//! kubectl prints them with `duration.HumanDuration` of k8s.io/apimachinery
//! (`pkg/util/duration/duration.go`): `5s`, `3m31s`, `45m`, `4h9m`, `10h`, `2d5h`, `38d`,
//! `2y10d`, `<invalid>` for a time in the future. It truncates, to a step set by the size of the
//! duration (seconds under 10 minutes, minutes under 8 hours, hours under 8 days, days under 8
//! years), so a printed value `v` stands for a duration in `[v, v + step)`; a value only kubectl
//! before 1.12 (`ShortHumanDuration`, one unit) prints, such as `30h`, is read with its last
//! unit as the step. A zero time prints `<unknown>` (`translateTimestampSince` in
//! k8s.io/kubectl `pkg/describe/describe.go` and `pkg/cmd/events/event_printer.go`), and an
//! event seen more than once prints `<last> (x<count> over <first>)` (`DescribeEvents`,
//! `getInterval`).

/// A printed age: the true duration lies in `[low, high)` seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Age {
    pub low: u64,
    pub high: u64,
}

impl Age {
    /// The seconds kubectl printed (the low end).
    pub fn secs(self) -> u64 {
        self.low
    }
}

/// An event's printed interval: when it was last seen, how often, since when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interval {
    /// When it was last seen (`None`: `<unknown>`).
    pub last: Option<Age>,
    /// How many times it was seen (1 when the interval does not say).
    pub count: u32,
    /// When it was first seen, for a repeated event.
    pub first: Option<Age>,
}

const YEAR: u64 = 365 * 86_400;

/// An AGE cell (`5m2s`, `3h`, `2d5h`, `2y10d`) as an [`Age`]; `None` for `<unknown>`,
/// `<invalid>` or anything that is not a duration.
pub fn parse_age(cell: &str) -> Option<Age> {
    let cell = cell.trim();
    if cell.is_empty() || cell.len() > 12 {
        return None;
    }
    let (mut total, mut last_unit, mut digits) = (0u64, 0u64, 0usize);
    let mut value: u64 = 0;
    for c in cell.chars() {
        if let Some(d) = c.to_digit(10) {
            value = value.checked_mul(10)?.checked_add(u64::from(d))?;
            digits += 1;
            continue;
        }
        let unit = match c {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => 86_400,
            'y' => YEAR,
            _ => return None,
        };
        // Units only go down (`2d5h`, never `5h2d`) and each has its digits.
        if digits == 0 || (last_unit != 0 && unit >= last_unit) {
            return None;
        }
        total = total.checked_add(value.checked_mul(unit)?)?;
        (last_unit, value, digits) = (unit, 0, 0);
    }
    (digits == 0 && last_unit != 0).then_some(Age {
        low: total,
        high: total + step(total).max(if human(total) == cell { 0 } else { last_unit }),
    })
}

/// HumanDuration's truncation step for a duration of `secs`.
fn step(secs: u64) -> u64 {
    match secs {
        s if s < 600 => 1,
        s if s < 8 * 3600 => 60,
        s if s < 8 * 86_400 => 3600,
        s if s < 8 * YEAR => 86_400,
        _ => YEAR,
    }
}

/// True for a cell kubectl prints in an AGE column: a duration, `<unknown>` or `<invalid>`.
pub fn is_age_cell(cell: &str) -> bool {
    matches!(cell, "<unknown>" | "<invalid>") || parse_age(cell).is_some()
}

/// An event's interval cell: `2m`, `10m (x3 over 20m)`, `x3 over 10m` (older describers),
/// `<unknown>`.
pub fn parse_interval(cell: &str) -> Option<Interval> {
    let cell = cell.trim();
    let (last, rest) = match cell.split_once(' ') {
        Some((a, r)) if !a.starts_with('x') && !a.starts_with("(x") => (a, r.trim()),
        Some(_) => ("", cell),
        None => (cell, ""),
    };
    let last_age = match last {
        "" | "<unknown>" | "<invalid>" => None,
        l => Some(parse_age(l)?),
    };
    if last.is_empty() && rest.is_empty() {
        return None;
    }
    if rest.is_empty() {
        return Some(Interval {
            last: last_age,
            count: 1,
            first: last_age,
        });
    }
    // `(x3 over 20m)` or `x3 over 10m`.
    let inner = rest.trim_start_matches('(').trim_end_matches(')');
    let (count, first) = inner.strip_prefix('x')?.split_once(" over ")?;
    let count: u32 = count.trim().parse().ok()?;
    let first = match first.trim() {
        "<unknown>" | "<invalid>" => None,
        f => Some(parse_age(f)?),
    };
    Some(Interval {
        last: last_age,
        count,
        first,
    })
}

/// `5m`, `2h10m`: a number of seconds as kubectl would print it (HumanDuration), for messages.
pub fn human(secs: u64) -> String {
    let (m, h, d) = (secs / 60, secs / 3600, secs / 86_400);
    if secs < 120 {
        format!("{secs}s")
    } else if m < 10 {
        match secs % 60 {
            0 => format!("{m}m"),
            s => format!("{m}m{s}s"),
        }
    } else if m < 180 {
        format!("{m}m")
    } else if h < 8 {
        match m % 60 {
            0 => format!("{h}h"),
            r => format!("{h}h{r}m"),
        }
    } else if h < 48 {
        format!("{h}h")
    } else if h < 24 * 8 {
        match h % 24 {
            0 => format!("{d}d"),
            r => format!("{d}d{r}h"),
        }
    } else {
        format!("{d}d")
    }
}

/// `last seen 2m ago, 3 times over 20m`: an interval as words.
pub fn interval_words(i: &Interval) -> String {
    let last = i
        .last
        .map(|a| format!("last seen {} ago", human(a.low)))
        .unwrap_or_else(|| "last seen at an unknown time".into());
    match (i.count, i.first) {
        (0 | 1, _) => last,
        (n, Some(f)) => format!("{last}, {n} times over {}", human(f.low)),
        (n, None) => format!("{last}, {n} times"),
    }
}

/// The interval of an events row: a describe `Events:` row (`Warning  Reason  10m (x3 over
/// 20m)  from  message`: the cell after the reason) or a `get events` / `kubectl events` row
/// (its LAST SEEN cell, first or after the namespace). `None` when the row has none.
pub fn event_row_interval(line: &str) -> Option<Interval> {
    let cells: Vec<&str> = line
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    if let Some(at) = cells
        .iter()
        .position(|c| matches!(*c, "Normal" | "Warning"))
    {
        // A describe row: Type, Reason, Age; a get row: LAST SEEN, Type (then the interval is
        // before the type).
        if at + 2 < cells.len()
            && let Some(i) = parse_interval(cells[at + 2])
        {
            return Some(i);
        }
        if at >= 1 {
            return parse_interval(cells[at - 1]);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_of_human_duration_reads_back() {
        let a = |s: &str| parse_age(s).map(|a| (a.low, a.high));
        assert_eq!(a("5s"), Some((5, 6)));
        assert_eq!(a("5m2s"), Some((302, 303)));
        assert_eq!(a("45m"), Some((2700, 2760)));
        assert_eq!(a("3h"), Some((10_800, 10_860)));
        // Only the old one-unit printer writes `30h` (HumanDuration writes `30h` too: 8h to
        // 48h are whole hours) and `90m` (HumanDuration: `1h30m`): its last unit is the step.
        assert_eq!(a("30h"), Some((108_000, 111_600)));
        assert_eq!(a("90m"), Some((5400, 5460)));
        assert_eq!(a("2d"), Some((172_800, 176_400)));
        assert_eq!(a("4h9m"), Some((14_940, 15_000)));
        assert_eq!(a("2d5h"), Some((190_800, 194_400)));
        assert_eq!(a("2y10d"), Some((2 * YEAR + 864_000, 2 * YEAR + 950_400)));
        assert_eq!(a("400d"), Some((400 * 86_400, 401 * 86_400)));
        for bad in [
            "<unknown>",
            "<invalid>",
            "",
            "5x",
            "m5",
            "5h2d",
            "Running",
            "10.0.0.1",
        ] {
            assert_eq!(parse_age(bad), None, "{bad}");
        }
        assert!(is_age_cell("<invalid>") && is_age_cell("<unknown>") && is_age_cell("7m50s"));
        // Printing and reading agree on HumanDuration's own forms.
        for secs in [5, 119, 302, 2700, 14_940, 40_000, 190_800, 3_000_000] {
            let back = parse_age(&human(secs)).unwrap();
            assert!(
                back.low <= secs && secs < back.high,
                "{secs} {}",
                human(secs)
            );
        }
    }

    #[test]
    fn event_intervals_in_both_printers() {
        let i = parse_interval("10m (x3 over 20m)").unwrap();
        assert_eq!(
            (i.last.unwrap().low, i.count, i.first.unwrap().low),
            (600, 3, 1200)
        );
        let old = parse_interval("x3 over 10m").unwrap();
        assert_eq!((old.count, old.first.unwrap().low), (3, 600));
        let once = parse_interval("2m").unwrap();
        assert_eq!((once.count, once.last.unwrap().low), (1, 120));
        let unknown = parse_interval("<unknown>").unwrap();
        assert_eq!(unknown.last, None);
        assert_eq!(parse_interval("Running"), None);
        let row = "  Warning  FailedScheduling  4m42s (x2 over 5m)  default-scheduler  0/3 nodes";
        let r = event_row_interval(row).unwrap();
        assert_eq!((r.last.unwrap().low, r.count), (282, 2));
        let get = "3m12s       Warning   FailedMigration   virtualmachineinstance/web   failed";
        assert_eq!(event_row_interval(get).unwrap().last.unwrap().low, 192);
        assert_eq!(interval_words(&r), "last seen 4m42s ago, 2 times over 5m");
    }
}
