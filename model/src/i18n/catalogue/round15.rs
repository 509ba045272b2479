//! Round 15's sentences: the snapshot controller's volume without a VolumeSnapshotClass
//! (`signatures/control_plane.rs`), a missing pod link under virt-handler's command
//! (`signatures/network.rs`), HCO initializing (`signatures/noise.rs`), the empty guest console log
//! (`input/console_log.rs`) and virtiofsd as a reporter (`signatures/components.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND15: &[Entry] = &[
    // `signatures/control_plane.rs`, no-volume-snapshot-class
    ("the VM's volume cannot be snapshotted: no VolumeSnapshotClass for its StorageClass",
     "VM のボリュームはスナップショットを取れません: その StorageClass に対応する VolumeSnapshotClass がありません"),
    ("KubeVirt's snapshot controller found no VolumeSnapshotClass for the CSI driver of the \
      volume's StorageClass, so it marks the volume not snapshottable (volumeSnapshotStatuses \
      enabled: false) and a VM snapshot or restore leaves that disk out or fails; the storage's \
      snapshot support is not configured",
     "KubeVirt のスナップショットコントローラーは、ボリュームの StorageClass の CSI ドライバーに対応する \
      VolumeSnapshotClass を見つけられず、ボリュームをスナップショット不可(volumeSnapshotStatuses の \
      enabled: false)としました。VM のスナップショットやリストアはそのディスクを除外するか失敗します。\
      ストレージのスナップショット機能が設定されていません"),
    ("kubectl get volumesnapshotclass (one with the StorageClass's provisioner as driver)",
     "kubectl get volumesnapshotclass(StorageClass のプロビジョナーをドライバーとするもの)"),
    // `signatures/network.rs`, launcher-command-link-not-found
    ("a pod interface the VMI is to plug is missing (Link not found)",
     "VMI が接続するはずの Pod のインターフェースがありません(Link not found)"),
    ("virt-handler's command to virt-launcher failed because the VMI's network set-up found no \
      link for one of its interfaces in the pod: the CNI (Multus and the secondary network's \
      plugin) did not create it, or under another name",
     "VMI のネットワーク設定が Pod 内にインターフェースのリンクを見つけられなかったため、virt-handler から \
      virt-launcher へのコマンドが失敗しました: CNI(Multus とセカンダリネットワークのプラグイン)が\
      それを作らなかったか、別の名前で作りました"),
    // `signatures/noise.rs`, hco-initializing
    ("HCO is initializing the HyperConverged resource (start-up state)",
     "HCO が HyperConverged リソースを初期化中です(起動時の状態)"),
    ("the hyperconverged-cluster-operator has just begun reconciling the HyperConverged \
      resource: until its first reconcile completes, ReconcileComplete is Unknown and Available \
      False with reason Init; a state of start-up, not a fault unless it stays so",
     "hyperconverged-cluster-operator は HyperConverged リソースの調整を始めたところです: \
      最初の調整が終わるまで、ReconcileComplete は Unknown、Available は False(理由 Init)です。\
      起動時の状態で、続かない限り障害ではありません"),
    // `input/console_log.rs`
    ("the guest's serial console log is empty: the guest writes nothing",
     "ゲストのシリアルコンソールのログが空です: ゲストは何も書き込んでいません"),
    ("the launcher's guest-console-log container streams what the guest writes on its serial \
      port, and it has nothing: the guest's firmware or bootloader never reached a kernel (a disk \
      that does not boot, a firmware the image does not support) or the kernel does not write to \
      ttyS0",
     "ランチャーの guest-console-log コンテナーはゲストがシリアルポートに書き込む内容を流しますが、\
      何もありません: ゲストのファームウェアかブートローダーがカーネルに到達していない(起動しないディスク、\
      イメージが対応しないファームウェア)か、カーネルが ttyS0 に書き込んでいません"),
    ("virtctl vnc <vm> (the firmware's and bootloader's screen)",
     "virtctl vnc <vm>(ファームウェアとブートローダーの画面)"),
    ("check the image boots with the VM's firmware (BIOS or EFI) and architecture",
     "イメージが VM のファームウェア(BIOS か EFI)とアーキテクチャーで起動することを確認する"),
    ("a kubectl logs of the guest-console-log container",
     "guest-console-log コンテナーの kubectl logs"),
    // `signatures/components.rs`, virtiofsd
    ("the launcher pod's file-sharing daemon, serving the node's directories to the guest",
     "ランチャー Pod のファイル共有デーモン。ノードのディレクトリーをゲストに提供します"),
];
