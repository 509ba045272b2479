//! Round 21's sentences: the kernel's stall-detector panics and ext4's lost writes
//! (`signatures/kernel.rs`), CDI's importer termination messages (`signatures/cdi.rs`) and
//! virtctl's verbs answered NotFound (`signatures/virtctl.rs`), a program refusing its command
//! line (`signatures/usage.rs`, `input/usage_error.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND21: &[Entry] = &[
    // `signatures/kernel.rs`, stall-detector-panic
    ("the node's kernel panicked on a stalled CPU or task (lockup detector)",
     "ノードのカーネルが、停止した CPU またはタスクによりパニックしました(ロックアップ検出)"),
    ("the node is set to panic when its lockup or hung-task detector fires, and it \
      did: a CPU stopped taking interrupts or scheduling, or a task stayed blocked, so the \
      host went down and every VM on it with it; the lines before the panic name the CPU \
      and the stack",
     "ノードはロックアップ検出またはハングタスク検出が作動したときにパニックするよう設定されており、\
      それが作動しました。CPU が割り込みやスケジューリングを受け付けなくなったか、タスクがブロック\
      されたままになったため、ホストが停止し、その上のすべての VM も停止しました。パニックの前の行が \
      CPU とスタックを示します"),
    ("journalctl -k -b -1 on the node (the detector's report before the panic)",
     "ノード上で journalctl -k -b -1(パニック前の検出器の報告)"),
    ("check the node's firmware, CPU and storage driver errors around that time",
     "その時刻前後のノードのファームウェア、CPU、ストレージドライバーのエラーを確認する"),
    // `signatures/kernel.rs`, rcu-stall-panic
    ("the node's kernel panicked on an RCU stall",
     "ノードのカーネルが RCU ストールによりパニックしました"),
    ("the node is set to panic on an RCU stall (kernel.panic_on_rcu_stall) and one \
      happened: a CPU was stuck in the kernel or starved, and the host went down with \
      every VM on it",
     "ノードは RCU ストールでパニックするよう設定されており(kernel.panic_on_rcu_stall)、それが\
      発生しました。CPU がカーネル内で停止したか実行機会を失い、ホストはその上のすべての VM と\
      ともに停止しました"),
    ("journalctl -k -b -1 on the node (the stall report before the panic)",
     "ノード上で journalctl -k -b -1(パニック前のストール報告)"),
    // `signatures/kernel.rs`, ext4-data-loss
    ("a filesystem on the node lost writes (ext4)",
     "ノード上のファイルシステムで書き込みが失われました(ext4)"),
    ("ext4 could not complete writes to a disk of the node (a failing device, a \
      volume gone read-only or full, its storage path lost): data written there may be \
      lost and the filesystem goes read-only; VM disks and the node's services on it fail",
     "ext4 がノードのディスクへの書き込みを完了できませんでした(故障しつつあるデバイス、読み取り専用\
      またはいっぱいになったボリューム、失われたストレージ経路)。そこに書かれたデータは失われた可能性が\
      あり、ファイルシステムは読み取り専用になります。そこにある VM のディスクとノードのサービスは\
      失敗します"),
    ("journalctl -k on the node (the device's I/O errors before the line)",
     "ノード上で journalctl -k(この行の前のデバイスの I/O エラー)"),
    ("check the device and fsck the filesystem when it is unmounted",
     "デバイスを確認し、アンマウントしたうえでファイルシステムを fsck する"),
    // `signatures/cdi.rs`, cdi-source-connect-failed
    ("CDI's importer cannot open the import's source",
     "CDI のインポーターがインポート元を開けません"),
    ("the importer pod could not connect to the DataVolume's source (an HTTP URL, \
      oVirt imageio, S3, GCS, or VMware through VDDK: the vCenter, its credentials, the \
      VM or its snapshot, as the message says): the import fails and the disk is never \
      provisioned",
     "インポーター Pod が DataVolume のソース(HTTP URL、oVirt imageio、S3、GCS、または VDDK 経由の \
      VMware: メッセージが示す vCenter、その認証情報、VM またはそのスナップショット)に接続できません\
      でした。インポートは失敗し、ディスクはプロビジョニングされません"),
    ("kubectl get dv <name> -o yaml (spec.source, status.conditions)",
     "kubectl get dv <name> -o yaml(spec.source、status.conditions)"),
    ("kubectl logs <importer pod> (the source's own error)",
     "kubectl logs <importer pod>(ソース自身のエラー)"),
    // `signatures/cdi.rs`, cdi-import-processing-failed
    ("CDI's importer failed processing the import",
     "CDI のインポーターがインポートの処理に失敗しました"),
    ("the importer pod reached its source but a step of the import failed (reading \
      the source's information, transferring or converting it with qemu-img, resizing the \
      image): the import fails and restarts, and the disk is never provisioned; the rest \
      of the message is the step's own error",
     "インポーター Pod はソースに到達しましたが、インポートの一段階(ソース情報の読み取り、qemu-img \
      による転送や変換、イメージのリサイズ)が失敗しました。インポートは失敗して再起動を繰り返し、\
      ディスクはプロビジョニングされません。メッセージの残りはその段階自身のエラーです"),
    // `signatures/cdi.rs`, cdi-source-open-failed
    ("qemu-img cannot open the import's source (served by nbdkit)",
     "qemu-img がインポート元(nbdkit が提供)を開けません"),
    ("CDI's importer serves the DataVolume's source (an HTTP URL, a VMware disk) to \
      qemu-img through nbdkit, and qemu-img could not open or read it: the source image \
      is unreachable, truncated or not the format it claims, so the import fails and the \
      disk is never provisioned",
     "CDI のインポーターは DataVolume のソース(HTTP URL、VMware のディスク)を nbdkit 経由で \
      qemu-img に渡しますが、qemu-img はそれを開けないか読めませんでした。ソースイメージに到達できない、\
      途中で切れている、または名乗る形式ではないため、インポートは失敗し、ディスクはプロビジョニング\
      されません"),
    ("curl -I <source URL> from a pod in the cluster; qemu-img info on a copy of the image",
     "クラスター内の Pod から curl -I <source URL>、イメージのコピーに qemu-img info"),
    // `signatures/virtctl.rs`, virtctl-target-not-found
    ("virtctl acts on a VirtualMachine that does not exist (NotFound)",
     "virtctl が存在しない VirtualMachine を操作しようとしています(NotFound)"),
    ("virt-api answers NotFound for the VM or VMI the command acts on: no such object \
      in that namespace, so nothing was started, stopped or moved; it was deleted (or \
      never created by whatever should own it), or the name or namespace is wrong",
     "virt-api は、コマンドが操作する VM または VMI について NotFound を返しています。その名前空間に\
      そのオブジェクトはなく、何も起動、停止、移動されていません。削除されたか(または所有すべきものに\
      作成されなかったか)、名前か名前空間が誤っています"),
    ("kubectl get vm,vmi -n <namespace> (the object the command names)",
     "kubectl get vm,vmi -n <namespace>(コマンドが指定するオブジェクト)"),
    ("check who should create the VM (its owner, a pipeline or an operator) and its events",
     "VM を作成すべきもの(所有者、パイプライン、オペレーター)とそのイベントを確認する"),
    // `signatures/usage.rs`, program-unknown-argument and program-undefined-flag
    ("a program refuses the command line it was started with",
     "プログラムが起動時のコマンドラインを拒否しています"),
    ("the program exits at start because its command or flags are not ones its \
      binary knows: the manifest that runs it (written by an operator, a release or a \
      chart) and its image are from different versions, so the pod crash-loops until they \
      match",
     "プログラムは、そのコマンドやフラグがバイナリの知らないものであるため、起動時に終了します。\
      それを実行するマニフェスト(オペレーター、リリース、チャートが書いたもの)とイメージのバージョンが\
      異なり、両者が一致するまで Pod はクラッシュループします"),
    ("kubectl get pod <pod> -n <namespace> -o yaml (the container's image, command and args)",
     "kubectl get pod <pod> -n <namespace> -o yaml(コンテナーのイメージ、command と args)"),
    ("compare the image's version with the operator or release that deployed it",
     "イメージのバージョンを、それをデプロイしたオペレーターまたはリリースと比べる"),
    // `input/usage_error.rs`
    ("the command typed was refused an argument (a usage error)",
     "入力したコマンドの引数が拒否されました(使い方の誤り)"),
    ("the program rejects {}, which the command in the paste passes it: the \
      command (or the example it was copied from) does not match this version of \
      the program; nothing in the cluster is wrong",
     "プログラムは、貼り付けられたコマンドが渡している {0} を拒否しています。コマンド(またはその\
      コピー元の例)がこのバージョンのプログラムに合っていません。クラスターには何の問題もありません"),
    ("<program> <command> --help (the arguments it takes)",
     "<program> <command> --help(受け付ける引数)"),
];
