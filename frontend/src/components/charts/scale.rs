//! The pure part of a chart: axis texts with their units, the palette, the value of a series at
//! a time, and whether the data covers the range asked for. Native tests below.

use crate::i18n::{Key, Lang, tr};
use model::api::Series;

/// A colour as `(r, g, b)`.
pub type Rgb = (u8, u8, u8);

/// Okabe & Ito's palette, distinguishable with every common colour-vision deficiency; each has a
/// light-theme and a dark-theme shade (`(r, g, b)`), and a CSS class `sw-<i>` for the legend.
pub const PALETTE: [(Rgb, Rgb); 7] = [
    ((0, 114, 178), (86, 180, 233)),
    ((213, 94, 0), (230, 159, 0)),
    ((0, 158, 115), (0, 200, 150)),
    ((204, 121, 167), (224, 160, 200)),
    ((86, 180, 233), (140, 210, 250)),
    ((230, 159, 0), (240, 228, 66)),
    ((60, 60, 60), (200, 200, 200)),
];

/// The colour of series `i` in the light or dark theme.
pub fn colour(i: usize, dark: bool) -> Rgb {
    let (l, d) = PALETTE[i % PALETTE.len()];
    if dark { d } else { l }
}

/// A unit as an axis names it.
pub fn unit_name(unit: &str) -> &str {
    match unit {
        "bytes" => "bytes",
        "bytes_per_second" => "bytes/s",
        "cores" => "cores",
        "count" => "count",
        other => other,
    }
}

/// A unit in the reader's language (the catalogue's word for the units above), else as written.
pub fn unit_word(lang: Lang, unit: &str) -> String {
    let key = match unit {
        "bytes" => Key::UnitBytes,
        "bytes_per_second" => Key::UnitBytesPerSecond,
        "cores" => Key::UnitCores,
        "count" => Key::UnitCount,
        other => return other.to_string(),
    };
    tr(lang, key).to_string()
}

/// The unit as a chart's caption names it, `(bytes/s)`; nothing without a unit (no "CPU ()").
pub fn unit_caption(lang: Lang, unit: &str) -> Option<String> {
    let name = unit_word(lang, unit.trim());
    (!name.is_empty()).then(|| format!("({name})"))
}

/// A value in its unit, with the unit on every label (a word in the reader's language; byte
/// symbols as they are).
pub fn fmt_value(lang: Lang, v: f64, unit: &str) -> String {
    // Never "-0": a value that rounds to zero is zero.
    let v = if v.abs() < 1e-9 { 0.0 } else { v };
    match unit {
        "bytes" => model::view::format::human_bytes(v),
        "bytes_per_second" => model::view::format::human_rate(v),
        "cores" => format!("{v:.2} {}", tr(lang, Key::UnitCores)),
        "count" => format!("{v:.0}"),
        _ => format!("{v:.3}"),
    }
}

/// A time axis label: `x` minutes relative to the newest sample (zero or negative), its words
/// in the reader's language.
pub fn minutes_label(lang: Lang, x: f64) -> String {
    let ago = (-x).round();
    if ago <= 0.0 {
        tr(lang, Key::ChartNow).to_string()
    } else if ago >= 60.0 && ago % 60.0 == 0.0 {
        format!("−{:.0} {}", ago / 60.0, tr(lang, Key::UnitHours))
    } else {
        format!("−{ago:.0} {}", tr(lang, Key::UnitMinutes))
    }
}

/// The value of `points` (`[t, v]`, oldest first) at the sample nearest to `t`, if one lies
/// within `tolerance` seconds.
pub fn value_at(points: &[[f64; 2]], t: f64, tolerance: f64) -> Option<f64> {
    points
        .iter()
        .min_by(|a, b| (a[0] - t).abs().total_cmp(&(b[0] - t).abs()))
        .filter(|p| (p[0] - t).abs() <= tolerance)
        .map(|p| p[1])
}

/// How much of the range asked for the data covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coverage {
    /// No series has a sample.
    Empty,
    /// Some series have no samples, or the samples start well after the range's start.
    Partial,
    Full,
}

impl Coverage {
    pub fn as_str(self) -> &'static str {
        match self {
            Coverage::Empty => "empty",
            Coverage::Partial => "partial",
            Coverage::Full => "full",
        }
    }
}

/// The coverage of `series` over the last `range_secs` before `newest`: partial when a series
/// is empty or the oldest sample is more than a tenth of the range after its start.
pub fn coverage(series: &[Series], range_secs: Option<f64>) -> Coverage {
    let with_data = series.iter().filter(|s| !s.points.is_empty()).count();
    if with_data == 0 {
        return Coverage::Empty;
    }
    if with_data < series.len() {
        return Coverage::Partial;
    }
    let (oldest, newest) = span(series);
    match range_secs {
        Some(r) if newest - oldest < r * 0.9 => Coverage::Partial,
        _ => Coverage::Full,
    }
}

/// The oldest and newest sample times over all series (`(0, 0)` without samples).
pub fn span(series: &[Series]) -> (f64, f64) {
    let times = || series.iter().flat_map(|s| s.points.iter().map(|p| p[0]));
    let newest = times().fold(f64::MIN, f64::max);
    let oldest = times().fold(f64::MAX, f64::min);
    if newest < oldest {
        (0.0, 0.0)
    } else {
        (oldest, newest)
    }
}

