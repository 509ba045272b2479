//! The one dump pipeline `strata diagnose` and the browser's paste page share: read the paste
//! block by block (objects, and every other line as a signal), take the time to judge ages
//! against (given, or the newest timestamp in the input), group the objects per VMI, hand the
//! signals to the bundles, diagnose every bundle, work out the drain impact, and resolve one VMI
//! page per bundle.

use super::group::{Dump, group};
use super::parse::{Note, Object, ParseError, parse};
use super::paste::read_paste;
use crate::diagnosis::{Diagnosis, diagnose};
use crate::drain::{DrainReport, drain_impact_of};
use crate::evidence::{Evidence, Signal};
use crate::kube::VmiKey;
use crate::signatures::json_field;
use crate::time::Timestamp;
use crate::verdict::Health;
use crate::view::analysed::Analysed;
use crate::view::detail::VmiDetail;
use crate::view::{BlockFormat, BlockReport};
use serde::{Deserialize, Serialize};

/// A dump read, grouped and diagnosed.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The objects grouped per VMI, in the order of [`Report::diagnoses`].
    pub dump: Dump,
    /// Diagnoses, drains, notes, the time ages were judged against and its source.
    pub report: Report,
    /// Every block of the paste: format, lines, what was read, what was ignored.
    pub blocks: Vec<BlockReport>,
    /// Every line read as a signal, in paste order (those pointing at a layer are also in the
    /// bundles' evidence and so in the diagnoses).
    pub signals: Vec<Signal>,
    /// What the paste's words read as, by the learned reading ([`super::lexicon`]); read only
    /// for a paste whose rules blame no layer while error lines name no component: the
    /// verdict's hint.
    pub words: Option<super::lexicon::Reading>,
}

impl Analysis {
    /// One VMI page per bundle, in the report's order.
    pub fn details(&self) -> Vec<VmiDetail> {
        self.dump
            .bundles
            .iter()
            .zip(self.report.diagnoses.iter().cloned())
            .map(|(e, d)| VmiDetail::with_diagnosis(e, d))
            .collect()
    }

    /// What the paste page shows: the VMI pages, drains, notes as `<where>: <what>`, and now.
    pub fn into_view(self) -> Analysed {
        // The layer the words suggest (a hint, read only where the rules blame nothing) is a note.
        let hint = self.words.as_ref().and_then(super::lexicon::sentence);
        let Analysis {
            dump,
            report,
            blocks,
            ..
        } = self;
        let details = dump
            .bundles
            .iter()
            .zip(report.diagnoses)
            .map(|(e, d)| VmiDetail::with_diagnosis(e, d))
            .collect();
        Analysed {
            details,
            drains: report.drains,
            notes: report
                .notes
                .iter()
                .map(|n| format!("{}: {}", n.origin, n.message))
                .chain(hint.map(|h| format!("error lines no rule places: {h}")))
                .collect(),
            now: report.now,
            now_source: report.now_source,
            blocks,
        }
    }
}

