//! One paste read block by block: split ([`super::blocks`]), each block's format recognised
//! ([`super::format`]), objects read (recovering cut YAML, [`super::recover`]) and every other
//! line turned into evidence ([`super::lines`]). The result keeps, per block, its format, lines,
//! what was read and what was ignored.

use super::blocks::{Block, split};
use super::component::name_components;
use super::format::recognise_text;
use super::lines::{Seen, read_lines};
use super::object::{Located, Note, Origin, ParseError, Parsed};
use super::parse::parse;
use super::recover::recover;
use super::sightings::Sightings;
use crate::scan::FastLines as _;

pub use super::read::ReadPaste;
use crate::view::{BlockFormat, BlockReport, Ignored, ReadItem};

/// Reads a whole paste. A paste that is one clean object dump is read as before, in one piece.
pub fn read_paste(input: &str) -> ReadPaste {
    if let Some(mut whole) = whole_dump(input) {
        // A whole VM or VMI dump still carries its cloud-config user data.
        super::cloud_init_passwd::settle(&mut whole, input);
        return whole;
    }
    let mut out = ReadPaste::default();
    let mut seen = Seen::new(input);
    let mut blocks = split(input);
    // Output piped through `ts` is read without its stamps.
    super::stamped::unstamp(&mut blocks);
    for block in blocks {
        // Lines a mail client or a chat wrapped are joined first (`super::unwrap`).
        match super::unwrap::unwrap(&block.text) {
            Some(owned) => {
                let joined = Block {
                    text: owned.iter().map(String::as_str).collect(),
                    dropped: block.dropped.clone(),
                    ..block
                };
                read_block(&joined, &mut seen, &mut out);
            }
            None => read_block(&block, &mut seen, &mut out),
        }
    }
    super::kubectl::settle(&mut out);
    super::terminating_node::settle(&mut out);
    super::evicted_pod::settle_done(&mut out, input);
    super::workloads::settle(&mut out);
    super::console::settle(&mut out, input);
    super::libvirt_retry::settle(&mut out, input);
    super::cdi_completed::settle(&mut out, input);
    super::migration_done::settle(&mut out, input);
    super::not_migratable::settle(&mut out, input);
    super::completed_stop::settle(&mut out, input);
    super::own_pause::settle(&mut out, input);
    super::workstation_ps::settle(&mut out, input);
    super::bridge_design::settle(&mut out, input);
    super::console_log::see(&mut out, input);
    super::target_pod::settle(&mut out, input);
    super::deleted_launcher::settle(&mut out, input);
    super::cdi_scratch::settle(&mut out, input);
    super::usage_error::settle(&mut out, input);
    super::cloud_init_passwd::settle(&mut out, input);
    super::no_default_route::settle(&mut out, input);
    super::guest_nic_down::settle(&mut out, input);
    super::broken_json::settle(&mut out, input);
    super::drain_retry::settle(&mut out, input);
    super::announced_outcome::settle(&mut out, input);
    super::kubelet_volume_wait::settle(&mut out, input);
    out
}

/// The whole input as one object dump, when it parses as one and no line is a log line.
fn whole_dump(input: &str) -> Option<ReadPaste> {
    // One scan: no line is a log line, and how many lines there are.
    let mut count = 0;
    for l in input.lines_fast() {
        if super::shapes::is_json_log_line(l) {
            return None;
        }
        count += 1;
    }
    let first = input.lines_fast().position(|l| !l.trim_fast().is_empty())?;
    let parsed = parse(input).ok()?;
    // Only fragments (objects known only by their shape) are read block by block, with their
    // lines: a dump with a `kind` is read as before, in one piece.
    if parsed
        .objects
        .iter()
        .all(|o| o.recognised_by != super::object::Recognition::Kind)
    {
        return None;
    }
    let last = count.max(first + 1);
    let format = if input.trim_start_fast().starts_with(['{', '[']) {
        BlockFormat::ObjectJson
    } else {
        BlockFormat::ObjectYaml
    };
    let block = BlockReport {
        format,
        lines: crate::view::LineRange {
            first: first + 1,
            last,
        },
        read: located_items(&parsed.objects),
        ignored: notes_ignored(&parsed.notes, first + 1),
        recovered: Vec::new(),
    };
    Some(ReadPaste {
        parsed,
        blocks: vec![block],
        signals: Vec::new(),
        error: None,
        sightings: Sightings::default(),
        times: Vec::new(),
        workloads: Default::default(),
    })
}

fn located_items(objects: &[Located]) -> Vec<ReadItem> {
    objects
        .iter()
        .map(|o| ReadItem {
            line: o.origin.line.unwrap_or(0),
            what: o.object.label(),
        })
        .collect()
}

fn notes_ignored(notes: &[Note], fallback: usize) -> Vec<Ignored> {
    notes
        .iter()
        .map(|n| {
            let l = n.origin.line.unwrap_or(fallback);
            Ignored {
                lines: crate::view::LineRange { first: l, last: l },
                why: n.message.clone(),
            }
        })
        .collect()
}

