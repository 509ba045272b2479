//! The state readings' sentences: a DataVolume stuck in a step of its population that moves no
//! data, read from its describe's events (`input/state.rs`); a paste that ends inside
//! Harvester's pre-drain wait for the node's VMs (`input/pre_drain.rs`).

use super::Entry;

#[rustfmt::skip]
pub const STATE: &[Entry] = &[
    ("a DataVolume has stayed in a step that moves no data, with nothing recorded since",
     "DataVolume がデータを転送しない段階に留まったままで、その後何も記録されていません"),
    ("CDI records an event on entering each phase of a DataVolume; the newest one here is a step that only waits for its populating pod to be scheduled or for the storage to make a snapshot, a claim or an expansion, and no event followed it for longer than such a step takes, so the population is stuck there and the VM's disk is not provisioned",
     "CDI は DataVolume の各フェーズに入るたびにイベントを記録します。ここで最も新しいものは、データを投入する Pod のスケジュール、またはストレージによるスナップショット、クレーム、拡張の作成を待つだけの段階であり、その段階にかかる時間を超えても後続のイベントがありません。そのため投入はそこで止まっており、VM のディスクはプロビジョニングされていません"),
    ("kubectl get dv,pvc,volumesnapshot -n <ns> (the DataVolume's phase and conditions, its claims and snapshots)",
     "kubectl get dv,pvc,volumesnapshot -n <ns>(DataVolume のフェーズと状態、そのクレームとスナップショット)"),
    ("kubectl logs -n <cdi namespace> deploy/cdi-deployment (CDI's controller: why the step does not end)",
     "kubectl logs -n <cdi namespace> deploy/cdi-deployment(CDI のコントローラー: その段階が終わらない理由)"),
    ("a describe's events", "describe のイベント"),
    ("the node's upgrade still waits for its VMs to be live-migrated away",
     "ノードのアップグレードは、VM がライブマイグレーションで移動するのをまだ待っています"),
    ("Harvester's upgrade drains each node before upgrading it and waits until no VMI is left on it, each live-migrated away by the evacuation (or shut down); the paste stops inside that wait, so VMIs stay on the node: their migrations are not created, stay pending or fail (no other node can take them, a migration policy or the VM's own settings refuse it)",
     "Harvester のアップグレードは、各ノードをアップグレードする前にドレインし、退避によってそれぞれライブマイグレーションされる(またはシャットダウンされる)ことで VMI がノードに残らなくなるまで待ちます。貼り付けはその待機の途中で終わっているため、VMI はノードに残っています。そのマイグレーションは作成されていないか、保留のままか、失敗しています(他に受け入れられるノードがない、マイグレーションポリシーや VM 自身の設定が拒否している)"),
    ("kubectl get vmi -A -l kubevirt.io/nodeName=<node> (the VMIs still on the node)",
     "kubectl get vmi -A -l kubevirt.io/nodeName=<node>(まだノード上にある VMI)"),
    ("kubectl get vmim -A (their migrations' phases) and kubectl describe vmi <name> (the LiveMigratable condition)",
     "kubectl get vmim -A(そのマイグレーションのフェーズ)と kubectl describe vmi <name>(LiveMigratable 状態)"),
    ("Harvester's upgrade log", "Harvester のアップグレードログ"),
];
