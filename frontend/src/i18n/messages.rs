//! The UI's texts, a table of data: one [`Key`](super::Key) per message with its English and
//! Japanese text side by side (see the `messages!` macro in the parent module).

messages![
    (NavOverview, "Overview", "概要"),
    (NavMigrations, "Migrations", "マイグレーション"),
    (NavNodes, "Nodes", "ノード"),
    (NavDiagnose, "Paste a dump", "ダンプを診断"),
    (NavWall, "Wall", "ウォール"),
    (ConnConnecting, "connecting…", "接続中…"),
    (ConnSyncing, "syncing…", "同期中…"),
    (ConnLive, "live", "ライブ"),
    (ConnDown, "disconnected — reconnecting", "切断 — 再接続中"),
    (
        ConnSilent,
        "stale — nothing heard from the backend",
        "古いデータ — バックエンドから応答なし"
    ),
    (
        ConnStale,
        "The Kubernetes API server cannot be reached: what is shown may be out of date.",
        "Kubernetes API サーバーに接続できません: 表示は古い可能性があります。"
    ),
    (Theme, "Theme", "テーマ"),
    (NoPhase, "(no phase)", "(フェーズなし)"),
    (ThemeLight, "Light", "ライト"),
    (ThemeDark, "Dark", "ダーク"),
    (Language, "Language", "言語"),
    (
        OvTitle,
        "Virtual machine instances",
        "仮想マシンインスタンス"
    ),
    (OvSearch, "Search", "検索"),
    (
        OvSearchPlaceholder,
        "name, namespace, node, IP…",
        "名前・名前空間・ノード・IP…"
    ),
    (OvGroup, "Group by", "グループ化"),
    (OvGroupNone, "none", "なし"),
    (OvGroupVerdict, "verdict", "判定"),
    (OvGroupNode, "node", "ノード"),
    (OvGroupNamespace, "namespace", "名前空間"),
    (OvGroupCluster, "cluster", "クラスター"),
    (OvCluster, "Cluster", "クラスター"),
    (OvClusters, "Clusters", "クラスター一覧"),
    (OvClusterReachable, "reachable", "接続中"),
    (OvClusterStale, "unreachable since", "接続不可:"),
    (
        OvClusterSignIn,
        "not signed in: sign in",
        "未サインイン:サインイン"
    ),
    (OvClusterWorst, "worst", "最も重い"),
    (OvSort, "Order", "並び順"),
    (OvSortWorst, "worst first", "問題の重い順"),
    (OvSortName, "name", "名前"),
    (OvFilterVerdict, "Verdict", "判定"),
    (OvFilterAll, "all", "すべて"),
    (OvShown, "shown", "件表示"),
    (OvEmpty, "No VMI matches.", "該当する VMI はありません。"),
    (
        OvWaiting,
        "Waiting for the first data from the backend…",
        "バックエンドからの最初のデータを待っています…"
    ),
    (FPhase, "Phase", "フェーズ"),
    (FNode, "Node", "ノード"),
    (FIp, "IP", "IP"),
    (FMigratable, "Live-migratable", "ライブマイグレーション"),
    (FAgent, "Guest agent", "ゲストエージェント"),
    (FMigration, "Migration", "マイグレーション"),
    (FLayers, "Layers", "レイヤー"),
    (AgentConnected, "connected", "接続"),
    (AgentAbsent, "not connected", "未接続"),
    (AgentUnsupported, "unsupported version", "非対応バージョン"),
    (Yes, "yes", "可"),
    (No, "no", "不可"),
    (Unknown, "unknown", "不明"),
    (LayerControlPlane, "control plane", "コントロールプレーン"),
    (LayerNode, "node/launcher", "ノード/ランチャー"),
    (LayerGuest, "guest", "ゲスト"),
    (LayerNetwork, "network", "ネットワーク"),
    (LayerMigration, "migration", "マイグレーション"),
    (GlanceControlPlane, "ctrl", "制御"),
    (GlanceNode, "node", "ノード"),
    (GlanceGuest, "guest", "ゲスト"),
    (GlanceNetwork, "net", "ネット"),
    (GlanceMigration, "migr", "移行"),
    (HealthHealthy, "healthy", "正常"),
    (HealthDegraded, "degraded", "劣化"),
    (HealthBroken, "broken", "故障"),
    (HealthUnknown, "unknown", "不明"),
    (TabDiagnosis, "Diagnosis", "診断"),
    (TabNetwork, "Network", "ネットワーク"),
    (TabGuest, "Guest", "ゲスト"),
    (TabEvents, "Events", "イベント"),
    (TabMigrations, "Migrations", "マイグレーション"),
    (TabMetrics, "Metrics", "メトリクス"),
    (VmiLayers, "Layers", "レイヤー"),
    (VmiConditions, "Conditions", "コンディション"),
    (VmiPods, "Launcher pods", "ランチャーポッド"),
    (VmiPodSource, "source", "移行元"),
    (VmiPodTarget, "target", "移行先"),
    (VmiPodCurrent, "current", "現在"),
    (VmiInterfaces, "Interfaces", "インターフェース"),
    (VmiGuest, "Guest agent", "ゲストエージェント"),
    (VmiEvents, "Events", "イベント"),
    (VmiMigrations, "Migrations", "マイグレーション"),
    (VmiHistory, "Migration history", "マイグレーション履歴"),
    (VmiEvidence, "Evidence", "根拠"),
    (VmiNext, "Next steps", "次の手順"),
    (FindingRemedy, "What to do", "対処方法"),
    (FindingLook, "What to look at", "確認すること"),
    (VmiObserved, "Observed", "観測時刻"),
    (VmiStale, "stale", "古い"),
    (BadgePaused, "Paused", "一時停止中"),
    (ConfidenceHigh, "(high confidence)", "（確度：高）"),
    (ConfidenceMedium, "(medium confidence)", "（確度：中）"),
    (ConfidenceLow, "(low confidence)", "（確度：低）"),
    (VmiMissing, "Evidence not available", "得られなかった根拠"),
    (VmiCopy, "Copy link", "リンクをコピー"),
    (VmiCopied, "Link copied", "コピーしました"),
    (
        VmiIncident,
        "Download incident file",
        "インシデントファイルをダウンロード"
    ),
    (
        VmiRedact,
        "redact names and addresses",
        "名前とアドレスを伏せる"
    ),
    (StepCopy, "Copy", "コピー"),
    (StepCopied, "Copied", "コピー済み"),
    (VmiLoading, "Loading…", "読み込み中…"),
    (
        VmiGone,
        "This VMI no longer exists.",
        "この VMI はもう存在しません。"
    ),
    (VmiNone, "none", "なし"),
    (
        VmiNoagent,
        "No guest agent data",
        "ゲストエージェントのデータなし"
    ),
    (VmiRange, "Time range", "期間"),
    (
        VmiNoprom,
        "Metrics are not available",
        "メトリクスは利用できません"
    ),
    (ColName, "Name", "名前"),
    (ColType, "Type", "種類"),
    (ColStatus, "Status", "状態"),
    (ColReason, "Reason", "理由"),
    (ColMessage, "Message", "メッセージ"),
    (ColMeaning, "Meaning", "意味"),
    (ColIps, "IPs", "IP"),
    (ColMac, "MAC", "MAC"),
    (ColSource, "Source", "情報源"),
    (ColTime, "Time", "時刻"),
    (ColPhase, "Phase", "フェーズ"),
    (ColMode, "Mode", "モード"),
    (ColTrigger, "Trigger", "契機"),
    (ColProgress, "Progress", "進捗"),
    (ColOutcome, "Outcome", "結果"),
    (ColVmi, "VMI", "VMI"),
    (ColAction, "Drain action", "ドレイン時の動作"),
    (ColWhy, "Why", "理由"),
    (ColStrategy, "Eviction strategy", "退避戦略"),
    (ColNodes, "Nodes", "ノード"),
    (DgTitle, "Diagnose a dump", "ダンプを診断"),
    (
        DgHelp,
        "Paste or drop the output of kubectl get vmi,vmim,pod -o yaml (up to 10 MB; strata diagnose reads larger dumps). The diagnosis runs in this browser; nothing is sent to the server.",
        "kubectl get vmi,vmim,pod -o yaml の出力を貼り付けるかドロップしてください（10 MB まで。より大きいダンプは strata diagnose で読めます）。診断はこのブラウザ内で実行され、サーバーには何も送信されません。"
    ),
    (DgInput, "Dump (YAML or JSON)", "ダンプ(YAML または JSON)"),
    (DgRun, "Diagnose", "診断する"),
    (DgShare, "Copy share link", "共有リンクをコピー"),
    (DgError, "Cannot read the input", "入力を読めません"),
    (DgVmis, "VMIs in the dump", "ダンプ内の VMI"),
    (DgNotes, "Notes", "注記"),
    (DgNow, "Ages judged against", "経過時間の基準"),
    (DgHowRead, "How the input was read", "入力の読み取り方"),
    (
        DgHowReadHelp,
        "Each block of the paste, the format it was recognised as, its lines, and what was read or ignored.",
        "貼り付けの各ブロックと、認識された形式・行範囲・読み取った内容と無視した内容。"
    ),
    (DgBlockRead, "read", "読み取り"),
    (DgBlockIgnored, "ignored", "無視"),
    (DgAnalysing, "Analysing the input…", "入力を解析中…"),
    (MgTitle, "Migrations", "マイグレーション"),
    (MgEmpty, "No migrations.", "マイグレーションはありません。"),
    (MgProcessed, "processed", "転送済み"),
    (MgRemaining, "remaining", "残り"),
    (MgTransfer, "transfer", "転送速度"),
    (MgDirty, "dirty", "ダーティ率"),
    (MgProgComplete, "complete", "完了"),
    (MgProgUnknown, "unknown", "不明"),
    (
        MgProgNotSending,
        "no memory is sent before the Running phase",
        "Running フェーズまではメモリを転送しません"
    ),
    (
        MgProgEnded,
        "it ended; progress is read only while a migration runs",
        "終了済み。進捗は実行中にのみ取得します"
    ),
    (
        MgProgNoMetrics,
        "Prometheus has no migration metrics for it",
        "Prometheus にこのマイグレーションのメトリクスがありません"
    ),
    (MgProgCardUnknown, "progress unknown", "進捗不明"),
    (
        MgProgSeeChart,
        "not read here: the convergence chart below reads it live",
        "ここでは取得しません。下の収束チャートが実行中に取得します"
    ),
    (
        MgProgPaste,
        "a paste carries no migration metrics",
        "貼り付けにはマイグレーションのメトリクスがありません"
    ),
    // The migrations page's filters and columns, and the per-VMI migration history.
    (MgFilters, "Filters", "フィルター"),
    (MgSearch, "Search", "検索"),
    (
        MgSearchPlaceholder,
        "name, VMI, node, reason…",
        "名前・VMI・ノード・理由…"
    ),
    (MgAny, "any", "すべて"),
    (MgNamespace, "Namespace", "名前空間"),
    (MgNode, "Node", "ノード"),
    (MgSort, "Sort by", "並べ替え"),
    (MgDir, "Order", "順序"),
    (MgAsc, "ascending", "昇順"),
    (MgDesc, "descending", "降順"),
    (MgClear, "Clear filters", "フィルターを解除"),
    (MgShown, "shown", "件表示"),
    (
        MgNoMatch,
        "No migration matches these filters.",
        "条件に一致するマイグレーションはありません。"
    ),
    (MgColAge, "Age", "経過"),
    (MgColDuration, "Duration", "所要時間"),
    (MgColNodes, "Source → target", "移行元 → 移行先"),
    (MgColFailure, "Failure", "失敗"),
    (MgAgo, "ago", "前"),
    (MgTrUser, "user", "ユーザー"),
    (MgTrEvacuation, "evacuation", "退避"),
    (MgTrWorkload, "workload update", "ワークロード更新"),
    (MgTrDescheduler, "descheduler", "デスケジューラー"),
    (MgTrUnknown, "unknown", "不明"),
    (MgOcPending, "pending", "保留中"),
    (MgOcInProgress, "in progress", "進行中"),
    (MgOcSucceeded, "succeeded", "成功"),
    (MgOcFailed, "failed", "失敗"),
    (MgOcAborted, "aborted", "中止"),
    (MgOcUnknown, "unknown", "不明"),
    (MgSortCreated, "created", "作成日時"),
    (MgSortName, "name", "名前"),
    (MgSortVmi, "VMI", "VMI"),
    (MgSortPhase, "phase", "フェーズ"),
    (MgSortOutcome, "outcome", "結果"),
    (MgSortDuration, "duration", "所要時間"),
    (MgPlaneControl, "control plane", "コントロールプレーン"),
    (MgPlaneData, "data plane", "データプレーン"),
    (MgPlaneUnknown, "plane not known", "プレーンは不明"),
    (
        MhTitle,
        "Migrations of this VMI",
        "この VMI のマイグレーション"
    ),
    (
        MhEmpty,
        "No migration object of this VMI is known.",
        "この VMI のマイグレーションオブジェクトはありません。"
    ),
    (
        MhAll,
        "All migrations of this VMI",
        "この VMI のすべてのマイグレーション"
    ),
    (NdTitle, "Node", "ノード"),
    (NdDrain, "Drain impact", "ドレインの影響"),
    (NdList, "Nodes", "ノード"),
    // The node page and the nodes list.
    (NdHealth, "Health", "状態"),
    (NdProblems, "What is wrong", "問題点"),
    (
        NdNoProblem,
        "No problem found on this node.",
        "このノードに問題は見つかりません。"
    ),
    (NdConditions, "Conditions", "コンディション"),
    (NdSince, "Since", "変化時刻"),
    (NdScheduling, "Scheduling", "スケジューリング"),
    (NdCordoned, "cordoned", "コードン済み"),
    (NdSchedulableYes, "schedulable", "スケジュール可能"),
    (NdTaints, "Taints", "テイント"),
    (NdNoTaints, "no taints", "テイントなし"),
    (NdHandler, "virt-handler", "virt-handler"),
    (NdHeartbeat, "Heartbeat", "ハートビート"),
    (
        NdHeartbeatStale,
        "stale: older than virt-controller's 5 minute timeout",
        "古い: virt-controller の 5 分のタイムアウトを超過"
    ),
    (
        NdHeartbeatNone,
        "no kubevirt.io/heartbeat annotation",
        "kubevirt.io/heartbeat アノテーションなし"
    ),
    (
        NdSchedulableLabel,
        "kubevirt.io/schedulable",
        "kubevirt.io/schedulable"
    ),
    (NdHandlerPod, "Pod", "Pod"),
    (
        NdHandlerPodNone,
        "no virt-handler pod found on this node",
        "このノードに virt-handler の Pod が見つかりません"
    ),
    (
        NdHandlerPodNotInView,
        "its pod is not among the pods read, but its heartbeat is fresh: virt-handler runs here",
        "Pod は読み取った Pod の中にありませんが、ハートビートが新しいため virt-handler はこのノードで動作しています"
    ),
    (
        NdHandlerNotPlaced,
        "virt-handler does not run on this node by design (outside its DaemonSet's placement): no KVM, no VMIs",
        "このノードは設計上 virt-handler の配置対象外です (DaemonSet の配置外): KVM も VMI もありません"
    ),
    (
        NdPodsUnread,
        "the pods on this node could not be read (permission or API error)",
        "このノードの Pod を読み取れません (権限または API エラー)"
    ),
    (NdReady, "ready", "準備完了"),
    (NdNotReady, "not ready", "未準備"),
    (NdRestarts, "restarts", "再起動"),
    (
        NdResources,
        "Devices and allocatable resources",
        "デバイスと割り当て可能なリソース"
    ),
    (NdResource, "Resource", "リソース"),
    (NdAllocatable, "Allocatable", "割り当て可能"),
    (NdCapacity, "Capacity", "容量"),
    (NdVmis, "VMIs on this node", "このノードの VMI"),
    (
        NdNoVmis,
        "No VMI runs on this node.",
        "このノードで動作している VMI はありません。"
    ),
    (NdVerdict, "Verdict", "判定"),
    (NdAlerts, "Alerts", "アラート"),
    (
        NdNoAlertSource,
        "No alert source: this console reads no Alertmanager or Prometheus alerts.",
        "アラートソースなし: このコンソールは Alertmanager や Prometheus のアラートを読み取っていません。"
    ),
    (
        NdNoAlerts,
        "No alert concerns this node.",
        "このノードに関するアラートはありません。"
    ),
    (NdColReady, "Ready", "Ready"),
    (NdColKvm, "KVM", "KVM"),
    (NdColVmis, "VMIs", "VMI"),
    (NdUnhealthyVmis, "unhealthy", "異常"),
    (NdNoNodes, "No nodes are known.", "ノードがありません。"),
    (WallProblems, "VMIs with problems", "問題のある VMI"),
    (WallAge, "Data age", "データの経過時間"),
    (WallAllgood, "All VMIs healthy", "すべての VMI が正常"),
    (WallMore, "more", "件ほか"),
    (
        WallStale,
        "DATA IS STALE — the stream is disconnected",
        "データが古い — ストリーム切断中"
    ),
    (
        WallSilent,
        "DATA IS STALE — nothing heard from the backend",
        "データが古い — バックエンドから応答なし"
    ),
    (
        ErrBackend,
        "The backend cannot be reached",
        "バックエンドに接続できません"
    ),
    (
        ErrForbidden,
        "Access forbidden",
        "アクセスが禁止されています"
    ),
    (ErrNotfound, "Not found", "見つかりません"),
    (
        ErrServer,
        "The backend could not answer",
        "バックエンドが応答できませんでした"
    ),
    (
        ErrNetworkHint,
        "The request did not reach the backend: it may be restarting, or the network is down. The page tries again on its own.",
        "リクエストがバックエンドに届きませんでした。再起動中か、ネットワークが切断されています。ページは自動的に再試行します。"
    ),
    (
        ErrTimeout,
        "The backend did not answer in time",
        "バックエンドが時間内に応答しませんでした"
    ),
    (
        ErrTimeoutHint,
        "No answer came within 30 seconds, so the request was given up: the backend, or a proxy on the way, may be overloaded or hung. Try again.",
        "30 秒以内に応答がなかったため、リクエストを打ち切りました。バックエンドまたは途中のプロキシが過負荷か停止している可能性があります。再試行してください。"
    ),
    (
        ErrServerHint,
        "The backend answered with an error. Try again in a moment; if it persists, its log names the cause.",
        "バックエンドがエラーを返しました。しばらくしてから再試行してください。続く場合はバックエンドのログに原因があります。"
    ),
    (
        ErrForbiddenHint,
        "Your account may not read this. Ask for read access to this namespace.",
        "このアカウントには読み取り権限がありません。この名前空間の読み取り権限を依頼してください。"
    ),
    (
        ErrNotfoundHint,
        "Nothing is known under this name.",
        "この名前のものは見つかりません。"
    ),
    (
        ErrAtNotfoundHint,
        "Nothing was recorded for this VMI at or before this moment. History may have started later or been pruned.",
        "この時点以前にこの VMI の記録はありません。履歴の開始がこれより後か、古い記録が削除されています。"
    ),
    (
        VmiStaleTitle,
        "Not current: the backend cannot be reached. This is the last diagnosis received.",
        "最新ではありません: バックエンドに接続できません。最後に受信した診断を表示しています。"
    ),
    (VmiStaleAgePre, "Received", "受信:"),
    (VmiStaleAgePost, "ago", "前"),
    (ErrRetry, "Retry", "再試行"),
    (Notfound, "Page not found.", "ページが見つかりません。"),
    (TlTitle, "History", "履歴"),
    (TlSpan, "Timeline span", "タイムラインの期間"),
    (TlOverall, "overall", "総合"),
    (TlMarks, "events", "イベント"),
    (TlChanges, "Changes", "変化"),
    (TlFit, "all recorded", "記録全体"),
    (
        TlNoChanges,
        "No verdict changes recorded in this range.",
        "この期間に記録された判定の変化はありません。"
    ),
    (TlNotRecorded, "not recorded", "記録なし"),
    (TlNoMigration, "no migration", "マイグレーションなし"),
    (TlShow, "show as it was", "その時点を表示"),
    (TlOff, "History is off", "履歴は無効です"),
    (
        TlHint,
        "Click a band to see the diagnosis as it was at that moment.",
        "帯をクリックすると、その時点の診断を表示します。"
    ),
    (TlLegend, "Legend", "凡例"),
    (
        AsOfTitle,
        "Recorded diagnosis as of",
        "記録された診断 — 時点"
    ),
    (
        AsOfNote,
        "This is how Strata diagnosed the VMI then, not how it is now.",
        "これは現在ではなく、その時点での診断です。"
    ),
    (AsOfBack, "Back to now", "現在に戻る"),
    (OvChanged, "changed in the last hour", "直近 1 時間に変化"),
    (
        OvChangedOff,
        "History is off: there are no recorded changes to filter by.",
        "履歴が無効のため、記録された変化で絞り込めません。"
    ),
    (WallChanges, "Latest changes", "最近の変化"),
    (
        WallNoChanges,
        "No verdict changes in the last hour",
        "直近 1 時間に判定の変化はありません"
    ),
    (
        AsOfOff,
        "The moment this link names cannot be shown: this is the live state.",
        "このリンクが指す時点は表示できません。現在のライブの状態を表示しています。"
    ),
    (TlPhase, "phase", "フェーズ"),
    (VmiPodFinished, "finished", "終了"),
    (ColRole, "Role", "役割"),
    (
        ChartNoSamples,
        "no samples in this range",
        "この範囲にサンプルがありません"
    ),
    (
        ChartPartial,
        "partial data: some series or part of the range have no samples",
        "一部のデータのみ: サンプルのない系列または期間があります"
    ),
    (ChartNow, "now", "現在"),
    (
        ChartLegend,
        "Series (click to hide or show)",
        "系列 (クリックで表示/非表示)"
    ),
    (ChartCpu, "CPU", "CPU"),
    (ChartMemory, "Memory", "メモリ"),
    (ChartBlockIo, "Block I/O", "ブロック I/O"),
    (ChartNetwork, "Network", "ネットワーク"),
    (ChartDirtyRate, "Dirty rate", "ダーティ速度"),
    (
        ChartMigrationData,
        "Migration: processed / remaining",
        "マイグレーション: 処理済み / 残り"
    ),
    (
        ChartMigrationRates,
        "Migration: transfer rate vs dirty rate",
        "マイグレーション: 転送速度とダーティ速度"
    ),
    (ChartAria, "chart", "グラフ"),
    (
        ChartTimeAxis,
        "time (minutes before the newest sample)",
        "時間 (最新のサンプルの何分前)"
    ),
    (
        CvTimeAxis,
        "time since the migration started (min:s)",
        "マイグレーション開始からの時間 (分:秒)"
    ),
    (UnitBytes, "bytes", "バイト"),
    (UnitBytesPerSecond, "bytes/s", "バイト/秒"),
    (UnitCores, "cores", "コア"),
    (UnitCount, "count", "件数"),
    (UnitMinutes, "min", "分"),
    (UnitHours, "h", "時間"),
    (ChartNoData, "no data", "データなし"),
    (SeriesCpu, "cpu", "CPU"),
    (SeriesMemoryResident, "memory resident", "常駐メモリ"),
    (SeriesMemoryAvailable, "memory available", "利用可能メモリ"),
    (SeriesMemoryUsable, "memory usable", "使用可能メモリ"),
    (SeriesBlockRead, "block read", "ブロック読み取り"),
    (SeriesBlockWrite, "block write", "ブロック書き込み"),
    (SeriesNetRx, "net rx", "ネットワーク受信"),
    (SeriesNetTx, "net tx", "ネットワーク送信"),
    (MgConverging, "converging", "収束中"),
    (
        MgProcessedRemaining,
        "processed / remaining",
        "処理済み / 残り"
    ),
    (MgRates, "transfer vs dirty rate", "転送速度とダーティ速度"),
    (CvTitle, "Convergence", "収束"),
    (
        CvAria,
        "Convergence of migration",
        "マイグレーションの収束:"
    ),
    (CvRemaining, "remaining", "残り"),
    (CvProcessed, "processed", "処理済み"),
    (CvTransfer, "transfer", "転送"),
    (CvDirty, "dirty", "ダーティ"),
    (CvTransferRate, "transfer rate", "転送速度"),
    (CvDirtyRate, "dirty rate", "ダーティ速度"),
    (CvEta, "ETA", "残り時間"),
    (
        CvNotConverging,
        "not converging: memory is dirtied as fast as it is sent",
        "収束していません: 送信と同じ速さでメモリが書き換えられています"
    ),
    (
        CvShade,
        "not converging (dirty ≥ transfer)",
        "非収束 (ダーティ ≥ 転送)"
    ),
    (
        CvMode,
        "PostCopy / Paused switch",
        "PostCopy / Paused への切替"
    ),
    (
        CvNoProm,
        "No Prometheus: only the phase timestamps of the migration are drawn.",
        "Prometheus がありません: マイグレーションのフェーズ時刻のみを表示します。"
    ),
    (
        CvPaste,
        "A paste has no Prometheus series: only the phase timestamps are drawn.",
        "貼り付けたダンプには Prometheus の系列がありません: フェーズ時刻のみを表示します。"
    ),
    (
        CvNoSamples,
        "Prometheus has no samples for this migration's window.",
        "このマイグレーションの期間のサンプルが Prometheus にありません。"
    ),
    (
        CvNoTimes,
        "The migration has no phase timestamps yet.",
        "マイグレーションにまだフェーズ時刻がありません。"
    ),
    (
        CvModeUntimed,
        "(KubeVirt records no time for this switch)",
        "(KubeVirt はこの切替の時刻を記録しません)"
    ),
    (Alerts, "Alerts", "アラート"),
    (TlMigrationRuns, "migration runs", "マイグレーションの実行"),
    (
        WallMigrating,
        "Migrations in progress",
        "実行中のマイグレーション"
    ),
    (WallFocusChart, "Key chart of", "主要チャート:"),
];