/// Reads one block into `out`.
fn read_block(block: &Block<'_>, seen: &mut Seen, out: &mut ReadPaste) {
    let mut format = recognise_text(block);
    let mut report = BlockReport {
        format,
        lines: block.lines,
        read: Vec::new(),
        ignored: block
            .dropped
            .iter()
            .map(|(n, why)| Ignored {
                lines: crate::view::LineRange {
                    first: *n,
                    last: *n,
                },
                why: why.to_string(),
            })
            .collect(),
        recovered: Vec::new(),
    };
    if matches!(format, BlockFormat::Unknown | BlockFormat::Prometheus) && looks_like_objects(block)
    {
        let rec = recover(&block.text);
        let offset = block.lines.first - 1;
        if !rec.parsed.objects.is_empty() {
            let first = block.text.first().copied().unwrap_or("");
            // JSON, whole or cut at its start (`"status": {`, `},`).
            format = if super::json_cut::looks_like_json(first) {
                BlockFormat::ObjectJson
            } else {
                BlockFormat::ObjectYaml
            };
            report.format = format;
            report.recovered = rec.rules;
            let mut parsed = rec.parsed;
            shift(&mut parsed, offset, out.parsed.objects.len() + 1);
            report.read.extend(located_items(&parsed.objects));
            report
                .ignored
                .extend(notes_ignored(&parsed.notes, block.lines.first));
            out.parsed.objects.append(&mut parsed.objects);
            out.parsed.notes.append(&mut parsed.notes);
            // An object block's lines may still hold messages (a reason, a user's comment).
            let mut lines = read_lines(block, format, seen);
            name_components(block, format, &mut lines);
            super::other_kind::settle(block, &mut lines);
            out.signals.extend(lines.signals);
            report.read.extend(lines.read);
            out.blocks.push(report);
            return;
        }
        if out.error.is_none() {
            out.error = rec.error.map(|e| ParseError {
                line: e.line.map(|l| l + offset),
                ..e
            });
        }
    }
    if let Some(f) = super::kubectl::read_kubectl(block, format, out, &mut report) {
        format = f;
        report.format = f;
    }
    let mut lines = read_lines(block, format, seen);
    name_components(block, format, &mut lines);
    super::other_kind::settle(block, &mut lines);
    super::kubectl::event_timing(block, format, &mut lines.signals);
    if format == BlockFormat::Describe {
        super::resolved::settle(block, &mut lines.signals);
    }
    report.read.extend(lines.read);
    report.ignored.extend(lines.ignored);
    out.signals.extend(lines.signals);
    out.blocks.push(report);
}

/// Moves a block's origins to the paste's lines and document numbers.
fn shift(parsed: &mut Parsed, offset: usize, document: usize) {
    let fix = |o: &mut Origin| {
        o.line = o.line.map(|l| l + offset);
        o.document += document - 1;
    };
    parsed.objects.iter_mut().for_each(|o| fix(&mut o.origin));
    parsed.notes.iter_mut().for_each(|n| fix(&mut n.origin));
}

/// A block that was meant as YAML or JSON: its first line (after comments and `...` lines
/// saying something was left out) is `key:`, `- `, `{`, or JSON cut at its start (`},`, `]`).
fn looks_like_objects(block: &Block<'_>) -> bool {
    let t = block
        .text
        .iter()
        .map(|l| l.trim_start_fast())
        .find(|t| !t.starts_with('#') && !t.starts_with("...") && !t.starts_with('…'))
        .unwrap_or("");
    t.starts_with(['{', '[', '-', '}', ']'])
        || t.split_once(':').is_some_and(|(k, v)| {
            !k.contains(' ')
                || (v.trim_fast().is_empty() && super::fragment::lead_in_field(k).is_some())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_line_with_a_kind_is_never_an_object() {
        let r = read_paste(
            r#"{"component":"virt-handler","kind":"VirtualMachineInstance","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","name":"web","reason":"unknown error encountered sending command SyncVMI: rpc error: code = DeadlineExceeded desc = x"}"#,
        );
        assert!(r.parsed.objects.is_empty(), "{:?}", r.parsed.objects);
        assert_eq!(r.blocks[0].format, BlockFormat::ComponentLog);
        assert_eq!(r.signals[0].line, 1);
        assert_eq!(r.signals[0].from, "a virt-handler log line");
    }

    #[test]
    fn a_mixed_paste_keeps_every_block_with_its_lines() {
        let paste = "```\n$ kubectl get vmi web -o yaml\nstatus:\n  phase: Running\n```\n\n\
            Error from server: admission webhook \"migration-create-validator.kubevirt.io\" \
            denied the request: in-flight migration detected.\n\nsome words\n";
        let r = read_paste(paste);
        let formats: Vec<BlockFormat> = r.blocks.iter().map(|b| b.format).collect();
        assert_eq!(
            formats,
            [
                BlockFormat::ObjectYaml,
                BlockFormat::WebhookDenial,
                BlockFormat::Unknown
            ]
        );
        assert_eq!(r.blocks[0].lines.first, 3);
        assert_eq!(r.parsed.objects[0].origin.line, Some(3));
        assert_eq!(r.signals[0].line, 7);
        assert!(r.blocks[2].read.is_empty() && !r.blocks[2].ignored.is_empty());
    }
}
