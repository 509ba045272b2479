//! Round 18's sentences: CDI's pods refused their own volume (`signatures/cdi_volume.rs`),
//! virt-handler missing a pod interface in the launcher (`signatures/network.rs`), Kube-OVN's
//! CNI server failing a pod's network (`signatures/kube_ovn.rs`) and a refused volume migration
//! (`signatures/volume_migration.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND18: &[Entry] = &[
    // `signatures/cdi_volume.rs`, cdi-volume-*
    ("CDI's pod may not write its own volume (permission denied)",
     "CDI の Pod が自分のボリュームに書き込めません(permission denied)"),
    ("the importer or upload server runs as a non-root user and opens the claim mounted at /data \
      or its scratch space at /scratch; the volume as the node mounted it refuses that user (a \
      hand-made hostPath directory owned by root, a provisioner or CSI driver that does not apply \
      the pod's fsGroup), so nothing is written and the disk is never provisioned",
     "インポーターまたはアップロードサーバーは非 root ユーザーとして動き、/data にマウントされた\
      クレームや /scratch のスクラッチ領域を開きます。ノードがマウントしたボリュームがそのユーザーを\
      拒否しています(手作業で作った root 所有の hostPath ディレクトリ、Pod の fsGroup を適用しない\
      プロビジョナーや CSI ドライバー)。何も書き込まれず、ディスクはプロビジョニングされません"),
    ("kubectl get pvc <name> -n <ns> -o yaml; kubectl get pv <volume> -o yaml (the provisioner, \
      hostPath or CSI driver)",
     "kubectl get pvc <name> -n <ns> -o yaml; kubectl get pv <volume> -o yaml\
      (プロビジョナー、hostPath または CSI ドライバー)"),
    ("on the node: ls -ln <the volume's directory> (owner and mode against the pod's fsGroup 107)",
     "ノードで: ls -ln <ボリュームのディレクトリ>(所有者とモードを Pod の fsGroup 107 と比べる)"),
    ("kubectl get csidriver <driver> -o yaml (fsGroupPolicy)",
     "kubectl get csidriver <driver> -o yaml(fsGroupPolicy)"),
    ("CDI's pod cannot read its volume's size (available storage -1)",
     "CDI の Pod がボリュームのサイズを読めません(利用可能なストレージ -1)"),
    ("CDI's size probe returns -1 when it cannot read the volume at all (blockdev --getsize64 \
      on the block device, or statfs on the mount, refused): the volume as the node handed it to \
      the non-root pod is not readable by it (the container runtime's device ownership, or the \
      mount's owner), so every image looks too large",
     "CDI のサイズ確認は、ボリュームをまったく読めないとき -1 を返します(ブロックデバイスへの \
      blockdev --getsize64、またはマウントへの statfs が拒否された)。ノードが非 root の Pod に\
      渡したボリュームをその Pod が読めないため(コンテナーランタイムのデバイス所有権、または\
      マウントの所有者)、どのイメージも大きすぎるように見えます"),
    ("kubectl logs <importer- or cdi-upload- pod> (the size probe's own error)",
     "kubectl logs <importer- または cdi-upload- の Pod>(サイズ確認そのもののエラー)"),
    ("the image is larger than the DataVolume's claim (A larger PVC is required)",
     "イメージが DataVolume のクレームより大きいです(より大きな PVC が必要です)"),
    ("the image's virtual size does not fit in the space the claim offers (its requested size \
      less CDI's filesystem overhead): the DataVolume asks for too small a volume, so the import \
      or upload is refused",
     "イメージの仮想サイズがクレームの提供する容量(要求サイズから CDI のファイルシステム\
      オーバーヘッドを引いたもの)に収まりません。DataVolume が要求するボリュームが小さすぎるため、\
      インポートまたはアップロードが拒否されます"),
    ("qemu-img info <image> (virtual size)",
     "qemu-img info <image>(仮想サイズ)"),
    ("kubectl get dv <name> -n <ns> -o yaml (spec.storage.resources.requests.storage); ask for \
      more, or virtctl image-upload --size",
     "kubectl get dv <name> -n <ns> -o yaml(spec.storage.resources.requests.storage)。\
      より大きく要求するか、virtctl image-upload --size を使う"),
    // `signatures/network.rs`, launcher-netns-interface-missing and its sibling
    ("virt-handler finds no pod interface for a VMI network in the launcher",
     "virt-handler がランチャー内に VMI のネットワークの Pod インターフェースを見つけられません"),
    ("virt-handler looks in the launcher pod's network namespace \
      (/proc/<pid>/root/sys/class/net) for the interface the CNI should have created for one of \
      the VMI's networks, and it is not there: Multus or the network's plugin did not attach it, \
      or under another name than the one KubeVirt derives from the network",
     "virt-handler はランチャー Pod のネットワーク名前空間(/proc/<pid>/root/sys/class/net)で、\
      VMI のネットワークの一つのために CNI が作るはずのインターフェースを探しますが、ありません。\
      Multus またはそのネットワークのプラグインが接続しなかったか、KubeVirt がネットワークから\
      導く名前とは別の名前で接続しました"),
    // `signatures/kube_ovn.rs`, kube-ovn-*
    ("Kube-OVN's CNI could not set up the pod's network",
     "Kube-OVN の CNI が Pod のネットワークを設定できませんでした"),
    ("kube-ovn-cni, which answers the CNI ADD of every pod sandbox on its node, failed the pod's \
      network set-up: its address or route is not yet allocated by kube-ovn-controller, the pod's \
      OVS port never came up, or the subnet's gateway does not answer; the pod (a VM's launcher \
      too) stays in its init phase until it succeeds",
     "ノード上のすべての Pod サンドボックスの CNI ADD に応える kube-ovn-cni が、Pod のネットワーク\
      設定に失敗しました: kube-ovn-controller がアドレスやルートをまだ割り当てていないか、Pod の \
      OVS ポートが立ち上がらなかったか、サブネットのゲートウェイが応答しません。成功するまで Pod\
      (VM のランチャーも)は初期化段階に留まります"),
    ("kubectl logs -n kube-system <kube-ovn-cni pod on the pod's node>",
     "kubectl logs -n kube-system <Pod のノード上の kube-ovn-cni Pod>"),
    // `signatures/volume_migration.rs`, volume-migration-*
    ("the volume migration was refused (updateVolumesStrategy: Migration)",
     "ボリュームのマイグレーションが拒否されました(updateVolumesStrategy: Migration)"),
    ("the VM's volumes were changed to be migrated to new claims, and virt-controller refused the \
      change before migrating: a volume of a kind that cannot be copied live (hotplugged, a \
      filesystem, shareable, a LUN, a DataVolume not populated through CSI), a ReadWriteOnce \
      volume left out of the change, a VMI that is not migratable, or a destination claim that \
      does not exist; the VM keeps running on its old volumes and is marked RestartRequired",
     "VM のボリュームが新しいクレームへマイグレーションするよう変更されましたが、virt-controller は\
      マイグレーションの前にその変更を拒否しました: ライブでコピーできない種類のボリューム\
      (ホットプラグ、ファイルシステム、共有可能、LUN、CSI で作られていない DataVolume)、変更から\
      漏れた ReadWriteOnce のボリューム、マイグレーションできない VMI、または存在しない移行先の\
      クレームです。VM は古いボリュームのまま動き続け、RestartRequired と記されます"),
    ("kubectl get vm <name> -n <ns> -o jsonpath='{.status.conditions}' (RestartRequired's message)",
     "kubectl get vm <name> -n <ns> -o jsonpath='{.status.conditions}'(RestartRequired の message)"),
    ("kubectl get vmi <name> -n <ns> -o jsonpath='{.status.conditions}' (LiveMigratable, \
      VolumesChange)",
     "kubectl get vmi <name> -n <ns> -o jsonpath='{.status.conditions}'(LiveMigratable、\
      VolumesChange)"),
    ("revert spec.template.spec.volumes to the running claims, or restart the VM to take the new \
      ones",
     "spec.template.spec.volumes を動作中のクレームに戻すか、VM を再起動して新しいクレームを使う"),
];
