//! Native tests of the overview across a fleet: grouping and filtering by cluster, and the
//! summary row per cluster.

use super::fleet::{is_fleet, key_cluster, summaries, wall_tiles};
use super::*;
use model::api::{ClusterRow, ClustersAnswer};
use model::kube::vmi::Vmi;
use model::verdict::Health::*;
use model::view::{VmiKey, VmiSummary};

fn vmi(cluster: &str, ns: &str, name: &str, broken: bool) -> VmiSummary {
    let mut s = VmiSummary::from_vmi(&Vmi::from_value(&serde_json::json!({
        "metadata": {"name": name, "namespace": ns},
        "status": {"phase": "Running", "nodeName": "node-1"}
    })));
    s.key.cluster = cluster.into();
    s.layers.control_plane = if broken { Broken } else { Healthy };
    s
}

/// Three clusters, the first one's keys naming none; `db/pg` in every one of them.
fn fleet() -> Vec<VmiSummary> {
    let mut all = vec![
        vmi("", "db", "pg", false),
        vmi("", "web", "front", false),
        vmi("west", "db", "pg", true),
        vmi("west", "web", "front", false),
        vmi("zeta", "db", "pg", false),
    ];
    all.sort_by(|a, b| a.key.cmp(&b.key));
    all
}

fn answer(west_reachable: bool) -> ClustersAnswer {
    let row = |name: &str, reachable: bool| ClusterRow {
        name: name.into(),
        reachable,
        synced: true,
        stale_since: (!reachable).then(|| "2026-12-06T00:00:00Z".into()),
        error: (!reachable).then(|| "connection refused".into()),
        ..ClusterRow::default()
    };
    ClustersAnswer {
        clusters: vec![
            row("east", true),
            row("west", west_reachable),
            row("zeta", true),
        ],
    }
}

fn shown(all: &[VmiSummary], f: Filter) -> Shown {
    let d = Delta::default();
    let r = Recency::next(None, &d, all);
    Shown::next(None, &d, all, f, &r).0
}

#[test]
fn grouping_by_cluster_never_merges_the_same_name_of_two_clusters() {
    assert_eq!(Grouping::from_param(Some("cluster")), Grouping::Cluster);
    assert_eq!(Grouping::Cluster.param(), "cluster");
    let all = fleet();
    let f = Filter {
        first_cluster: "east".into(),
        ..Filter::from_url(None, None, Some("cluster"))
    };
    let s = shown(&all, f);
    assert_eq!(
        s.groups,
        [
            ("east".to_string(), 2),
            ("west".into(), 2),
            ("zeta".into(), 1)
        ],
        "the first cluster first, under its name"
    );
    let keys: Vec<String> = s.order.iter().map(|i| all[*i].key.to_string()).collect();
    let pgs = s.order.iter().filter(|i| all[**i].key.name == "pg").count();
    assert_eq!(pgs, 3, "one db/pg per cluster: {keys:?}");
    // Every VMI once.
    let mut seen = s.order.clone();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), all.len());
}

#[test]
fn filtering_by_cluster_keeps_that_clusters_vmis_alone() {
    let all = fleet();
    let a = answer(true);
    let only = |name: &str| {
        let f = Filter {
            cluster: Some(key_cluster(name, a.first().unwrap_or_default())),
            ..Filter::from_url(None, None, None)
        };
        let s = shown(&all, f);
        let mut got: Vec<String> = s.order.iter().map(|i| all[*i].key.to_string()).collect();
        got.sort();
        got
    };
    let west = only("west");
    assert_eq!(west.len(), 2);
    assert!(west.iter().all(|k| k.contains("west")), "{west:?}");
    // The first cluster, by its name, though its keys name none.
    let east = only("east");
    assert_eq!(east.len(), 2);
    assert!(
        east.iter()
            .all(|k| !k.contains("west") && !k.contains("zeta")),
        "{east:?}"
    );
    assert!(only("nowhere").is_empty());
}

