//! Native tests of the packing between the two modules.

use super::*;
use crate::overview_model::fleet::{rows, summaries, tiles, wall_tiles};
use crate::overview_model::tally::Tally;
use crate::overview_model::{Delta, Recency};
use model::kube::vmi::Vmi;
use model::verdict::Health::*;
use model::wire::KeyIndex;

fn vmi(cluster: &str, i: usize) -> VmiSummary {
    let mut s = VmiSummary::from_vmi(&Vmi::from_value(&serde_json::json!({
        "metadata": {"name": format!("vm-{i:03}"), "namespace": format!("ns-{}", i % 3)},
        "status": {"phase": "Running", "nodeName": format!("node-{}", i % 4)}
    })));
    s.key.cluster = cluster.into();
    s
}

/// A summary with every field set, in words no ASCII-only reader would pass.
fn every_field() -> VmiSummary {
    let mut s = vmi("east — 東", 7);
    s.phase = "Scheduling".into();
    s.ip = Some("10.0.0.7".into());
    s.paused = true;
    s.live_migratable = Some(false);
    s.not_migratable_reason = Some("DisksNotLiveMigratable".into());
    s.agent = AgentState::Unsupported;
    s.migration = Some(Box::new(MigrationBrief {
        mode: Some("PostCopy".into()),
        target_node: Some("node-9".into()),
        percent: Some(42.5),
    }));
    s.layers = LayerGlance {
        control_plane: Healthy,
        node: Degraded,
        guest: Broken,
        network: Unknown,
        migration: Broken,
    };
    s.headline = "migrating → node-9 😀".into();
    s.alerts = 65_535;
    s.changed = Some(Timestamp(-1_700_000_000_123));
    s
}

/// Every kind of message, each field set and unset.
fn messages() -> Vec<StreamMsg> {
    let mut bare = vmi("", 1);
    bare.node = None;
    bare.phase = String::new();
    bare.headline = String::new();
    bare.changed = None;
    let mut unknown_percent = every_field();
    unknown_percent.migration = Some(Box::default());
    unknown_percent.live_migratable = Some(true);
    unknown_percent.agent = AgentState::Connected;
    vec![
        StreamMsg::Snapshot {
            items: vec![every_field(), bare.clone()],
            synced: true,
        },
        StreamMsg::Snapshot {
            items: vec![],
            synced: false,
        },
        StreamMsg::Upsert { item: bare },
        StreamMsg::Upsert {
            item: unknown_percent,
        },
        StreamMsg::Delete {
            key: every_field().key,
        },
        StreamMsg::Batch {
            msgs: vec![
                StreamMsg::Upsert {
                    item: every_field(),
                },
                StreamMsg::Batch { msgs: vec![] },
            ],
        },
    ]
}

#[test]
fn a_packed_batch_unpacks_to_the_same_messages() {
    let msgs = messages();
    assert_eq!(unpack(&pack(&msgs)), Some(msgs));
    assert_eq!(unpack(&pack(&[])), Some(vec![]));
    // The uid is not carried, as on the stream (browsers never have it).
    let mut with_uid = every_field();
    with_uid.uid = Some("4f1c-uid".into());
    assert_eq!(
        unpack(&pack(&[StreamMsg::Upsert { item: with_uid }])),
        Some(vec![StreamMsg::Upsert {
            item: every_field()
        }])
    );
    let items = vec![every_field(), vmi("west", 3)];
    assert_eq!(
        unpack(&pack_snapshot(&items, true)),
        Some(vec![StreamMsg::Snapshot {
            items,
            synced: true
        }])
    );
}

