//! The UI's words in English and Japanese, keyed by message id. The model's explanation texts
//! stay English; only the chrome is translated. The language defaults to the browser's, can be
//! switched, and is remembered (see `api::pref_*`).

use leptos::prelude::*;

/// A UI language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Ja,
}

impl Lang {
    /// From a BCP 47 tag (`ja-JP` → Japanese); anything else is English.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.to_ascii_lowercase().starts_with("ja") {
            Lang::Ja
        } else {
            Lang::En
        }
    }
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }
}

/// (id, English, Japanese).
const MESSAGES: &[(&str, &str, &str)] = &[
    ("nav.overview", "Overview", "概要"),
    ("nav.migrations", "Migrations", "マイグレーション"),
    ("nav.nodes", "Nodes", "ノード"),
    ("nav.diagnose", "Paste a dump", "ダンプを診断"),
    ("nav.wall", "Wall", "ウォール"),
    ("conn.connecting", "connecting…", "接続中…"),
    ("conn.syncing", "syncing…", "同期中…"),
    ("conn.live", "live", "ライブ"),
    (
        "conn.down",
        "disconnected — reconnecting",
        "切断 — 再接続中",
    ),
    (
        "stale",
        "The Kubernetes API server cannot be reached: what is shown may be out of date.",
        "Kubernetes API サーバーに接続できません: 表示は古い可能性があります。",
    ),
    ("theme", "Theme", "テーマ"),
    ("theme.light", "Light", "ライト"),
    ("theme.dark", "Dark", "ダーク"),
    ("language", "Language", "言語"),
    (
        "ov.title",
        "Virtual machine instances",
        "仮想マシンインスタンス",
    ),
    ("ov.search", "Search", "検索"),
    (
        "ov.search.placeholder",
        "name, namespace, node, IP…",
        "名前・名前空間・ノード・IP…",
    ),
    ("ov.group", "Group by", "グループ化"),
    ("ov.group.none", "none", "なし"),
    ("ov.group.verdict", "verdict", "判定"),
    ("ov.group.node", "node", "ノード"),
    ("ov.group.namespace", "namespace", "名前空間"),
    ("ov.filter.verdict", "Verdict", "判定"),
    ("ov.filter.all", "all", "すべて"),
    ("ov.shown", "shown", "件表示"),
    ("ov.empty", "No VMI matches.", "該当する VMI はありません。"),
    (
        "ov.waiting",
        "Waiting for the first data from the backend…",
        "バックエンドからの最初のデータを待っています…",
    ),
    ("f.phase", "Phase", "フェーズ"),
    ("f.node", "Node", "ノード"),
    ("f.ip", "IP", "IP"),
    ("f.migratable", "Live-migratable", "ライブマイグレーション"),
    ("f.agent", "Guest agent", "ゲストエージェント"),
    ("f.migration", "Migration", "マイグレーション"),
    ("f.layers", "Layers", "レイヤー"),
    ("agent.connected", "connected", "接続"),
    ("agent.absent", "not connected", "未接続"),
    (
        "agent.unsupported",
        "unsupported version",
        "非対応バージョン",
    ),
    ("yes", "yes", "可"),
    ("no", "no", "不可"),
    ("unknown", "unknown", "不明"),
    (
        "layer.control_plane",
        "control plane",
        "コントロールプレーン",
    ),
    ("layer.node", "node", "ノード"),
    ("layer.guest", "guest", "ゲスト"),
    ("layer.network", "network", "ネットワーク"),
    ("layer.migration", "migration", "マイグレーション"),
    ("health.healthy", "healthy", "正常"),
    ("health.degraded", "degraded", "劣化"),
    ("health.broken", "broken", "故障"),
    ("health.unknown", "unknown", "不明"),
    ("tab.diagnosis", "Diagnosis", "診断"),
    ("tab.network", "Network", "ネットワーク"),
    ("tab.guest", "Guest", "ゲスト"),
    ("tab.events", "Events", "イベント"),
    ("tab.migrations", "Migrations", "マイグレーション"),
    ("tab.metrics", "Metrics", "メトリクス"),
    ("vmi.layers", "Layers", "レイヤー"),
    ("vmi.conditions", "Conditions", "コンディション"),
    ("vmi.pods", "Launcher pods", "ランチャーポッド"),
    ("vmi.pod.source", "source", "移行元"),
    ("vmi.pod.target", "target", "移行先"),
    ("vmi.pod.current", "current", "現在"),
    ("vmi.interfaces", "Interfaces", "インターフェース"),
    ("vmi.guest", "Guest agent", "ゲストエージェント"),
    ("vmi.events", "Events", "イベント"),
    ("vmi.migrations", "Migrations", "マイグレーション"),
    ("vmi.history", "Migration history", "マイグレーション履歴"),
    ("vmi.evidence", "Evidence", "根拠"),
    ("vmi.next", "Next steps", "次の手順"),
    ("vmi.observed", "Observed", "観測時刻"),
    ("vmi.stale", "stale", "古い"),
    (
        "vmi.missing",
        "Evidence not available",
        "得られなかった根拠",
    ),
    ("vmi.copy", "Copy link", "リンクをコピー"),
    ("vmi.copied", "Link copied", "コピーしました"),
    ("vmi.loading", "Loading…", "読み込み中…"),
    (
        "vmi.gone",
        "This VMI no longer exists.",
        "この VMI はもう存在しません。",
    ),
    ("vmi.none", "none", "なし"),
    (
        "vmi.noagent",
        "No guest agent data",
        "ゲストエージェントのデータなし",
    ),
    ("vmi.range", "Time range", "期間"),
    (
        "vmi.noprom",
        "Metrics are not available",
        "メトリクスは利用できません",
    ),
    ("col.name", "Name", "名前"),
    ("col.type", "Type", "種類"),
    ("col.status", "Status", "状態"),
    ("col.reason", "Reason", "理由"),
    ("col.message", "Message", "メッセージ"),
    ("col.meaning", "Meaning", "意味"),
    ("col.ips", "IPs", "IP"),
    ("col.mac", "MAC", "MAC"),
    ("col.source", "Source", "情報源"),
    ("col.time", "Time", "時刻"),
    ("col.phase", "Phase", "フェーズ"),
    ("col.mode", "Mode", "モード"),
    ("col.trigger", "Trigger", "契機"),
    ("col.progress", "Progress", "進捗"),
    ("col.outcome", "Outcome", "結果"),
    ("col.vmi", "VMI", "VMI"),
    ("col.action", "Drain action", "ドレイン時の動作"),
    ("col.why", "Why", "理由"),
    ("col.strategy", "Eviction strategy", "退避戦略"),
    ("col.nodes", "Nodes", "ノード"),
    ("dg.title", "Diagnose a dump", "ダンプを診断"),
    (
        "dg.help",
        "Paste or drop the output of kubectl get vmi,vmim,pod -o yaml. The diagnosis runs in this browser; nothing is sent to the server.",
        "kubectl get vmi,vmim,pod -o yaml の出力を貼り付けるかドロップしてください。診断はこのブラウザ内で実行され、サーバーには何も送信されません。",
    ),
    (
        "dg.input",
        "Dump (YAML or JSON)",
        "ダンプ(YAML または JSON)",
    ),
    ("dg.run", "Diagnose", "診断する"),
    ("dg.share", "Copy share link", "共有リンクをコピー"),
    ("dg.error", "Cannot read the input", "入力を読めません"),
    ("dg.vmis", "VMIs in the dump", "ダンプ内の VMI"),
    ("dg.notes", "Notes", "注記"),
    ("dg.now", "Ages judged against", "経過時間の基準"),
    ("mg.title", "Migrations", "マイグレーション"),
    (
        "mg.empty",
        "No migrations.",
        "マイグレーションはありません。",
    ),
    ("nd.title", "Node", "ノード"),
    ("nd.drain", "Drain impact", "ドレインの影響"),
    ("nd.list", "Nodes", "ノード"),
    ("wall.problems", "VMIs with problems", "問題のある VMI"),
    ("wall.age", "Data age", "データの経過時間"),
    ("wall.allgood", "All VMIs healthy", "すべての VMI が正常"),
    (
        "wall.stale",
        "DATA IS STALE — the stream is disconnected",
        "データが古い — ストリーム切断中",
    ),
    (
        "err.backend",
        "The backend cannot be reached",
        "バックエンドに接続できません",
    ),
    (
        "err.forbidden",
        "Access forbidden",
        "アクセスが禁止されています",
    ),
    ("err.notfound", "Not found", "見つかりません"),
    ("err.retry", "Retry", "再試行"),
    ("notfound", "Page not found.", "ページが見つかりません。"),
];