#[test]
fn one_cluster_is_no_fleet() {
    let one = vec![vmi("", "db", "pg", false), vmi("", "web", "front", true)];
    assert!(!is_fleet(&one));
    assert!(!is_fleet(&[]));
    assert!(is_fleet(&fleet()), "a key names a cluster");
    // One VMI of a second cluster among many of the first (sorted by key: it comes last).
    let mut many: Vec<VmiSummary> = (0..1000)
        .map(|i| vmi("", "db", &format!("vm-{i}"), false))
        .collect();
    assert!(!is_fleet(&many));
    many.push(vmi("edge", "db", "vm-0", false));
    many.sort_by(|a, b| a.key.cmp(&b.key));
    assert!(is_fleet(&many));
}

#[test]
fn the_urls_name_of_the_first_cluster_means_its_unnamed_keys() {
    assert_eq!(key_cluster("east", "east"), "");
    assert_eq!(key_cluster("west", "east"), "west");
    // While the first cluster's name is unknown, every name is taken as a key's.
    assert_eq!(key_cluster("east", ""), "east");
    assert_eq!(key_cluster("", ""), "");
}

#[test]
fn a_summary_per_cluster_with_its_counts_and_worst_vmi() {
    let all = fleet();
    let a = answer(true);
    let r = Recency::next(None, &Delta::default(), &all);
    let rows = summaries(&all, Some(&a), &r);
    let names: Vec<&str> = rows.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["east", "west", "zeta"]);
    let [east, west, zeta] = &rows[..] else {
        panic!("{rows:?}")
    };
    assert_eq!(east.key, "");
    // Healthy-looking VMIs count as unknown (the card's verdict); west's db/pg is broken.
    assert_eq!(east.counts, [0, 0, 2, 0]);
    assert_eq!(west.counts, [1, 0, 1, 0]);
    assert_eq!(zeta.counts, [0, 0, 1, 0]);
    let worst = west.worst.as_ref().expect("west has a broken VMI");
    assert_eq!(
        (worst.cluster.as_str(), worst.name.as_str()),
        ("west", "pg")
    );
    assert!(rows.iter().all(|c| c.reachable));
}

#[test]
fn an_unreachable_cluster_keeps_its_vmis_and_says_since_when() {
    let all = fleet();
    let r = Recency::next(None, &Delta::default(), &all);
    let rows = summaries(&all, Some(&answer(false)), &r);
    let west = &rows[1];
    assert!(!west.reachable);
    assert_eq!(
        west.stale_since,
        model::time::Timestamp::parse("2026-12-06T00:00:00Z")
    );
    assert_eq!(west.error.as_deref(), Some("connection refused"));
    assert_eq!(west.counts.iter().sum::<usize>(), 2, "its VMIs kept");
    assert!(rows[0].reachable && rows[2].reachable);
    // Without the backend's answer, the clusters the keys name, the first one unnamed.
    let bare = summaries(&all, None, &r);
    let keys: Vec<&str> = bare.iter().map(|c| c.key.as_str()).collect();
    assert_eq!(keys, ["", "west", "zeta"]);
    // A listed cluster without VMIs (unreachable since the start) still has its row.
    let mut four = answer(true);
    four.clusters.push(ClusterRow {
        name: "north".into(),
        ..ClusterRow::default()
    });
    let rows = summaries(&all, Some(&four), &r);
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[3].counts, [0; 4]);
    assert!(!rows[3].reachable);
    assert!(rows.iter().all(|c| c.signed_in), "local mode says nothing");
    // Token mode: a cluster the session has not signed in to says so.
    four.clusters[3].signed_in = Some(false);
    four.clusters[0].signed_in = Some(true);
    let rows = summaries(&all, Some(&four), &r);
    assert!(rows[0].signed_in && !rows[3].signed_in);
}

#[test]
fn the_chips_count_the_cluster_picked() {
    let all = fleet();
    let d = Delta::default();
    let every = Counts::next(None, &d, &all, String::new());
    assert_eq!(every.n.iter().sum::<usize>(), 5);
    let west = Counts::next_in(None, &d, &all, String::new(), Some("west".into()));
    assert_eq!(west.n, [1, 0, 1, 0]);
    let first = Counts::next_in(None, &d, &all, String::new(), Some(String::new()));
    assert_eq!(first.n, [0, 0, 2, 0], "the first cluster's keys name none");
}

