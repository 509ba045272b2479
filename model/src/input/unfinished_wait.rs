//! A paste that ends inside one of virtctl's waits. virtctl prints a progress line while it
//! waits for what KubeVirt's or CDI's controllers must make, and a line of its own once that
//! is done (KubeVirt `pkg/virtctl`):
//!
//! - `imageupload/imageupload.go`: "Waiting for PVC %s upload pod to be ready..." (then "Pod
//!   now ready"), "Uploading data completed successfully, waiting for processing to complete,
//!   you can hit ctrl-c without interrupting the progress" (then "Processing completed
//!   successfully"): CDI's upload server and its processing;
//! - `memorydump/memorydump.go`: "Waiting for memorydump %s to complete, current phase:
//!   %s..." (then "Memory dump completed successfully"): virt-controller's memory dump;
//! - `vmexport/vmexport.go`: "couldn't get VM Export %s, waiting for it to be created...",
//!   "waiting for VM Export %s status to be ready...", "… external links to be available...",
//!   "… internal links to be available...", "… service name to be set...", "waiting for
//!   service %s to be ready before port-forwarding...": the export controller's.
//!
//! A paste whose last line is still one of them shows the wait that did not end (a timeout,
//! when virtctl reached it, is read with its wait by `waited`): what the controllers should
//! have made did not come, the control plane's by the README's conventions (a disk's upload or
//! import not provisioned). It weighs least: read only when nothing else in the paste blames a
//! layer (`pipeline`), and degraded. guestfs' "Waiting for container %s still in pending,
//! reason: …" is left out: its reason is a pod's waiting state, read by the pod's own readers.

use crate::evidence::Signal;
use crate::verdict::{Health, Layer};

/// The starts of virtctl's progress lines for a wait (compared case-insensitively).
const WAITS: &[&str] = &[
    "waiting for pvc ",
    "uploading data completed successfully, waiting for processing",
    "waiting for memorydump ",
    "waiting for vm export ",
    "waiting for service ",
];
/// A wait for an export that does not exist yet ("couldn't get VM Export %s, waiting for it to
/// be created...").
const EXPORT_NOT_CREATED: (&str, &str) =
    ("couldn't get vm export ", "waiting for it to be created");

/// The paste's last line that says anything: not blank, not a code fence, not a bare prompt.
fn last_line(input: &str) -> Option<(usize, &str)> {
    input
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with("```") && !matches!(*l, "$" | "#" | ">"))
        .last()
}

/// Whether the line is one of virtctl's waits still under way.
fn waiting(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    WAITS.iter().any(|w| l.starts_with(w))
        || (l.starts_with(EXPORT_NOT_CREATED.0) && l.contains(EXPORT_NOT_CREATED.1))
}

/// A signal for the wait the paste ends in, when it ends in one.
pub fn read(input: &str) -> Option<Signal> {
    let (n, line) = last_line(input)?;
    if !waiting(line) {
        return None;
    }
    Some(Signal {
        signature: None,
        layer: Some(Layer::ControlPlane),
        plane: None,
        health: Health::Degraded,
        title: "the paste ends while virtctl still waits for what the controllers must make"
            .into(),
        cause: "virtctl prints this line while it waits for an upload server, a processed \
            upload, a memory dump or an export that KubeVirt's or CDI's controllers make, and a \
            line of its own once it is there; the paste stops at the wait, so what was awaited \
            did not come (the upload pod never created or never ready, the processing or export \
            never done)"
            .into(),
        next_steps: vec![
            "kubectl get dv,pvc,pod -n <ns> (the DataVolume's phase, the claim's binding, the upload or importer pod)".into(),
            "kubectl logs -n <cdi namespace> deploy/cdi-deployment (CDI's controller: why the pod or processing does not come)".into(),
            "kubectl get vmexport,vm -n <ns> -o yaml (an export's or memory dump's phase and conditions)".into(),
        ],
        source: "KubeVirt pkg/virtctl/imageupload/imageupload.go, memorydump/memorydump.go, \
            vmexport/vmexport.go (their progress lines)"
            .into(),
        line: n,
        from: "virtctl output".into(),
        excerpt: line.chars().take(160).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_wait_the_paste_ends_in_is_read() {
        let open = "$ virtctl memory-dump get vm1 --claim-name=d\nWaiting for memorydump d to complete, current phase: InProgress...\n```\n";
        assert_eq!(read(open).unwrap().line, 2);
        let done = "Waiting for PVC d upload pod to be ready...\nPod now ready\n";
        assert!(read(done).is_none());
        assert!(read("Waiting for the kettle to boil...\n").is_none());
    }
}
