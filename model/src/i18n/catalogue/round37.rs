//! Round 37's sentences: libvirt refusing a migration's parameters
//! (`signatures/libvirt_migration_args.rs`), CDI's progress poll (`signatures/cdi_progress.rs`),
//! the clone source's reader (`signatures/cdi_clone_source.rs`), virt-v2v refusing its source VM
//! (`signatures/virt_v2v.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND37: &[Entry] = &[
    ("libvirt refused the migration's parameters before starting it",
     "libvirt が移行を開始する前に移行のパラメーターを拒否しました"),
    ("virt-launcher on the source asked libvirt to migrate the domain with flags and parameters libvirt's checks refuse (disks to copy without the NBD address their copy needs, because a volume was judged shared or not shared wrongly; post-copy or TLS together with a mode that does not allow it), so the migration fails before any memory moves and the VM stays on its source",
     "移行元の virt-launcher が、libvirt の検査で拒否されるフラグとパラメーターでドメインの移行を libvirt に求めました(ボリュームの共有・非共有の判定を誤ったため、コピーするディスクにそのコピーに必要な NBD のアドレスがない。ポストコピーや TLS を、それを許さないモードと組み合わせた)。そのためメモリーが転送される前に移行は失敗し、VM は移行元に残ります"),
    ("kubectl get vmi <vm> -n <ns> -o yaml (status.volumeStatus and the volumes' access modes: which volumes are migrated, which shared)",
     "kubectl get vmi <vm> -n <ns> -o yaml(status.volumeStatus とボリュームのアクセスモード: どのボリュームが移行され、どれが共有か)"),
    ("kubectl logs <source virt-launcher pod> -c compute | grep -i migrat",
     "kubectl logs <移行元の virt-launcher Pod> -c compute | grep -i migrat"),
    ("CDI could not read a transfer's progress (noise)",
     "CDI が転送の進捗を読み取れませんでした(ノイズ)"),
    ("CDI's controller reads the importer pod's metrics endpoint only to show the transfer's progress on the claim; the request failed (the pod already finished or not yet listening) and the controller carries on: the import's phase and events, not this line, say whether it works",
     "CDI のコントローラーは、転送の進捗をクレームに表示するためだけにインポーター Pod のメトリクスのエンドポイントを読みます。その要求が失敗しました(Pod がすでに終了した、またはまだ待ち受けていない)が、コントローラーは処理を続けます。動作しているかどうかは、この行ではなく、インポートのフェーズとイベントが示します"),
    ("the clone's or export's source reader failed: the disk is not copied",
     "クローンまたはエクスポートの読み出し元のリーダーが失敗しました: ディスクはコピーされません"),
    ("CDI's clone source pod (or KubeVirt's export server) streams the source volume through a subprocess (tar for a filesystem volume) and that subprocess failed (a file changed or shrank while it was read, because the source is in use by a running VM or by other clones at once; a file it cannot open), so the copy stops and the target disk is not provisioned",
     "CDI のクローン元 Pod(または KubeVirt のエクスポートサーバー)はソースボリュームをサブプロセス(ファイルシステムのボリュームには tar)で送り出しますが、そのサブプロセスが失敗しました(実行中の VM や同時に動くほかのクローンがソースを使っているため、読み取り中にファイルが変わった、または縮んだ。開けないファイルがある)。そのためコピーは止まり、ターゲットのディスクはプロビジョニングされません"),
    ("kubectl get dv <target> -n <ns> -o yaml (status.phase, restartCount, conditions)",
     "kubectl get dv <ターゲット> -n <ns> -o yaml(status.phase、restartCount、conditions)"),
    ("kubectl logs <the clone source pod (…-source-pod) in the source namespace> --previous",
     "kubectl logs <ソースの名前空間のクローン元 Pod(…-source-pod)> --previous"),
    ("stop the VM that uses the source, and clone from one source at a time (or from a snapshot)",
     "ソースを使っている VM を停止し、一つのソースからは一度に一つずつ(またはスナップショットから)クローンします"),
    ("virt-v2v refuses the source VM: it is running or cannot be found",
     "virt-v2v が移行元 VM を拒否しています: 実行中か、見つかりません"),
    ("virt-v2v looks the source VM up on its hypervisor before copying anything and converts only a VM that is shut down (a running or paused VM's disks change under the copy) and that exists under the name given; the source is still running or paused, or not found, so the import fails and the VM's disk is never provisioned",
     "virt-v2v は何かをコピーする前にハイパーバイザー上で移行元 VM を探し、シャットダウンされていて(実行中や一時停止中の VM のディスクはコピー中に変わります)、指定された名前で存在する VM だけを変換します。移行元がまだ実行中か一時停止中、または見つからないため、インポートは失敗し、VM のディスクはプロビジョニングされません"),
    ("shut the source VM down on its hypervisor (vSphere, RHV, libvirt), then retry the import or the plan",
     "移行元 VM をそのハイパーバイザー(vSphere、RHV、libvirt)でシャットダウンしてから、インポートまたはプランを再試行します"),
    ("kubectl logs <the conversion pod> (virt-v2v's output before the error)",
     "kubectl logs <変換 Pod>(エラーの前の virt-v2v の出力)"),
    ("check the source VM's name in the import or the Forklift plan",
     "インポートまたは Forklift のプランにある移行元 VM の名前を確認します"),
];
