//! Round 28's sentences: the host's PCI core refusing a passed-through device
//! (`signatures/pci_host.rs`) and the QEMU guest agent's service absent or failing in the guest
//! (`signatures/guest_agent_service.rs`), a cloud-init user's passwd that is no hash
//! (`input/cloud_init_passwd.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND28: &[Entry] = &[
    ("the node's kernel cannot reserve the passed-through device's memory",
     "ノードのカーネルはパススルーするデバイスのメモリーを確保できません"),
    ("vfio-pci asks the kernel for the device's memory windows (BARs) before a VM may use it; another owner holds one (the firmware's framebuffer or console on a GPU, a host driver still bound), so the device cannot be given to the VM on this node until the host lets it go",
     "vfio-pci は VM がデバイスを使う前に、そのメモリーウィンドウ(BAR)をカーネルに要求します。別の所有者がその一つを保持している(GPU 上のファームウェアのフレームバッファーやコンソール、まだバインドされているホストのドライバー)ため、ホストが手放すまで、このノードではデバイスを VM に渡せません"),
    ("a PCI device on the node does not come back from a reset",
     "ノード上の PCI デバイスがリセットから復帰しません"),
    ("the kernel reset the device (function-level, bus or power reset, as vfio-pci does when a VM starts or stops) and it never answered again: the device or its slot does not support that reset, so no VM can use it on this node until it is recovered (often only by rebooting the node)",
     "カーネルがデバイスをリセットした(VM の起動時や停止時に vfio-pci が行うファンクションレベル、バス、または電源のリセット)あと、デバイスは二度と応答しませんでした。デバイスまたはそのスロットがそのリセットに対応していないため、復旧する(多くの場合ノードの再起動でしか復旧しません)まで、このノードではどの VM もデバイスを使えません"),
    ("a PCI device on the node does not change its power state",
     "ノード上の PCI デバイスが電源状態を変更できません"),
    ("the kernel could not wake the device from (or put it into) a low-power state: it is stuck in D3 or its configuration space is inaccessible, so vfio-pci cannot hand it to a VM on this node (a GPU without a working reset, a firmware setting)",
     "カーネルはデバイスを低電力状態から起こす(または低電力状態にする)ことができませんでした。デバイスは D3 のまま動かないか、コンフィギュレーション空間にアクセスできないため、vfio-pci はこのノードでデバイスを VM に渡せません(リセットが機能しない GPU、ファームウェアの設定)"),
    ("vfio-pci restored a passed-through device's configuration after a reset",
     "vfio-pci はリセット後にパススルーされたデバイスの設定を復元しました"),
    ("the device lost its configuration (its BARs) under vfio-pci: a reset the guest's driver or the VM's start or stop caused, which some devices (GPUs above all) do not survive; the VM using it may hang or lose the device",
     "デバイスは vfio-pci の管理下で設定(BAR)を失いました。ゲストのドライバー、または VM の起動や停止が引き起こしたリセットによるもので、一部のデバイス(特に GPU)はこれに耐えられません。デバイスを使う VM はハングするか、デバイスを失うことがあります"),
    ("on the node: dmesg -T | grep -iE 'vfio|BAR|power state|not ready' (the device's history since boot)",
     "ノード上で: dmesg -T | grep -iE 'vfio|BAR|power state|not ready'(起動以降のデバイスの履歴)"),
    ("on the node: lspci -nnk -s <address> (the driver in use must be vfio-pci); cat /proc/iomem (who holds its memory)",
     "ノード上で: lspci -nnk -s <address>(使用中のドライバーは vfio-pci でなければなりません); cat /proc/iomem(誰がそのメモリーを保持しているか)"),
    ("kubectl get vmi <vmi> -o yaml (spec.domain.devices.hostDevices / gpus) and its virt-launcher pod's node",
     "kubectl get vmi <vmi> -o yaml(spec.domain.devices.hostDevices / gpus)と、その virt-launcher Pod のノード"),
    ("the QEMU guest agent is not installed or not running in the guest",
     "QEMU ゲストエージェントがゲストにインストールされていないか、動作していません"),
    ("the guest's init system has no qemu-guest-agent unit, or the unit fails: with no agent on the VM's virtio channel KubeVirt reports no AgentConnected condition, no guest OS information, users or file systems and no guest IP details, and what needs the agent (freezing file systems for a snapshot, setting an SSH key or a password) fails",
     "ゲストの init システムに qemu-guest-agent ユニットがないか、そのユニットが失敗しています。VM の virtio チャネルにエージェントがいないため、KubeVirt は AgentConnected 状態、ゲスト OS の情報、ユーザー、ファイルシステム、ゲストの IP の詳細を報告せず、エージェントを必要とする操作(スナップショットのためのファイルシステムのフリーズ、SSH 鍵やパスワードの設定)は失敗します"),
    ("in the guest: dnf install -y qemu-guest-agent && systemctl enable --now qemu-guest-agent (apt-get on Debian and Ubuntu)",
     "ゲスト内で: dnf install -y qemu-guest-agent && systemctl enable --now qemu-guest-agent(Debian と Ubuntu では apt-get)"),
    ("in the guest: journalctl -u qemu-guest-agent (why the unit fails)",
     "ゲスト内で: journalctl -u qemu-guest-agent(ユニットが失敗する理由)"),
    ("kubectl get vmi <vmi> -o jsonpath='{.status.conditions}' (AgentConnected)",
     "kubectl get vmi <vmi> -o jsonpath='{.status.conditions}'(AgentConnected)"),
    ("a cloud-init user's passwd is not a password hash",
     "cloud-init ユーザーの passwd がパスワードハッシュではありません"),
    ("cloud-init stores a user's passwd as the account's encrypted password (useradd --password): this value is no crypt hash, so no password typed at the console or over SSH matches it and the guest refuses the login (Login incorrect); give a hash (mkpasswd --method=SHA-512) or use plain_text_passwd or chpasswd",
     "cloud-init はユーザーの passwd をアカウントの暗号化パスワードとして保存します(useradd --password)。この値は crypt ハッシュではないため、コンソールや SSH で入力したどのパスワードとも一致せず、ゲストはログインを拒否します(Login incorrect)。ハッシュ(mkpasswd --method=SHA-512)を指定するか、plain_text_passwd または chpasswd を使ってください"),
    ("mkpasswd --method=SHA-512 (the hash to put in passwd)",
     "mkpasswd --method=SHA-512(passwd に指定するハッシュ)"),
    ("in the guest: sudo cloud-init status --long; sudo grep <user> /etc/shadow",
     "ゲスト内で: sudo cloud-init status --long; sudo grep <user> /etc/shadow"),
];
