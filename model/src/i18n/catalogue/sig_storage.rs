//! The signature table of CDI and its imports (`signatures/cdi.rs`): titles, causes and next steps.

use super::Entry;

#[rustfmt::skip]
pub const SIG_STORAGE: &[Entry] = &[
    // `signatures/cdi.rs`
    ("qemu-img cannot read the import's source",
     "qemu-img がインポート元を読み取れません"),
    ("the CDI importer cannot resolve the container registry's name (DNS)",
     "CDI インポーターがコンテナーレジストリーの名前を解決できません(DNS)"),
    ("the DataVolume import failed (ImportFailed)",
     "DataVolume のインポートが失敗しました(ImportFailed)"),
    ("CDI's SSRF protection blocks the import's source address",
     "CDI の SSRF 保護がインポート元のアドレスを遮断しています"),
    ("the import's source URL answers an HTTP error",
     "インポート元の URL が HTTP エラーを返しています"),
    ("the importer's writes to the volume fail with an I/O error",
     "インポーターのボリュームへの書き込みが I/O エラーで失敗しています"),
    ("the storage provisioner cannot create the volume (ProvisioningFailed)",
     "ストレージプロビジョナーがボリュームを作成できません(ProvisioningFailed)"),
    ("kubectl run a pod in the DataVolume's namespace and nslookup the registry",
     "DataVolume の Namespace で Pod を kubectl run し、レジストリーを nslookup する"),
    ("CDI's importer converts the image with qemu-img, which failed READING its source (QEMU's \
      qemu-img.c convert: `error while reading`; a write to the PVC's device would say `error \
      while writing`): the image at the source URL (read through qemu's curl driver) or the \
      registry is missing, moved or unreadable, so the import fails and the disk is never \
      provisioned; the lines before it (curl's HTTP error) say why",
     "CDI のインポーターは qemu-img でイメージを変換しますが、ソースの読み取り(READING)\
      で失敗しました(QEMU の qemu-img.c convert: `error while reading`。\
      PVC のデバイスへの書き込みなら `error while writing`)。ソース URL のイメージ(qemu の curl ドライ\
      バーで読む)かレジストリーがない、移動した、または読めないため、インポートは失敗し、ディスクは用意されません。\
      理由はその前の行(curl の HTTP エラー)が示します"),
    ("the importer pod's DNS lookup of the registry fails or times out: the cluster's DNS or the \
      importer's egress (proxy settings in CDIConfig, network policy) does not let it reach the \
      registry; the VM's own network is not involved",
     "インポーター Pod によるレジストリーの DNS 解決が失敗するかタイムアウトします: クラスターの DNS かインポーターの外向き通信(\
      CDIConfig のプロキシ設定、ネットワークポリシー)がレジストリーへの到達を許していません。\
      VM 自身のネットワークは関係ありません"),
    ("kubectl get storageclass (a default?)",
     "kubectl get storageclass(デフォルトはあるか)"),
    ("set spec.storage.accessModes / storageClassName on the DataVolume",
     "DataVolume に spec.storage.accessModes / storageClassName を設定する"),
    ("CDI could not import the DataVolume's source into its PVC, so the VM that uses it has no \
      disk; the importer pod's log says why",
     "CDI が DataVolume のソースを PVC にインポートできなかったため、それを使う VM にはディスクがありません。\
      理由はインポーター Pod のログが示します"),
    ("the import's source host resolves to a private, link-local or loopback address, which CDI's \
      importer refuses by default (server-side request forgery protection): the DataVolume stays \
      in ImportScheduled or fails and the disk is never provisioned. Not a network fault: allow \
      the address in the CDIConfig if the source is trusted",
     "インポート元のホストがプライベート、リンクローカル、ループバックのアドレスに解決され、CDI のインポーターは既定でそれを拒否します(SSR\
      F 保護): DataVolume は ImportScheduled のままか失敗し、ディスクは用意されません。\
      ネットワークの障害ではありません: ソースが信頼できるなら CDIConfig でそのアドレスを許可してください"),
    ("the DataVolume's storage spec cannot become a PVC: no access mode or volume mode and no \
      storage class/profile to take them from, or an invalid size",
     "DataVolume のストレージ指定から PVC を作れません: アクセスモードもボリュームモードもなく、\
      それを補うストレージクラスやプロファイルもない、またはサイズが無効です"),
    ("CDI's importer converts the image into the PVC's device with qemu-img and the device \
      answers Input/output error: the storage backend's volume on the node (its iSCSI/block path, \
      a replica offline) is failing, not CDI",
     "CDI のインポーターは qemu-img でイメージを PVC のデバイスに変換しますが、\
      デバイスが Input/output error を返しています: 失敗しているのは CDI ではなく、\
      ノード上のストレージバックエンドのボリューム(iSCSI/ブロックの経路、オフラインのレプリカ)です"),
    ("check the storage backend's volume health",
     "ストレージバックエンドのボリュームの健全性を確認する"),
    ("dmesg on the importer's node (I/O errors on the device)",
     "インポーターのノードで dmesg を見る(デバイスの I/O エラー)"),
    ("the PVC of the DataVolume or VM stays Pending: its storage class's provisioner (CSI driver) \
      fails to create the volume; the event's message says why (capacity, parameters, access mode \
      or volume mode the class does not support)",
     "DataVolume か VM の PVC が Pending のままです: ストレージクラスのプロビジョナー(CSI ドライバー)\
      がボリュームの作成に失敗しています。理由はイベントのメッセージが示します(容量、パラメーター、\
      クラスが対応しないアクセスモードやボリュームモード)"),
    ("the image's URL answers an HTTP error status (curl's CURLE_HTTP_RETURNED_ERROR, through \
      qemu's curl block driver or CDI's HTTP reader): 404 means the image is not there any more, \
      401/403 that it needs credentials; the import fails and the disk is never provisioned",
     "イメージの URL が HTTP のエラー状態を返しています(qemu の curl ブロックドライバーか CDI の HTTP リーダーを\
      通した curl の CURLE_HTTP_RETURNED_ERROR): 404 はイメージがもうないこと、\
      401/403 は資格情報が必要なことを意味します。インポートは失敗し、ディスクは用意されません"),
    ("the DataVolume's importer pod failed (ErrImportFailed)",
     "DataVolume のインポーター Pod が失敗しました(ErrImportFailed)"),
    ("CDI's importer could not fetch or convert the source into the PVC; the event's message says \
      why (registry or URL unreachable, certificate, disk full, bad image); CDI retries the \
      importer, so the DataVolume and its VM wait",
     "CDI のインポーターがソースを取得できないか、PVC への変換に失敗しました。理由はイベントのメッセージが示します(レジストリーや URL \
      に到達できない、証明書、ディスクの満杯、不正なイメージ)。CDI はインポーターを再試行するので、\
      DataVolume とその VM は待ち続けます"),
    ("the DataVolume clone failed (CloneFailed)",
     "DataVolume のクローンが失敗しました(CloneFailed)"),
    ("CDI could not clone the source PVC into the DataVolume (source in use, permissions across \
      namespaces, storage class mismatch)",
     "CDI がソース PVC を DataVolume にクローンできませんでした(ソースが使用中、\
      Namespace をまたぐ権限、ストレージクラスの不一致)"),
    ("CDI cannot clone into the DataVolume (ErrUnableToClone)",
     "CDI が DataVolume にクローンできません(ErrUnableToClone)"),
    ("the clone cannot start: the source is missing, not ready, or the user may not clone it \
      (clone permissions across namespaces)",
     "クローンを始められません: ソースがないか準備できていない、またはユーザーにクローンの権限がありません(Namespace をまたぐクローンの権限)"),
    ("the clone does not meet CDI's validation (CloneValidationFailed)",
     "クローンが CDI の検証を満たしません(CloneValidationFailed)"),
    ("source and target disagree (target smaller than the source, volume modes or content types \
      that cannot be cloned)",
     "ソースとターゲットが食い違っています(ターゲットがソースより小さい、クローンできないボリュームモードやコンテンツ種別)"),
    ("the DataVolume upload failed (UploadFailed)",
     "DataVolume のアップロードが失敗しました(UploadFailed)"),
    ("the upload server could not write the uploaded image into the PVC",
     "アップロードサーバーがアップロードされたイメージを PVC に書き込めませんでした"),
    ("the DataVolume's PVC or pod exceeds a quota (ErrExceededQuota)",
     "DataVolume の PVC か Pod がクォータを超えています(ErrExceededQuota)"),
    ("a ResourceQuota refuses the DataVolume's PVC or its importer/clone pod",
     "ResourceQuota が DataVolume の PVC か、そのインポーター/クローン Pod を拒否しています"),
    ("the DataVolume's PVC is lost (ErrClaimLost)",
     "DataVolume の PVC が失われました(ErrClaimLost)"),
    ("the PVC behind the DataVolume is in phase Lost: its PersistentVolume is gone",
     "DataVolume の背後の PVC がフェーズ Lost です: その PersistentVolume がなくなりました"),
    ("CDI cannot start the importer/upload/clone pod (ErrStartingPod)",
     "CDI がインポーター/アップロード/クローンの Pod を起動できません(ErrStartingPod)"),
    ("the pod that populates the PVC does not start (scheduling, image pull, admission)",
     "PVC にデータを投入する Pod が起動しません(スケジュール、イメージの取得、アドミッション)"),
    ("CDI's importer cannot pull its source image (ImagePullFailed)",
     "CDI のインポーターがソースイメージを取得できません(ImagePullFailed)"),
    ("the importer pod of a registry import with node pull method cannot pull the image (name, \
      tag, pull secret, registry unreachable from the node)",
     "ノードの pull 方式によるレジストリーインポートで、インポーター Pod がイメージを取得できません(名前、\
      タグ、pull secret、ノードからレジストリーに到達できない)"),
    ("the CDI importer cannot reach the container registry",
     "CDI インポーターがコンテナーレジストリーに到達できません"),
    ("the importer pod cannot open the registry (connection, certificate or proxy); the text \
      after the registry's name says which",
     "インポーター Pod がレジストリーを開けません(接続、証明書、プロキシ)。どれかはレジストリー名の後の文が示します"),
];