/// Reads any paste (objects, logs, events, describe output, errors, in any mix), judges ages
/// against `now` (or, when `None`, the newest timestamp in the input), groups the objects per
/// VMI, hands every signal to a bundle and diagnoses every VMI and migration in it. Fails only
/// when nothing at all could be read.
pub fn analyse(input: &str, now: Option<Timestamp>) -> Result<Analysis, ParseError> {
    // A Strata incident file carries its own evidence and moment.
    if let Some(incident) = super::incident_file::read(input) {
        let i = incident?;
        let report = report_from_dump(&i.dump, Vec::new(), i.at, super::incident_file::NOW_SOURCE);
        return Ok(Analysis {
            dump: i.dump,
            report,
            blocks: vec![i.block],
            signals: i.signals,
            words: None,
        });
    }
    let mut read = read_paste(input);
    super::vm_alone::see(&mut read);
    // kubectl's or virtctl's own output (a table, an events listing, a describe, a console), or
    // a component's log, that shows nothing wrong was still read: the paste is diagnosed
    // healthy, not refused.
    let kubectl_read = read.blocks.iter().any(|b| {
        matches!(
            b.format,
            BlockFormat::Table
                | BlockFormat::Events
                | BlockFormat::Describe
                | BlockFormat::Virtctl
                | BlockFormat::ComponentLog
        )
    });
    let nothing_read = read.parsed.objects.is_empty()
        && read.signals.is_empty()
        && read.sightings.is_empty()
        && !kubectl_read;
    // Before refusing: a conditions list of an object Strata does not read is read by the
    // condition convention alone (`conditions_only`), blaming no layer.
    let bare_conditions = nothing_read
        .then(|| super::conditions_only::read(input).or_else(|| super::agent_answer::read(input)))
        .flatten();
    let as_text = nothing_read && bare_conditions.is_none();
    if let Some(s) = bare_conditions {
        read.signals.push(s);
    } else if nothing_read && super::plain_text::unreadable(input).is_some() {
        return Err(match (parse(input), read.error) {
            (Err(e), _) => e,
            (Ok(_), Some(e)) => e,
            (Ok(_), None) => ParseError {
                line: None,
                column: None,
                message: "nothing Strata can diagnose in the input".into(),
            },
        });
    }
    if as_text {
        // Text that is neither an object nor a format Strata knows was still read line by
        // line (`super::plain_text`): no line shows a fault, so it is not refused.
        read.parsed.notes.push(super::object::Note {
            origin: super::object::Origin {
                document: 1,
                line: Some(1),
                path: String::new(),
            },
            message: "read as text, line by line: no object, kubectl output or known message \
                      in it, and no line states a fault"
                .into(),
        });
    }
    let objects: Vec<Object> = read.parsed.objects.into_iter().map(|l| l.object).collect();
    let (now, source) = match now {
        Some(n) => (Some(n), "given"),
        None => match newest_timestamp(&objects).max(read.times.iter().copied().max()) {
            Some(t) => (Some(t), "newest timestamp in the input"),
            None => (
                None,
                "unknown (no timestamps in the input): ages are not judged",
            ),
        },
    };
    let mut dump = group(objects, None);
    add_sighted(&mut dump, &read.sightings.vmis());
    attach_signals(&mut dump, &read.signals, &read.sightings.subjects);
    super::vm_alone::attach(&mut dump);
    let mut report = report_from_dump(&dump, read.parsed.notes, now, source);
    let mut signals = read.signals;
    let skip = weighed_already(&signals, &read.blocks);
    if !blames(&report)
        && let Some(s) = super::inferred::infer(input, &skip)
            .or_else(|| super::unfinished_wait::read(input))
            .or_else(|| super::state::read(input))
            .or_else(|| super::pre_drain::read(input))
            .or_else(|| super::helm_release::read(input))
            .or_else(|| super::namespace_state::read(input))
            .or_else(|| super::host_model_target::read(input))
            .or_else(|| super::toolkit_failed::read(input))
    {
        if dump.bundles.is_empty() {
            dump.bundles.push(Evidence {
                key: key_from_signals(&signals),
                ..Default::default()
            });
            report.diagnoses.push(diagnose(&dump.bundles[0], now));
        }
        dump.bundles[0].signals.push(s.clone());
        report.diagnoses[0] = diagnose(&dump.bundles[0], now);
        signals.push(s);
    }
    // The learned reading is read where the rules blame no layer and error lines name no
    // component (no signature, reader or component placed them): the verdict's hint.
    let words = (!blames(&report)
        && signals
            .iter()
            .any(|s| s.layer.is_none() && s.title == super::lines::UNNAMED_TITLE))
    .then(|| super::lexicon::read(input))
    .flatten();
    Ok(Analysis {
        dump,
        report,
        blocks: read.blocks,
        signals,
        words,
    })
}

/// The paste's lines (inclusive ranges) that [`super::inferred::infer`] does not weigh again. A
/// line a signature knows (as noise, since nothing blamed) has said what it means, a line already
/// pointed at a layer was weighed by the diagnosis (and yielded to what decides), and so have the
/// lines of KubeVirt's objects, read and judged from their fields (a VMI whose migration the user
/// aborted is healthy, whatever words its status holds).
fn weighed_already(signals: &[Signal], blocks: &[BlockReport]) -> Vec<(usize, usize)> {
    let mut skip: Vec<(usize, usize)> = signals
        .iter()
        .filter(|s| s.signature.is_some() || s.layer.is_some())
        .map(|s| (s.line, s.line))
        .collect();
    skip.extend(
        blocks
            .iter()
            .filter(|b| {
                matches!(
                    b.format,
                    BlockFormat::ObjectYaml | BlockFormat::ObjectJson | BlockFormat::Describe
                )
            })
            // A VMI, VM or migration is diagnosed from its fields; a pod or node alone is not.
            .filter(|b| b.read.iter().any(|r| r.what.starts_with("VirtualMachine")))
            .map(|b| (b.lines.first, b.lines.last)),
    );
    // What a block read at a line (a dismissed reading included) was weighed already, except an
    // error line no reader could place.
    skip.extend(
        blocks
            .iter()
            .flat_map(|b| b.read.iter())
            .filter(|r| r.what != super::lines::UNNAMED_TITLE)
            .map(|r| (r.line, r.line)),
    );
    skip
}

