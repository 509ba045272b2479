//! The signature tables of the control plane and the API (`signatures/control_plane.rs`, `api_errors.rs`, `denial.rs`, `rbac.rs`, `tls.rs`, `x509.rs`, `http_status.rs`, `virtctl.rs`, `imageupload.rs`, `component_pods.rs`, `operator.rs`, `generic.rs`, `events.rs`): titles, causes and next steps.

use super::Entry;

#[rustfmt::skip]
pub const SIG_CONTROL: &[Entry] = &[
    // `signatures/api_errors.rs`
    ("the API does not serve this kind (its CRD is not installed)",
     "API はこの種類を提供していません(その CRD がインストールされていません)"),
    ("the API server's admission refuses the request (forbidden)",
     "API サーバーのアドミッションがリクエストを拒否しています(forbidden)"),
    ("the API refuses the object (the request is invalid)",
     "API がオブジェクトを拒否しています(リクエストが無効です)"),
    ("the API server has no resource for the manifest's kind and version: KubeVirt's (or CDI's) \
      CustomResourceDefinitions are not installed, or virt-operator never finished deploying \
      KubeVirt, or the manifest names an apiVersion the installed release does not serve",
     "API サーバーにマニフェストの kind とバージョンのリソースがありません。KubeVirt(または CDI)\
      の CustomResourceDefinition がインストールされていないか、virt-operator が KubeVirt のデプ\
      ロイを終えていないか、インストール済みのリリースが提供しない apiVersion をマニフェストが指定しています"),
    ("read the text after \"is forbidden:\"",
     "\"is forbidden:\" の後の文を読む"),
    ("an admission plugin of the API server refused to create or change the object; the text \
      after \"is forbidden:\" says which rule (two default StorageClasses, a namespace being \
      deleted, a LimitRange or ResourceQuota, a Pod Security level, a missing PriorityClass): the \
      cluster's configuration or the manifest must change",
     "API サーバーのアドミッションプラグインがオブジェクトの作成か変更を拒否しました。どのルールかは \"is forbidden:\
      \" の後の文が示します(二つのデフォルト StorageClass、削除中の Namespace、\
      LimitRange や ResourceQuota、Pod Security レベル、存在しない PriorityClass)\
      。クラスターの設定かマニフェストを変える必要があります"),
    ("the API server or virt-api's admission refused the manifest; the text after \"is invalid:\" \
      names the field and why (a setting the cluster's KubeVirt configuration does not allow, a \
      value out of range): fix the manifest or the cluster configuration it needs",
     "API サーバーか virt-api のアドミッションがマニフェストを拒否しました。\"is invalid:\
      \" の後の文が項目と理由を示します(クラスターの KubeVirt の設定が許さない設定、\
      範囲外の値): マニフェストか、それが必要とするクラスター設定を直してください"),
    // `signatures/denial.rs`
    ("the API refuses the object: a field is invalid",
     "API がオブジェクトを拒否しています: 項目が無効です"),
    ("the API server rejects a KubeVirt webhook's certificate (x509)",
     "API サーバーが KubeVirt の Webhook の証明書を拒否しています(x509)"),
    ("a migration webhook denied the migration",
     "マイグレーションの Webhook がマイグレーションを拒否しました"),
    ("kubectl's schema validation refuses the manifest",
     "kubectl のスキーマ検証がマニフェストを拒否しています"),
    ("the API server cannot connect to a KubeVirt admission webhook (i/o timeout)",
     "API サーバーが KubeVirt のアドミッション Webhook に接続できません(i/o timeout)"),
    ("every create or update of the webhook's objects fails because the API server cannot get an \
      answer from the webhook's service (virt-api, or cdi-apiserver for CDI's) in time: the API \
      server cannot reach the pod network (CNI, kube-proxy, firewall) or virt-api is overloaded",
     "Webhook のオブジェクトの作成や更新がすべて失敗します。API サーバーが Webhook の Service(virt-api、\
      CDI のものなら cdi-apiserver)から時間内に応答を得られないためです: API サーバーが Pod ネットワークに到達できな\
      い(CNI、kube-proxy、ファイアウォール)か、virt-api が過負荷です"),
    ("the API server (its schema validation or virt-api's admission webhook) refused the \
      manifest; the field path and the reason follow \"is invalid:\": fix the manifest (or the \
      client that wrote it)",
     "API サーバー(そのスキーマ検証か virt-api のアドミッション Webhook)がマニフェストを拒否しました。\
      項目のパスと理由は \"is invalid:\" の後にあります: マニフェスト(またはそれを書いたクライアント)を直してください"),
    ("the server behind the webhook's service presents a certificate the API server does not \
      accept (issued for other names, e.g. virt-handler's instead of virt-api's when the service \
      routes to the wrong pods; expired; or a CA bundle out of sync after a certificate rotation)",
     "Webhook の Service の背後のサーバーが、API サーバーの受け入れない証明書を提示しています(別の名前向けに発行されたもの。\
      たとえば Service が誤った Pod に振り分けると virt-api ではなく virt-handler の証明書になる。\
      期限切れ。または証明書のローテーション後に CA バンドルがずれている)"),
    ("a KubeVirt admission webhook has no ready pod (no endpoints available)",
     "KubeVirt のアドミッション Webhook に Ready な Pod がありません(no endpoints available)"),
    ("a KubeVirt admission webhook refuses the API server's connection",
     "KubeVirt のアドミッション Webhook が API サーバーからの接続を拒否しています"),
    ("the API server could not get an answer from the webhook's service (virt-api, or \
      cdi-apiserver for CDI's webhooks), so the object is refused; the text after the URL says why",
     "API サーバーが Webhook の Service(virt-api、CDI の Webhook なら cdi-apiserver)\
      から応答を得られなかったため、オブジェクトは拒否されました。理由は URL の後の文が示します"),
    ("a field of the manifest is unknown or of the wrong type for the installed CRD (mis-indented \
      YAML, a field of another KubeVirt version): nothing was sent",
     "マニフェストの項目が、インストール済みの CRD にとって未知か型が誤っています(YAML のインデント誤り、\
      別の KubeVirt バージョンの項目): 何も送信されていません"),
    ("the API server's connection to the webhook's service (virt-api, or cdi-apiserver) times \
      out: the control-plane node cannot reach the service's pods (CNI, kube-proxy, network \
      policy, firewall)",
     "API サーバーから Webhook の Service(virt-api か cdi-apiserver)\
      への接続がタイムアウトします: コントロールプレーンのノードから Service の Pod に到達できません(CNI、\
      kube-proxy、ネットワークポリシー、ファイアウォール)"),
    ("virt-api's migration admission refused the VirtualMachineInstanceMigration (another \
      migration in flight, the VMI not migratable or not running, a policy field wrong): the \
      migration never starts",
     "virt-api のマイグレーションのアドミッションが VirtualMachineInstanceMigration を拒否しました(別の\
      マイグレーションが進行中、VMI がマイグレーション不可か動いていない、ポリシーの項目の誤り)\
      : マイグレーションは始まりません"),
    ("an eviction started the VMI's evacuation (live migration)",
     "退避によって VMI の移動(ライブマイグレーション)が始まりました"),
    ("nothing listens behind the webhook's service (virt-api, or cdi-apiserver): the pods are \
      restarting or not ready",
     "Webhook の Service(virt-api か cdi-apiserver)の背後で何も待ち受けていません: Pod が再起動中か \
      Ready ではありません"),
    ("the webhook's service (virt-api, or cdi-apiserver) has no ready endpoint: its pods are not \
      running or fail their readiness probe",
     "Webhook の Service(virt-api か cdi-apiserver)に Ready なエンドポイントがありません: Pod \
      が動いていないか readiness probe に失敗しています"),
    // `signatures/generic.rs`
    ("a KubeVirt validating webhook refused the object; the text after \"denied the request:\" \
      says which field",
     "KubeVirt の検証 Webhook がオブジェクトを拒否しました。どの項目かは \"denied the request:\
      \" の後の文が示します"),
    ("a container keeps crashing and kubelet backs off restarting it",
     "コンテナーがクラッシュを繰り返し、kubelet が再起動の間隔を空けています"),
    ("a component crashed with a panic; the trace names the component (virt-handler, \
      virt-launcher) and the function",
     "コンポーネントがパニックでクラッシュしました。トレースがコンポーネント(virt-handler、\
      virt-launcher)と関数を示します"),
    ("a Go panic",
     "Go のパニック"),
    ("the running goroutine's traceback of a crashed component (its first lines cut); the frames \
      name the component and the function",
     "クラッシュしたコンポーネントの実行中 goroutine のトレースバックです(先頭の行は切れています)\
      。フレームがコンポーネントと関数を示します"),
    ("a Go program's fatal error (runtime throw)",
     "Go プログラムの致命的エラー(runtime throw)"),
    // `signatures/rbac.rs`
    ("forbidden: {} may not {} {}",
     "forbidden: {0} には {2} を {1} する権限がありません"),
    // `signatures/component_pods.rs`
    ("virt-controller cannot create the VMI's virt-launcher pod",
     "virt-controller が VMI の virt-launcher Pod を作成できません"),
    ("a security policy refuses the pod (PSP/SCC: unable to validate)",
     "セキュリティポリシーが Pod を拒否しています(PSP/SCC: unable to validate)"),
    ("a KubeVirt control-plane component fails its readiness/liveness probe (Unhealthy)",
     "KubeVirt のコントロールプレーンのコンポーネントが readiness/liveness probe に失敗しています(Unhealthy)"),
    ("a KubeVirt control-plane component's pod is Pending",
     "KubeVirt のコントロールプレーンのコンポーネントの Pod が Pending です"),
    ("check the namespace's pod security level / SCC / PSP for KubeVirt's privileged pods",
     "Namespace の Pod Security レベル / SCC / PSP が KubeVirt の特権 Pod を許しているか確認する"),
    ("the DaemonSet, ReplicaSet or KubeVirt controller asks for pods that an admission policy \
      refuses (pod security policy or admission, security context constraints, quota): no pod is \
      created, so what the pods serve never runs",
     "DaemonSet、ReplicaSet、または KubeVirt のコントローラーが求める Pod をアドミッションのポリシー(Pod S\
      ecurity Policy やアドミッション、SCC、クォータ)が拒否しています。Pod が作成されないので、\
      その Pod が提供するものは動きません"),
    ("a pod of KubeVirt's or CDI's control plane (virt-api, virt-controller, virt-operator, \
      cdi-*) keeps exiting and kubelet backs off restarting it: what it serves (webhooks, \
      subresources, VMI scheduling, the install, imports) fails while it is down; its previous \
      log says why",
     "KubeVirt か CDI のコントロールプレーンの Pod(virt-api、virt-controller、\
      virt-operator、cdi-*)が終了を繰り返し、kubelet が再起動の間隔を空けています。\
      停止中はそれが提供するもの(Webhook、サブリソース、VMI のスケジュール、インストール、\
      インポート)が失敗します。理由は前回のログが示します"),
    ("the API server refused the launcher pod virt-controller asked for (admission, quota, \
      security policy); the text after it says which",
     "virt-controller が求めたランチャー Pod を API サーバーが拒否しました(アドミッション、\
      クォータ、セキュリティポリシー)。どれかは続く文が示します"),
    ("the scheduler has not placed the component's pod (nodes cordoned or tainted, node selectors \
      of the KubeVirt/CDI CR's infra placement, resources): what it serves is missing while it \
      waits",
     "スケジューラーがコンポーネントの Pod を配置していません(ノードが cordon されているか taint がある、\
      KubeVirt/CDI CR のインフラ配置のノードセレクター、リソース)。待っている間、\
      その Pod が提供するものは欠けています"),
    ("no pod security policy or OpenShift security context constraint admits the pod \
      (virt-handler's and virt-launcher's privileges, host paths, SELinux type): the API server \
      refuses it, so the pod is never created",
     "Pod を許可する Pod Security Policy も OpenShift の SCC もありません(virt-handler と \
      virt-launcher の権限、ホストパス、SELinux タイプ): API サーバーが拒否するため、\
      Pod は作成されません"),
    ("oc get scc (kubevirt-controller, kubevirt-handler) / kubectl get psp",
     "oc get scc(kubevirt-controller、kubevirt-handler) / kubectl get psp"),
    ("virt-handler's init container fails on the node",
     "ノードで virt-handler の init コンテナーが失敗しています"),
    ("kubelet's readiness or liveness probe of the component does not succeed: a failing \
      readiness probe takes the pod out of its service (virt-api's webhooks and subresources then \
      time out or have no endpoints), a failing liveness probe restarts it; a timeout on the \
      probe often means the node cannot reach the pod (CNI) or the component is overloaded",
     "kubelet によるコンポーネントの readiness か liveness probe が成功しません: readiness prob\
      e の失敗で Pod は Service から外れ(virt-api の Webhook とサブリソースがタイムアウトするかエンドポイントが\
      なくなる)、liveness probe の失敗で再起動されます。probe のタイムアウトは、\
      ノードから Pod に到達できない(CNI)か、コンポーネントの過負荷であることが多いです"),
    ("virt-handler's init container (virt-launcher's image, preparing the node: SELinux, \
      /var/run/kubevirt mounts) fails (Init:Error), so virt-handler never runs and the node \
      cannot run VMs (container runtime or host paths on the node)",
     "virt-handler の init コンテナー(virt-launcher のイメージで、\
      SELinux や /var/run/kubevirt のマウントなどノードを準備する)が失敗しているため(Init:\
      Error)、virt-handler は動かず、ノードは VM を動かせません(ノードのコンテナーランタイムかホストパス)"),
    // `signatures/tls.rs`
    ("one side of a TLS connection between cluster components refused the other's certificate: \
      the callers of virt-api / cdi-apiserver (the API server, virt-handler) hold a CA bundle \
      that does not match the serving certificate (stale after a reinstall or rotation, expired, \
      issued by another CA)",
     "クラスターのコンポーネント間の TLS 接続で、一方が相手の証明書を拒否しました。virt-api / cdi-apiserver の呼び出\
      し元(API サーバー、virt-handler)が持つ CA バンドルがサーバー証明書と合っていません(再インストールやローテーション後に\
      古いまま、期限切れ、別の CA による発行)"),
    ("a server presents a certificate for other names (x509)",
     "サーバーが別の名前向けの証明書を提示しています(x509)"),
    ("the name used to reach the server is not in its certificate: the service routes to other \
      pods (e.g. virt-handler's certificate where virt-api's is expected), or an external name \
      reaches a component whose certificate only names its in-cluster service (cdi-uploadproxy \
      through a node port or ingress)",
     "サーバーへの接続に使った名前が証明書にありません: Service が別の Pod に振り分けている(たとえば virt-api のはずが \
      virt-handler の証明書)か、外部の名前で、クラスター内の Service 名しか証明書にないコンポーネントに接続しています(No\
      dePort か Ingress 経由の cdi-uploadproxy)"),
    ("use the name the certificate is valid for, or give the component a certificate for the \
      external name",
     "証明書が有効な名前を使うか、外部の名前の証明書をコンポーネントに与える"),
    // `signatures/control_plane.rs`
    ("a webhook denied the request: a volume has no matching disk",
     "Webhook がリクエストを拒否しました: 対応するディスクのないボリュームがあります"),
    ("an admission webhook's service does not exist",
     "アドミッション Webhook の Service が存在しません"),
    ("an operator reports Degraded",
     "オペレーターが Degraded を報告しています"),
    ("virt-controller pods keep crashing: VMIs are not scheduled or updated while no leader runs",
     "virt-controller の Pod がクラッシュを繰り返しています: リーダーが動いていない間、\
      VMI はスケジュールも更新もされません"),
    ("the CRD's schema does not allow the field: mis-indented YAML (e.g. domain under \
      spec.template.metadata instead of spec.template.spec) or a field the installed KubeVirt CRD \
      does not know (older CRD, e.g. containerDisk)",
     "CRD のスキーマがその項目を許していません: YAML のインデント誤り(たとえば domain が spec.template.spec \
      ではなく spec.template.metadata の下にある)か、インストール済みの KubeVirt の CRD が知らない項目(古\
      い CRD、たとえば containerDisk)です"),
    ("the VM controller failed to create an object (FailedCreate)",
     "VM コントローラーがオブジェクトの作成に失敗しました(FailedCreate)"),
    ("CDI cannot download the disk image (Unable to connect to http data source)",
     "CDI がディスクイメージをダウンロードできません(「Unable to connect to http data source」)"),
    ("KubeVirt is not Available (still Deploying)",
     "KubeVirt が Available ではありません(まだ Deploying)"),
    ("the Kubernetes API server timed out a request",
     "Kubernetes の API サーバーでリクエストがタイムアウトしました"),
    ("the status validator webhook denied the update",
     "status の検証 Webhook が更新を拒否しました"),
    ("the virt-launcher pod is stuck terminating (PodTerminating)",
     "virt-launcher Pod が終了処理で止まっています(PodTerminating)"),
    ("add a disk for the volume, or remove the volume",
     "ボリュームに対応するディスクを追加するか、ボリュームを削除する"),
    ("a namespace ResourceQuota forbids the object (a DataVolume's PVC or the launcher pod): the \
      VM controller reports FailedCreate and the VMI never exists (VMINotExists)",
     "Namespace の ResourceQuota がオブジェクト(DataVolume の PVC かランチャー Pod)\
      を禁止しています: VM コントローラーは FailedCreate を報告し、VMI は作られません(VMINotExists)"),
    ("the node's virt-handler keeps crashing (often a panic, e.g. a nil pointer): VMIs on the \
      node are not synced",
     "ノードの virt-handler がクラッシュを繰り返しています(多くはパニック。たとえば nil ポインター)\
      : ノード上の VMI は同期されません"),
    ("the virtualmachineinstances-update-validator (or storage hotplug admitter) denies a spec \
      where a volume has no disk of the same name",
     "virtualmachineinstances-update-validator(またはストレージのホットプラグのアドミッター)\
      が、同名のディスクのないボリュームを持つ spec を拒否しています"),
    ("a component of the virtualization stack (KubeVirt, CDI, network addons) reports Degraded \
      True",
     "仮想化スタックのコンポーネント(KubeVirt、CDI、ネットワークアドオン)が Degraded True を報告しています"),
    ("the VM has no VMI (VMINotExists)",
     "VM に VMI がありません(VMINotExists)"),
    ("the API server cannot call a KubeVirt validating webhook because its service is missing \
      (e.g. the fake-validation-service placeholder virt-operator installs before virt-api is \
      up): the install did not finish",
     "Service がないため、API サーバーは KubeVirt の検証 Webhook を呼び出せません(たとえば virt-api の起\
      動前に virt-operator が入れる fake-validation-service のプレースホルダー)\
      : インストールが終わっていません"),
    ("the VM's Failure condition has reason FailedCreate: virt-controller could not create the \
      VMI, its pod or its DataVolume (quota, admission)",
     "VM の Failure コンディションの理由が FailedCreate です: virt-controller が VMI、\
      その Pod、または DataVolume を作成できませんでした(クォータ、アドミッション)"),
    ("a KubeVirt component's request (a status update, a watch, a create) reached the API server \
      but did not complete in time (StatusReasonTimeout): the API server or etcd is overloaded or \
      unreachable from the component, so the VMI's status is not written and it looks stuck; the \
      node itself is not at fault",
     "KubeVirt のコンポーネントのリクエスト(status の更新、watch、作成)は API サーバーに届きましたが、\
      時間内に完了しませんでした(StatusReasonTimeout): API サーバーか etcd が過負荷か、\
      コンポーネントから到達できないため、VMI の status が書かれず止まって見えます。ノード自体の障害ではありません"),
    ("check the API server's and etcd's logs and latency",
     "API サーバーと etcd のログと遅延を確認する"),
    ("check the client (virtctl addvolume) version against the cluster's",
     "クライアント(virtctl addvolume)のバージョンをクラスターと比べる"),
    ("kubevirt-crd-status-validator rejects a status that breaks the CRD schema (e.g. \
      status.volumeRequests.addVolumeOptions.disk required): HTTP 422 Invalid",
     "kubevirt-crd-status-validator が CRD のスキーマに反する status を拒否しています(たとえば sta\
      tus.volumeRequests.addVolumeOptions.disk が必須): HTTP 422 Invalid"),
    ("exceeded quota",
     "クォータ超過"),
    ("the DataVolume's importer cannot fetch its HTTP(S) source (wrong URL, 404/403, DNS, proxy \
      or an untrusted certificate): the VM's disk is never ready",
     "DataVolume のインポーターが HTTP(S) のソースを取得できません(誤った URL、\
      404/403、DNS、プロキシ、または信頼されていない証明書): VM のディスクは準備できません"),
    ("the HyperConverged/KubeVirt CR reports Available False: virt-operator is still Deploying \
      the version (or a component is Degraded)",
     "HyperConverged/KubeVirt CR が Available False を報告しています: virt-operator が\
      まだそのバージョンを Deploying 中です(またはコンポーネントが Degraded)"),
    ("the VM is Stopped but its virt-launcher pod is terminating and does not go away (a \
      finalizer, an unmount on the node, or a stuck kubelet), so the VMI cannot be cleaned up or \
      restarted",
     "VM は Stopped ですが、virt-launcher Pod が終了処理中のまま消えません(ファイナライザー、\
      ノードでのアンマウント、または止まった kubelet)。そのため VMI を片付けることも再起動することもできません"),
    ("the VM's Ready condition says VMI does not exist: either stopped on purpose, or the \
      controller failed to create it (see a Failure condition)",
     "VM の Ready コンディションは VMI が存在しないと示しています: 意図的に停止したか、\
      コントローラーが作成に失敗しました(Failure コンディションを参照)"),
    // `signatures/http_status.rs`
    ("the API server cannot reach virt-api (503 service unavailable) for a console/VNC websocket",
     "コンソール/VNC の WebSocket で API サーバーが virt-api に到達できません(503 service unavailable)"),
    ("the API server's proxy to virt-api timed out (504) for a console/VNC websocket",
     "コンソール/VNC の WebSocket で API サーバーから virt-api へのプロキシがタイムアウトしました(504)"),
    ("client-go's request log shows a 5xx answer for a kubevirt.io API group: the aggregated API \
      behind it (virt-api for subresources.kubevirt.io, cdi-apiserver for CDI) is unavailable \
      (503), failed or timed out, or an admission webhook of virt-api or CDI did not answer the \
      API server in time (a create that ends in 500 after tens of seconds)",
     "client-go のリクエストログに kubevirt.io の API グループへの 5xx 応答があります: その背後のアグリゲート \
      API(subresources.kubevirt.io なら virt-api、CDI なら cdi-apiserver)\
      が利用できない(503)、失敗した、タイムアウトした、または virt-api か CDI のアドミッション Webhook が時間内に A\
      PI サーバーへ応答しませんでした(数十秒後に 500 で終わる作成)"),
    ("kube-aggregator answers \"service unavailable\" (503) when the APIService \
      v1.subresources.kubevirt.io is not available: virt-api, which serves the console, VNC and \
      port-forward subresources, is down, not ready or not reachable from the API server; the VM \
      is not in question",
     "APIService v1.subresources.kubevirt.io が利用できないと、\
      kube-aggregator は \"service unavailable\"(503)\
      を返します: コンソール、VNC、port-forward のサブリソースを提供する virt-api が停止している、\
      Ready でない、または API サーバーから到達できません。VM の問題ではありません"),
    ("check that the API server may reach virt-api's pods (firewall rules on managed clusters)",
     "API サーバーが virt-api の Pod に到達できるか確認する(マネージドクラスターのファイアウォールルール)"),
    ("the API server proxies the subresources.kubevirt.io websocket to virt-api and virt-api did \
      not answer in time: the API server cannot reach virt-api's service (a firewall between the \
      control-plane nodes and the pod network, as on managed clusters whose API server runs \
      outside it) or virt-api hangs",
     "API サーバーは subresources.kubevirt.io の WebSocket を virt-api へプロキシしますが、\
      virt-api が時間内に応答しませんでした: API サーバーが virt-api の Service に到達できない(コントロールプレ\
      ーンのノードと Pod ネットワークの間のファイアウォール。API サーバーがその外で動くマネージドクラスターなど)\
      か、virt-api がハングしています"),
    // `signatures/events.rs`
    ("a migration of the VMI failed (FailedMigration)",
     "VMI のマイグレーションが失敗しました(FailedMigration)"),
    ("the VMI's domain crashed on the node (Stopped: The VirtualMachineInstance crashed.)",
     "ノード上で VMI のドメインがクラッシュしました(「Stopped: The VirtualMachineInstance crashed.」)"),
    ("virt-controller cannot render the virt-launcher pod (failed to render launch manifest)",
     "virt-controller が virt-launcher Pod を生成できません(「failed to render launch \
      manifest」)"),
    ("virt-handler sets the VMI Failed: the pod network setup failed critically",
     "virt-handler が VMI を Failed にしました: Pod のネットワーク設定が致命的に失敗しました"),
    ("virt-controller's migration controller reports the migration failed; the event's message \
      and the migration's status say why (target pod, source node, admission)",
     "virt-controller のマイグレーションコントローラーがマイグレーションの失敗を報告しています。\
      理由はイベントのメッセージとマイグレーションの status が示します(移行先 Pod、移行元ノード、アドミッション)"),
    ("dmesg on the node (OOM killer, segfaults)",
     "ノードで dmesg を見る(OOM killer、segfault)"),
    ("setting up the VMI's network in the launcher pod failed with a critical error (a binding \
      the node cannot provide, e.g. masquerade without the nftables/iptables NAT support it \
      needs), so virt-handler fails the VMI; the sync error before it says which step",
     "ランチャー Pod で VMI のネットワークの設定が致命的なエラーで失敗したため(ノードが提供できないバインディング。\
      たとえば必要な nftables/iptables の NAT 機能のない masquerade)\
      、virt-handler は VMI を失敗させます。どの手順かはその前の同期エラーが示します"),
    ("the VMI's spec cannot become a launcher pod (a referenced PVC, secret or config map \
      missing, a bad resource request): no pod is created",
     "VMI の spec からランチャー Pod を作れません(参照する PVC、Secret、\
      ConfigMap がない、誤ったリソース要求): Pod は作成されません"),
    ("virt-handler saw the libvirt domain stop as crashed (QEMU died, not a guest shutdown); with \
      runStrategy Always the VM controller starts a new VMI, so it may crash again; the \
      launcher's compute log says why",
     "virt-handler は libvirt のドメインの停止をクラッシュと見なしました(ゲストのシャットダウンではなく QEMU の終了)\
      。runStrategy Always なら VM コントローラーが新しい VMI を起動するので、\
      再びクラッシュする可能性があります。理由はランチャーの compute のログが示します"),
    // `signatures/virtctl.rs`
    ("virt-api refuses the request: VMI is not running",
     "virt-api がリクエストを拒否しています: VMI が動いていません"),
    ("virtctl version (client and server versions)",
     "virtctl version(クライアントとサーバーのバージョン)"),
    ("the upload token request to CDI's API failed (uploadtokenrequests)",
     "CDI の API へのアップロードトークン要求が失敗しました(uploadtokenrequests)"),
    ("virt-api refuses the request: VM is not running",
     "virt-api がリクエストを拒否しています: VM が動いていません"),
    ("virt-api refuses the request: its feature gate is not enabled",
     "virt-api がリクエストを拒否しています: フィーチャーゲートが有効ではありません"),
    ("the API server does not route the subresource to virt-api: the subresources.kubevirt.io \
      APIService is missing or not available, or the VMI does not exist in that namespace",
     "API サーバーがサブリソースを virt-api へ振り向けていません: subresources.kubevirt.io の APISe\
      rvice がないか利用できない、またはその Namespace に VMI が存在しません"),
    ("the subresource or API virtctl asks for is not served: virt-api's aggregated API \
      (subresources.kubevirt.io) is not registered or not available, or the installed KubeVirt is \
      older than virtctl / lacks the feature (e.g. addvolume needs the HotplugVolumes feature \
      gate)",
     "virtctl が求めるサブリソースか API が提供されていません: virt-api のアグリゲート API(subresources.\
      kubevirt.io)が登録されていないか利用できない、またはインストール済みの KubeVirt が virtctl より古いかその機能\
      がありません(たとえば addvolume には HotplugVolumes フィーチャーゲートが必要)"),
    ("virt-api's VMI subresource (guest agent, pause, freeze, console) answers Conflict because \
      the VMI is not in phase Running",
     "VMI がフェーズ Running ではないため、virt-api の VMI サブリソース(ゲストエージェント、\
      pause、freeze、console)が Conflict を返しています"),
    ("virtctl reached the subresource API but virt-api (or the API server's proxy to it) failed \
      serving it: dialing the virt-handler of the VMI's node or the VM failed (certificates \
      between virt-api and virt-handler, virt-handler down, network between them); the text after \
      the code says which",
     "virtctl はサブリソース API に到達しましたが、virt-api(または API サーバーからのプロキシ)\
      がその処理に失敗しました: VMI のノードの virt-handler か VM への接続に失敗しています(virt-api と virt\
      -handler の間の証明書、virt-handler の停止、その間のネットワーク)。どれかはコードの後の文が示します"),
    ("the VM's runStrategy does not allow this start/stop/restart",
     "VM の runStrategy がこの start/stop/restart を許していません"),
    ("the subresource needs a feature gate the KubeVirt CR does not enable",
     "このサブリソースには、KubeVirt CR で有効になっていないフィーチャーゲートが必要です"),
    ("virt-api's VM subresource (migrate, stop, restart, addvolume) answers Conflict because it \
      finds no running VMI for the VM: either the VM is stopped (start it first), or the VMI it \
      looks up (the VM's name) is not the one that runs",
     "virt-api の VM サブリソース(migrate、stop、restart、addvolume)\
      が、VM の動作中の VMI を見つけられないため Conflict を返しています: VM が停止している(先に起動する)\
      か、探した VMI(VM の名前)が動いているものではありません"),
    ("virtctl image-upload asks the API server for an upload token \
      (uploadtokenrequests.upload.cdi.kubevirt.io, served by cdi-apiserver through API \
      aggregation); the API server refused or could not reach it, so nothing is uploaded",
     "virtctl image-upload は API サーバーにアップロードトークンを要求します(uploadtokenrequests.u\
      pload.cdi.kubevirt.io。API アグリゲーション経由で cdi-apiserver が提供)\
      。API サーバーが拒否したか到達できなかったため、何もアップロードされません"),
    // `signatures/x509.rs`
    ("TLS could not verify a server's certificate",
     "TLS がサーバーの証明書を検証できませんでした"),
    ("a server's certificate has no IP SANs for the address used (x509)",
     "サーバーの証明書に、使われたアドレスの IP SAN がありません(x509)"),
    ("reach the server by a name its certificate holds (e.g. the upload proxy's service name), or \
      give it a certificate for the name used",
     "証明書にある名前でサーバーに接続する(たとえばアップロードプロキシの Service 名)か、\
      使う名前の証明書をサーバーに与える"),
    ("the TLS peer refused the handshake over a certificate: a component's CA bundle and its \
      peer's certificate disagree (stale after a reinstall or rotation, expired, revoked, or no \
      client certificate sent where one is required)",
     "TLS の相手が証明書を理由にハンドシェイクを拒否しました: コンポーネントの CA バンドルと相手の証明書が食い違っています(再インストー\
      ルやローテーション後に古いまま、期限切れ、失効、または必須のクライアント証明書が送られていない)"),
    ("the server's certificate does not name the host the client used (an IP address where the \
      certificate has no IP SANs, a node port or ingress name where it only names its in-cluster \
      service): TLS verification fails before any request is served",
     "サーバーの証明書が、クライアントの使ったホスト名を含んでいません(証明書に IP SAN がないのに IP アドレスを使った、\
      クラスター内の Service 名しかないのに NodePort か Ingress の名前を使った)\
      : リクエストが処理される前に TLS の検証が失敗します"),
    // `signatures/imageupload.rs`
    ("the upload pod never became ready (virtctl image-upload timed out)",
     "アップロード Pod が Ready になりませんでした(virtctl image-upload のタイムアウト)"),
    ("virtctl waited for CDI to mark the PVC's upload server pod ready (the \
      cdi.kubevirt.io/storage.pod.ready annotation, set by CDI's upload controller) and the wait \
      ran out: the upload pod is not scheduled, its PVC not bound, or CDI's controller does not \
      see it ready; nothing is uploaded and the VM's disk is never provisioned",
     "virtctl は、CDI が PVC のアップロードサーバー Pod を Ready とするのを待ちましたが(CDI のアップロードコント\
      ローラーが付ける cdi.kubevirt.io/storage.pod.ready アノテーション)\
      、待ち時間が尽きました: アップロード Pod がスケジュールされていない、PVC がバインドされていない、\
      または CDI のコントローラーが Ready と見ていません。何もアップロードされず、VM のディスクは用意されません"),
];
