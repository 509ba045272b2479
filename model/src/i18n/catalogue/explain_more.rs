//! Explanations of `explain/` (`catalogue/controller.rs`, `by_condition.rs`, `events.rs`, `generated/`, `mod.rs`, `generic.rs`) beyond `explain.rs`.

use super::Entry;

#[rustfmt::skip]
pub const EXPLAIN_MORE: &[Entry] = &[
    // `explain/mod.rs`
    ("a condition reason",
     "コンディションの理由"),
    ("Synchronizing with the Domain failed.",
     "ドメインとの同期に失敗しました。"),
    ("a VMI condition type",
     "VMI のコンディションの種類"),
    // `explain/catalogue/controller.rs`
    ("The migration failed; the message tells which side or why.",
     "マイグレーションが失敗しました。どちら側か、なぜかはメッセージが示します。"),
    ("Pod creation failed validation",
     "Pod の作成が検証で失敗しました"),
    ("Backend storage not ready",
     "バックエンドストレージの準備ができていません"),
    ("The VM does not start; the message says why (or, for an active migration, that it waits).",
     "VM は起動しません。理由はメッセージが示します(進行中のマイグレーションがあるなら、待っていることを示します)。"),
    ("The persistent-state PVC is not ready yet (for example still Pending).",
     "永続状態の PVC がまだ準備できていません(たとえばまだ Pending)。"),
    ("virt-controller refused to create the launcher pod because the VMI failed its create \
      validation (\"failed create validation: …\", `pkg/virt-controller/watch/vmi/lifecycle.go`).",
     "VMI が作成時の検証に失敗したため、virt-controller はランチャー Pod の作成を拒否しました(\"failed crea\
      te validation: …\"、`pkg/virt-controller/watch/vmi/lifecycle.go`)。"),
    ("A requested abort of the migration failed.",
     "要求されたマイグレーションの中止が失敗しました。"),
    ("A transient wait: start-up (or the migration target) waits for it.",
     "一時的な待機です: 起動(またはマイグレーション移行先)がこれを待っています。"),
    ("The VM does not start until the spec is fixed; the message names the invalid field.",
     "spec を直すまで VM は起動しません。無効な項目はメッセージが示します。"),
    ("virt-controller deleted the launcher pod.",
     "virt-controller がランチャー Pod を削除しました。"),
    ("virt-controller could not create the launcher pod (admission, quota, invalid spec).",
     "virt-controller はランチャー Pod を作成できませんでした(アドミッション、\
      クォータ、不正な spec)。"),
    ("With the message \"Delaying pod creation because an active migration exists\" it is a wait, \
      not an error: the VMI's previous migration has not finished yet \
      (`pkg/virt-controller/watch/vmi/lifecycle.go`).",
     "メッセージが \"Delaying pod creation because an active migration exists\" なら\
      エラーではなく待機です: VMI の前のマイグレーションがまだ終わっていません(`pkg/virt-controller/watch/vmi\
      /lifecycle.go`)。"),
    // `explain/generated/migration.rs`
    ("Live migration has been aborted",
     "ライブマイグレーションは中止されました"),
    ("Migration failed because target pod shutdown during migration",
     "マイグレーション中に移行先 Pod が停止したため、マイグレーションは失敗しました"),
    ("Migration target pod was removed during active migration.",
     "アクティブなマイグレーション中に移行先 Pod が削除されました。"),
    ("Target pod is down",
     "移行先 Pod が停止しています"),
    ("The VirtualMachineInstance's domain was never observed on the target after the migration \
      completed within the timeout period.",
     "マイグレーション完了後、タイムアウト時間内に移行先で VirtualMachineInstance のドメインが観測されませんでした。"),
    // `explain/catalogue/reasons.rs`
    ("virt-handler on the VMI's node stopped heartbeating (node annotation kubevirt.io/heartbeat \
      older than 5 min) and the launcher pod is gone, so virt-controller set phase Failed with \
      this reason (`pkg/virt-controller/watch/node/node.go`, \
      `createAndApplyFailedVMINodeUnresponsivePatch`).",
     "VMI のノードの virt-handler のハートビートが止まり(ノードのアノテーション kubevirt.io/heartbeat が \
      5 分より古い)、ランチャー Pod もなくなったため、virt-controller がこの理由でフェーズを Failed にしました(`\
      pkg/virt-controller/watch/node/node.go`、`createAndApplyFailedVMINodeUn\
      responsivePatch`)。"),
    ("Final: this VMI will not run again.",
     "最終状態: この VMI が再び動くことはありません。"),
    ("Run strategy Always or RerunOnFailure creates a new VMI; Manual leaves the VM stopped.",
     "実行戦略 Always か RerunOnFailure なら新しい VMI が作られ、Manual なら VM は停止したままです。"),
    // `explain/catalogue/events.rs`
    ("\"The VirtualMachineInstance was shut down.\", or as a Warning \"The VirtualMachineInstance \
      crashed.\" when the phase became Failed.",
     "\"The VirtualMachineInstance was shut down.\"、\
      またはフェーズが Failed になったときは Warning として \"The VirtualMachineInstance crashed.\"。"),
    // `explain/catalogue/by_condition.rs`
    ("A volume (storage) migration is not possible for the items listed in the message as \
      '<Reason>: <message>' (`calculateLiveStorageMigrationCondition`, v1.4+).",
     "メッセージに '<Reason>: <message>' の形で挙げられた項目のため、ボリューム(ストレージ)\
      マイグレーションはできません(`calculateLiveStorageMigrationCondition`、\
      v1.4 以降)。"),
    ("A wait, not an error: the other cluster's side has not connected yet.",
     "エラーではなく待機です: 相手のクラスター側がまだ接続していません。"),
    ("Cross-cluster migration waiting for synchronization",
     "クラスター間マイグレーションが同期を待っています"),
    ("Only a volume migration (volume update strategy Migration) is affected; compute live \
      migration and evictions are not.",
     "影響を受けるのはボリュームマイグレーション(ボリューム更新戦略 Migration)だけで、\
      計算のライブマイグレーションと退避は影響を受けません。"),
    ("The condition is True with this message during a normal decentralized migration while the \
      VMIM is in phase WaitingForSync (v1.8+).",
     "通常の分散マイグレーションでは、VMIM がフェーズ WaitingForSync の間、このメッセージとともにコンディションは True \
      です(v1.8 以降)。"),
    ("Volume migration not possible",
     "ボリュームマイグレーションはできません"),
    // `explain/generated/errors_virt_controller.rs`
    ("active migration exists",
     "進行中のマイグレーションがあります"),
    ("failed to create virtual machine pod",
     "仮想マシンの Pod の作成に失敗しました"),
    // `explain/catalogue/vm_status.rs`
    ("The VM has no running instance.",
     "VM に動作中のインスタンスがありません。"),
    ("The VMI runs and is not paused.",
     "VMI は動作しており、一時停止していません。"),
    // `explain/agent_reason.rs`
    ("This guest agent doesn't support required basic commands",
     "このゲストエージェントは必要な基本コマンドに対応していません"),
    // `explain/catalogue/conditions.rs`
    ("Migration required",
     "マイグレーションが必要です"),
];
