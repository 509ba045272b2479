//! A recorded page is kept as its evidence ([`backend::history::Snapshot`]) and diagnosed again
//! when read: for every VMI of the demo (every scenario), the page read back from the stored
//! bytes is the page diagnosed from the evidence before it was stored.

mod common;

use backend::history::Snapshot;
use common::*;
use model::view::detail::VmiDetail;

/// `bytes` deflated as the store does.
fn deflated(bytes: &[u8]) -> usize {
    use std::io::Write;
    let mut enc = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(bytes).unwrap();
    enc.finish().unwrap().len()
}

#[tokio::test]
async fn every_demo_page_reads_back_as_it_was_diagnosed() {
    let sim = sim("demo").await;
    // Things happen: migrations, a drained and a lost node.
    sim.advance(120.0);
    let console = console(&sim).await;
    all_synced(&console).await;
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    let keys = console.store.items();
    assert!(keys.len() > 20, "the demo's VMIs: {}", keys.len());
    let now = Some(backend::evidence::now(&console.caches));
    let (mut stored, mut pages) = (0usize, 0usize);
    for s in keys {
        let (ns, name) = (&s.key.namespace, &s.key.name);
        let evidence = backend::evidence::collect(&client, &console.caches, ns, name)
            .await
            .unwrap()
            .unwrap();
        let before = VmiDetail::build(&evidence, now);
        let bytes = Snapshot { now, evidence }.compress();
        let back = Snapshot::decompress(&bytes).unwrap();
        assert_eq!(back.page(), before, "{ns}/{name}");
        stored += bytes.len();
        pages += deflated(&serde_json::to_vec(&before).unwrap());
    }
    // What the recording costs against storing the diagnosed page (the earlier format).
    eprintln!("{stored} bytes of compressed evidence for {pages} bytes of compressed pages");
}
