//! What to do for a signal, as `remedy/signals.rs` writes it (by signature id or listing status); commands stay as written.

use super::Entry;

#[rustfmt::skip]
pub const REMEDY_SIGNALS: &[Entry] = &[
    // `remedy/signals.rs`
    ("Restart the VM so it starts on a fresh launcher pod: `virtctl restart {} -n {}`.",
     "新しいランチャー Pod で起動するよう VM を再起動します: `virtctl restart {0} -n {1}`。"),
    ("Enable hardware virtualization (VT-x/AMD-V) on the node, or nested virtualization on a \
      cloud VM, and make sure the `kvm` module is loaded so virt-handler's device plugin offers \
      `devices.kubevirt.io/kvm`; without it, set \
      `spec.configuration.developerConfiguration.useEmulation: true` in the KubeVirt CR (software \
      emulation, slow).",
     "ノードでハードウェア仮想化(VT-x/AMD-V)を有効にするか、クラウドの VM ならネストされた仮想化を有効にし、\
      `kvm` モジュールを読み込んで virt-handler のデバイスプラグインが `devices.kubevirt.io/kvm` を\
      提供するようにします。それができないなら KubeVirt CR で `spec.configuration.developerConfig\
      uration.useEmulation: true` を設定します(ソフトウェアエミュレーションで低速です)。"),
    ("Start the VM again if it should run: `virtctl start {} -n {}`; set run strategy Always to \
      have KubeVirt restart it after a guest shutdown.",
     "動かすべきなら VM を再び起動します: `virtctl start {0} -n {1}`。\
      ゲストのシャットダウン後に KubeVirt に再起動させるには実行戦略を Always にします。"),
    ("Once the cause is fixed, migrate again: `virtctl migrate {} -n {}`.",
     "原因を直したら再びマイグレーションします: `virtctl migrate {0} -n {1}`。"),
    ("Delete the crashing virt-handler pod on the node so its DaemonSet recreates it: `kubectl \
      delete pod -n kubevirt -l kubevirt.io=virt-handler --field-selector spec.nodeName={}`; if \
      it crashes again, fix the cause in its log (or move to a KubeVirt release without the bug).",
     "クラッシュしている virt-handler Pod をノード上で削除して DaemonSet に作り直させます: `kubectl del\
      ete pod -n kubevirt -l kubevirt.io=virt-handler --field-selector spec.\
      nodeName={0}`。再びクラッシュするならログにある原因を直します(またはその不具合のない KubeVirt リリースに移ります)。"),
    ("Fix what the Synchronized condition's message names (a missing volume, a bad domain \
      setting); virt-handler retries on its own, or restart the VM: `virtctl restart {} -n {}`.",
     "Synchronized コンディションのメッセージが指すもの(足りないボリューム、誤ったドメイン設定)\
      を直します。virt-handler が自ら再試行しますが、VM を再起動することもできます: `virtctl restart {0} -n {1}`。"),
    ("Make the claims bind: create the missing StorageClass or PersistentVolume, or set a working \
      `storageClassName` in the VM's dataVolumeTemplates.",
     "クレームをバインドさせます: 足りない StorageClass か PersistentVolume を作るか、\
      VM の dataVolumeTemplates に使える `storageClassName` を設定します。"),
    ("Remove or rename the field the API server names in the manifest (it is not in this KubeVirt \
      release's schema), or upgrade KubeVirt to a release that has it, then apply again.",
     "API サーバーが示すマニフェストの項目を削除するか名前を直します(この KubeVirt リリースのスキーマにありません)\
      。またはその項目を持つリリースに KubeVirt を上げてから、再び適用します。"),
    ("Fix the image reference, the registry's reachability or the pull secret, then delete the \
      pod so it pulls again: `kubectl delete pod {} -n {}`.",
     "イメージ参照、レジストリーへの到達性、pull secret を直し、Pod を削除してイメージを取得し直させます: `kubectl de\
      lete pod {0} -n {1}`。"),
    ("Fix the storage (free space on the volume, reconnect the storage backend), then restart the \
      VM: `virtctl restart {} -n {}`.",
     "ストレージを直し(ボリュームの空きを作る、ストレージバックエンドを再接続する)、VM を再起動します: `virtctl restart {\
      0} -n {1}`。"),
    ("Give the target pod a node: relax the VM's nodeSelector, affinity or tolerations, or free \
      or add a node that satisfies them (`kubectl uncordon <node>` if one was cordoned), then \
      migrate again: `virtctl migrate {} -n {}`.",
     "移行先 Pod にノードを用意します: VM の nodeSelector・アフィニティ・toleration を緩めるか、\
      それを満たすノードを空けるか追加し(cordon されたノードなら `kubectl uncordon <node>`)\
      、再びマイグレーションします: `virtctl migrate {0} -n {1}`。"),
    ("Put the VM's disks on ReadWriteMany (shared) storage, or mark them for storage migration, \
      so it can live-migrate; until then set `evictionStrategy: None` so a drain shuts it down \
      instead of being blocked, or stop it before the drain (`virtctl stop {} -n {}`).",
     "ライブマイグレーションできるよう、VM のディスクを ReadWriteMany(共有)ストレージに置くか、\
      ストレージマイグレーションの対象にします。それまでは `evictionStrategy: None` にしてドレインで止まらずにシャットダ\
      ウンさせるか、ドレイン前に停止します(`virtctl stop {0} -n {1}`)。"),
    ("Delete the stuck launcher pod so a new one is made: `kubectl delete pod {} -n {}` (the VM \
      controller starts a new VMI when its run strategy is Always or RerunOnFailure; otherwise \
      `virtctl start {} -n {}`).",
     "止まっているランチャー Pod を削除して作り直させます: `kubectl delete pod {0} -n {1}`(実行戦略が Al\
      ways か RerunOnFailure なら VM コントローラーが新しい VMI を起動します。\
      そうでなければ `virtctl start {2} -n {3}`)。"),
    ("Bring the node back (kubelet, container runtime, network, power); VMs that must keep \
      running meanwhile can be migrated away while virt-handler still beats: `virtctl migrate {} \
      -n {}`.",
     "ノードを復旧させます(kubelet、コンテナーランタイム、ネットワーク、電源)。その間も動かし続ける必要のある VM は、\
      virt-handler のハートビートがあるうちに移動できます: `virtctl migrate {0} -n {1}`。"),
    ("Give every volume in `spec.template.spec.volumes` a disk of the same name in \
      `spec.template.spec.domain.devices.disks` (or remove the volume), then apply again.",
     "`spec.template.spec.volumes` のすべてのボリュームに、`spec.template.spec.domain.de\
      vices.disks` の同名のディスクを用意し(またはボリュームを削除し)、再び適用します。"),
    ("Install and start qemu-guest-agent in the guest (`systemctl enable --now \
      qemu-guest-agent`), using a version that supports the commands KubeVirt needs.",
     "ゲストに qemu-guest-agent を入れて起動します(`systemctl enable --now qemu-guest-age\
      nt`)。KubeVirt が必要とするコマンドに対応した版を使います。"),
    ("Let the evictions finish; make every VM on the node migratable or stop it, then `kubectl \
      uncordon <node>` after the maintenance.",
     "退避を終わらせます。ノード上のすべての VM をマイグレーション可能にするか停止し、保守の後で `kubectl uncordon <nod\
      e>` を実行します。"),
    ("Raise the namespace's ResourceQuota (`kubectl edit resourcequota -n {}`) or lower the VM's \
      requests; a migration needs room for a second launcher pod.",
     "Namespace の ResourceQuota を上げる(`kubectl edit resourcequota -n {0}`)\
      か、VM の要求を下げます。マイグレーションには二つ目のランチャー Pod の余地が必要です。"),
    ("Reconnect: `virtctl console {} -n {}`; if the connection keeps breaking, fix the proxy or \
      load balancer in front of the API server (websocket timeouts).",
     "再接続します: `virtctl console {0} -n {1}`。接続が切れ続けるなら、\
      API サーバーの前段のプロキシかロードバランサーを直します(WebSocket のタイムアウト)。"),
    ("Bring the node's kubelet back so it confirms the deletion; if the node is gone for good, \
      force-delete the pod: `kubectl delete pod {} -n {} --force --grace-period=0`.",
     "ノードの kubelet を復旧させて削除を確認させます。ノードが完全に失われたなら Pod を強制削除します: `kubectl dele\
      te pod {0} -n {1} --force --grace-period=0`。"),
    ("Enable a serial console in the guest (kernel `console=ttyS0`, a getty on ttyS0) or use VNC: \
      `virtctl vnc {} -n {}`.",
     "ゲストでシリアルコンソールを有効にする(カーネルの `console=ttyS0`、ttyS0 の getty)\
      か、VNC を使います: `virtctl vnc {0} -n {1}`。"),
    ("Fix the image reference, the registry's reachability or the pull secret (`kubectl create \
      secret docker-registry …` and reference it), then delete the pod so it pulls again: \
      `kubectl delete pod {} -n {}`.",
     "イメージ参照、レジストリーへの到達性、pull secret(`kubectl create secret docker-registry \
      …` で作り参照する)を直し、Pod を削除してイメージを取得し直させます: `kubectl delete pod {0} -n {1}`。"),
    ("Fix what the FailedCreate event names (quota, admission, a missing DataVolume or secret); \
      the VM controller creates the object again on its next sync.",
     "FailedCreate イベントが指すもの(クォータ、アドミッション、存在しない DataVolume や Secret)\
      を直します。VM コントローラーは次の同期でオブジェクトを作り直します。"),
    ("Fix what the operator's Degraded condition message names; it reconciles again on its own \
      once that is fixed.",
     "オペレーターの Degraded コンディションのメッセージが指すものを直します。直れば自ら再調整します。"),
    ("Give the PVC's storage room to grow (or expand the PVC within what the StorageClass \
      allows), then restart the VM: `virtctl restart {} -n {}`.",
     "PVC のストレージに拡張の余地を作り(または StorageClass の許す範囲で PVC を拡張し)\
      、VM を再起動します: `virtctl restart {0} -n {1}`。"),
    ("Let the VM's migration finish (the drain retries), or make it migratable; for a VM that \
      cannot migrate, stop it before the drain: `virtctl stop {} -n {}`.",
     "VM のマイグレーションを終わらせる(ドレインは再試行します)か、マイグレーション可能にします。\
      マイグレーションできない VM はドレイン前に停止します: `virtctl stop {0} -n {1}`。"),
    ("Let the migration converge: raise `bandwidthPerMigration` or allow post-copy / \
      auto-converge in the KubeVirt CR's `spec.configuration.migrations`, or lower the guest's \
      write load, then migrate again: `virtctl migrate {} -n {}`.",
     "マイグレーションを収束させます: `bandwidthPerMigration` を上げるか、\
      KubeVirt CR の `spec.configuration.migrations` で post-copy / auto-conve\
      rge を許可する、またはゲストの書き込み負荷を下げます。その後再びマイグレーションします: `virtctl migrate {0} -n {1}`。"),
    ("Restore the webhook's service (redeploy the component that owns it), or delete the stale \
      webhook configuration that points at it.",
     "Webhook の Service を復旧させる(それを持つコンポーネントを再デプロイする)\
      か、それを指す古い Webhook 設定を削除します。"),
    ("Fix the network attachment (the NetworkAttachmentDefinition and the node's interface or CNI \
      plugin), then restart the VM so its interfaces are plugged again: `virtctl restart {} -n \
      {}`.",
     "ネットワーク接続(NetworkAttachmentDefinition とノードのインターフェースか CNI プラグイン)\
      を直し、インターフェースを接続し直すため VM を再起動します: `virtctl restart {0} -n {1}`。"),
    ("Fix the VM spec field the conversion error names (`kubectl edit vm {} -n {}`), then restart \
      the VM: `virtctl restart {} -n {}`.",
     "変換エラーが指す VM spec の項目を直し(`kubectl edit vm {0} -n {1}`)\
      、VM を再起動します: `virtctl restart {2} -n {3}`。"),
    ("Fix the network between the source and target nodes' virt-handlers (the migration port), \
      then migrate again: `virtctl migrate {} -n {}`.",
     "移行元と移行先のノードの virt-handler 間のネットワーク(マイグレーション用ポート)\
      を直し、再びマイグレーションします: `virtctl migrate {0} -n {1}`。"),
    ("Let the migration converge: raise `bandwidthPerMigration` or allow post-copy / \
      auto-converge in the KubeVirt CR's `spec.configuration.migrations`, or lower the guest's \
      write load.",
     "マイグレーションを収束させます: `bandwidthPerMigration` を上げるか、\
      KubeVirt CR の `spec.configuration.migrations` で post-copy / auto-conve\
      rge を許可する、またはゲストの書き込み負荷を下げます。"),
    ("Let the migration finish; if it loops, cancel it: `kubectl delete vmim -n {} -l \
      kubevirt.io/vmi-name={}`.",
     "マイグレーションを終わらせます。繰り返すなら取り消します: `kubectl delete vmim -n {0} -l kubevirt.\
      io/vmi-name={1}`。"),
    ("Make the hostDisk image's directory writable by the launcher (qemu user 107) on the node, \
      then restart the VM: `virtctl restart {} -n {}`.",
     "ノード上の hostDisk イメージのディレクトリーをランチャー(qemu ユーザー 107)\
      が書き込めるようにしてから、VM を再起動します: `virtctl restart {0} -n {1}`。"),
    ("Make the service in the guest listen and open its firewall, or fix the path to it (the \
      VMI's interface, the Service or NetworkPolicy in front of it); from the console: `virtctl \
      console {} -n {}`.",
     "ゲストのサービスを待ち受けさせてファイアウォールを開けるか、そこまでの経路(VMI のインターフェース、\
      前段の Service や NetworkPolicy)を直します。コンソールからは `virtctl console {0} -n {1}`。"),
    ("Remove the empty or read-only disk (a CD-ROM without media) from the VM, or eject it, \
      before migrating; or stop the VM for the drain: `virtctl stop {} -n {}`.",
     "マイグレーションの前に、空か読み取り専用のディスク(メディアのない CD-ROM)を VM から取り除くか取り出します。\
      またはドレインのために VM を停止します: `virtctl stop {0} -n {1}`。"),
    ("Reserve enough hugepages of the requested size on the node (kernel `hugepages=` or the \
      node's hugepages setting), or lower the VM's memory, then restart it: `virtctl restart {} \
      -n {}`.",
     "要求されたサイズの hugepages をノードで十分に確保する(カーネルの `hugepages=` かノードの hugepages 設定\
      )か、VM のメモリーを減らしてから再起動します: `virtctl restart {0} -n {1}`。"),
    ("Restart the CSI driver's node plugin on the node (delete its pod so its DaemonSet recreates \
      it), then delete the launcher pod so the volume is mapped again: `kubectl delete pod {} -n \
      {}`.",
     "ノード上の CSI ドライバーのノードプラグインを再起動し(Pod を削除して DaemonSet に作り直させる)\
      、ランチャー Pod を削除してボリュームをマップし直させます: `kubectl delete pod {0} -n {1}`。"),
    ("Start the VM if it should run: `virtctl start {} -n {}` (or set its run strategy to Always).",
     "動かすべきなら VM を起動します: `virtctl start {0} -n {1}`(または実行戦略を Always にします)。"),
    ("Upgrade or redeploy the KubeVirt CRDs so their schema matches the running components \
      (virt-operator reinstalls them), then let the controller retry.",
     "KubeVirt の CRD を更新するか再デプロイして、スキーマを動いているコンポーネントに合わせます(virt-operator が入れ\
      直します)。その後コントローラーの再試行を待ちます。"),
    ("Wait for the in-flight migration to end, or cancel it: `kubectl delete vmim -n {} -l \
      kubevirt.io/vmi-name={}`.",
     "進行中のマイグレーションが終わるのを待つか、取り消します: `kubectl delete vmim -n {0} -l kubevirt.\
      io/vmi-name={1}`。"),
    ("Wait for the migration to end, or cancel it: `kubectl delete vmim -n {} -l \
      kubevirt.io/vmi-name={}`.",
     "マイグレーションが終わるのを待つか、取り消します: `kubectl delete vmim -n {0} -l kubevirt.io/v\
      mi-name={1}`。"),
    ("Wait for virt-operator to finish deploying; if it stays Deploying, fix the component pods \
      it waits for (`kubectl get pods -n kubevirt`).",
     "virt-operator がデプロイを終えるのを待ちます。Deploying のままなら、\
      待っているコンポーネントの Pod を直します(`kubectl get pods -n kubevirt`)。"),
    // `remedy/control_plane.rs`
    ("Nothing to do while the deletion proceeds; if it hangs, bring virt-handler on the VMI's      node \
      back (it finishes the shutdown), and only once the guest is surely gone force it:      `kubectl \
      delete vmi {} -n {} --force --grace-period=0`.",
     "削除が進んでいる間は何もする必要はありません。止まったら VMI のノードの virt-handler を復旧させ(シャットダウンを完了させ\
      ます)、ゲストが確実に消えてから強制します: `kubectl delete vmi {0} -n {1} --force --grace-\
      period=0`。"),
];
