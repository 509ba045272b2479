//! Round 17's sentences: the cluster network add-ons operator failing its configuration
//! (`signatures/network_addons.rs`), kubevirtci's node that never came up
//! (`signatures/kubevirtci.rs`), Longhorn's Faulted events (`signatures/longhorn.rs`) and CDI
//! waiting for a pod to release a claim (`signatures/cdi_in_use.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND17: &[Entry] = &[
    // `signatures/network_addons.rs`, cnao-*
    ("the cluster network add-ons operator fails its configuration (NetworkAddonsConfig)",
     "cluster-network-addons-operator が構成(NetworkAddonsConfig)の適用に失敗しています"),
    ("the cluster network add-ons operator could not validate, render or apply the \
      NetworkAddonsConfig (the condition's or event's message says which object and why): the \
      secondary-network add-ons it deploys (Multus, the linux bridge, KubeMacPool, ovs-cni, \
      macvtap-cni) are missing or stale, so VMs' secondary networks cannot be wired",
     "cluster-network-addons-operator が NetworkAddonsConfig を検証・レンダリング・適用できませんでした\
      (どのオブジェクトがなぜかは、コンディションかイベントのメッセージにあります): オペレーターが配備する\
      セカンダリネットワークのアドオン(Multus、linux bridge、KubeMacPool、ovs-cni、macvtap-cni)が\
      無いか古いままのため、VM のセカンダリネットワークを接続できません"),
    ("kubectl get networkaddonsconfig cluster -o yaml (status.conditions: Degraded's reason and message)",
     "kubectl get networkaddonsconfig cluster -o yaml(status.conditions: Degraded の reason と message)"),
    ("kubectl get events -A --field-selector involvedObject.kind=NetworkAddonsConfig",
     "kubectl get events -A --field-selector involvedObject.kind=NetworkAddonsConfig"),
    ("kubectl logs -n <operator namespace> deploy/cluster-network-addons-operator",
     "kubectl logs -n <オペレーターの名前空間> deploy/cluster-network-addons-operator"),
    // `signatures/kubevirtci.rs`, kubevirtci-*
    ("a kubevirtci cluster node never came up (make cluster-up)",
     "kubevirtci のクラスターノードが起動しませんでした(make cluster-up)"),
    ("kubevirtci runs each cluster node as a VM in a container and waits for it over \
      ssh; this node never answered or could not be provisioned: its VM did not boot, got no \
      network, or the host gives it no usable KVM; nothing of KubeVirt runs there yet",
     "kubevirtci は各クラスターノードをコンテナー内の VM として動かし、ssh で応答を待ちます。\
      このノードは応答しないか、プロビジョニングできませんでした: その VM が起動しなかった、\
      ネットワークを得られなかった、またはホストが使える KVM を与えていません。\
      そこではまだ KubeVirt は何も動いていません"),
    ("docker ps -a (the node containers, <prefix>-node01 ...) and docker logs <node container>",
     "docker ps -a(ノードのコンテナー、<prefix>-node01 …)と docker logs <ノードのコンテナー>"),
    ("ls -l /dev/kvm on the host (the node VMs need KVM)",
     "ホストで ls -l /dev/kvm(ノードの VM には KVM が必要です)"),
    ("make cluster-down && make cluster-up",
     "make cluster-down && make cluster-up"),
    // `signatures/longhorn.rs`, longhorn-*
    ("a Longhorn volume under the VM's disk faulted",
     "VM のディスクの下にある Longhorn ボリュームが faulted になりました"),
    ("Longhorn found no healthy replica left for the volume (each replica on a node's \
      disk failed or was stopped) and detached it: the VM's disk is gone until a replica is \
      salvaged; the nodes' disks, their instance managers or the network between them failed",
     "Longhorn はボリュームに正常なレプリカが残っていないと判断し(ノードのディスク上の各レプリカが\
      失敗したか停止しました)、ボリュームをデタッチしました: レプリカを救出するまで VM のディスクは\
      使えません。ノードのディスク、そのインスタンスマネージャー、またはその間のネットワークが\
      失敗しています"),
    ("a Longhorn replica of the VM's volume failed",
     "VM のボリュームの Longhorn レプリカが失敗しました"),
    ("Longhorn's engine found a replica of the volume in error (its node's disk, \
      instance manager or the network to it failed, or its data no longer matches): the \
      volume runs degraded on the replicas left and faults when none is left",
     "Longhorn のエンジンがボリュームのレプリカをエラー状態と検出しました(そのノードのディスク、\
      インスタンスマネージャー、そこへのネットワークが失敗したか、データが一致しなくなりました): \
      ボリュームは残りのレプリカで低下状態のまま動き、レプリカが残らなくなると faulted になります"),
    ("kubectl get volumes.longhorn.io,replicas.longhorn.io -n longhorn-system (robustness, state, node)",
     "kubectl get volumes.longhorn.io,replicas.longhorn.io -n longhorn-system(robustness、state、node)"),
    ("kubectl logs -n longhorn-system <longhorn-manager pod on the replicas' nodes>",
     "kubectl logs -n longhorn-system <レプリカのノード上の longhorn-manager Pod>"),
    ("check the nodes' disks (df -h, dmesg) under the Longhorn data path",
     "Longhorn のデータパスの下にあるノードのディスクを確認する(df -h、dmesg)"),
    // `signatures/cdi_in_use.rs`, cdi-claim-in-use
    ("CDI waits for a pod to release the claim (in use)",
     "CDI は Pod がクレームを解放するのを待っています(使用中)"),
    ("CDI's controller (cdi-deployment) does not start the clone, import or upload \
      while another pod mounts the claim (the clone's source, or the import's or upload's \
      target): the DataVolume stays \
      waiting, its disk unprovisioned, until that pod (often a running VM's virt-launcher) \
      stops using it",
     "別の Pod がクレーム(クローンのソース、またはインポートやアップロードのターゲット)をマウントしている間、\
      CDI のコントローラー(cdi-deployment)はクローン・インポート・アップロードを始めません: その Pod(多くは実行中の VM の virt-launcher)が\
      使うのをやめるまで、DataVolume は待ち続け、ディスクはプロビジョニングされません"),
    ("kubectl get events -n <ns> --field-selector involvedObject.name=<dv or pvc> (the pod named)",
     "kubectl get events -n <ns> --field-selector involvedObject.name=<dv または pvc>(名前が挙がった Pod)"),
    ("stop the VM using the source claim (virtctl stop <vm>), or clone from a VolumeSnapshot",
     "ソースのクレームを使っている VM を停止する(virtctl stop <vm>)か、VolumeSnapshot からクローンする"),
    ("kubectl get dv <name> -n <ns> -o yaml (status.phase, conditions)",
     "kubectl get dv <name> -n <ns> -o yaml(status.phase、conditions)"),
];
