//! What the readers say about a paste (`input/`: sightings, vocabularies, fragments, recovery; `signatures/fallback.rs`, `component.rs`, `components.rs`, `errno.rs`; `input/last_resort.rs`) and the diagnosis' own phrases.

use super::Entry;

#[rustfmt::skip]
pub const READERS: &[Entry] = &[
    // `input/last_resort.rs`
    ("no signature knows this line; it is error-level material ({}), so it points at the {t} \
      layer, with low confidence: read the line itself",
     "どのシグネチャーにも該当しない行ですが、エラーとして扱う内容です({0})。そのため低い確信度で{1}レイヤーを指します。\
      行そのものを読んでください"),
    ("no signature knows this line; it is error-level material ({}), about {}, so it points at \
      the {t} layer, with low confidence: read the line itself",
     "どのシグネチャーにも該当しない行ですが、エラーとして扱う内容({0})で、対象は{1}です。\
      そのため低い確信度で{2}レイヤーを指します。行そのものを読んでください"),
    ("no signature knows this line; it is error-level material ({}), reported by {} (named by {}: \
      {}; {}), so it points at the {t} layer, with low confidence: read the line itself",
     "どのシグネチャーにも該当しない行ですが、エラーとして扱う内容({0})で、報告元は {1} です({2}による判定: {3}。\
      {4})。そのため低い確信度で{5}レイヤーを指します。行そのものを読んでください"),
    ("no signature knows this line; it is error-level material ({}), reported by {} (named by {}: \
      {}; {}), about {}, so it points at the {t} layer, with low confidence: read the line itself",
     "どのシグネチャーにも該当しない行ですが、エラーとして扱う内容({0})で、報告元は {1}({2}による判定: {3}。\
      {4})、対象は{5}です。そのため低い確信度で{6}レイヤーを指します。行そのものを読んでください"),
    ("its stated level",
     "行が示すレベル"),
    ("a Warning event",
     "Warning イベント"),
    ("its klog header after the line's prefix",
     "行の接頭辞に続く klog ヘッダー"),
    ("a Warning event its recorder logged",
     "記録元がログに出した Warning イベント"),
    ("a sync that failed and was re-enqueued with its error",
     "失敗してエラーとともに再キューされた同期"),
    ("a failure stated by the message's own form",
     "メッセージの形そのものが示す失敗"),
    ("its own error words",
     "行自身のエラーを表す語"),
    ("the component that records this Warning reason",
     "この Warning の理由を記録するコンポーネント"),
    ("the event's reason",
     "イベントの理由"),
    // `signatures/components.rs`
    ("the line's own fields",
     "行自身のフィールド"),
    ("the JSON log object after the line's prefix",
     "行の接頭辞に続く JSON ログオブジェクト"),
    ("the user name it acts as",
     "動作しているユーザー名"),
    ("the source file of its klog header",
     "klog ヘッダーのソースファイル"),
    ("the component or pod name it carries",
     "行に含まれるコンポーネント名か Pod 名"),
    ("the pod name it carries",
     "行に含まれる Pod 名"),
    ("a cluster-wide control-plane component",
     "クラスター全体のコントロールプレーンのコンポーネント"),
    ("a network add-on that wires the VMs' secondary networks",
     "VM のセカンダリネットワークを配線するネットワークアドオン"),
    ("storage served from the node's own disks and daemons",
     "ノード自身のディスクとデーモンが提供するストレージ"),
    ("the cluster's network plugin, which gives every pod its network",
     "すべての Pod にネットワークを与えるクラスターのネットワークプラグイン"),
    ("the CNI meta-plugin that attaches the pod's networks",
     "Pod のネットワークを接続する CNI メタプラグイン"),
    ("a Kubernetes control-plane controller",
     "Kubernetes のコントロールプレーンのコントローラー"),
    ("CDI upload proxy (cdi-uploadproxy)",
     "CDI アップロードプロキシ(cdi-uploadproxy)"),
    // `signatures/component.rs`
    ("a cluster-wide KubeVirt Deployment (admission, VMI and pod orchestration, install): the \
      control plane",
     "クラスター全体で動く KubeVirt の Deployment(アドミッション、VMI と Pod の制御、\
      インストール)、つまりコントロールプレーン"),
    ("a Kubernetes control-plane component",
     "Kubernetes のコントロールプレーンのコンポーネント"),
    ("KubeVirt's per-node DaemonSet: the node's agent",
     "ノードごとに動く KubeVirt の DaemonSet、つまりノードのエージェント"),
    ("the VMI's own pod on the node (virt-launcher runs libvirt and QEMU)",
     "ノード上の VMI 専用の Pod(virt-launcher が libvirt と QEMU を動かします)"),
    ("the node itself",
     "ノードそのもの"),
    ("the pod network the VMI's interfaces are bound to",
     "VMI のインターフェースが結び付く Pod ネットワーク"),
    ("CDI provisions the VM's disks (DataVolumes) through its controller and importer pods: \
      storage provisioning, before the VM can run",
     "CDI は VM のディスク(DataVolume)をコントローラーとインポーター Pod で用意します。\
      VM が動く前のストレージ準備です"),
    // `signatures/about.rs`
    ("a pod's volume on its node (attach, mount or map)",
     "ノード上の Pod のボリューム(アタッチ、マウント、マップ)"),
    ("the node's heartbeat (its lease and status)",
     "ノードのハートビート(Lease と status)"),
    ("KubeVirt's aggregated API (virt-api behind the subresources APIService)",
     "KubeVirt のアグリゲート API(subresources の APIService の背後にある virt-api)"),
    ("a migration (its controller's work before any data moves)",
     "マイグレーション(データが動く前のコントローラーの処理)"),
    ("a migration kubectl waited on in vain",
     "kubectl が待ち続けても終わらなかったマイグレーション"),
    ("a pod sandbox's network setup (the CNI ADD)",
     "Pod サンドボックスのネットワーク設定(CNI ADD)"),
    ("the network plumbing of a VM's pod or its node (tap device, bridge, link, VLAN)",
     "VM の Pod かそのノードのネットワーク配線(tap デバイス、ブリッジ、リンク、VLAN)"),
    ("the network add-ons' configuration",
     "ネットワークアドオンの設定"),
    // `signatures/subjects.rs`
    ("the network (a network object or subject it names: CNI, Multus, MAC, DHCP, bridge, …)",
     "ネットワーク(行が挙げるネットワークのオブジェクトや対象: CNI、Multus、MAC、DHCP、ブリッジなど)"),
    ("the node (its storage, runtime or state it names: CSI, RBD, kubelet, taint, …)",
     "ノード(行が挙げるストレージ、ランタイム、状態: CSI、RBD、kubelet、taint など)"),
    ("the control plane (an API object or component it names: API server, webhook, DataVolume, …)",
     "コントロールプレーン(行が挙げる API オブジェクトやコンポーネント: API サーバー、\
      Webhook、DataVolume など)"),
    ("the guest (its own software it names: cloud-init, systemd, boot loader, …)",
     "ゲスト(行が挙げるゲスト自身のソフトウェア: cloud-init、systemd、ブートローダーなど)"),
    ("a migration (its objects and steps it names)",
     "マイグレーション(行が挙げるそのオブジェクトや手順)"),
    // `signatures/fallback.rs`
    ("no signature knows this error line; it comes from {} ({}), so it points at the {t} layer, \
      with low confidence: read the line itself",
     "どのシグネチャーにも該当しないエラー行です。{0} から出ており({1})、そのため低い確信度で{2}レイヤーを指します。\
      行そのものを読んでください"),
    ("no signature knows this warning line; it comes from {} ({}), so it points at the {t} layer, \
      with low confidence: read the line itself",
     "どのシグネチャーにも該当しない警告行です。{0} から出ており({1})、そのため低い確信度で{2}レイヤーを指します。\
      行そのものを読んでください"),
    ("{} (KubeVirt {}, from the generated catalogue)",
     "{0}(KubeVirt {1} の生成カタログより)"),
    ("no signature knows this line, but it holds {}'s error \"{}\" (written in {}), so it points \
      at the {t} layer, with low confidence: read the line itself",
     "どのシグネチャーにも該当しない行ですが、{0} のエラー \"{1}\"({2} に記述)を含んでいるため、\
      低い確信度で{3}レイヤーを指します。行そのものを読んでください"),
    // `input/sightings.rs`
    ("Stuck starting: the pod is still not running long after it was created (unschedulable, e.g. \
      every node cordoned or tainted, or its volumes or images never ready). Its events \
      (FailedScheduling, FailedMount) say which.",
     "Pod の起動が止まっています。作成から長く経っても Pod がまだ動いていません(スケジュールできない。\
      たとえばすべてのノードが cordon されているか taint が付いている、あるいはボリュームやイメージの準備がいつまでも整わない)\
      。どれかはイベント(FailedScheduling、FailedMount)が示します。"),
    ("{} {}: {} (a value Strata does not know)",
     "{0} {1}: {2}(Strata の知らない値)"),
    ("Stuck starting: its launcher pod was scheduled to a node long ago, but virt-handler there \
      never started the domain (the VMI would be Running). Check the launcher pod and \
      virt-handler on that node.",
     "起動が止まっています。ランチャー Pod はずっと前にノードへスケジュールされましたが、そのノードの virt-handler はドメインを\
      起動していません(起動していれば VMI は Running のはずです)。ランチャー Pod とそのノードの virt-handler を\
      確認してください。"),
    ("Stuck starting: virt-controller never got a launcher pod scheduled and running for it. \
      Check its events and its launcher pod.",
     "起動が止まっています。virt-controller はランチャー Pod をスケジュールさせて動かすところまで至っていません。\
      イベントとランチャー Pod を確認してください。"),
    ("Stuck before its population started: CDI never got its importer, cloner or upload pod \
      running long after the DataVolume was created (the pod unschedulable, its PVC unbound, its \
      image not pulled). The DataVolume's events and its pod's say which.",
     "データ投入が始まる前で止まっています: DataVolume の作成から長く経っても、CDI はインポーター、\
      クローナー、アップロードの Pod を動かせていません(Pod をスケジュールできない、PVC がバインドされない、\
      イメージを取得できない)。どれかは DataVolume とその Pod のイベントが示します。"),
    ("Its populating pod (importer, cloner or upload server) has restarted: the population keeps \
      failing and CDI retries it. Read that pod's log and the DataVolume's events.",
     "データを投入する Pod(インポーター、クローナー、アップロードサーバー)が再起動しています: 投入が失敗し続け、\
      CDI が再試行しています。その Pod のログと DataVolume のイベントを読んでください。"),
    ("Running but not ready long after it started: a container fails its readiness probe or keeps \
      restarting (its RESTARTS and `kubectl describe pod` say which).",
     "起動からずっと経っても Running のまま Ready になりません: コンテナーが readiness probe に失敗しているか再\
      起動を繰り返しています(どちらかは RESTARTS と `kubectl describe pod` が示します)。"),
    ("The VMI's launcher pod is being deleted (its VMI shut down, evicted or migrated away). If \
      it stays Terminating, its node does not confirm the deletion (kubelet or the node down) or \
      virt-launcher does not finish the domain's shutdown within the pod's grace period: check \
      the node and the pod's events.",
     "VMI のランチャー Pod が削除中です(VMI のシャットダウン、退避、またはマイグレーションによる移動)\
      。Terminating のままなら、ノードが削除を確認していない(kubelet かノードが停止)\
      か、virt-launcher が Pod の猶予期間内にドメインのシャットダウンを終えていません: ノードと Pod のイベントを確認してください。"),
    ("{} old, older than virt-controller's {} timeout",
     "{0} 前のもので、virt-controller のタイムアウト {1} より古い"),
    // `input/fragment.rs`
    ("only {} of a {} was pasted: {}",
     "{1} の {0} だけが貼り付けられました: {2}"),
    ("the fields of a migrationState",
     "migrationState の項目"),
    ("the fields of a guestOSInfo",
     "guestOSInfo の項目"),
    ("a list of container statuses",
     "コンテナーの状態のリスト"),
    ("one interface of a VMI's status",
     "VMI の status のインターフェース一つ"),
    ("a list of volume statuses",
     "ボリュームの状態のリスト"),
    ("no phase",
     "フェーズなし"),
    ("no pods",
     "Pod なし"),
    ("no node",
     "ノードなし"),
    ("no name",
     "名前なし"),
    ("no conditions",
     "コンディションなし"),
    ("no printableStatus",
     "printableStatus なし"),
    ("one condition",
     "コンディション一つ"),
    ("a list of conditions",
     "コンディションのリスト"),
    ("a list of interfaces",
     "インターフェースのリスト"),
    ("only one interface of a VMI's status of a VMI was pasted: {}",
     "VMI の status のインターフェース一つだけが貼り付けられました: {0}"),
    ("only the {} of a {} was pasted: {}",
     "{1} の {0} だけが貼り付けられました: {2}"),
    // `input/pipeline.rs`
    ("read as text, line by line: no object, kubectl output or known message in it, and no line \
      states a fault",
     "テキストとして 1 行ずつ読みました: オブジェクトも kubectl の出力も既知のメッセージもなく、\
      障害を述べる行もありません"),
    ("nothing Strata can diagnose in the input",
     "入力に Strata が診断できるものはありません"),
    // `input/evicted_pod.rs`
    ("a node's drain is held: {}'s PodDisruptionBudget refuses its eviction",
     "ノードのドレインが止まっています: {0} の PodDisruptionBudget が退避を拒否しています"),
    ("find what {} still serves on the node (volumes attached there)",
     "{0} がまだノードで何を提供しているか(そこにアタッチされたボリューム)を調べる"),
    ("the drain of the node cannot evict {}, which is not a VMI's launcher: its own \
      PodDisruptionBudget allows no disruption now (its workload would lose a replica it needs, \
      such as a storage instance manager still serving a volume on that node), so the node stays \
      cordoned and its maintenance does not finish; the drain retries",
     "ノードのドレインが {0} を退避できません。これは VMI のランチャーではなく、自身の PodDisruptionBudget が今は中\
      断を許していません(そのノードでまだボリュームを提供しているストレージのインスタンスマネージャーなど、\
      ワークロードが必要なレプリカを失うため)。そのためノードは cordon されたままで保守が終わらず、\
      ドレインは再試行します"),
    // `input/recover.rs`
    ("fragment: {} read as part of a {}",
     "断片: {0} を {1} の一部として読みました"),
    ("elision: {} line(s) saying something was left out were skipped",
     "省略: 何かを省いたと述べる {0} 行を読み飛ばしました"),
    ("dedented by {} columns",
     "{0} 桁インデントを戻しました"),
    ("mid-indent start: the first {} lines read as a fragment of their own",
     "インデント途中からの開始: 最初の {0} 行を独立した断片として読みました"),
    ("cut end: read up to line {} of the block, where the text stops making sense",
     "末尾の切断: ブロックの行 {0} まで、文が意味をなさなくなる所までを読みました"),
    ("conditions map: read as a list of conditions",
     "conditions のマップ: コンディションのリストとして読みました"),
    ("first line re-indented by {} columns to its siblings'",
     "最初の行を兄弟の行に合わせて {0} 桁インデントし直しました"),
    ("notes appended after `//` dropped",
     "`//` の後に付けられた注記を取り除きました"),
    ("fragment: the {} read as part of a {}",
     "断片: {0} を {1} の一部として読みました"),
    // `input/classify.rs`
    ("no `kind`, and its fields ({}) match no object Strata reads",
     "`kind` がなく、その項目({0})は Strata が読むどのオブジェクトにも合いません"),
    ("lists nested too deep; skipped",
     "リストの入れ子が深すぎるため読み飛ばしました"),
    ("kind `{}` is not one Strata reads; skipped",
     "kind `{0}` は Strata が読む種類ではないため読み飛ばしました"),
    ("expected a mapping (a Kubernetes object), found {}",
     "マッピング(Kubernetes のオブジェクト)のはずが {0} でした"),
    ("a mapping of pod UID to node name",
     "Pod の UID からノード名へのマッピング"),
    ("field `/status/conditions/{}`: expected a condition with a string `type`; ignored",
     "項目 `/status/conditions/{0}`: 文字列の `type` を持つコンディションのはずですが、無視しました"),
    // `input/workloads.rs`
    ("{} runs but none of its components ({}) is deployed",
     "{0} は動いていますが、そのコンポーネント({1})はどれもデプロイされていません"),
    ("a kubectl get workload table row",
     "kubectl get のワークロードの表の行"),
    ("a component's pods are not all ready: what it serves (the API's webhooks, the controllers, \
      the node agent) is missing or partial until they are",
     "コンポーネントの Pod がすべては Ready ではありません: Ready になるまで、\
      それが提供するもの(API の Webhook、コントローラー、ノードのエージェント)は欠けているか一部だけです"),
    ("the namespace lists the operator and nothing it deploys: the install never finished (the \
      operator's custom resource missing or stuck, the operator failing to create its \
      components), so the API it serves is absent",
     "Namespace にはオペレーターがあるだけで、それがデプロイするものが何もありません: インストールが終わっていない(オペレーターのカス\
      タムリソースがないか止まっている、オペレーターがコンポーネントを作成できない)ため、それが提供する API がありません"),
    ("{} {} has {} of {} replicas ready",
     "{0} {1} の Ready なレプリカは {3} 個中 {2} 個です"),
    ("the KubeVirt custom resource's phase says how far virt-operator got: until it is Deployed, \
      virt-api, virt-controller and virt-handler are not all serving, and VMs cannot be created \
      or started",
     "KubeVirt カスタムリソースのフェーズが virt-operator の進み具合を示します: Deployed になるまで virt-\
      api、virt-controller、virt-handler はすべては動いておらず、VM の作成も起動もできません"),
    ("has no phase: virt-operator has not begun deploying KubeVirt",
     "フェーズがありません: virt-operator は KubeVirt のデプロイを始めていません"),
    ("a kubectl describe of a workload",
     "ワークロードの kubectl describe の出力"),
    ("a namespace-wide kubectl get listing",
     "Namespace 全体の kubectl get の一覧"),
    ("the KubeVirt resource has no phase: virt-operator has not begun deploying KubeVirt",
     "KubeVirt リソースにフェーズがありません: virt-operator は KubeVirt のデプロイを始めていません"),
    ("the KubeVirt resource is Deploying: KubeVirt's components are not all up",
     "KubeVirt リソースは Deploying です: KubeVirt のコンポーネントがすべては起動していません"),
    ("the KubeVirt resource is being deleted: KubeVirt is going away",
     "KubeVirt リソースは削除中です: KubeVirt は取り除かれようとしています"),
    // `input/webhook_owner.rs`
    ("the API server cannot call {}, served by {}",
     "API サーバーが {1} の提供する {0} を呼び出せません"),
    ("the API server's call to the admission webhook {} failed: {} serves it (its service {}), so \
      every create or update it intercepts fails until its pods answer; the fault is {}'s, not \
      KubeVirt's API",
     "API サーバーからアドミッション Webhook {0} への呼び出しが失敗しました: それを提供するのは {1}(Service {2}\
      )なので、その Pod が応答するまで、それが受け持つ作成や更新はすべて失敗します。障害は {3} のもので、\
      KubeVirt の API のものではありません"),
    // `input/describe.rs`
    ("the migration's abort was requested (migrationAbortRequested) but it is still {}",
     "マイグレーションの中止が要求されましたが(migrationAbortRequested)、まだ {0} です"),
    ("The VMI's Migration State says Failed: true: its last migration failed and it stays on its \
      source node.",
     "VMI の Migration State は Failed: true を示しています: 最後のマイグレーションが失敗し、\
      VMI は移行元ノードに留まっています。"),
    ("The VMI's Migration State says Failed: true (“{}”): its last migration failed and it stays on \
      its source node.",
     "VMI の Migration State は Failed: true(“{0}”)を示しています: 最後のマイグレーションが失敗し、\
      VMI は移行元ノードに留まっています。"),
    ("The VMI's last migration failed (Migration State)",
     "VMI の最後のマイグレーションが失敗しました(Migration State)"),
    ("virt-controller adds the migrationAbortRequested condition when the migration object is \
      deleted; the migration should then end Failed with its abort Succeeded. A migration that \
      keeps its phase with the abort requested is stuck: its target pod or the controller's abort \
      did not proceed",
     "マイグレーションオブジェクトが削除されると virt-controller は migrationAbortRequested コンディショ\
      ンを付けます。その後マイグレーションは Failed で終わり、中止は Succeeded になるはずです。\
      中止が要求されたままフェーズが変わらないマイグレーションは止まっています: 移行先 Pod かコントローラーの中止処理が進みませんでした"),
    // `input/terminating_node.rs`
    ("node {}: {} pods stuck Terminating while other nodes run theirs",
     "ノード {0}: ほかのノードでは Pod が動いているのに、{1} 個の Pod が Terminating のまま止まっています"),
    ("node {}: {} pods stuck Terminating while their replacements wait elsewhere",
     "ノード {0}: 代わりの Pod がほかで待っているのに、{1} 個の Pod が Terminating のまま止まっています"),
    ("the pods on node {} ({}) are being deleted and stay Terminating, while pods on other nodes \
      run: the node does not confirm the deletions (its kubelet or the node itself is down or \
      unreachable)",
     "ノード {0} の Pod({1})が削除中で Terminating のまま、ほかのノードの Pod は動いています: ノードが削除を確認\
      していません(kubelet かノード自体が停止しているか到達できない)"),
    ("a kubectl get pods table (NODE column)",
     "kubectl get pods の表(NODE 列)"),
    // `input/object.rs`
    ("document {} (line {}) at {}: {t}",
     "ドキュメント {0}(行 {1})の {2}: {3}"),
    ("document {} (line {}): {t}",
     "ドキュメント {0}(行 {1}): {2}"),
    ("document {}: {t}",
     "ドキュメント {0}: {1}"),
    // `input/clock.rs`
    ("{} {} was created at {} and is {} old there",
     "{0} {1} は {2} に作成され、その時点で作成から {3} 経っています"),
    // `input/conditions_only.rs`
    ("the {} condition(s) of an object Strata does not read are as they should be",
     "Strata が読まないオブジェクトの {0} 個のコンディションは、あるべき状態です"),
    ("an object Strata does not read has conditions not as they should be: {}",
     "Strata が読まないオブジェクトに、あるべき状態でないコンディションがあります: {0}"),
    ("its kind is not one Strata reads, so no layer can be named: read by the Kubernetes \
      condition convention only",
     "その kind は Strata が読む種類ではないため、レイヤーを特定できません: Kubernetes のコンディションの慣例だけで読みました"),
    // `input/documents.rs`
    ("valid YAML maybe, but it reaches a limit of the YAML parser ({}); this part was not read (a \
      `kind: List` is read item by item, so only an item this large is skipped)",
     "YAML としては正しいかもしれませんが、YAML パーサーの上限に達しています({0})。\
      この部分は読んでいません(`kind: List` は項目ごとに読むため、読み飛ばすのはこれほど大きな項目だけです)"),
    // The parser's own words are quoted (“…”): data, never translated.
    ("invalid YAML: “{}”; {}",
     "不正な YAML: “{0}”。{1}"),
    ("invalid JSON: “{}”",
     "不正な JSON: “{0}”"),
    // `input/folder/layout.rs`
    ("a Harvester support bundle",
     "Harvester のサポートバンドル"),
    // `input/folder/mod.rs`
    ("not YAML, JSON or a container log",
     "YAML、JSON、コンテナーログのいずれでもありません"),
    ("nothing Strata can diagnose",
     "Strata が診断できるものはありません"),
    ("holds no kind Strata reads",
     "Strata が読む kind を含んでいません"),
    // `input/kubectl.rs`
    ("No VMI in this paste runs there.",
     "この貼り付けの VMI はどれもそこでは動いていません。"),
    // `input/lines.rs`
    ("an info line: normal operation, blamed on nothing",
     "情報行: 通常の動作で、何も原因としません"),
    ("not in the signature catalogue; read it yourself",
     "シグネチャーのカタログにありません。行そのものを読んでください"),
    ("{t}; its stack frames run through {}, so the {t} layer",
     "{0}。スタックフレームが {1} を通っているため、{2}レイヤーです"),
    ("{t} The message is KubeVirt's: {} (KubeVirt {}, from the generated catalogue).",
     "{0}。このメッセージは KubeVirt のもの({1}、KubeVirt {2} の生成カタログより)です。"),
    ("a shell command",
     "シェルのコマンド"),
    ("a Go panic in {}",
     "{0} の Go のパニック"),
    ("a component panicked (Observed a panic) in {}",
     "{0} でパニックが発生しました(Observed a panic)"),
    ("a Go program's fatal error (runtime throw) in {}",
     "{0} の Go プログラムの致命的エラー(runtime throw)"),
    ("a Go program's crash traceback in {}",
     "{0} の Go プログラムのクラッシュのトレースバック"),
    // `input/parse.rs`
    ("the input is empty; {}",
     "入力が空です。{0}"),
    ("no object found; {}",
     "オブジェクトが見つかりません。{0}"),
    ("this part was not read (the rest was): {}",
     "この部分は読んでいません(残りは読みました): {0}"),
    // `input/resolved.rs`
    ("This Warning is older than the Normal event {} seen after it, and the {} is {} now: it is \
      history, not the present fault.",
     "この Warning はその後に見えた Normal イベント {0} より古く、{1} は今は {2} です: 過去の経緯であり、\
      現在の障害ではありません。"),
    // `input/target_pod.rs`
    ("kube-scheduler finds no node for pod {}: its affinity, node selector or the nodes' taints \
      leave none. It is not a virt-launcher pod, so not a migration's target: the nodes' \
      capacity, labels and taints decide",
     "kube-scheduler が Pod {0} のノードを見つけられません: アフィニティ、\
      ノードセレクター、またはノードの taint で候補が残りません。virt-launcher Pod ではないのでマイグレーションの移行先で\
      はなく、ノードの容量、ラベル、taint で決まります"),
    ("{} carries {}: the migration controller created it as a migration's target. Its Node is \
      <none>: the scheduler has not placed it (no node passes its affinity against the source \
      pod, its node selectors or the nodes' resources), so the migration cannot go on",
     "{0} には {1} があります: マイグレーションコントローラーがマイグレーションの移行先として作成しました。\
      Node は <none> で、スケジューラーは配置していません(移行元 Pod に対するアフィニティ、\
      ノードセレクター、ノードのリソースを満たすノードがない)。そのためマイグレーションは進めません"),
    // `input/text.rs`
    ("this looks like a `kubectl get` table (columns {}), which does not carry the status \
      details; run the same command with `-o yaml` instead; {}",
     "これは `kubectl get` の表(列 {0})のようで、状態の詳細を含みません。代わりに同じコマンドを `-o yaml` 付きで実\
      行してください。{1}"),
    // `input/verdict.rs`
    ("no known message points at a layer; {} error line(s) name no component (first: line {}), \
      read them",
     "既知のメッセージはどのレイヤーも指していません。{0} 行のエラー行がコンポーネントを示していません(最初は行 {1})\
      。それらを読んでください"),
    // `input/vm_conditions.rs`
    ("VirtualMachine {}: condition {}",
     "VirtualMachine {0}: コンディション {1}"),
    // `input/supersede.rs`
    ("their times do not say which is newer, so the later in the paste (line {}) is read",
     "時刻ではどちらが新しいか分からないため、貼り付けで後ろにあるもの(行 {0})を読みます"),
    ("{} {} is {} at line {}, but {} at line {} ({t}); {t}",
     "{0} {1} は行 {3} では {2}、行 {5} では {4} です({6})。{7}"),
    ("the block at line {} is newer ({}), so it is read",
     "行 {0} のブロックのほうが新しいため({1})、そちらを読みます"),
    ("newer than line {} ({})",
     "行 {0} より新しい({1})"),
    // `input/tunnel.rs`
    ("virtctl's tunnel to the VMI closed (websocket close 1006)",
     "virtctl から VMI へのトンネルが閉じました(websocket close 1006)"),
    ("read the ssh client's error (the guest's sshd)",
     "ssh クライアントのエラーを読む(ゲストの sshd)"),
    ("the websocket carrying virtctl's port-forward (ssh, scp) closed abnormally (1006, \
      unexpected EOF): the stream's far end, the guest's port, closed or never answered; a \
      symptom of what closed it, which the client's own error says",
     "virtctl の port-forward(ssh、scp)を運ぶ WebSocket が異常終了しました(1006、\
      unexpected EOF): ストリームの相手側であるゲストのポートが閉じたか、応答しませんでした。\
      これは閉じた原因の症状で、原因はクライアント自身のエラーが示します"),
    // `input/volume_wait.rs`
    ("VMI {} is Pending while DataVolume {} is {}",
     "DataVolume {1} が {2} の間、VMI {0} は Pending です"),
    ("virt-controller creates no launcher pod until every DataVolume of the VMI has populated: \
      the VM waits for CDI's import or clone. If the DataVolume stays in this phase, read its \
      events and the CDI pods' logs (cdi-deployment, the importer or cloner pod).",
     "virt-controller は VMI のすべての DataVolume の投入が終わるまでランチャー Pod を作りません: VM は \
      CDI のインポートかクローンを待っています。DataVolume がこのフェーズに留まるなら、\
      そのイベントと CDI の Pod(cdi-deployment、インポーターかクローナーの Pod)\
      のログを読んでください。"),
    // `input/json_cut.rs`
    ("JSON cut at its start: lines 1-{} (the end of a value cut before them) were skipped",
     "先頭で切れた JSON: 行 1-{0}(その前で切れた値の末尾)を読み飛ばしました"),
    ("JSON cut at its end: the open strings, objects and arrays were closed",
     "末尾で切れた JSON: 開いていた文字列、オブジェクト、配列を閉じました"),
    // `input/second_launcher.rs`
    ("The pod {} is a second launcher pod of the VMI beside {}, which is Running and ready: a VMI \
      has two launcher pods only while a migration runs, so this one is the migration's target \
      (its placement or its clean-up).",
     "Pod {0} は VMI の二つ目のランチャー Pod で、隣の {1} は Running かつ Ready です: VMI がランチャ\
      ー Pod を二つ持つのはマイグレーション中だけなので、これはマイグレーションの移行先です(その配置か後片付け)。"),
    // The finding's own title first, the pod after it: the name then stands apart from the
    // title's words.
    ("migration target pod {}: {t}",
     "{1}(マイグレーション移行先 Pod {0})"),
    // `diagnosis/handler.rs`
    ("The cause is in the node/launcher layer.",
     "原因はノード/ランチャー層にあります。"),
    // `kube/vmi.rs`
    ("assumed: KubeVirt's default when neither the VMI nor the cluster sets one",
     "仮定: VMI もクラスターも設定していない場合の KubeVirt の既定値"),
    // `signatures/reasons.rs`
    ("a workload controller",
     "ワークロードのコントローラー"),
    // `diagnosis/control_plane.rs`
    ("The launcher pod's node selector includes kubevirt.io/schedulable=true, which every \
      launcher carries: a node labelled false has a virt-handler that is starting or shutting \
      down (device plugins not ready), or one whose heartbeat went stale (virt-controller's \
      markNodeAsUnresponsive).",
     "ランチャー Pod のノードセレクターには、どのランチャーにも付く kubevirt.io/schedulable=true が含まれます。\
      false のラベルが付いたノードでは virt-handler が起動中か停止中(デバイスプラグイン未準備)\
      か、ハートビートが途絶えています(virt-controller の markNodeAsUnresponsive)。"),
    ("The VMI's own nodeSelector and affinity count too.",
     "VMI 自身の nodeSelector とアフィニティも条件になります。"),
];
