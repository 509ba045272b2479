//! `strata diagnose [FILE|-] [--json]` as pure functions: the backend reads the input, calls
//! [`diagnose_text`], prints [`DiagnoseOutcome::output`] and exits with
//! [`DiagnoseOutcome::exit_code`] (0 nothing broken, 1 a layer broken, 2 unreadable input).
//! The report itself comes from [`crate::input::pipeline`], which the paste-a-dump page uses too.
//! `strata diagnose DIR` is [`folder`].

use crate::drain::DrainAction;
use crate::explain::Severity;
use crate::input::pipeline::{Analysis, analyse};
use crate::input::verdict::Verdict;
use crate::migration::{AbortState, MigrationReport, Trigger};
use crate::time::{Timestamp, format_duration};
use crate::verdict::{Health, Layer};
use crate::view::{BlockFormat, BlockReport};
use serde::{Deserialize, Serialize};

pub mod folder;

use crate::input::pipeline::Report;

/// Options of `strata diagnose`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CliOptions {
    /// Print JSON instead of text.
    pub json: bool,
    /// The time to judge ages against. `None`: the newest timestamp found in the input (the
    /// dump's own time), so a dump reads the same whenever it is diagnosed.
    pub now: Option<Timestamp>,
}

/// What `strata diagnose` prints and its exit code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiagnoseOutcome {
    pub output: String,
    /// 0: nothing broken; 1: a layer is broken; 2: the input cannot be read.
    pub exit_code: i32,
}

/// `strata diagnose`: text or JSON and the exit code, from the raw input.
pub fn diagnose_text(input: &str, opts: &CliOptions) -> DiagnoseOutcome {
    match analyse(input, opts.now) {
        Err(e) => {
            let output = if opts.json {
                serde_json::to_string_pretty(&serde_json::json!({ "error": e }))
                    .unwrap_or_else(|_| format!("{{\"error\": \"{}\"}}", e.message))
            } else {
                format!("strata diagnose: cannot read the input: {e}\n")
            };
            DiagnoseOutcome {
                output,
                exit_code: 2,
            }
        }
        Ok(analysis) => {
            let exit_code = if analysis.report.is_broken() { 1 } else { 0 };
            let output = if is_object_dump(&analysis) {
                if opts.json {
                    serde_json::to_string_pretty(&analysis.report)
                        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
                } else {
                    render_text(&analysis.report)
                }
            } else if opts.json {
                serde_json::to_string_pretty(&PasteReport::of(&analysis))
                    .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
            } else {
                render_analysis(&analysis)
            };
            DiagnoseOutcome { output, exit_code }
        }
    }
}

/// A clean object dump (one block of objects): printed exactly as the object report.
fn is_object_dump(a: &Analysis) -> bool {
    a.signals.is_empty()
        && a.blocks.len() == 1
        && matches!(
            a.blocks[0].format,
            BlockFormat::ObjectYaml | BlockFormat::ObjectJson
        )
        && a.blocks[0].recovered.is_empty()
}

/// `strata diagnose --json` of a paste that is not a clean object dump: the report, the paste's
/// verdict, its blocks and every signal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PasteReport {
    #[serde(flatten)]
    pub report: Report,
    pub verdict: Verdict,
    pub blocks: Vec<BlockReport>,
    pub signals: Vec<crate::evidence::Signal>,
}

impl PasteReport {
    /// The JSON report of an analysed paste.
    pub fn of(a: &Analysis) -> PasteReport {
        PasteReport {
            report: a.report.clone(),
            verdict: a.verdict(),
            blocks: a.blocks.clone(),
            signals: a.signals.clone(),
        }
    }
}

/// Renders an analysed paste as text: the verdict, the report, the lines that point at no layer,
/// and what each block gave.
pub fn render_analysis(a: &Analysis) -> String {
    let v = a.verdict();
    let mut o = String::new();
    let layer = v.layer.map(Layer::as_str).unwrap_or("no layer");
    let plane = match v.plane {
        Some(crate::evidence::SignalPlane::Control) => " (control plane)",
        Some(crate::evidence::SignalPlane::Data) => " (data plane)",
        None => "",
    };
    o.push_str(&format!(
        "verdict: {layer}{plane} {} — {} ({})\n\n",
        v.health.as_str(),
        v.title,
        v.rests_on
    ));
    o.push_str(&render_text(&a.report));
    let loose: Vec<&crate::evidence::Signal> =
        a.signals.iter().filter(|s| s.layer.is_none()).collect();
    if !loose.is_empty() {
        o.push_str("\n== lines that point at no layer\n");
        for s in loose {
            o.push_str(&format!("  line {}: {} — {}\n", s.line, s.title, s.cause));
            o.push_str(&format!("      {}: {}\n", s.from, s.excerpt));
        }
    }
    o.push_str("\n== blocks\n");
    for b in &a.blocks {
        o.push_str(&format!(
            "  {}: {} — {} read, {} ignored\n",
            b.lines,
            b.format.as_str(),
            b.read.len(),
            b.ignored.len()
        ));
        for r in &b.recovered {
            o.push_str(&format!("      recovered: {r}\n"));
        }
        push_sightings(&mut o, b);
    }
    o
}

