//! A drain's eviction of a VMI's launcher that the drain retries, with nothing failing after it:
//! the designed evacuation in progress, not a fault. kubectl's drain (k8s.io/kubectl
//! `pkg/drain/drain.go`, evictPods) retries an eviction only when the API answers 429 Too Many
//! Requests (`apierrors.IsTooManyRequests`), printing `error when evicting pods/%q -n %q (will
//! retry after 5s): %v` (older kubectl: `error when evicting pod %q (will retry after 5s): %v`);
//! every other refusal ends the pod's eviction (`error when evicting pod %q: %v`), and the drain
//! gives up with `global timeout reached` or `error when waiting for pod %q terminating`. A
//! launcher's eviction is answered 429 by design while KubeVirt moves the VMI away: by the
//! eviction interceptor that triggered the evacuation (KubeVirt
//! `pkg/virt-api/webhooks/validating-webhook/admitters/pod-eviction-admitter.go`, a
//! `TooManyRequests` status "Eviction triggered evacuation of VMI") and, up to v1.5, by the
//! VMI's own PodDisruptionBudget (`pkg/virt-controller/watch/drain/disruptionbudget/`). So the
//! retried refusal of a launcher alone says the drain is waiting for the migration it started
//! (KubeVirt's design document `docs/handling-eviction-requests.md` shows exactly those lines in
//! a drain that then completes). It keeps its weight when the paste shows the drain or the
//! migration failing: a terminal refusal or timeout of the drain, another program's drain giving
//! up (`Draining is not possible`), or any other signal about the migration.

use super::read::ReadPaste;
use crate::evidence::Signal;
use crate::verdict::Health;

/// drain.go's and its copies' words for a drain that gave up.
const GAVE_UP: &[&str] = &[
    "global timeout reached",
    "error when waiting for pod",
    "unable to drain node",
    "There are pending pods",
    "Draining is not possible",
    "drain did not complete",
];

/// The signatures a launcher's retried eviction, or the drain's `evicting pod` line, match.
const DRAIN_WORDS: &[&str] = &["pdb-eviction-refused", "drain-evicting"];

/// A retried eviction of a launcher pod (drain.go's 429 branch).
fn retried_launcher(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    l.contains("error when evicting pod")
        && l.contains("will retry after")
        && l.contains("virt-launcher-")
}

/// A drain's line about a launcher: `evicting pod <ns>/virt-launcher-…`, or a retried refusal.
fn launcher_drain_line(line: &str) -> bool {
    retried_launcher(line)
        || (line.to_ascii_lowercase().contains("evicting pod") && line.contains("virt-launcher-"))
}

/// Whether the paste shows the drain, or any eviction of it, giving up.
fn gave_up(input: &str) -> bool {
    input.lines().any(|l| {
        let lower = l.to_ascii_lowercase();
        GAVE_UP
            .iter()
            .any(|w| lower.contains(&w.to_ascii_lowercase()))
            || (lower.contains("error when evicting pod") && !lower.contains("will retry"))
    })
}

/// Reads a launcher's retried evictions as the evacuation in progress, when nothing in the
/// paste says the drain or the migration failed.
pub fn settle(out: &mut ReadPaste, input: &str) {
    // No retried eviction in the whole paste (one scan): nothing to settle.
    if !crate::scan::text_holds_ignore_case(input, "will retry after") {
        return;
    }
    let lines: Vec<&str> = input.lines().collect();
    let at = |s: &Signal| lines.get(s.line.wrapping_sub(1)).copied().unwrap_or("");
    let ours = |s: &Signal| {
        (retried_launcher(&s.excerpt) || retried_launcher(at(s)))
            || (s
                .signature
                .as_deref()
                .is_some_and(|id| DRAIN_WORDS.contains(&id))
                && (launcher_drain_line(&s.excerpt) || launcher_drain_line(at(s))))
    };
    if !out.signals.iter().any(ours) || !lines.iter().any(|l| retried_launcher(l)) {
        return;
    }
    // Anything else about the migration (a failed migration, a target pod that cannot start)
    // or any other fault of the drain keeps the refusals' weight.
    let other_fault = out.signals.iter().any(|s| {
        !ours(s)
            && s.layer.is_some()
            && matches!(s.health, Health::Broken | Health::Degraded)
            && !s
                .signature
                .as_deref()
                .is_some_and(|id| id.starts_with("drain-"))
    });
    if other_fault || gave_up(input) {
        return;
    }
    for s in out.signals.iter_mut().filter(|s| ours(s)) {
        s.reread_as_noise(
            "drain-retry-launcher",
            "a drain waits for a VMI's evacuation (the eviction is retried by design)",
            "kubectl drain retries a launcher pod's eviction only when the API answers \
                   429 (Too Many Requests): KubeVirt answers so while it live-migrates the VMI \
                   away (the eviction interceptor that triggered the evacuation, or the VMI's \
                   disruption budget up to v1.5), and the drain goes on once the launcher has \
                   gone; a fault only if the drain times out or the migration fails",
            vec![
                "kubectl get vmim -A (the evacuation's migration and its phase)".into(),
                "kubectl get vmi -A -o wide (the VMI on another node once it is done)".into(),
            ],
        );
        s.source = "k8s.io/kubectl pkg/drain/drain.go (evictPods: \"(will retry after 5s)\" on \
                    IsTooManyRequests); KubeVirt pod-eviction-admitter.go"
            .into();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_retried_form_of_a_launcher_is_the_evacuation() {
        assert!(retried_launcher(
            r#"error when evicting pods/"virt-launcher-a-x" -n "d" (will retry after 5s): x"#
        ));
        assert!(!retried_launcher(
            r#"error when evicting pods/"web-1" -n "d" (will retry after 5s): x"#
        ));
        assert!(gave_up(
            "error when evicting pod \"virt-launcher-a-x\": global timeout reached: 1m0s"
        ));
        assert!(gave_up(
            "error when evicting pods/\"virt-launcher-a\" -n \"d\": denied"
        ));
        assert!(!gave_up(
            "error when evicting pods/\"virt-launcher-a\" -n \"d\" (will retry after 5s): x"
        ));
    }
}