/// The text of `id` in `lang`; the id itself when unknown (visible, never a panic).
pub fn tr(lang: Lang, id: &'static str) -> &'static str {
    // Views ask for texts often (every card, every re-render): index the table once.
    static INDEX: std::sync::OnceLock<
        std::collections::HashMap<&'static str, (&'static str, &'static str)>,
    > = std::sync::OnceLock::new();
    INDEX
        .get_or_init(|| {
            MESSAGES
                .iter()
                .map(|(k, en, ja)| (*k, (*en, *ja)))
                .collect()
        })
        .get(id)
        .map(|(en, ja)| match lang {
            Lang::En => *en,
            Lang::Ja => *ja,
        })
        .unwrap_or(id)
}

/// The current language, from context (English when none was provided, e.g. in unit tests).
pub fn lang() -> Signal<Lang> {
    match use_context::<RwSignal<Lang>>() {
        Some(s) => s.into(),
        None => Signal::stored(Lang::En),
    }
}

/// A reactive translated text for views: `{t("ov.title")}`.
pub fn t(id: &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let l = lang();
    move || tr(l.get(), id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_has_both_languages_and_unique_ids() {
        let mut ids: Vec<&str> = MESSAGES.iter().map(|m| m.0).collect();
        ids.sort();
        let n = ids.len();
        ids.dedup();
        assert_eq!(n, ids.len(), "duplicate message id");
        for (id, en, ja) in MESSAGES {
            assert!(!en.is_empty() && !ja.is_empty(), "{id}");
        }
        assert_eq!(Lang::from_tag("ja-JP"), Lang::Ja);
        assert_eq!(Lang::from_tag("en-US"), Lang::En);
        assert_eq!(tr(Lang::Ja, "nav.overview"), "概要");
        assert_eq!(tr(Lang::En, "no.such.id"), "no.such.id");
    }
}
