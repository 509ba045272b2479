//! The signature tables of the node and its launcher (`signatures/node.rs`, `kubelet.rs`, `kernel.rs`, `devices.rs`, `node_taints.rs`, `errno.rs`, `qemu.rs`): titles, causes and next steps.

use super::Entry;

#[rustfmt::skip]
pub const SIG_NODE: &[Entry] = &[
    // `signatures/kubelet.rs`
    ("the pod's network could not be set up (FailedCreatePodSandBox)",
     "Pod のネットワークを設定できませんでした(FailedCreatePodSandBox)"),
    ("a pod was evicted because the node ran low on a resource",
     "ノードのリソース不足で Pod が退避されました"),
    ("the node's kubelet refuses the pod: its CPUs cannot be aligned",
     "ノードの kubelet が Pod を拒否しています: CPU を揃えて割り当てられません"),
    ("the container runtime asked the CNI plugin (Multus and its delegates, the cluster network) \
      for the pod's network and the plugin failed, so the pod, a launcher included, never starts; \
      the text after the plugin's name says why",
     "コンテナーランタイムが CNI プラグイン(Multus とその委譲先、クラスターネットワーク)\
      に Pod のネットワークを求め、プラグインが失敗したため、Pod(ランチャーを含む)は起動しません。\
      理由はプラグイン名の後の文が示します"),
    ("ask for a CPU count that is a multiple of the threads per core (KubeVirt's AlignCPUs \
      feature gate rounds it up)",
     "コア当たりのスレッド数の倍数の CPU 数を要求する(KubeVirt の AlignCPUs フィーチャーゲートは切り上げます)"),
    ("the kubelet evicted a pod under node pressure (memory, disk, PIDs); a launcher evicted this \
      way loses its VMI unless it could migrate",
     "kubelet がノードの逼迫(メモリー、ディスク、PID)で Pod を退避させました。こうして退避されたランチャーは、\
      マイグレーションできない限り VMI を失います"),
    ("the scheduler placed the pod but the node's kubelet rejected it at admission: its CPU \
      manager (static policy with full-pcpus-only on an SMT node) cannot give whole physical \
      cores for the CPUs asked (dedicated CPUs plus an isolated emulator thread make an odd \
      count), or its topology manager cannot place the resources on one NUMA node; the launcher \
      pod fails and the VMI does not start on that node",
     "スケジューラーは Pod を配置しましたが、ノードの kubelet がアドミッションで拒否しました: CPU マネージャー(SMT ノード\
      で full-pcpus-only の static ポリシー)が、要求された CPU に物理コア単位で割り当てられない(専有 CPU と分\
      離した emulator スレッドで奇数になる)か、トポロジーマネージャーがリソースを一つの NUMA ノードに置けません。\
      ランチャー Pod は失敗し、VMI はそのノードで起動しません"),
    ("the node stopped reporting (Ready Unknown: kubelet stopped posting node status)",
     "ノードが報告をやめました(Ready Unknown: 「kubelet stopped posting node status」)"),
    ("the node's kubelet has not updated its status within the grace period: the node is down, \
      partitioned or its kubelet stopped; its VMIs cannot be synced and are evicted or failed \
      once the taint's toleration runs out",
     "ノードの kubelet が猶予期間内に状態を更新していません: ノードが停止しているか、分断されているか、\
      kubelet が止まっています。その VMI は同期できず、taint の toleration が切れると退避されるか失敗します"),
    ("check the node itself (power, network, systemctl status kubelet)",
     "ノード自体を確認する(電源、ネットワーク、systemctl status kubelet)"),
    ("the node's kubelet is not ready (KubeletNotReady)",
     "ノードの kubelet が Ready ではありません(KubeletNotReady)"),
    ("the kubelet reports the node NotReady; the condition's message says why (container runtime \
      down, PLEG not healthy, the CNI network not initialised)",
     "kubelet がノードを NotReady と報告しています。理由はコンディションのメッセージが示します(コンテナーランタイムの停止、\
      PLEG の異常、CNI ネットワークの未初期化)"),
    ("the kubelet's pod lifecycle events are stuck (PLEG is not healthy)",
     "kubelet の Pod ライフサイクルイベントが止まっています(「PLEG is not healthy」)"),
    ("the kubelet could not relist containers from the runtime in time: the container runtime is \
      hung or overloaded, so the node goes NotReady",
     "kubelet がランタイムからコンテナーを時間内に一覧し直せませんでした: コンテナーランタイムがハングしているか過負荷なので、\
      ノードは NotReady になります"),
    ("the node's pod network plugin is not ready (CNI not initialised)",
     "ノードの Pod ネットワークプラグインの準備ができていません(CNI 未初期化)"),
    ("the container runtime has no CNI configuration on the node yet (the network plugin's pod is \
      not running there): pods, launchers included, cannot get a network",
     "コンテナーランタイムにはノード上の CNI 設定がまだありません(ネットワークプラグインの Pod がそこで動いていない)\
      : ランチャーを含む Pod はネットワークを得られません"),
    ("the CNI plugin failed to add the pod to its network",
     "CNI プラグインが Pod をネットワークに追加できませんでした"),
    ("CRI-O asked the CNI plugin to attach the pod and it failed, so the pod never starts",
     "CRI-O が CNI プラグインに Pod の接続を求めて失敗したため、Pod は起動しません"),
    ("a container keeps crashing (Back-off restarting failed container)",
     "コンテナーがクラッシュを繰り返しています(「Back-off restarting failed container」)"),
    ("the kubelet restarts a container that keeps exiting, with growing back-off: the container's \
      previous log says why",
     "kubelet は終了を繰り返すコンテナーを、間隔を延ばしながら再起動しています。理由はコンテナーの前回のログが示します"),
    ("a container was killed for exceeding its memory limit (OOMKilled)",
     "コンテナーがメモリー制限を超えて強制終了されました(OOMKilled)"),
    ("the container's memory cgroup hit its limit and the kernel killed it; for a virt-launcher's \
      compute container the VM is gone (the launcher's memory overhead is too small for what QEMU \
      uses)",
     "コンテナーのメモリー cgroup が制限に達し、カーネルが強制終了しました。virt-launcher の compute コンテナーなら \
      VM は失われています(QEMU の使用量に対してランチャーのメモリーオーバーヘッドが小さすぎます)"),
    ("the virt-launcher pod is in CrashLoopBackOff",
     "virt-launcher Pod が CrashLoopBackOff です"),
    ("the VMI's launcher keeps crashing and the kubelet backs off restarting it: the VM does not \
      run",
     "VMI のランチャーがクラッシュを繰り返し、kubelet が再起動の間隔を空けています: VM は動いていません"),
    ("the node's kubelet refuses the pod: its resources cannot be aligned on one NUMA node",
     "ノードの kubelet が Pod を拒否しています: リソースを一つの NUMA ノードに揃えられません"),
    ("the scheduler placed the pod but the node's kubelet rejected it at admission: its topology \
      manager (single-numa-node or restricted policy) cannot place the CPUs, memory and devices \
      asked on one NUMA node; the launcher pod fails and the VMI does not start on that node",
     "スケジューラーは Pod を配置しましたが、ノードの kubelet がアドミッションで拒否しました: トポロジーマネージャー(single\
      -numa-node か restricted ポリシー)が、要求された CPU、メモリー、\
      デバイスを一つの NUMA ノードに置けません。ランチャー Pod は失敗し、VMI はそのノードで起動しません"),
    // `signatures/node.rs`
    ("the virt-launcher pod is Pending",
     "virt-launcher Pod が Pending です"),
    ("virt-launcher refused virt-handler's command on the domain",
     "virt-launcher がドメインに対する virt-handler のコマンドを拒否しました"),
    ("a component panicked (Observed a panic)",
     "コンポーネントがパニックしました(Observed a panic)"),
    ("kubelet cannot attach or mount one of the launcher pod's volumes on the node",
     "kubelet がランチャー Pod のボリュームの一つをノードにアタッチまたはマウントできません"),
    ("the scheduler found no node with a free devices.kubevirt.io/kvm resource: virt-handler's \
      device plugin advertises none (no /dev/kvm) or all are taken",
     "空いている devices.kubevirt.io/kvm リソースを持つノードをスケジューラーが見つけられませんでした。\
      virt-handler のデバイスプラグインが何も提供していない(/dev/kvm がない)\
      か、すべて使用中です"),
    ("a virt-handler stack frame in a panic",
     "パニック中の virt-handler のスタックフレーム"),
    ("virt-launcher keeps waiting for its domain (checking for domain with UUID)",
     "virt-launcher がドメインを待ち続けています(「checking for domain with UUID」)"),
    ("the VM paused on a disk error (IOerror event)",
     "ディスクエラーで VM が一時停止しました(IOerror イベント)"),
    ("the console connection broke (websocket close 1006)",
     "コンソール接続が切れました(websocket close 1006)"),
    ("virt-launcher cannot connect to libvirt (virError Code=38)",
     "virt-launcher が libvirt に接続できません(virError Code=38)"),
    ("the launcher pod is Unschedulable (PodScheduled False)",
     "ランチャー Pod が Unschedulable です(PodScheduled False)"),
    ("the VMI's launcher failed on the node (see the launcher pod's status: Init, \
      ContainerCannotRun, exit codes)",
     "VMI のランチャーがノードで失敗しました(ランチャー Pod の状態を参照: Init、ContainerCannotRun、終了コード)"),
    ("a KubeVirt component could not execute a program (QEMU, a helper): the node refused the \
      exec (seccomp or SELinux policy, a pids/ulimit limit, a missing or unexecutable binary in \
      the image)",
     "KubeVirt のコンポーネントがプログラム(QEMU、ヘルパー)を実行できませんでした。\
      ノードが exec を拒否しています(seccomp や SELinux のポリシー、pids/ulimit の制限、\
      イメージ内のバイナリーがないか実行できない)"),
    ("virt-launcher answered virt-handler's SyncVMI with an error (in the message): the domain \
      could not be prepared or defined on the node, so condition Synchronized is False",
     "virt-launcher が virt-handler の SyncVMI にエラーで応答しました(メッセージ内)\
      。ノード上でドメインを準備または定義できなかったため、コンディション Synchronized は False です"),
    ("QEMU could not grow a disk (block_resize failed)",
     "QEMU がディスクを拡張できませんでした(block_resize の失敗)"),
    ("kubelet failed to map a block volume (MapVolume)",
     "kubelet がブロックボリュームをマップできませんでした(MapVolume)"),
    ("virt-launcher's command socket is gone (SyncVMI: Unavailable)",
     "virt-launcher のコマンドソケットがなくなりました(SyncVMI: Unavailable)"),
    ("the scheduler has not placed the launcher pod; the usual reasons are Insufficient memory or \
      cpu, Insufficient devices.kubevirt.io/kvm, or unbound PVCs (see its events)",
     "スケジューラーはランチャー Pod を配置していません。よくある理由はメモリーか CPU の不足(Insufficient memory/c\
      pu)、Insufficient devices.kubevirt.io/kvm、またはバインドされていない PVC です(イベントを参照)"),
    ("the VMI's launcher pod is not scheduled yet; most often no node has free \
      devices.kubevirt.io/kvm (Insufficient devices.kubevirt.io/kvm), or memory/cpu",
     "VMI のランチャー Pod はまだスケジュールされていません。多くの場合、空いている devices.kubevirt.io/kvm を持\
      つノードがない(Insufficient devices.kubevirt.io/kvm)か、\
      メモリー/CPU の不足です"),
    ("virt-handler sends SyncVMI over the virt-launcher command socket; the call ran past its \
      deadline, so virt-launcher (or libvirt inside it) is hung or overloaded",
     "virt-handler は virt-launcher のコマンドソケット経由で SyncVMI を送りますが、\
      呼び出しが期限を過ぎました。virt-launcher(またはその中の libvirt)がハングしているか過負荷です"),
    ("FailedScheduling: the pod has unbound immediate PersistentVolumeClaims; once bound the pod \
      schedules, and then the volume must still attach and mount on the node",
     "FailedScheduling: Pod にバインドされていない即時バインドの PersistentVolumeClaim があります。\
      バインドされれば Pod はスケジュールされますが、その後もボリュームはノードでアタッチとマウントが必要です"),
    ("virt-handler could not make the libvirt domain match the VMI on the node; the condition's \
      message says why",
     "virt-handler はノード上で libvirt のドメインを VMI に合わせられませんでした。\
      理由はコンディションのメッセージが示します"),
    ("virt-handler sent the launcher a domain command (sync, shutdown, kill, delete) and \
      virt-launcher answered with libvirt's error (in the message): the domain cannot be defined \
      or changed in the VMI's pod on this node (a missing device or capability, a permission \
      libvirt lacks)",
     "virt-handler がランチャーにドメインのコマンド(同期、シャットダウン、kill、\
      削除)を送り、virt-launcher が libvirt のエラーで応答しました(メッセージ内)\
      。このノードの VMI の Pod でドメインを定義も変更もできません(デバイスや機能がない、\
      libvirt に必要な権限がない)"),
    ("check the PVC's backing storage and free space on the node",
     "PVC の背後のストレージとノードの空き容量を確認する"),
    ("QEMU cannot allocate the guest's RAM (hugepages)",
     "QEMU がゲストの RAM を確保できません(hugepages)"),
    ("the launcher's compute container terminated (Completed)",
     "ランチャーの compute コンテナーが終了しました(Completed)"),
    ("the node's CSI driver is not registered (MapVolume fails)",
     "ノードの CSI ドライバーが登録されていません(MapVolume の失敗)"),
    ("virt-handler cannot bind-mount the containerDisk into the launcher",
     "virt-handler が containerDisk をランチャーへ bind mount できません"),
    ("virt-handler finds two launcher sockets for the VMI",
     "virt-handler が VMI のランチャーソケットを二つ見つけています"),
    ("virt-handler lost virt-launcher's socket (unresponsive)",
     "virt-handler が virt-launcher のソケットを見失いました(unresponsive)"),
    ("virt-launcher cannot take ownership of a hostDisk image",
     "virt-launcher が hostDisk イメージの所有権を取得できません"),
    ("QEMU paused the guest because a disk write failed on the node's storage (full, read-only, \
      slow or lost backing volume); unpause does not stick while the storage still fails",
     "ノードのストレージでディスクへの書き込みが失敗したため(満杯、読み取り専用、低速、または背後のボリュームの消失)\
      、QEMU がゲストを一時停止しました。ストレージが失敗し続ける間は unpause しても元に戻ります"),
    ("the panic trace runs through virt-handler (a nil pointer, e.g. missing NUMA cells in \
      capabilities topology or a nil Quantity); virt-handler crashes and restarts \
      (CrashLoopBackOff)",
     "パニックのトレースが virt-handler を通っています(nil ポインター。たとえば capabilities のトポロジーに NU\
      MA セルがない、または nil の Quantity)。virt-handler はクラッシュして再起動します(CrashLoopBackOff)"),
    ("the scheduler reports nodes with Insufficient resources (memory, cpu, or a device resource \
      such as bridge.network.kubevirt.io/<bridge>, devices.kubevirt.io/tun); the virt-launcher \
      pod stays Pending (FailedScheduling)",
     "スケジューラーがリソース不足(Insufficient)のノードを報告しています(メモリー、\
      CPU、または bridge.network.kubevirt.io/<bridge> や devices.kubevirt.io/tun \
      のようなデバイスリソース)。virt-launcher Pod は Pending のままです(FailedScheduling)"),
    ("virt-launcher's monitor does not see the QEMU process yet; if it never appears, QEMU failed \
      to start (see libvirt/qemu errors, /dev/kvm)",
     "virt-launcher の監視にはまだ QEMU プロセスが見えていません。いつまでも現れないなら QEMU の起動に失敗しています(l\
      ibvirt/qemu のエラー、/dev/kvm を参照)"),
    ("a KubeVirt component caught a panic (runtime error such as a nil pointer); the component \
      restarts, CrashLoopBackOff if it repeats",
     "KubeVirt のコンポーネントがパニックを捕捉しました(nil ポインターなどのランタイムエラー)\
      。コンポーネントは再起動し、繰り返すと CrashLoopBackOff になります"),
    ("the scheduler cannot place the VMI's virt-launcher pod (reason Unschedulable): node \
      selectors, taints or missing resources such as devices.kubevirt.io/kvm",
     "スケジューラーが VMI の virt-launcher Pod を配置できません(理由 Unschedulable)\
      : ノードセレクター、taint、または devices.kubevirt.io/kvm などのリソース不足です"),
    ("virt-handler's device plugin advertises no KVM device on this node (no /dev/kvm), so VMIs \
      needing it are Insufficient devices.kubevirt.io/kvm and stay Scheduling",
     "このノードでは virt-handler のデバイスプラグインが KVM デバイスを提供していない(/dev/kvm がない)\
      ため、それを必要とする VMI は Insufficient devices.kubevirt.io/kvm となり Scheduling のままです"),
    ("virt-launcher polls libvirt for its domain by UUID and finds none; when it repeats forever \
      the domain is never defined (e.g. a duplicate /etc/machine-id or host UUID across nodes \
      confuses libvirt)",
     "virt-launcher は UUID で libvirt にドメインを問い合わせていますが見つかりません。\
      永遠に繰り返すならドメインは定義されません(たとえばノード間で /etc/machine-id やホスト UUID が重複して libvir\
      t が混乱している)"),
    ("a launcher init container cannot run (Init:ContainerCannotRun)",
     "ランチャーの init コンテナーを実行できません(Init:ContainerCannotRun)"),
    ("check the PVC's volume mode and the storage class's expansion support",
     "PVC のボリュームモードと StorageClass の拡張対応を確認する"),
    ("check the volume's storage backend and the node's kernel log (dmesg) for I/O errors",
     "ボリュームのストレージバックエンドと、ノードのカーネルログ(dmesg)の I/O エラーを確認する"),
    ("dmesg on the node (soft lockup)",
     "ノードで dmesg を見る(soft lockup)"),
    ("kubelet logs on the node",
     "ノードの kubelet のログ"),
    ("the kernel reports a soft lockup",
     "カーネルが soft lockup を報告しています"),
    ("virt-handler crashed at start-up",
     "virt-handler が起動時にクラッシュしました"),
    ("virt-launcher could not convert the VMI to a libvirt domain",
     "virt-launcher が VMI を libvirt のドメインに変換できませんでした"),
    ("SyncVMI failed preparing host-disks: chown of the disk image is not permitted (the hostDisk \
      path is on a filesystem that refuses chown, e.g. NFS with root squash), so condition \
      Synchronized is False and the VMI stays Scheduled",
     "hostDisk の準備中に SyncVMI が失敗しました: ディスクイメージの chown が許可されません(hostDisk のパスが \
      chown を拒否するファイルシステム上にある。たとえば root squash の NFS)\
      。そのためコンディション Synchronized は False で、VMI は Scheduled のままです"),
    ("kubelet cannot pull the virt-launcher or containerDisk image on the node (registry \
      unreachable, wrong tag, missing pull secret)",
     "kubelet がノードで virt-launcher か containerDisk のイメージを取得できません(レジストリーに到達できな\
      い、タグの誤り、pull secret がない)"),
    ("kubelet's MapVolume for the launcher's block PVC failed on the node (CSI driver not ready, \
      device missing)",
     "ランチャーのブロック PVC に対する kubelet の MapVolume がノードで失敗しました(CSI ドライバーの準備ができていな\
      い、デバイスがない)"),
    ("libvirt reported a disk error on one of the domain's volumes (an I/O error, or no space \
      left), so QEMU paused the guest and virt-launcher sent an IOerror event naming the volume: \
      the storage behind that volume on this node failed",
     "libvirt がドメインのボリュームの一つでディスクエラー(I/O エラーか空き容量不足)\
      を報告したため、QEMU がゲストを一時停止し、virt-launcher がそのボリューム名を含む IOerror イベントを送りました: \
      このノードでそのボリュームの背後のストレージが失敗しています"),
    ("libvirt's block_resize failed (e.g. \"Cannot grow device files\"): the disk behind the PVC \
      cannot be expanded in place; writes past its end end in IOError pauses",
     "libvirt の block_resize が失敗しました(たとえば \"Cannot grow device files\")\
      : PVC の背後のディスクをその場で拡張できません。末尾を越える書き込みは IOError による一時停止になります"),
    ("the launcher cannot access /dev/kvm (No such file or directory): the node has no KVM \
      device, so qemu-system never starts and Launcher.Sync fails",
     "ランチャーが /dev/kvm にアクセスできません(「No such file or directory」)\
      : ノードに KVM デバイスがないため qemu-system は起動せず、Launcher.Sync が失敗します"),
    ("the serial console websocket closed abnormally (1006, unexpected EOF): the guest or its \
      node stopped answering; after a host kernel upgrade look for soft-lockup messages (the \
      kernel reporting stuck CPUs) on the node and in the guest",
     "シリアルコンソールの WebSocket が異常終了しました(1006、unexpected EOF)\
      : ゲストかそのノードが応答しなくなりました。ホストのカーネルのアップグレード後なら、ノードとゲストで soft lockup のメッセージ\
      (CPU が止まっているというカーネルの報告)を探してください"),
    ("virt-handler cannot reach virt-launcher's command server (gRPC Unavailable, \"transport is \
      closing\"): the virt-launcher compute container exited or restarted, so the VMI cannot \
      leave Scheduled/Running sync",
     "virt-handler が virt-launcher のコマンドサーバーに到達できません(gRPC Unavailable、\
      \"transport is closing\"): virt-launcher の compute コンテナーが終了したか再起動したため、\
      VMI は Scheduled/Running の同期から抜けられません"),
    ("virt-launcher could not open its libvirt connection (virError Code=38, \
      VIR_ERR_SYSTEM_ERROR: failed to connect the socket); while it fails no domain is ever \
      defined",
     "virt-launcher が libvirt の接続を開けませんでした(virError Code=38、\
      VIR_ERR_SYSTEM_ERROR: ソケットへの接続に失敗)。失敗している間、ドメインは定義されません"),
    ("a CPU was stuck in the kernel (soft-lockup): the host or guest kernel hangs",
     "CPU がカーネル内で止まりました(soft lockup): ホストかゲストのカーネルがハングしています"),
    ("an init container of the virt-launcher pod (e.g. container-disk-binary copying the \
      containerDisk helper) failed to run on the node; the VMI goes Failed",
     "virt-launcher Pod の init コンテナー(たとえば containerDisk のヘルパーをコピーする containe\
      r-disk-binary)がノードで実行に失敗しました。VMI は Failed になります"),
    ("check that libvirtd / the node's virtualization stack is up",
     "libvirtd / ノードの仮想化スタックが起動しているか確認する"),
    ("check the CSI node plugin pod",
     "CSI のノードプラグインの Pod を確認する"),
    ("check the hostDisk path's filesystem and ownership on the node",
     "ノード上の hostDisk のパスのファイルシステムと所有者を確認する"),
    ("check the kubelet root directory (/var/lib/kubelet) virt-handler is given on this node",
     "このノードで virt-handler に渡された kubelet のルートディレクトリー(/var/lib/kubelet)を確認する"),
    ("delete the stale launcher pod once the VMI's active pod is known",
     "VMI のアクティブな Pod が分かったら、古いランチャー Pod を削除する"),
    ("dmesg on the node",
     "ノードで dmesg を見る"),
    ("kubelet cannot MapVolume/mount the PVC: the CSI driver (e.g. driver.longhorn.io) has not \
      registered on this node yet, so the launcher pod cannot start",
     "kubelet が PVC を MapVolume/マウントできません: CSI ドライバー(たとえば driver.longhorn.io\
      )がこのノードにまだ登録されていないため、ランチャー Pod は起動できません"),
    ("qemu-kvm could not map guest RAM from its backing store: the node has too few free \
      hugepages of the requested size (or memory) at the time QEMU starts",
     "qemu-kvm がゲストの RAM をバッキングストアからマップできませんでした: QEMU の起動時に、\
      要求されたサイズの空き hugepages(またはメモリー)がノードに足りません"),
    ("the VMI spec could not be converted to domain XML on this node (a device or feature the \
      node lacks, such as /dev/kvm)",
     "このノードで VMI の spec をドメイン XML に変換できませんでした(/dev/kvm など、\
      ノードにないデバイスか機能)"),
    ("virt-handler could not mark the launcher socket unresponsive: the virt-launcher pod's \
      socket directory is gone, the pod was removed while the VMI still says Running",
     "virt-handler はランチャーソケットを応答なしとして記録できませんでした: virt-launcher Pod のソケットディレク\
      トリーがなくなっており、VMI がまだ Running と示している間に Pod が削除されました"),
    ("virt-handler looks up the VMI's virt-launcher command socket and finds more than one (an \
      old launcher pod of the VMI is still on the node, e.g. terminating or left by a migration), \
      so it waits and does not sync the VMI",
     "virt-handler が VMI の virt-launcher のコマンドソケットを探し、\
      複数見つけています(VMI の古いランチャー Pod がまだノードにある。たとえば終了処理中か、\
      マイグレーションで残ったもの)。そのため待機し、VMI を同期しません"),
    ("virt-handler mounts each containerDisk image (and kernel boot artifacts) from the disk \
      container into the launcher pod with virt-chroot; the mount failed on this node (path not \
      found or not a directory, mount namespace, kubelet root dir), so the VMI stays Scheduled \
      and never starts",
     "virt-handler は各 containerDisk イメージ(とカーネルブートの成果物)\
      を、ディスクコンテナーからランチャー Pod へ virt-chroot でマウントします。\
      このノードでマウントが失敗したため(パスがないかディレクトリーでない、マウント名前空間、kubelet のルートディレクトリー)\
      、VMI は Scheduled のまま起動しません"),
    ("virt-handler panicked in main (e.g. a nil pointer when libvirtd is not running on the node \
      yet); it restarts until its dependencies are up",
     "virt-handler が main でパニックしました(たとえばノードで libvirtd がまだ動いていないときの nil ポインター\
      )。依存するものが起動するまで再起動を繰り返します"),
    ("virt-launcher found no hardware emulation device /dev/kvm: the node has no (nested) \
      virtualization enabled; without useEmulation KubeVirt cannot start the domain",
     "virt-launcher がハードウェアエミュレーションのデバイス /dev/kvm を見つけられません: ノードで(ネストされた)\
      仮想化が有効になっていません。useEmulation なしでは KubeVirt はドメインを起動できません"),
    ("virt-launcher's compute container exited (exit code 0, Completed) while the VMI is still \
      Scheduled: the launcher gave up before virt-handler synced the domain",
     "VMI がまだ Scheduled の間に virt-launcher の compute コンテナーが終了しました(終了コード 0、\
      Completed): virt-handler がドメインを同期する前にランチャーが諦めました"),
    ("libvirt failed to expand a disk image",
     "libvirt がディスクイメージの拡張に失敗しました"),
    ("virt-launcher asked libvirt to expand a disk to its PVC's size and it failed",
     "virt-launcher が libvirt にディスクを PVC のサイズまで拡張するよう求め、失敗しました"),
    ("QEMU exited while starting (closed the monitor)",
     "QEMU が起動中に終了しました(closed the monitor)"),
    ("the QEMU process died during start-up; the rest of the message is QEMU's own error",
     "QEMU プロセスが起動中に終了しました。メッセージの残りは QEMU 自身のエラーです"),
    ("virt-launcher timed out waiting for its domain to be defined",
     "virt-launcher がドメインの定義を待ってタイムアウトしました"),
    ("virt-launcher waits for virt-handler to define the domain; it never came (sync errors on \
      virt-handler, libvirt not reachable)",
     "virt-launcher は virt-handler がドメインを定義するのを待ちますが、\
      定義されませんでした(virt-handler の同期エラー、libvirt に到達できない)"),
    ("a panic in virt-handler (the trace names the function, e.g. capabilitiesToTopology, \
      MigrationTargetController, AdjustQemuProcessMemoryLimits); the DaemonSet pod restarts and \
      goes CrashLoopBackOff, VMIs on the node are not synced meanwhile",
     "virt-handler のパニックです(トレースが関数を示します。たとえば capabilitiesToTopology、\
      MigrationTargetController、AdjustQemuProcessMemoryLimits)\
      。DaemonSet の Pod は再起動して CrashLoopBackOff になり、その間ノードの VMI は同期されません"),
    ("report the trace upstream with the KubeVirt version",
     "KubeVirt のバージョンを添えてトレースを上流に報告する"),
    // `signatures/devices.rs`
    ("a pod cannot open its block device (Permission denied)",
     "Pod がブロックデバイスを開けません(Permission denied)"),
    ("on the node: grep device_ownership_from_security_context /etc/containerd/config.toml (or \
      crio.conf); set it to true and restart the runtime",
     "ノードで: /etc/containerd/config.toml(または crio.conf)\
      の device_ownership_from_security_context を grep し、\
      true にしてランタイムを再起動する"),
    ("the device node is in the container but keeps the host's owner and mode, so the pod's \
      non-root process (CDI's importer, virt-launcher's QEMU) cannot open it: the node's \
      container runtime is not set to give device ownership to the pod's security context \
      (containerd or CRI-O device_ownership_from_security_context), or SELinux denies it",
     "デバイスノードはコンテナー内にありますが、ホストの所有者とモードのままなので、Pod の非 root プロセス(CDI のインポーター、\
      virt-launcher の QEMU)が開けません: ノードのコンテナーランタイムが Pod のセキュリティコンテキストにデバイスの所有\
      権を与える設定になっていない(containerd か CRI-O の device_ownership_from_security_con\
      text)か、SELinux が拒否しています"),
    // `signatures/kernel.rs`
    ("the kernel's OOM killer was invoked on the node",
     "ノードでカーネルの OOM killer が発動しました"),
    ("a filesystem on the node reports errors",
     "ノードのファイルシステムがエラーを報告しています"),
    ("virtualization is disabled in the node's firmware (kvm: disabled by bios)",
     "ノードのファームウェアで仮想化が無効です(kvm: disabled by bios)"),
    ("check the device and its storage backend",
     "デバイスとそのストレージバックエンドを確認する"),
    ("the kernel failed to read or write a buffer of a device on the node; disks or volumes on it \
      are failing",
     "カーネルがノード上のデバイスのバッファーを読み書きできませんでした。そこにあるディスクかボリュームが故障しかけています"),
    ("a pod's memory cgroup ran out of memory (the kernel's OOM killer)",
     "Pod のメモリー cgroup がメモリー不足になりました(カーネルの OOM killer)"),
    ("the kernel's OOM killer killed QEMU (the VM's process)",
     "カーネルの OOM killer が QEMU(VM のプロセス)を強制終了しました"),
    ("the node's kernel reports a workqueue lockup",
     "ノードのカーネルが workqueue lockup を報告しています"),
    ("the node's kernel reports an RCU stall",
     "ノードのカーネルが RCU stall を報告しています"),
    ("enable VT-x/AMD-V in the node's firmware",
     "ノードのファームウェアで VT-x/AMD-V を有効にする"),
    ("fsck the volume when it is unmounted",
     "ボリュームをアンマウントした状態で fsck する"),
    ("or set useEmulation (software emulation, slow) in the KubeVirt CR for tests",
     "テスト用途なら KubeVirt CR で useEmulation を設定する(ソフトウェアエミュレーションで低速)"),
    ("a process hit an out-of-memory condition (the node's or its cgroup's); the lines after it \
      say which process was killed",
     "プロセスがメモリー不足の状態(ノードかその cgroup)に陥りました。どのプロセスが強制終了されたかは続く行が示します"),
    ("the CPU's virtualization extensions (VT-x/AMD-V) are off in the BIOS/UEFI, so /dev/kvm does \
      not exist and the node cannot run VMs with KVM (devices.kubevirt.io/kvm is 0)",
     "CPU の仮想化支援機能(VT-x/AMD-V)が BIOS/UEFI で無効なため /dev/kvm がなく、\
      ノードは KVM で VM を動かせません(devices.kubevirt.io/kvm は 0)"),
    ("the kernel found errors on a filesystem of the node (EXT4-fs error, a corrupted or failing \
      volume); VM disks on it may fail",
     "カーネルがノードのファイルシステムでエラーを検出しました(EXT4-fs error、壊れたか故障しかけたボリューム)\
      。そこにある VM のディスクが失敗する可能性があります"),
    ("the kernel's OOM killer chose a process to kill",
     "カーネルの OOM killer が強制終了するプロセスを選びました"),
    ("the kernel's OOM killer killed a process (its memory report)",
     "カーネルの OOM killer がプロセスを強制終了しました(そのメモリーの報告)"),
    ("the node's CPU offers no virtualization (kvm: no hardware support)",
     "ノードの CPU が仮想化機能を提供していません(kvm: no hardware support)"),
    ("KVM cannot load: the CPU (or the hypervisor under a nested node) does not expose \
      VT-x/AMD-V, so /dev/kvm does not exist",
     "KVM を読み込めません: CPU(またはネストしたノードの下のハイパーバイザー)が VT-x/AMD-V を公開していないため、\
      /dev/kvm がありません"),
    ("RCU's stall detector found a CPU not passing through a quiescent state for tens of seconds: \
      that CPU is stuck in the kernel or starved, and the node degrades",
     "RCU のストール検出が、数十秒にわたり静止状態を通過しない CPU を見つけました: その CPU はカーネル内で止まっているか処理を回し\
      てもらえず、ノードの動作が低下します"),
    ("a container reached its memory limit and the kernel killed a process in it: the container \
      ends OOMKilled (for a launcher pod: its overhead or a sidecar's limit is too small)",
     "コンテナーがメモリー制限に達し、カーネルがその中のプロセスを強制終了しました: コンテナーは OOMKilled で終わります(ランチャー \
      Pod なら、オーバーヘッドかサイドカーの制限が小さすぎます)"),
    ("check which processes are pinned to or busy-poll those CPUs",
     "それらの CPU に固定されているかビジーポーリングしているプロセスを確認する"),
    ("compare the VMI's memory with the launcher pod's memory limit (overhead)",
     "VMI のメモリーをランチャー Pod のメモリー制限(オーバーヘッド)と比べる"),
    ("enable nested virtualization on the host of this node",
     "このノードのホストでネストされた仮想化を有効にする"),
    ("raise the limit of the container that was killed",
     "強制終了されたコンテナーの制限を上げる"),
    ("the kernel ran out of memory (on the node or in a pod's memory cgroup) and picked the \
      process with the highest score",
     "カーネルが(ノードか Pod のメモリー cgroup で)メモリー不足になり、最もスコアの高いプロセスを選びました"),
    ("the kernel's OOM killer killed a process on the node; the name in parentheses says which, \
      total-vm and anon-rss how much memory it held",
     "カーネルの OOM killer がノードでプロセスを強制終了しました。括弧内の名前がどのプロセスか、\
      total-vm と anon-rss が保持していたメモリー量を示します"),
    ("the kernel's workqueue watchdog found a CPU's worker pool making no progress for the time \
      it prints: that CPU is monopolised (a busy-polling process pinned to it, interrupts, a \
      stuck driver), and the node's services on it (kubelet, container runtime, storage) degrade",
     "カーネルの workqueue ウォッチドッグが、表示された時間にわたり進まない CPU のワーカープールを見つけました: その CPU は\
      占有されており(そこに固定されたビジーポーリングのプロセス、割り込み、止まったドライバー)、\
      その上で動くノードのサービス(kubelet、コンテナーランタイム、ストレージ)の動作が低下します"),
    ("the node or the launcher pod's memory cgroup ran out of memory and the kernel killed the \
      VM's QEMU process: the VMI goes Failed (or restarts); the launcher's memory overhead or the \
      node's memory is too small for the guest",
     "ノードかランチャー Pod のメモリー cgroup がメモリー不足になり、カーネルが VM の QEMU プロセスを強制終了しました: V\
      MI は Failed になります(または再起動します)。ランチャーのメモリーオーバーヘッドかノードのメモリーがゲストに対して小さすぎます"),
    ("the kernel's OOM killer killed virt-launcher",
     "カーネルの OOM killer が virt-launcher を強制終了しました"),
    ("the launcher pod's memory cgroup ran out of memory and the kernel killed virt-launcher: its \
      VMI is lost on this node",
     "ランチャー Pod のメモリー cgroup がメモリー不足になり、カーネルが virt-launcher を強制終了しました: このノード\
      でその VMI は失われます"),
    ("the kernel's OOM killer killed a process on the node",
     "カーネルの OOM killer がノードのプロセスを強制終了しました"),
    ("the node (or a pod's memory cgroup) ran out of memory and the kernel killed a process; the \
      VMs on the node are at risk",
     "ノード(または Pod のメモリー cgroup)がメモリー不足になり、カーネルがプロセスを強制終了しました。\
      ノード上の VM が危険にさらされています"),
    ("a block device on the node returns I/O errors",
     "ノードのブロックデバイスが I/O エラーを返しています"),
    ("the kernel could not read or write a disk on the node (a failing disk, a lost iSCSI/FC \
      path, a detached volume); a VM disk on it pauses with IOError or fails",
     "カーネルがノードのディスクを読み書きできませんでした(故障しかけたディスク、失われた iSCSI/FC の経路、\
      切り離されたボリューム)。そこにある VM のディスクは IOError で一時停止するか失敗します"),
    ("the kernel could not read or write a disk on the node; a VM disk on it pauses with IOError \
      or fails",
     "カーネルがノードのディスクを読み書きできませんでした。そこにある VM のディスクは IOError で一時停止するか失敗します"),
    ("the NFS server behind the node's volumes is not responding",
     "ノードのボリュームの背後の NFS サーバーが応答しません"),
    ("the node lost its NFS server: I/O to NFS-backed VM disks hangs (the VM pauses with IOError \
      or its processes block) until the server answers again",
     "ノードが NFS サーバーを失いました: サーバーが再び応答するまで、NFS 上の VM のディスクへの I/O は止まります(VM は I\
      OError で一時停止するか、そのプロセスがブロックされます)"),
    ("check the NFS server and the network path from the node",
     "NFS サーバーと、ノードからのネットワーク経路を確認する"),
    ("kubectl get pv (which volumes are on that server)",
     "kubectl get pv(どのボリュームがそのサーバーにあるか)"),
    ("a task on the node is blocked (hung task)",
     "ノードのタスクがブロックされています(hung task)"),
    ("a process on the node waited on I/O for minutes (often a storage backend that stopped \
      answering); VMs whose disks are there hang",
     "ノードのプロセスが数分間 I/O を待ちました(多くは応答しなくなったストレージバックエンド)\
      。そこにディスクのある VM はハングします"),
    ("the node's kernel reports a hard lockup",
     "ノードのカーネルが hard lockup を報告しています"),
    ("a CPU of the node stopped taking interrupts (hard lockup): the host kernel hangs or panics, \
      and every VM on the node with it",
     "ノードの CPU が割り込みを受け付けなくなりました(hard lockup): ホストのカーネルがハングするかパニックし、\
      ノード上のすべての VM も道連れになります"),
    // `signatures/qemu.rs`
    ("the host's CPU lacks a feature the VM's CPU model requests",
     "ホストの CPU に、VM の CPU モデルが要求する機能がありません"),
    ("virt-launcher's command socket refuses virt-handler (launcher-sock)",
     "virt-launcher のコマンドソケットが virt-handler を拒否しています(launcher-sock)"),
    ("QEMU warns that the host does not provide a CPU feature of the VM's CPU model. A start is \
      only scheduled to nodes whose labels (virt-handler's node labeller) show the model's \
      features, so this is usually a migration target with an older or differently configured \
      CPU: the target QEMU fails and so does the migration",
     "ホストが VM の CPU モデルの機能を提供していないと QEMU が警告しています。起動時は、\
      そのモデルの機能を示すラベル(virt-handler のノードラベラー)を持つノードにしかスケジュールされないため、\
      たいていは CPU が古いか構成の異なるマイグレーション移行先です: 移行先の QEMU が失敗し、\
      マイグレーションも失敗します"),
    ("the VM's VMIs Failed before reaching Running: virt-controller backs off restarts",
     "VM の VMI が Running に達する前に Failed になりました: virt-controller は再起動の間隔を空けています"),
    ("the target QEMU does not support the source's virtio features",
     "移行先の QEMU が移行元の virtio 機能に対応していません"),
    ("give the VM a CPU model every node supports, or pin its migrations to alike nodes",
     "VM にすべてのノードが対応する CPU モデルを与えるか、マイグレーションを同種のノードに限定する"),
    ("the domain's QEMU ended in failure (shutting down, reason=failed)",
     "ドメインの QEMU が失敗で終了しました(shutting down, reason=failed)"),
    ("compare virt-launcher images and QEMU versions of source and target (an upgrade in \
      progress?)",
     "移行元と移行先の virt-launcher イメージと QEMU のバージョンを比べる(アップグレード中?)"),
    ("the target QEMU cannot load the migrated device state",
     "移行先の QEMU が移されたデバイス状態を読み込めません"),
    ("virt-handler finds the launcher pod's command socket but nothing accepts on it: \
      virt-launcher in the compute container is not (or no longer) serving (it crashed, or never \
      finished starting, e.g. libvirt's daemon did not come up)",
     "virt-handler はランチャー Pod のコマンドソケットを見つけていますが、受け付ける者がいません: compute コンテナーの \
      virt-launcher が動いていない(クラッシュした、または起動を終えていない。たとえば libvirt のデーモンが起動しなかった)"),
    ("QEMU on the migration target rejects the device state the source sends (\"Failed to load \
      <device>:<field>\"): source and target QEMU or machine types disagree on a device \
      (typically during an upgrade), so the live migration fails",
     "マイグレーション移行先の QEMU が、移行元から送られたデバイス状態を拒否しています(\"Failed to load <device>:\
      <field>\"): 移行元と移行先の QEMU かマシンタイプがデバイスについて食い違っており(多くはアップグレード中)\
      、ライブマイグレーションは失敗します"),
    ("a virtio device's negotiated features on the source are not offered by the target QEMU \
      (different QEMU versions or machine types): loading its state fails and so does the live \
      migration",
     "移行元で virtio デバイスがネゴシエートした機能を、移行先の QEMU が提供していません(QEMU のバージョンかマシンタイプの違い\
      ): その状態の読み込みが失敗し、ライブマイグレーションも失敗します"),
    ("each VMI of the VM Failed before it ever ran (the launcher or domain start fails on the \
      node), so virt-controller counts start failures and waits longer before each new start \
      (printableStatus CrashLoopBackOff); the launcher's log of a failed VMI says why",
     "VM の各 VMI が一度も動く前に Failed になっているため(ノードでランチャーかドメインの起動が失敗)\
      、virt-controller は起動失敗を数え、新しい起動のたびに長く待ちます(printableStatus CrashLoopBac\
      kOff)。理由は失敗した VMI のランチャーのログが示します"),
    ("libvirt logs that the domain's QEMU process stopped because it failed (not a guest \
      shutdown); the QEMU lines just before it say why",
     "ドメインの QEMU プロセスが(ゲストのシャットダウンではなく)失敗によって停止したと libvirt が記録しています。\
      理由は直前の QEMU の行が示します"),
    ("the target QEMU failed loading the incoming migration",
     "移行先の QEMU が受信したマイグレーションの読み込みに失敗しました"),
    ("QEMU on the migration target aborted the incoming migration stream (device state it cannot \
      load, a stream cut): the live migration fails",
     "マイグレーション移行先の QEMU が受信中のマイグレーションストリームを中止しました(読み込めないデバイス状態、\
      ストリームの切断): ライブマイグレーションは失敗します"),
    ("the domain's QEMU crashed (shutting down, reason=crashed)",
     "ドメインの QEMU がクラッシュしました(shutting down, reason=crashed)"),
    ("libvirt logs that the domain stopped because it crashed (QEMU died, or the guest panicked \
      with a destroy-on-crash policy): the VMI fails on this node; the lines before it and the \
      node's kernel log (OOM killer, segfault) say why",
     "ドメインがクラッシュで停止したと libvirt が記録しています(QEMU の終了、または destroy-on-crash ポリシーでの\
      ゲストのパニック): このノードで VMI は失敗します。理由はその前の行とノードのカーネルログ(OOM killer、\
      segfault)が示します"),
    ("QEMU stopped on a signal from libvirt (a requested stop, noise)",
     "QEMU が libvirt からのシグナルで停止しました(要求された停止。ノイズ)"),
    ("QEMU was told to stop (SIGTERM from libvirt's daemon: the VMI was stopped, deleted or \
      migrated away); a fault only if nobody asked for the stop",
     "QEMU は停止するよう指示されました(libvirt のデーモンからの SIGTERM: VMI が停止、\
      削除、またはマイグレーションで移動した)。誰も停止を求めていない場合に限り障害です"),
    ("a node-local socket refuses the connection (dial unix)",
     "ノードローカルのソケットが接続を拒否しています(dial unix)"),
    ("a component on the node dials a unix socket nobody serves (virt-launcher's command socket, \
      libvirt's, a device plugin's): the process behind it is down",
     "ノード上のコンポーネントが、誰も提供していない UNIX ソケット(virt-launcher のコマンドソケット、\
      libvirt のもの、デバイスプラグインのもの)に接続しようとしています: その背後のプロセスが停止しています"),
    // `signatures/errno.rs`
    ("node's storage or resources",
     "ノードのストレージやリソース"),
    ("an error line about the {t} ({})",
     "{0}に関するエラー行({1})"),
    ("no signature knows this line and it names no component, but it ends in the operating \
      system's {} (\"{}\"): {}, so it points at the {t} layer, with low confidence: read the line \
      itself",
     "どのシグネチャーにも該当せず、コンポーネントも示さない行ですが、末尾がオペレーティングシステムの {0}(\"{1}\")\
      です: {2}。そのため低い確信度で{3}レイヤーを指します。行そのものを読んでください"),
    ("a disk or storage device failed a read or write on the node",
     "ノードでディスクかストレージデバイスの読み書きが失敗しました"),
    ("a filesystem on the node (or the volume) is full",
     "ノード(またはボリューム)のファイルシステムが満杯です"),
    ("a filesystem was mounted, or remounted after errors, read-only",
     "ファイルシステムが読み取り専用でマウントされたか、エラー後に読み取り専用で再マウントされました"),
    ("a storage quota is exhausted",
     "ストレージのクォータを使い切りました"),
    ("an NFS-backed file went away under its mount",
     "NFS 上のファイルがマウントの下で消えました"),
    ("a FUSE or network mount on the node lost its server",
     "ノードの FUSE かネットワークのマウントがサーバーを失いました"),
    ("a filesystem on the node is corrupted",
     "ノードのファイルシステムが壊れています"),
    ("a device or mount on the node is held by another user",
     "ノードのデバイスかマウントを別の利用者が掴んでいます"),
    ("a device the node should have is absent",
     "ノードにあるはずのデバイスがありません"),
    ("the node (or the cgroup) is out of memory",
     "ノード(または cgroup)がメモリー不足です"),
    ("a process on the node reached its open-file limit",
     "ノードのプロセスがオープンファイル数の上限に達しました"),
    ("no network route reaches the peer",
     "相手に届くネットワーク経路がありません"),
    ("the peer's network is not reachable from here",
     "ここから相手のネットワークに到達できません"),
    ("a connection to the peer got no answer before the kernel gave up",
     "カーネルが諦めるまで相手への接続に応答がありませんでした"),
    ("a connection to the peer got no answer before the dial's deadline",
     "接続の期限までに相手への接続に応答がありませんでした"),
    ("a file system operation on the node was refused (SELinux labels, ownership, a read-only \
      bind mount)",
     "ノードでファイルシステムの操作が拒否されました(SELinux のラベル、所有者、読み取り専用の bind mount)"),
    // `signatures/node_taints.rs`
    ("the node carries a taint of a bad condition (not ready, unreachable or under pressure)",
     "ノードに異常状態の taint が付いています(not ready、unreachable、リソース逼迫)"),
    ("the pod cannot be scheduled: nodes are unreachable, not ready or under pressure",
     "Pod をスケジュールできません: ノードが到達不能、NotReady、またはリソース逼迫です"),
    ("bring the node back (kubelet, network, power) or relax the pod's affinity",
     "ノードを復旧させる(kubelet、ネットワーク、電源)か、Pod のアフィニティを緩める"),
    ("free the resource under pressure (disk: images, logs, volumes) or bring the node back",
     "逼迫しているリソースを空ける(ディスク: イメージ、ログ、ボリューム)か、ノードを復旧させる"),
    ("kubectl describe node lists a taint the node lifecycle controller or the kubelet puts on a \
      node only while its condition is bad (Ready not True, memory, disk or PID pressure, network \
      unavailable): new pods are not scheduled there and, for pressure, the kubelet evicts pods",
     "kubectl describe node が、ノードの状態が悪い間だけノードライフサイクルコントローラーか kubelet が付ける ta\
      int を示しています(Ready が True でない、メモリー・ディスク・PID の逼迫、\
      ネットワーク利用不可): 新しい Pod はそこへスケジュールされず、逼迫の場合は kubelet が Pod を退避させます"),
    ("the scheduler refused nodes for a taint the node lifecycle put on them (unreachable, \
      not-ready, memory/disk/PID pressure, network unavailable): the nodes the pod could run on \
      (by its requests, selectors and affinity) are down or unhealthy",
     "ノードライフサイクルが付けた taint(unreachable、not-ready、メモリー・ディスク・PID の逼迫、\
      ネットワーク利用不可)のため、スケジューラーがノードを拒否しました: Pod が(要求、セレクター、\
      アフィニティから見て)動けるノードが停止しているか異常です"),
];
