//! kubectl's human output in a paste, as evidence: a `get` table ([`super::table`]) or a
//! `describe` ([`super::describe`]) block gives one sighting per object (with the signal its
//! status implies, [`super::sightings`]) and the timestamps it holds; once the whole paste is
//! read, [`settle`] says where later blocks contradict earlier ones (and withdraws the earlier
//! signals: the later block is newer), and a NotReady node that hosts none of the paste's VMIs
//! is only degraded.

use super::blocks::Block;
use super::describe::read_describe;
use super::object::{Note, Origin};
use super::read::ReadPaste;
use super::table::{command_kind, read_table, sightings};
use super::vocab::Kind;
use crate::verdict::Health;
use crate::view::{BlockFormat, BlockReport};

/// Reads a table or describe block (or a block after a `kubectl get <kind>` prompt whose header
/// was cut away) into `out`; the block's format when it was recognised only here.
pub fn read_kubectl(
    block: &Block<'_>,
    format: BlockFormat,
    out: &mut ReadPaste,
    report: &mut BlockReport,
) -> Option<BlockFormat> {
    match format {
        BlockFormat::Table | BlockFormat::Events => {
            read_get(block, out, report);
            super::workloads::read_block(block, out);
            None
        }
        BlockFormat::Describe => {
            read_desc(block, out, report);
            super::workloads::read_describe(block, out);
            None
        }
        BlockFormat::Unknown if headerless_table(block) => {
            read_get(block, out, report);
            Some(BlockFormat::Table)
        }
        _ => None,
    }
}

/// A block right after `kubectl get <kind>` whose every line has at least three cells (as many
/// as the kind prints, for a kind printing two: NAME and AGE).
fn headerless_table(block: &Block<'_>) -> bool {
    let from_cmd = block.command.and_then(command_kind);
    let cells = from_cmd.map_or(3, |(k, all, wide)| {
        super::columns::default_columns(k, all, wide).len().min(3)
    });
    // Every row of a kind that prints an AGE has one: a line of prose after the command (a
    // wrapper's `selecting docker as container runtime`) is no row.
    let aged = from_cmd.is_some_and(|(k, all, wide)| {
        super::columns::default_columns(k, all, wide).contains(&"AGE")
    });
    !block.text.is_empty()
        && (from_cmd.is_some() || read_table(&block.text, block.lines.first, None).is_some())
        && block
            .text
            .iter()
            // the author's `...` between rows cuts rows away, it is no row
            .filter(|l| !super::cells::is_elision(l))
            .all(|l| {
                l.split_whitespace().count() >= cells
                    && !l.trim_end().ends_with(':')
                    && (!aged || l.split_whitespace().any(super::age::is_age_cell))
            })
}

fn read_get(block: &Block<'_>, out: &mut ReadPaste, report: &mut BlockReport) {
    let Some(t) = read_table(&block.text, block.lines.first, block.command) else {
        return;
    };
    // A table of a kind not read here (a PipelineRun's `SUCCEEDED REASON`): its rows are no
    // VMI's. One with a PHASE column may be a VMI's own custom columns pasted without their
    // command, and keeps being read by its cells.
    if t.kind.is_none() && t.header && t.col(&["PHASE"]).is_none() {
        out.sightings
            .foreign_rows
            .extend(t.rows.iter().map(|r| r.line));
    }
    for mut s in sightings(&t, block.command) {
        s.block = block.lines.first;
        if let Some(age) = s.age {
            let key = (s.kind, s.namespace.clone(), s.name.clone());
            out.sightings.clocks.block(s.block).ages.push((key, age));
        }
        let (signal, item) = out.sightings.see(s);
        report.read.push(item);
        out.signals.extend(signal);
    }
    // An events table's rows concern the VMI their OBJECT names: a signal read from the row
    // (by its reason or message) goes to that VMI.
    if t.kind == Some(Kind::Event) {
        let (obj, ns) = (t.col(&["OBJECT"]), t.col(&["NAMESPACE"]));
        let ns_arg = block
            .command
            .and_then(super::table::namespace_arg)
            .unwrap_or("");
        for r in &t.rows {
            if let Some(name) = event_vmi(r.cell(obj)) {
                let ns = Some(r.cell(ns)).filter(|n| !n.is_empty()).unwrap_or(ns_arg);
                out.sightings.subjects.push((r.line, key(ns, name)));
            }
        }
    }
}

