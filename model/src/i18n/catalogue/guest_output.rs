//! The sentences of the guest-output vocabulary (`signatures/guest_output/`): the firmware and
//! boot loader (`boot_chain.rs`), the guest operating system starting (`guest_os.rs`) and
//! Windows' stop codes (`stop_codes.rs`). Next steps that run `kubectl` or `virtctl` are code
//! and stay as written.

use super::Entry;

#[rustfmt::skip]
pub const GUEST_OUTPUT: &[Entry] = &[
    // `signatures/guest_output/boot_chain.rs`
    ("the guest's boot loader (GRUB) cannot find its disk, partition or files",
     "ゲストのブートローダー(GRUB)がディスク、パーティション、またはファイルを見つけられません"),
    ("GRUB runs but the partition, file system or device its configuration names is not \
      there: the disk was replaced, resized or re-imaged, its UUID changed, or the image's \
      boot partition is damaged; KubeVirt and QEMU run, the guest cannot boot",
     "GRUB は動いていますが、設定が指すパーティション、ファイルシステム、またはデバイスがありません。\
      ディスクが置き換えられた、サイズ変更された、または再イメージ化された、UUID が変わった、\
      あるいはイメージのブートパーティションが壊れています。KubeVirt と QEMU は動いており、\
      ゲストが起動できません"),
    ("the guest's BIOS cannot read the boot disk (SeaBIOS)",
     "ゲストの BIOS がブートディスクを読めません(SeaBIOS)"),
    ("SeaBIOS could not read the first sector of a disk in the boot order; it tries \
      the next device: a disk the VM lists first but that is empty, absent or unreadable, \
      or a disk bus the BIOS cannot boot from",
     "SeaBIOS はブート順のディスクの先頭セクターを読めず、次のデバイスを試します。VM が最初に\
      挙げたディスクが空、存在しない、または読めないか、BIOS が起動できないディスクバスです"),
    ("the guest's BIOS cannot read the CD-ROM it should boot (SeaBIOS)",
     "ゲストの BIOS が起動すべき CD-ROM を読めません(SeaBIOS)"),
    ("SeaBIOS could not read the boot image of the CD-ROM in the boot order: the ISO \
      is not a bootable (El Torito) image, or an EFI-only ISO booted with BIOS",
     "SeaBIOS はブート順の CD-ROM のブートイメージを読めませんでした。ISO が起動可能な\
      (El Torito)イメージではないか、EFI 専用の ISO を BIOS で起動しています"),
    ("the guest's EFI boot loader started and failed (BdsDxe)",
     "ゲストの EFI ブートローダーが起動して失敗しました(BdsDxe)"),
    ("OVMF loaded the EFI boot loader of a boot option and it returned an error: the \
      boot loader (shim, GRUB, Windows Boot Manager) found no configuration or kernel it \
      can use; the firmware tries the next option",
     "OVMF はブートオプションの EFI ブートローダーを読み込み、それがエラーを返しました。\
      ブートローダー(shim、GRUB、Windows Boot Manager)が使える設定やカーネルを見つけられません。\
      ファームウェアは次のオプションを試します"),
    ("the guest's firmware refuses an unsigned boot loader (Secure Boot)",
     "ゲストのファームウェアが署名のないブートローダーを拒否しています(セキュアブート)"),
    ("OVMF with Secure Boot refused the EFI image of a boot option (Access Denied): the \
      image is not signed by a key the firmware trusts; the VM's firmware has Secure Boot \
      on (spec.domain.firmware.bootloader.efi.secureBoot) for an image that needs it off, \
      or the image's boot loader is not signed",
     "セキュアブートが有効な OVMF がブートオプションの EFI イメージを拒否しました(Access Denied)。\
      イメージはファームウェアが信頼する鍵で署名されていません。VM のファームウェアでセキュアブートが\
      有効(spec.domain.firmware.bootloader.efi.secureBoot)ですが、イメージには無効が必要か、\
      イメージのブートローダーが署名されていません"),
    ("the guest's boot loader (GRUB) mixes modules of two builds",
     "ゲストのブートローダー(GRUB)が二つのビルドのモジュールを混在させています"),
    ("GRUB's core image loaded a module of another GRUB version (symbol not found): \
      the boot loader was half updated or the image's boot partition was changed; the \
      guest cannot boot",
     "GRUB のコアイメージが別バージョンの GRUB のモジュールを読み込みました(シンボルが見つかりません)。\
      ブートローダーの更新が途中までか、イメージのブートパーティションが変更されています。\
      ゲストは起動できません"),
    ("the guest's boot loader (GRUB) found no configuration (grub> prompt)",
     "ゲストのブートローダー(GRUB)が設定を見つけられません(grub> プロンプト)"),
    ("GRUB started but found no grub.cfg and waits at its command line: the boot \
      partition holds no configuration or GRUB looks for it on another disk; the guest \
      does not boot on its own",
     "GRUB は起動しましたが grub.cfg が見つからず、コマンドラインで待っています。ブートパーティションに\
      設定がないか、GRUB が別のディスクを探しています。ゲストは自力では起動しません"),
    ("boot a rescue ISO in the VM and reinstall or repair the boot loader and its configuration",
     "VM でレスキュー ISO を起動し、ブートローダーとその設定を再インストールまたは修復する"),
    // `signatures/guest_output/guest_os.rs`
    ("the guest's kernel cannot find or start its root file system",
     "ゲストのカーネルがルートファイルシステムを見つけられないか、起動できません"),
    ("the guest's Linux kernel started but its root device is not there or holds no \
      init: the disk bus or device name differs from what the guest was installed with \
      (virtio against sata/scsi), the root= setting or /etc/fstab names another disk, or the \
      driver is missing from the initramfs; KubeVirt and QEMU run the VM",
     "ゲストの Linux カーネルは起動しましたが、ルートデバイスがないか init がありません。ディスクバスや\
      デバイス名がゲストのインストール時と異なる(virtio と sata/scsi)、root= 設定や /etc/fstab が\
      別のディスクを指している、または initramfs にドライバーがありません。KubeVirt と QEMU は VM を\
      動かしています"),
    ("the guest's initramfs (dracut) gave up and dropped to its emergency shell",
     "ゲストの initramfs(dracut)が諦めて緊急シェルに入りました"),
    ("dracut could not assemble or mount the guest's root file system (a missing disk \
      driver, a changed disk or UUID, an LVM or encrypted root it cannot open) and stopped in \
      its emergency shell; KubeVirt and QEMU run the VM",
     "dracut はゲストのルートファイルシステムを組み立てることもマウントすることもできず(ディスク\
      ドライバーがない、ディスクや UUID が変わった、開けない LVM や暗号化されたルート)、緊急シェルで\
      止まりました。KubeVirt と QEMU は VM を動かしています"),
    ("the guest gets no DHCP answer and waits for its network",
     "ゲストに DHCP の応答がなく、ネットワークを待っています"),
    ("the guest asks for an address by DHCP and no answer comes: the VM's network does \
      not serve it (virt-launcher's DHCP server for bridge and masquerade bindings, or the \
      secondary network's DHCP server or its options, a VLAN that does not carry the \
      traffic); the guest boots on without an address or waits",
     "ゲストは DHCP でアドレスを求めていますが応答がありません。VM のネットワークがそれに応えていません\
      (bridge と masquerade バインディングでは virt-launcher の DHCP サーバー、またはセカンダリー\
      ネットワークの DHCP サーバーやそのオプション、通信を運ばない VLAN)。ゲストはアドレスなしで起動を\
      続けるか、待ち続けます"),
    ("the guest's cloud-init did not apply the VM's user data",
     "ゲストの cloud-init が VM のユーザーデータを適用しませんでした"),
    ("cloud-init ran in the guest but failed a step: the user data is not valid \
      (#cloud-config YAML, a script's error) or a module failed; the VM runs, its \
      configuration is not what the user data asked for",
     "cloud-init はゲストで動きましたが、ある手順で失敗しました。ユーザーデータが正しくない\
      (#cloud-config の YAML、スクリプトのエラー)か、モジュールが失敗しました。VM は動いていますが、\
      設定はユーザーデータが求めたものになっていません"),
    ("the guest's init process died (kernel panic)",
     "ゲストの init プロセスが終了しました(カーネルパニック)"),
    ("the guest's first process (systemd or init) exited and the kernel panicked: a \
      damaged root file system, a broken C library or init binary, or an initramfs that \
      failed; KubeVirt and QEMU run the VM",
     "ゲストの最初のプロセス(systemd または init)が終了し、カーネルがパニックしました。ルート\
      ファイルシステムの破損、壊れた C ライブラリや init バイナリ、または失敗した initramfs です。\
      KubeVirt と QEMU は VM を動かしています"),
    ("the guest's cloud-init found no data source",
     "ゲストの cloud-init がデータソースを見つけられません"),
    ("cloud-init looked for its configuration and found no data source: the VM has no \
      cloudInitNoCloud or cloudInitConfigDrive volume, or the image's cloud-init does not \
      look for the kind the VM gives (its datasource_list); the user data is not applied",
     "cloud-init は設定を探しましたがデータソースが見つかりません。VM に cloudInitNoCloud や\
      cloudInitConfigDrive のボリュームがないか、イメージの cloud-init が VM の渡す種類を探していません\
      (datasource_list)。ユーザーデータは適用されません"),
    ("the guest left a network interface down (cloud-init's device table)",
     "ゲストがネットワークインターフェースを停止したままにしています(cloud-init のデバイス表)"),
    ("cloud-init lists a guest interface that is not up: the guest's own network \
      configuration (netplan, NetworkManager, its cloud-init network config) did not \
      bring the interface up, so it asks for no address; the VM's network is not reached",
     "cloud-init は起動していないゲストのインターフェースを示しています。ゲスト自身のネットワーク設定\
      (netplan、NetworkManager、cloud-init のネットワーク設定)がインターフェースを起動しなかったため、\
      アドレスを求めていません。VM のネットワークには届いていません"),
    ("for a secondary network: check its DHCP server or IPAM and that the VLAN reaches the node",
     "セカンダリーネットワークの場合: その DHCP サーバーまたは IPAM と、VLAN がノードに届いていることを確認する"),
    ("boot a rescue ISO in the VM and check the root file system",
     "VM でレスキュー ISO を起動し、ルートファイルシステムを確認する"),
    // `signatures/guest_output/stop_codes.rs`
    ("Windows cannot reach its boot disk (stop code)",
     "Windows がブートディスクに到達できません(停止コード)"),
    ("Windows lost its boot volume while starting: it has no driver for the bus the \
      VM's disk now uses (virtio without the virtio-win storage driver, after an import or a \
      bus change), or the volume is damaged; KubeVirt and QEMU run the VM",
     "Windows は起動中にブートボリュームを失いました。VM のディスクが現在使うバスのドライバーがない\
      (インポートやバスの変更の後、virtio-win のストレージドライバーなしの virtio)か、ボリュームが\
      壊れています。KubeVirt と QEMU は VM を動かしています"),
    ("compare the VM's disk bus (spec.template.spec.domain.devices.disks[].disk.bus) with \
      the driver the image has (sata boots without virtio-win)",
     "VM のディスクバス(spec.template.spec.domain.devices.disks[].disk.bus)をイメージにある\
      ドライバーと比べる(sata なら virtio-win なしで起動します)"),
    ("install the virtio-win drivers in the guest, then switch the disk to virtio",
     "ゲストに virtio-win ドライバーをインストールしてから、ディスクを virtio に切り替える"),
    ("Windows stopped with a bug check (blue screen)",
     "Windows がバグチェックで停止しました(ブルースクリーン)"),
    ("the Windows guest crashed: a driver (often a storage or network driver, virtio-win \
      among them) or a system process failed; the stop code names which; KubeVirt and QEMU \
      run the VM",
     "Windows ゲストがクラッシュしました。ドライバー(多くはストレージやネットワークのドライバーで、\
      virtio-win を含む)またはシステムプロセスが失敗しました。停止コードがどれかを示します。\
      KubeVirt と QEMU は VM を動かしています"),
    ("Windows stopped because its processor or hardware failed it (stop code)",
     "プロセッサーまたはハードウェアの障害で Windows が停止しました(停止コード)"),
    ("the bug check names the processor or the hardware, not Windows: a vCPU that did not \
      answer its clock interrupt in time (the host did not run it: CPU overcommit, a nested \
      or stalled hypervisor) or a machine-check error passed to the guest; the node under \
      the VM",
     "バグチェックは Windows ではなくプロセッサーかハードウェアを指しています。クロック割り込みに\
      時間内に応答しなかった vCPU(ホストがそれを実行しなかった: CPU のオーバーコミット、ネストされた\
      または停滞したハイパーバイザー)か、ゲストに渡されたマシンチェックエラーです。VM の下のノードです"),
    ("look up the stop code in Microsoft's bug check code reference",
     "Microsoft のバグチェックコードリファレンスで停止コードを調べる"),
    ("check the guest's virtio drivers (virtio-win) against the VM's devices",
     "ゲストの virtio ドライバー(virtio-win)を VM のデバイスと照らし合わせる"),
    ("the node's kernel log (dmesg: soft lockups, machine-check errors)",
     "ノードのカーネルログ(dmesg: ソフトロックアップ、マシンチェックエラー)"),
];
