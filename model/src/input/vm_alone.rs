//! A VirtualMachine pasted without its VMI (its YAML or JSON, or only its `status:`): its
//! `printableStatus` is read like a `kubectl get vm` STATUS cell, with the meaning and layer
//! [`super::vocab`] gives each value of KubeVirt's `VirtualMachinePrintableStatus`
//! (`staging/src/kubevirt.io/api/core/v1/types.go`), so a VM in `ErrorUnschedulable`,
//! `CrashLoopBackOff` or `DataVolumeError` is a fault even when the paste holds no VMI. A VM
//! whose VMI is in the paste is diagnosed through that VMI (its status is one more finding).
//! Its conditions are read too ([`super::vm_conditions`]).

use super::object::Object;
use super::paste::ReadPaste;
use super::sightings::Sighting;
use super::vocab::Kind;
use rustc_hash::{FxHashMap, FxHashSet};

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
    let mut conditions = Vec::new();
    for o in &read.parsed.objects {
        let Object::Vm(vm) = &o.object else { continue };
        let (ns, name) = (vm.metadata.namespace(), vm.metadata.name());
        if vmis.contains(&(ns, name)) {
            continue;
        }
        let line = o.origin.line.unwrap_or(0);
        conditions.extend(super::vm_conditions::signals(vm, line));
        let Some(status) = vm.status.printable_status.as_deref() else {
            continue;
        };
        seen.push(Sighting {
            kind: Kind::Vm,
            namespace: ns.to_string(),
            name: name.to_string(),
            status: status.to_string(),
            node: String::new(),
            vmi: String::new(),
            restarts: 0,
            ready: None,
            ip: None,
            age: None,
            line,
            block: block_index(read, line).map_or(line, |i| read.blocks[i].lines.first),
            from: "a VirtualMachine's status".into(),
            excerpt: format!("printableStatus: {status}"),
        });
    }
    read.signals.extend(conditions);
    // A table or describe of the same VM already sighted it: that reading stands.
    let sighted: FxHashSet<String> = read
        .sightings
        .all()
        .filter(|x| x.kind == Kind::Vm)
        .map(|x| x.name.clone())
        .collect();
    // Each block's read items by line, once: a dump of thousands of VMs is one block.
    let mut items: Vec<FxHashMap<usize, usize>> = read
        .blocks
        .iter()
        .map(|b| {
            b.read
                .iter()
                .enumerate()
                .map(|(i, r)| (r.line, i))
                .collect()
        })
        .collect();
    for s in seen {
        if sighted.contains(&s.name) {
            continue;
        }
        let at = block_index(read, s.line);
        let (signal, item) = read.sightings.see(s);
        read.signals.extend(signal);
        if let Some(bi) = at {
            let b = &mut read.blocks[bi];
            match items[bi].get(&item.line) {
                Some(&i) => b.read[i] = item,
                None => {
                    items[bi].insert(item.line, b.read.len());
                    b.read.push(item);
                }
            }
        }
    }
}

/// The index of the block holding `line` (blocks are in paste order).
fn block_index(read: &ReadPaste, line: usize) -> Option<usize> {
    let i = read.blocks.partition_point(|b| b.lines.first <= line);
    let i = i.checked_sub(1)?;
    (read.blocks[i].lines.last >= line).then_some(i)
}

/// Gives every bundle without a VMI the VM of its name, so its diagnosis says what the VM's
/// status is (a bundle exists for each VM sighted by [`see`]).
pub fn attach(dump: &mut super::group::Dump) {
    // By name, once: a dump of many stopped VMs has as many bundles as VMs.
    let mut by_name: FxHashMap<&str, Vec<usize>> = FxHashMap::default();
    for (i, v) in dump.vms.iter().enumerate() {
        by_name.entry(v.metadata.name()).or_default().push(i);
    }
    for b in dump
        .bundles
        .iter_mut()
        .filter(|b| b.vmi.is_none() && b.vm.is_none())
    {
        let vm = by_name
            .get(b.key.name.as_str())
            .into_iter()
            .flatten()
            .map(|&i| &dump.vms[i])
            .find(|v| {
                v.metadata.namespace() == b.key.namespace
                    || v.metadata.namespace().is_empty()
                    || b.key.namespace.is_empty()
            });
        if let Some(vm) = vm {
            b.vm = Some(crate::evidence::Observed::new(vm.clone(), None));
        }
    }
}
