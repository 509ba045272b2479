//! Round 22's sentences: virt-api's remaining Conflict answers
//! (`signatures/subresource_conflict.rs`), KubeMacPool's MAC refusals
//! (`signatures/kubemacpool.rs`), ovn-nbctl's port errors (`signatures/ovn_nbctl.rs`),
//! a wrangler controller's handler requeuing (`signatures/reconcile_retry.rs`), the PDB's
//! shrink after any migration (`signatures/migration.rs`) and
//! dracut's initqueue giving up (`signatures/guest_output/initqueue.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND22: &[Entry] = &[
    // `signatures/subresource_conflict.rs`
    ("virt-api refuses to start a RerunOnFailure VM whose VMI failed",
     "virt-api は、VMI が失敗した RerunOnFailure の VM の起動を拒否しています"),
    ("the VM's run strategy is RerunOnFailure and its VMI is in phase Failed: KubeVirt \
      restarts such a VM by itself, and virt-api answers a manual start with Conflict, so \
      the VM stays down while the failed VMI is kept; what made the VMI fail is in its \
      status and events",
     "VM の実行戦略は RerunOnFailure で、その VMI はフェーズ Failed です。KubeVirt はこのような \
      VM を自ら再起動し、virt-api は手動の起動に Conflict を返すため、失敗した VMI が残っている間 \
      VM は停止したままです。VMI が失敗した原因はそのステータスとイベントにあります"),
    ("virt-api refuses the console of a VMI that failed",
     "virt-api は、失敗した VMI のコンソールを拒否しています"),
    ("the serial console is refused because the VMI is in phase Failed: the guest no \
      longer runs; what made the VMI fail is in its status and events",
     "VMI がフェーズ Failed のため、シリアルコンソールは拒否されました。ゲストはもう動作して\
      いません。VMI が失敗した原因はそのステータスとイベントにあります"),
    ("virt-api refuses a memory dump into the claim it names",
     "virt-api は、指定されたクレームへのメモリダンプを拒否しています"),
    ("the memory dump's claim cannot hold it: it must be a filesystem claim, writable, \
      larger than the VM's memory plus overhead, and not another dump's claim while that \
      one is still associated",
     "メモリダンプのクレームはそれを保持できません。クレームはファイルシステムモードで書き込み\
      可能、VM のメモリとオーバーヘッドより大きく、別のダンプにまだ関連付けられたクレームで\
      あってはなりません"),
    ("a stop of a Halted VM refused: only a shorter grace period is accepted",
     "Halted の VM の停止が拒否されました。より短い猶予期間のみが受け付けられます"),
    ("the VM is already being stopped (run strategy Halted); virt-api accepts a second \
      stop only to shorten its grace period: not a fault",
     "VM はすでに停止中です(実行戦略 Halted)。virt-api は猶予期間を短くする場合にのみ 2 回目の\
      停止を受け付けます。障害ではありません"),
    ("a request refused while the VM's snapshot is taken",
     "VM のスナップショット取得中のため、要求が拒否されました"),
    ("virt-api refuses to change the VM while a snapshot of it is in progress; the \
      request can be repeated once the snapshot is ready: not a fault",
     "VM のスナップショットの取得中は、virt-api は VM の変更を拒否します。スナップショットの準備\
      ができてから要求を繰り返せます。障害ではありません"),
    ("a request the VM's configuration does not provide for",
     "VM の構成が想定していない要求です"),
    ("virt-api refuses a subresource the VMI was not configured for (USB \
      redirection, SEV attestation, changed block tracking) or asked twice: the \
      request, not the cluster, needs changing",
     "virt-api は、VMI に構成されていないサブリソース(USB リダイレクト、SEV アテステーション、\
      変更ブロック追跡)または 2 回目の要求を拒否しています。変更が必要なのはクラスターではなく\
      要求です"),
    // `signatures/kubemacpool.rs`
    ("KubeMacPool finds a MAC address already in use",
     "KubeMacPool は、MAC アドレスがすでに使用中であることを検出しました"),
    ("KubeMacPool, which allocates the MAC addresses of VMs and pods in opted-in \
      namespaces, finds the MAC asked for already given to another VM's or pod's interface: \
      two interfaces with one MAC on the same network break each other's traffic, and a VM \
      refused its MAC is not created",
     "オプトインした名前空間の VM とポッドに MAC アドレスを割り当てる KubeMacPool は、要求された \
      MAC が別の VM またはポッドのインターフェースにすでに割り当てられていることを検出しました。\
      同じネットワーク上で 1 つの MAC を持つ 2 つのインターフェースは互いの通信を壊し、MAC を\
      拒否された VM は作成されません"),
    ("remove the duplicate macAddress from one of the VMs' interfaces",
     "いずれかの VM のインターフェースから重複した macAddress を削除する"),
    ("KubeMacPool reports running interfaces that share a MAC address",
     "KubeMacPool は、MAC アドレスを共有する稼働中のインターフェースを報告しています"),
    ("a VM asks for one MAC address on two of its interfaces",
     "VM が 2 つのインターフェースに同じ MAC アドレスを要求しています"),
    ("the VM's spec gives two of its interfaces the same macAddress, which KubeMacPool \
      refuses: the VM is not created until one is changed",
     "VM の spec は 2 つのインターフェースに同じ macAddress を指定しており、KubeMacPool はこれを\
      拒否します。どちらかを変更するまで VM は作成されません"),
    ("KubeMacPool's MAC range is exhausted",
     "KubeMacPool の MAC 範囲が使い果たされています"),
    ("every MAC address of KubeMacPool's configured range is given out, so new VMs and \
      pods in opted-in namespaces get none and are not created",
     "KubeMacPool に構成された範囲の MAC アドレスはすべて割り当て済みのため、オプトインした名前\
      空間の新しい VM とポッドには割り当てられず、作成されません"),
    ("widen the range in the NetworkAddonsConfig's kubeMacPool (rangeStart, rangeEnd)",
     "NetworkAddonsConfig の kubeMacPool で範囲を広げる(rangeStart、rangeEnd)"),
    // `signatures/ovn_nbctl.rs`
    ("OVN refuses the pod's logical port: a port of that name already exists",
     "OVN はポッドの論理ポートを拒否しています。同じ名前のポートがすでに存在します"),
    ("ovn-nbctl refuses to add the pod's logical switch port because a port of that \
      name is already in the northbound database, in another switch or with another \
      parent (a port kept for the VM's address after its subnet changed, or not removed \
      when the pod went away): the pod's network is not wired until the stale port is \
      removed",
     "同じ名前のポートが別のスイッチまたは別の親で northbound データベースにすでにあるため、\
      ovn-nbctl はポッドの論理スイッチポートの追加を拒否しています(サブネット変更後も VM の\
      アドレスのために残されたポート、またはポッドが消えたときに削除されなかったポート)。古い\
      ポートが削除されるまで、ポッドのネットワークは接続されません"),
    ("OVN finds no logical switch, router or port the CNI names",
     "OVN は、CNI が指定した論理スイッチ、ルーター、またはポートを見つけられません"),
    ("ovn-nbctl finds no logical switch, router or port of the name it was given: the \
      subnet's switch or the pod's port is missing from the northbound database, so the \
      pod's network cannot be wired",
     "ovn-nbctl は指定された名前の論理スイッチ、ルーター、またはポートを見つけられません。\
      サブネットのスイッチまたはポッドのポートが northbound データベースにないため、ポッドの\
      ネットワークを接続できません"),
    // `signatures/reconcile_retry.rs`
    ("a controller cannot reconcile an object and retries it",
     "コントローラーがオブジェクトを調整できず、再試行しています"),
    ("a wrangler-based controller (Harvester's, Rancher's or an add-on's) failed to \
      reconcile the object named in quotes: its handler's error (after the handler's name) \
      says what it could not read or do, and the object is queued again until that is \
      fixed",
     "wrangler ベースのコントローラー(Harvester、Rancher、またはアドオンのもの)が、引用符内の\
      オブジェクトの調整に失敗しました。ハンドラーのエラー(ハンドラー名の後)が、読み取れなかった\
      もの、または実行できなかったことを示し、それが直るまでオブジェクトは再びキューに入れられます"),
    // `signatures/migration.rs`, pdb-expanded (now a headline: its shrink is no fault)
    ("the migration PodDisruptionBudget was expanded (a migration started; KubeVirt <= 1.5)",
     "マイグレーション用の PodDisruptionBudget が拡張されました(マイグレーションが開始しました。KubeVirt 1.5 以前)"),
    // `signatures/migration.rs`, pdb-shrank (its title is in `sig_migration.rs`)
    ("KubeVirt up to v1.5 shrinks the PodDisruptionBudget once the migration is \
      final (succeeded or failed) and one launcher pod is left: the end of every \
      migration, not a fault by itself; whether it failed is read from the migration's \
      own status and events",
     "KubeVirt v1.5 までは、マイグレーションが最終状態(成功または失敗)になり launcher ポッドが 1 つ\
      残ったときに PodDisruptionBudget を縮めます。これはすべてのマイグレーションの終わりであり、\
      それ自体は障害ではありません。失敗したかどうかはマイグレーション自身のステータスとイベントから\
      読み取ります"),
    // `signatures/guest_output/initqueue.rs`
    ("the guest's initramfs (dracut) timed out waiting for its root device",
     "ゲストの initramfs(dracut)がルートデバイスの待機中にタイムアウトしました"),
    ("the guest's kernel and initramfs run but never see the disk its command line \
      names as root: a device name another disk bus gives (vda is virtio-blk, sda SCSI or \
      SATA), a root UUID or label the disk does not hold, or the bus's driver left out of the \
      initramfs; KubeVirt and QEMU run the VM",
     "ゲストのカーネルと initramfs は動作していますが、コマンドラインがルートとして指定した\
      ディスクが見つかりません。別のディスクバスが付けるデバイス名(vda は virtio-blk、sda は \
      SCSI または SATA)、ディスクにないルートの UUID やラベル、または initramfs に含まれていない\
      バスのドライバーが原因です。KubeVirt と QEMU は VM を実行しています"),
    ("compare the disk's bus in the VM spec (spec.template.spec.domain.devices.disks[].disk.bus) with the root= the guest boots with",
     "VM spec のディスクのバス(spec.template.spec.domain.devices.disks[].disk.bus)を、ゲストが\
      起動に使う root= と比較する"),
];
