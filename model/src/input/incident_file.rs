//! An incident file pasted or given to `strata diagnose` (`crate::incident`): its embedded
//! evidence is the VMI's bundle and its moment the time ages are judged against, so the verdict
//! is the one the file shows (the pipeline diagnoses it, [`super::pipeline::analyse`]). A file
//! that is an incident file but cannot be read is refused with the reason, never read as text.

use super::object::ParseError;
use crate::evidence::Signal;
use crate::incident::Incident;
use crate::input::group::Dump;
use crate::time::Timestamp;
use crate::view::{BlockFormat, BlockReport, LineRange, ReadItem};

/// What an incident file gives the pipeline: the VMI's bundle (and its nodes, VM and pods for
/// drain reports), the moment, the one block it reads as, and its signals.
pub struct IncidentRead {
    pub dump: Dump,
    pub at: Option<Timestamp>,
    pub block: BlockReport,
    pub signals: Vec<Signal>,
}

/// Where ages are judged from, as the report says.
pub const NOW_SOURCE: &str = "the moment the incident file describes";

/// `input` read as an incident file: `None` when it is none.
pub fn read(input: &str) -> Option<Result<IncidentRead, ParseError>> {
    let incident = crate::incident::read::read(input)?;
    Some(incident.map(parts).map_err(|message| ParseError {
        line: None,
        column: None,
        message,
    }))
}

fn parts(i: Incident) -> IncidentRead {
    let e = i.evidence;
    let block = BlockReport {
        format: BlockFormat::ObjectJson,
        lines: LineRange { first: 1, last: 1 },
        read: vec![ReadItem {
            line: 1,
            what: format!(
                "the evidence of {}/{} (a Strata incident file)",
                e.key.namespace, e.key.name
            ),
        }],
        ignored: Vec::new(),
        recovered: Vec::new(),
    };
    let signals = e.signals.clone();
    IncidentRead {
        dump: Dump {
            nodes: e.nodes.iter().map(|n| (*n.value).clone()).collect(),
            vms: e.vm.iter().map(|v| v.value.clone()).collect(),
            pods: e.pods.iter().map(|p| p.value.clone()).collect(),
            unmatched: 0,
            bundles: vec![e],
        },
        at: i.at,
        block,
        signals,
    }
}