/// Whether any VMI's diagnosis has a broken or degraded layer with a finding of that health (what
/// the paste's verdict rests on, `super::verdict`).
fn blames(report: &Report) -> bool {
    report
        .diagnoses
        .iter()
        .flat_map(|d| d.layers.iter())
        .filter(|l| matches!(l.health, Health::Broken | Health::Degraded))
        .any(|l| l.findings.iter().any(|f| f.health == l.health))
}

/// Hands every signal to the bundle whose VMI its log line (or its table row or describe) names,
/// else to the first bundle. A VMI that table rows or describe output name and no object shows
/// gets a bundle of its own; a paste with other signals and no object gets one bundle.
fn attach_signals(dump: &mut Dump, signals: &[Signal], subjects: &[(usize, crate::kube::VmiKey)]) {
    if signals.is_empty() {
        return;
    }
    let subject_of: rustc_hash::FxHashMap<usize, &crate::kube::VmiKey> =
        subjects.iter().map(|(l, k)| (*l, k)).collect();
    for (_, k) in subjects {
        let known = dump.bundles.iter().any(|b| {
            b.key.name == k.name
                && (b.key.namespace == k.namespace
                    || b.key.namespace.is_empty()
                    || k.namespace.is_empty())
        });
        if !known {
            dump.bundles.push(Evidence {
                key: k.clone(),
                ..Default::default()
            });
        }
    }
    if dump.bundles.is_empty() {
        dump.bundles.push(Evidence {
            key: key_from_signals(signals),
            ..Default::default()
        });
    }
    // By namespace and name (a subject's, or the `namespace` and `name` fields of a JSON log
    // line): one map lookup per signal, whatever the dump's size. A name alone (no namespace on
    // either side) goes to the first bundle of that name.
    let mut by_key: rustc_hash::FxHashMap<(&str, &str), usize> = rustc_hash::FxHashMap::default();
    let mut by_name: rustc_hash::FxHashMap<&str, usize> = rustc_hash::FxHashMap::default();
    for (i, b) in dump.bundles.iter().enumerate() {
        by_key
            .entry((b.key.namespace.as_str(), b.key.name.as_str()))
            .or_insert(i);
        by_name.entry(b.key.name.as_str()).or_insert(i);
    }
    let find = |ns: &str, name: &str| {
        by_key
            .get(&(ns, name))
            .or_else(|| by_key.get(&("", name)))
            .or_else(|| ns.is_empty().then(|| by_name.get(name)).flatten())
            .copied()
    };
    let mut at: Vec<usize> = Vec::with_capacity(signals.len());
    for s in signals {
        let named = match subject_of.get(&s.line) {
            Some(k) => find(&k.namespace, &k.name),
            None => super::lines::json_field(&s.excerpt, "name").and_then(|n| {
                let ns = super::lines::json_field(&s.excerpt, "namespace").unwrap_or("");
                find(ns, n)
            }),
        };
        at.push(named.unwrap_or(0));
    }
    for (s, i) in signals.iter().zip(at) {
        dump.bundles[i].signals.push(s.clone());
    }
}

/// A bundle for every VMI that tables or describe output name and no bundle holds yet, so a
/// table of healthy VMIs is read (and diagnosed) rather than refused.
fn add_sighted(dump: &mut Dump, keys: &[crate::kube::VmiKey]) {
    for k in keys {
        let known = dump.bundles.iter().any(|b| {
            b.key.name == k.name
                && (b.key.namespace == k.namespace
                    || b.key.namespace.is_empty()
                    || k.namespace.is_empty())
        });
        if !known {
            dump.bundles.push(Evidence {
                key: k.clone(),
                ..Default::default()
            });
        }
    }
}

/// Reads any input form and diagnoses every VMI and migration in it: [`analyse`]'s report.
pub fn diagnose_input(input: &str, now: Option<Timestamp>) -> Result<Report, ParseError> {
    analyse(input, now).map(|a| a.report)
}

/// The whole report of one input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub diagnoses: Vec<Diagnosis>,
    /// Drain impact for nodes that are cordoned or being evacuated.
    pub drains: Vec<DrainReport>,
    /// Skipped documents and ignored fields.
    pub notes: Vec<Note>,
    /// The time ages were judged against, and where it came from.
    pub now: Option<Timestamp>,
    pub now_source: String,
    /// Pods and events that belong to no VMI in the input.
    pub unmatched: usize,
}

impl Report {
    /// True when any layer of any VMI (or any migration) is broken.
    pub fn is_broken(&self) -> bool {
        self.diagnoses
            .iter()
            .any(|d| d.is_broken() || d.migrations.iter().any(|m| m.health == Health::Broken))
    }
}

