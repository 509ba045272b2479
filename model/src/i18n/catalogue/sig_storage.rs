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
];
