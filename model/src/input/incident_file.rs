//! An incident file pasted or given to `strata diagnose` (`crate::incident`): its embedded
//! evidence is the VMI's bundle and its moment the time ages are judged against, so the verdict
//! is the one the file shows. A file that is an incident file but cannot be read is refused
//! with the reason, never read as text.

use super::object::ParseError;
use super::pipeline::{Analysis, report_from_dump};
use crate::incident::Incident;
use crate::input::group::Dump;
use crate::view::{BlockFormat, BlockReport, LineRange, ReadItem};

/// The analysis of `input` when it is an incident file.
pub fn analyse(input: &str) -> Option<Result<Analysis, ParseError>> {
    let incident = crate::incident::read::read(input)?;
    Some(incident.map(analysis).map_err(|message| ParseError {
        line: None,
        column: None,
        message,
    }))
}

fn analysis(i: Incident) -> Analysis {
    let e = i.evidence;
    let dump = Dump {
        nodes: e.nodes.iter().map(|n| n.value.clone()).collect(),
        vms: e.vm.iter().map(|v| v.value.clone()).collect(),
        pods: e.pods.iter().map(|p| p.value.clone()).collect(),
        unmatched: 0,
        bundles: vec![e],
    };
    let source = "the moment the incident file describes";
    let report = report_from_dump(&dump, Vec::new(), i.at, source);
    let key = &dump.bundles[0].key;
    let block = BlockReport {
        format: BlockFormat::ObjectJson,
        lines: LineRange { first: 1, last: 1 },
        read: vec![ReadItem {
            line: 1,
            what: format!(
                "the evidence of {}/{} (a Strata incident file)",
                key.namespace, key.name
            ),
        }],
        ignored: Vec::new(),
        recovered: Vec::new(),
    };
    let signals = dump.bundles[0].signals.clone();
    Analysis {
        dump,
        report,
        blocks: vec![block],
        signals,
    }
}