/// A series' legend label: its metric (in the reader's language where the catalogue names it)
/// and distinguishing labels (the disk, the interface).
pub fn series_label(lang: Lang, s: &Series) -> String {
    let key = match s.metric.as_str() {
        "cpu" => Some(Key::SeriesCpu),
        "memory_resident" => Some(Key::SeriesMemoryResident),
        "memory_available" => Some(Key::SeriesMemoryAvailable),
        "memory_usable" => Some(Key::SeriesMemoryUsable),
        "block_read" => Some(Key::SeriesBlockRead),
        "block_write" => Some(Key::SeriesBlockWrite),
        "net_rx" => Some(Key::SeriesNetRx),
        "net_tx" => Some(Key::SeriesNetTx),
        "dirty_rate" => Some(Key::ChartDirtyRate),
        "migration_remaining" => Some(Key::CvRemaining),
        "migration_processed" => Some(Key::CvProcessed),
        "migration_transfer_rate" => Some(Key::CvTransferRate),
        "migration_dirty_rate" => Some(Key::CvDirtyRate),
        _ => None,
    };
    let name = key.map_or_else(|| s.metric.replace('_', " "), |k| tr(lang, k).to_string());
    let extra: Vec<String> = s.labels.values().cloned().collect();
    if extra.is_empty() {
        name
    } else {
        format!("{name} ({})", extra.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(points: &[[f64; 2]]) -> Series {
        Series {
            metric: "net_rx".into(),
            unit: "bytes_per_second".into(),
            labels: [("interface".to_string(), "default".to_string())].into(),
            points: points.to_vec(),
        }
    }

    #[test]
    fn no_label_reads_minus_zero() {
        assert_eq!(minutes_label(Lang::En, -0.0), "now");
        assert_eq!(minutes_label(Lang::En, 0.2), "now");
        assert_eq!(minutes_label(Lang::En, -0.4), "now");
        assert_eq!(minutes_label(Lang::En, -5.0), "−5 min");
        assert_eq!(minutes_label(Lang::En, -120.0), "−2 h");
        assert!(!fmt_value(Lang::En, -0.0, "cores").starts_with('-'));
        assert!(!fmt_value(Lang::En, -1e-12, "bytes").starts_with('-'));
    }

    /// A Japanese chart's time labels and values say their words in Japanese, the numbers as
    /// in English.
    #[test]
    fn japanese_labels_say_their_words_in_japanese() {
        assert_eq!(minutes_label(Lang::Ja, 0.0), "現在");
        assert_eq!(minutes_label(Lang::Ja, -10.0), "−10 分");
        assert_eq!(minutes_label(Lang::Ja, -90.0), "−90 分");
        assert_eq!(minutes_label(Lang::Ja, -120.0), "−2 時間");
        assert_eq!(fmt_value(Lang::Ja, 1.5, "cores"), "1.50 コア");
        assert_eq!(fmt_value(Lang::Ja, 1.5, "count"), "2");
        assert_eq!(
            fmt_value(Lang::Ja, 2048.0, "bytes"),
            fmt_value(Lang::En, 2048.0, "bytes")
        );
        for x in [0.0, -1.0, -5.0, -45.0, -60.0, -180.0] {
            let l = minutes_label(Lang::Ja, x);
            assert!(!l.chars().any(|c| c.is_ascii_alphabetic()), "{x}: {l}");
        }
    }

    #[test]
    fn every_value_names_its_unit() {
        assert!(fmt_value(Lang::En, 1.5, "cores").ends_with("cores"));
        assert!(fmt_value(Lang::En, 2048.0, "bytes").contains('B'));
        assert!(fmt_value(Lang::En, 2048.0, "bytes_per_second").contains("/s"));
        assert_eq!(unit_name("bytes_per_second"), "bytes/s");
        assert_eq!(unit_caption(Lang::En, "cores").as_deref(), Some("(cores)"));
        assert_eq!(unit_caption(Lang::Ja, "cores").as_deref(), Some("(コア)"));
        assert_eq!(unit_caption(Lang::En, ""), None);
        assert_eq!(unit_caption(Lang::En, " "), None);
    }

    #[test]
    fn the_value_at_a_time_is_the_nearest_sample_within_the_tolerance() {
        let p = [[0.0, 1.0], [30.0, 2.0], [60.0, 3.0]];
        assert_eq!(value_at(&p, 29.0, 15.0), Some(2.0));
        assert_eq!(value_at(&p, 50.0, 15.0), Some(3.0));
        assert_eq!(value_at(&p, 200.0, 15.0), None);
        assert_eq!(value_at(&[], 0.0, 15.0), None);
    }

    #[test]
    fn coverage_tells_empty_partial_and_full() {
        assert_eq!(coverage(&[], Some(900.0)), Coverage::Empty);
        assert_eq!(coverage(&[series(&[])], Some(900.0)), Coverage::Empty);
        let full = series(&[[0.0, 1.0], [900.0, 1.0]]);
        assert_eq!(
            coverage(std::slice::from_ref(&full), Some(900.0)),
            Coverage::Full
        );
        assert_eq!(
            coverage(&[full.clone(), series(&[])], Some(900.0)),
            Coverage::Partial
        );
        let late = series(&[[600.0, 1.0], [900.0, 1.0]]);
        assert_eq!(coverage(&[late], Some(900.0)), Coverage::Partial);
    }

    #[test]
    fn the_palette_differs_between_themes_and_names_the_disk() {
        assert_ne!(colour(0, false), colour(0, true));
        assert_eq!(colour(7, false), colour(0, false));
        assert_eq!(
            series_label(Lang::En, &series(&[])),
            "net rx (default)".to_string()
        );
    }
}
