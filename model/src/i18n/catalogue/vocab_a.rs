//! The sentences of mechanism (A), a third-party component's own failure vocabulary:
//! Kube-OVN's condition and event reasons (`signatures/kube_ovn_reasons.rs`) and its IPAM's
//! refusals (`signatures/kube_ovn_ipam.rs`), and Harvester's
//! migrate action refusing (`signatures/harvester_migrate.rs`), with their remedies
//! (`remedy/third_party.rs`).

use super::Entry;

#[rustfmt::skip]
pub const VOCAB_A: &[Entry] = &[
    // `signatures/kube_ovn_reasons.rs`, POD_PORT
    ("Kube-OVN could not give the pod its address or logical port",
     "Kube-OVN が Pod にアドレスまたは論理ポートを与えられませんでした"),
    ("kube-ovn-controller allocates every pod's address from its subnet and creates its \
      OVN logical switch port, and kube-ovn-cni plugs it on the node; one of these steps \
      failed (no free or a conflicting address, a missing VLAN or subnet, the OVN database \
      refusing the port), so the pod (a VM's launcher too) has no working pod network",
     "kube-ovn-controller はすべての Pod のアドレスをサブネットから割り当てて OVN の論理スイッチ\
      ポートを作り、kube-ovn-cni がそれをノード上で接続します。このいずれかの手順が失敗しました\
      (空きアドレスがない、アドレスが衝突している、VLAN やサブネットがない、OVN データベースが\
      ポートを拒否した)。そのため Pod(VM のランチャーも)には動作する Pod ネットワークがありません"),
    ("kubectl describe pod <virt-launcher pod> (Kube-OVN's events: stage= and error=)",
     "kubectl describe pod <virt-launcher pod>(Kube-OVN のイベント: stage= と error=)"),
    ("kubectl get subnet <subnet> -o yaml and kubectl get ip | grep <vm>",
     "kubectl get subnet <subnet> -o yaml と kubectl get ip | grep <vm>"),
    // SUBNET
    ("Kube-OVN could not set up a subnet's logical switch",
     "Kube-OVN がサブネットの論理スイッチを設定できませんでした"),
    ("kube-ovn-controller reconciles each Subnet (and IPPool) into an OVN logical switch \
      with its load balancers, ACLs and address sets; this step failed and the subnet \
      carries the reason on its Error condition: pods and VMs on the subnet get no or a \
      broken network until it is fixed",
     "kube-ovn-controller は各 Subnet(と IPPool)を、ロードバランサー、ACL、アドレスセットを\
      持つ OVN の論理スイッチに反映します。この手順が失敗し、サブネットはその理由を Error\
      コンディションに持っています。直るまで、このサブネット上の Pod と VM にはネットワークが\
      ないか、壊れたネットワークしかありません"),
    ("kubectl get subnet <subnet> -o yaml (status.conditions: the Error condition's message)",
     "kubectl get subnet <subnet> -o yaml(status.conditions: Error コンディションの message)"),
    ("kubectl ko nbctl show <subnet> (the logical switch and its ports)",
     "kubectl ko nbctl show <subnet>(論理スイッチとそのポート)"),
    // GATEWAY
    ("a Kube-OVN subnet has no ready gateway",
     "Kube-OVN のサブネットに準備のできたゲートウェイがありません"),
    ("a centralized Kube-OVN subnet sends its pods' traffic out through its gateway \
      nodes; none is named or none is ready, so pods and VMs on the subnet cannot reach \
      anything outside it",
     "集中型の Kube-OVN サブネットは Pod の通信をゲートウェイノード経由で外へ送ります。\
      ゲートウェイノードが指定されていないか、どれも準備ができていないため、このサブネット上の\
      Pod と VM はサブネットの外に到達できません"),
    ("kubectl get subnet <subnet> -o yaml (spec.gatewayNode, status.activateGateway)",
     "kubectl get subnet <subnet> -o yaml(spec.gatewayNode、status.activateGateway)"),
    ("kubectl get nodes (the gateway nodes' readiness)",
     "kubectl get nodes(ゲートウェイノードの準備状態)"),
    // PROVIDER
    ("Kube-OVN could not set up a provider network's bridge on a node",
     "Kube-OVN がノード上でプロバイダーネットワークのブリッジを設定できませんでした"),
    ("kube-ovn-cni creates the OVS bridge of an underlay provider network on each node \
      and moves the node's NIC into it; on this node it failed, so VLAN and underlay subnets \
      have no path out there",
     "kube-ovn-cni は各ノードでアンダーレイのプロバイダーネットワークの OVS ブリッジを作り、\
      ノードの NIC をそこへ移します。このノードではそれが失敗したため、VLAN とアンダーレイの\
      サブネットはそこから外への経路を持ちません"),
    ("kubectl get provider-network <name> -o yaml (status.conditions per node)",
     "kubectl get provider-network <name> -o yaml(ノードごとの status.conditions)"),
    ("kubectl logs -n kube-system <kube-ovn-cni pod on the node>",
     "kubectl logs -n kube-system <そのノード上の kube-ovn-cni Pod>"),
    // POLICY
    ("Kube-OVN could not apply a pod's network policy or release its port",
     "Kube-OVN が Pod のネットワークポリシーを適用できないか、そのポートを解放できませんでした"),
    ("the pod's network works, but Kube-OVN failed to apply its QoS, port security or \
      network policy ACLs, warns of a node address inside a subnet, or could not release a \
      deleted pod's port: traffic may be unlimited, unfiltered or collide with a stale port",
     "Pod のネットワークは動作していますが、Kube-OVN はその QoS、ポートセキュリティ、または\
      ネットワークポリシーの ACL の適用に失敗したか、サブネット内にあるノードのアドレスを\
      警告しているか、削除された Pod のポートを解放できませんでした。通信が制限されない、\
      フィルターされない、または古いポートと衝突するおそれがあります"),
    ("kubectl describe pod <pod> (Kube-OVN's events: stage= and error=)",
     "kubectl describe pod <pod>(Kube-OVN のイベント: stage= と error=)"),
    // `signatures/harvester_migrate.rs`, REFUSED
    ("Harvester refused to start the VM's migration",
     "Harvester が VM のマイグレーションの開始を拒否しました"),
    ("Harvester's migrate action checks the VM, the target node and KubeVirt before it \
      creates a VirtualMachineInstanceMigration; a check failed (KubeVirt's deployment not \
      ready, no node able to take the VM, the VM not ready or its launcher pods not one), so \
      no migration starts and a drain or upgrade waiting for it stays stuck",
     "Harvester のマイグレーション操作は、VirtualMachineInstanceMigration を作る前に VM、移行先\
      ノード、KubeVirt を確認します。その確認が失敗しました(KubeVirt のデプロイメントの準備が\
      できていない、VM を受け入れられるノードがない、VM の準備ができていない、またはランチャー\
      Pod が一つではない)。そのためマイグレーションは始まらず、それを待つドレインやアップグレードは\
      止まったままになります"),
    ("kubectl get kubevirt -n harvester-system kubevirt -o yaml (status.conditions: Available, DeploymentReady)",
     "kubectl get kubevirt -n harvester-system kubevirt -o yaml(status.conditions: Available、DeploymentReady)"),
    ("kubectl get vmi <vm> -n <ns> -o yaml (status.conditions: Ready, LiveMigratable)",
     "kubectl get vmi <vm> -n <ns> -o yaml(status.conditions: Ready、LiveMigratable)"),
    ("kubectl get pods -n <ns> -l kubevirt.io/created-by=<vmi uid> (one active launcher pod)",
     "kubectl get pods -n <ns> -l kubevirt.io/created-by=<vmi uid>(動作中のランチャー Pod が一つ)"),
    // NOT_APPLICABLE
    ("Harvester refused a migration request the VM's state or configuration rules out",
     "Harvester が、VM の状態または構成では行えないマイグレーションの要求を拒否しました"),
    ("Harvester's migrate or abort action found that the request does not apply to the VM \
      as it is (not running, already migrating or not migrating, already on the chosen node, \
      pinned by a node selector, or holding a host or vGPU device); the VM keeps running \
      where it is and cannot be moved live until that changes",
     "Harvester のマイグレーションまたは中止の操作は、要求が今の VM に当てはまらないと判断しました\
      (実行中でない、すでにマイグレーション中またはマイグレーション中でない、すでに選んだノード上に\
      ある、ノードセレクターで固定されている、ホストデバイスや vGPU を持っている)。VM は今の場所で\
      動き続け、それが変わるまでライブで移動できません"),
    ("kubectl get vmi <vm> -n <ns> -o yaml (status.phase, status.migrationState, spec.nodeSelector, host devices)",
     "kubectl get vmi <vm> -n <ns> -o yaml(status.phase、status.migrationState、spec.nodeSelector、ホストデバイス)"),
    // `signatures/kube_ovn_ipam.rs`
    ("Kube-OVN's IP address management refused the pod an address",
     "Kube-OVN の IP アドレス管理が Pod へのアドレスの割り当てを拒否しました"),
    ("kube-ovn-controller's IPAM could not give the pod (a VM's launcher too) its \
      address or MAC: the static or kept address is taken by another pod, is the gateway's \
      or outside the subnet, or the subnet or IP pool has none left; the pod's network is \
      not set up until the conflict is resolved or addresses are freed",
     "kube-ovn-controller の IPAM が Pod(VM のランチャーも)にアドレスまたは MAC を与えられません\
      でした: 固定または保持されたアドレスが別の Pod に使われている、ゲートウェイのものである、\
      サブネットの範囲外である、またはサブネットや IP プールに空きがありません。衝突が解消されるか\
      アドレスが解放されるまで、Pod のネットワークは設定されません"),
    ("kubectl get ip -o wide | grep <address> (which pod or VM holds it)",
     "kubectl get ip -o wide | grep <address>(どの Pod または VM が持っているか)"),
    // `remedy/third_party.rs`
    ("Free or correct the address Kube-OVN names (`kubectl get ip | grep <address>` shows who holds it; a VM's fixed address is its `ovn.kubernetes.io/ip_address` annotation; an exhausted subnet or IP pool needs a wider range), then delete the launcher pod so kube-ovn-controller allocates again: `kubectl delete pod {} -n {}`.",
     "Kube-OVN が示すアドレスを解放するか正します(`kubectl get ip | grep <address>` で持ち主が分かります。VM の固定アドレスは `ovn.kubernetes.io/ip_address` アノテーションです。空きのないサブネットや IP プールには広い範囲が必要です)。その後ランチャー Pod を削除して kube-ovn-controller に割り当て直させます: `kubectl delete pod {0} -n {1}`。"),
    ("Fix what the subnet's Error condition names (a CIDR overlapping another subnet, a port or MAC already in OVN's northbound database: `kubectl ko nbctl show`); kube-ovn-controller reconciles the subnet again on its own, and restarting it forces that: `kubectl rollout restart deploy/kube-ovn-controller -n kube-system`.",
     "サブネットの Error コンディションが示すもの(別のサブネットと重なる CIDR、OVN の northbound データベースにすでにあるポートや MAC: `kubectl ko nbctl show`)を直します。kube-ovn-controller は自らサブネットを再び調整し、再起動するとそれを強制できます: `kubectl rollout restart deploy/kube-ovn-controller -n kube-system`。"),
    ("Give the centralized subnet a ready gateway node (its `gatewayNode` or `gatewayNodeSelectors`, and that node Ready), or make the subnet `gatewayType: distributed`.",
     "集中型サブネットに準備のできたゲートウェイノードを与えます(`gatewayNode` または `gatewayNodeSelectors`、そしてそのノードが Ready であること)。またはサブネットを `gatewayType: distributed` にします。"),
    ("Fix the node's NIC the provider network names (`defaultInterface` or `customInterfaces`) so kube-ovn-cni can move it into the bridge, or leave the node out with `excludeNodes`.",
     "プロバイダーネットワークが示すノードの NIC(`defaultInterface` または `customInterfaces`)を直して kube-ovn-cni がブリッジへ移せるようにするか、`excludeNodes` でそのノードを外します。"),
    ("Fix what Harvester names before migrating again: KubeVirt's deployment (`kubectl get kubevirt -n harvester-system kubevirt`, Available with reason DeploymentReady), a node that can take the VM, or the extra launcher pod; then migrate again: `virtctl migrate {} -n {}`.",
     "再びマイグレーションする前に Harvester が示すものを直します: KubeVirt のデプロイメント(`kubectl get kubevirt -n harvester-system kubevirt`、理由 DeploymentReady で Available)、VM を受け入れられるノード、または余分なランチャー Pod です。その後もう一度マイグレーションします: `virtctl migrate {0} -n {1}`。"),
];
