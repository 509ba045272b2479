//! A folder tree read as one dump: `strata diagnose DIR`. The backend walks the tree (bounded)
//! and hands over `(relative path, text)` pairs; [`analyse_files`] reads every YAML/JSON file
//! for objects and every log for its error lines and for the lines the signature catalogue knows
//! (read like a paste, [`super::paste`]), groups and diagnoses all VMIs of the tree together (so
//! a VMI's pods, node, events and launcher log may sit in other files), and adds the
//! cluster-level findings of [`crate::cluster`]. A log's signal goes to the VMI its line names or
//! whose virt-launcher pod wrote the log; the others are listed for the tree as a whole.
//!
//! * [`layout`]: which kind of tree it is and what a path holds.
//! * [`logs`]: the error lines of a container log.

pub mod layout;
pub mod logs;

use super::group::group;
use super::object::Object;
use super::parse::parse;
use super::paste::read_paste;
use super::pipeline::{Report, newest_timestamp, report_from_dump};
use crate::cluster::{ClusterFinding, cluster_findings, is_handler};
use crate::evidence::{Evidence, Signal};
use crate::explain::Severity;
use crate::kube::Pod;
use crate::time::Timestamp;
use layout::{FileRole, Layout, LogSource, role};
use logs::{LogLine, error_lines};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A folder tree read, grouped and diagnosed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FolderAnalysis {
    pub layout: Layout,
    /// Every VMI of the tree diagnosed, drains, and the time ages were judged against.
    pub report: Report,
    /// Nodes without KVM, virt-handler down.
    pub cluster: Vec<ClusterFinding>,
    /// Error lines of the logs (the first [`logs::MAX_LINES_PER_FILE`] of each file).
    pub log_errors: Vec<LogLine>,
    /// Error lines beyond those kept.
    pub log_errors_more: usize,
    /// Log lines the signature catalogue knows (with a layer), `from` naming their file; those
    /// about a VMI of the tree are in its diagnosis too.
    pub log_signals: Vec<Signal>,
    /// How each file was read, in path order.
    pub files: Vec<FileReading>,
    /// What was partly ignored inside files that were read.
    pub notes: Vec<FileNote>,
}

/// How one file of the tree was read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileReading {
    pub path: String,
    #[serde(flatten)]
    pub outcome: FileOutcome,
}

/// What reading a file gave.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "read")]
pub enum FileOutcome {
    /// Objects Strata reads (duplicates of objects in earlier files are not counted).
    Objects { count: usize },
    /// A log, with how many error lines it has.
    Log { error_lines: usize },
    /// Not used, and why.
    Ignored { reason: String },
}

/// A note about part of a file that was read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileNote {
    pub path: String,
    /// Where in the file (`document 2 (line 40)`).
    pub at: String,
    pub message: String,
}

impl FolderAnalysis {
    /// Records a file the walk did not hand over (too large, binary, unreadable), keeping the
    /// path order.
    pub fn note_skipped(&mut self, path: String, reason: String) {
        let at = self.files.partition_point(|f| f.path < path);
        self.files.insert(
            at,
            FileReading {
                path,
                outcome: FileOutcome::Ignored { reason },
            },
        );
    }

    /// Files that gave objects or logs.
    pub fn files_read(&self) -> usize {
        self.files
            .iter()
            .filter(|f| !matches!(f.outcome, FileOutcome::Ignored { .. }))
            .count()
    }

    /// 0: nothing broken; 1: a VMI layer or the cluster is broken; 2: nothing could be read.
    pub fn exit_code(&self) -> i32 {
        if self.files_read() == 0 {
            2
        } else if self.report.is_broken()
            || self.cluster.iter().any(|f| f.severity >= Severity::Error)
        {
            1
        } else {
            0
        }
    }
}

/// Objects read so far, and the labels of named ones (a must-gather may hold one object in a
/// List and in a file of its own: the first one read is kept).
#[derive(Default)]
struct Collected {
    objects: Vec<Object>,
    seen: BTreeSet<String>,
}

impl Collected {
    fn add(&mut self, o: Object) -> bool {
        let label = o.label();
        let named = !label.ends_with("(unnamed)") && !matches!(o, Object::Metrics(_));
        if named && !self.seen.insert(label) {
            return false;
        }
        self.objects.push(o);
        true
    }
}

