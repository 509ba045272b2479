//! The Prometheus text exposition format.

use super::{METRICS, Series};
use std::fmt::Write;

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// A value as Prometheus writes it.
pub fn fmt_value(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 {
            "+Inf".into()
        } else {
            "-Inf".into()
        }
    } else {
        format!("{v}")
    }
}

/// The Prometheus text exposition of `series`.
pub fn exposition(series: &[Series]) -> String {
    let mut out = String::with_capacity(series.len() * 160);
    for (name, ty, help) in METRICS {
        let mut first = true;
        for s in series.iter().filter(|s| s.name == *name) {
            if first {
                let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {ty}");
                first = false;
            }
            out.push_str(name);
            out.push('{');
            for (i, (k, v)) in s.labels.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let _ = write!(out, "{k}=\"{}\"", escape(v));
            }
            out.push_str("} ");
            out.push_str(&fmt_value(s.value));
            if let Some(ts) = s.ts {
                let _ = write!(out, " {}", (ts * 1000.0).round() as i64);
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exposition_escapes_and_groups() {
        let s = vec![
            Series {
                name: "kubevirt_vmi_info",
                labels: vec![("name".into(), "a\"b".into())],
                value: 1.0,
                ts: None,
            },
            Series {
                name: "kubevirt_vmi_migration_data_remaining_bytes",
                labels: vec![],
                value: 5.5,
                ts: Some(10.0),
            },
        ];
        let text = exposition(&s);
        assert!(text.contains("kubevirt_vmi_info{name=\"a\\\"b\"} 1\n"));
        assert!(text.contains("kubevirt_vmi_migration_data_remaining_bytes{} 5.5 10000\n"));
        assert!(text.contains("# TYPE kubevirt_vmi_info gauge"));
    }
}
