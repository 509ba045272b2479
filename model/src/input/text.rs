//! Input that is not Kubernetes YAML or JSON: a `kubectl describe` text or a `kubectl get` table
//! (an error saying what is expected), and Prometheus exposition text (read as samples).

use super::object::{EXPECTED, ParseError};
use crate::kube::MetricSample;

pub(super) fn recognise_non_kubernetes_text(input: &str) -> Option<ParseError> {
    // Lazily: a dump of millions of lines is looked at only as far as needed.
    let lines = || input.lines();
    let (first, head) = lines().enumerate().find(|(_, l)| !l.trim().is_empty())?;
    let head = head.trim_end();
    // `kubectl get` table: a header of upper-case column names separated by 2+ spaces.
    let cols: Vec<&str> = head
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    if (head.starts_with("NAME") || head.starts_with("NAMESPACE"))
        && cols.len() >= 2
        && cols.iter().all(|c| {
            c.chars()
                .all(|ch| ch.is_ascii_uppercase() || "-_ ()%".contains(ch))
        })
    {
        return Some(ParseError {
            line: Some(first + 1),
            column: Some(1),
            message: format!(
                "this looks like a `kubectl get` table (columns {}), which does not carry the \
                 status details; run the same command with `-o yaml` instead; {EXPECTED}",
                cols.join(", ")
            ),
        });
    }
    // `kubectl describe`: "Name:", "Namespace:" and typical section headers at column 0.
    let starts = |p: &str| lines().any(|l| l.starts_with(p));
    if starts("Name:")
        && (starts("Namespace:") || starts("Labels:"))
        && (starts("API Version:") || starts("Events:") || starts("Annotations:"))
    {
        return Some(ParseError {
            line: lines().position(|l| l.starts_with("Name:")).map(|i| i + 1),
            column: Some(1),
            message: format!(
                "this looks like `kubectl describe` output, which Strata cannot read reliably; \
                 run `kubectl get <kind> <name> -o yaml` instead; {EXPECTED}"
            ),
        });
    }
    None
}

pub(super) fn exposition_metrics(input: &str) -> Option<Vec<MetricSample>> {
    // Every data line must look like a sample; the first that does not ends the look.
    let mut data = 0;
    for l in input.lines().map(str::trim) {
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        if !(l.contains('{') || l.split_whitespace().count() <= 3) {
            return None;
        }
        data += 1;
    }
    if data == 0 {
        return None;
    }
    let samples = MetricSample::from_exposition(input);
    (samples.len() == data && samples.iter().any(|s| s.name.starts_with("kubevirt_")))
        .then_some(samples)
}