/// Reads every file of a tree (`(path relative to the root, text)`), judging ages against
/// `now` or, when `None`, the newest timestamp among the objects.
pub fn analyse_files(files: &[(String, String)], now: Option<Timestamp>) -> FolderAnalysis {
    let mut sorted: Vec<&(String, String)> = files.iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let layout = Layout::detect(sorted.iter().map(|f| f.0.as_str()));
    let mut collected = Collected::default();
    let mut readings = Vec::new();
    let mut notes = Vec::new();
    let mut log_errors = Vec::new();
    let mut log_errors_more = 0;
    let mut log_signals = Vec::new();
    for (path, text) in sorted {
        let outcome = match role(path) {
            FileRole::Objects => read_objects(path, text, &mut collected, &mut notes),
            FileRole::Log(source) => {
                let (lines, more) = error_lines(path, &source, text);
                log_signals.extend(known_signals(path, &source, text));
                log_errors_more += more;
                let n = lines.len() + more;
                log_errors.extend(lines);
                FileOutcome::Log { error_lines: n }
            }
            FileRole::Other => FileOutcome::Ignored {
                reason: "not YAML, JSON or a container log".into(),
            },
        };
        readings.push(FileReading {
            path: path.clone(),
            outcome,
        });
    }
    let objects = collected.objects;
    let (now, source) = match now {
        Some(n) => (Some(n), "given"),
        None => match newest_timestamp(&objects) {
            Some(t) => (Some(t), "newest timestamp in the input"),
            None => (
                None,
                "unknown (no timestamps in the input): ages are not judged",
            ),
        },
    };
    let handlers: Vec<Pod> = objects
        .iter()
        .filter_map(|o| match o {
            Object::Pod(p) if is_handler(p) => Some((**p).clone()),
            _ => None,
        })
        .collect();
    let mut dump = group(objects, None);
    let log_signals = log_signals
        .into_iter()
        .map(|(source, s)| attach(&mut dump.bundles, &source, s))
        .collect();
    let cluster = cluster_findings(&dump.nodes, &handlers, now);
    let report = report_from_dump(&dump, Vec::new(), now, source);
    FolderAnalysis {
        layout,
        report,
        cluster,
        log_errors,
        log_errors_more,
        log_signals,
        files: readings,
        notes,
    }
}

/// The lines of a log the signature catalogue knows, with where the log came from.
fn known_signals(path: &str, source: &LogSource, text: &str) -> Vec<(LogSource, Signal)> {
    read_paste(text)
        .signals
        .into_iter()
        .filter(|s| s.signature.is_some() && s.layer.is_some())
        .map(|mut s| {
            s.from = format!("{} of {path}", s.from);
            (source.clone(), s)
        })
        .collect()
}

/// Hands a log's signal to the VMI whose name its line carries or whose virt-launcher pod wrote
/// the log (`virt-launcher-<vmi>-<suffix>` in the VMI's namespace); gives it back for the tree's
/// own list either way.
fn attach(bundles: &mut [Evidence], source: &LogSource, s: Signal) -> Signal {
    let wrote = |b: &Evidence| {
        let (Some(pod), name) = (source.pod.as_deref(), b.key.name.as_str()) else {
            return false;
        };
        let same_ns = source
            .namespace
            .as_deref()
            .is_none_or(|ns| ns == b.key.namespace);
        let launcher = pod
            .strip_prefix("virt-launcher-")
            .and_then(|rest| rest.strip_prefix(name))
            .is_some_and(|rest| rest.starts_with('-'));
        same_ns && !name.is_empty() && launcher
    };
    let named = |b: &Evidence| {
        let name = b.key.name.as_str();
        !name.is_empty() && s.excerpt.contains(&format!("\"name\":\"{name}\""))
    };
    if let Some(b) = bundles.iter_mut().find(|b| wrote(b) || named(b)) {
        b.signals.push(s.clone());
    }
    s
}

fn read_objects(
    path: &str,
    text: &str,
    collected: &mut Collected,
    notes: &mut Vec<FileNote>,
) -> FileOutcome {
    match parse(text) {
        Ok(parsed) => {
            let mut count = 0;
            for l in parsed.objects {
                count += usize::from(collected.add(l.object));
            }
            notes.extend(parsed.notes.into_iter().map(|n| FileNote {
                path: path.to_string(),
                at: n.origin.to_string(),
                message: n.message,
            }));
            FileOutcome::Objects { count }
        }
        Err(e) if e.message.starts_with("nothing Strata can diagnose") => FileOutcome::Ignored {
            reason: "holds no kind Strata reads".into(),
        },
        Err(e) => FileOutcome::Ignored {
            reason: format!("cannot read: {}", first_sentence(&e.to_string())),
        },
    }
}

/// The error up to its first `; ` (the rest lists what Strata expects, the same every time).
fn first_sentence(s: &str) -> &str {
    s.split_once("; ").map_or(s, |(a, _)| a)
}

#[cfg(test)]
mod tests;
