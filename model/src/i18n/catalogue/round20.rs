//! Round 20's sentences: libvirt's informational lines in the launcher (`signatures/noise.rs`:
//! a tainted domain, the read-only /sys's PCI probes).

use super::Entry;

#[rustfmt::skip]
pub const ROUND20: &[Entry] = &[
    // `signatures/noise.rs`, libvirt-domain-tainted
    ("libvirt notes the domain as tainted (informational)",
     "libvirt がドメインを tainted と記録しました(情報のみ)"),
    ("libvirt logs once that the domain runs with something outside its supported \
      configuration; KubeVirt causes these itself (its guest-agent polling is a custom agent \
      command, its domain asks for the host CPU or custom QEMU arguments): a note about \
      support, not a fault",
     "libvirt は、ドメインがサポート対象外の設定を含んで動いていることを一度だけ記録します。\
      これは KubeVirt 自身によるものです(ゲストエージェントのポーリングはカスタムのエージェント\
      コマンドであり、ドメインはホスト CPU やカスタムの QEMU 引数を求めます)。サポートについての\
      注記であり、障害ではありません"),
    // `signatures/noise.rs`, libvirt-pci-config-readonly-sysfs
    ("libvirt cannot write PCI config space in the launcher's read-only /sys (start-up noise)",
     "libvirt が launcher の読み取り専用 /sys で PCI コンフィグ空間に書き込めません(起動時のノイズ)"),
    ("libvirt probes the host's PCI devices by opening their config space read-write; \
      the launcher's /sys is mounted read-only, so each probe fails with \"Read-only file \
      system\" and the domain still starts",
     "libvirt はホストの PCI デバイスをコンフィグ空間の読み書きオープンで調べます。launcher の \
      /sys は読み取り専用でマウントされているため、各調査は \"Read-only file system\" で失敗しますが、\
      ドメインは起動します"),
    // `signatures/network_addons.rs`, cnao-*-progressing
    ("a network add-on the cluster network add-ons operator deploys is not ready yet",
     "cluster-network-addons-operator がデプロイするネットワークアドオンがまだ準備できていません"),
    ("the operator's Progressing condition lists a DaemonSet or \
      Deployment of the secondary-network add-ons (Multus, the linux bridge, KubeMacPool, \
      ovs-cni, macvtap-cni) still unavailable or rolling out: until it is ready on every node, \
      VMs on those networks cannot be wired there",
     "オペレーターの Progressing 状態が、セカンダリネットワークのアドオン(Multus、linux bridge、\
      KubeMacPool、ovs-cni、macvtap-cni)の DaemonSet または Deployment がまだ利用できないか\
      ロールアウト中であることを示しています。すべてのノードで準備ができるまで、それらのネットワーク上の \
      VM はそこで接続できません"),
    // `signatures/control_plane.rs`, vmi-preset-conflict
    ("a VirtualMachineInstancePreset conflicts with the VMI (preset not applied)",
     "VirtualMachineInstancePreset が VMI と競合しています(プリセットは適用されていません)"),
    ("a preset selecting this VMI sets a field the VMI already sets to another value \
      (or two presets conflict); KubeVirt does not apply it, and the VMI is not the one \
      the preset describes",
     "この VMI を選択するプリセットが、VMI 自身が別の値に設定している項目を設定しています(または二つの\
      プリセットが競合しています)。KubeVirt はそれを適用せず、VMI はプリセットが記述するものになりません"),
    ("kubectl get vmipreset -n <namespace> -o yaml (the selector and the conflicting field)",
     "kubectl get vmipreset -n <namespace> -o yaml(セレクターと競合している項目)"),
    ("remove the field from the VMI or the preset, or narrow the preset's selector",
     "その項目を VMI かプリセットから取り除くか、プリセットのセレクターを絞り込む"),
];
