//! What the paste page says about how it read the input, as `input/` writes it (`pipeline.rs`, `lines.rs`, `clock.rs`, `classify.rs`, `fragment.rs`): the blocks' reasons, the clock's source, what is missing.

use super::Entry;

#[rustfmt::skip]
pub const PASTE: &[Entry] = &[
    ("no known message and no error in these lines",
     "これらの行には既知のメッセージもエラーもありません"),
    ("unknown (no timestamps in the input): ages are not judged",
     "不明(入力にタイムスタンプがありません): 経過時間は判定しません"),
    ("newest timestamp in the input",
     "入力の中で最も新しいタイムスタンプ"),
    ("{} more lines repeat a message already read",
     "ほかに {0} 行が既に読んだメッセージを繰り返しています"),
    ("status.interfaces is empty.",
     "status.interfaces が空です。"),
    ("The VMI was just created and no KubeVirt controller has processed it yet.",
     "VMI は作成されたばかりで、KubeVirt のコントローラーはまだ処理していません。"),
    ("Starting: Phase not set yet",
     "起動中: フェーズはまだ設定されていません"),
    ("fix the manifest as the message says",
     "メッセージのとおりにマニフェストを直す"),
    ("compare the node's OS and container runtime with KubeVirt's supported ones",
     "ノードの OS とコンテナーランタイムを KubeVirt の対応するものと比べる"),
    ("check /dev/kvm and virt-handler on the nodes",
     "ノードの /dev/kvm と virt-handler を確認する"),
    ("restart the component whose certificate is rejected",
     "証明書を拒否されたコンポーネントを再起動する"),
    ("spec.unschedulable is true: no new pods go there; a drain is likely in progress. Running VMs are not affected by the cordon itself.",
     "spec.unschedulable が true です。新しい Pod はそこへ行きません。ドレインが進行中と思われます。動作中の VM は cordon 自体の影響を受けません。"),
    ("condition {} ({})",
     "コンディション {0}({1})"),
    ("VirtualMachineInstance {}: {}",
     "VirtualMachineInstance {0}: {1}"),
];
