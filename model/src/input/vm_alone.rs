//! A VirtualMachine pasted without its VMI (its YAML or JSON, or only its `status:`): its
//! `printableStatus` is read like a `kubectl get vm` STATUS cell, with the meaning and layer
//! [`super::vocab`] gives each value of KubeVirt's `VirtualMachinePrintableStatus`
//! (`staging/src/kubevirt.io/api/core/v1/types.go`), so a VM in `ErrorUnschedulable`,
//! `CrashLoopBackOff` or `DataVolumeError` is a fault even when the paste holds no VMI. A VM
//! whose VMI is in the paste is diagnosed through that VMI (its status is one more finding).

use super::object::Object;
use super::paste::ReadPaste;
use super::sightings::Sighting;
use super::vocab::Kind;
use rustc_hash::FxHashSet;

/// Sights every VM whose VMI the paste does not hold, adding the signal its status implies and
/// naming its status in its block's read items.
pub fn see(read: &mut ReadPaste) {
    let vmis: FxHashSet<(&str, &str)> = read
        .parsed
        .objects
        .iter()
        .filter_map(|o| match &o.object {
            Object::Vmi(v) => Some((v.metadata.namespace(), v.metadata.name())),
            _ => None,
        })
        .collect();
    let mut seen = Vec::new();
    for o in &read.parsed.objects {
        let Object::Vm(vm) = &o.object else { continue };
        let (ns, name) = (vm.metadata.namespace(), vm.metadata.name());
        let Some(status) = vm.status.printable_status.as_deref() else {
            continue;
        };
        if vmis.contains(&(ns, name)) {
            continue;
        }
        let line = o.origin.line.unwrap_or(0);
        seen.push(Sighting {
            kind: Kind::Vm,
            namespace: ns.to_string(),
            name: name.to_string(),
            status: status.to_string(),
            node: String::new(),
            vmi: String::new(),
            restarts: 0,
            ready: None,
            age: None,
            line,
            block: block_of(read, line),
            from: "a VirtualMachine's status".into(),
            excerpt: format!("printableStatus: {status}"),
        });
    }
    for s in seen {
        // A table or describe of the same VM already sighted it: that reading stands.
        if read
            .sightings
            .all()
            .any(|x| x.kind == Kind::Vm && x.name == s.name)
        {
            continue;
        }
        let block = s.block;
        let (signal, item) = read.sightings.see(s);
        read.signals.extend(signal);
        if let Some(b) = read.blocks.iter_mut().find(|b| b.lines.first == block) {
            match b.read.iter_mut().find(|r| r.line == item.line) {
                Some(r) => *r = item,
                None => b.read.push(item),
            }
        }
    }
}

/// The first line of the block holding `line`.
fn block_of(read: &ReadPaste, line: usize) -> usize {
    read.blocks
        .iter()
        .find(|b| b.lines.first <= line && line <= b.lines.last)
        .map_or(line, |b| b.lines.first)
}

/// Gives every bundle without a VMI the VM of its name, so its diagnosis says what the VM's
/// status is (a bundle exists for each VM sighted by [`see`]).
pub fn attach(dump: &mut super::group::Dump) {
    for b in dump
        .bundles
        .iter_mut()
        .filter(|b| b.vmi.is_none() && b.vm.is_none())
    {
        let vm = dump.vms.iter().find(|v| {
            v.metadata.name() == b.key.name
                && (v.metadata.namespace() == b.key.namespace
                    || v.metadata.namespace().is_empty()
                    || b.key.namespace.is_empty())
        });
        if let Some(vm) = vm {
            b.vm = Some(crate::evidence::Observed::new(vm.clone(), None));
        }
    }
}
