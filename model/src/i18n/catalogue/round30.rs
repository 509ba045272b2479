//! Round 30's sentences: the host refusing a passed-through device's DMA mapping
//! (`signatures/vfio_host.rs`), the block layer's error statuses (`signatures/kernel.rs`),
//! BusyBox's udhcpc without a lease (`signatures/guest_output/guest_os.rs`) and Longhorn's engine
//! skipping an unmap during a rebuild (`signatures/noise.rs`), and a routing table without a
//! default route (`input/no_default_route.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND30: &[Entry] = &[
    ("the host cannot pin the guest's memory for a passed-through device (VFIO DMA mapping)",
     "ホストはパススルーされたデバイスのためにゲストのメモリを固定できません(VFIO DMA マッピング)"),
    ("a VM with a host device (GPU, NIC, NVMe) passed through needs all its memory pinned in the host for the device's DMA; the host refused: the process's locked-memory limit (RLIMIT_MEMLOCK) is below the guest's memory, or the host has too little free memory or IOMMU mapping space for it, so QEMU exits and the VMI does not start",
     "ホストデバイス(GPU、NIC、NVMe)をパススルーした VM は、デバイスの DMA のためにメモリ全体をホスト上で固定する必要があります。ホストはこれを拒否しました。プロセスのロック可能メモリ上限(RLIMIT_MEMLOCK)がゲストのメモリより小さいか、ホストの空きメモリまたは IOMMU のマッピング領域が足りないため、QEMU は終了し VMI は起動しません"),
    ("on the node: dmesg | grep -i -e vfio -e RLIMIT_MEMLOCK (the limit the kernel applied)",
     "ノード上で: dmesg | grep -i -e vfio -e RLIMIT_MEMLOCK(カーネルが適用した上限)"),
    ("kubectl get vmi <name> -o yaml (memory request and limit, the hostDevices or gpus)",
     "kubectl get vmi <name> -o yaml(メモリの要求と上限、hostDevices または gpus)"),
    ("on the node: free -g; cat /proc/meminfo (free memory against the guest's size)",
     "ノード上で: free -g; cat /proc/meminfo(ゲストのサイズに対する空きメモリ)"),
    ("a block device on the node fails requests (the block layer's error status)",
     "ノード上のブロックデバイスがリクエストを失敗させています(ブロック層のエラーステータス)"),
    ("the kernel's block layer failed a request to a disk of the node with the status it names (the target refusing the command, a transport lost, a timeout, no space on a thin device, a reservation held by another host): a VM disk on it pauses with IOError, retries or fails",
     "カーネルのブロック層が、ノードのディスクへのリクエストを示されたステータスで失敗させました(ターゲットによるコマンドの拒否、失われた転送路、タイムアウト、シンデバイスの容量不足、別ホストが保持する予約)。その上の VM ディスクは IOError で一時停止するか、再試行するか、失敗します"),
    ("journalctl -k on the node (the device, the operation: READ, WRITE, DISCARD, FLUSH)",
     "ノード上で journalctl -k(デバイスと操作: READ、WRITE、DISCARD、FLUSH)"),
    ("check the device and its storage backend (the volume's engine, the array, the path)",
     "デバイスとそのストレージバックエンドを確認してください(ボリュームのエンジン、アレイ、パス)"),
    ("Longhorn's engine skips an unmap while a replica rebuilds (by design)",
     "レプリカの再構築中、Longhorn のエンジンはアンマップをスキップします(設計どおり)"),
    ("the guest trimmed (fstrim, discard) a Longhorn volume while one of its replicas was rebuilding; the engine declines unmaps until the rebuild ends so the replicas stay identical, and the guest's trim still completes: a warning of the design, not a fault",
     "レプリカの一つが再構築中に、ゲストが Longhorn ボリュームをトリム(fstrim、discard)しました。レプリカを同一に保つため、エンジンは再構築が終わるまでアンマップを断りますが、ゲストのトリムは完了します。設計による警告であり、障害ではありません"),
    ("the routing table has no default route",
     "ルーティングテーブルにデフォルトルートがありません"),
    ("ip route lists routes but no default one: the host it was printed on (the VM's guest) reaches only its own links, so every address beyond them is unreachable; the network that configured it gave no default gateway (KubeVirt's DHCP offering the gateway only as a classless static route, which makes the client ignore the router option, or a secondary network's IPAM without a gateway)",
     "ip route はルートを列挙していますが、デフォルトルートがありません。これが表示されたホスト(VM のゲスト)は自身のリンクにしか到達できず、その先のアドレスにはすべて到達できません。設定したネットワークがデフォルトゲートウェイを与えていません(KubeVirt の DHCP がゲートウェイをクラスレススタティックルートとしてのみ提供し、クライアントがルーターオプションを無視する場合や、ゲートウェイのないセカンダリネットワークの IPAM)"),
    ("in the guest: ip route; cat the DHCP client's lease (option routers, classless-static-routes)",
     "ゲスト内で: ip route; DHCP クライアントのリースを確認(option routers、classless-static-routes)"),
    ("kubectl get vmi <name> -o jsonpath='{.spec.domain.devices.interfaces}' (the binding: bridge, masquerade)",
     "kubectl get vmi <name> -o jsonpath='{.spec.domain.devices.interfaces}'(バインディング: bridge、masquerade)"),
    ("kubectl exec <virt-launcher pod> -- ip route (the pod's gateway the guest is given)",
     "kubectl exec <virt-launcher pod> -- ip route(ゲストに与えられる Pod のゲートウェイ)"),
    ("ip route output", "ip route の出力"),
];
