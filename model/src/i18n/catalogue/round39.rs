//! Round 39's sentences: a pod's failure by who owns the pod (`input/owned_pods.rs`).

use super::Entry;

#[rustfmt::skip]
pub const ROUND39: &[Entry] = &[
    ("{t}; the listing holds {}, a pod only a cluster running inside the VMs runs, so the pod is a workload of that guest cluster and its fault is the guest's",
     "{0}。この一覧には VM の中で動くクラスターだけが動かす Pod {1} があるため、この Pod はそのゲストクラスターのワークロードで、その障害はゲストのものです"),
];
