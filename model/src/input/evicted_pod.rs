//! A drain's eviction names the pod it is for: kubectl's drain (k8s.io/kubectl
//! `pkg/drain/drain.go`) writes `evicting pod <ns>/<name>` and, when the API refuses,
//! `error when evicting pods/"<name>" -n "<ns>" (will retry after 5s): Cannot evict pod as it
//! would violate the pod's disruption budget.` The signatures of those words speak of a VMI's
//! launcher pod (KubeVirt's evacuation: the migration's control plane). For any other pod the
//! refusal is that workload's own budget holding the node's drain, so the node's maintenance is
//! blocked (the node, degraded), and a drain merely evicting another pod says nothing. An
//! eviction the paste shows completed (drain.go's `pod/<name> evicted` after `evicting pod`) is
//! no longer in progress, and a drain whose every eviction completed is done
//! ([`settle_done`]).

use crate::evidence::Signal;
use crate::verdict::{Health, Layer};

/// The signatures that assume the evicted pod is a launcher.
const LAUNCHER_ONLY: [&str; 2] = ["pdb-eviction-refused", "drain-evicting"];

/// Withdraws the `drain-evicting` signals of pods whose eviction the paste shows completed
/// (`pod/<name> evicted`, kubectl's `printObj` after a successful eviction), and the refusals
/// drain.go retried for those pods before (`is_retry`); when every
/// eviction completed or drain.go says `node/<name> drained`, the drain is done and its
/// cordon (`drain-cordoned`) is withdrawn too: what the drain moved is said by those objects.
pub fn settle_done(out: &mut super::read::ReadPaste, input: &str) {
    const EVICTING: &str = "drain-evicting";
    const CORDONED: &str = "drain-cordoned";
    let of = |s: &Signal, id: &str| s.signature.as_deref() == Some(id);
    if !out
        .signals
        .iter()
        .any(|s| of(s, EVICTING) || of(s, CORDONED) || is_retry(&s.excerpt))
    {
        return;
    }
    // A set: a long drain's output names many pods, each looked up per signal.
    let mut done: rustc_hash::FxHashSet<&str> = Default::default();
    let mut drained = false;
    let mut evicting: Vec<&str> = Vec::new();
    for l in crate::scan::lines(input).map(crate::scan::trim) {
        if let Some(p) = l
            .strip_prefix("pod/")
            .and_then(|t| t.strip_suffix(" evicted"))
        {
            done.insert(p);
        }
        drained |= l.starts_with("node/") && l.ends_with(" drained");
        if crate::scan::find(l, "evicting pod ").is_some()
            && let Some(p) = evicted_pod(l)
        {
            evicting.push(p);
        }
    }
    let all_done = drained || (!evicting.is_empty() && evicting.iter().all(|p| done.contains(p)));
    out.signals.retain(|s| {
        if of(s, CORDONED) {
            return !all_done;
        }
        let settled = evicted_pod(&s.excerpt).is_some_and(|p| done.contains(&p));
        !((of(s, EVICTING) || is_retry(&s.excerpt)) && settled)
    });
}

/// drain.go's refused eviction it retries (`evictPods`: "error when evicting pods/%q -n %q
/// (will retry after 5s): %v", whatever the API answered: a disruption budget, a webhook's
/// denial, too many requests): once the paste shows the same pod `evicted`, the retry went
/// through and the refusal is over.
fn is_retry(line: &str) -> bool {
    line.contains("error when evicting pods/") && line.contains("will retry")
}

/// The pod a drain line names: `pods/"<name>"` or `pod <ns>/<name>`.
fn evicted_pod(line: &str) -> Option<&str> {
    if let Some(i) = line.find("pods/") {
        let rest = line[i + 5..].trim_start_matches(['\\', '"']);
        let end = rest.find(['\\', '"', ' '])?;
        return Some(&rest[..end]);
    }
    // The descheduler's `error when evicting pod (ignoring) "<name>"`: the first word that is
    // a name.
    let rest = &line[line.find("evicting pod ")? + "evicting pod ".len()..];
    let word = rest
        .split_whitespace()
        .map(|w| w.trim_matches(['"', '\\', ':']))
        .find(|w| !w.is_empty() && !w.starts_with('('))?;
    Some(word.rsplit('/').next().unwrap_or(word))
}

/// A launcher-only signature's signal read again for the pod its line names: unchanged for a
/// launcher (or a line naming no pod), `None` for a drain merely evicting another pod, and a
/// held drain of the node for another pod's refused eviction.
pub fn reread(id: &str, line: &str, mut signal: Signal) -> Option<Signal> {
    if !LAUNCHER_ONLY.contains(&id) {
        return Some(signal);
    }
    let Some(pod) = evicted_pod(line) else {
        return Some(signal);
    };
    if pod.is_empty() || pod.starts_with("virt-launcher-") || line.contains("virt-launcher-") {
        return Some(signal);
    }
    if id == "drain-evicting" {
        return None;
    }
    signal.signature = Some(format!("{id}:other-pod"));
    signal.layer = Some(Layer::Node);
    signal.plane = None;
    signal.health = Health::Degraded;
    signal.title =
        format!("a node's drain is held: {pod}'s PodDisruptionBudget refuses its eviction");
    signal.cause = format!(
        "the drain of the node cannot evict {pod}, which is not a VMI's launcher: its own \
         PodDisruptionBudget allows no disruption now (its workload would lose a replica it \
         needs, such as a storage instance manager still serving a volume on that node), so the \
         node stays cordoned and its maintenance does not finish; the drain retries"
    );
    signal.next_steps = vec![
        format!("kubectl get pdb -A -o wide (the budget selecting {pod})"),
        format!("find what {pod} still serves on the node (volumes attached there)"),
    ];
    signal.source =
        "k8s.io/kubectl pkg/drain/drain.go (\"error when evicting pods/%q -n %q\")".into();
    Some(signal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_evicted_pod_is_read_from_both_drain_lines() {
        let refused = r#"error when evicting pods/"rook-ceph-osd-2-5d" -n "rook-ceph" (will retry after 5s): Cannot evict pod"#;
        assert_eq!(evicted_pod(refused), Some("rook-ceph-osd-2-5d"));
        assert_eq!(
            evicted_pod("evicting pod vms/virt-launcher-db-x"),
            Some("virt-launcher-db-x")
        );
        // sigs.k8s.io/descheduler pkg/descheduler/evictions/evictions.go.
        let descheduler = r#"err="error when evicting pod (ignoring) \"web-1\": Cannot evict pod""#;
        assert_eq!(evicted_pod(descheduler), Some("web-1"));
    }
}
