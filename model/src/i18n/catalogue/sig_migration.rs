//! Migrations and drains as the signature tables (`signatures/migration.rs`, `migration_target.rs`, `disruption.rs`, `noise.rs`) and `drain/`, `migration/` write them.

use super::Entry;

#[rustfmt::skip]
pub const SIG_MIGRATION: &[Entry] = &[
    // `signatures/migration.rs`
    ("the live migration failed in libvirt (Warning Migrated)",
     "libvirt でライブマイグレーションが失敗しました(Warning Migrated)"),
    ("the migration target pod cannot be scheduled (affinity)",
     "マイグレーション移行先 Pod をスケジュールできません(アフィニティ)"),
    ("the VMI cannot live-migrate: its disks are not shared (DisksNotLiveMigratable)",
     "VMI はライブマイグレーションできません: ディスクが共有されていません(DisksNotLiveMigratable)"),
    ("kubectl drain is evicting pods",
     "kubectl drain が Pod を退避させています"),
    ("eviction of a virt-launcher pod refused by a PodDisruptionBudget",
     "virt-launcher Pod の退避が PodDisruptionBudget に拒否されました"),
    ("the live migration is stuck (no progress) and gets aborted",
     "ライブマイグレーションが止まっており(進捗なし)、中止されます"),
    ("Harvester records a migration in progress (migrationState Migrating)",
     "Harvester がマイグレーション進行中と記録しています(migrationState Migrating)"),
    ("a new migration is refused: an in-flight migration is recorded",
     "新しいマイグレーションが拒否されています: 進行中のマイグレーションが記録されています"),
    ("libvirt refuses to migrate an empty or read-only disk (virError Code=84)",
     "libvirt が空か読み取り専用のディスクのマイグレーションを拒否しています(virError Code=84)"),
    ("the VMI cannot live-migrate: non-shared PVC or hostDisk",
     "VMI はライブマイグレーションできません: 共有されていない PVC か hostDisk があります"),
    ("the migration failed: the target pod shut down",
     "マイグレーションが失敗しました: 移行先 Pod が停止しました"),
    ("the migration target pod matches no node (node affinity/selector)",
     "マイグレーション移行先 Pod に合うノードがありません(ノードアフィニティ/セレクター)"),
    ("the migration's target pod is not created: the VMI has several activePods",
     "マイグレーションの移行先 Pod が作成されません: VMI に activePods が複数あります"),
    ("virt-launcher refused the Migrate command",
     "virt-launcher が Migrate コマンドを拒否しました"),
    ("a PodDisruptionBudget that selects the pod refuses the eviction. KubeVirt up to v1.5 \
      created one per VMI with evictionStrategy LiveMigrate (the evictor waits for the migration \
      KubeVirt starts); from v1.6 it creates none and only deletes the old \
      kubevirt-disruption-budget-* ones, so the refusing PDB is someone else's",
     "Pod を選択する PodDisruptionBudget が退避を拒否しています。KubeVirt v1.5 までは evictionSt\
      rategy LiveMigrate の VMI ごとに PDB を作っていました(退避側は KubeVirt が始めるマイグレーションを待\
      ちます)。v1.6 からは作らず、古い kubevirt-disruption-budget-* を削除するだけなので、\
      拒否している PDB は別の誰かのものです"),
    ("virt-handler's Migrated event: the source virt-launcher's libvirt migration failed (the \
      virError in the reason names libvirt's error code, e.g. Code=9 operation failed, Code=1 \
      internal error)",
     "virt-handler の Migrated イベントです: 移行元 virt-launcher の libvirt マイグレーションが失\
      敗しました(理由の virError が libvirt のエラーコードを示します。たとえば Code=9 operation failed\
      、Code=1 internal error)"),
    ("a drain evicts the node's pods; a VMI with evictionStrategy LiveMigrate is migrated instead \
      of deleted (its eviction is refused until the migration is done, so the drain retries and \
      may exit non-zero)",
     "ドレインはノードの Pod を退避させます。evictionStrategy LiveMigrate の VMI は削除ではなくマイグレーシ\
      ョンされます(マイグレーションが終わるまで退避は拒否されるため、ドレインは再試行し、0 以外で終了することがあります)"),
    ("the source virt-launcher's libvirt api call MigrateToURI3 (the migration itself) returned a \
      virError",
     "移行元 virt-launcher の libvirt API 呼び出し MigrateToURI3(マイグレーション本体)\
      が virError を返しました"),
    ("condition LiveMigratable is False with reason DisksNotLiveMigratable: a PVC is not \
      ReadWriteMany (non-shared PVC), so live migration is refused before any data moves",
     "コンディション LiveMigratable が理由 DisksNotLiveMigratable で False です: PVC が Re\
      adWriteMany ではない(共有されていない PVC)ため、データが動く前にライブマイグレーションは拒否されます"),
    ("the target virt-launcher pod is Unschedulable: its nodeSelector / node affinity leaves only \
      nodes that its pod anti-affinity (against the source pod) excludes",
     "移行先 virt-launcher Pod が Unschedulable です: nodeSelector / ノードアフィニティで残るノ\
      ードを、Pod アンチアフィニティ(移行元 Pod に対する)がすべて除外しています"),
    ("allow post-copy or auto-converge in the MigrationPolicy",
     "MigrationPolicy で post-copy か auto-converge を許可する"),
    ("migration statistics: dirty rate against bandwidth",
     "マイグレーションの統計: ダーティレートと帯域幅"),
    ("raise bandwidthPerMigration, or migrate when the guest is idle",
     "bandwidthPerMigration を上げるか、ゲストが暇なときにマイグレーションする"),
    ("the migration proxy's socket was torn down (migration-proxy)",
     "マイグレーションプロキシのソケットが破棄されました(migration-proxy)"),
    ("status.migrationMethod is BlockMigration whenever a volume is neither a shared PVC or \
      DataVolume, a shared hostDisk, a virtiofs filesystem nor a read-only disk: any \
      containerDisk, cloud-init or emptyDisk volume is copied, which is normal (or a volume \
      migration is under way); a PVC that is not shared (ReadWriteMany) makes the VMI not \
      live-migratable instead",
     "ボリュームが共有 PVC や DataVolume、共有 hostDisk、virtiofs ファイルシステム、\
      読み取り専用ディスクのいずれでもない場合、status.migrationMethod は BlockMigration になります: co\
      ntainerDisk、cloud-init、emptyDisk のボリュームはコピーされ、\
      これは正常です(またはボリュームマイグレーションの進行中)。共有されていない(ReadWriteMany でない)\
      PVC があると、代わりに VMI はライブマイグレーションできなくなります"),
    ("the migration made no progress for longer than progressTimeout: the guest's DirtyRate is \
      above the MemoryBandwidth, so pre-copy never converges and KubeVirt aborted it",
     "マイグレーションが progressTimeout より長く進捗しませんでした: ゲストの DirtyRate が MemoryBandwi\
      dth を上回り、pre-copy が収束しないため KubeVirt が中止しました"),
    ("the node is cordoned; its VMIs with evictionStrategy LiveMigrate must migrate away before \
      the drain finishes",
     "ノードは cordon されています。evictionStrategy LiveMigrate の VMI は、\
      ドレインが終わる前にマイグレーションで移動しなければなりません"),
    ("the migration PodDisruptionBudget shrank back: the migration ended (KubeVirt <= 1.5)",
     "マイグレーション用の PodDisruptionBudget が元に縮みました: マイグレーションが終わりました(KubeVirt 1.5 以前)"),
    ("match pod anti-affinity rules",
     "Pod アンチアフィニティのルールに合いません"),
    ("Harvester's annotation says the VMI is Migrating to \
      harvesterhci.io/migrationTargetNodeName; with a deletionTimestamp set and the target node \
      down the migration can never finish",
     "Harvester のアノテーションは VMI が harvesterhci.io/migrationTargetNodeName へ Mi\
      grating 中だと示しています。deletionTimestamp が設定され移行先ノードが落ちているので、\
      マイグレーションは決して終わりません"),
    ("KubeVirt refuses live migration when a PVC is not shared (not ReadWriteMany): \
      LiveMigratable is False with DisksNotLiveMigratable",
     "PVC が共有されていない(ReadWriteMany でない)と KubeVirt はライブマイグレーションを拒否します: LiveMig\
      ratable は DisksNotLiveMigratable で False です"),
    ("KubeVirt up to v1.5 expands the VMI's PodDisruptionBudget while it migrates; if it is \
      shrunk again without the VMI moving, the migration failed (look for the VMIM's failure). \
      From v1.6 KubeVirt keeps no PDBs for VMIs",
     "KubeVirt v1.5 までは、マイグレーション中に VMI の PodDisruptionBudget を広げます。\
      VMI が移動しないまま再び縮んだなら、マイグレーションは失敗しています(VMIM の失敗を探してください)\
      。v1.6 からは KubeVirt は VMI の PDB を持ちません"),
    ("after a migration KubeVirt up to v1.5 shrinks the PodDisruptionBudget again; shrunk without \
      the VMI moving means the migration failed",
     "KubeVirt v1.5 まではマイグレーションの後で PodDisruptionBudget を再び縮めます。\
      VMI が移動しないまま縮んだなら、マイグレーションは失敗しています"),
    ("compare DirtyRate and MemoryBandwidth over iterations",
     "反復ごとの DirtyRate と MemoryBandwidth を比べる"),
    ("libvirt cannot migrate (virError Code=84, operation not supported) a read-only or empty \
      disk with storage migration (e.g. a CD-ROM or a read-only volume)",
     "libvirt は、ストレージマイグレーションで読み取り専用か空のディスク(たとえば CD-ROM か読み取り専用ボリューム)\
      をマイグレーションできません(virError Code=84、operation not supported)"),
    ("remove or share the read-only disk, or use a shared volume",
     "読み取り専用ディスクを取り除くか共有にする、または共有ボリュームを使う"),
    ("see the migration's phase: Failed without migrationState means the target never came up \
      (target pod deleted or unschedulable)",
     "マイグレーションのフェーズを見る: migrationState のない Failed は、\
      移行先が起動しなかったことを意味します(移行先 Pod が削除されたかスケジュールできなかった)"),
    ("the guest dirties memory (DirtyRate) about as fast as the migration sends it \
      (MemoryBandwidth): pre-copy cannot converge",
     "ゲストがメモリーを汚す速さ(DirtyRate)が、マイグレーションの送る速さ(MemoryBandwidth)\
      とほぼ同じです: pre-copy は収束できません"),
    ("the migration-create-validator webhook denies a new VirtualMachineInstanceMigration while \
      the VMI's status.migrationState has a migrationUid that is neither completed nor failed \
      (stale after a target pod crash)",
     "VMI の status.migrationState に完了も失敗もしていない migrationUid がある間、\
      migration-create-validator Webhook は新しい VirtualMachineInstanceMigratio\
      n を拒否します(移行先 Pod のクラッシュ後に古いまま残っている)"),
    ("the target pod's nodeSelector or node affinity (e.g. a host-model CPU label copied from the \
      source node) matches no other node, so the target stays Pending",
     "移行先 Pod の nodeSelector かノードアフィニティ(たとえば移行元ノードから写された host-model CPU のラベル\
      )がほかのどのノードにも合わないため、移行先は Pending のままです"),
    ("the target virt-launcher pod went away while the migration was PreparingTarget or running: \
      its node shut down, or it was placed on the source node (source-node and target the same) \
      and shut down with it",
     "マイグレーションが PreparingTarget か実行中の間に、移行先 virt-launcher Pod がなくなりました: そのノー\
      ドが停止したか、移行元ノードに配置されて(移行元と移行先が同じ)それとともに停止しました"),
    ("use ReadWriteMany PVCs, or accept block migration where supported",
     "ReadWriteMany の PVC を使うか、対応している場合はブロックマイグレーションを受け入れる"),
    ("virt-controller creates a migration's target pod only while the VMI has at most one active \
      pod (VMIActivePodsCount over status.activePods and the launcher pods): a pod left from an \
      earlier migration, still listed in activePods or not yet gone, keeps the new migration \
      waiting forever",
     "virt-controller がマイグレーションの移行先 Pod を作るのは、VMI のアクティブな Pod が一つ以下のとき(statu\
      s.activePods とランチャー Pod に対する VMIActivePodsCount)\
      だけです: 以前のマイグレーションで残った Pod が activePods にあるかまだ消えていないと、\
      新しいマイグレーションはいつまでも待ちます"),
    ("virt-handler's Migrate command to the source virt-launcher failed (e.g. \"migration job \
      already executed\": a retried migration for the same job)",
     "移行元 virt-launcher への virt-handler の Migrate コマンドが失敗しました(たとえば \"migrati\
      on job already executed\": 同じジョブでマイグレーションが再試行された)"),
    ("virt-handler's migration-proxy closed its unix socket under \
      /var/run/kubevirt/migrationproxy while libvirt still used it: the Migrate command failed \
      and the proxy was stopped",
     "libvirt がまだ使っている間に、virt-handler の migration-proxy が /var/run/kubevirt/\
      migrationproxy 配下の UNIX ソケットを閉じました: Migrate コマンドは失敗し、\
      プロキシは停止しました"),
    ("condition LiveMigratable is False with reason DisksNotLiveMigratable: a PVC is not \
      ReadWriteMany (non-shared PVC), so live migration is refused before any data moves \
      (migration control plane); from {t} (line {})",
     "コンディション LiveMigratable が理由 DisksNotLiveMigratable で False です: PVC が Re\
      adWriteMany ではない(共有されていない PVC)ため、データが動く前にライブマイグレーションは拒否されます(マイグレーションのコ\
      ントロールプレーン)。根拠: {0}(行 {1})"),
    ("a QEMU died during the migration (MigrateToURI3: qemu unexpectedly closed the monitor)",
     "マイグレーション中に QEMU が終了しました(「MigrateToURI3: qemu unexpectedly closed the monitor」)"),
    ("while libvirt migrated the domain, a QEMU process (most often the target's, which cannot \
      load the source's state: a device, CPU feature or QEMU version it lacks, or memory it \
      cannot get) exited: the migration fails, the VMI stays on its source; the target launcher's \
      compute log says why its QEMU ended",
     "libvirt がドメインをマイグレーションしている間に QEMU プロセスが終了しました(多くは移行先のもので、\
      移行元の状態を読み込めない: 持たないデバイス、CPU 機能、QEMU のバージョン、または確保できないメモリー)\
      : マイグレーションは失敗し、VMI は移行元に留まります。QEMU が終了した理由は移行先ランチャーの compute のログが示します"),
    ("compare the source's and target's virt-launcher images and node CPU models",
     "移行元と移行先の virt-launcher イメージと、ノードの CPU モデルを比べる"),
    ("the source virt-launcher reports Live migration failed",
     "移行元の virt-launcher が Live migration failed を報告しています"),
    ("libvirt's migration of the domain failed in the source virt-launcher (the reason carries \
      libvirt's virError)",
     "移行元の virt-launcher で libvirt によるドメインのマイグレーションが失敗しました(理由に libvirt の vir\
      Error があります)"),
    ("the migration object Failed; without a migrationState the target never came up (target pod \
      deleted or unschedulable), so no data moved",
     "マイグレーションオブジェクトが Failed です。migrationState がないなら移行先は起動しておらず(移行先 Pod が削除さ\
      れたかスケジュールできなかった)、データは動いていません"),
    ("the VM needs manual recovery after a failed volume migration",
     "ボリュームマイグレーションの失敗後、VM には手動の復旧が必要です"),
    ("a volume (storage) migration failed and left some of the VM's volumes pointing at \
      inconsistent targets; virt-controller sets the VM's ManualRecoveryRequired condition and \
      refuses to start it, and virt-api refuses start and restart, until the volumes are \
      reassigned to their original claims by hand",
     "ボリューム(ストレージ)マイグレーションが失敗し、VM のボリュームの一部が一貫しないターゲットを指したままです。\
      virt-controller は VM に ManualRecoveryRequired コンディションを付けて起動を拒否し、\
      virt-api も start と restart を拒否します。ボリュームを手で元のクレームに戻すまで続きます"),
    ("reassign the volumes to their original PVCs, then start the VM",
     "ボリュームを元の PVC に戻してから VM を起動する"),
    ("the VM cannot start: a failed volume migration needs manual recovery",
     "VM を起動できません: 失敗したボリュームマイグレーションに手動の復旧が必要です"),
    ("virt-api (start, restart) and virt-controller refuse to run a VM whose \
      ManualRecoveryRequired condition is set: a volume migration failed and left volumes on \
      inconsistent targets",
     "virt-api(start、restart)と virt-controller は ManualRecoveryRequired コンディ\
      ションの付いた VM の実行を拒否します: ボリュームマイグレーションが失敗し、ボリュームが一貫しないターゲットに残っています"),
    // `signatures/noise.rs`
    ("virt-handler sees the VMI in phase Scheduled",
     "virt-handler は VMI をフェーズ Scheduled と見ています"),
    ("a resourceVersion conflict (noise)",
     "resourceVersion の競合(ノイズ)"),
    ("the virt-launcher pod is still in Init",
     "virt-launcher Pod はまだ Init です"),
    ("the DataVolume is still importing (ImportInProgress)",
     "DataVolume はまだインポート中です(ImportInProgress)"),
    ("virt-controller stops a VM whose VMI already Failed",
     "VMI がすでに Failed の VM を virt-controller が停止します"),
    ("the CDI importer's helper had already exited (noise)",
     "CDI インポーターのヘルパーはすでに終了していました(ノイズ)"),
    ("a libvirt query refused in the domain's current state (noise)",
     "ドメインの現在の状態では拒否される libvirt の問い合わせ(ノイズ)"),
    ("first libvirt connection before virtqemud is up (start-up noise)",
     "virtqemud の起動前の最初の libvirt 接続(起動時のノイズ)"),
    ("Harvester's migration target node (migrationTargetNodeName)",
     "Harvester のマイグレーション移行先ノード(migrationTargetNodeName)"),
    ("kubevirt_vmi_phase_count is a Prometheus recording rule",
     "kubevirt_vmi_phase_count は Prometheus の recording rule です"),
    ("libvirt finds no DBus in the launcher (start-up noise)",
     "libvirt がランチャー内に DBus を見つけられません(起動時のノイズ)"),
    ("libvirt's /dev/kvm permission probe (start-up noise)",
     "libvirt による /dev/kvm の権限の確認(起動時のノイズ)"),
    ("libvirt's cgroup probe in the launcher (start-up noise)",
     "ランチャー内での libvirt の cgroup の確認(起動時のノイズ)"),
    ("the VM controller's status update raced a deleted VMI (noise)",
     "VM コントローラーの status 更新が削除された VMI と競合しました(ノイズ)"),
    ("the object is being deleted (deletionTimestamp)",
     "オブジェクトは削除中です(deletionTimestamp)"),
    ("virt-handler's optional client certificate is not mounted (noise)",
     "virt-handler の任意のクライアント証明書がマウントされていません(ノイズ)"),
    ("virtctl cannot open the websocket (virt-api subresource)",
     "virtctl が WebSocket を開けません(virt-api のサブリソース)"),
    ("virt-launcher asked libvirt for a domain's job info, metadata or stats while the domain was \
      not running or transient (around a migration's hand-over, a start or a shutdown); libvirt \
      answers VIR_ERR_OPERATION_INVALID (Code=55) and the next sync asks again: a log error that \
      breaks nothing unless the domain itself fails",
     "virt-launcher が、ドメインが動いていないか一時的な状態の間(マイグレーションの引き渡し、\
      起動、シャットダウンの前後)に libvirt へドメインのジョブ情報、メタデータ、統計を問い合わせました。\
      libvirt は VIR_ERR_OPERATION_INVALID(Code=55)を返し、\
      次の同期で再び問い合わせます: ドメイン自体が失敗しない限り何も壊さないログ上のエラーです"),
    ("optimistic concurrency: the controller updated a stale copy (conflict, \"the object has \
      been modified\"), and it is re-enqueuing the key to retry; not a cause by itself",
     "楽観的並行性制御です: コントローラーが古いコピーを更新し(競合、\"the object has been modified\")\
      、キーを再キューして再試行しています。それだけでは原因になりません"),
    ("virt-launcher connects to virtqemud-sock while virtqemud is still starting; the first \
      attempt fails at startup and the next one succeeds (libvirt logs its version right after): \
      not a cause unless it keeps failing",
     "virt-launcher は virtqemud の起動中に virtqemud-sock へ接続します。\
      最初の試行は起動時に失敗し、次は成功します(直後に libvirt がバージョンを記録します)\
      : 失敗し続けない限り原因ではありません"),
    ("virtqemud probes /dev/kvm for host CPUID as the unprivileged launcher user; the Permission \
      denied at startup is logged on healthy launchers and does not stop QEMU",
     "virtqemud は非特権のランチャーユーザーとしてホストの CPUID のために /dev/kvm を調べます。\
      起動時の Permission denied は正常なランチャーでも記録され、QEMU を止めません"),
    ("the VM controller reacts to a VMI that already Failed (runStrategy decides whether it \
      restarts); the cause of the failure is elsewhere (launcher, storage), not in virt-controller",
     "VM コントローラーがすでに Failed の VMI に反応しています(再起動するかは runStrategy で決まります)\
      。失敗の原因は virt-controller ではなく別の所(ランチャー、ストレージ)にあります"),
    ("look at the launcher pod's and the VMI's events for why it Failed",
     "ランチャー Pod と VMI のイベントで Failed になった理由を見る"),
    ("the CDI importer of a DataVolume moves through phases (TransferScratch, Convert, \
      Validating); a stall after 100% or in Convert is an importer problem, not a VM layer",
     "DataVolume の CDI インポーターはフェーズ(TransferScratch、Convert、\
      Validating)を進みます。100% の後や Convert での停滞はインポーターの問題で、\
      VM のレイヤーの問題ではありません"),
    ("the DataVolume's importer has not finished; progress N/A usually means the importer pod \
      restarts (CrashLoopBackOff): read the importer's log",
     "DataVolume のインポーターは終わっていません。進捗 N/A はたいていインポーター Pod が再起動を繰り返している(CrashL\
      oopBackOff)ことを意味します: インポーターのログを読んでください"),
    ("virtctl asked the VM to start; what happens next is in the virt-launcher pod (Init, \
      terminated) and the VMI's events",
     "virtctl が VM の起動を求めました。その後の経過は virt-launcher Pod(Init、\
      terminated)と VMI のイベントにあります"),
    ("the VM's VNC or USB redirection is already in use by another session (503)",
     "VM の VNC か USB リダイレクトは別のセッションが使用中です(503)"),
    ("virt-handler's console handler refuses a second VNC session asked to preserve the first \
      (\"Active VNC connection. Request denied.\") or a USB redirection with every slot taken: \
      another client holds the VM's console; nothing is broken",
     "virt-handler のコンソールハンドラーが、最初のセッションを保つよう求められた二つ目の VNC セッション(\"Active VN\
      C connection. Request denied.\")か、スロットがすべて埋まった USB リダイレクトを拒否しています: 別のク\
      ライアントが VM のコンソールを使っています。何も壊れていません"),
    ("close the other VNC session, or connect without preserving it",
     "別の VNC セッションを閉じるか、それを保たずに接続する"),
    ("the vnc/console subresource websocket through virt-api answered an HTTP error the paste \
      does not say more of (503 without its body): the API aggregation to virt-api or \
      virt-handler's console handler",
     "virt-api 経由の vnc/console サブリソースの WebSocket が、貼り付けではそれ以上分からない HTTP エラーを\
      返しました(本文のない 503): virt-api への API アグリゲーションか、virt-handler のコンソールハンドラーです"),
    ("kubevirt_vmi_phase_count is not exported on a component's /metrics endpoint: it is a \
      (deprecated) recording rule that Prometheus computes from the exported metrics; query \
      Prometheus for it",
     "kubevirt_vmi_phase_count はコンポーネントの /metrics エンドポイントでは公開されません: 公開されたメトリ\
      クスから Prometheus が計算する(非推奨の)recording rule です。Prometheus に問い合わせてください"),
    ("the VMI is Scheduled: its launcher pod runs on the node but the domain is not started yet \
      (virt-handler's sync has not succeeded)",
     "VMI は Scheduled です: ランチャー Pod はノードで動いていますが、ドメインはまだ起動していません(virt-handle\
      r の同期がまだ成功していません)"),
    ("a deletionTimestamp is set: the object is being deleted and waits for its finalizers",
     "deletionTimestamp が設定されています: オブジェクトは削除中で、ファイナライザーを待っています"),
    ("the node Harvester migrates the VMI to",
     "Harvester が VMI をマイグレーションする先のノード"),
    ("the launcher's init containers have not finished; if the pod is terminated during Init (and \
      a new one created in Init again) the reason is in its events",
     "ランチャーの init コンテナーが終わっていません。Init の間に Pod が終了した(そして新しい Pod が再び Init で作られ\
      た)なら、理由はそのイベントにあります"),
    ("CDI's prlimit wrapper tries to kill a helper process (qemu-img) that already exited: logged \
      at error level, harmless",
     "CDI の prlimit ラッパーが、すでに終了したヘルパープロセス(qemu-img)を kill しようとしています: エラーレベルで\
      記録されますが無害です"),
    ("virt-controller updated the VM's status while its VMI was being deleted (a VM being stopped \
      or restarted by its runStrategy); the error re-enqueues the VM and the next sync succeeds: \
      not a cause by itself",
     "VMI の削除中に virt-controller が VM の status を更新しました(runStrategy により停止か再起動さ\
      れる VM)。このエラーで VM は再キューされ、次の同期は成功します: それだけでは原因になりません"),
    ("virt-handler's file certificate manager retries loading \
      /etc/virt-handler/clientcertificates/tls.crt, which virt-operator mounts only for \
      decentralized (cross-cluster) live migration; without that feature the error repeats and no \
      VM is affected",
     "virt-handler のファイル証明書マネージャーが /etc/virt-handler/clientcertificates/tls.\
      crt の読み込みを再試行しています。virt-operator がこれをマウントするのは分散(クラスター間)\
      ライブマイグレーションの場合だけです。その機能がなければエラーは繰り返されますが、どの VM にも影響しません"),
    ("ignore it unless a decentralized live migration fails; then check that the \
      kubevirt-virt-handler-certs secret is mounted into virt-handler",
     "分散ライブマイグレーションが失敗しない限り無視する。失敗したら kubevirt-virt-handler-certs Secret が v\
      irt-handler にマウントされているか確認する"),
    ("libvirt inside virt-launcher tries the host's DBus system bus, which the compute container \
      does not have; the error is logged at every start and the domain still starts",
     "virt-launcher 内の libvirt がホストの DBus システムバスを試しますが、\
      compute コンテナーにはありません。このエラーは起動のたびに記録されますが、ドメインは起動します"),
    ("libvirt probes the cgroup controllers it could manage itself; inside the launcher pod the \
      kubelet owns the cgroups, so the probe fails at start-up and the domain still starts",
     "libvirt は自ら管理できる cgroup コントローラーを調べます。ランチャー Pod 内では cgroup は kubelet が所\
      有するため、起動時にこの確認は失敗しますが、ドメインは起動します"),
    // `signatures/migration_target.rs`
    ("the migration failed: its target pod stayed Pending past the timeout and was deleted",
     "マイグレーションが失敗しました: 移行先 Pod がタイムアウトを過ぎても Pending のままで、削除されました"),
    ("kubectl describe nodes (allocatable, taints, cpu-model labels)",
     "kubectl describe nodes(allocatable、taint、cpu-model のラベル)"),
    ("virt-controller deletes a migration's target virt-launcher pod that stays unschedulable \
      longer than the unschedulable timeout (or Pending for any reason longer than the catch-all \
      timeout), and the migration fails before any data moved: no node could host the target \
      (resources, node selectors or affinity, taints, a CPU model only the source node has)",
     "virt-controller は、unschedulable のタイムアウトより長くスケジュールできない(またはどんな理由でも包括的なタイ\
      ムアウトより長く Pending の)移行先 virt-launcher Pod を削除し、\
      マイグレーションはデータが動く前に失敗します: 移行先を受け入れられるノードがありません(リソース、\
      ノードセレクターやアフィニティ、taint、移行元ノードにしかない CPU モデル)"),
    ("the migration waits: its target pod does not fit the namespace's ResourceQuota",
     "マイグレーションが待機しています: 移行先 Pod が Namespace の ResourceQuota に収まりません"),
    ("virt-controller cannot create the migration's target virt-launcher pod (\"failed to create \
      vmi migration target pod\") because the API server's quota admission refuses it (exceeded \
      quota): source and target pods count together during a migration, so the quota needs room \
      for one more launcher; the migration is retried and stays Pending, no data moved",
     "API サーバーのクォータのアドミッションが拒否する(exceeded quota)ため、virt-controller はマイグレーション\
      の移行先 virt-launcher Pod を作成できません(\"failed to create vmi migration targe\
      t pod\"): マイグレーション中は移行元と移行先の Pod が合わせて数えられるので、\
      クォータにはランチャー一つ分の余地が必要です。マイグレーションは再試行されて Pending のままで、\
      データは動いていません"),
    ("the migration's target pod is unschedulable (the migration waits)",
     "マイグレーションの移行先 Pod をスケジュールできません(マイグレーションは待機中)"),
    ("virt-controller records that the target virt-launcher pod cannot be scheduled yet; past the \
      unschedulable timeout it deletes the pod and the migration fails",
     "virt-controller は移行先 virt-launcher Pod をまだスケジュールできないと記録しています。\
      unschedulable のタイムアウトを過ぎると Pod を削除し、マイグレーションは失敗します"),
    ("kubectl describe nodes (allocatable, taints)",
     "kubectl describe nodes(allocatable、taint)"),
    ("the migration failed: its target pod is down",
     "マイグレーションが失敗しました: 移行先 Pod が停止しています"),
    ("the target virt-launcher pod went away (deleted, evicted, its node lost) while the \
      migration was being prepared or ran, so virt-controller failed the migration",
     "マイグレーションの準備中か実行中に移行先 virt-launcher Pod が消えた(削除、\
      退避、ノードの喪失)ため、virt-controller はマイグレーションを失敗させました"),
    ("kubectl get nodes (the target node)",
     "kubectl get nodes(移行先ノード)"),
    ("the migration failed: its target pod is down (the VMI's migrationState)",
     "マイグレーションが失敗しました: 移行先 Pod が停止しています(VMI の migrationState)"),
    ("the target virt-launcher pod went away while the migration was being prepared or ran; \
      virt-controller wrote it as the failure reason of the VMI's migrationState",
     "マイグレーションの準備中か実行中に移行先 virt-launcher Pod が消えました。\
      virt-controller はそれを VMI の migrationState の失敗理由として書きました"),
    ("the migration failed: the target's hot-plug attachment pod shut down",
     "マイグレーションが失敗しました: 移行先のホットプラグのアタッチメント Pod が停止しました"),
    ("a VMI with hot-plugged volumes needs an attachment pod on the target node; it went away \
      during the migration, so the migration failed",
     "ホットプラグしたボリュームを持つ VMI には移行先ノードにアタッチメント Pod が必要です。\
      それがマイグレーション中に消えたため、マイグレーションは失敗しました"),
    ("a cancelled migration's target pod was deleted (not a fault)",
     "取り消したマイグレーションの移行先 Pod が削除されました(障害ではありません)"),
    ("the migration was cancelled (its VMIM deleted or aborted) before the target ran; \
      virt-controller deleted the pending target pod, as it should",
     "移行先が動く前にマイグレーションが取り消された(VMIM の削除か中止)ため、virt-controller は保留中の移行先 Pod を想\
      定どおり削除しました"),
    // `signatures/disruption.rs`
    ("a PodDisruptionBudget cannot count its pods (no evictions allowed)",
     "PodDisruptionBudget が Pod を数えられません(退避は許可されません)"),
    ("remove the custom PodDisruptionBudget over launcher pods: KubeVirt protects migrating VMIs \
      with its own (kubevirt-disruption-budget-*)",
     "ランチャー Pod に掛けた独自の PodDisruptionBudget を削除する: KubeVirt はマイグレーション中の VMI \
      を自身の PDB(kubevirt-disruption-budget-*)で保護します"),
    ("a PodDisruptionBudget's pods have an owner without a scale subresource",
     "PodDisruptionBudget の Pod の所有者に scale サブリソースがありません"),
    ("a budget with maxUnavailable or a percentage needs the pods' owner to have a scale \
      subresource; a VMI has none, so the budget allows no disruption and drains cannot evict \
      (migrate) the VMIs",
     "maxUnavailable かパーセンテージの PDB には、Pod の所有者が scale サブリソースを持つ必要があります。\
      VMI にはないため、PDB は中断を一切許さず、ドレインは VMI を退避(マイグレーション)できません"),
    ("the disruption controller cannot work out how many pods a budget expects (a maxUnavailable \
      or percentage budget over virt-launcher pods, whose owner, the VMI, does not implement the \
      scale subresource): it allows no disruption, so every eviction of those pods, and every \
      evacuation migration of a drain, is refused",
     "Disruption コントローラーが PDB の想定する Pod 数を求められません(virt-launcher Pod に対する max\
      Unavailable かパーセンテージの PDB で、所有者の VMI は scale サブリソースを実装していない)\
      : 中断を一切許さないため、それらの Pod の退避も、ドレインによる退避のマイグレーションもすべて拒否されます"),
    ("the disruption controller cannot work out how many pods a budget expects, so it allows no \
      disruption: evictions of the launcher pods it covers, and the drain's evacuation \
      migrations, are refused",
     "Disruption コントローラーが PDB の想定する Pod 数を求められないため、中断を一切許しません: 対象のランチャー Pod \
      の退避も、ドレインによる退避のマイグレーションも拒否されます"),
    ("a PodDisruptionBudget finds no controller for its pods",
     "PodDisruptionBudget が Pod のコントローラーを見つけられません"),
    ("the disruption controller cannot find the controller of a pod the budget covers, so the \
      budget allows no disruption: evictions (and evacuation migrations) of those pods are refused",
     "Disruption コントローラーが PDB の対象 Pod のコントローラーを見つけられないため、\
      PDB は中断を一切許しません: それらの Pod の退避(と退避のマイグレーション)は拒否されます"),
    // `drain/mod.rs`
    ("Eviction strategy LiveMigrate but not live-migratable ({}): the eviction is denied (\"VMI \
      {} is configured with an eviction strategy but is not live-migratable\") and the drain \
      waits.",
     "退避戦略は LiveMigrate ですがライブマイグレーションできません({0}): 退避は拒否され(\"VMI {1} is confi\
      gured with an eviction strategy but is not live-migratable\")\
      、ドレインは待ち続けます。"),
    ("Eviction strategy None: the pod is evicted and the VM stops.",
     "退避戦略 None: Pod は退避され、VM は停止します。"),
    ("With run strategy RerunOnFailure it stays stopped: a graceful shutdown ends Succeeded; it \
      is restarted only if the guest had to be destroyed after the grace period (phase Failed).",
     "実行戦略 RerunOnFailure では停止したままです: 正常なシャットダウンは Succeeded で終わり、\
      再起動するのはゲストが猶予期間の後に破棄された場合(フェーズ Failed)だけです。"),
    ("With run strategy {} it is started again on another node.",
     "実行戦略 {0} では別のノードで再び起動されます。"),
    ("With run strategy {} it stays stopped.",
     "実行戦略 {0} では停止したままです。"),
    ("The VMI is already {}.",
     "VMI はすでに {0} です。"),
    ("The eviction is denied and evacuationNodeName is set; an external controller (such as \
      cluster-api-provider-kubevirt) must remove the VM.",
     "退避は拒否され、evacuationNodeName が設定されます。外部コントローラー(cluster-api-provider-kube\
      virt など)が VM を取り除かなければなりません。"),
    ("The eviction is turned into a live migration.",
     "退避はライブマイグレーションに置き換えられます。"),
    // `diagnosis/migration.rs`
    ("the evacuation controller creates a kubevirt-evacuation-* migration for every marked VMI \
      with one active pod (from v1.9 all at once; limits and back-off keep them Pending); none \
      means it has not synced yet, or (up to v1.8) the parallel-migration limits are full.",
     "退避コントローラーは、印の付いたアクティブな Pod が一つの VMI ごとに kubevirt-evacuation-* のマイグレーショ\
      ンを作成します(v1.9 からは一斉に作成し、上限とバックオフで Pending に留めます)\
      。ないのは、まだ同期していないか、(v1.8 までは)並列マイグレーションの上限に達しているためです。"),
    ("node {}: taint kubevirt.io/drain:NoSchedule (deprecated): evacuating all VMIs on the node",
     "ノード {0}: taint kubevirt.io/drain:NoSchedule(非推奨)\
      : ノード上のすべての VMI を退避させています"),
    ("{t} (earlier migration)",
     "{0}(以前のマイグレーション)"),
    ("{t} ({}) Eviction strategy External ({}): a drain's eviction is denied and the VMI marked \
      for the external controller, which must move or stop it.",
     "{0}(「{1}」)退避戦略 External({2}): ドレインによる退避は拒否され、VMI には外部コントローラー向けの印が付きます。\
      外部コントローラーが移動か停止をしなければなりません。"),
    ("{t} Eviction strategy External ({}): a drain's eviction is denied and the VMI marked for \
      the external controller, which must move or stop it.",
     "{0}退避戦略 External({1}): ドレインによる退避は拒否され、VMI には外部コントローラー向けの印が付きます。\
      外部コントローラーが移動か停止をしなければなりません。"),
    ("{t} Eviction strategy {} ({}): a drain shuts it down instead of migrating it.",
     "{0}退避戦略 {1}({2}): ドレインはマイグレーションせずにシャットダウンします。"),
    ("{t} Its eviction strategy is not in the paste: with LiveMigrate (or LiveMigrateIfPossible) \
      a drain of its node blocks on this VM (the eviction is refused with HTTP 429); with None it \
      is shut down instead.",
     "{0}退避戦略は貼り付けにありません: LiveMigrate(または LiveMigrateIfPossible)\
      ならノードのドレインはこの VM で止まり(退避は HTTP 429 で拒否されます)、None なら代わりにシャットダウンされます。"),
    // `migration/progress.rs`
    ("{}% done",
     "{0}% 完了"),
    ("{} remaining",
     "残り {0}"),
    ("transfer {}",
     "転送 {0}"),
    ("dirty {}",
     "ダーティ {0}"),
    ("ETA about {}",
     "完了まで約 {0}"),
    // `migration/findings.rs`
    ("Migration migration not processed yet",
     "マイグレーション: まだ処理されていません"),
    ("Migration migration pending",
     "マイグレーション: 保留中"),
    ("Migration preparing target",
     "マイグレーション: 移行先の準備中"),
    ("Migration target ready",
     "マイグレーション: 移行先の準備完了"),
    ("Migration migration running",
     "マイグレーション: 実行中"),
    ("Migration migration succeeded",
     "マイグレーション: 成功"),
    ("Migration migration failed",
     "マイグレーション: 失敗"),
    ("Migration waiting for sync (cross-cluster)",
     "マイグレーション: 同期待ち(クラスター間)"),
    ("Migration synchronizing (cross-cluster)",
     "マイグレーション: 同期中(クラスター間)"),
];
