//! Round 10: mechanisms that read what no rule was written for (see `fixtures/fresh/README.md`,
//! "Round 10"). Each test's inputs are synthetic members of a family, shaped after the program
//! that prints them, never copied from a batch item:
//!
//! 1. text is never refused: a paste that is not an object, a table or any known format is
//!    read line by line; only empty, binary or broken-object input is refused;
//! 2. an error line that names no component gets its layer from the objects and subjects it
//!    names (`signatures::subjects`), a tie or a generic line keeping no layer.

#[path = "support/blame.rs"]
mod support_blame;

use model::input::analyse;
use support_blame::blame;

// ---- 1. text is never refused ----

#[test]
fn text_of_any_shape_is_read_and_healthy_text_blames_nothing() {
    let members = [
        // an unknown program's log, info only
        "2024-05-01 10:00:00,123 - main.py[INFO]: starting worker\n2024-05-01 10:00:01,002 - main.py[INFO]: worker ready\n",
        // a describe-like block indented by tabs, behind diff prefixes
        "+Status:\n+\tConditions:\n+\t\tMessage:  Clone Complete\n+\t\tReason:   Completed\n+\t\tStatus:   False\n+\t\tType:     Running\n",
        // a table of an unknown kind behind diff prefixes
        "+$ kubectl get foo\n+NAME   AGE   STATE\n+a      1m    ok\n+b      2m    ok\n",
        // YAML that lost its indentation, in a fence with comments
        "```yaml\n# before\nspec:\ntemplate:\nspec:\ndomain:\ncpu:\ncores: 2\n```\n",
        // prose with a guest's console
        "I logged in on the console and everything looks fine:\n\nfedora login: root\nPassword:\n[root@vm ~]# uptime\n 10:00:00 up 3 min,  1 user,  load average: 0.00\n",
    ];
    for p in members {
        let a = analyse(p, None).unwrap_or_else(|e| panic!("refused: {e}\n{p}"));
        assert_eq!(a.verdict().layer, None, "{p}");
        assert!(!a.report.is_broken(), "{p}");
    }
}

#[test]
fn only_nothing_binary_or_a_broken_object_is_refused() {
    for p in [
        "",
        "   \n\t\n",
        "\0\u{1}\u{2}binary\0",
        "kind: [\n",
        "{\"kind\": \"Pod\", \"status\": {,}}",
    ] {
        assert!(analyse(p, None).is_err(), "{p:?}");
    }
    let e = analyse("kind: [\n", None).unwrap_err();
    assert!(e.line.is_some(), "{e}");
    let (layer, _, _) = blame("just some words about my cluster\n");
    assert_eq!(layer, None);
}
