//! Round 27's sentences: a line read through the third-party catalogues generated from the
//! kubelet's, the scheduler's, the volume controllers', Longhorn's manager's and CDI's programs'
//! source (`signatures/fallback.rs` `from_third_party`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND27: &[Entry] = &[
    ("no signature knows this line, but it holds {}'s message \"{}\" (written in {}), so it \
      points at the {t} layer, with low confidence: read the line itself",
     "どのシグネチャーにも該当しない行ですが、{0} のメッセージ \"{1}\"({2} に記述)を含んでいるため、\
      低い確信度で{3}レイヤーを指します。行そのものを読んでください"),
    ("{} ({} {}, from the generated catalogue)",
     "{0}({1} {2} の生成カタログより)"),
    // `input/package_layer.rs` third_party_cause
    ("no signature knows this line; {} printed it, but its message \"{}\" is written in {}, a \
      folder of the {t} layer: the code that failed decides over the program that printed it, \
      with low confidence: read the line itself",
     "どのシグネチャーにも該当しない行です。{0} が出力しましたが、そのメッセージ \"{1}\" は{3}レイヤーの\
      フォルダーである {2} に記述されています。出力したプログラムより失敗したコードが決め手となり、\
      低い確信度でそのレイヤーを指します。行そのものを読んでください"),
    // `input/lines.rs`: a known component's line holding a third party's message
    ("{t} The message is known: {} ({} {}, from the generated catalogue).",
     "{0}。このメッセージは既知のもの({1}、{2} {3} の生成カタログより)です。"),
];
