//! The signature tables of the control plane (`signatures/control_plane.rs`, `component_pods.rs`, `operator.rs`, `generic.rs`, `events.rs`): titles, causes and next steps.

use super::Entry;

#[rustfmt::skip]
pub const SIG_CONTROL: &[Entry] = &[
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
    ("a component crashed with a fatal runtime error (a stack overflow, concurrent map writes, a \
      deadlock); the trace names the component and the function",
     "コンポーネントが致命的なランタイムエラー(スタックオーバーフロー、map への並行書き込み、\
      デッドロック)でクラッシュしました。トレースがコンポーネントと関数を示します"),
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
    ("a KubeVirt control-plane component keeps crashing (CrashLoopBackOff)",
     "KubeVirt のコントロールプレーンのコンポーネントがクラッシュを繰り返しています(CrashLoopBackOff)"),
    ("a KubeVirt control-plane component's container keeps failing (BackOff)",
     "KubeVirt のコントロールプレーンのコンポーネントのコンテナーが失敗を繰り返しています(BackOff)"),
    ("kubelet backs off restarting a container of the component after it failed (the pod goes \
      CrashLoopBackOff); its previous log says why",
     "コンポーネントのコンテナーが失敗した後、kubelet が再起動の間隔を空けています(Pod は CrashLoopBackOff になりま\
      す)。理由は前回のログが示します"),
    ("a KubeVirt control-plane component's init container fails",
     "KubeVirt のコントロールプレーンのコンポーネントの init コンテナーが失敗しています"),
    ("an init container of the component fails (Init:Error, Init:CrashLoopBackOff), so the \
      component never starts",
     "コンポーネントの init コンテナーが失敗する(Init:Error、Init:CrashLoopBackOff)\
      ため、コンポーネントは起動しません"),
    ("a KubeVirt control-plane component's image cannot be pulled",
     "KubeVirt のコントロールプレーンのコンポーネントのイメージを取得できません"),
    ("kubelet cannot pull the component's image (ErrImagePull, ImagePullBackOff): a wrong \
      registry or tag in the KubeVirt/CDI CR, a registry the node cannot reach, or a missing pull \
      secret",
     "kubelet がコンポーネントのイメージを取得できません(ErrImagePull、ImagePullBackOff)\
      : KubeVirt/CDI CR のレジストリーかタグの誤り、ノードから到達できないレジストリー、\
      または pull secret がありません"),
    ("a KubeVirt control-plane component is killed for memory (OOMKilled)",
     "KubeVirt のコントロールプレーンのコンポーネントがメモリー不足で強制終了されています(OOMKilled)"),
    ("the component's container exceeded its memory limit and was OOM-killed (large clusters: \
      many VMIs or objects in its caches)",
     "コンポーネントのコンテナーがメモリー制限を超え、OOM で強制終了されました(大規模クラスターでキャッシュ内の VMI やオブジェクトが多い)"),
    ("a KubeVirt control-plane component's container exited with an error",
     "KubeVirt のコントロールプレーンのコンポーネントのコンテナーがエラーで終了しました"),
    ("the component's container terminated with a non-zero exit code (status or last state \
      Error); kubelet restarts it, and its previous log says why",
     "コンポーネントのコンテナーが 0 以外の終了コードで終了しました(状態か前回の状態が Error)\
      。kubelet が再起動し、理由は前回のログが示します"),
    ("kubelet's probe of the node's virt-handler does not succeed: the node's VMIs are not synced \
      and new VMIs are not started there while it is not ready",
     "ノードの virt-handler に対する kubelet の probe が成功しません: Ready でない間、\
      ノードの VMI は同期されず、新しい VMI もそこでは起動しません"),
    ("virt-handler's image cannot be pulled on the node",
     "ノードで virt-handler のイメージを取得できません"),
    ("kubelet on the node cannot pull virt-handler's image (registry unreachable from the node, \
      wrong tag, missing pull secret), so the node cannot run VMs",
     "ノードの kubelet が virt-handler のイメージを取得できない(ノードからレジストリーに到達できない、\
      タグの誤り、pull secret がない)ため、ノードは VM を動かせません"),
    ("virt-handler's pod is Pending on a node",
     "ノードで virt-handler の Pod が Pending です"),
    ("the DaemonSet's pod for a node is not started (node resources, taints the KubeVirt CR's \
      workload placement does not tolerate): that node cannot run VMs",
     "あるノードの DaemonSet の Pod が起動していません(ノードのリソース、KubeVirt CR のワークロード配置が許容しない \
      taint): そのノードは VM を動かせません"),
    ("virt-handler is killed for memory on the node (OOMKilled)",
     "ノードで virt-handler がメモリー不足で強制終了されています(OOMKilled)"),
    ("the node's virt-handler exceeded its memory limit and was OOM-killed",
     "ノードの virt-handler がメモリー制限を超え、OOM で強制終了されました"),
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
    ("the VM controller cannot create its DataVolumes (FailedCreate)",
     "VM コントローラーが DataVolume を作成できません(FailedCreate)"),
    ("the VM's DataVolumes could not be created; the VM reports FailedCreate and its VMI does not \
      exist (VMINotExists)",
     "VM の DataVolume を作成できませんでした。VM は FailedCreate を報告し、\
      その VMI は存在しません(VMINotExists)"),
    ("virt-api is in CrashLoopBackOff",
     "virt-api が CrashLoopBackOff です"),
    ("virt-api pods keep crashing: webhooks and subresources (console, VNC, migrate) fail",
     "virt-api の Pod がクラッシュを繰り返しています: Webhook とサブリソース(console、\
      VNC、migrate)が失敗します"),
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
    ("the guest kernel panicked (GuestPanicked)",
     "ゲストのカーネルがパニックしました(GuestPanicked)"),
    ("the guest reported a panic through its pvpanic/hyperv crash device: the guest OS crashed, \
      not KubeVirt",
     "ゲストが pvpanic/hyperv のクラッシュデバイスでパニックを報告しました: クラッシュしたのは KubeVirt ではなくゲスト OS です"),
    ("the guest agent does not answer its liveness ping (GuestAgentPingFailed)",
     "ゲストエージェントが liveness の ping に応答しません(GuestAgentPingFailed)"),
    ("the VMI's guest-agent-ping probe gets no answer from qemu-guest-agent in the guest",
     "VMI の guest-agent-ping probe に、ゲストの qemu-guest-agent から応答がありません"),
    ("check qemu-guest-agent in the guest (virtctl console)",
     "ゲストの qemu-guest-agent を確認する(virtctl console)"),
    ("the node has VMIs but no virt-handler (NodeUnresponsive)",
     "ノードに VMI がありますが virt-handler がありません(NodeUnresponsive)"),
    ("virt-controller finds VMIs on a node where virt-handler does not run: nothing syncs, \
      migrates or cleans them up until virt-handler runs there again",
     "virt-controller が、virt-handler の動いていないノードに VMI を見つけています: そこで virt-hand\
      ler が再び動くまで、同期もマイグレーションも後片付けもされません"),
    ("virt-handler cannot hotplug a volume into the VM (HotplugFailed)",
     "virt-handler がボリュームを VM にホットプラグできません(HotplugFailed)"),
    ("the attachment pod brought the volume to the node but virt-handler failed to mount or \
      attach it into the domain; the event's message says why",
     "アタッチメント Pod はボリュームをノードに持ってきましたが、virt-handler がそれをドメインにマウントか接続できませんでした。\
      理由はイベントのメッセージが示します"),
    ("the node's host CPU model is obsolete for libvirt (HostModelIsObsolete)",
     "ノードのホスト CPU モデルが libvirt にとって古すぎます(HostModelIsObsolete)"),
    ("virt-handler's node labeller finds the host-model CPU obsolete: VMs with host-model CPUs \
      may not be scheduled or migrated to this node",
     "virt-handler のノードラベラーが host-model CPU を古いと判断しました: host-model CPU の VM \
      はこのノードにスケジュールもマイグレーションもされないことがあります"),
    ("virt-handler's domain notify server failed (NotifyServerFailure)",
     "virt-handler のドメイン通知サーバーが失敗しました(NotifyServerFailure)"),
    ("virt-handler cannot receive domain events from the node's virt-launchers, so VMI status \
      updates lag",
     "virt-handler がノードの virt-launcher からドメインイベントを受け取れないため、\
      VMI の状態の更新が遅れます"),
    ("a volume of the VMI has no PVC (FailedPvcNotFound)",
     "VMI のボリュームに PVC がありません(FailedPvcNotFound)"),
    ("the VMI names a PVC or DataVolume that does not exist (yet): no launcher pod is created \
      until it does",
     "VMI が(まだ)存在しない PVC か DataVolume を指しています: それができるまでランチャー Pod は作成されません"),
    ("virt-controller cannot create a hotplug attachment pod",
     "virt-controller がホットプラグのアタッチメント Pod を作成できません"),
    ("the pod that brings a hotplugged volume (or a migration target's volumes) to the node is \
      refused by the API server; the text after it says why",
     "ホットプラグしたボリューム(またはマイグレーション移行先のボリューム)をノードに持ってくる Pod を API サーバーが拒否しています。\
      理由は続く文が示します"),
    ("virt-controller cannot give the launcher pod guaranteed resources",
     "virt-controller がランチャー Pod に Guaranteed のリソースを与えられません"),
    ("the VMI asks for dedicated CPUs (Guaranteed QoS) but its launcher pod's requests and limits \
      cannot be made equal",
     "VMI は専有 CPU(Guaranteed QoS)を求めていますが、ランチャー Pod の requests と limits を等しくできません"),
    ("another migration of the VMI is in progress",
     "VMI の別のマイグレーションが進行中です"),
    ("virt-controller does not start this migration while another one of the same VMI runs; it \
      fails or waits",
     "同じ VMI の別のマイグレーションが動いている間、virt-controller はこのマイグレーションを始めません。\
      失敗するか待機します"),
    ("the migration's target pod was removed while migrating",
     "マイグレーション中に移行先 Pod が削除されました"),
    ("the target virt-launcher pod disappeared (evicted, deleted, its node lost) during the \
      migration, so it fails",
     "マイグレーション中に移行先 virt-launcher Pod が消えた(退避、削除、ノードの喪失)\
      ため、マイグレーションは失敗します"),
    ("the VMI's migration state was cleared during the migration",
     "マイグレーション中に VMI のマイグレーション状態が消去されました"),
    ("the VMI's status.migrationState was reset (or taken over) while the migration ran: the \
      migration is abandoned",
     "マイグレーションの実行中に VMI の status.migrationState がリセットされた(または引き継がれた)\
      ため、マイグレーションは放棄されます"),
    ("no node can take the VMI's CPU model / features for a migration",
     "マイグレーションで VMI の CPU モデル/機能を受け入れられるノードがありません"),
    ("the VMI's CPU (host-model or a named model with features) is not offered by any other \
      node's labels, so the migration target cannot be scheduled",
     "VMI の CPU(host-model、または機能付きの名前付きモデル)をほかのどのノードのラベルも提供していないため、\
      マイグレーション移行先をスケジュールできません"),
    ("virt-controller cannot create the evacuation's migration",
     "virt-controller が退避のためのマイグレーションを作成できません"),
    ("a drain or workload update asks to move the VMI but its migration object is refused \
      (admission, another migration running)",
     "ドレインかワークロードの更新が VMI の移動を求めていますが、そのマイグレーションオブジェクトが拒否されています(アドミッション、\
      別のマイグレーションが実行中)"),
    ("the VMI asks to be migrated on eviction but is not migratable",
     "VMI は退避時のマイグレーションを求めていますが、マイグレーションできません"),
    ("evictionStrategy LiveMigrate is set but LiveMigratable is False (the reason follows): a \
      drain will block on this VMI",
     "evictionStrategy LiveMigrate が設定されていますが、LiveMigratable が False です(理由は続\
      く文): ドレインはこの VMI で止まります"),
    ("the VMI migrated to an unknown host",
     "VMI が未知のホストへマイグレーションしました"),
    ("the source saw the domain migrate to a host that is not the migration's target",
     "移行元は、ドメインがマイグレーションの移行先ではないホストへ移ったと見ています"),
    ("the migrated domain never appeared on the target",
     "マイグレーションしたドメインが移行先に現れませんでした"),
    ("the source finished the migration but the target's virt-handler never saw the domain in \
      time: the VMI is left failed",
     "移行元はマイグレーションを終えましたが、移行先の virt-handler が時間内にドメインを確認できませんでした: VMI は失敗のまま残ります"),
    ("the source node reported the migration failed",
     "移行元ノードがマイグレーションの失敗を報告しました"),
    ("virt-handler on the source reported the libvirt migration failed; the source's log and the \
      migration's failure reason say why",
     "移行元の virt-handler が libvirt のマイグレーションの失敗を報告しました。\
      理由は移行元のログとマイグレーションの失敗理由が示します"),
    ("virt-handler sets the VMI Failed: virt-launcher cannot do its Secure Boot setting",
     "virt-handler が VMI を Failed にしました: virt-launcher が Secure Boot の設定を行えません"),
    ("the launcher (its firmware images) does not support the VMI's Secure Boot setting on this \
      node, so the VMI is Failed",
     "このノードのランチャー(そのファームウェアイメージ)が VMI の Secure Boot の設定に対応していないため、\
      VMI は Failed です"),
    ("virt-handler sets the VMI Failed: virt-launcher reached an irrecoverable error",
     "virt-handler が VMI を Failed にしました: virt-launcher が回復不能なエラーに達しました"),
    ("the launcher's sync failed in a way it cannot retry, so the VMI is Failed; the sync error \
      before it says why",
     "ランチャーの同期が再試行できない形で失敗したため、VMI は Failed です。理由はその前の同期エラーが示します"),
    // `signatures/operator.rs`
    ("a second KubeVirt resource is refused (ExistingDeployment)",
     "二つ目の KubeVirt リソースが拒否されました(ExistingDeployment)"),
    ("virt-operator deploys one KubeVirt per cluster: this KubeVirt resource is refused because \
      another one already exists",
     "virt-operator はクラスターに KubeVirt を一つだけデプロイします: すでに別のものがあるため、\
      この KubeVirt リソースは拒否されました"),
    ("virt-operator failed to deploy KubeVirt (DeploymentFailed)",
     "virt-operator が KubeVirt のデプロイに失敗しました(DeploymentFailed)"),
    ("virt-operator could not create or update KubeVirt's components (its install strategy job, \
      RBAC, CRDs or deployments): the condition's message says which",
     "virt-operator が KubeVirt のコンポーネント(インストール戦略のジョブ、\
      RBAC、CRD、Deployment)を作成か更新できませんでした。どれかはコンディションのメッセージが示します"),
    ("virt-operator failed to delete KubeVirt (DeletionFailed)",
     "virt-operator が KubeVirt の削除に失敗しました(DeletionFailed)"),
    ("the KubeVirt resource is being deleted and virt-operator cannot remove its components (VMs \
      still present block it, or an API error)",
     "KubeVirt リソースが削除中ですが、virt-operator がそのコンポーネントを取り除けません(残っている VM が妨げている、\
      または API エラー)"),
    ("KubeVirt is still being deployed (DeploymentInProgress)",
     "KubeVirt はまだデプロイ中です(DeploymentInProgress)"),
    ("virt-operator has not finished deploying KubeVirt: until virt-api, virt-controller and \
      virt-handler are all ready, VMs cannot be created or started everywhere; if it stays so, \
      the component named in Progressing's message does not become ready",
     "virt-operator は KubeVirt のデプロイを終えていません: virt-api、\
      virt-controller、virt-handler がすべて Ready になるまで、\
      VM をどこでも作成・起動できるわけではありません。このままなら、Progressing のメッセージにあるコンポーネントが Ready になっていません"),
    ("KubeVirt is being updated (UpdateInProgress)",
     "KubeVirt が更新中です(UpdateInProgress)"),
    ("virt-operator is rolling out another KubeVirt version: components restart one after the \
      other and VMIs may be migrated to the new launcher (workload updates)",
     "virt-operator が別の KubeVirt バージョンを展開しています: コンポーネントが順に再起動し、\
      VMI が新しいランチャーへマイグレーションされることがあります(ワークロードの更新)"),
    ("KubeVirt is being deleted (DeletionInProgress)",
     "KubeVirt が削除中です(DeletionInProgress)"),
    ("the KubeVirt resource is being deleted: virt-operator removes KubeVirt's components and no \
      VM can run",
     "KubeVirt リソースが削除中です: virt-operator が KubeVirt のコンポーネントを取り除いており、\
      VM は動かせません"),
];
