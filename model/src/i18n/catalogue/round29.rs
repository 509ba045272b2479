//! Round 29's sentences: the API server's storage refusing a write
//! (`signatures/api_storage.rs`) and cloud-init's schema check rejecting the guest's data
//! (`signatures/cloud_init_schema.rs`), and `virsh console` refused on KubeVirt's socket console
//! (`signatures/noise.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND29: &[Entry] = &[
    ("the API server cannot store an object this large",
     "API サーバーはこれほど大きなオブジェクトを保存できません"),
    ("the write carries more than the API server's storage takes (etcd's request limit, about 1.5 MiB, the API server's etcd client's 2 MiB or its 3 MiB request body): an object grown too large (a status message repeating an error, a CRD or ConfigMap with a huge payload) can never be written, so the controller that writes it fails on every reconcile",
     "書き込みが API サーバーのストレージの受け付ける量(etcd のリクエスト上限の約 1.5 MiB、API サーバーの etcd クライアントの 2 MiB、またはリクエストボディの 3 MiB)を超えています。大きくなりすぎたオブジェクト(エラーを繰り返すステータスメッセージ、巨大なペイロードを持つ CRD や ConfigMap)は決して書き込めないため、それを書き込むコントローラーはリコンサイルのたびに失敗します"),
    ("a controller's write fails its precondition against the stored object",
     "コントローラーの書き込みが、保存されているオブジェクトに対する前提条件を満たしません"),
    ("the API server refused the update because the stored object is not the one the writer read (another UID or resourceVersion): the object was deleted and created again, or the writer's cache holds two objects of one name (a proxy or aggregation layer serving it another copy), so its updates keep failing until its cache is right",
     "保存されているオブジェクトが書き込み側の読んだものと異なる(別の UID または resourceVersion)ため、API サーバーは更新を拒否しました。オブジェクトが削除されて再作成されたか、書き込み側のキャッシュが同じ名前の二つのオブジェクトを保持しています(プロキシや集約レイヤーが別のコピーを渡している)。キャッシュが正しくなるまで更新は失敗し続けます"),
    ("the writer's log (kubectl logs -n <namespace> deploy/<controller>): which object's write fails",
     "書き込み側のログ(kubectl logs -n <namespace> deploy/<controller>): どのオブジェクトの書き込みが失敗しているか"),
    ("kubectl get <kind> <name> -o yaml | wc -c (an object near 1.5 MiB cannot be stored; a status message that grows with each failure)",
     "kubectl get <kind> <name> -o yaml | wc -c(1.5 MiB 近いオブジェクトは保存できません。失敗のたびに大きくなるステータスメッセージ)"),
    ("cloud-init in the guest rejects the configuration it received",
     "ゲスト内の cloud-init が受け取った設定を拒否しています"),
    ("cloud-init's schema check found keys it does not know or values of the wrong type in the VM's cloud-init data (user-data, vendor-data or network-config from the cloudInitNoCloud or cloudInitConfigDrive volume): what those keys configure (users, passwords, SSH keys, packages, the network) is skipped or fails inside the guest although the VM runs",
     "cloud-init のスキーマチェックが、VM の cloud-init データ(cloudInitNoCloud または cloudInitConfigDrive ボリュームの user-data、vendor-data、network-config)に未知のキーや誤った型の値を見つけました。VM は動作していますが、それらのキーが設定する内容(ユーザー、パスワード、SSH 鍵、パッケージ、ネットワーク)はゲスト内でスキップされるか失敗します"),
    ("in the guest: sudo cloud-init schema --system --annotate (each rejected key, marked in the data)",
     "ゲスト内で: sudo cloud-init schema --system --annotate(拒否された各キーがデータ中に示されます)"),
    ("kubectl get vm <vm> -o yaml (spec.template.spec.volumes: the cloudInitNoCloud userData or its secret)",
     "kubectl get vm <vm> -o yaml(spec.template.spec.volumes: cloudInitNoCloud の userData またはそのシークレット)"),
    ("in the guest: sudo cloud-init status --long; sudo grep -i warn /var/log/cloud-init.log",
     "ゲスト内で: sudo cloud-init status --long; sudo grep -i warn /var/log/cloud-init.log"),
    ("virsh console cannot attach to KubeVirt's serial console (a socket, not a PTY)",
     "virsh console は KubeVirt のシリアルコンソールに接続できません(PTY ではなくソケットです)"),
    ("libvirt's console attaches only to a PTY, and KubeVirt gives every VMI's serial console as a unix socket that virtctl console reaches through virt-handler: virsh console in the launcher is refused on every VMI, by design; use virtctl console",
     "libvirt のコンソールは PTY にしか接続せず、KubeVirt はすべての VMI のシリアルコンソールを、virtctl console が virt-handler 経由で到達する unix ソケットとして提供します。そのためランチャー内の virsh console はどの VMI でも設計上拒否されます。virtctl console を使ってください"),
];
