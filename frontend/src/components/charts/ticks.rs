//! Axis ticks a person reads at a glance: steps of 1, 2 or 5 times a power of ten in the unit
//! the axis shows (bytes in the binary unit of the axis's top: 200 MiB, never 190.7 MiB), every
//! label distinct (no "0 B, 0 B"), the axis ending on a tick; times in whole minutes or seconds
//! (1, 2, 5, 10, 15, 30 …). Plotters' own ticks are decimal steps of the raw value, which in
//! bytes read as 953.7 MiB. A unit that is a word (cores) is written in the reader's language,
//! the numbers the same in every language. Native tests below.

use crate::i18n::{Key, Lang, tr};

/// An axis: its top (the range is `0..top`), its ticks and their labels.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    pub top: f64,
    pub ticks: Vec<f64>,
    pub labels: Vec<String>,
}

impl Axis {
    /// The label of the tick at `v` (empty off the ticks).
    pub fn label(&self, v: f64) -> String {
        self.ticks
            .iter()
            .position(|t| (t - v).abs() <= self.top * 1e-9)
            .map(|i| self.labels[i].clone())
            .unwrap_or_default()
    }
}

const BINARY: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];

/// The smallest step of 1, 2 or 5 × 10ⁿ that covers `span` in at most `most` steps.
fn nice_step(span: f64, most: usize) -> f64 {
    let raw = span / most.max(1) as f64;
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * mag)
}

/// Decimals a step needs so that consecutive ticks read differently.
fn decimals(step: f64) -> usize {
    let mut d = 0;
    while d < 6
        && ((step * 10f64.powi(d as i32)).round() - step * 10f64.powi(d as i32)).abs() > 1e-6
    {
        d += 1;
    }
    d
}

/// The ticks of a value axis from 0 to at least `max` (at most `most` steps) in `unit`
/// (`bytes`, `bytes_per_second`, `cores`, `count`, or anything else as a plain number), the
/// unit's word in `lang`.
pub fn value_axis(lang: Lang, max: f64, unit: &str, most: usize) -> Axis {
    let max = if max.is_finite() && max > 0.0 {
        max
    } else {
        0.0
    };
    let binary = matches!(unit, "bytes" | "bytes_per_second");
    // The scale the labels are written in: a binary prefix for bytes, one for the rest.
    let (scale, name) = if binary {
        let mut i = 0;
        while i + 1 < BINARY.len() && max >= 1024f64.powi(i as i32 + 1) {
            i += 1;
        }
        (1024f64.powi(i as i32), BINARY[i])
    } else {
        (1.0, "")
    };
    let in_unit = max / scale;
    let mut step = nice_step(if in_unit > 0.0 { in_unit } else { 1.0 }, most);
    if unit == "count" || (binary && scale == 1.0) {
        step = step.max(1.0);
    }
    let n = ((in_unit / step) - 1e-9).ceil().max(1.0) as usize;
    let d = decimals(step);
    let suffix = match unit {
        "bytes" => format!(" {name}"),
        "bytes_per_second" => format!(" {name}/s"),
        "cores" => format!(" {}", tr(lang, Key::UnitCores)),
        _ => String::new(),
    };
    let ticks: Vec<f64> = (0..=n).map(|i| i as f64 * step * scale).collect();
    let labels = (0..=n)
        .map(|i| format!("{:.d$}{suffix}", i as f64 * step))
        .collect();
    Axis {
        top: n as f64 * step * scale,
        ticks,
        labels,
    }
}

/// Steps of a time axis, in seconds: whole seconds, then whole minutes, then hours.
const TIME_STEPS: [f64; 16] = [
    1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 900.0, 1800.0, 3600.0, 7200.0,
    21600.0, 43200.0,
];

