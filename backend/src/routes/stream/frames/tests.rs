//! The JSON of an event is written once per distinct set of messages, and is what the owned
//! messages write.

use super::*;
use crate::metrics::Metrics;
use crate::routes::stream::machine::{Machine, Visibility};
use crate::store::Store;

/// Lets every message through as it is (local mode).
struct AsIs;

impl Visibility for AsIs {
    async fn visible_part(
        &self,
        msg: &Arc<StreamMsg>,
    ) -> Result<Option<Arc<StreamMsg>>, crate::error::ApiErr> {
        Ok(Some(msg.clone()))
    }
}

/// Lets every message through as a copy of its own (a caller cut to its permissions).
struct Copied;

impl Visibility for Copied {
    async fn visible_part(
        &self,
        msg: &Arc<StreamMsg>,
    ) -> Result<Option<Arc<StreamMsg>>, crate::error::ApiErr> {
        Ok(Some(Arc::new((**msg).clone())))
    }
}

fn summary(name: &str) -> model::VmiSummary {
    model::VmiSummary::from_vmi(&model::kube::vmi::Vmi::from_value(&serde_json::json!({
        "metadata": {"name": name, "namespace": "ns"}, "status": {"phase": "Pending"}
    })))
}

#[tokio::test]
async fn clients_on_the_same_batch_share_one_json_and_others_get_their_own() {
    const N: usize = 5;
    let store = Arc::new(Store::new(1000, 1000));
    store.replace_all(vec![summary("a")]);
    let metrics = Arc::new(Metrics::default());
    let frames = Frames::new();
    let mut shared: Vec<_> = (0..N)
        .map(|_| Machine::start(store.clone(), metrics.clone(), AsIs, None))
        .collect();
    let mut own = Machine::start(store.clone(), metrics.clone(), Copied, None);
    for m in &mut shared {
        let snapshot = m.next_event().await.unwrap();
        assert!(frames.json(&snapshot.msgs).is_some());
    }
    let snapshot = own.next_event().await.unwrap();
    assert!(frames.json(&snapshot.msgs).is_some());
    assert_eq!(frames.written(), N as u64 + 1, "each stream's own snapshot");

    // One batch of two changes, waiting for every stream.
    store.upsert(summary("b"));
    store.upsert(summary("c"));
    let mut jsons = Vec::new();
    for m in &mut shared {
        let out = m.next_event().await.unwrap();
        assert_eq!(out.msgs.len(), 2);
        jsons.push(frames.json(&out.msgs).unwrap());
    }
    assert_eq!(
        frames.written(),
        N as u64 + 2,
        "written once for the {N} streams"
    );
    assert!(
        jsons.iter().all(|j| Arc::ptr_eq(j, &jsons[0])),
        "the same bytes"
    );
    let out = own.next_event().await.unwrap();
    let theirs = frames.json(&out.msgs).unwrap();
    assert_eq!(
        frames.written(),
        N as u64 + 3,
        "its own messages, its own JSON"
    );
    assert_eq!(theirs, jsons[0], "equal content");
}

#[test]
fn the_json_is_what_the_owned_messages_write() {
    let msgs: Vec<Arc<StreamMsg>> = ["a", "b"]
        .into_iter()
        .map(|n| Arc::new(StreamMsg::Upsert { item: summary(n) }))
        .collect();
    let frames = Frames::new();
    let owned = StreamMsg::Batch {
        msgs: msgs.iter().map(|m| (**m).clone()).collect(),
    };
    assert_eq!(
        frames.json(&msgs).as_deref(),
        Some(serde_json::to_string(&owned).unwrap().as_str())
    );
    assert_eq!(
        frames.json(&msgs[..1]).as_deref(),
        Some(serde_json::to_string(&*msgs[0]).unwrap().as_str())
    );
}

#[test]
fn at_most_kept_frames_are_held() {
    let frames = Frames::new();
    let msgs: Vec<Arc<StreamMsg>> = (0..KEPT + 1)
        .map(|i| {
            Arc::new(StreamMsg::Upsert {
                item: summary(&format!("v{i}")),
            })
        })
        .collect();
    for m in &msgs {
        frames.json(std::slice::from_ref(m));
    }
    assert_eq!(frames.recent.lock().unwrap().len(), KEPT);
    // The first was let go: written again; the last is still shared.
    frames.json(&msgs[KEPT..]);
    assert_eq!(frames.written(), KEPT as u64 + 1);
    frames.json(&msgs[..1]);
    assert_eq!(frames.written(), KEPT as u64 + 2);
}