#[test]
fn a_damaged_packing_reads_as_none_and_never_panics() {
    let bytes = pack(&messages());
    // Cut anywhere: never the messages, never a panic.
    for end in 0..bytes.len() {
        assert_eq!(unpack(&bytes[..end]), None, "cut at {end}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(unpack(&longer), None, "a byte past the end");
    // Any one byte changed: whatever it reads as, it reads without a panic.
    for at in 0..bytes.len() {
        for b in [0x00, 0x02, 0x7f, 0xff] {
            let mut odd = bytes.clone();
            odd[at] = b;
            let _ = unpack(&odd);
        }
    }
    // A count far beyond the buffer is refused before anything is reserved for it.
    assert_eq!(unpack(&[0xff, 0xff, 0xff, 0x7f]), None);
    assert_eq!(
        unpack(&[1, 0, 0, 0, SNAPSHOT, 1, 0xff, 0xff, 0xff, 0x7f]),
        None
    );
    // Batches nested deeper than any stream sends.
    let mut deep = StreamMsg::Batch { msgs: vec![] };
    for _ in 0..10 {
        deep = StreamMsg::Batch { msgs: vec![deep] };
    }
    assert_eq!(unpack(&pack(&[deep])), None);
}

/// The views module's list, fed the main module's batches packed (from a snapshot of the main
/// module's list when it is loaded mid-stream, as `api::share_stream` does), stays the main
/// module's list, and its fleet rows and wall tiles, kept from each batch, stay those of a full
/// recount.
#[test]
fn a_list_fed_packed_batches_keeps_the_main_lists_rows_and_tiles() {
    let snapshot = StreamMsg::Snapshot {
        items: ["", "west", "zeta"]
            .iter()
            .flat_map(|c| (0..30).map(move |i| vmi(c, i)))
            .collect(),
        synced: true,
    };
    let (mut main, mut main_index) = (Vec::new(), KeyIndex::default());
    StreamMsg::apply_all(vec![snapshot], &mut main, &mut main_index);
    let upsert = |all: &[VmiSummary], i: usize, health, sec: u32| {
        let mut s = all[i].clone();
        s.layers.control_plane = health;
        s.changed = Timestamp::parse(&format!("2026-12-07T00:00:{sec:02}Z"));
        StreamMsg::Upsert { item: s }
    };
    // The main module applies a batch before the views module is loaded.
    let first = vec![upsert(&main, 4, Broken, 1)];
    StreamMsg::apply_all(first, &mut main, &mut main_index);
    let (mut mirror, mut index, mut d) = (Vec::new(), KeyIndex::default(), Delta::default());
    let attach = unpack(&pack_snapshot(&main, true)).expect("a snapshot");
    d.record(StreamMsg::apply_all(attach, &mut mirror, &mut index));
    let mut r = Recency::next(None, &d, &mirror);
    let mut t = Tally::next(None, &d, &mirror, &r);
    for round in 0..8u32 {
        let n = main.len();
        let pick = |k: usize| (k * 37 + round as usize * 11) % n;
        let mut batch: Vec<StreamMsg> = (0..6)
            .map(|k| {
                let health = [Broken, Degraded, Healthy][(k + round as usize) % 3];
                upsert(&main, pick(k), health, round + 2)
            })
            .collect();
        // The same VMI twice in a batch; a VMI added, one removed (positions move).
        batch.push(upsert(&main, pick(0), Broken, round + 3));
        if round % 3 == 2 {
            batch.push(StreamMsg::Upsert {
                item: vmi("west", 100 + round as usize),
            });
            batch.push(StreamMsg::Delete {
                key: main[pick(5)].key.clone(),
            });
        }
        let packed = pack(&batch);
        StreamMsg::apply_all(batch, &mut main, &mut main_index);
        d.record(StreamMsg::apply_all(
            unpack(&packed).expect("a batch"),
            &mut mirror,
            &mut index,
        ));
        assert_eq!(mirror, main, "round {round}");
        r = Recency::next(Some(r), &d, &mirror);
        t = Tally::next(Some(t), &d, &mirror, &r);
        assert_eq!(t, Tally::next(None, &d, &main, &r), "round {round}");
        assert_eq!(rows(&mirror, None, &t), summaries(&main, None, &r));
        assert_eq!(tiles(&mirror, None, &t, 3), wall_tiles(&main, None, &r, 3));
    }
    assert!(
        t.clusters.values().any(|c| c.counts[0] > 0),
        "some VMIs broken at the end: {t:?}"
    );
}
