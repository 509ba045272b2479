//! Sentences fresh batch 25 brought onto the Japanese pages: the two sentences of a pod stuck
//! starting (`input/sightings.rs`) one by one, for when a second launcher's cause follows them
//! (`input/second_launcher.rs`) and the page is translated sentence by sentence.

use super::Entry;

#[rustfmt::skip]
pub const BATCH25: &[Entry] = &[
    // `input/sightings.rs`
    ("Stuck starting: the pod is still not running long after it was created (unschedulable, e.g. \
      every node cordoned or tainted, or its volumes or images never ready).",
     "Pod の起動が止まっています。作成から長く経っても Pod がまだ動いていません(スケジュールできない。\
      たとえばすべてのノードが cordon されているか taint が付いている、あるいはボリュームやイメージの準備がいつまでも整わない)。"),
    ("Its events (FailedScheduling, FailedMount) say which.",
     "どれかはイベント(FailedScheduling、FailedMount)が示します。"),
];
