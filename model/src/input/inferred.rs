//! The paste's own words, when nothing else blames: a paste that states a failure somewhere
//! (an error word, or a state word of Kubernetes' and KubeVirt's failure vocabulary) but whose
//! every line escaped the signatures, the readers and the reader of last resort (each of which
//! judges one line, or one object) is weighed as a whole. Every line stating a failure adds its
//! per-layer scores (`signatures::subjects::scores`: the objects and subjects it names); the
//! layer scoring at least [`MIN_SCORE`] and clearly more than any other is named, degraded,
//! with the lowest confidence and the line that weighed most cited. A paste whose failure lines
//! name no layer's vocabulary, or two layers alike, keeps "no layer shows a fault".
//!
//! The failure vocabulary is enumerated from its sources, not from pastes:
//! - the words of an error (`super::lines::looks_like_error`);
//! - kubectl's pod STATUS values that are failures (`pkg/printers/internalversion/printers.go`
//!   `printPod`: the container waiting and terminated reasons of the kubelet,
//!   `pkg/kubelet/container/sync_result.go` and `pkg/kubelet/images/types.go`: CrashLoopBackOff,
//!   ImagePullBackOff, ErrImagePull, OOMKilled, CreateContainerError, RunContainerError,
//!   ContainerCannotRun; `Evicted` and `Unschedulable` from the kubelet's and the scheduler's
//!   pod status reasons), the node's NotReady, a VM's printable statuses that are failures
//!   (`staging/src/kubevirt.io/api/core/v1/types.go`: ErrorUnschedulable, ErrorPvcNotFound,
//!   DataVolumeError), and the verbs of a killed, rejected, aborted or evicted workload
//!   (the kubelet's admission `Pod was rejected`, virt-launcher's `Live migration abort
//!   detected`, the kernel's `Killed process`).

use crate::diagnosis::causal::BY_OBJECT;
use crate::evidence::Signal;
use crate::signatures::subjects::{migration_plane, scores};
use crate::verdict::{Health, Layer};

/// The least total score a layer needs: one strong term, or two common ones.
pub const MIN_SCORE: u32 = 2;

/// State words of a failure, beyond an error's own words (see the module's sources). Matched
/// case-insensitively anywhere in a line.
const STATES: &[&str] = &[
    "abort",
    "evicted",
    "rejected",
    "killed",
    "crashloopbackoff",
    "backoff",
    "errimagepull",
    "createcontainer",
    "runcontainererror",
    "containercannotrun",
    "unschedulable",
    "insufficient",
    "notready",
    "not ready",
    "errorpvcnotfound",
    "datavolumeerror",
    "unhealthy",
    "exceeded",
];

/// Whether `line` states a failure (an error word or a failure state word).
pub fn states_failure(line: &str) -> bool {
    static STATES_AC: std::sync::OnceLock<aho_corasick::AhoCorasick> = std::sync::OnceLock::new();
    super::lines::looks_like_error(line)
        || STATES_AC
            .get_or_init(|| {
                aho_corasick::AhoCorasick::builder()
                    .ascii_case_insensitive(true)
                    .build(STATES)
                    .expect("fixed words")
            })
            .is_match(line)
}

/// Whether a failure line is weighed: not a command someone typed, not a log line at info or
/// debug level (normal operation, whatever its words; `read_level`: a failed gRPC call is not),
/// not a table's header row.
fn weighed(line: &str) -> bool {
    let header = line.chars().any(|c| c.is_ascii_alphabetic())
        && !line.chars().any(|c| c.is_ascii_lowercase());
    !header
        && !negated_field(line)
        && !super::announcing::announces_lines(line)
        && super::blocks::prompt_command(line).is_none()
        && crate::signatures::level::read_level(line) != Some(crate::signatures::level::Level::Info)
}

/// A field whose value says its name's state does not hold (`Unschedulable:  false`,
/// `evicted: null`, `Taints:  <none>`): kubectl's describers and YAML print the state's name
/// whatever its value.
fn negated_field(line: &str) -> bool {
    line.trim()
        .trim_start_matches("- ")
        .split_once(':')
        .is_some_and(|(key, value)| {
            !key.contains(' ')
                && matches!(
                    value.trim().trim_matches(['"', '\'']),
                    "false"
                        | "False"
                        | "<none>"
                        | "none"
                        | "None"
                        | "null"
                        | "0"
                        | ""
                        | "[]"
                        | "{}"
                )
        })
}

