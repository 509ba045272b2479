//! Sentences the backend writes into its own answers beside the diagnosis: why history is off
//! or unreadable (`backend/src/routes/history.rs`, `backend/src/state.rs`, `backend/src/run.rs`).

use super::Entry;

#[rustfmt::skip]
pub const CONSOLE: &[Entry] = &[
    ("history is not configured",
     "履歴は設定されていません"),
    ("History is off: {}. The console still shows the live state.",
     "履歴は無効です: {0}。コンソールは引き続き現在の状態を表示します。"),
    ("History is off: {}. What was recorded before is shown; new changes are not being recorded.",
     "履歴は無効です: {0}。記録済みの内容は表示しますが、新しい変更は記録されていません。"),
    ("History could not be read: {}. The console still shows the live state.",
     "履歴を読み込めませんでした: {0}。コンソールは引き続き現在の状態を表示します。"),
];
