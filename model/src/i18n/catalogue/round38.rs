//! Round 38's sentences: a node without mediated devices (`signatures/mdev_absent.rs`), the
//! node's CNI configuration that cannot be loaded (`signatures/cni_config.rs`), ovnkube missing a
//! command (`signatures/ovnkube_start.rs`), a node's refused addresses and cloud initialisation
//! (`signatures/node_ip.rs`), virt-handler refusing the console stream (`signatures/virtctl.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND38: &[Entry] = &[
    ("the node has no mediated devices to read (noise)",
     "ノードには読み取る仲介デバイス(mdev)がありません(ノイズ)"),
    ("a program looking for mediated devices (virt-handler's mdev manager, a GPU device plugin) found no mediated-device directory in the node's sysfs: the node has no mdev-capable device or driver, so there is nothing to create or clean up; KubeVirt itself logs it at a debug level since (\"no mdev cleanup is necessary\")",
     "仲介デバイスを探すプログラム(virt-handler の mdev マネージャー、GPU のデバイスプラグイン)が、ノードの sysfs に仲介デバイスのディレクトリを見つけませんでした。ノードには mdev に対応したデバイスもドライバーもなく、作成や後片付けの対象はありません。KubeVirt 自身も以後はこれをデバッグレベルで記録しています(\"no mdev cleanup is necessary\")"),
    ("a GPU device plugin names a card by its id (noise)",
     "GPU のデバイスプラグインがカードを ID で命名しています(ノイズ)"),
    ("the device plugin did not find the card's model in the host's PCI ID database and names its resource by the device id instead; the card is still discovered and advertised (an outdated pci.ids, not a failure)",
     "デバイスプラグインはホストの PCI ID データベースにカードのモデルを見つけられず、代わりにデバイス ID でリソースを命名しています。カードは引き続き検出され、公開されています(pci.ids が古いだけで、障害ではありません)"),
    ("the node's CNI configuration cannot be loaded",
     "ノードの CNI 設定を読み込めません"),
    ("the container runtime (or Multus, for the network it delegates to) could not load a file of the node's CNI configuration directory (unparsable, half-written while the network add-on was writing it, no plugin type or no plugins) and skipped it, so pods on that node, launchers included, may get no network",
     "コンテナランタイム(または委譲先のネットワークについては Multus)が、ノードの CNI 設定ディレクトリのファイルを読み込めず(解析できない、ネットワークアドオンの書き込み途中で不完全、プラグインの種類やプラグインがない)、そのファイルを飛ばしました。そのため、そのノードの Pod は launcher も含めてネットワークを得られないことがあります"),
    ("on the node: ls -l /etc/cni/net.d; cat the file the line names (is it whole JSON?)",
     "ノード上で: ls -l /etc/cni/net.d; 行が示すファイルを cat する(JSON として完全か)"),
    ("kubectl get pods -A -o wide | grep <node> (the network add-on's and Multus' pods there)",
     "kubectl get pods -A -o wide | grep <ノード>(そこにあるネットワークアドオンと Multus の Pod)"),
    ("ovnkube cannot start: a command it runs is missing",
     "ovnkube を起動できません: 実行するコマンドがありません"),
    ("ovnkube resolves the OVS, OVN and system commands it runs (ovs-vsctl, ovn-nbctl, ip, sysctl …) before it starts and exits when one is not in its image's PATH: the cluster network's component does not run on that node, so pods there get no network",
     "ovnkube は起動前に、実行する OVS、OVN、システムのコマンド(ovs-vsctl、ovn-nbctl、ip、sysctl など)を解決し、そのどれかがイメージの PATH にないと終了します。クラスターネットワークのコンポーネントがそのノードで動かないため、そこの Pod はネットワークを得られません"),
    ("kubectl get pods -n <ovn-kubernetes namespace> -o wide (the ovnkube pods restarting)",
     "kubectl get pods -n <ovn-kubernetes の名前空間> -o wide(再起動を繰り返す ovnkube の Pod)"),
    ("kubectl logs <ovnkube pod> -c <container> --previous (the command it names)",
     "kubectl logs <ovnkube の Pod> -c <コンテナー> --previous(示されるコマンド)"),
    ("a node's addresses are refused or its cloud initialisation fails",
     "ノードのアドレスが拒否されたか、クラウドによる初期化が失敗しています"),
    ("the node IPs the kubelet declares do not fit what the cluster accepts (a dual-stack pair where only one family is configured, two of one family), or the cloud node controller cannot match them with the addresses its cloud provider returns (for a tenant cluster on KubeVirt VMs, KubeVirt's cloud provider reading the VMI's status): the node stays tainted uninitialised and pods are not scheduled on it",
     "kubelet が宣言するノード IP がクラスターの受け付けるものに合わないか(一つのアドレスファミリーしか設定されていないのにデュアルスタックの組、同じファミリーの二つ)、クラウドノードコントローラーがそれをクラウドプロバイダーの返すアドレスと照合できません(KubeVirt の VM 上のテナントクラスターでは、VMI のステータスを読む KubeVirt のクラウドプロバイダー)。ノードには未初期化の taint が残り、Pod はそこにスケジュールされません"),
    ("kubectl get node <node> -o jsonpath='{.metadata.annotations}' (alpha.kubernetes.io/provided-node-ip) and its taints",
     "kubectl get node <ノード> -o jsonpath='{.metadata.annotations}'(alpha.kubernetes.io/provided-node-ip)とその taint"),
    ("kubectl logs -n kube-system <cloud controller manager pod> (the node it fails to initialise)",
     "kubectl logs -n kube-system <クラウドコントローラーマネージャーの Pod>(初期化に失敗しているノード)"),
    ("virt-handler answered the console or VNC request with an error",
     "virt-handler がコンソールまたは VNC の要求にエラーで応答しました"),
    ("virt-api reached virt-handler on the VMI's node, but virt-handler answered the websocket upgrade with an HTTP error instead of opening the stream: it does not know the VMI (not on its node, its informer behind) or cannot find the launcher's console or VNC socket; virt-handler's own log names which",
     "virt-api は VMI のノードの virt-handler に到達しましたが、virt-handler はストリームを開く代わりに WebSocket のアップグレードに HTTP エラーで応答しました。VMI を知らない(そのノードにない、インフォーマーが遅れている)か、launcher のコンソールや VNC のソケットを見つけられません。どちらかは virt-handler 自身のログが示します"),
    ("kubectl logs -n kubevirt <virt-handler pod on the VMI's node> | grep -i -e 'Failed retrieve VMI' -e 'unix socket'",
     "kubectl logs -n kubevirt <VMI のノードの virt-handler Pod> | grep -i -e 'Failed retrieve VMI' -e 'unix socket'"),
    ("kubectl get vmi <name> -n <namespace> -o wide (its node, and that it is Running there)",
     "kubectl get vmi <名前> -n <名前空間> -o wide(そのノードと、そこで Running であること)"),
];
