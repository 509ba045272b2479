//! `strata diagnose DIR [--json]` as a pure function: the report of a folder tree
//! ([`crate::input::folder::FolderAnalysis`]) as text or JSON, with its exit code.

use super::{DiagnoseOutcome, render_text, sev_mark};
use crate::input::folder::{FileOutcome, FolderAnalysis};

/// At most this many ignored files and notes are listed in the text form (all are in the JSON).
const MAX_LISTED: usize = 20;

/// The outcome of `strata diagnose DIR`: `root` is how the folder is named in the text.
pub fn folder_outcome(a: &FolderAnalysis, root: &str, json: bool) -> DiagnoseOutcome {
    let output = if json {
        serde_json::to_string_pretty(a).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    } else {
        render_folder(a, root)
    };
    DiagnoseOutcome {
        output,
        exit_code: a.exit_code(),
    }
}

fn push(o: &mut String, s: String) {
    o.push_str(&s);
    o.push('\n');
}

/// The text form: what was read, every VMI, the cluster, the logs, what was ignored.
pub fn render_folder(a: &FolderAnalysis, root: &str) -> String {
    let mut o = String::new();
    let (mut objects, mut logs, mut ignored) = (0, 0, Vec::new());
    for f in &a.files {
        match &f.outcome {
            FileOutcome::Objects { .. } => objects += 1,
            FileOutcome::Log { .. } => logs += 1,
            FileOutcome::Ignored { reason } => ignored.push((f.path.as_str(), reason.as_str())),
        }
    }
    push(
        &mut o,
        format!(
            "{root}: read as {}: {objects} files with objects, {logs} logs, {} ignored; {} VMIs",
            a.layout.label(),
            ignored.len(),
            a.report.diagnoses.len()
        ),
    );
    o.push('\n');
    o.push_str(&render_text(&a.report));
    o.push('\n');
    render_cluster(&mut o, a);
    render_signals(&mut o, a);
    render_logs(&mut o, a);
    list(
        &mut o,
        "files ignored",
        ignored.iter().map(|(p, r)| format!("{p}: {r}")),
    );
    let notes = a
        .notes
        .iter()
        .map(|n| format!("{} {}: {}", n.path, n.at, n.message));
    list(&mut o, "notes", notes);
    o
}

fn render_cluster(o: &mut String, a: &FolderAnalysis) {
    if a.cluster.is_empty() {
        push(
            o,
            "== cluster: no node without KVM, no virt-handler down".into(),
        );
        o.push('\n');
        return;
    }
    let n = a.cluster.len();
    push(
        o,
        format!("== cluster: {n} finding{}", if n == 1 { "" } else { "s" }),
    );
    for f in &a.cluster {
        push(o, format!("  {} {}", sev_mark(f.severity), f.title));
        push(o, format!("      {}", f.detail));
        push(o, format!("      next: {}", f.next_step));
    }
    o.push('\n');
}

fn render_signals(o: &mut String, a: &FolderAnalysis) {
    if a.log_signals.is_empty() {
        return;
    }
    push(
        o,
        format!("== known messages in the logs: {}", a.log_signals.len()),
    );
    for s in &a.log_signals {
        let layer = s.layer.map_or("no layer", |l| l.as_str());
        push(
            o,
            format!("  {} [{layer}] ({}, line {})", s.title, s.from, s.line),
        );
        if !s.cause.is_empty() {
            push(o, format!("      {}", s.cause));
        }
        for n in s.next_steps.iter().take(2) {
            push(o, format!("      next: {n}"));
        }
    }
    o.push('\n');
}

fn render_logs(o: &mut String, a: &FolderAnalysis) {
    if a.log_errors.is_empty() {
        return;
    }
    let total = a.log_errors.len() + a.log_errors_more;
    push(o, format!("== log errors: {total}"));
    for l in &a.log_errors {
        let about = match (&l.namespace, &l.name) {
            (Some(ns), Some(n)) => format!(" [{ns}/{n}]"),
            (None, Some(n)) => format!(" [{n}]"),
            _ => String::new(),
        };
        let component = l.component.as_deref().unwrap_or("log");
        push(
            o,
            format!(
                "  {}:{} {component} {}: {}{about}",
                l.file, l.line, l.level, l.message
            ),
        );
    }
    if a.log_errors_more > 0 {
        push(o, format!("  … and {} more error lines", a.log_errors_more));
    }
    o.push('\n');
}

fn list(o: &mut String, title: &str, items: impl ExactSizeIterator<Item = String>) {
    let n = items.len();
    if n == 0 {
        return;
    }
    push(o, format!("== {title}: {n}"));
    for s in items.take(MAX_LISTED) {
        push(o, format!("  {s}"));
    }
    if n > MAX_LISTED {
        push(
            o,
            format!("  … and {} more (all are in --json)", n - MAX_LISTED),
        );
    }
    o.push('\n');
}