#[test]
fn with_one_cluster_the_urls_cluster_and_grouping_change_nothing() {
    let one = vec![vmi("", "db", "pg", false), vmi("", "web", "front", true)];
    let f = Filter {
        cluster: Some("west".into()),
        ..Filter::from_url(None, None, Some("cluster"))
    }
    .for_fleet(is_fleet(&one));
    assert_eq!(f, Filter::from_url(None, None, None));
    assert_eq!(shown(&one, f).order.len(), 2);
    // A fleet keeps both.
    let kept = Filter {
        cluster: Some("west".into()),
        ..Filter::from_url(None, None, Some("cluster"))
    }
    .for_fleet(true);
    assert_eq!(kept.group, Grouping::Cluster);
    assert_eq!(kept.cluster.as_deref(), Some("west"));
}

#[test]
fn the_walls_tile_per_cluster_lists_its_broken_vmis_worst_first() {
    let mut all = fleet();
    all.push(vmi("west", "ml", "trainer", true));
    all.push(vmi("west", "ops", "bastion", true));
    all.sort_by(|a, b| a.key.cmp(&b.key));
    let r = Recency::next(None, &Delta::default(), &all);
    let tiles = wall_tiles(&all, Some(&answer(false)), &r, 2);
    let names: Vec<&str> = tiles.iter().map(|t| t.cluster.name.as_str()).collect();
    assert_eq!(names, ["east", "west", "zeta"]);
    assert!(tiles[0].broken.is_empty() && tiles[2].broken.is_empty());
    let west = &tiles[1];
    assert!(
        !west.cluster.reachable,
        "an unreachable cluster keeps its tile and its VMIs"
    );
    assert_eq!(west.cluster.counts[0], 3, "three broken in all");
    assert_eq!(west.broken.len(), 2, "at most the two asked");
    assert!(west.broken.iter().all(|k| k.cluster == "west"));
    // Worst first, as the wall's problem list orders them.
    let (problems, _) = order::worst(&all, &r, usize::MAX);
    let west_first: Vec<VmiKey> = problems
        .iter()
        .filter(|s| s.key.cluster == "west")
        .take(2)
        .map(|s| s.key.clone())
        .collect();
    assert_eq!(west.broken, west_first);
}

/// A fleet of `n` VMIs in each of three clusters, sorted by key.
fn big_fleet(n: usize) -> Vec<VmiSummary> {
    let mut all: Vec<VmiSummary> = ["", "west", "zeta"]
        .iter()
        .flat_map(|c| {
            (0..n).map(move |i| vmi(c, &format!("ns-{}", i % 3), &format!("vm-{i:03}"), false))
        })
        .collect();
    all.sort_by(|a, b| a.key.cmp(&b.key));
    all
}

/// [`big_fleet`] of `n` as the page holds it after the stream's snapshot: the list, its key
/// index and the delta of the snapshot.
fn streamed(n: usize) -> (Vec<VmiSummary>, model::wire::KeyIndex, Delta) {
    use model::wire::{KeyIndex, StreamMsg};
    let (mut all, mut index, mut d) = (Vec::new(), KeyIndex::default(), Delta::default());
    let snapshot = StreamMsg::Snapshot {
        items: big_fleet(n),
        synced: true,
    };
    d.record(StreamMsg::apply_all(vec![snapshot], &mut all, &mut index));
    (all, index, d)
}

