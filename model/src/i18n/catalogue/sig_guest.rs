//! The signature tables of the guest and its network (`signatures/guest.rs`, `console.rs`, `network.rs`, `multus.rs`, `dial.rs`): titles, causes and next steps.

use super::Entry;

#[rustfmt::skip]
pub const SIG_GUEST: &[Entry] = &[
    // `signatures/console.rs`
    ("the guest's UEFI firmware cannot load a boot option (BdsDxe)",
     "ゲストの UEFI ファームウェアがブートオプションを読み込めません(BdsDxe)"),
    ("the guest cannot mount its root file system",
     "ゲストがルートファイルシステムをマウントできません"),
    ("check the disk image: is it bootable, does its firmware (BIOS or EFI) match the VM's \
      firmware setting",
     "ディスクイメージを確認する: ブート可能か、そのファームウェア(BIOS か EFI)が VM のファームウェア設定と合っているか"),
    ("the guest's UEFI firmware finds no bootable device (BdsDxe)",
     "ゲストの UEFI ファームウェアがブート可能なデバイスを見つけられません(BdsDxe)"),
    ("the guest kernel panics",
     "ゲストのカーネルがパニックしています"),
    ("OVMF could not load the EFI image of a boot option (Not Found: the disk has no EFI boot \
      loader); it tries the next one",
     "OVMF がブートオプションの EFI イメージを読み込めませんでした(Not Found: ディスクに EFI ブートローダーがない)\
      。次のオプションを試します"),
    ("OVMF tried every boot option and none holds a bootable EFI image: the disk is empty or not \
      an EFI disk, the installer ISO is not in the boot order, or the image needs BIOS while the \
      VM uses EFI; KubeVirt and QEMU run, the guest cannot boot",
     "OVMF はすべてのブートオプションを試しましたが、ブート可能な EFI イメージがありません: ディスクが空か EFI ディスクではない、\
      インストーラーの ISO がブート順にない、またはイメージが BIOS を必要とするのに VM が EFI を使っています。\
      KubeVirt と QEMU は動いていますが、ゲストはブートできません"),
    ("boot with the bus the image was installed with, or add the virtio drivers to the guest",
     "イメージをインストールしたときのバスで起動するか、ゲストに virtio ドライバーを追加する"),
    ("compare the VM's disk bus (spec.template.spec.domain.devices.disks[].disk.bus) with the \
      guest's root device setting",
     "VM のディスクバス(spec.template.spec.domain.devices.disks[].disk.bus)\
      とゲストのルートデバイス設定を比べる"),
    ("the guest's kernel started but does not find its root device (FreeBSD's mountroot prompt, \
      dracut's timeout, systemd's emergency mode, Windows' INACCESSIBLE_BOOT_DEVICE): the disk \
      bus or device name differs from what the guest was installed with (virtio against \
      sata/scsi, a changed /etc/fstab or loader setting), or the driver is missing from its boot \
      image; KubeVirt runs the VM",
     "ゲストのカーネルは起動しましたが、ルートデバイスを見つけられません(FreeBSD の mountroot プロンプト、\
      dracut のタイムアウト、systemd の emergency モード、Windows の INACCESSIBLE_BOOT_DEV\
      ICE): ディスクのバスかデバイス名がゲストのインストール時と異なる(virtio と sata/scsi、\
      変更した /etc/fstab やローダーの設定)か、ブートイメージにドライバーがありません。\
      KubeVirt は VM を動かしています"),
    ("check the disk bus (virtio, sata) against the drivers in the guest's initramfs",
     "ディスクバス(virtio、sata)をゲストの initramfs にあるドライバーと比べる"),
    ("the guest's Linux kernel stopped (it cannot mount its root filesystem, a missing driver or \
      initramfs, a changed disk bus or device name): KubeVirt runs the VM, the guest OS cannot \
      boot",
     "ゲストの Linux カーネルが停止しました(ルートファイルシステムをマウントできない、ドライバーか initramfs がない、\
      ディスクバスかデバイス名の変更): KubeVirt は VM を動かしていますが、ゲスト OS はブートできません"),
    ("the guest's BIOS finds no bootable device (SeaBIOS)",
     "ゲストの BIOS がブート可能なデバイスを見つけられません(SeaBIOS)"),
    ("SeaBIOS found no disk with a boot sector: the disk image is empty, not bootable, or an \
      EFI-only image booted with BIOS",
     "SeaBIOS はブートセクターのあるディスクを見つけられませんでした: ディスクイメージが空かブート不可能、\
      または EFI 専用のイメージを BIOS で起動しています"),
    ("the guest's BIOS finds a disk that is not bootable (SeaBIOS)",
     "ゲストの BIOS が見つけたディスクはブート可能ではありません(SeaBIOS)"),
    ("the disk in the boot order has no boot sector (an empty or data disk first)",
     "ブート順にあるディスクにブートセクターがありません(空のディスクかデータディスクが先頭にある)"),
    ("the guest's boot loader is stranded (grub rescue)",
     "ゲストのブートローダーが立ち往生しています(grub rescue)"),
    ("GRUB cannot find its partition or modules: the disk was changed or resized, or the image is \
      damaged",
     "GRUB が自身のパーティションかモジュールを見つけられません: ディスクが変更されたかサイズ変更された、\
      またはイメージが壊れています"),
    ("boot a rescue ISO in the VM and reinstall or repair GRUB",
     "VM でレスキュー用 ISO を起動し、GRUB を入れ直すか修復する"),
    // `signatures/network.rs`
    ("ping gets no answer (100% packet loss)",
     "ping に応答がありません(100% packet loss)"),
    ("the network setup phase failed (e.g. plugging a Multus NIC whose Link is not found); \
      SyncVMI fails until the pod's interfaces exist",
     "ネットワーク設定の段階が失敗しました(たとえば Link が見つからない Multus の NIC の接続)\
      。Pod のインターフェースができるまで SyncVMI は失敗します"),
    ("use the masquerade binding on the pod network",
     "Pod ネットワークには masquerade バインディングを使う"),
    ("with the bridge binding on the pod network the pod's eth0 is enslaved to the bridge \
      k6t-eth0 and the pod IP moves into the guest; the guest must take that IP (DHCP), else the \
      VM is unreachable (ping fails). masquerade is the binding for the pod network",
     "Pod ネットワークで bridge バインディングを使うと、Pod の eth0 がブリッジ k6t-eth0 に組み込まれ、\
      Pod の IP はゲストへ移ります。ゲストはその IP を(DHCP で)取得しなければならず、\
      できなければ VM に到達できません(ping が失敗します)。Pod ネットワークのバインディングは masquerade です"),
    ("check the service and firewall in the guest",
     "ゲストのサービスとファイアウォールを確認する"),
    ("a connection to the VM is refused",
     "VM への接続が拒否されます"),
    ("a secondary interface is missing in the pod (Link not found)",
     "Pod にセカンダリインターフェースがありません(Link not found)"),
    ("the VM does not answer ping",
     "VM が ping に応答しません"),
    ("the VM answers ping but a TCP port times out (timeout): with the masquerade binding only \
      the ports listed in the interface's ports (or all when none) are forwarded, and the guest's \
      firewall or service must listen on that port",
     "VM は ping に応答しますが、TCP ポートがタイムアウトします: masquerade バインディングではインターフェースの por\
      ts に挙げたポートだけ(指定がなければすべて)が転送され、ゲストのファイアウォールとサービスがそのポートで待ち受けていなければなりません"),
    ("ping from a pod on the same node and from the node itself, to tell the path from the target",
     "同じノードの Pod とノード自身から ping し、経路の問題か宛先の問題かを切り分ける"),
    ("every probe to the address went unanswered: the network path to it is down (routes, the \
      bridge or VLAN, a firewall) or the host behind it is not up",
     "そのアドレスへのプローブはすべて応答がありませんでした: そこまでのネットワーク経路が落ちている(ルート、\
      ブリッジや VLAN、ファイアウォール)か、その先のホストが起動していません"),
    ("ping answered every probe (0% packet loss)",
     "ping はすべてのプローブに応答しました(0% packet loss)"),
    ("check the interface's ports",
     "インターフェースの ports を確認する"),
    ("the VM's address does not answer: the binding (bridge vs masquerade) or the guest's network \
      configuration does not carry the pod IP",
     "VM のアドレスが応答しません: バインディング(bridge か masquerade か)\
      かゲストのネットワーク設定が Pod の IP を受け持っていません"),
    ("the address answers but nothing listens on the port: with masquerade the port must be \
      forwarded (interface ports) and the guest's service (e.g. sshd) running",
     "アドレスは応答しますが、そのポートで待ち受けるものがありません: masquerade ではポートが転送され(インターフェースの ports\
      )、ゲストのサービス(たとえば sshd)が動いている必要があります"),
    ("virt-handler cannot find the pod interface (e.g. net1) that the VMI's Multus network should \
      have created: the NetworkAttachmentDefinition or CNI did not attach it, so SyncVMI fails to \
      plug the NIC",
     "virt-handler が、VMI の Multus ネットワークが作るはずの Pod のインターフェース(たとえば net1)\
      を見つけられません: NetworkAttachmentDefinition か CNI がそれを接続しなかったため、\
      SyncVMI は NIC を接続できません"),
    ("ping gets no answer (100% loss)",
     "ping に応答がありません(100% loss)"),
    ("every probe to the address went unanswered: the network path to it is down or the host \
      behind it is not up",
     "そのアドレスへのプローブはすべて応答がありませんでした: そこまでのネットワーク経路が落ちているか、\
      その先のホストが起動していません"),
    ("ping from a pod on the same node and from the node itself",
     "同じノードの Pod とノード自身から ping する"),
    ("the address answers: the network path to it works (context, blames nothing)",
     "アドレスは応答しています: そこまでのネットワーク経路は動いています(参考情報で、何も原因としません)"),
    // `signatures/multus.rs`
    ("KubeMacPool's webhook refuses the object (MAC allocation)",
     "KubeMacPool の Webhook がオブジェクトを拒否しています(MAC の割り当て)"),
    ("the Multus CNI plugin failed while adding the launcher pod to its networks (a delegate \
      plugin failed, or its configuration is missing): the pod's sandbox is not created",
     "Multus CNI プラグインがランチャー Pod をネットワークに追加する途中で失敗しました(委譲先のプラグインの失敗か、\
      その設定がない)。Pod のサンドボックスは作成されません"),
    ("a NetworkAttachmentDefinition the VM's network names does not exist",
     "VM のネットワークが指す NetworkAttachmentDefinition が存在しません"),
    ("a NetworkAttachmentDefinition the pod asks for is missing (Multus)",
     "Pod が求める NetworkAttachmentDefinition がありません(Multus)"),
    ("KubeMacPool, the network add-on that allocates MAC addresses to VMs and pods in opted-in \
      namespaces, denied the request: the MAC asked for is taken, outside its range, or the pool \
      is exhausted, so the VM or its launcher pod is not created",
     "KubeMacPool(オプトインした Namespace の VM と Pod に MAC アドレスを割り当てるネットワークアドオン)\
      がリクエストを拒否しました: 求めた MAC が使用中か範囲外、またはプールが尽きているため、\
      VM かそのランチャー Pod は作成されません"),
    ("Multus cannot find the network-attachment-definition named in the pod's networks annotation \
      in that namespace (the VMI's Multus network, or one a service mesh CNI such as istio-cni \
      needs): the launcher pod's sandbox is never created",
     "Multus が Pod の networks アノテーションに挙げられた network-attachment-definition をそ\
      の Namespace で見つけられません(VMI の Multus ネットワーク、または istio-cni のようなサービスメッシュの \
      CNI が必要とするもの): ランチャー Pod のサンドボックスは作成されません"),
    ("virt-controller looks up the NetworkAttachmentDefinition of each Multus network of the VMI \
      (networks[].multus.networkName, `<namespace>/<name>` or the VMI's own namespace) to render \
      the launcher pod; it does not exist under that name, so no pod is created: fix the \
      network's name in the VM or create the NAD",
     "virt-controller はランチャー Pod を生成するため、VMI の各 Multus ネットワークの NetworkAttach\
      mentDefinition を探します(networks[].multus.networkName、\
      `<namespace>/<name>` または VMI 自身の Namespace)。その名前では存在しないので Pod は作成されません\
      : VM のネットワーク名を直すか NAD を作成してください"),
    ("a NetworkAttachmentDefinition is not found",
     "NetworkAttachmentDefinition が見つかりません"),
    ("the network-attachment-definition a VMI or pod names does not exist in its namespace: the \
      launcher pod's secondary network cannot be attached",
     "VMI か Pod が指す network-attachment-definition がその Namespace に存在しません: ランチ\
      ャー Pod のセカンダリネットワークを接続できません"),
    ("a NetworkAttachmentDefinition's config cannot be read",
     "NetworkAttachmentDefinition の設定を読めません"),
    ("virt-controller reads the NetworkAttachmentDefinition's spec.config (its CNI JSON) for \
      persistent IPs and cannot parse it: the network's definition is broken",
     "virt-controller は永続 IP のために NetworkAttachmentDefinition の spec.config(\
      CNI の JSON)を読みますが、解析できません: ネットワークの定義が壊れています"),
    // `signatures/guest.rs`
    ("the guest agent could not write the access credentials into the guest",
     "ゲストエージェントがアクセス資格情報をゲストに書き込めませんでした"),
    ("a VMI in phase Succeeded means the guest powered off from inside (shutdown); with \
      runStrategy Manual (or Halted) KubeVirt does not restart it and the VMI and its Completed \
      launcher pod stay until the VM is started again",
     "フェーズ Succeeded の VMI は、ゲストが中から電源を切った(シャットダウンした)\
      ことを意味します。runStrategy が Manual(または Halted)なら KubeVirt は再起動せず、\
      VM が再び起動されるまで VMI と Completed のランチャー Pod が残ります"),
    ("the VMI's AgentConnected condition: whether the QEMU guest agent is connected",
     "VMI の AgentConnected コンディション: QEMU ゲストエージェントが接続しているか"),
    ("guestOSInfo is empty while the agent is connected",
     "エージェントが接続しているのに guestOSInfo が空です"),
    ("no guest agent connected (guestosinfo refused)",
     "ゲストエージェントが接続していません(guestosinfo の拒否)"),
    ("the guest agent lacks required commands (AgentVersionNotSupported)",
     "ゲストエージェントに必要なコマンドがありません(AgentVersionNotSupported)"),
    ("the guest's SSH server closes the connection before its banner",
     "ゲストの SSH サーバーがバナーの前に接続を閉じています"),
    ("virt-launcher writes the VMI's accessCredentials (SSH keys, passwords) through the QEMU \
      guest agent: it looks the user up in the guest (getent passwd), creates ~/.ssh with \
      guest-exec and writes authorized_keys with guest-file-write; the user does not exist in the \
      guest (its image or cloud-init did not create it), or the agent has the needed commands \
      disabled. The VMI's AccessCredentialsSynchronized condition stays False",
     "virt-launcher は VMI の accessCredentials(SSH 鍵、\
      パスワード)を QEMU ゲストエージェント経由で書き込みます。ゲスト内でユーザーを調べ(getent passwd)\
      、guest-exec で ~/.ssh を作り、guest-file-write で authorized_keys を書きます。\
      そのユーザーがゲストに存在しない(イメージか cloud-init が作っていない)か、エージェントで必要なコマンドが無効です。\
      VMI の AccessCredentialsSynchronized コンディションは False のままです"),
    ("add console=ttyS0 to the guest kernel command line",
     "ゲストのカーネルコマンドラインに console=ttyS0 を追加する"),
    ("check the guest agent's blocked commands (guest-exec, guest-file-*)",
     "ゲストエージェントでブロックされているコマンド(guest-exec、guest-file-*)を確認する"),
    ("virtctl console reached the VMI's serial console; a blank console means the guest does not \
      write to its serial port (no console=ttyS0 on the kernel command line, or a graphical-only \
      guest)",
     "virtctl console は VMI のシリアルコンソールに到達しました。コンソールが空なのはゲストがシリアルポートに出力していないた\
      めです(カーネルコマンドラインに console=ttyS0 がない、またはグラフィカル専用のゲスト)"),
    ("AgentConnected is True but guestOSInfo comes and goes: the guest-agent answers some \
      commands and not guest-get-osinfo (agent version or blocked commands)",
     "AgentConnected は True ですが guestOSInfo が現れたり消えたりします: ゲストエージェントが一部のコマンドに\
      は応答し、guest-get-osinfo には応答しません(エージェントのバージョンか、ブロックされたコマンド)"),
    ("check the guest agent's version",
     "ゲストエージェントのバージョンを確認する"),
    ("check the port given to virtctl ssh / port-forward",
     "virtctl ssh / port-forward に渡したポートを確認する"),
    ("condition AgentVersionNotSupported: the guest-agent in the guest is too old or has commands \
      disabled that KubeVirt needs (guest-get-osinfo, guest-get-users, …)",
     "コンディション AgentVersionNotSupported: ゲストのゲストエージェントが古すぎるか、\
      KubeVirt が必要とするコマンド(guest-get-osinfo、guest-get-users など)が無効です"),
    ("install and start qemu-guest-agent in the guest",
     "ゲストに qemu-guest-agent を入れて起動する"),
    ("ssh reached the VMI (through virtctl's port-forward tunnel) but the far end closed the \
      connection before the SSH handshake (OpenSSH's kex_exchange_identification): nothing in the \
      guest answers SSH on that port (sshd not running, listening elsewhere, or refusing the \
      client); the tunnel's websocket closes after it",
     "ssh は(virtctl の port-forward トンネル経由で)VMI に到達しましたが、\
      SSH のハンドシェイク前に相手が接続を閉じました(OpenSSH の kex_exchange_identification)\
      : ゲストでそのポートの SSH に応答するものがありません(sshd が動いていない、別のポートで待ち受けている、\
      またはクライアントを拒否している)。その後トンネルの WebSocket が閉じます"),
    ("the guestosinfo subresource needs the QEMU guest agent (guest-agent) in the guest; \
      condition AgentConnected is absent, so no OS info, users or filesystems are reported",
     "guestosinfo サブリソースにはゲスト内の QEMU ゲストエージェント(guest-agent)\
      が必要です。コンディション AgentConnected がないため、OS 情報、ユーザー、\
      ファイルシステムは報告されません"),
    ("update qemu-guest-agent in the guest; check its blocked commands",
     "ゲストの qemu-guest-agent を更新し、ブロックされているコマンドを確認する"),
    ("condition AgentVersionNotSupported: the guest-agent in the guest is too old or has commands \
      disabled that KubeVirt needs (guest-get-osinfo, guest-get-users, …); from {t} (line {})",
     "コンディション AgentVersionNotSupported: ゲストのゲストエージェントが古すぎるか、\
      KubeVirt が必要とするコマンド(guest-get-osinfo、guest-get-users など)\
      が無効です。根拠: {0}(行 {1})"),
    ("the guest agent found no home directory for the access credentials' user",
     "ゲストエージェントがアクセス資格情報のユーザーのホームディレクトリーを見つけられませんでした"),
    // `signatures/dial.rs`
    ("virt-api's connection to the VM's address gets no answer (port-forward, ssh)",
     "VM のアドレスへの virt-api の接続に応答がありません(port-forward、ssh)"),
    ("virt-api's connection to virt-handler on the VMI's node gets no answer",
     "VMI のノードの virt-handler への virt-api の接続に応答がありません"),
    ("check NetworkPolicies of the VM's namespace and the guest's firewall",
     "VM の Namespace の NetworkPolicy とゲストのファイアウォールを確認する"),
    ("check the node's firewall and NetworkPolicies in the kubevirt namespace",
     "ノードのファイアウォールと kubevirt Namespace の NetworkPolicy を確認する"),
    ("from the virt-api pod's network, test the virt-handler IP and port of the error",
     "virt-api の Pod のネットワークから、エラーにある virt-handler の IP とポートを試す"),
    ("port-forward and virtctl ssh make virt-api dial the VM's address: the connection timed out \
      or found no route (the VM's network, a NetworkPolicy, the guest's firewall dropping packets)",
     "port-forward と virtctl ssh では virt-api が VM のアドレスに接続します: 接続がタイムアウトしたか経\
      路がありませんでした(VM のネットワーク、NetworkPolicy、パケットを破棄するゲストのファイアウォール)"),
    ("virtctl console, vnc and the other subresources go through virt-api, which opens a TCP \
      connection to virt-handler's port on the VMI's node: it timed out or found no route, so \
      packets between the virt-api pod and that node's virt-handler are dropped (pod network, a \
      firewall on the node, a NetworkPolicy in the kubevirt namespace)",
     "virtctl の console、vnc などのサブリソースは virt-api を経由し、\
      virt-api は VMI のノードの virt-handler のポートへ TCP 接続します: その接続がタイムアウトしたか経路がなか\
      ったため、virt-api の Pod とそのノードの virt-handler の間でパケットが落ちています(Pod ネットワーク、\
      ノードのファイアウォール、kubevirt Namespace の NetworkPolicy)"),
    ("virt-handler on the VMI's node refuses virt-api's connection",
     "VMI のノードの virt-handler が virt-api の接続を拒否しています"),
    ("virt-api reached the node's address but nothing listens on virt-handler's port: \
      virt-handler on that node is down, restarting or not ready",
     "virt-api はノードのアドレスに到達しましたが、virt-handler のポートで何も待ち受けていません: そのノードの virt-\
      handler が停止中、再起動中、または Ready ではありません"),
    ("the guest refuses the connection: nothing listens on that port",
     "ゲストが接続を拒否しています: そのポートで何も待ち受けていません"),
    ("virt-api reached the VM's address but the guest has no service on the port (sshd not \
      running, a different port) or its firewall rejects it",
     "virt-api は VM のアドレスに到達しましたが、ゲストのそのポートにサービスがない(sshd が動いていない、\
      別のポート)か、ファイアウォールが拒否しています"),
];
