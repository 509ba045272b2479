//! The paste pipeline on two 10 MB pastes, natively: every real corpus item
//! (`model/tests/fixtures/real`) repeated to 10 MB (logs, tables, describe output, YAML, panics,
//! in one paste), and a generated `kubectl get vmi,pod,events -o yaml` dump of thousands of VMIs
//! with their launcher pods, events and virt-handler log lines (what made grouping quadratic),
//! each read, split, matched against the signature catalogue and diagnosed by
//! `model::input::analyse`.

use super::{Budget, Figure};
use anyhow::{Context, Result};
use std::path::Path;
use std::time::Instant;

/// Size of the measured paste.
pub const BYTES: usize = 10 * 1024 * 1024;

/// The corpus items (without their `# source/expect/note` header) repeated to `bytes`.
pub fn corpus_paste(bytes: usize) -> Result<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../model/tests/fixtures/real");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .with_context(|| format!("read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    let mut items = Vec::new();
    for p in &paths {
        let text = std::fs::read_to_string(p)?;
        let body: Vec<&str> = text.lines().filter(|l| !l.starts_with("# ")).collect();
        items.push(body.join("\n"));
    }
    anyhow::ensure!(!items.is_empty(), "no corpus items in {}", dir.display());
    let mut paste = String::with_capacity(bytes + 4096);
    while paste.len() < bytes {
        for item in &items {
            paste.push_str(item);
            paste.push_str("\n\n");
        }
    }
    Ok(paste)
}

/// A dump of `kubectl get vmi,pod,events -o yaml` for thousands of VMIs (each with its launcher
/// pod and three events, in seven namespaces on twenty nodes), then virt-handler log lines naming
/// them, to `bytes`.
pub fn object_dump(bytes: usize) -> String {
    let mut yaml = String::with_capacity(bytes + 4096);
    let mut logs = String::new();
    let mut i = 0;
    while yaml.len() + logs.len() < bytes {
        let (ns, node) = (format!("ns{}", i % 7), format!("node-{}", i % 20));
        yaml.push_str(&format!(
            "---\napiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata:\n  \
             name: vm-{i}\n  namespace: {ns}\n  uid: vmi-{i}\n  \
             creationTimestamp: \"2024-05-01T10:00:00Z\"\nstatus:\n  phase: Running\n  \
             nodeName: {node}\n  activePods:\n    pod-{i}: {node}\n  conditions:\n  \
             - type: Ready\n    status: \"True\"\n  - type: LiveMigratable\n    \
             status: \"False\"\n    reason: DisksNotLiveMigratable\n    \
             message: cannot migrate VMI with non-shared PVCs\n---\napiVersion: v1\nkind: Pod\n\
             metadata:\n  name: virt-launcher-vm-{i}-abcde\n  namespace: {ns}\n  uid: pod-{i}\n  \
             labels:\n    kubevirt.io/created-by: vmi-{i}\nspec:\n  nodeName: {node}\n\
             status:\n  phase: Running\n"
        ));
        for k in 0..3 {
            yaml.push_str(&format!(
                "---\napiVersion: v1\nkind: Event\nmetadata:\n  name: vm-{i}.{k}\n  \
                 namespace: {ns}\ninvolvedObject:\n  kind: VirtualMachineInstance\n  \
                 name: vm-{i}\n  namespace: {ns}\n  uid: vmi-{i}\nreason: Created\n\
                 type: Normal\nmessage: VirtualMachineInstance defined.\n\
                 lastTimestamp: \"2024-05-01T10:0{k}:00Z\"\n"
            ));
        }
        if i % 4 == 0 {
            logs.push_str(&format!(
                "{{\"component\":\"virt-handler\",\"kind\":\"VirtualMachineInstance\",\
                 \"level\":\"error\",\"msg\":\"Synchronizing the VirtualMachineInstance \
                 failed.\",\"name\":\"vm-{i}\",\"namespace\":\"{ns}\",\"reason\":\"unknown \
                 error encountered sending command SyncVMI: rpc error: code = DeadlineExceeded \
                 desc = context deadline exceeded\",\"timestamp\":\"2024-05-01T10:05:00.000000Z\"}}\n"
            ));
        }
        i += 1;
    }
    yaml.push_str("---\n\n");
    yaml.push_str(&logs);
    yaml
}

/// The best of three runs of `analyse` on `paste`, in milliseconds, and its blocks and VMIs.
fn best_of_three(paste: &str) -> Result<(f64, usize, usize)> {
    let mut best = f64::INFINITY;
    let (mut blocks, mut vmis) = (0, 0);
    for _ in 0..3 {
        let t = Instant::now();
        let a = model::input::analyse(paste, None).map_err(|e| anyhow::anyhow!("{e}"))?;
        best = best.min(t.elapsed().as_secs_f64() * 1000.0);
        blocks = a.blocks.len();
        vmis = a.dump.bundles.len();
    }
    Ok((best, blocks, vmis))
}

/// Milliseconds to diagnose each 10 MB paste (best of three), against a one-second budget.
pub fn ten_mb() -> Result<Vec<Figure>> {
    let paste = corpus_paste(BYTES)?;
    let (corpus_ms, blocks, _) = best_of_three(&paste)?;
    let dump = object_dump(BYTES);
    let (dump_ms, dump_blocks, vmis) = best_of_three(&dump)?;
    Ok(vec![
        Figure::new(
            "paste_10mb_ms",
            "a 10 MB mixed paste diagnosed (native)",
            corpus_ms,
            "ms",
        )
        .budget(Budget::AtMost(1000.0))
        .note(format!(
            "{} bytes of the real corpus repeated, {blocks} blocks; best of 3, one thread",
            paste.len()
        )),
        Figure::new(
            "paste_10mb_objects_ms",
            "a 10 MB dump of VMIs, pods, events and log lines diagnosed (native)",
            dump_ms,
            "ms",
        )
        .budget(Budget::AtMost(1000.0))
        .note(format!(
            "{} bytes, {vmis} VMIs, {dump_blocks} blocks; best of 3, one thread",
            dump.len()
        )),
    ])
}
