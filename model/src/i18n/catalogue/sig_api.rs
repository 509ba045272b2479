//! The signature tables of the API and its clients (`signatures/api_errors.rs`, `denial.rs`, `rbac.rs`, `tls.rs`, `x509.rs`, `http_status.rs`, `virtctl.rs`, `imageupload.rs`): titles, causes and next steps.

use super::Entry;

#[rustfmt::skip]
pub const SIG_API: &[Entry] = &[
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
    ("the API does not serve this resource type (its CRD is not installed)",
     "API はこのリソース種別を提供していません(その CRD がインストールされていません)"),
    ("kubectl asked for a resource the API server does not know: KubeVirt's (or CDI's) CRDs are \
      not installed or not yet established",
     "kubectl が API サーバーの知らないリソースを求めました: KubeVirt(または CDI)\
      の CRD がインストールされていないか、まだ確立されていません"),
    ("check the API server from a control-plane node",
     "コントロールプレーンのノードから API サーバーを確認する"),
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
    ("virt-api's eviction interceptor answers an eviction of a virt-launcher pod by starting a \
      live migration of the VMI (evictionStrategy LiveMigrate); kubectl drain retries until the \
      migration has moved it: expected, not a fault",
     "virt-api の退避インターセプターは、virt-launcher Pod の退避に対して VMI のライブマイグレーションを始めて応え\
      ます(evictionStrategy LiveMigrate)。マイグレーションで移動し終えるまで kubectl drain は再試行し\
      ます: 想定どおりで、障害ではありません"),
    ("the API server refuses an unknown field of the manifest",
     "API サーバーがマニフェストの未知の項目を拒否しています"),
    ("server-side field validation (strict) finds a field the CRD does not define: mis-indented \
      YAML or a field of another KubeVirt version",
     "サーバー側の項目検証(strict)が CRD の定義しない項目を見つけました: YAML のインデント誤りか、\
      別の KubeVirt バージョンの項目です"),
    // `signatures/rbac.rs`
    ("forbidden: {} may not {} {}",
     "forbidden: {0} には {2} を {1} する権限がありません"),
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
    ("a TLS peer does not know the CA of a component's certificate",
     "TLS の相手がコンポーネントの証明書の CA を知りません"),
    ("the peer's CA bundle lacks the CA that issued the certificate (a CA rotated without the \
      bundle following, or a certificate from another install)",
     "相手の CA バンドルに、証明書を発行した CA がありません(バンドルが追従しないまま CA がローテーションされた、\
      または別のインストールの証明書)"),
    ("a component's certificate has expired (x509)",
     "コンポーネントの証明書が期限切れです(x509)"),
    ("a serving or client certificate is past its validity: virt-operator's (or cdi-operator's) \
      rotation did not run (operator down, clock skew between nodes)",
     "サーバー証明書かクライアント証明書が有効期間を過ぎています: virt-operator(または cdi-operator)\
      のローテーションが動きませんでした(オペレーターの停止、ノード間の時刻のずれ)"),
    ("a certificate is signed by an unknown authority (x509)",
     "証明書が未知の認証局によって署名されています(x509)"),
    ("the client does not trust the CA that signed the server's certificate: a CA bundle out of \
      sync (component certificates), or a registry or upload proxy with a private CA the importer \
      or virtctl is not given",
     "クライアントがサーバー証明書に署名した CA を信頼していません: CA バンドルがずれている(コンポーネントの証明書)\
      、またはインポーターや virtctl に渡されていないプライベート CA のレジストリーやアップロードプロキシです"),
    ("for a registry or HTTP source: the DataVolume's certConfigMap",
     "レジストリーか HTTP のソースなら: DataVolume の certConfigMap"),
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
    ("the API server's proxy to virt-api failed (502) for a console/VNC websocket",
     "コンソール/VNC の WebSocket で API サーバーから virt-api へのプロキシが失敗しました(502)"),
    ("the API server proxies the subresources.kubevirt.io websocket to virt-api and got no valid \
      answer from it: virt-api is down or not reachable from the API server",
     "API サーバーは subresources.kubevirt.io の WebSocket を virt-api へプロキシしますが、\
      有効な応答を得られませんでした: virt-api が停止しているか、API サーバーから到達できません"),
    ("the API refused the console/VNC/port-forward websocket",
     "API がコンソール/VNC/port-forward の WebSocket を拒否しました"),
    ("the API server or virt-api behind it answered the subresource websocket with an error code \
      (501: not implemented by the API serving it; 401/403: the user is not authenticated or not \
      allowed the subresource; 429: throttled): the API serving KubeVirt's subresources, not the \
      VM",
     "API サーバーかその背後の virt-api が、サブリソースの WebSocket にエラーコードで応答しました(501: それを提供す\
      る API が実装していない。401/403: ユーザーが認証されていないかサブリソースを許可されていない。\
      429: スロットリング): 問題は VM ではなく、KubeVirt のサブリソースを提供する API にあります"),
    ("the subresource API answered the websocket with a server error",
     "サブリソース API が WebSocket にサーバーエラーで応答しました"),
    ("virt-api (or the API server's proxy to it) answered the console/VNC/port-forward request \
      with 500, 502 or 504: the API serving KubeVirt's subresources is failing",
     "virt-api(または API サーバーから virt-api へのプロキシ)が console/VNC/port-forward の要求\
      に 500、502、504 で応答しました: KubeVirt のサブリソースを提供する API が失敗しています"),
    ("the subresource API answered the websocket with 500 (Internal error)",
     "サブリソース API が WebSocket に 500 で応答しました(Internal error)"),
    ("virt-api failed serving the console/VNC/port-forward subresource (dialing the virt-handler \
      of the VMI's node failed, or the API server's proxy to virt-api)",
     "virt-api が console/VNC/port-forward サブリソースの処理に失敗しました(VMI のノードの virt-ha\
      ndler への接続、または API サーバーから virt-api へのプロキシの失敗)"),
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
    ("virt-api cannot connect to the VMI: it is neither Running nor Scheduled",
     "virt-api が VMI に接続できません: VMI は Running でも Scheduled でもありません"),
    ("console, VNC and port-forward go through the virt-handler of the VMI's node, which virt-api \
      only dials for a Running or Scheduled VMI",
     "console、VNC、port-forward は VMI のノードの virt-handler を経由し、\
      virt-api が接続するのは Running か Scheduled の VMI だけです"),
    ("the proxy to a KubeVirt backend cannot dial it (error dialing backend)",
     "KubeVirt のバックエンドへのプロキシが接続できません(error dialing backend)"),
    ("the API server (or virt-api) could not open the connection to the backend that serves the \
      request (virt-api's aggregated API, virt-handler's console server): a certificate rejected, \
      the service unreachable, or the pod down",
     "API サーバー(または virt-api)が要求を処理するバックエンド(virt-api のアグリゲート API、\
      virt-handler のコンソールサーバー)への接続を開けませんでした: 証明書の拒否、\
      Service に到達できない、または Pod の停止です"),
    ("virtctl start on a VM that already runs",
     "すでに動いている VM に対する virtctl start"),
    ("virt-api answers Conflict to a start request for a running VM: nothing is broken",
     "virt-api は動作中の VM への start 要求に Conflict を返します: 何も壊れていません"),
    ("virt-api refuses a manual start, stop or restart the VM's runStrategy does not allow (e.g. \
      Always cannot be started, Halted cannot be restarted): not a fault",
     "virt-api は、VM の runStrategy が許さない手動の start、stop、\
      restart を拒否します(たとえば Always は start できず、Halted は restart できない)\
      : 障害ではありません"),
    ("virtctl image-upload finds no cdi-uploadproxy URL",
     "virtctl image-upload が cdi-uploadproxy の URL を見つけられません"),
    ("cdi-uploadproxy answered an HTTP error to the upload",
     "cdi-uploadproxy がアップロードに HTTP エラーを返しました"),
    ("the upload reached cdi-uploadproxy, which answered with an error status (the upload server \
      pod not ready, the token refused, the volume not uploadable)",
     "アップロードは cdi-uploadproxy に届きましたが、エラー状態で応答されました(アップロードサーバー Pod が Ready で\
      ない、トークンの拒否、アップロードできないボリューム)"),
    ("virtctl image-upload waits for a DataVolume that is not ready for upload",
     "virtctl image-upload が、アップロードの準備ができていない DataVolume を待っています"),
    ("a request that does not fit the VMI's pause state",
     "VMI の一時停止状態に合わない要求"),
    ("virt-api answers Conflict: pausing a paused VMI, unpausing one that is not paused, or \
      connecting (port-forward, soft reboot) to a paused one; unpause it first",
     "virt-api は Conflict を返します: 一時停止中の VMI の一時停止、一時停止していない VMI の再開、\
      または一時停止中の VMI への接続(port-forward、soft reboot)です。\
      先に再開してください"),
    ("the VMI has no serial console or graphics device to connect to",
     "VMI に接続先のシリアルコンソールもグラフィックデバイスもありません"),
    ("the VMI was defined without the device (autoattachSerialConsole or autoattachGraphicsDevice \
      false): virtctl console or vnc has nothing to attach to; not a fault of a layer",
     "VMI はそのデバイスなしで定義されています(autoattachSerialConsole か autoattachGraphicsDev\
      ice が false): virtctl console や vnc の接続先がありません。\
      どのレイヤーの障害でもありません"),
    ("a soft reboot needs the guest agent or ACPI",
     "soft reboot にはゲストエージェントか ACPI が必要です"),
    ("virt-api refuses the soft reboot: the guest agent is not connected and the VMI has no ACPI \
      feature",
     "virt-api が soft reboot を拒否しています: ゲストエージェントが接続しておらず、\
      VMI に ACPI 機能がありません"),
    ("check qemu-guest-agent in the guest",
     "ゲストの qemu-guest-agent を確認する"),
    ("the guest's sshd refuses the key (Permission denied (publickey))",
     "ゲストの sshd が鍵を拒否しています(Permission denied (publickey))"),
    ("virtctl ssh reached the guest's sshd (so virt-api, virt-handler and the port-forward work) \
      but the guest does not accept the key: the key is not in the user's authorized_keys \
      (accessCredentials, cloud-init) or the user is wrong",
     "virtctl ssh はゲストの sshd に到達しました(つまり virt-api、virt-handler、\
      port-forward は動いています)が、ゲストが鍵を受け付けません: 鍵がユーザーの authorized_keys にない(acce\
      ssCredentials、cloud-init)か、ユーザーが誤っています"),
    ("virt-api cannot reach virt-handler on the VMI's node (console, VNC, guest agent)",
     "virt-api が VMI のノードの virt-handler に到達できません(console、\
      VNC、ゲストエージェント)"),
    ("virtctl console, vnc, guestosinfo and the other subresources go through virt-api, which \
      dials virt-handler on the VMI's node: virt-handler there is down or not ready, its port is \
      not reachable from virt-api (node network, firewall), or its certificate is refused",
     "virtctl の console、vnc、guestosinfo などのサブリソースは virt-api を経由し、\
      virt-api は VMI のノードの virt-handler に接続します: そこの virt-handler が停止しているか Re\
      ady でない、そのポートに virt-api から到達できない(ノードのネットワーク、ファイアウォール)\
      、または証明書が拒否されています"),
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
    ("the upload's PVC is not valid (CDI's ErrClaimNotValid event)",
     "アップロードの PVC が無効です(CDI の ErrClaimNotValid イベント)"),
    ("CDI rejected the claim it was to upload into (an unsupported size, access mode or volume \
      mode for the storage class); virtctl reports the PVC's event",
     "CDI がアップロード先のクレームを拒否しました(ストレージクラスが対応しないサイズ、アクセスモード、\
      ボリュームモード)。virtctl は PVC のイベントを報告しています"),
    ("the upload failed after every retry",
     "すべての再試行の後でアップロードが失敗しました"),
    ("virtctl could not send the image to CDI's upload proxy, retrying until it gave up: the \
      proxy or the upload server pod behind it refused or dropped the transfer (the text after \
      the colon says how)",
     "virtctl は CDI のアップロードプロキシにイメージを送れず、諦めるまで再試行しました: プロキシかその背後のアップロードサーバー \
      Pod が転送を拒否したか切断しました(どうなったかはコロンの後の文が示します)"),
    ("CDI's upload proxy refused the upload token",
     "CDI のアップロードプロキシがアップロードトークンを拒否しました"),
    ("the upload proxy did not accept the token virtctl obtained (expired, or the proxy's and \
      cdi-apiserver's keys differ after a reinstall)",
     "virtctl が得たトークンをアップロードプロキシが受け付けませんでした(期限切れ、または再インストール後にプロキシと cdi-apise\
      rver の鍵が異なる)"),
    ("the PVC is not ready to receive an upload",
     "PVC はアップロードを受け取る準備ができていません"),
    ("the PVC exists but CDI has not prepared it for upload (no upload annotation, or its upload \
      server is not up yet)",
     "PVC はありますが、CDI がアップロードの準備をしていません(アップロードのアノテーションがない、\
      またはアップロードサーバーがまだ起動していない)"),
    ("the upload was sent but CDI's processing did not finish in time",
     "アップロードは送信されましたが、CDI の処理が時間内に終わりませんでした"),
    ("the data reached the upload server, which converts or resizes it; virtctl stopped waiting \
      before it finished (the upload pod's status and logs say whether it still works or failed)",
     "データはアップロードサーバーに届き、サーバーが変換かサイズ変更をしています。それが終わる前に virtctl は待つのをやめました(まだ動い\
      ているか失敗したかは、アップロード Pod の状態とログが示します)"),
    ("the volume is already populated (not a fault)",
     "ボリュームにはすでにデータがあります(障害ではありません)"),
    ("virtctl refuses to upload into a PVC that CDI already populated: the disk is there",
     "virtctl は CDI がすでにデータを投入した PVC へのアップロードを拒否します: ディスクはそこにあります"),
    ("an upload into a read-only volume was asked for (a usage error)",
     "読み取り専用ボリュームへのアップロードが求められました(使い方の誤り)"),
    ("the access mode asked for is ReadOnlyMany; ask for ReadWriteOnce or ReadWriteMany",
     "求められたアクセスモードは ReadOnlyMany です。ReadWriteOnce か ReadWriteMany を指定してください"),
];
