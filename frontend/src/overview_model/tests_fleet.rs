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
