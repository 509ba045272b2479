//! The state readings' sentences (`input/state.rs`): a DataVolume stuck in a step of its
//! population that moves no data, read from its describe's events.

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
];
