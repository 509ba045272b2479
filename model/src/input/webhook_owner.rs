//! Whose webhook the API server failed to call. The API server's admission dispatchers
//! (k8s.io/apiserver `pkg/admission/plugin/webhook/errors/errors.go`, `ErrCallingWebhook`:
//! `failed calling webhook %q: %v`, its reason carrying the client's `Post "https://<service>.
//! <namespace>.svc:<port>/<path>?timeout=…"` from `pkg/util/webhook/client.go`) name the
//! webhook and the service that serves it. The call signatures (`signatures/denial.rs`,
//! `control_plane.rs`) assume KubeVirt's own (virt-api, cdi-apiserver): the control plane. A
//! webhook served by a network add-on (KubeMacPool, kubernetes-nmstate, Multus' admission
//! controller, whereabouts, …, by the names of their own manifests in
//! `signatures::components::pod_owner`) is that add-on's layer: its pods, its service and the
//! path to them are the network's, whichever object the refused request was for.

use crate::evidence::Signal;
use crate::signatures::components::pod_owner;

/// The service a webhook call went to (`https://<service>.<namespace>.svc…`), and the
/// webhook's name (`failed calling webhook "<name>"`).
fn called(line: &str) -> (Option<&str>, Option<&str>) {
    let Some(at) = line.find("failed calling webhook") else {
        return (None, None);
    };
    let rest = &line[at..];
    let name = rest
        .split_once(['"', '\\'])
        .map(|(_, r)| r.trim_start_matches(['"', '\\']))
        .and_then(|r| r.split(['"', '\\']).next())
        .filter(|n| !n.is_empty() && !n.contains(' '));
    let service = rest.find("://").and_then(|i| {
        let host = rest[i + 3..].split([':', '/', '"', '\\', '?']).next()?;
        let (svc, tail) = host.split_once('.')?;
        (tail.ends_with(".svc") || tail.contains(".svc.")).then_some(svc)
    });
    (service, name)
}

/// Re-reads a webhook call failure by the owner of the webhook's service (else of a label of
/// the webhook's name), when that owner is not the control plane.
pub fn reread(line: &str, mut signal: Signal) -> Signal {
    let (service, name) = called(line);
    let by_service = service.and_then(pod_owner);
    let by_name = || name.and_then(|n| n.split(['.', '-']).find_map(pod_owner));
    let Some((owner, layer)) = by_service.or_else(by_name) else {
        return signal;
    };
    if signal.layer == Some(layer) {
        return signal;
    }
    let webhook = name.unwrap_or("an admission webhook");
    signal.layer = Some(layer);
    signal.plane = None;
    signal.signature = signal.signature.map(|id| format!("{id}:{owner}"));
    signal.title = format!("the API server cannot call {webhook}, served by {owner}");
    signal.cause = format!(
        "the API server's call to the admission webhook {webhook} failed: {owner} serves it \
         (its service {}), so every create or update it intercepts fails until its pods \
         answer; the fault is {owner}'s, not KubeVirt's API",
        service.unwrap_or("named in the URL")
    );
    signal.next_steps = vec![
        format!(
            "kubectl get pods,endpoints -A | grep {} (Ready, endpoints)",
            service.unwrap_or(owner)
        ),
        "kubectl get mutatingwebhookconfigurations,validatingwebhookconfigurations".into(),
    ];
    signal.source = "k8s.io/apiserver pkg/admission/plugin/webhook/errors/errors.go \
        (\"failed calling webhook %q\"); the service's owner by its manifests' names"
        .into();
    signal
}

#[cfg(test)]
mod tests {
    use super::called;

    #[test]
    fn the_service_and_name_are_read_from_the_call() {
        let l = r#"Internal error occurred: failed calling webhook "mutatepods.kubemacpool.io": Post "https://kubemacpool-service.kubemacpool-system.svc:443/mutate-pods?timeout=10s": EOF"#;
        assert_eq!(
            called(l),
            (
                Some("kubemacpool-service"),
                Some("mutatepods.kubemacpool.io")
            )
        );
        let escaped = r#"Message: "failed calling webhook \"x.example.io\": Post \"https://svc.ns.svc:443/p\": EOF""#;
        assert_eq!(called(escaped), (Some("svc"), Some("x.example.io")));
        assert_eq!(called("no call here"), (None, None));
    }
}
