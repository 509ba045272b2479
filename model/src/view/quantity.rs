//! Kubernetes resource quantities (`534773760Ki`, `1k`, `7500m`, `1e3`) read and shown in human
//! units, for the node pages' allocatable and capacity. A leaf.
//!
//! The grammar is apimachinery's `resource.Quantity` (`pkg/api/resource/quantity.go`,
//! `suffix.go`): a signed decimal number, then a binary-SI suffix (`Ki Mi Gi Ti Pi Ei`), a
//! decimal-SI suffix (`n u m` none `k M G T P E`) or a decimal exponent (`e3`, `E-2`).

use crate::units::human_bytes;

/// The quantity's value, or `None` when `text` is not a quantity.
pub fn parse(text: &str) -> Option<f64> {
    let t = text.trim();
    let end = t
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || (i == 0 && (c == '+' || c == '-'))))
        .map_or(t.len(), |(i, _)| i);
    let (number, suffix) = t.split_at(end);
    if !number.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: f64 = number.parse().ok()?;
    let scale = match suffix {
        "" => 1.0,
        "Ki" => 1024f64,
        "Mi" => 1024f64.powi(2),
        "Gi" => 1024f64.powi(3),
        "Ti" => 1024f64.powi(4),
        "Pi" => 1024f64.powi(5),
        "Ei" => 1024f64.powi(6),
        "n" => 1e-9,
        "u" => 1e-6,
        "m" => 1e-3,
        "k" => 1e3,
        "M" => 1e6,
        "G" => 1e9,
        "T" => 1e12,
        "P" => 1e15,
        "E" => 1e18,
        s => {
            let exp = s.strip_prefix(['e', 'E'])?;
            10f64.powi(exp.parse::<i32>().ok()?)
        }
    };
    Some(n * scale)
}

/// Whether the resource `name` counts bytes (memory, storage, hugepages).
fn is_bytes(name: &str) -> bool {
    name == "memory" || name.ends_with("storage") || name.starts_with("hugepages-")
}

/// The quantity `text` of the resource `name` as a person reads it: bytes in binary units
/// (`510.0 GiB`), CPUs as cores (`7.5`), counts as whole numbers (`1000`); the text itself when
/// it is not a quantity (odd cluster data is shown as it is).
pub fn human(name: &str, text: &str) -> String {
    let Some(v) = parse(text) else {
        return text.to_string();
    };
    if is_bytes(name) {
        return human_bytes(v);
    }
    if v.fract() == 0.0 && v.abs() < 1e15 {
        return format!("{v:.0}");
    }
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_suffix_of_the_grammar_is_read() {
        assert_eq!(parse("534773760Ki"), Some(534773760.0 * 1024.0));
        assert_eq!(parse("32Gi"), Some(32.0 * 1024f64.powi(3)));
        assert_eq!(parse("1k"), Some(1000.0));
        assert_eq!(parse("7500m"), Some(7.5));
        assert_eq!(parse("1e3"), Some(1000.0));
        assert_eq!(parse("15E-1"), Some(1.5));
        assert_eq!(parse("2M"), Some(2e6));
        assert_eq!(parse("+4"), Some(4.0));
        assert_eq!(parse("1.5Ti"), Some(1.5 * 1024f64.powi(4)));
    }

    #[test]
    fn what_is_not_a_quantity_is_none() {
        for t in ["", "Ki", "abc", "12Xi", "1e", "--1", "."] {
            assert_eq!(parse(t), None, "{t:?}");
        }
    }

    #[test]
    fn pages_show_human_units_and_odd_text_as_it_is() {
        assert_eq!(human("memory", "534773760Ki"), "510.0 GiB");
        assert_eq!(human("memory", "32Gi"), "32.0 GiB");
        assert_eq!(human("ephemeral-storage", "1Ti"), "1.0 TiB");
        assert_eq!(human("devices.kubevirt.io/kvm", "1k"), "1000");
        assert_eq!(human("cpu", "7500m"), "7.5");
        assert_eq!(human("cpu", "8"), "8");
        assert_eq!(human("cpu", "not-a-number"), "not-a-number");
    }
}
