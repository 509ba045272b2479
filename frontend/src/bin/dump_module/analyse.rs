//! The dump module's analysis: a pasted dump parsed, grouped and diagnosed into the [`Analysed`]
//! the paste page renders. Only the dump module compiles this (the wasm tests include it too), so
//! the parser and the diagnosis stay out of the main bundle.

use frontend::pages::diagnose::Analysed;
use model::input::group;
use model::input::parse::{Object, parse};
use model::input::pipeline::{newest_timestamp, report_from_dump};
use model::view::detail::VmiDetail;

/// Parses, groups and diagnoses a dump, judging ages against its newest timestamp.
pub fn analyse(text: &str) -> Result<Analysed, String> {
    let parsed = parse(text).map_err(|e| e.to_string())?;
    let objects: Vec<Object> = parsed.objects.into_iter().map(|l| l.object).collect();
    if objects.is_empty() {
        return Err("no Kubernetes objects found in the input".into());
    }
    let now = newest_timestamp(&objects);
    let source = if now.is_some() {
        "newest timestamp in the input"
    } else {
        "unknown (no timestamps in the input): ages are not judged"
    };
    let dump = group(objects, None);
    let report = report_from_dump(&dump, parsed.notes, now, source);
    let details = dump
        .bundles
        .iter()
        .zip(report.diagnoses)
        .map(|(e, d)| VmiDetail::with_diagnosis(e, d))
        .collect();
    Ok(Analysed {
        details,
        drains: report.drains,
        notes: report
            .notes
            .iter()
            .map(|n| format!("{}: {}", n.origin, n.message))
            .collect(),
        now: report.now,
        now_source: report.now_source,
    })
}
