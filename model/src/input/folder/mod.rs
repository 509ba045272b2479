//! A folder tree read as one dump: `strata diagnose DIR`. The backend walks the tree (bounded)
//! and hands over `(relative path, text)` pairs; [`analyse_files`] reads every YAML/JSON file
//! for objects and every log for its error lines, groups and diagnoses all VMIs of the tree
//! together (so a VMI's pods, node and events may sit in other files), and adds the
//! cluster-level findings of [`crate::cluster`].
//!
//! * [`layout`]: which kind of tree it is and what a path holds.
//! * [`logs`]: the error lines of a container log.

pub mod layout;
pub mod logs;

use super::group::group;
use super::object::Object;
use super::parse::parse;
use super::pipeline::{Report, newest_timestamp, report_from_dump};
use crate::cluster::{ClusterFinding, cluster_findings, is_handler};
use crate::explain::Severity;
use crate::kube::Pod;
use crate::time::Timestamp;
use layout::{FileRole, Layout, role};
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
    for (path, text) in sorted {
        let outcome = match role(path) {
            FileRole::Objects => read_objects(path, text, &mut collected, &mut notes),
            FileRole::Log(source) => {
                let (lines, more) = error_lines(path, &source, text);
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
    let dump = group(objects, None);
    let cluster = cluster_findings(&dump.nodes, &handlers, now);
    let report = report_from_dump(&dump, Vec::new(), now, source);
    FolderAnalysis {
        layout,
        report,
        cluster,
        log_errors,
        log_errors_more,
        files: readings,
        notes,
    }
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
