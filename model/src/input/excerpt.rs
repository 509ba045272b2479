//! What a verdict quotes of the line it rests on: the line cut to a bounded excerpt, and what kind
//! of line it is (`a virt-launcher log line`, `an events listing row`, …).

use super::shapes::{is_json_log_line, is_klog_or_logfmt};
use crate::signatures::component::{Component, component_of_line};
use crate::signatures::json_field;
use crate::view::BlockFormat;

/// The longest excerpt of a line a finding quotes, in bytes.
pub const EXCERPT: usize = 400;

/// The line cut to [`EXCERPT`] bytes at a character boundary.
pub fn excerpt(line: &str) -> String {
    let t = line.trim();
    if t.len() <= EXCERPT {
        return t.to_string();
    }
    let mut end = EXCERPT;
    while !t.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &t[..end])
}

/// `a virt-launcher log line`, `an events listing row`, …: what a verdict resting on the line
/// says it rests on.
pub fn describe_line(line: &str, format: BlockFormat) -> String {
    if is_json_log_line(line) {
        return match json_field(line, "component") {
            Some(c) => format!("a {c} log line"),
            None => "a JSON log line".into(),
        };
    }
    if is_klog_or_logfmt(line) {
        return match component_of_line(line) {
            Some(c) => format!("a {} log line (klog)", c.name()),
            None => "a component log line (klog)".into(),
        };
    }
    if let Some(c @ (Component::Kernel | Component::Kubelet | Component::ContainerRuntime)) =
        component_of_line(line)
    {
        return format!("a {} journal line", c.name());
    }
    match format {
        BlockFormat::ObjectYaml | BlockFormat::ObjectJson => "a line of a cut YAML/JSON".into(),
        BlockFormat::Describe => "a kubectl describe line".into(),
        BlockFormat::Table => "a kubectl get table row".into(),
        BlockFormat::Events => "an events listing row".into(),
        BlockFormat::ComponentLog => "a component log line".into(),
        BlockFormat::PanicTrace => "a panic trace".into(),
        BlockFormat::WebhookDenial => "an API server error".into(),
        BlockFormat::Virtctl => "virtctl output".into(),
        BlockFormat::Drain => "kubectl drain output".into(),
        BlockFormat::Prometheus => "Prometheus text".into(),
        BlockFormat::Unknown => "a pasted line".into(),
    }
}