/// The objects a `get` table or a `describe` showed, with their status as read (at most
/// [`SIGHTINGS_SHOWN`] per block): a paste that blames nothing still says what it saw.
fn push_sightings(o: &mut String, b: &BlockReport) {
    if !matches!(b.format, BlockFormat::Table | BlockFormat::Describe) {
        return;
    }
    for r in b.read.iter().take(SIGHTINGS_SHOWN) {
        o.push_str(&format!("      line {}: {}\n", r.line, r.what));
    }
    if b.read.len() > SIGHTINGS_SHOWN {
        o.push_str(&format!(
            "      … and {} more\n",
            b.read.len() - SIGHTINGS_SHOWN
        ));
    }
}

/// How many objects of one kubectl block the text form lists.
const SIGHTINGS_SHOWN: usize = 12;

fn mark(h: Health) -> &'static str {
    match h {
        Health::Healthy => "ok",
        Health::Degraded => "DEGRADED",
        Health::Broken => "BROKEN",
        Health::Unknown => "unknown",
    }
}

fn sev_mark(s: Severity) -> &'static str {
    match s {
        Severity::Info => "-",
        Severity::Warning => "!",
        Severity::Error => "x",
        Severity::Critical => "X",
    }
}

/// Renders a report as text.
pub fn render_text(r: &Report) -> String {
    let mut o = String::new();
    let push = |o: &mut String, s: String| {
        o.push_str(&s);
        o.push('\n');
    };
    for d in &r.diagnoses {
        push(&mut o, format!("== {}", d.headline));
        for l in &d.layers {
            push(
                &mut o,
                format!(
                    "  {:<14} {:<9} ({:?} confidence)  {}",
                    l.layer.as_str(),
                    mark(l.health),
                    l.confidence,
                    l.summary
                )
                .replace("(High", "(high")
                .replace("(Medium", "(medium")
                .replace("(Low", "(low"),
            );
            for f in &l.findings {
                if l.health == Health::Healthy
                    && f.severity == Severity::Info
                    && l.layer != Layer::Migration
                {
                    continue;
                }
                let c = if f.contradiction {
                    " [contradiction]"
                } else {
                    ""
                };
                push(
                    &mut o,
                    format!("      {} {}{c}", sev_mark(f.severity), f.title),
                );
                if !f.detail.is_empty() {
                    push(&mut o, format!("          {}", f.detail));
                }
                for e in &f.evidence {
                    push(&mut o, format!("          evidence: {e}"));
                }
                if f.health != Health::Healthy {
                    for r in &f.remedy {
                        push(&mut o, format!("          do: {r}"));
                    }
                    for s in f.next_steps.iter().take(3) {
                        push(&mut o, format!("          next: {s}"));
                    }
                }
            }
        }
        for m in &d.migrations {
            render_migration(&mut o, m);
        }
        if !d.missing_evidence.is_empty() {
            push(
                &mut o,
                format!("  not in the evidence: {}", d.missing_evidence.join(", ")),
            );
        }
        o.push('\n');
    }
    for dr in &r.drains {
        push(&mut o, format!("== drain impact: {}", dr.summary));
        for oc in &dr.outcomes {
            let a = match oc.action {
                DrainAction::Migrate => "migrate",
                DrainAction::BlockDrain => "BLOCKS DRAIN",
                DrainAction::ShutDown => "shut down",
                DrainAction::External => "external",
                DrainAction::NotAffected => "not affected",
                DrainAction::Unknown => "unknown",
            };
            push(
                &mut o,
                format!(
                    "  {:<30} {:<13} {} [{} from {}]",
                    oc.key.to_string(),
                    a,
                    oc.reason,
                    oc.strategy,
                    oc.strategy_source
                ),
            );
        }
        o.push('\n');
    }
    for n in &r.notes {
        push(&mut o, format!("note: {}: {}", n.origin, n.message));
    }
    push(
        &mut o,
        format!(
            "judged at: {}",
            r.now
                .map(|t| format!("{t} ({})", r.now_source))
                .unwrap_or_else(|| r.now_source.clone())
        ),
    );
    o
}

