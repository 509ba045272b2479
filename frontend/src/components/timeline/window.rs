//! The timeline's time window, plain Rust: the spans a person can pick (`?span=` in the URL)
//! and the window they give, which always holds the moment shown (`?at=`): a link to a moment
//! three days old opens on a span that reaches it. With no span named, the window is fitted
//! to what is recorded ([`fitted`]): from a little before the oldest record to now.

/// The spans: (URL value, milliseconds). The last is the default retention (14 days).
pub const SPANS: [(&str, i64); 5] = [
    ("1h", 3_600_000),
    ("6h", 6 * 3_600_000),
    ("24h", 24 * 3_600_000),
    ("7d", 7 * 24 * 3_600_000),
    ("14d", 14 * 24 * 3_600_000),
];

/// The span when the URL names none and no moment needs a longer one.
pub const DEFAULT_SPAN: &str = "24h";

/// The window `[from, to]` (milliseconds) and its span's URL value.
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    pub span: &'static str,
    pub from: i64,
    pub to: i64,
}

/// The window ending `now` for `span` (`None` or unknown: the shortest default-or-longer span
/// that holds `at`).
pub fn window(span: Option<&str>, at: Option<i64>, now: i64) -> Window {
    let picked = span.and_then(|s| SPANS.iter().find(|(k, _)| *k == s));
    let (key, ms) = match picked {
        Some(p) => *p,
        None => {
            let default = SPANS
                .iter()
                .position(|(k, _)| *k == DEFAULT_SPAN)
                .unwrap_or(0);
            let need = at.map_or(0, |a| now - a);
            *SPANS[default..]
                .iter()
                .find(|(_, ms)| *ms > need)
                .unwrap_or(&SPANS[SPANS.len() - 1])
        }
    };
    Window {
        span: key,
        from: now - ms,
        to: now,
    }
}

/// The span's URL value of a fitted window (the URL names none).
pub const FIT: &str = "fit";
/// A fitted window's shortest span (a VMI seen a second ago is not drawn over a second).
pub const FIT_MIN_MS: i64 = 60_000;

/// Whether `span` (the URL's) asks for a fitted window: none, or one not among [`SPANS`].
pub fn is_fit(span: Option<&str>) -> bool {
    !span.is_some_and(|s| SPANS.iter().any(|(k, _)| *k == s))
}

/// What a fitted window is fitted within: the longest span, ending `now`.
pub fn longest(now: i64) -> Window {
    let (_, ms) = SPANS[SPANS.len() - 1];
    Window {
        span: FIT,
        from: now - ms,
        to: now,
    }
}

/// The window fitted to what is recorded: from the oldest record `first` (or the moment shown,
/// if older), less a twentieth of the span so the first change is not on the edge, to `now`;
/// at least [`FIT_MIN_MS`], at most the longest span.
pub fn fitted(first: Option<i64>, at: Option<i64>, now: i64) -> Window {
    let oldest = first.into_iter().chain(at).min().unwrap_or(now).min(now);
    let ms = (now - oldest) + (now - oldest) / 20;
    let (_, longest_ms) = SPANS[SPANS.len() - 1];
    Window {
        span: FIT,
        from: now - ms.clamp(FIT_MIN_MS, longest_ms),
        to: now,
    }
}

/// The time at `fraction` (0..=1) of the window, whole seconds (a link stays short).
pub fn time_at(w: &Window, fraction: f64) -> i64 {
    let t = w.from + ((w.to - w.from) as f64 * fraction.clamp(0.0, 1.0)) as i64;
    t - t.rem_euclid(1000)
}

/// `n + 1` evenly spaced tick times from `from` to `to`.
pub fn ticks(w: &Window, n: usize) -> Vec<i64> {
    let n = n.max(1) as i64;
    (0..=n).map(|i| w.from + (w.to - w.from) * i / n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 30 * 24 * 3_600_000;

    #[test]
    fn the_url_span_wins_else_one_that_holds_the_moment() {
        assert_eq!(window(Some("1h"), None, NOW).from, NOW - 3_600_000);
        assert_eq!(window(None, None, NOW).span, "24h");
        assert_eq!(window(Some("bogus"), None, NOW).span, "24h");
        // A moment three days ago needs a week.
        let three_days = NOW - 3 * 24 * 3_600_000;
        assert_eq!(window(None, Some(three_days), NOW).span, "7d");
        // Older than any span: the longest.
        assert_eq!(window(None, Some(0), NOW).span, "14d");
        assert_eq!(window(None, Some(NOW - 60_000), NOW).span, "24h");
    }

    #[test]
    fn a_window_without_a_span_is_fitted_to_what_is_recorded() {
        assert!(is_fit(None) && is_fit(Some("bogus")) && !is_fit(Some("6h")));
        // Recorded for two hours: a little over two hours, not a day of slivers.
        let w = fitted(Some(NOW - 2 * 3_600_000), None, NOW);
        assert_eq!((w.span, w.to), (FIT, NOW));
        assert_eq!(w.from, NOW - 2 * 3_600_000 - 6 * 60_000);
        // A moment older than the records is inside.
        assert!(fitted(Some(NOW - 60_000), Some(NOW - 3_600_000), NOW).from < NOW - 3_600_000);
        // Just seen, or nothing: the shortest; older than any span: the longest.
        assert_eq!(fitted(Some(NOW - 1000), None, NOW).from, NOW - FIT_MIN_MS);
        assert_eq!(fitted(None, None, NOW).from, NOW - FIT_MIN_MS);
        assert_eq!(fitted(Some(0), None, NOW).from, longest(NOW).from);
    }

    #[test]
    fn clicks_and_ticks_fall_on_the_window() {
        let w = window(Some("1h"), None, NOW + 500);
        assert_eq!(time_at(&w, 0.5) % 1000, 0);
        assert_eq!(time_at(&w, 2.0), NOW);
        let t = ticks(&w, 4);
        assert_eq!(t.len(), 5);
        assert_eq!(t[4], w.to);
    }
}
