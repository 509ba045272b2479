//! Round 15's sentences: the snapshot controller's volume without a VolumeSnapshotClass
//! (`signatures/control_plane.rs`) and virtiofsd as a reporter (`signatures/components.rs`).

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
    // `signatures/components.rs`, virtiofsd
    ("the launcher pod's file-sharing daemon, serving the node's directories to the guest",
     "ランチャー Pod のファイル共有デーモン。ノードのディレクトリーをゲストに提供します"),
];