/// The VMI an event's object is or serves: `virtualmachineinstance/web`, `vmi/web`,
/// `virtualmachine/web`, `pod/virt-launcher-web-abcde`.
fn event_vmi(object: &str) -> Option<&str> {
    let (kind, name) = object.split_once('/')?;
    match kind
        .split('.')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
        .as_str()
    {
        "virtualmachineinstance" | "vmi" | "virtualmachine" | "vm" => Some(name),
        "pod" => super::sightings::launcher_vmi(name),
        _ => None,
    }
}

fn key(ns: &str, name: &str) -> crate::kube::VmiKey {
    crate::kube::VmiKey {
        cluster: String::new(),
        namespace: ns.to_string(),
        name: name.to_string(),
    }
}

fn read_desc(block: &Block<'_>, out: &mut ReadPaste, report: &mut BlockReport) {
    let d = read_describe(&block.text, block.lines.first, block.command);
    out.times.extend(d.times.iter().copied());
    out.sightings.clocks.block(block.lines.first).newest = d.times.iter().copied().max();
    if let (Some(kind), Some(at)) = (d.kind, d.created) {
        out.sightings
            .clocks
            .created((kind, d.namespace.clone(), d.name.clone()), at);
    }
    // Every line of a describe (its events, its conditions' messages) concerns the VMI it
    // describes, or serves.
    let vmi = match d.kind {
        Some(Kind::Vmi | Kind::Vm) => Some(d.name.as_str()),
        Some(Kind::Vmim) => Some(d.vmi.as_str()),
        Some(Kind::Pod) => super::sightings::launcher_vmi(&d.name),
        _ => None,
    };
    if let Some(v) = vmi.filter(|v| !v.is_empty()) {
        for n in block.lines.first..=block.lines.last {
            out.sightings.subjects.push((n, key(&d.namespace, v)));
        }
    }
    let line_text = |n: usize| {
        block
            .text
            .get(n.saturating_sub(block.lines.first))
            .copied()
            .unwrap_or("")
    };
    if let Some(mut s) = d.sighting(line_text(d.status.as_ref().map_or(d.line, |s| s.1))) {
        s.block = block.lines.first;
        let (signal, item) = out.sightings.see(s);
        report.read.push(item);
        out.signals.extend(signal);
    }
    // The `Migration State:` lines tell of a migration, whatever words they hold.
    for n in &d.migration_lines {
        out.sightings.rows.insert(*n, Kind::Vmim);
    }
    // A phase the VMI went through is superseded by its phase now: its line signals nothing.
    out.sightings.withdrawn.extend(&d.phase_history_lines);
    // Nor does a foreign kind's phase; a capability condition speaks of migration only.
    out.sightings.withdrawn.extend(&d.statement_lines);
    // Labels, annotations, selectors and tolerations are settings: no signal stands on them.
    out.sightings.withdrawn.extend(&d.setting_lines);
    if let Some(u) = super::unscheduled::signal(&d, line_text(d.unbound.unwrap_or(0))) {
        report.read.push(crate::view::ReadItem {
            line: u.line,
            what: u.title.clone(),
        });
        out.signals.push(u);
    }
    out.sightings.capability_lines.extend(&d.capability_lines);
    if let Some(a) = d.abort_signal(line_text(d.abort_requested.unwrap_or(0))) {
        report.read.push(crate::view::ReadItem {
            line: a.line,
            what: a.title.clone(),
        });
        out.signals.push(a);
    }
    if let Some(m) = d.migration_signal(line_text(d.migration_failed.as_ref().map_or(0, |m| m.0))) {
        report.read.push(crate::view::ReadItem {
            line: m.line,
            what: m.title.clone(),
        });
        if !d.name.is_empty() {
            out.sightings
                .subjects
                .push((m.line, key(&d.namespace, &d.name)));
        }
        out.signals.push(m);
    }
}

