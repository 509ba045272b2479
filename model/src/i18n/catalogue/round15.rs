//! Round 15's sentences: the snapshot controller's volume without a VolumeSnapshotClass
//! (`signatures/control_plane.rs`), HCO initializing (`signatures/noise.rs`) and virtiofsd as a
//! reporter (`signatures/components.rs`).

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
    // `signatures/noise.rs`, hco-initializing
    ("HCO is initializing the HyperConverged resource (start-up state)",
     "HCO が HyperConverged リソースを初期化中です(起動時の状態)"),
    ("the hyperconverged-cluster-operator has just begun reconciling the HyperConverged \
      resource: until its first reconcile completes, ReconcileComplete is Unknown and Available \
      False with reason Init; a state of start-up, not a fault unless it stays so",
     "hyperconverged-cluster-operator は HyperConverged リソースの調整を始めたところです: \
      最初の調整が終わるまで、ReconcileComplete は Unknown、Available は False(理由 Init)です。\
      起動時の状態で、続かない限り障害ではありません"),
    // `signatures/components.rs`, virtiofsd
    ("the launcher pod's file-sharing daemon, serving the node's directories to the guest",
     "ランチャー Pod のファイル共有デーモン。ノードのディレクトリーをゲストに提供します"),
];
