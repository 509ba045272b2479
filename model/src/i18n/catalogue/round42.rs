//! Round 42's sentences: a pause the paste's own `virtctl pause` asked for
//! (`input/own_pause.rs`), a PowerShell script failing inside a Windows guest
//! (`signatures/guest_output/guest_os.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND42: &[Entry] = &[
    ("{} is paused by the paste's own `virtctl pause` (not a fault)",
     "{0} は貼り付け内の `virtctl pause` で一時停止されています(障害ではありません)"),
    ("virtctl pause was run on it earlier in the paste: the guest is paused as asked (its Paused condition's reason is PausedByUser), so it answers no console or ssh until it is unpaused",
     "貼り付けの前の部分で virtctl pause が実行されています。ゲストは求めどおり一時停止しており(Paused 条件の理由は PausedByUser)、一時停止が解除されるまでコンソールにも ssh にも応答しません"),
    ("virtctl unpause vm {} (to run it again)",
     "virtctl unpause vm {0}(再び動かすには)"),
    ("a PowerShell script failed inside the Windows guest",
     "Windows ゲスト内で PowerShell スクリプトが失敗しました"),
    ("a script Windows runs (a first-boot, sysprep or configuration script) reported an error at the line and character it names; the error message is the line above it: the guest's own configuration or services, not KubeVirt's",
     "Windows が実行するスクリプト(初回起動、sysprep、構成のスクリプト)が、示された行と文字位置でエラーを報告しました。エラーメッセージはその上の行です。KubeVirt ではなく、ゲスト自身の構成やサービスの問題です"),
    ("virtctl vnc <vm> (the guest's event log: the services the script needed)",
     "virtctl vnc <vm>(ゲストのイベントログ: スクリプトが必要としたサービス)"),
    ("run the script's failing command again inside the guest",
     "失敗したスクリプトのコマンドをゲスト内で再実行します"),
    ("a cluster tool's error in a PowerShell script (the operator's workstation)",
     "PowerShell スクリプト内のクラスターツールのエラー(運用者の端末)"),
    ("PowerShell reports a failing kubectl, oc, virtctl or helm run from a script: the operator's own command failed, not the Windows guest",
     "スクリプトから実行した kubectl、oc、virtctl または helm の失敗を PowerShell が報告しています。失敗したのは運用者自身のコマンドで、Windows ゲストではありません"),
];
