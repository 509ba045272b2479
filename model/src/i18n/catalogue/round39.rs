//! Round 39's sentences: a pod's failure by who owns the pod (`input/owned_pods.rs`), the VM's
//! own NIC down inside the guest (`input/guest_nic_down.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND39: &[Entry] = &[
    ("{t}; the listing holds {}, a pod only a cluster running inside the VMs runs, so the pod is a workload of that guest cluster and its fault is the guest's",
     "{0}。この一覧には VM の中で動くクラスターだけが動かす Pod {1} があるため、この Pod はそのゲストクラスターのワークロードで、その障害はゲストのものです"),
    ("the VM's own interface {} is down inside the guest",
     "VM 自身のインターフェース {0} がゲストの中でダウンしています"),
    ("the VM's own interface {} has no IPv4 address inside the guest",
     "VM 自身のインターフェース {0} にゲストの中で IPv4 アドレスがありません"),
    ("ip address run inside the guest lists the VM's NIC (QEMU's default MAC prefix 52:54:00) not set up or without an IPv4 address: the guest's network configuration (its DHCP client, netplan or NetworkManager, cloud-init's network config) did not bring it up, so nothing outside reaches the guest whatever the pod network does",
     "ゲストの中で実行した ip address が、VM の NIC(QEMU の既定の MAC プレフィックス 52:54:00)を、有効になっていない、または IPv4 アドレスのない状態で示しています。ゲストのネットワーク設定(DHCP クライアント、netplan や NetworkManager、cloud-init のネットワーク設定)がそれを有効にしなかったため、Pod ネットワークがどうであれ、外からゲストには何も届きません"),
    ("in the guest: ip link set <nic> up; dhclient <nic> (or the distribution's DHCP client)",
     "ゲストの中で: ip link set <nic> up; dhclient <nic>(またはディストリビューションの DHCP クライアント)"),
    ("in the guest: cloud-init status --long; journalctl -u systemd-networkd -u NetworkManager",
     "ゲストの中で: cloud-init status --long; journalctl -u systemd-networkd -u NetworkManager"),
    ("kubectl get vmi <name> -o jsonpath='{.status.interfaces}' (the address KubeVirt expects)",
     "kubectl get vmi <name> -o jsonpath='{.status.interfaces}'(KubeVirt が想定するアドレス)"),
    ("{t}; the guest's own interface {} is down or has no address in this paste, so the guest reaches nothing from it: the guest's fault",
     "{0}。この貼り付けではゲスト自身のインターフェース {1} がダウンしているかアドレスがないため、ゲストはそこから何にも届きません: ゲストの障害です"),
];
