//! Round 40's sentences: states that are not faults: a Ready VMI that cannot live-migrate with
//! nothing asking it to (`input/not_migratable.rs`), a migration's source launcher after the
//! handover (`input/second_launcher.rs`), a guest shutdown its VM keeps stopped
//! (`input/completed_stop.rs`), the bridge binding's in-pod set-up shown working
//! (`input/bridge_design.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND40: &[Entry] = &[
    ("the VMI cannot live-migrate, which nothing here asks of it (not a fault)",
     "VMI はライブマイグレーションできませんが、ここではそれを求めるものがありません(障害ではありません)"),
    ("the VMI's LiveMigratable condition is False (its disks are not shared, or its interface or devices do not allow it) while the VMI is Ready: a property of the VM that refuses only a migration or a drain's eviction, and the paste shows neither being asked for",
     "VMI は Ready ですが、LiveMigratable 条件が False です(ディスクが共有されていない、またはインターフェースやデバイスが許さない)。これは VM の性質で、拒まれるのはマイグレーションかドレインによる退避だけですが、貼り付けにはそのどちらも求められていません"),
    ("kubectl get vmi <vmi> -n <namespace> -o jsonpath='{.spec.evictionStrategy}' (with LiveMigrate a drain of its node would block)",
     "kubectl get vmi <vmi> -n <名前空間> -o jsonpath='{.spec.evictionStrategy}'(LiveMigrate ならそのノードのドレインは止まります)"),
    ("the migration's source launcher pod {} after the handover (not a fault)",
     "引き継ぎ後のマイグレーション元 launcher Pod {0}(障害ではありません)"),
    ("the VMI runs on {}, where its other launcher pod is Running and ready: a migration handed the VM over to it, and the source pod {} on the old node is NotReady on its way to Completed, the normal end of a migration",
     "VMI は {0} で動いており、そこにあるもう一つの launcher Pod は Running で準備完了です。マイグレーションが VM をそちらへ引き継ぎ、元のノードのマイグレーション元 Pod {1} は Completed へ向かう途中で NotReady になっています。マイグレーションの通常の終わり方です"),
    ("kubectl get vmim -n <namespace> (the migration Succeeded)",
     "kubectl get vmim -n <名前空間>(マイグレーションは Succeeded)"),
    ("the VM {} is stopped: its guest shut down (not a fault)",
     "VM {0} は停止しています: ゲストがシャットダウンしました(障害ではありません)"),
    ("the VMI Succeeded (its guest powered off from inside) and its VM is listed Stopped, so its run strategy does not restart a clean shutdown (Manual, Halted, RerunOnFailure or Once; Always would have started a new VMI): a stop that completed",
     "VMI は Succeeded で(ゲストが内部から電源を切りました)、VM は Stopped と表示されています。そのため実行戦略は正常なシャットダウンを再起動しません(Manual、Halted、RerunOnFailure または Once。Always なら新しい VMI を起動していました)。完了した停止です"),
    ("virtctl start <vm> -n <namespace> (to run it again)",
     "virtctl start <vm> -n <名前空間>(再び動かすには)"),
    ("the bridge binding's in-pod set-up, as designed (not a fault)",
     "ブリッジバインディングの Pod 内の構成で、設計どおりです(障害ではありません)"),
    ("the pod's eth0 is enslaved to the in-pod bridge k6t-eth0 and up: with the bridge binding the pod's address moves to the guest (KubeVirt's DHCP server offers it), so eth0 keeps no IPv4 address and the bridge has a link-local one",
     "Pod の eth0 は Pod 内のブリッジ k6t-eth0 に従属し、起動しています。ブリッジバインディングでは Pod のアドレスはゲストへ移る(KubeVirt の DHCP サーバーが提供する)ため、eth0 には IPv4 アドレスが残らず、ブリッジにはリンクローカルアドレスがあります"),
    ("virtctl console <vm>: ip addr (the guest holds the pod's address)",
     "virtctl console <vm>: ip addr(ゲストが Pod のアドレスを持っています)"),
];
