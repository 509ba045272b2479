//! Input that is not Kubernetes YAML or JSON: a `kubectl describe` text or a `kubectl get` table
//! (an error saying what is expected), and Prometheus exposition text (read as samples).

use super::object::{EXPECTED, ParseError};
use crate::kube::MetricSample;

pub(super) fn recognise_non_kubernetes_text(input: &str) -> Option<ParseError> {
    let lines: Vec<&str> = input.lines().collect();
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    let head = lines[first].trim_end();
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
    let starts = |p: &str| lines.iter().any(|l| l.starts_with(p));
    if starts("Name:")
        && (starts("Namespace:") || starts("Labels:"))
        && (starts("API Version:") || starts("Events:") || starts("Annotations:"))
    {
        return Some(ParseError {
            line: lines
                .iter()
                .position(|l| l.starts_with("Name:"))
                .map(|i| i + 1),
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
    let data: Vec<&str> = input
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if data.is_empty()
        || !data
            .iter()
            .all(|l| l.contains('{') || l.split_whitespace().count() <= 3)
    {
        return None;
    }
    let samples = MetricSample::from_exposition(input);
    (samples.len() == data.len() && samples.iter().any(|s| s.name.starts_with("kubevirt_")))
        .then_some(samples)
}