fn render_migration(o: &mut String, m: &MigrationReport) {
    let trig = match &m.trigger {
        Trigger::Evacuation { node } => format!(
            "evacuation{}",
            node.as_ref()
                .map(|n| format!(" of {n}"))
                .unwrap_or_default()
        ),
        Trigger::WorkloadUpdate => "workload update".into(),
        Trigger::Descheduler { node } => format!(
            "descheduler{}",
            node.as_ref()
                .map(|n| format!(" (evacuation of {n})"))
                .unwrap_or_default()
        ),
        Trigger::User => "user or tool".into(),
        Trigger::Unknown => "unknown (only the VMI's migrationState)".into(),
    };
    o.push_str(&format!(
        "  migration {} [{}] triggered by {trig}",
        m.headline,
        mark(m.health)
    ));
    if let (Some(s), Some(t)) = (&m.source_node, &m.target_node) {
        o.push_str(&format!(", {s} -> {t}"));
    }
    o.push('\n');
    if !m.timeline.is_empty() {
        let steps: Vec<String> = m
            .timeline
            .iter()
            .map(|s| {
                format!(
                    "{}{}",
                    if s.phase.is_empty() {
                        "(unset)"
                    } else {
                        &s.phase
                    },
                    s.duration_secs
                        .map(|d| format!(" {}", format_duration(d)))
                        .unwrap_or_default()
                )
            })
            .collect();
        o.push_str(&format!("      timeline: {}\n", steps.join(" -> ")));
    }
    for mc in &m.mode_changes {
        o.push_str(&format!(
            "      mode: {} -> {}{} ({})\n",
            mc.from,
            mc.to,
            mc.at.map(|t| format!(" at {t}")).unwrap_or_default(),
            mc.evidence
        ));
    }
    if m.abort != AbortState::NotRequested {
        o.push_str(&format!("      abort: {:?}\n", m.abort));
    }
    if let Some(f) = &m.failure {
        o.push_str(&format!(
            "      failure: {:?} / {:?}: {}\n",
            f.plane, f.kind, f.reason
        ));
    }
    if let Some(p) = &m.progress {
        let mut parts = Vec::new();
        if let Some(pc) = p.percent {
            parts.push(format!("{pc:.0}%"));
        }
        if let Some(t) = p.transfer_rate_bytes_per_sec {
            parts.push(format!("transfer {}", crate::view::format::human_rate(t)));
        }
        if let Some(d) = p.dirty_rate_bytes_per_sec {
            parts.push(format!("dirty {}", crate::view::format::human_rate(d)));
        }
        parts.push(match p.eta_secs {
            Some(e) => format!("ETA ~{}", format_duration(e)),
            None => "no ETA".into(),
        });
        o.push_str(&format!("      progress: {}\n", parts.join(", ")));
    }
    for f in &m.findings {
        if f.health != Health::Healthy {
            o.push_str(&format!("      {} {}\n", sev_mark(f.severity), f.title));
            for r in &f.remedy {
                o.push_str(&format!("          do: {r}\n"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes() {
        let ok = diagnose_text(
            "kind: VirtualMachineInstance\nmetadata: {name: a, \
                namespace: n}\nstatus:\n  phase: Running\n  conditions:\n  \
                - {type: Ready, status: 'True'}\n  - {type: LiveMigratable, \
                status: 'True'}\n  - {type: AgentConnected, status: \
                'True'}\n  interfaces: [{name: default, ipAddress: \
                10.0.0.1, ipAddresses: [10.0.0.1]}]\n",
            &CliOptions::default(),
        );
        assert_eq!(ok.exit_code, 0, "{}", ok.output);
        let broken = diagnose_text(
            "kind: VirtualMachineInstance\nmetadata: {name: a, \
                namespace: n}\nstatus: {phase: Failed}\n",
            &CliOptions::default(),
        );
        assert_eq!(broken.exit_code, 1, "{}", broken.output);
        let bad = diagnose_text("kind: [", &CliOptions::default());
        assert_eq!(bad.exit_code, 2);
        assert!(bad.output.contains("line 1"), "{}", bad.output);
        let bad_json = diagnose_text(
            "kind: [",
            &CliOptions {
                json: true,
                now: None,
            },
        );
        let v: serde_json::Value = serde_json::from_str(&bad_json.output).unwrap();
        assert_eq!(v["error"]["line"], 1);
    }

    #[test]
    fn json_output_is_the_report() {
        let out = diagnose_text(
            "status: {phase: Failed}\n",
            &CliOptions {
                json: true,
                now: None,
            },
        );
        let v: serde_json::Value =
            serde_json::from_str(&out.output).unwrap_or_else(|e| panic!("{e}: {}", out.output));
        assert_eq!(v["diagnoses"][0]["layers"].as_array().unwrap().len(), 5);
        assert_eq!(out.exit_code, 1);
    }
}
