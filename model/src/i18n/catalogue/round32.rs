//! Round 32's sentences: a drain's retried eviction of a launcher, the evacuation in progress
//! (`input/drain_retry.rs`), and an error a test plan announces as its expected outcome
//! (`input/announced_outcome.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND32: &[Entry] = &[
    ("a drain waits for a VMI's evacuation (the eviction is retried by design)",
     "ドレインが VMI の退避を待っています(エビクションは設計どおり再試行されます)"),
    ("kubectl drain retries a launcher pod's eviction only when the API answers 429 (Too Many Requests): KubeVirt answers so while it live-migrates the VMI away (the eviction interceptor that triggered the evacuation, or the VMI's disruption budget up to v1.5), and the drain goes on once the launcher has gone; a fault only if the drain times out or the migration fails",
     "kubectl drain が launcher Pod のエビクションを再試行するのは API が 429(Too Many Requests)を返したときだけです。KubeVirt は VMI をライブマイグレーションで退避させている間そう応答し(退避を始めたエビクションインターセプター、または v1.5 までは VMI の PodDisruptionBudget)、launcher がなくなるとドレインは先へ進みます。障害になるのはドレインがタイムアウトしたか、マイグレーションが失敗した場合だけです"),
    ("kubectl get vmim -A (the evacuation's migration and its phase)",
     "kubectl get vmim -A(退避のマイグレーションとそのフェーズ)"),
    ("kubectl get vmi -A -o wide (the VMI on another node once it is done)",
     "kubectl get vmi -A -o wide(完了後、VMI が別のノードにあること)"),
    ("an error the paste announces as the expected outcome (a test plan's step)",
     "貼り付けが期待される結果として予告しているエラー(テスト計画の手順)"),
    ("the line before or around this error says the system should refuse the request (\"should fail with\", \"would prevent\"): the refusal is the designed result being checked, not a fault; look elsewhere for one",
     "このエラーの前後の行は、システムがその要求を拒否するはずだと述べています(\"should fail with\"、\"would prevent\")。拒否は確認されている設計どおりの結果であり、障害ではありません。障害は別の箇所を探してください"),
    ("compare the refusal with the outcome the step expects",
     "拒否を、その手順が期待する結果と比べてください"),
];
