//! The one line of `diagnosis/headline.rs`: `<vmi>: <layer> <health> — <finding>`, the layers also at that health, the unknown and healthy forms.

use super::Entry;

#[rustfmt::skip]
pub const HEADLINE: &[Entry] = &[
    ("{}: {t} — {t} (also {t}: {t})",
     "{0}: {1} — {2}(ほかに{3}: {4})"),
    ("{}: {t} — {t}",
     "{0}: {1} — {2}"),
    ("{}: unknown — not enough evidence",
     "{0}: 不明 — 証拠が足りません"),
    ("{}: healthy as far as seen; unknown: {t}",
     "{0}: 見えた範囲では正常。不明: {1}"),
    ("{}: healthy — {t}",
     "{0}: 正常 — {1}"),
    ("{}: healthy",
     "{0}: 正常"),
    ("{t} (inferred from what it is about)",
     "{0}(対象から推定)"),
    ("{t} (inferred from who reported it)",
     "{0}(報告元から推定)"),
    ("{t} — {t} (also {t}: {t})",
     "{0} — {1}(ほかに{2}: {3})"),
    ("{t} — {t}",
     "{0} — {1}"),
    ("unknown — not enough evidence",
     "不明 — 証拠が足りません"),
    // `diagnosis::NO_EVIDENCE`: a layer's summary when nothing was found about it.
    ("no evidence",
     "証拠なし"),
    ("healthy as far as seen; unknown: {t}",
     "見えた範囲では正常。不明: {0}"),
    ("healthy — {t}",
     "正常 — {0}"),
];