/// Once every block is read: of blocks that contradict each other the newer is read (the
/// contradiction becomes a note, the other sighting's signals are withdrawn, the one read says
/// it is newer); a down node that hosts none of the paste's VMIs (when the paste places VMIs)
/// is degraded, not broken.
pub fn settle(out: &mut ReadPaste) {
    creation_times(out);
    for (line, said) in super::supersede::resolve(&mut out.sightings) {
        for x in out.signals.iter_mut().filter(|x| x.line == line) {
            x.from = format!("{}, {said}", x.from);
        }
    }
    super::second_launcher::retarget(out);
    super::owned_pods::settle(out);
    // A capability condition's lines (`LiveMigratable` False and its message) say what cannot
    // migrate: not a fault of the network or the disk their message names.
    let capability = std::mem::take(&mut out.sightings.capability_lines);
    out.signals.retain(|x| {
        !capability.contains(&x.line)
            || x.layer
                .is_none_or(|l| l == crate::verdict::Layer::Migration)
    });
    for (signal, vmi) in super::volume_wait::waits_on_volumes(&out.sightings) {
        out.sightings.subjects.push((signal.line, vmi));
        out.signals.push(signal);
    }
    let s = &mut out.sightings;
    if !s.withdrawn.is_empty() {
        let gone: rustc_hash::FxHashSet<usize> =
            std::mem::take(&mut s.withdrawn).into_iter().collect();
        // Every signal of a superseded row or status line goes: the line said only that.
        out.signals.retain(|x| !gone.contains(&x.line));
        s.subjects.retain(|(l, _)| !gone.contains(l));
    }
    // A line catalogued as a VMI table row (`… Succeeded …`) means nothing of the kind when
    // the row is another kind's (a DataVolume Succeeded), or a row of a kind not read here (a
    // PipelineRun's `Succeeded` reason).
    out.signals.retain(|x| {
        !x.source.starts_with("VMI phase")
            || (s.rows.get(&x.line).is_none_or(|k| *k == Kind::Vmi)
                && !s.foreign_rows.contains(&x.line))
    });
    for (line, message) in std::mem::take(&mut s.contradictions) {
        out.parsed.notes.push(Note {
            origin: Origin {
                document: 0,
                line: Some(line),
                path: String::new(),
            },
            message,
        });
    }
    if !s.vmi_nodes.is_empty() {
        for (node, line) in &s.down_nodes {
            if s.vmi_nodes.iter().any(|n| n == node) {
                continue;
            }
            for x in out.signals.iter_mut().filter(|x| x.line == *line) {
                if x.health == Health::Broken
                    && x.signature.as_deref().is_some_and(is_sighting_signature)
                {
                    x.health = Health::Degraded;
                    x.cause = format!("{} No VMI in this paste runs there.", x.cause);
                }
            }
        }
    }
}

/// A signal read from an events row (a describe's `Events:`, `kubectl get events`, `kubectl
/// events`) says when the event was last seen and how often (its Age / LAST SEEN cell).
pub fn event_timing(
    block: &Block<'_>,
    format: BlockFormat,
    signals: &mut [crate::evidence::Signal],
) {
    if !matches!(
        format,
        BlockFormat::Describe | BlockFormat::Events | BlockFormat::Table
    ) {
        return;
    }
    for x in signals.iter_mut() {
        let Some(line) = x
            .line
            .checked_sub(block.lines.first)
            .and_then(|i| block.text.get(i))
        else {
            continue;
        };
        if let Some(i) = super::age::event_row_interval(line) {
            x.from = format!("{} ({})", x.from, super::age::interval_words(&i));
        }
    }
}

/// The creation times of the objects the paste holds as YAML or JSON: clocks for the tables that
/// list them with their AGE.
fn creation_times(out: &mut ReadPaste) {
    use super::object::Object;
    for o in &out.parsed.objects {
        let (kind, meta) = match &o.object {
            Object::Vmi(x) => (Kind::Vmi, &x.metadata),
            Object::Vm(x) => (Kind::Vm, &x.metadata),
            Object::Vmim(x) => (Kind::Vmim, &x.metadata),
            Object::Pod(x) => (Kind::Pod, &x.metadata),
            Object::Node(x) => (Kind::Node, &x.metadata),
            _ => continue,
        };
        if let Some(at) = meta.created() {
            let key = (kind, meta.namespace().to_string(), meta.name().to_string());
            out.sightings.clocks.created(key, at);
        }
    }
}

/// The signatures [`super::sightings`] and [`super::describe`] give their signals.
fn is_sighting_signature(sig: &str) -> bool {
    sig.contains("-status:") || sig.starts_with("describe:")
}