/// The scores a failure line weighs with. A sentence that names no subject at all and ends
/// there (`Timed out after 120.000s.`, `error:`) states the failure of what the next line
/// names, when that line states no failure of its own: Gomega's reports put the assertion's
/// description there (`onsi/gomega` `internal/async_assertion.go`: "Timed out after
/// %.3fs.\n%s"), as wrapped errors do. A field (`Failed:  true`) ends no sentence.
fn line_scores(lines: &[&str], i: usize, skipped: &[bool]) -> [(Layer, u32); 5] {
    let own = scores(lines[i]);
    let line = lines[i].trim_end();
    if own.iter().any(|(_, s)| *s > 0) || !(line.ends_with('.') || line.ends_with(':')) {
        return own;
    }
    match lines.get(i + 1) {
        Some(next)
            if !skipped[i + 2]
                && !next.trim().is_empty()
                && next.len() <= 4096
                && !states_failure(next) =>
        {
            scores(next)
        }
        _ => own,
    }
}

/// The layer the paste's failure lines name as a whole, as a degraded signal citing the line
/// that weighed most for it; `None` when no failure line names a layer or two layers tie.
/// Lines in `skip` (inclusive ranges of the paste's line numbers: lines a signature already
/// knows, objects their readers judged) are not weighed again.
pub fn infer(input: &str, skip: &[(usize, usize)]) -> Option<Signal> {
    let mut skipped = vec![false; input.lines().count() + 2];
    for &(a, b) in skip {
        let b = b.min(skipped.len() - 1);
        for x in skipped.iter_mut().take(b + 1).skip(a) {
            *x = true;
        }
    }
    // Each layer's total, in the vocabularies' order (`scores` of nothing: every layer at 0).
    let mut total = scores("");
    // The line that scored most for each layer: (score, line number, text).
    let mut best: [(u32, usize, &str); 5] = [(0, 0, ""); 5];
    let lines: Vec<&str> = input.lines().collect();
    for (i, line) in lines.iter().copied().enumerate() {
        if skipped[i + 1] || line.len() > 4096 || !states_failure(line) || !weighed(line) {
            continue;
        }
        for (k, (_, s)) in line_scores(&lines, i, &skipped).into_iter().enumerate() {
            total[k].1 += s;
            if s > best[k].0 {
                best[k] = (s, i + 1, line);
            }
        }
    }
    let (k, (layer, top)) = total.iter().copied().enumerate().max_by_key(|(_, t)| t.1)?;
    let second = total
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != k)
        .map(|(_, t)| t.1)
        .max()
        .unwrap_or(0);
    if top < MIN_SCORE || top <= second {
        return None;
    }
    let (_, n, line) = best[k];
    let plane = (layer == Layer::Migration).then(|| migration_plane(line));
    Some(Signal {
        signature: None,
        layer: Some(layer),
        plane,
        health: Health::Degraded,
        title: format!("a failure no rule recognises {BY_OBJECT}"),
        cause: format!(
            "no signature, reader or object names a fault, but lines of the paste state a \
             failure, and the objects and subjects they name point at the {} layer (score {top} \
             against {second} for any other), so it points there with the lowest confidence: \
             read the cited line and those around it",
            layer.as_str()
        ),
        next_steps: Vec::new(),
        source: String::new(),
        line: n,
        from: "the paste's failure lines taken together".into(),
        excerpt: super::excerpt::excerpt(line),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::SignalPlane;

    #[test]
    fn failure_lines_name_a_layer_together_and_a_tie_or_no_failure_names_none() {
        let paste = "status:\n  message: 'Pod was rejected: The node had condition: \
                     [DiskPressure]'\n  reason: Evicted\n";
        let s = infer(paste, &[]).unwrap();
        assert_eq!(s.layer, Some(Layer::Node));
        assert_eq!(s.line, 2);
        // the same words without a failure state blame nothing
        assert!(infer("the node had condition DiskPressure=False\n", &[]).is_none());
        // two layers alike keep none
        assert!(infer("multus failed\nkubelet failed\n", &[]).is_none());
        let m = infer(
            "Live migration abort detected: not completed after 5 seconds\n",
            &[],
        )
        .unwrap();
        assert_eq!(
            (m.layer, m.plane),
            (Some(Layer::Migration), Some(SignalPlane::Data))
        );
        // a line already read, an info line, a command and a header row are not weighed again
        assert!(infer(paste, &[(2, 2)]).is_none());
        let info = r#"{"component":"virt-handler","level":"info","msg":"kubelet failed to mount"}"#;
        assert!(infer(info, &[]).is_none());
        assert!(infer("$ kubectl get nodes -o custom-columns=UNSCHEDULABLE:.spec.unschedulable,TAINTS:.spec.taints\n", &[]).is_none());
        assert!(infer("NAME  UNSCHEDULABLE  TAINTS\n", &[]).is_none());
        // a field whose value says its state does not hold
        assert!(infer("Unschedulable:      false\n", &[]).is_none());
        assert!(infer("Unschedulable:      true\n", &[]).is_some());
    }
}
