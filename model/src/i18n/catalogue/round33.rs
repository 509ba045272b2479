//! Round 33's sentences: the kubelet's wait for a pod's volumes with no attach, mount or map
//! step of its own in the paste (`input/kubelet_volume_wait.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND33: &[Entry] = &[
    ("the kubelet waited for a volume no attach or mount step reports failing",
     "kubelet はボリュームを待ちましたが、失敗を報告しているアタッチやマウントの手順はありません"),
    ("the kubelet's volume manager gave up waiting (about two minutes) for the pod's volumes, and no attach, mount or map step reports an error of its own: the node's mount steps record their failures (MountVolume…, MapVolume…), the wait for the controller's attach records none, so the volume is waiting to be attached by the attach/detach controller and the storage driver's controller, or the pod's spec or claim gives it in a form the node cannot set up",
     "kubelet のボリュームマネージャーは Pod のボリュームを(約 2 分)待ってあきらめましたが、自らエラーを報告しているアタッチ、マウント、マップの手順はありません。ノードのマウント手順は失敗を記録します(MountVolume…、MapVolume…)が、コントローラーによるアタッチの待機は何も記録しません。したがってボリュームは attach/detach コントローラーとストレージドライバーのコントローラーによるアタッチを待っているか、Pod の spec またはクレームがノードでは準備できない形でボリュームを渡しています"),
    ("kubectl get volumeattachment | grep <pv> (attached true or false, and its error)",
     "kubectl get volumeattachment | grep <pv>(attached が true か false か、およびそのエラー)"),
    ("kubectl describe pvc <claim> -n <ns> (bound, volume mode, storage class)",
     "kubectl describe pvc <claim> -n <ns>(バインド状態、ボリュームモード、ストレージクラス)"),
    ("kubectl logs -n <driver namespace> <CSI controller pod> -c csi-attacher",
     "kubectl logs -n <ドライバーの名前空間> <CSI コントローラー Pod> -c csi-attacher"),
];
