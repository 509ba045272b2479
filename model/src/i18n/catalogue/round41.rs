//! Round 41's sentences: a pause the paste's own `virtctl pause` asked for
//! (`input/own_pause.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND41: &[Entry] = &[
    ("{} is paused by the paste's own `virtctl pause` (not a fault)",
     "{0} は貼り付け内の `virtctl pause` で一時停止されています(障害ではありません)"),
    ("virtctl pause was run on it earlier in the paste: the guest is paused as asked (its Paused condition's reason is PausedByUser), so it answers no console or ssh until it is unpaused",
     "貼り付けの前の部分で virtctl pause が実行されています。ゲストは求めどおり一時停止しており(Paused 条件の理由は PausedByUser)、一時停止が解除されるまでコンソールにも ssh にも応答しません"),
    ("virtctl unpause vm {} (to run it again)",
     "virtctl unpause vm {0}(再び動かすには)"),
];
