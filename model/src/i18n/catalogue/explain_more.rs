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
    ("virt-controller could not delete the launcher pod.",
     "virt-controller はランチャー Pod を削除できませんでした。"),
    ("The VM may not stop cleanly.",
     "VM は正常に停止しないかもしれません。"),
    ("Hand-over to virt-handler failed",
     "virt-handler への引き渡しに失敗しました"),
    ("virt-controller could not hand the VMI over to virt-handler.",
     "virt-controller は VMI を virt-handler に引き渡せませんでした。"),
    ("The VM does not proceed from Scheduled to Running.",
     "VM は Scheduled から Running へ進みません。"),
    ("Handed over to virt-handler",
     "virt-handler に引き渡されました"),
    ("virt-controller handed the VMI over to virt-handler.",
     "virt-controller は VMI を virt-handler に引き渡しました。"),
    ("Backend storage not created",
     "バックエンドストレージが作成されていません"),
    ("The PVC for persistent state (TPM/EFI) could not be created.",
     "永続状態(TPM/EFI)用の PVC を作成できませんでした。"),
    ("The VM does not start.",
     "VM は起動しません。"),
    ("Backend storage probe failed",
     "バックエンドストレージの確認に失敗しました"),
    ("virt-controller could not check the persistent-state PVC.",
     "virt-controller は永続状態の PVC を確認できませんでした。"),
    ("Importing a DataVolume failed.",
     "DataVolume のインポートに失敗しました。"),
    ("The VM does not start until the import succeeds.",
     "インポートが成功するまで VM は起動しません。"),
    ("Dedicated CPUs or guaranteed resources cannot be provided.",
     "専有 CPU か Guaranteed のリソースを用意できません。"),
    ("The VM does not start as requested.",
     "VM は要求どおりには起動しません。"),
    ("virt-controller could not gather cluster topology hints (such as a TSC frequency). The \
      reason is spelled this way in KubeVirt.",
     "virt-controller はクラスターのトポロジーヒント(TSC 周波数など)を集められませんでした。\
      理由の綴りは KubeVirt でこのとおりです。"),
    ("The VM may not start or may not be migratable.",
     "VM は起動しないか、マイグレーションできないかもしれません。"),
    ("A PVC the VM references does not exist.",
     "VM が参照する PVC が存在しません。"),
    ("The VM does not start; the VM shows ErrorPvcNotFound.",
     "VM は起動しません。VM は ErrorPvcNotFound を示します。"),
    ("The source node reported that the migration succeeded.",
     "移行元ノードがマイグレーションの成功を報告しました。"),
    ("The VM normally keeps running on the source, unless it was in post-copy.",
     "post-copy でなければ、VM は通常は移行元で動き続けます。"),
    ("A requested abort succeeded.",
     "要求された中止が成功しました。"),
    ("The VM keeps running on the source.",
     "VM は移行元で動き続けます。"),
    ("The migration cannot proceed and will time out; a drain depending on it stays blocked.",
     "マイグレーションは進めずタイムアウトします。それに依存するドレインは止まったままです。"),
    ("Waiting for utility volumes",
     "ユーティリティボリュームを待っています"),
    ("The migration waits for utility volumes to detach.",
     "マイグレーションはユーティリティボリュームの切り離しを待っています。"),
    ("The migration has not started.",
     "マイグレーションは始まっていません。"),
    ("Hotplug attachment pod missing",
     "ホットプラグのアタッチメント Pod がありません"),
    ("The pod that attaches hotplugged volumes is missing.",
     "ホットプラグしたボリュームを接続する Pod がありません。"),
    ("Hotplugged volumes may be unavailable.",
     "ホットプラグしたボリュームが使えないかもしれません。"),
    ("A PVC is not ready yet.",
     "PVC の準備がまだできていません。"),
    ("Start-up or hotplug waits.",
     "起動かホットプラグが待っています。"),
    ("Syncing hotplugged volumes failed.",
     "ホットプラグしたボリュームの同期に失敗しました。"),
    ("Volume hotplug is not applied.",
     "ボリュームのホットプラグは適用されません。"),
    ("A container disk or launcher image cannot be pulled.",
     "containerDisk かランチャーのイメージを取得できません。"),
    ("The VM does not start; the VM shows ErrImagePull.",
     "VM は起動しません。VM は ErrImagePull を示します。"),
    ("Pulling an image keeps failing and kubelet backs off.",
     "イメージの取得が失敗し続け、kubelet が間隔を空けています。"),
    ("The VM does not start; the VM shows ImagePullBackOff.",
     "VM は起動しません。VM は ImagePullBackOff を示します。"),
    ("No node for a host-model migration",
     "host-model のマイグレーション先ノードがありません"),
    ("No other node offers the host-model CPU this VM needs.",
     "この VM が必要とする host-model CPU を提供するノードがほかにありません。"),
    ("The VM cannot be migrated until such a node exists.",
     "そのようなノードができるまで VM はマイグレーションできません。"),
    ("virt-controller could not patch the launcher pod.",
     "virt-controller はランチャー Pod にパッチを当てられませんでした。"),
    ("Labels or annotations on the pod may be stale.",
     "Pod のラベルやアノテーションが古いままかもしれません。"),
    ("Earlier evacuation or workload-update migrations of this VMI failed: the new one waits in \
      Pending 20 s after the last failure, doubling for each further failure since the last \
      success (`handleMigrationBackoff`, pkg/virt-controller/watch/migration/migration.go). \
      Migrations a user creates never back off.",
     "この VMI の以前の退避かワークロード更新のマイグレーションが失敗しています: 新しいマイグレーションは最後の失敗から 20 秒 Pend\
      ing で待ち、最後の成功以降の失敗ごとに倍になります(`handleMigrationBackoff`、\
      pkg/virt-controller/watch/migration/migration.go)\
      。ユーザーが作成したマイグレーションはバックオフしません。"),
    ("A wait, not a block: the migration starts when the back-off ends.",
     "阻止ではなく待機です: バックオフが終わればマイグレーションは始まります。"),
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
    // `explain/catalogue/by_condition.rs`
    ("A decentralized (cross-cluster) migration failed to synchronize; the message holds the \
      error (for example an x509 hostname error) (v1.8+).",
     "分散(クラスター間)マイグレーションの同期に失敗しました。メッセージにエラーがあります(たとえば x509 のホスト名エラー)\
      (v1.8 以降)。"),
    ("The cross-cluster migration does not proceed until the error is fixed.",
     "エラーが直るまで、クラスター間マイグレーションは進みません。"),
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
    // `explain/catalogue/eviction.rs`
    ("Nothing special: an evicted launcher pod is deleted and the run strategy decides whether \
      the VM restarts elsewhere or stays stopped.",
     "特別なことはありません: 退避されたランチャー Pod は削除され、VM が別の場所で再起動するか停止したままかは実行戦略で決まります。"),
    ("A drain shuts the VM down.",
     "ドレインは VM をシャットダウンします。"),
    ("On eviction the VM is migrated instead of shut down. If it is not live-migratable the \
      eviction is denied.",
     "退避時、VM はシャットダウンではなくマイグレーションされます。ライブマイグレーションできなければ退避は拒否されます。"),
    ("A drain migrates it, or blocks when it cannot migrate.",
     "ドレインはマイグレーションするか、マイグレーションできなければ止まります。"),
    ("A drain migrates it when possible and shuts it down otherwise.",
     "ドレインは可能ならマイグレーションし、そうでなければシャットダウンします。"),
    ("A drain waits for the external controller.",
     "ドレインは外部コントローラーを待ちます。"),
    // `explain/catalogue/migratable.rs`
    ("The VM uses SCSI persistent reservation. On LiveMigratable up to v1.8 only: from v1.9 it is \
      listed in the StorageLiveMigratable message (reason NotMigratable, \
      `calculateLiveStorageMigrationCondition`) and no longer blocks compute migration.",
     "VM は SCSI persistent reservation を使っています。LiveMigratable に現れるのは v1.8 まで\
      です: v1.9 からは StorageLiveMigratable のメッセージに挙げられ(理由 NotMigratable、\
      `calculateLiveStorageMigrationCondition`)、計算のマイグレーションは妨げません。"),
    ("The reason of DecentralizedLiveMigrationFailure (v1.8+, \
      `setDecentralizedLiveMigrationFailure` in \
      `pkg/synchronization-controller/synchronization-controller.go`): a decentralized \
      (cross-cluster) migration waits for synchronization or failed; the message has the detail.",
     "DecentralizedLiveMigrationFailure の理由です(v1.8 以降、\
      `pkg/synchronization-controller/synchronization-controller.go` の `setD\
      ecentralizedLiveMigrationFailure`): 分散(クラスター間)\
      マイグレーションが同期を待っているか失敗しました。詳細はメッセージにあります。"),
    // `explain/catalogue/migration.rs`
    ("An abort is being carried out. On the VMI it is visible up to v1.8 \
      (setMigrationProgressStatus copies abortStatus on every update); v1.9 copies it only once \
      the migration failed, so the VMI rarely shows Aborting.",
     "中止を実行中です。VMI で見えるのは v1.8 までです(setMigrationProgressStatus が更新のたびに abort\
      Status を写す)。v1.9 はマイグレーションが失敗したときだけ写すため、VMI に Aborting が現れることはまれです。"),
    ("The migration was aborted: by a user (then abortRequested, the VMIM condition \
      migrationAbortRequested or a deleted VMIM shows it) or by the progress/completion timeout, \
      which aborts through the same path (`live-migration-source.go`: up to v1.8 AbortJob with \
      \"Live migration stuck for N seconds and has been aborted\" / \"…is not completed after N \
      seconds and has been aborted\"; from v1.9 cancelMigration with \"Live migration has been \
      aborted\", identical to a user abort).",
     "マイグレーションは中止されました: ユーザーによる(その場合 abortRequested、\
      VMIM のコンディション migrationAbortRequested、または削除された VMIM が示します)\
      か、進捗/完了のタイムアウトによるもので、タイムアウトも同じ経路で中止します(`live-migration-source.go`: v1.\
      8 までは AbortJob で \"Live migration stuck for N seconds and has been abo\
      rted\" / \"…is not completed after N seconds and has been aborted\"、\
      v1.9 からは cancelMigration で \"Live migration has been aborted\" となり、\
      ユーザーによる中止と同じです)。"),
    // `explain/catalogue/vm_conditions.rs`
    ("A VirtualMachine condition: the VM controller failed to reconcile the VM (for example \
      creating or deleting its VMI); the message holds the error.",
     "VirtualMachine のコンディション: VM コントローラーが VM の調整に失敗しました(たとえば VMI の作成や削除)\
      。メッセージにエラーがあります。"),
    ("The VM may not reach its run strategy's state until the error is resolved.",
     "エラーが解決するまで、VM は実行戦略の示す状態にならないかもしれません。"),
    ("A VirtualMachine condition: the VM spec was changed in a way that cannot be applied to the \
      running VMI.",
     "VirtualMachine のコンディション: 動作中の VMI に適用できない形で VM の spec が変更されました。"),
    ("The change takes effect only after the VM is restarted.",
     "変更は VM を再起動した後にだけ反映されます。"),
    ("A VirtualMachine condition (v1.4+): a volume migration failed and left some volumes \
      pointing to non-consistent targets. A start is refused with 409 Conflict \"VM recovery \
      required: Volume migration failed, leaving some volumes pointing to non-consistent targets; \
      manual intervention is needed to reassign them to their original volumes.\"",
     "VirtualMachine のコンディション(v1.4 以降): ボリュームマイグレーションが失敗し、\
      一部のボリュームが一貫しないターゲットを指したままです。起動は 409 Conflict \"VM recovery required: V\
      olume migration failed, leaving some volumes pointing to non-consisten\
      t targets; manual intervention is needed to reassign them to their ori\
      ginal volumes.\" で拒否されます"),
    ("The VM cannot be started until its volumes are reassigned to the original ones by hand.",
     "ボリュームを手で元のものに戻すまで、VM は起動できません。"),
    // `explain/catalogue/vm_status.rs`
    ("DataVolumes are being provisioned.",
     "DataVolume を用意しています。"),
    ("The VMI is being prepared, scheduled or started.",
     "VMI の準備、スケジュール、または起動中です。"),
    ("Wait, or look at the VMI if it lasts.",
     "待つか、長引くなら VMI を見てください。"),
    ("The VMI is Running with Paused=True.",
     "VMI は Paused=True で Running です。"),
    ("The guest is frozen.",
     "ゲストは凍結されています。"),
    ("The VMI is being stopped.",
     "VMI を停止しています。"),
    ("The VMI keeps failing to start and restarts are backed off.",
     "VMI の起動が失敗し続け、再起動の間隔が空けられています。"),
    ("Find the failure of the last VMI.",
     "最後の VMI の失敗を探してください。"),
    ("No other status matched.",
     "ほかのどの状態にも当てはまりませんでした。"),
    ("Look at the VMI.",
     "VMI を見てください。"),
    ("An image cannot be pulled.",
     "イメージを取得できません。"),
    ("Image pulls keep failing.",
     "イメージの取得が失敗し続けています。"),
    ("A referenced PVC does not exist.",
     "参照する PVC が存在しません。"),
    ("A DataVolume reports an error.",
     "DataVolume がエラーを報告しています。"),
    ("Waiting for volume binding",
     "ボリュームのバインド待ち"),
    ("PVCs are not bound yet.",
     "PVC がまだバインドされていません。"),
    ("The VM does not start until they bind.",
     "バインドされるまで VM は起動しません。"),
    ("The VM waits as the receiver of a cross-cluster migration.",
     "VM はクラスター間マイグレーションの受信側として待機しています。"),
    ("Nothing runs until the source syncs.",
     "移行元が同期するまで何も動きません。"),
    ("The VM has no running instance.",
     "VM に動作中のインスタンスがありません。"),
    ("The VMI runs and is not paused.",
     "VMI は動作しており、一時停止していません。"),
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
    // `explain/generated/errors_virt_controller.rs`
    ("active migration exists",
     "進行中のマイグレーションがあります"),
    ("failed to create virtual machine pod",
     "仮想マシンの Pod の作成に失敗しました"),
    // `explain/agent_reason.rs`
    ("This guest agent doesn't support required basic commands",
     "このゲストエージェントは必要な基本コマンドに対応していません"),
    // `explain/catalogue/conditions.rs`
    ("Migration required",
     "マイグレーションが必要です"),
];
