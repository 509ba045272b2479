//! Round 34's sentences: SELinux refusals read by the types they name
//! (`signatures/selinux_denial.rs`), a KubeVirt image's script missing a command
//! (`signatures/image_script.rs`) and client-go's standby leader election
//! (`signatures/leader_election.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND34: &[Entry] = &[
    ("the node's SELinux policy refuses a program of the node's stack",
     "ノードの SELinux ポリシーがノードのスタックのプログラムを拒否しています"),
    ("the host's SELinux policy refused (or no longer knows the type of) the kubelet, the container runtime, a container or KubeVirt's launcher: the types it names are the node's stack, so the node's policy is at fault (a policy not refreshed by an OS update, a custom module freezing it, a missing or wrong file label), not KubeVirt's control plane nor the guest",
     "ホストの SELinux ポリシーが kubelet、コンテナランタイム、コンテナ、または KubeVirt の launcher を拒否しました(またはその型をもう知りません)。名前の挙がった型はノードのスタックのものなので、原因はノードのポリシーです(OS の更新で再生成されなかったポリシー、それを固定してしまうカスタムモジュール、欠けた、または誤ったファイルラベル)。KubeVirt のコントロールプレーンでもゲストでもありません"),
    ("on the node: ausearch -m avc,user_avc -ts recent; getenforce",
     "ノード上で: ausearch -m avc,user_avc -ts recent; getenforce"),
    ("on the node: seinfo -t <type> (is the type in the loaded policy?); semodule -l",
     "ノード上で: seinfo -t <type>(その型は読み込まれたポリシーにありますか?); semodule -l"),
    ("on the node: restorecon -Rv <path of the refused file>; rpm -V container-selinux selinux-policy-targeted",
     "ノード上で: restorecon -Rv <拒否されたファイルのパス>; rpm -V container-selinux selinux-policy-targeted"),
    ("the guest's SELinux policy refuses the QEMU guest agent",
     "ゲストの SELinux ポリシーが QEMU ゲストエージェントを拒否しています"),
    ("the refused domain is virt_qemu_ga_t, the QEMU guest agent's, which exists only inside a guest: the guest OS's own SELinux policy stops qemu-ga from doing what it was asked (reading a disk, setting a password, reporting addresses), so the agent's answers are missing or fail; the guest's policy, not KubeVirt nor the node",
     "拒否されたドメインは virt_qemu_ga_t、つまりゲスト内にしか存在しない QEMU ゲストエージェントのドメインです。ゲスト OS 自身の SELinux ポリシーが、求められた処理(ディスクの読み取り、パスワードの設定、アドレスの報告)を qemu-ga に許さないため、エージェントの応答が欠けるか失敗します。原因はゲストのポリシーで、KubeVirt でもノードでもありません"),
    ("in the guest: ausearch -m avc,user_avc -c qemu-ga -ts recent",
     "ゲスト内で: ausearch -m avc,user_avc -c qemu-ga -ts recent"),
    ("in the guest: update selinux-policy, or add a local module allowing the refused access (audit2allow)",
     "ゲスト内で: selinux-policy を更新するか、拒否されたアクセスを許可するローカルモジュールを追加します(audit2allow)"),
    ("virtctl console <vm> -n <namespace> (to reach the guest)",
     "virtctl console <vm> -n <namespace>(ゲストに入るため)"),
    ("a KubeVirt component's image lacks a command its own script runs",
     "KubeVirt コンポーネントのイメージに、そのスクリプトが実行するコマンドがありません"),
    ("a script shipped in KubeVirt's image (node-labeller.sh, virt-handler.sh, …) runs a program the image does not contain, so the script stops and the component's pod does not start on any node: the image of KubeVirt's components is built wrong (a distribution's or custom build's packaging), not the node",
     "KubeVirt のイメージに含まれるスクリプト(node-labeller.sh、virt-handler.sh など)がイメージに入っていないプログラムを実行するため、スクリプトが止まり、コンポーネントの Pod はどのノードでも起動しません。KubeVirt コンポーネントのイメージのビルドが誤っています(ディストリビューションやカスタムビルドのパッケージング)。ノードの問題ではありません"),
    ("kubectl logs -n <kubevirt namespace> <virt-handler pod> -c virt-launcher (the node-labeller init container)",
     "kubectl logs -n <kubevirt の名前空間> <virt-handler Pod> -c virt-launcher(node-labeller の init コンテナ)"),
    ("kubectl get kubevirt -n <kubevirt namespace> -o yaml (the image registry and tag in use)",
     "kubectl get kubevirt -n <kubevirt の名前空間> -o yaml(使われているイメージのレジストリとタグ)"),
    ("use the images of a released KubeVirt, or rebuild the image with the missing program",
     "リリースされた KubeVirt のイメージを使うか、欠けているプログラムを入れてイメージを作り直します"),
    ("a standby replica waiting for the leader's lease (client-go leader election)",
     "リーダーのリースを待っている待機レプリカ(client-go のリーダー選出)"),
    ("the controller runs several replicas and only the one holding the Lease acts; the others log that the lock is held and that they did not acquire it, every retry period, for as long as they stand by: this is the election working, not a fault",
     "コントローラーは複数のレプリカで動き、Lease を持つ 1 つだけが処理します。ほかのレプリカは待機している間、再試行の間隔ごとにロックが保持されていて取得できなかったことをログに出します。これは選出が正しく動いている状態で、障害ではありません"),
];
