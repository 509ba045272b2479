//! What to do for an alert, as `remedy/alerts.rs` writes it; commands stay as written.

use super::Entry;

#[rustfmt::skip]
pub const REMEDIES_MORE: &[Entry] = &[
    // `remedy/alerts.rs`
    ("Bring virt-handler back on the node: fix what keeps its pod from running (CrashLoopBackOff \
      in its log, an image it cannot pull, node taints or resources), or delete the pod so the \
      DaemonSet recreates it: `kubectl delete pod -n kubevirt -l kubevirt.io=virt-handler \
      --field-selector spec.nodeName={}`.",
     "ノードの virt-handler を復旧させます: Pod が動けない原因(ログの CrashLoopBackOff、\
      取得できないイメージ、ノードの taint やリソース)を直すか、Pod を削除して DaemonSet に作り直させます: `kubect\
      l delete pod -n kubevirt -l kubevirt.io=virt-handler --field-selector \
      spec.nodeName={0}`。"),
    ("Bring virt-controller back: fix what keeps its pods from running (CrashLoopBackOff, image \
      pull, the Deployment scaled to zero, node resources), or delete a stuck pod so the \
      Deployment recreates it: `kubectl delete pod -n kubevirt -l kubevirt.io=virt-controller`.",
     "virt-controller を復旧させます: Pod が動けない原因(CrashLoopBackOff、\
      イメージの取得、0 にスケールされた Deployment、ノードのリソース)を直すか、止まっている Pod を削除して Deploymen\
      t に作り直させます: `kubectl delete pod -n kubevirt -l kubevirt.io=virt-controller`。"),
    ("Give the guest more memory: raise `spec.template.spec.domain.resources.requests.memory` \
      (`kubectl edit vm {} -n {}`; hotplugged if supported, else `virtctl restart {} -n {}`), or \
      stop memory-hungry processes in the guest.",
     "ゲストのメモリーを増やします: `spec.template.spec.domain.resources.requests.memory` \
      を上げる(`kubectl edit vm {0} -n {1}`。対応していればホットプラグされ、\
      そうでなければ `virtctl restart {2} -n {3}`)か、ゲストでメモリーを多く使うプロセスを止めます。"),
    ("Migrate the VM to a less loaded node (`virtctl migrate {} -n {}`) or give it more vCPUs \
      (`kubectl edit vm {} -n {}`), or throttle the demanding processes in the guest.",
     "VM を負荷の低いノードへマイグレーションする(`virtctl migrate {0} -n {1}`)\
      か、vCPU を増やす(`kubectl edit vm {2} -n {3}`)、またはゲストの負荷の高いプロセスを抑えます。"),
    ("Add nodes with hardware virtualization enabled (VT-x/AMD-V, or nested virtualization on a \
      cloud VM), or enable software emulation (`useEmulation: true` in the KubeVirt CR's \
      developerConfiguration).",
     "ハードウェア仮想化(VT-x/AMD-V、クラウドの VM ならネストされた仮想化)を有効にしたノードを追加するか、\
      ソフトウェアエミュレーションを有効にします(KubeVirt CR の developerConfiguration で `useEmula\
      tion: true`)。"),
    ("Give the worker nodes enough CPU, memory and disk to run the VMs without being evicted; \
      cancel a migration loop: `kubectl delete vmim -n {} -l kubevirt.io/vmi-name={}`.",
     "ワーカーノードに、退避されずに VM を動かせるだけの CPU、メモリー、ディスクを用意します。\
      マイグレーションのループは取り消します: `kubectl delete vmim -n {0} -l kubevirt.io/vmi-name={1}`。"),
    ("Restart the VM if it is stuck in Failed: `virtctl restart {} -n {}`; review recent guest \
      changes, and give the VMI a panic device (pvpanic for Linux, hyperv for Windows).",
     "VM が Failed で止まっているなら再起動します: `virtctl restart {0} -n {1}`。\
      ゲストの最近の変更を見直し、VMI にパニックデバイス(Linux なら pvpanic、Windows なら hyperv)を付けます。"),
    ("Fix what the VM's status names (a PVC or DataVolume that does not bind, an image that \
      cannot be pulled, a node that does not fit, a spec error: `kubectl edit vm {} -n {}`), then \
      `virtctl restart {} -n {}`.",
     "VM の状態が指すもの(バインドされない PVC か DataVolume、取得できないイメージ、\
      合わないノード、spec の誤り: `kubectl edit vm {0} -n {1}`)\
      を直してから `virtctl restart {2} -n {3}`。"),
    ("Delete the stuck virt-launcher pod so it is recreated (`kubectl delete pod {} -n {}`), or \
      migrate the VM away (`virtctl migrate {} -n {}`); if the node is bad, restart virt-handler \
      there or drain and uncordon it.",
     "止まっている virt-launcher Pod を削除して作り直させる(`kubectl delete pod {0} -n {1}`)\
      か、VM を移動します(`virtctl migrate {2} -n {3}`)。ノードが悪いなら、\
      そこの virt-handler を再起動するか、ドレインしてから uncordon します。"),
    ("Enable automatic workload updates in the KubeVirt CR \
      (`workloadUpdateStrategy.workloadUpdateMethods: [LiveMigrate, Evict]`), or stop a VM that \
      cannot migrate so it starts on an updated launcher: `virtctl stop {} -n {}`.",
     "KubeVirt CR で自動のワークロード更新を有効にする(`workloadUpdateStrategy.workloadUpdateM\
      ethods: [LiveMigrate, Evict]`)か、マイグレーションできない VM を停止して更新済みのランチャーで起動させます\
      : `virtctl stop {0} -n {1}`。"),
    ("Cancel migration loops (`kubectl delete vmim -n {} -l kubevirt.io/vmi-name={}`), delete the \
      Failed launcher pods, and fix the root cause (image, CNI, storage) so new launchers start \
      cleanly.",
     "マイグレーションのループを取り消し(`kubectl delete vmim -n {0} -l kubevirt.io/vmi-name=\
      {1}`)、Failed のランチャー Pod を削除し、根本原因(イメージ、CNI、ストレージ)\
      を直して新しいランチャーが正常に起動するようにします。"),
    ("Put virt-handler back on the VMI's node: add the node to the workloads placement policy, or \
      undo the taint or scheduling change that removed the virt-handler pod.",
     "VMI のノードに virt-handler を戻します: ノードをワークロードの配置ポリシーに加えるか、\
      virt-handler の Pod を外した taint かスケジュールの変更を元に戻します。"),
    ("Free room for the virt-handler pods on the affected nodes (delete other pods there) so the \
      DaemonSet rollout completes.",
     "影響を受けたノードで virt-handler の Pod の余地を空け(そこにあるほかの Pod を削除する)\
      、DaemonSet のロールアウトを完了させます。"),
    ("If virt-handler cannot reach the API server, delete its pod to restart it: `kubectl delete \
      pod -n kubevirt -l kubevirt.io=virt-handler --field-selector spec.nodeName={}`.",
     "virt-handler が API サーバーに到達できないなら、Pod を削除して再起動します: `kubectl delete pod \
      -n kubevirt -l kubevirt.io=virt-handler --field-selector spec.nodeName={0}`。"),
    ("If the virt-controller lease names a pod that no longer runs, delete the lease to let a new \
      leader be elected: `kubectl -n kubevirt delete lease virt-controller`.",
     "virt-controller の Lease がもう動いていない Pod を指しているなら、\
      Lease を削除して新しいリーダーを選出させます: `kubectl -n kubevirt delete lease virt-controller`。"),
];
