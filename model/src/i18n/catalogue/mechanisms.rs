//! The sentences of the relayed-failure mechanism (`signatures/relayed.rs`): a lower program's
//! failure quoted by the program that ran it (libvirt's passt child, QEMU's O_DIRECT refusal
//! relayed by qemu-img or CDI, Go's HTTP server logging a TCP probe) and of the
//! package that wrote an error deciding over the program that printed it
//! (`input/package_layer.rs`).

use super::Entry;

#[rustfmt::skip]
pub const MECHANISMS: &[Entry] = &[
    // `signatures/relayed.rs`, libvirt-passt-child-failed
    ("the passt network back end of a VMI's interface exited (libvirt's child process)",
     "VMI のインターフェースの passt ネットワークバックエンドが終了しました(libvirt の子プロセス)"),
    ("libvirt starts passt for an interface bound with the passt binding and reports \
      its exit as its own internal error; the failure is the pod network binding's, not \
      libvirt's or the node's: the interface cannot be wired, so the domain does not start",
     "libvirt は passt バインディングのインターフェースのために passt を起動し、その終了を自身の内部\
      エラーとして報告します。障害は libvirt やノードのものではなく、Pod ネットワークのバインディングの\
      ものです。インターフェースを接続できないため、ドメインは起動しません"),
    ("kubectl logs <virt-launcher pod> -c compute (passt's own message after the exit status)",
     "kubectl logs <virt-launcher pod> -c compute(終了ステータスの後の passt 自身のメッセージ)"),
    ("kubectl get vmi <name> -o yaml (spec.domain.devices.interfaces: the binding)",
     "kubectl get vmi <name> -o yaml(spec.domain.devices.interfaces: バインディング)"),
    ("check the passt binding plugin's configuration in the KubeVirt CR (network.binding)",
     "KubeVirt CR の passt バインディングプラグインの設定(network.binding)を確認する"),
    // `signatures/relayed.rs`, qemu-no-direct-io
    ("the disk's file system does not support direct I/O (O_DIRECT)",
     "ディスクのファイルシステムがダイレクト I/O(O_DIRECT)をサポートしていません"),
    ("QEMU or qemu-img opened a disk image with cache=none (O_DIRECT) and the file \
      system under it refused: the volume's storage on the node (NFSv3, tmpfs, some FUSE \
      or overlay mounts) cannot serve the disk, whichever component relays the message",
     "QEMU または qemu-img がディスクイメージを cache=none(O_DIRECT)で開き、その下のファイル\
      システムが拒否しました。どのコンポーネントがこのメッセージを伝えていても、ノード上のボリュームの\
      ストレージ(NFSv3、tmpfs、一部の FUSE やオーバーレイのマウント)はこのディスクを提供できません"),
    ("kubectl get pvc <name> -o yaml (its StorageClass and provisioner)",
     "kubectl get pvc <name> -o yaml(StorageClass とプロビジョナー)"),
    ("mount | grep <volume> on the node (the file system type and NFS version)",
     "ノードで mount | grep <volume>(ファイルシステムの種類と NFS のバージョン)"),
    ("use a StorageClass whose file system supports O_DIRECT (NFS v4 or later, block mode)",
     "O_DIRECT をサポートするファイルシステムの StorageClass を使う(NFS v4 以降、ブロックモード)"),
    // `signatures/relayed.rs`, go-http-tls-handshake-closed
    ("a peer closed or reset a TLS connection before the handshake (a TCP probe: noise)",
     "相手が TLS ハンドシェイクの前に接続を閉じたかリセットしました(TCP プローブ: ノイズ)"),
    ("Go's HTTP server logs every connection that ends before the TLS handshake; a \
      peer that opens a TCP connection and closes or resets it at once (a load balancer's \
      or a kubelet's TCP check) leaves this line every period: the server is healthy",
     "Go の HTTP サーバーは TLS ハンドシェイクの前に終わった接続をすべて記録します。TCP 接続を開いて\
      すぐに閉じるかリセットする相手(ロードバランサーや kubelet の TCP チェック)は、周期ごとにこの行を残します。\
      サーバーは正常です"),
    // `input/package_layer.rs`
    ("no signature knows this line; {} printed it, but its error \"{}\" is written in {}, a \
      package of the {t} layer: the package that failed decides over the program that printed \
      it, with low confidence: read the line itself",
     "どのシグネチャーにも該当しない行です。{0} が出力しましたが、そのエラー \"{1}\" は{3}レイヤーの\
      パッケージである {2} に記述されています。出力したプログラムより失敗したパッケージが決め手となり、\
      低い確信度でそのレイヤーを指します。行そのものを読んでください"),
];