/// The newest timestamp in a set of objects.
pub fn newest_timestamp(objects: &[Object]) -> Option<Timestamp> {
    let mut best: Option<Timestamp> = None;
    let mut see = |t: Option<Timestamp>| {
        if let Some(t) = t {
            best = Some(best.map_or(t, |b| b.max(t)));
        }
    };
    let conds = |cs: &[crate::kube::Condition]| cs.iter().filter_map(|c| c.newest_time()).max();
    for o in objects {
        match o {
            Object::Vmi(v) => {
                see(v.newest_status_time());
                see(v.metadata.created());
            }
            Object::Vmim(m) => {
                see(m.metadata.created());
                see(conds(&m.status.conditions));
                see(m
                    .status
                    .phase_transition_timestamps
                    .iter()
                    .filter_map(|p| {
                        p.phase_transition_timestamp
                            .as_deref()
                            .and_then(Timestamp::parse)
                    })
                    .max());
                see(m
                    .status
                    .migration_state
                    .as_ref()
                    .and_then(|s| s.ended().max(s.started())));
            }
            Object::Pod(p) => {
                see(p.metadata.created());
                see(conds(&p.status.conditions));
            }
            Object::Node(n) => see(conds(&n.status.conditions)),
            Object::Event(e) => see(e.time()),
            Object::Vm(v) => see(conds(&v.status.conditions)),
            Object::Metrics(s) => see(s.iter().filter_map(|x| x.timestamp).max()),
            Object::GuestAgent(_) | Object::GuestAgentError { .. } => {}
        }
    }
    best
}

/// Diagnoses already-grouped evidence.
pub fn report_from_dump(
    dump: &Dump,
    notes: Vec<Note>,
    now: Option<Timestamp>,
    now_source: &str,
) -> Report {
    let diagnoses: Vec<Diagnosis> = dump.bundles.iter().map(|b| diagnose(b, now)).collect();
    let vmis: Vec<&crate::kube::vmi::Vmi> = dump.bundles.iter().filter_map(|b| b.vmi()).collect();
    // Cordoned nodes, then the nodes VMIs are evacuated from, each once, in that order.
    let mut drain_nodes: Vec<&str> = Vec::new();
    let mut seen: rustc_hash::FxHashSet<&str> = Default::default();
    let cordoned = dump.nodes.iter().filter(|n| n.is_cordoned());
    for n in cordoned.map(|n| n.metadata.name()) {
        drain_nodes.push(n);
        seen.insert(n);
    }
    for n in vmis.iter().filter_map(|v| v.evacuation_node()) {
        if seen.insert(n) {
            drain_nodes.push(n);
        }
    }
    let drains = drain_nodes
        .iter()
        .map(|n| drain_impact_of(n, &vmis, &dump.vms, &dump.pods, None))
        .filter(|r| !r.outcomes.is_empty())
        .collect();
    Report {
        diagnoses,
        drains,
        notes,
        now,
        now_source: now_source.to_string(),
        unmatched: dump.unmatched,
    }
}

/// The VMI a log-only paste is about, from its JSON log lines' `kind`/`name`/`namespace`.
pub fn key_from_signals(signals: &[Signal]) -> VmiKey {
    for s in signals {
        let line = s.excerpt.as_str();
        if json_field(line, "kind") == Some("VirtualMachineInstance")
            && let Some(name) = json_field(line, "name")
        {
            return VmiKey {
                cluster: String::new(),
                namespace: json_field(line, "namespace").unwrap_or("").to_string(),
                name: name.to_string(),
            };
        }
    }
    VmiKey::default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paste_view_has_one_page_per_vmi_and_notes_with_their_origin() {
        let input = "kind: VirtualMachineInstance\nmetadata: {name: web, namespace: prod}\n\
            status: {phase: Running, conditions: nope}\n---\n\
            kind: VirtualMachineInstanceMigration\nmetadata: {name: m, namespace: prod}\n\
            spec: {vmiName: db}\n";
        let analysis = analyse(input, None).unwrap();
        assert_eq!(analysis.report.diagnoses.len(), 2);
        assert_eq!(analysis.details().len(), 2);
        let notes = analysis.report.notes.clone();
        let view = analysis.into_view();
        assert_eq!(view.details.len(), 2);
        assert_eq!(view.details[0].key.name, "web");
        assert_eq!(view.notes.len(), notes.len());
        assert!(!view.notes.is_empty());
        assert_eq!(
            view.notes[0],
            format!("{}: {}", notes[0].origin, notes[0].message)
        );
        assert!(view.now.is_none());
        assert_eq!(
            view.now_source,
            "unknown (no timestamps in the input): ages are not judged"
        );
    }
}
