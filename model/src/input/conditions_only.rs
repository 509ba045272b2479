//! The last reading before a paste is refused: YAML holding a `conditions:` list of an object
//! Strata does not read (any custom resource: an import, a storage attachment, an operator's
//! CR) is read by Kubernetes' condition convention (`metav1.Condition`, and the API conventions
//! of `contributors/devel/sig-architecture/api-conventions.md`: each condition a `type` and a
//! `status` of `True`, `False` or `Unknown`; most types say a normal state when True — `Ready`,
//! `Available`, `Succeeded`; some name an abnormal one — `Degraded`, `Failed`, a node's
//! `…Pressure`). Nothing can say which layer such an object belongs to, so the reading blames
//! none: it says whether the conditions are as they should be, instead of refusing the paste.

use crate::evidence::Signal;
use crate::verdict::Health;

/// Words of condition types that name an abnormal state when True.
const ABNORMAL: &[&str] = &[
    "Fail",
    "Error",
    "Degraded",
    "Pressure",
    "Unavailable",
    "Stalled",
    "Blocked",
    "Conflict",
];
/// Endings of condition types that name the normal state when True (False is not).
const NORMAL: &[&str] = &[
    "Ready",
    "Available",
    "Succeeded",
    "Valid",
    "Bound",
    "Complete",
    "Completed",
    "Established",
    "Healthy",
    "Satisfied",
    "Verified",
    "Initialized",
    "Scheduled",
    "Reconciled",
];

/// One `type`/`status` pair of a condition list item, with its line (1-based).
fn conditions(input: &str) -> Vec<(usize, String, String)> {
    let mut out = Vec::new();
    let mut item: (Option<String>, Option<String>, usize) = (None, None, 0);
    let mut flush = |item: &mut (Option<String>, Option<String>, usize)| {
        if let (Some(t), Some(s)) = (item.0.take(), item.1.take()) {
            out.push((item.2, t, s));
        }
    };
    for (i, line) in input.lines().enumerate() {
        let t = line.trim_start();
        let (t, starts) = match t.strip_prefix("- ") {
            Some(rest) => (rest, true),
            None => (t, false),
        };
        if starts {
            flush(&mut item);
            item = (None, None, i + 1);
        }
        let Some((k, v)) = t.split_once(':') else {
            continue;
        };
        let v = v.trim().trim_matches(['"', '\'']).to_string();
        match k.trim() {
            "type" => item.0 = Some(v),
            "status" if matches!(v.as_str(), "True" | "False" | "Unknown") => item.1 = Some(v),
            _ => {}
        }
    }
    flush(&mut item);
    out
}

/// Whether a condition is as it should be.
fn normal(kind: &str, status: &str) -> bool {
    let abnormal_type = ABNORMAL.iter().any(|w| kind.contains(w));
    match status {
        "True" => !abnormal_type,
        "False" => abnormal_type || !NORMAL.iter().any(|w| kind.ends_with(w)),
        _ => true,
    }
}

/// A signal reading the paste's bare conditions, when it has any (blames no layer).
pub fn read(input: &str) -> Option<Signal> {
    let all = conditions(input);
    let (first, ..) = all.first()?;
    let off: Vec<String> = all
        .iter()
        .filter(|(_, t, s)| !normal(t, s))
        .map(|(_, t, s)| format!("{t}={s}"))
        .collect();
    let title = if off.is_empty() {
        format!(
            "the {} condition(s) of an object Strata does not read are as they should be",
            all.len()
        )
    } else {
        format!(
            "an object Strata does not read has conditions not as they should be: {}",
            off.join(", ")
        )
    };
    Some(Signal {
        signature: None,
        layer: None,
        plane: None,
        health: Health::Unknown,
        title,
        cause: "its kind is not one Strata reads, so no layer can be named: read by the \
            Kubernetes condition convention only"
            .into(),
        next_steps: Vec::new(),
        source: "Kubernetes metav1.Condition; sig-architecture api-conventions.md (conditions)"
            .into(),
        line: *first,
        from: "a conditions list".into(),
        excerpt: all
            .iter()
            .map(|(_, t, s)| format!("{t}={s}"))
            .collect::<Vec<_>>()
            .join(", "),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_are_judged_by_their_polarity() {
        let ok = "status:\n  conditions:\n  - type: Ready\n    status: \"True\"\n  - reason: X\n    status: \"False\"\n    type: Degraded\n";
        let s = read(ok).unwrap();
        assert!(s.title.contains("as they should be"), "{}", s.title);
        let bad = ok.replace("\"True\"\n  - reason", "\"False\"\n  - reason");
        let s = read(&bad).unwrap();
        assert!(s.title.contains("Ready=False"), "{}", s.title);
        assert!(read("just: text\n").is_none());
    }
}
