//! Human-readable byte sizes and rates (`1.5 GiB`, `1.5 GiB/s`), binary units. A leaf.

/// `1.5 GiB/s`-style rate.
pub fn human_rate(bps: f64) -> String {
    format!("{}/s", human_bytes(bps))
}

/// `1.5 GiB`-style size.
pub fn human_bytes(b: f64) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = b;
    let mut i = 0;
    while v.abs() >= 1024.0 && i < units.len() - 1 {
        v /= 1024.0;
        i += 1;
    }
    if i == 0 {
        format!("{v:.0} {}", units[i])
    } else {
        format!("{v:.1} {}", units[i])
    }
}
