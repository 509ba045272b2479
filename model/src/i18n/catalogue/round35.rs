//! Round 35's sentences: QEMU refusing a volume migration's storage slice
//! (`signatures/raw_slice.rs`), virt-handler finding no address on the migration network
//! (`signatures/migration_network.rs`), a CSI driver refusing a snapshot
//! (`signatures/csi_snapshot.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND35: &[Entry] = &[
    ("the volume migration's destination disk is smaller than the disk it copies",
     "ボリューム移行の移行先ディスクが、コピー元のディスクより小さくなっています"),
    ("for a volume (storage) migration KubeVirt gives the disk a storage slice as large as the source disk, and the destination QEMU refuses it: the destination volume is smaller than the source disk (a claim sized from a snapshot's restoreSize or used bytes, a provisioner rounding the volume down), so the migration fails before copying any data",
     "ボリューム(ストレージ)移行では、KubeVirt はディスクに移行元ディスクと同じ大きさのストレージスライスを与えますが、移行先の QEMU がそれを拒否しました。移行先ボリュームが移行元ディスクより小さい(スナップショットの restoreSize や使用済みバイト数から決めたクレームのサイズ、ボリュームを切り下げるプロビジョナー)ため、移行はデータをコピーする前に失敗します"),
    ("kubectl get pvc <destination claim> -n <ns> -o jsonpath='{.status.capacity.storage}' (against the source claim's)",
     "kubectl get pvc <移行先のクレーム> -n <ns> -o jsonpath='{.status.capacity.storage}'(移行元のクレームと比べます)"),
    ("kubectl get pv <destination volume> -o jsonpath='{.spec.capacity.storage}'",
     "kubectl get pv <移行先のボリューム> -o jsonpath='{.spec.capacity.storage}'"),
    ("expand the destination claim to at least the source disk's size, then retry the migration",
     "移行先のクレームを少なくとも移行元ディスクの大きさまで拡張してから、移行をやり直します"),
    ("the migration network gives virt-handler no usable address",
     "移行用ネットワークが virt-handler に使えるアドレスを与えていません"),
    ("virt-handler is attached to the dedicated migration network as migration0 and finds no routable (global unicast) address on it, so it stops at start-up: the NetworkAttachmentDefinition of the migration network assigns no address, or only a link-local one (its IPAM is missing or wrong)",
     "virt-handler は専用の移行用ネットワークに migration0 として接続されていますが、そこにルーティング可能な(グローバルユニキャストの)アドレスがないため、起動時に停止します。移行用ネットワークの NetworkAttachmentDefinition がアドレスを割り当てないか、リンクローカルのアドレスしか割り当てていません(IPAM がないか誤っています)"),
    ("kubectl get kubevirt -A -o jsonpath='{..migrations.network}' (the migration network's NAD)",
     "kubectl get kubevirt -A -o jsonpath='{..migrations.network}'(移行用ネットワークの NAD)"),
    ("kubectl get network-attachment-definitions <nad> -n <kubevirt namespace> -o yaml (spec.config's ipam)",
     "kubectl get network-attachment-definitions <nad> -n <kubevirt の名前空間> -o yaml(spec.config の ipam)"),
    ("give the NAD an IPAM range with routable addresses (whereabouts, static), or remove the migration network",
     "NAD にルーティング可能なアドレスの IPAM 範囲(whereabouts、static)を与えるか、移行用ネットワークを外します"),
    ("the CSI driver refused to take a volume's snapshot",
     "CSI ドライバーがボリュームのスナップショット作成を拒否しました"),
    ("the snapshot controller asked the volume's CSI driver to snapshot it (CreateSnapshot) and the driver refused (its gRPC code says why: the volume's mode or size, a missing snapshot secret, a class the driver does not support), so the VolumeSnapshot is not ready and the VM snapshot or backup that waits on it does not complete",
     "スナップショットコントローラーがボリュームの CSI ドライバーにスナップショットを求め(CreateSnapshot)、ドライバーが拒否しました(理由は gRPC コードが示します: ボリュームのモードやサイズ、スナップショット用シークレットの欠如、ドライバーが対応しないクラス)。そのため VolumeSnapshot は準備完了にならず、それを待つ VM のスナップショットやバックアップは完了しません"),
    ("kubectl get volumesnapshot -n <ns> -o yaml (status.error.message)",
     "kubectl get volumesnapshot -n <ns> -o yaml(status.error.message)"),
    ("kubectl get volumesnapshotclass -o yaml (driver, parameters, secrets)",
     "kubectl get volumesnapshotclass -o yaml(driver、parameters、シークレット)"),
    ("kubectl logs -n <driver namespace> <CSI controller pod> -c csi-snapshotter",
     "kubectl logs -n <ドライバーの名前空間> <CSI コントローラー Pod> -c csi-snapshotter"),
];
