//! Round 39's sentences: a pod's failure by who owns the pod (`input/owned_pods.rs`), the VM's
//! own NIC down inside the guest (`input/guest_nic_down.rs`), a Go HTTP server's handler panic
//! (`signatures/http_panic.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND39: &[Entry] = &[
    ("{t}; the listing holds {}, a pod only a cluster running inside the VMs runs, so the pod is a workload of that guest cluster and its fault is the guest's",
     "{0}。この一覧には VM の中で動くクラスターだけが動かす Pod {1} があるため、この Pod はそのゲストクラスターのワークロードで、その障害はゲストのものです"),
    ("ip address output", "ip address の出力"),
    ("the VM's own interface {} is down inside the guest",
     "VM 自身のインターフェース {0} がゲストの中でダウンしています"),
    ("the VM's own interface {} has no IPv4 address inside the guest",
     "VM 自身のインターフェース {0} にゲストの中で IPv4 アドレスがありません"),
    ("ip address run inside the guest lists the VM's NIC (QEMU's default MAC prefix 52:54:00) not set up or without an IPv4 address: the guest's network configuration (its DHCP client, netplan or NetworkManager, cloud-init's network config) did not bring it up, so nothing outside reaches the guest whatever the pod network does",
     "ゲストの中で実行した ip address が、VM の NIC(QEMU の既定の MAC プレフィックス 52:54:00)を、有効になっていない、または IPv4 アドレスのない状態で示しています。ゲストのネットワーク設定(DHCP クライアント、netplan や NetworkManager、cloud-init のネットワーク設定)がそれを有効にしなかったため、Pod ネットワークがどうであれ、外からゲストには何も届きません"),
    ("in the guest: dhclient <nic> (the interface ip link lists), or the distribution's DHCP client",
     "ゲスト内で: dhclient <nic>(ip link が示すインターフェース)、またはディストリビューションの DHCP クライアント"),
    ("in the guest: cloud-init status --long; journalctl -u systemd-networkd -u NetworkManager",
     "ゲストの中で: cloud-init status --long; journalctl -u systemd-networkd -u NetworkManager"),
    ("kubectl get vmi <name> -o jsonpath='{.status.interfaces}' (the address KubeVirt expects)",
     "kubectl get vmi <name> -o jsonpath='{.status.interfaces}'(KubeVirt が想定するアドレス)"),
    ("{t}; the guest's own interface {} is down or has no address in this paste, so the guest reaches nothing from it: the guest's fault",
     "{0}。この貼り付けではゲスト自身のインターフェース {1} がダウンしているかアドレスがないため、ゲストはそこから何にも届きません: ゲストの障害です"),
    ("a server's request handler panicked (Go's http: panic serving)",
     "サーバーの要求ハンドラーがパニックを起こしました(Go の http: panic serving)"),
    ("a server's request handler panicked (Go's http: panic serving) in {}",
     "{0} でサーバーの要求ハンドラーがパニックを起こしました(Go の http: panic serving)"),
    ("a Go HTTP server recovered a panic in the handler of one request, logged its stack and dropped that connection: the request (an object's admission, a subresource call) failed inside the server; on a KubeVirt cluster the servers answering requests are its API servers and admission webhooks (virt-api, cdi-apiserver, the upload proxy), the control plane",
     "Go の HTTP サーバーが一つの要求のハンドラーで起きたパニックを回復し、そのスタックを記録してその接続を切りました: 要求(オブジェクトのアドミッション、サブリソースの呼び出し)はサーバーの中で失敗しています。KubeVirt のクラスターで要求に応えるサーバーは、その API サーバーとアドミッション Webhook(virt-api、cdi-apiserver、アップロードプロキシ)で、コントロールプレーンです"),
    ("kubectl logs -n <kubevirt or cdi namespace> <virt-api or cdi-apiserver pod> (the stack after the line names the handler)",
     "kubectl logs -n <kubevirt または cdi の名前空間> <virt-api または cdi-apiserver の Pod>(この行の後のスタックがハンドラーを示します)"),
    ("retry the request that failed; a nil pointer on a valid object is a bug of that release: upgrade or report it with the stack",
     "失敗した要求をやり直します。正しいオブジェクトでの nil ポインターはそのリリースのバグです: アップグレードするか、スタックを添えて報告します"),
];
