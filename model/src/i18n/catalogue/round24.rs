//! Round 24's sentences: the guest agent failing a command in the guest
//! (`signatures/agent_command.rs`), Kube-OVN's admission webhook refusing a network request
//! (`signatures/kube_ovn_webhook.rs`) and a stream's upgrade refused on the API server's path
//! (`signatures/stream_upgrade.rs`); the guest agent's answer to a list
//! subresource (`input/agent_answer.rs`); a paste that ends inside one of virtctl's waits
//! (`input/unfinished_wait.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND24: &[Entry] = &[
    ("the guest agent failed a command inside the guest",
     "ゲストエージェントはゲスト内でコマンドの実行に失敗しました"),
    ("libvirt reached the guest agent and asked it to run a command (freeze the filesystems for a snapshot or backup, set a password, read the filesystems); the agent, inside the guest OS, answered with its own error (a filesystem it cannot open or freeze, a missing user, a policy of the guest refusing it), so the operation that needed it fails while the VM keeps running: the guest's side, not KubeVirt's or the node's",
     "libvirt はゲストエージェントに到達し、コマンドの実行(スナップショットやバックアップのためのファイルシステムのフリーズ、パスワードの設定、ファイルシステムの読み取り)を依頼しました。ゲスト OS 内のエージェントは自身のエラー(開けない、またはフリーズできないファイルシステム、存在しないユーザー、ゲストのポリシーによる拒否)で応答したため、それを必要とする操作は失敗しますが、VM は動作し続けます。KubeVirt やノードではなく、ゲスト側の問題です"),
    ("in the guest: journalctl -u qemu-guest-agent (the agent's own error and the path it names)",
     "ゲストで: journalctl -u qemu-guest-agent(エージェント自身のエラーと、それが示すパス)"),
    ("in the guest: check the mount or file the error names (permissions, SELinux labels, a snapshot subvolume)",
     "ゲストで: エラーが示すマウントまたはファイルを確認してください(権限、SELinux ラベル、スナップショットのサブボリューム)"),
    ("kubectl get vmi <name> -o jsonpath='{.status.fsFreezeStatus}' (a freeze left behind)",
     "kubectl get vmi <name> -o jsonpath='{.status.fsFreezeStatus}'(残ったままのフリーズ)"),
    ("Kube-OVN's admission webhook refused the object's network settings",
     "Kube-OVN のアドミッション Webhook がオブジェクトのネットワーク設定を拒否しました"),
    ("Kube-OVN validates the network annotations of pods (a VM's launcher pod too) and its own subnets, VPCs and gateways before they are created: the fixed address asked for is in conflict with one another pod's IP resource already holds, the IP pool named does not exist, or the address or the network object's settings are invalid, so the object is not created and the VM does not get its network",
     "Kube-OVN は、Pod(VM のランチャー Pod を含む)のネットワークアノテーションと、自身のサブネット、VPC、ゲートウェイを作成前に検証します。要求された固定アドレスが別の Pod の IP リソースが既に保持するアドレスと競合している(conflict)、指定された IP プールが存在しない、またはアドレスやネットワークオブジェクトの設定が無効であるため、オブジェクトは作成されず、VM はネットワークを得られません"),
    ("kubectl get ip -o wide | grep <address> (which pod or VM holds the address)",
     "kubectl get ip -o wide | grep <address>(どの Pod または VM がアドレスを保持しているか)"),
    ("kubectl get ippool,subnet (the pool and subnet the annotations name)",
     "kubectl get ippool,subnet(アノテーションが示すプールとサブネット)"),
    ("check the ovn.kubernetes.io/ip_address and ip_pool annotations of the pod template or VM",
     "Pod テンプレートまたは VM の ovn.kubernetes.io/ip_address と ip_pool アノテーションを確認してください"),
    ("the API server's path refused to upgrade the console or stream connection",
     "API サーバーへの経路が、コンソールまたはストリーム接続のアップグレードを拒否しました"),
    ("a console, VNC, exec or port-forward stream is an HTTP connection upgraded through the Kubernetes API; the API server, or a kubectl proxy in front of it, refused the upgrade as unauthorised or forbidden (the proxy's request filter, which rejects upgrades unless run with --disable-filter=true; credentials or RBAC that do not allow the subresource), so the stream never opens while the VM itself may be fine",
     "コンソール、VNC、exec、port-forward のストリームは、Kubernetes API を通じてアップグレードされる HTTP 接続です。API サーバー、またはその前段の kubectl proxy が、認可されていない、または禁止されているとしてアップグレードを拒否しました(--disable-filter=true で実行しない限りアップグレードを拒否するプロキシのリクエストフィルター、サブリソースを許可しない認証情報や RBAC)。そのため、VM 自体は正常でもストリームは開きません"),
    ("connect without kubectl proxy (virtctl uses the kubeconfig), or run kubectl proxy --disable-filter=true on a trusted host only",
     "kubectl proxy を使わずに接続するか(virtctl は kubeconfig を使用します)、信頼できるホストでのみ kubectl proxy --disable-filter=true を実行してください"),
    ("kubectl auth can-i get virtualmachineinstances/console --subresource=console -n <ns> (and vnc, portforward)",
     "kubectl auth can-i get virtualmachineinstances/console --subresource=console -n <ns>(vnc、portforward も同様)"),
    ("kubectl get --raw /apis/subresources.kubevirt.io/v1 (virt-api's subresources served)",
     "kubectl get --raw /apis/subresources.kubevirt.io/v1(virt-api が提供するサブリソース)"),
    ("the guest agent answered KubeVirt's list subresource: {} filesystem(s)",
     "ゲストエージェントが KubeVirt のリストサブリソースに応答しました: ファイルシステム {0} 個"),
    ("the guest agent answered KubeVirt's list subresource: {} user(s)",
     "ゲストエージェントが KubeVirt のリストサブリソースに応答しました: ユーザー {0} 人"),
    ("only the guest agent, connected and answering inside the guest, fills this list; it shows no fault",
     "このリストを埋めるのは、ゲスト内で接続され応答しているゲストエージェントだけです。障害は示していません"),
    ("the paste ends while virtctl still waits for what the controllers must make",
     "貼り付けは、コントローラーが作るべきものを virtctl がまだ待っている状態で終わっています"),
    ("virtctl prints this line while it waits for an upload server, a processed upload, a memory dump or an export that KubeVirt's or CDI's controllers make, and a line of its own once it is there; the paste stops at the wait, so what was awaited did not come (the upload pod never created or never ready, the processing or export never done)",
     "virtctl は、KubeVirt または CDI のコントローラーが作るアップロードサーバー、処理済みのアップロード、メモリダンプ、エクスポートを待つ間この行を表示し、それが揃うと独自の行を表示します。貼り付けは待機で止まっているため、待っていたものは来ませんでした(アップロード Pod が作成されない、または Ready にならない、処理やエクスポートが完了しない)"),
    ("kubectl get dv,pvc,pod -n <ns> (the DataVolume's phase, the claim's binding, the upload or importer pod)",
     "kubectl get dv,pvc,pod -n <ns>(DataVolume のフェーズ、クレームのバインド、アップロードまたはインポーター Pod)"),
    ("kubectl logs -n <cdi namespace> deploy/cdi-deployment (CDI's controller: why the pod or processing does not come)",
     "kubectl logs -n <cdi namespace> deploy/cdi-deployment(CDI のコントローラー: Pod や処理が来ない理由)"),
    ("kubectl get vmexport,vm -n <ns> -o yaml (an export's or memory dump's phase and conditions)",
     "kubectl get vmexport,vm -n <ns> -o yaml(エクスポートまたはメモリダンプのフェーズとコンディション)"),
    ("a guest agent's answer", "ゲストエージェントの応答"),
    ("Fix the network annotation the webhook names before creating the object again: a fixed address no IP resource holds (`kubectl get ip -o wide | grep <address>`; free it or pick another), an IP pool that exists (`kubectl get ippool`), an address that parses (IPv6 in lower case).",
     "オブジェクトを再作成する前に、Webhook が示すネットワークアノテーションを修正してください: どの IP リソースも保持していない固定アドレス(`kubectl get ip -o wide | grep <address>`。解放するか別のアドレスを選ぶ)、存在する IP プール(`kubectl get ippool`)、解析できるアドレス(IPv6 は小文字)。"),
];