#[test]
fn the_tally_kept_from_each_batch_is_the_tally_of_every_vmi() {
    use super::tally::Tally;
    use model::wire::StreamMsg;
    let (mut all, mut index, mut d) = streamed(40);
    let mut r = Recency::next(None, &d, &all);
    let mut t = Tally::next(None, &d, &all, &r);
    // Batches that break VMIs, then mend the worst of each cluster (its next worst must be
    // found), then break and mend in the same batch.
    let plan: Vec<Vec<(usize, bool)>> = vec![
        vec![(3, true), (50, true), (51, true), (100, true)],
        vec![(7, true), (3, false)],
        vec![(50, false), (51, false), (100, false), (101, true)],
        vec![(7, false), (3, true), (119, true), (0, true)],
        vec![(0, false), (3, false), (119, false), (101, false)],
    ];
    for (round, batch) in plan.into_iter().enumerate() {
        let msgs = batch
            .iter()
            .map(|&(i, broken)| {
                let mut s = all[i].clone();
                s.layers.control_plane = if broken { Broken } else { Healthy };
                s.changed = model::time::Timestamp::parse(&format!("2026-12-06T00:00:{round:02}Z"));
                StreamMsg::Upsert { item: s }
            })
            .collect();
        d.record(StreamMsg::apply_all(msgs, &mut all, &mut index));
        assert!(
            d.replaced_since(t.seq).is_some(),
            "round {round}: an update, not a move"
        );
        r = Recency::next(Some(r), &d, &all);
        t = Tally::next(Some(t), &d, &all, &r);
        let whole = Tally::next(None, &d, &all, &r);
        assert_eq!(t, whole, "round {round}");
        assert_eq!(
            super::fleet::rows(&all, None, &t),
            summaries(&all, None, &r),
            "round {round}"
        );
        // The wall's tiles: each cluster's broken VMIs worst first, as the problem list orders them.
        let (problems, _) = order::worst(&all, &r, usize::MAX);
        for tile in super::fleet::tiles(&all, None, &t, 3) {
            let expected: Vec<VmiKey> = problems
                .iter()
                .filter(|s| s.key.cluster == tile.cluster.key && verdict(s) == Broken)
                .take(3)
                .map(|s| s.key.clone())
                .collect();
            assert_eq!(tile.broken, expected, "round {round}, {}", tile.cluster.key);
        }
    }
    // Every cluster mended: every VMI counted as unknown again (healthy as far as seen).
    assert!(
        t.clusters.values().all(|c| c.counts == [0, 0, 40, 0]),
        "{t:?}"
    );
}

#[test]
fn a_clusters_worst_vmi_mended_hands_the_row_to_the_next_worst() {
    use super::tally::Tally;
    use model::wire::StreamMsg;
    let (mut all, mut index, mut d) = streamed(10);
    let mut r = Recency::next(None, &d, &all);
    let mut t = Tally::next(None, &d, &all, &r);
    let west = |all: &[VmiSummary], i: usize| {
        all.iter()
            .filter(|s| s.key.cluster == "west")
            .nth(i)
            .unwrap()
            .clone()
    };
    let break_at = |s: &VmiSummary, broken: bool, sec: u32| {
        let mut s = s.clone();
        s.layers.control_plane = if broken { Broken } else { Healthy };
        s.changed = model::time::Timestamp::parse(&format!("2026-12-06T00:00:{sec:02}Z"));
        StreamMsg::Upsert { item: s }
    };
    let (older, newer) = (west(&all, 2), west(&all, 5));
    for msgs in [
        vec![break_at(&older, true, 1)],
        vec![break_at(&newer, true, 2)],
    ] {
        d.record(StreamMsg::apply_all(msgs, &mut all, &mut index));
        r = Recency::next(Some(r), &d, &all);
        t = Tally::next(Some(t), &d, &all, &r);
    }
    let worst = |t: &Tally, all: &[VmiSummary]| {
        super::fleet::rows(all, None, t)
            .into_iter()
            .find(|c| c.key == "west")
            .and_then(|c| c.worst)
    };
    assert_eq!(
        worst(&t, &all),
        Some(newer.key.clone()),
        "the newest change first"
    );
    d.record(StreamMsg::apply_all(
        vec![break_at(&newer, false, 3)],
        &mut all,
        &mut index,
    ));
    r = Recency::next(Some(r), &d, &all);
    t = Tally::next(Some(t), &d, &all, &r);
    assert_eq!(
        worst(&t, &all),
        Some(older.key.clone()),
        "the other broken one next"
    );
}
