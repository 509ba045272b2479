//! Lookups over the generated tables. Every table is sorted by value (byte order), so a value's
//! rows are one binary search away; error strings are found in a line by one Aho-Corasick pass
//! over all their prefixes, built once.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, MatchKind};

use super::components::COMPONENTS;
use super::printable_status::PRINTABLE_STATUSES;
use super::vmi_phase::VMI_PHASES;
use super::{Component, Entry, Kind, SourceLayer};
use super::{cdi, conditions, events, migration};
use super::{errors_virt_api, errors_virt_controller, errors_virt_handler, errors_virt_launcher};

/// The rows of a sorted table whose value is `value` (empty when none).
fn rows(table: &'static [Entry], value: &str) -> &'static [Entry] {
    let start = table.partition_point(|e| e.value < value);
    let len = table[start..].partition_point(|e| e.value == value);
    &table[start..start + len]
}

/// Every row of an event reason (each file and type that records it).
pub fn event_reasons(reason: &str) -> &'static [Entry] {
    rows(events::EVENTS, reason)
}

/// An event reason's row, a `Warning` one when the reason is recorded with both types.
pub fn event_reason(reason: &str) -> Option<&'static Entry> {
    let all = event_reasons(reason);
    all.iter()
        .find(|e| e.kind == Kind::WarningEvent)
        .or_else(|| all.first())
}

/// The rows of a condition type (VMI, VM, VMIM) or condition reason of that name.
pub fn condition(value: &str) -> &'static [Entry] {
    rows(conditions::CONDITIONS, value)
}

/// A VM printable status.
pub fn printable_status(value: &str) -> Option<&'static Entry> {
    rows(PRINTABLE_STATUSES, value).first()
}

/// A VMI phase.
pub fn vmi_phase(value: &str) -> Option<&'static Entry> {
    rows(VMI_PHASES, value).first()
}

/// The rows of a VMIM phase, abort status, failure reason or failure message of that text.
pub fn migration_value(value: &str) -> &'static [Entry] {
    rows(migration::MIGRATION, value)
}

/// The rows of a DataVolume phase, condition type or CDI reason.
pub fn data_volume_value(value: &str) -> &'static [Entry] {
    rows(cdi::CDI, value)
}

/// The error-string tables of the four components (one file each) as one table sorted by
/// value, built once.
fn errors() -> &'static [Entry] {
    static ALL: OnceLock<Vec<Entry>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<Entry> = [
            errors_virt_api::ERRORS_VIRT_API,
            errors_virt_controller::ERRORS_VIRT_CONTROLLER,
            errors_virt_handler::ERRORS_VIRT_HANDLER,
            errors_virt_launcher::ERRORS_VIRT_LAUNCHER,
        ]
        .concat();
        all.sort_by(|a, b| (a.value, a.kind, a.file).cmp(&(b.value, b.kind, b.file)));
        all
    })
}

/// The automaton of every distinct error prefix, with the first row of each.
fn error_index() -> &'static (AhoCorasick, Vec<usize>) {
    static INDEX: OnceLock<(AhoCorasick, Vec<usize>)> = OnceLock::new();
    INDEX.get_or_init(|| {
        let table = errors();
        let firsts: Vec<usize> = (0..table.len())
            .filter(|&i| i == 0 || table[i - 1].value != table[i].value)
            .collect();
        let ac = AhoCorasick::builder()
            .match_kind(MatchKind::Standard)
            .build(firsts.iter().map(|&i| table[i].value))
            .expect("the generated prefixes build an automaton");
        (ac, firsts)
    })
}

/// The known error string in `line` (a log line, an event message, a status message): the
/// longest generated prefix that occurs in it, anywhere; among equally long ones the leftmost.
/// One pass over the line whatever the table's size.
pub fn error_string(line: &str) -> Option<&'static Entry> {
    error_strings(line).first()
}

/// Every row of the error string [`error_string`] finds (the same prefix may be written in
/// several files, of several layers); empty when none.
pub fn error_strings(line: &str) -> &'static [Entry] {
    let (ac, firsts) = error_index();
    let Some(best) = ac
        .find_overlapping_iter(line)
        .max_by_key(|m| (m.len(), std::cmp::Reverse(m.start())))
    else {
        return &[];
    };
    let first = &errors()[firsts[best.pattern().as_usize()]];
    rows(errors(), first.value)
}

/// The package entry of a source path: relative to a repository (`pkg/virt-handler/vm.go`), or
/// any path with the repository's import path in it (`/go/src/kubevirt.io/kubevirt/pkg/…`,
/// `kubevirt.io/containerized-data-importer/pkg/importer/…`). The longest known prefix wins.
fn package_of(path: &str) -> Option<(Component, SourceLayer)> {
    const CDI: &str = "containerized-data-importer/";
    let rel = if let Some(at) = path.find(CDI) {
        &path[at..]
    } else if let Some(at) = path.find("kubevirt.io/api/") {
        return lookup_prefix(&format!("staging/src/{}", &path[at..]));
    } else if let Some(at) = path.find("staging/src/") {
        &path[at..]
    } else if path.starts_with("pkg/") {
        path
    } else {
        &path[path.find("/pkg/")? + 1..]
    };
    lookup_prefix(rel)
}

fn lookup_prefix(rel: &str) -> Option<(Component, SourceLayer)> {
    COMPONENTS
        .iter()
        .filter(|(prefix, _, _)| rel.starts_with(prefix))
        .max_by_key(|(prefix, _, _)| prefix.len())
        .map(|&(_, c, l)| (c, l))
}

/// The component a source file is built into, from its package path.
pub fn component_of_file(path: &str) -> Option<Component> {
    package_of(path).map(|(c, _)| c)
}

/// The layer a source file's package belongs to.
pub fn layer_of_file(path: &str) -> Option<SourceLayer> {
    package_of(path).map(|(_, l)| l)
}

/// Every generated table by its file name, for tests and listings.
pub fn tables() -> [(&'static str, &'static [Entry]); 7] {
    [
        ("events", events::EVENTS),
        ("conditions", conditions::CONDITIONS),
        ("printable_status", PRINTABLE_STATUSES),
        ("vmi_phase", VMI_PHASES),
        ("migration", migration::MIGRATION),
        ("errors", errors()),
        ("cdi", cdi::CDI),
    ]
}
