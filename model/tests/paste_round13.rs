//! Round 13: the paste's failure lines weighed together (`input::inferred`), when no signature,
//! reader or object blamed a layer. Each input is a synthetic member of a family, shaped after
//! the program or person that writes it, never copied from a batch item:
//!
//! - lines that state a failure and name one layer's vocabulary: a status fragment whose message
//!   is the kubelet's admission refusal naming a node condition
//!   (`pkg/kubelet/lifecycle/predicate.go`), a sentence quoting an aborted live migration (its
//!   data plane when it speaks of progress), a sandbox's aborted CNI call naming its IPAM plugin,
//!   a person's sentence on an aborted guest setup;
//! - the same words without a failure, info lines, commands and header rows blame nothing
//!   (`input::inferred`'s unit test: failure lines naming two layers alike keep none).

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::input::analyse;
use model::verdict::Layer;
use support_blame::blame;

#[test]
fn failure_lines_name_their_layer_when_nothing_else_blames() {
    let members: [(&str, Layer, Option<SignalPlane>); 4] = [
        (
            "  status:\n    phase: Failed\n    reason: Evicted\n    message: 'Pod was rejected: The node had condition: [PIDPressure]. '\n",
            Layer::Node,
            None,
        ),
        (
            "Seen in the lane: `the live migration was aborted: no progress for 150 seconds`\n",
            Layer::Migration,
            Some(SignalPlane::Data),
        ),
        (
            "Pod sandbox events say the CNI ADD was aborted: the whereabouts IPAM pool is exhausted\n",
            Layer::Network,
            None,
        ),
        (
            "after the restore the VM boots, but sysprep was aborted and Windows shows a blue screen\n",
            Layer::Guest,
            None,
        ),
    ];
    for (p, layer, plane) in members {
        let (l, pl, text) = blame(p);
        assert_eq!(l, Some(layer), "{p}\n{text}");
        if plane.is_some() {
            assert_eq!(pl, plane, "{p}\n{text}");
        }
        assert!(text.contains("a failure no rule recognises"), "{text}");
    }
}

#[test]
fn no_failure_words_info_lines_commands_and_ties_blame_nothing() {
    let members = [
        // the node's words, no failure stated
        "  conditions:\n  - type: DiskPressure\n    status: \"False\"\n",
        // an info line whose message carries a failure word
        "{\"component\":\"virt-handler\",\"level\":\"info\",\"msg\":\"kubelet reported a failed mount earlier; retried fine\"}\n",
        // a command and a header row naming failure states
        "$ kubectl get nodes -o custom-columns=NAME:.metadata.name,UNSCHEDULABLE:.spec.unschedulable,TAINTS:.spec.taints\nNAME     UNSCHEDULABLE   TAINTS\nnode01   <none>          <none>\n",
    ];
    for p in members {
        let (l, _, text) = blame(p);
        assert_eq!(l, None, "{p}\n{text}");
    }
}

#[test]
fn the_inferred_finding_is_what_the_verdict_rests_on_and_cites_its_line() {
    let p =
        "some context\n  message: 'Pod was rejected: The node had condition: [MemoryPressure]'\n";
    let a = analyse(p, None).unwrap();
    let v = a.verdict();
    assert_eq!(v.layer, Some(Layer::Node));
    assert!(v.rests_on.contains("line 2"), "{}", v.rests_on);
}

#[test]
fn the_inferred_finding_reads_in_japanese() {
    use model::i18n::{Lang, tr};
    let p = "  message: 'Pod was rejected: The node had condition: [MemoryPressure]'\n";
    let a = analyse(p, None).unwrap();
    let f = a
        .report
        .diagnoses
        .iter()
        .flat_map(|d| d.layers.iter())
        .flat_map(|l| l.findings.iter())
        .find(|f| f.title.starts_with("a failure no rule recognises"))
        .expect("the inferred finding");
    let ja = tr(Lang::Ja, &f.detail);
    assert!(ja.contains("最も低い確信度") && ja.contains("行 1"), "{ja}");
    assert!(!ja.contains("lowest confidence"), "{ja}");
    assert!(tr(Lang::Ja, &f.title).contains("どのルールも認識しない障害"));
}
