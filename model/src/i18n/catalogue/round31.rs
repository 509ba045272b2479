//! Round 31's sentences: a name that does not resolve (`signatures/name_resolution.rs`), a
//! backup's freeze without the guest agent and a backup hook on a launcher pod that no longer
//! runs (`signatures/backup_hooks.rs`), and a block about another kind than a VMI or its pod
//! (`input/other_kind.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND31: &[Entry] = &[
    ("a name does not resolve (DNS)",
     "名前が解決できません(DNS)"),
    ("the resolver found no answer for a name: the name server the host was given does not answer (unreachable, the cluster DNS Service not translated to its pods, a network policy) or does not know the name; a pod-network VM asks the cluster DNS Service its launcher pod was given, so the route to it and the Service's translation (kube-proxy, the CNI's service load balancer) matter as much as the DNS pods",
     "リゾルバーは名前への応答を得られませんでした。ホストに与えられたネームサーバーが応答しない(到達できない、クラスター DNS の Service がその Pod へ変換されない、ネットワークポリシー)か、その名前を知りません。Pod ネットワークの VM は launcher Pod に与えられたクラスター DNS の Service に問い合わせるため、そこへの経路と Service の変換(kube-proxy、CNI のサービスロードバランサー)も DNS の Pod と同じく重要です"),
    ("cat /etc/resolv.conf where it failed (the name server and search domains it was given)",
     "失敗した場所で cat /etc/resolv.conf(与えられたネームサーバーと検索ドメイン)"),
    ("nslookup kubernetes.default.svc.cluster.local <nameserver> (the server answering at all)",
     "nslookup kubernetes.default.svc.cluster.local <nameserver>(サーバーがそもそも応答するか)"),
    ("kubectl -n kube-system get pods,svc -l k8s-app=kube-dns (the DNS pods and Service)",
     "kubectl -n kube-system get pods,svc -l k8s-app=kube-dns(DNS の Pod と Service)"),
    ("from the same host, reach the DNS Service's pod IP directly (a Service translation fault if only the pod IP answers)",
     "同じホストから DNS の Service の Pod IP に直接接続する(Pod IP だけが応答するなら Service の変換の障害)"),
    ("a freeze or thaw for a backup fails: the guest agent is not connected",
     "バックアップのためのフリーズまたは解凍が失敗しています: ゲストエージェントが接続されていません"),
    ("the backup's hook asked KubeVirt to freeze (or thaw) the VM's filesystems, a command only the QEMU guest agent inside the guest can run; the agent is not connected (not installed, not started, or its virtio-serial channel unused), so the freeze fails and the backup is not consistent or fails with it; the VM keeps running",
     "バックアップのフックが KubeVirt に VM のファイルシステムのフリーズ(または解凍)を求めました。これはゲスト内の QEMU ゲストエージェントだけが実行できるコマンドです。エージェントが接続されていない(インストールされていない、起動していない、または virtio-serial チャネルが使われていない)ため、フリーズは失敗し、バックアップは整合性を欠くか、一緒に失敗します。VM は動き続けます"),
    ("kubectl get vmi <name> -o jsonpath='{.status.conditions[?(@.type==\"AgentConnected\")]}'",
     "kubectl get vmi <name> -o jsonpath='{.status.conditions[?(@.type==\"AgentConnected\")]}'"),
    ("in the guest: systemctl status qemu-guest-agent (install and start it)",
     "ゲスト内で: systemctl status qemu-guest-agent(インストールして起動する)"),
    ("the backup's hook annotations on the virt-launcher pod (pre.hook.backup.velero.io/command)",
     "virt-launcher Pod 上のバックアップのフックのアノテーション(pre.hook.backup.velero.io/command)"),
    ("a backup hook ran on a launcher pod that no longer runs (noise)",
     "バックアップのフックが、もう動いていない launcher Pod で実行されました(ノイズ)"),
    ("Velero ran its exec hook (KubeVirt's freeze or thaw) on a virt-launcher pod whose container has exited: a launcher left Completed after its VM live-migrated to a new pod, or after the VM stopped; the exec is refused and Velero logs the error, but the VM runs in its current pod, untouched (Velero's later releases skip pods not running)",
     "Velero は、コンテナーが終了した virt-launcher Pod で exec フック(KubeVirt のフリーズまたは解凍)を実行しました。VM が新しい Pod へライブマイグレーションした後、または VM が停止した後に Completed のまま残った launcher です。exec は拒否され Velero はエラーを記録しますが、VM は現在の Pod で影響を受けずに動いています(Velero の後のリリースは動いていない Pod を飛ばします)"),
    ("kubectl get pod <pod named by the hook> -o wide (Completed: a migration's or a stop's leftover)",
     "kubectl get pod <フックが指す Pod> -o wide(Completed: マイグレーションまたは停止の残り)"),
    ("kubectl get vmi -o wide (the VM's current launcher pod and node)",
     "kubectl get vmi -o wide(VM の現在の launcher Pod とノード)"),
    ("a field of a {}, not of a VMI or its pod",
     "{0} の項目であり、VMI やその Pod の項目ではありません"),
];
