//! Round 20's sentences: libvirt's informational lines in the launcher (`signatures/noise.rs`:
//! a tainted domain, the read-only /sys's PCI probes).

use super::Entry;

#[rustfmt::skip]
pub const ROUND20: &[Entry] = &[
    // `signatures/noise.rs`, libvirt-domain-tainted
    ("libvirt notes the domain as tainted (informational)",
     "libvirt がドメインを tainted と記録しました(情報のみ)"),
    ("libvirt logs once that the domain runs with something outside its supported \
      configuration; KubeVirt causes these itself (its guest-agent polling is a custom agent \
      command, its domain asks for the host CPU or custom QEMU arguments): a note about \
      support, not a fault",
     "libvirt は、ドメインがサポート対象外の設定を含んで動いていることを一度だけ記録します。\
      これは KubeVirt 自身によるものです(ゲストエージェントのポーリングはカスタムのエージェント\
      コマンドであり、ドメインはホスト CPU やカスタムの QEMU 引数を求めます)。サポートについての\
      注記であり、障害ではありません"),
    // `signatures/noise.rs`, libvirt-pci-config-readonly-sysfs
    ("libvirt cannot write PCI config space in the launcher's read-only /sys (start-up noise)",
     "libvirt が launcher の読み取り専用 /sys で PCI コンフィグ空間に書き込めません(起動時のノイズ)"),
    ("libvirt probes the host's PCI devices by opening their config space read-write; \
      the launcher's /sys is mounted read-only, so each probe fails with \"Read-only file \
      system\" and the domain still starts",
     "libvirt はホストの PCI デバイスをコンフィグ空間の読み書きオープンで調べます。launcher の \
      /sys は読み取り専用でマウントされているため、各調査は \"Read-only file system\" で失敗しますが、\
      ドメインは起動します"),
];