/// The tick positions (seconds, from 0 up to `span`) of a time axis with at most `most` steps;
/// at least one minute apart when `whole_minutes` (labels written in minutes).
pub fn time_ticks(span: f64, most: usize, whole_minutes: bool) -> Vec<f64> {
    let span = if span.is_finite() && span > 0.0 {
        span
    } else {
        1.0
    };
    let raw = span / most.max(1) as f64;
    let floor = if whole_minutes { 60.0 } else { 1.0 };
    let step = TIME_STEPS
        .iter()
        .copied()
        .find(|s| *s >= raw && *s >= floor)
        .unwrap_or(86400.0);
    let n = (span / step + 1e-9).floor() as usize;
    (0..=n).map(|i| i as f64 * step).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn distinct(a: &Axis) -> bool {
        let mut l = a.labels.clone();
        l.dedup();
        l.len() == a.labels.len()
    }

    #[test]
    fn bytes_step_by_one_two_five_in_the_axis_unit() {
        // Memory up to 4.4 GiB: 1 GiB steps, not 953.7 MiB.
        let a = value_axis(Lang::En, 4.4 * 1024f64.powi(3), "bytes", 5);
        assert_eq!(
            a.labels,
            ["0 GiB", "1 GiB", "2 GiB", "3 GiB", "4 GiB", "5 GiB"]
        );
        assert_eq!(a.top, 5.0 * 1024f64.powi(3));
        // 420 MiB/s: 100 MiB/s steps.
        let a = value_axis(Lang::En, 420.0 * 1024f64.powi(2), "bytes_per_second", 5);
        assert_eq!(a.labels.last().unwrap(), "500 MiB/s");
        assert_eq!(a.labels[1], "100 MiB/s");
        // 1.1 GiB: 0.2 GiB steps with one decimal.
        let a = value_axis(Lang::En, 1.1 * 1024f64.powi(3), "bytes", 6);
        assert_eq!(a.labels[1], "0.2 GiB");
        assert!(distinct(&a));
        // No label is odd: every one is a multiple of its step written exactly.
        for max in [1.0, 900.0, 1e3, 5e5, 2.2e8, 9.9e9, 1.3e12] {
            let a = value_axis(Lang::En, max, "bytes", 5);
            assert!(a.top >= max, "{max}: {a:?}");
            assert!(a.labels.len() >= 2 && a.labels.len() <= 7, "{max}: {a:?}");
            assert!(distinct(&a), "{max}: {a:?}");
            assert!(a.labels.iter().all(|l| !l.contains(".7")), "{max}: {a:?}");
        }
    }

    #[test]
    fn no_label_repeats_even_without_data() {
        // Nothing above zero (the old axis read "0 B, 0 B, 0 B").
        for unit in ["bytes", "bytes_per_second", "cores", "count", ""] {
            let a = value_axis(Lang::En, 0.0, unit, 5);
            assert!(distinct(&a), "{unit}: {a:?}");
            assert!(a.top > 0.0);
            let a = value_axis(Lang::En, f64::NAN, unit, 5);
            assert!(distinct(&a), "{unit}: {a:?}");
        }
        // A count never steps by a fraction; bytes never by a fraction of a byte.
        assert_eq!(
            value_axis(Lang::En, 3.0, "count", 5).labels,
            ["0", "1", "2", "3"]
        );
        assert_eq!(
            value_axis(Lang::En, 2.0, "bytes", 5).labels,
            ["0 B", "1 B", "2 B"]
        );
        // Cores step by 0.05 with two decimals.
        let a = value_axis(Lang::En, 0.22, "cores", 5);
        assert_eq!(
            a.labels,
            [
                "0.00 cores",
                "0.05 cores",
                "0.10 cores",
                "0.15 cores",
                "0.20 cores",
                "0.25 cores"
            ]
        );
        assert_eq!(a.label(a.ticks[2]), "0.10 cores");
        assert_eq!(a.label(0.123), "");
    }

    /// Japanese ticks: the same 1-2-5 steps and numbers, the unit's word in Japanese.
    #[test]
    fn a_japanese_axis_says_its_unit_word_in_japanese() {
        let en = value_axis(Lang::En, 1.4, "cores", 5);
        let ja = value_axis(Lang::Ja, 1.4, "cores", 5);
        assert_eq!(ja.ticks, en.ticks);
        assert_eq!(ja.top, en.top);
        assert_eq!(ja.labels[1], "0.5 コア");
        assert_eq!(ja.labels.last().unwrap(), "1.5 コア");
        assert!(ja.labels.iter().all(|l| !l.contains("cores")), "{ja:?}");
        for (e, j) in en.labels.iter().zip(&ja.labels) {
            assert_eq!(e.replace("cores", "コア"), *j);
        }
        // Byte symbols and counts are the same in both languages.
        for unit in ["bytes", "bytes_per_second", "count", ""] {
            let max = 420.0 * 1024f64.powi(2);
            assert_eq!(
                value_axis(Lang::Ja, max, unit, 5),
                value_axis(Lang::En, max, unit, 5),
                "{unit}"
            );
        }
    }

    #[test]
    fn time_ticks_fall_on_whole_minutes_or_seconds() {
        // 15 minutes: every 5 minutes.
        assert_eq!(time_ticks(900.0, 6, true), [0.0, 300.0, 600.0, 900.0]);
        // 45 s of a migration: every 10 s.
        assert_eq!(time_ticks(45.0, 6, false), [0.0, 10.0, 20.0, 30.0, 40.0]);
        // One minute in minutes: no tick at 30 s (it would read "−1 min" twice).
        assert_eq!(time_ticks(60.0, 6, true), [0.0, 60.0]);
        assert_eq!(time_ticks(0.0, 6, false), [0.0, 1.0]);
    }
}
