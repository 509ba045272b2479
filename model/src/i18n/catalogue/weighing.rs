//! The sentences of mechanisms (G) and (B) (`input/deleted_launcher.rs`: a VMI Failed after the
//! paste deletes its launcher pod).

use super::Entry;

#[rustfmt::skip]
pub const WEIGHING: &[Entry] = &[
    // `input/deleted_launcher.rs`
    ("VirtualMachineInstance {} is Failed after its launcher pod was deleted",
     "VirtualMachineInstance {0} は virt-launcher Pod が削除された後に Failed になりました"),
    ("The VMI's launcher pod was deleted (the paste shows the command): KubeVirt sets a VMI \
      whose pod is gone to Failed, so the phase is the deletion's outcome, not a node's fault. \
      What follows is the VM controller's: by the VM's run strategy it starts a new VMI (Always, \
      RerunOnFailure) or records the VM stopped; if the VM's status does not follow its VMI, \
      look at virt-controller.",
     "VMI の virt-launcher Pod が削除されました(貼り付けにそのコマンドがあります)。KubeVirt は Pod \
      がなくなった VMI を Failed にするため、このフェーズは削除の結果であり、ノードの障害ではありません。\
      その後は VM コントローラーの役目です。VM の実行戦略に従って新しい VMI を起動する(Always、\
      RerunOnFailure)か、VM を停止として記録します。VM のステータスが VMI に追従しない場合は \
      virt-controller を確認してください。"),
];
