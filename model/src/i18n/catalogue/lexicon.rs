//! The learned reading's hint (`input/lexicon`): the layer a paste's words suggest where the
//! rules blame none.

use super::Entry;

#[rustfmt::skip]
pub const LEXICON: &[Entry] = &[
    ("error lines no rule places: {}",
     "どのルールも位置づけないエラー行: {0}"),
    ("their words are most like those of pastes where the {} was at fault ({}): a hint, not a finding",
     "その語は、{0} に障害があった貼り付けの語に最もよく似ています({1})。所見ではなくヒントです"),
    ("a learned reading, {} %, weighed most by line(s) {}",
     "学習した読み取り、{0} %、最も重みがあったのは {1} 行目"),
    ("a learned reading, {} %",
     "学習した読み取り、{0} %"),
];
