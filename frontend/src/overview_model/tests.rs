//! Native tests of the layout model.

use super::rows::{HEADER_H, OVERSCAN, ROW_H, columns, materialize, near, offsets, rows_of};
use super::*;
use model::kube::vmi::Vmi;
use model::verdict::Health::{self, *};
use model::view::VmiSummary;
use model::wire::{KeyIndex, StreamMsg};

fn summary(ns: &str, name: &str, phase: &str) -> VmiSummary {
    VmiSummary::from_vmi(&Vmi::from_value(&serde_json::json!({
        "metadata": {"name": name, "namespace": ns},
        "status": {"phase": phase, "nodeName": "node-1"}
    })))
}

/// The list and its delta, as `api::Live` keeps them.
#[derive(Default)]
struct List {
    all: Vec<VmiSummary>,
    index: KeyIndex,
    delta: Delta,
}

impl List {
    fn apply(&mut self, batch: Vec<StreamMsg>) {
        let applied = StreamMsg::apply_all(batch, &mut self.all, &mut self.index);
        if !applied.is_empty() {
            self.delta.record(applied);
        }
    }
}

#[test]
fn the_delta_brings_counts_and_order_up_to_date_as_a_full_recount_would() {
    let vm = |i: usize, node: &str, broken: bool| {
        let ns = if i.is_multiple_of(2) { "a" } else { "b" };
        let mut s = summary(ns, &format!("vm{i:02}"), "Running");
        s.node = Some(node.into());
        s.layers.control_plane = if broken { Broken } else { Healthy };
        s
    };
    let upsert = |item| StreamMsg::Upsert { item };
    let filters = [
        Filter::from_url(None, None, None),
        Filter::from_url(Some(" VM1 "), None, None),
        Filter::from_url(None, Some("broken".into()), None),
        Filter::from_url(None, None, Some("verdict")),
        Filter::from_url(None, None, Some("node")),
        Filter::from_url(Some("a"), Some("healthy".into()), Some("namespace")),
    ];
    let batches = vec![
        vec![StreamMsg::Snapshot {
            items: (0..30).map(|i| vm(i, "node-1", false)).collect(),
            synced: true,
        }],
        // Replacements that change nothing shown, the verdict, the node; one VMI twice.
        vec![
            upsert(vm(3, "node-1", false)),
            upsert(vm(4, "node-1", true)),
        ],
        vec![
            upsert(vm(5, "node-2", false)),
            upsert(vm(12, "node-1", true)),
            upsert(vm(12, "node-2", false)),
        ],
        vec![
            upsert(vm(4, "node-1", false)),
            upsert(vm(10, "node-1", true)),
        ],
        // Added and removed.
        vec![upsert(vm(40, "node-3", true))],
        vec![StreamMsg::Delete {
            key: vm(3, "", false).key,
        }],
        vec![
            upsert(vm(7, "node-1", false)),
            upsert(vm(8, "node-1", true)),
        ],
    ];
    let mut list = List::default();
    let mut kept: Vec<(Option<Counts>, Option<Shown>)> = vec![(None, None); filters.len()];
    let mut recency = None;
    for (b, batch) in batches.into_iter().enumerate() {
        list.apply(batch);
        let (d, all) = (&list.delta, &list.all);
        let next = Recency::next(recency.take(), d, all);
        let r = &*recency.insert(next);
        for (f, (counts, shown)) in filters.iter().zip(kept.iter_mut()) {
            let next = Counts::next(counts.as_ref(), d, all, f.q.clone());
            let full = Counts::next(None, d, all, f.q.clone());
            assert_eq!(next, full, "counts after batch {b}, {f:?}");
            *counts = Some(next);
            let (next, _) = Shown::next(shown.take(), d, all, f.clone(), r);
            let (full, _) = Shown::next(None, d, all, f.clone(), r);
            assert_eq!(next, full, "shown after batch {b}, {f:?}");
            *shown = Some(next);
        }
    }
    assert_eq!(list.delta.seq, 7);
    let replaced = list
        .delta
        .replaced
        .clone()
        .expect("the last batch only replaced");
    let names: Vec<&str> = replaced
        .iter()
        .map(|(i, _)| list.all[*i].key.name.as_str())
        .collect();
    assert_eq!(
        names,
        ["vm08", "vm07"],
        "ascending positions: a/vm08, b/vm07"
    );
    assert_eq!(list.delta.replaced_since(6).map(<[_]>::len), Some(2));
    assert!(list.delta.replaced_since(5).is_none(), "two changes ago");
}

#[test]
fn an_unmoved_update_keeps_the_order_and_says_so() {
    let mut list = List::default();
    list.apply(vec![StreamMsg::Snapshot {
        items: vec![summary("a", "x", "Running"), summary("a", "y", "Running")],
        synced: true,
    }]);
    let filter = Filter::from_url(None, None, Some("verdict"));
    let r = Recency::next(None, &list.delta, &list.all);
    let (first, changed) = Shown::next(None, &list.delta, &list.all, filter.clone(), &r);
    assert!(changed);
    let mut x = summary("a", "x", "Running");
    x.ip = Some("10.0.0.9".into());
    list.apply(vec![StreamMsg::Upsert { item: x }]);
    let r = Recency::next(Some(r), &list.delta, &list.all);
    let (same, changed) = Shown::next(Some(first.clone()), &list.delta, &list.all, filter, &r);
    assert!(!changed, "a replacement in place moves nothing");
    assert_eq!((same.order, same.seq), (first.order, first.seq + 1));
}

#[test]
fn verdict_is_the_worst_layer_and_counts_follow_the_chips_order() {
    let with = |cp: Health, node: Health, guest: Health| {
        let mut s = summary("a", "vm", "Running");
        s.layers.control_plane = cp;
        s.layers.node = node;
        s.layers.guest = guest;
        s
    };
    assert_eq!(verdict(&with(Healthy, Broken, Unknown)), Broken);
    assert_eq!(verdict(&with(Unknown, Unknown, Degraded)), Degraded);
    // "Healthy as far as seen" is shown (and counted) as unknown: its card carries a "?".
    assert_eq!(verdict(&with(Unknown, Healthy, Unknown)), Unknown);
    assert_eq!(verdict(&with(Unknown, Unknown, Unknown)), Unknown);
    assert_eq!(verdict(&with(Degraded, Healthy, Broken)), Broken);
    let all_healthy = |h: Health| {
        let mut s = with(h, Healthy, Healthy);
        s.layers.network = Healthy;
        s.layers.migration = Healthy;
        s
    };
    assert_eq!(verdict(&all_healthy(Healthy)), Healthy);
    // 1 broken, 2 degraded, 3 healthy with a layer unknown, 4 wholly healthy, counted in the
    // chips' order: trouble first, and the unknown count is the cards carrying a "?".
    let all: Vec<VmiSummary> = [(Broken, 1), (Degraded, 2), (Healthy, 3)]
        .into_iter()
        .flat_map(|(h, n)| std::iter::repeat_n(with(h, Unknown, Unknown), n))
        .chain(std::iter::repeat_n(all_healthy(Healthy), 4))
        .collect();
    let counts = Counts::next(None, &Delta::default(), &all, String::new());
    assert_eq!(VERDICTS, [Broken, Degraded, Unknown, Healthy]);
    assert_eq!(counts.n, [1, 2, 3, 4]);
}

#[test]
fn search_and_layout() {
    let a = summary("prod", "db", "Running");
    let b = summary("dev", "web", "Pending");
    assert!(matches(&a, "PROD db"));
    assert!(matches(&a, "node-1"));
    assert!(!matches(&a, "web"));
    let items = vec![&a, &b];
    let rows = layout(&items, Grouping::Namespace, 4);
    assert_eq!(rows.len(), 4, "two headers, two card rows");
    assert!(matches!(&rows[0], Row::Header { label, count: 1 } if label == "dev"));
    let flat = layout(&items, Grouping::None, 1);
    assert_eq!(flat.len(), 2);
    assert!(
        flat.iter()
            .all(|r| matches!(r, Row::Cards(c) if c.len() == 1))
    );
    let mut nodeless = summary("prod", "new", "Pending");
    nodeless.node = None;
    let by_node = layout(&[&a, &nodeless], Grouping::Node, 4);
    assert!(matches!(&by_node[0], Row::Header { label, .. } if label == "(no node)"));
}

#[test]
fn grouping_and_filters_come_from_the_url() {
    for g in Grouping::ALL {
        assert_eq!(Grouping::from_param(Some(g.param())), g);
    }
    assert_eq!(Grouping::from_param(Some("colour")), Grouping::None);
    assert_eq!(Grouping::from_param(None), Grouping::None);
    let f = Filter::from_url(Some("  Prod DB "), Some("broken".into()), Some("node"));
    assert_eq!(f.q, "prod db");
    assert_eq!(f.group, Grouping::Node);
    let mut a = summary("prod", "db", "Running");
    assert!(!f.keeps(&a), "healthy is not broken");
    a.layers.node = Broken;
    assert!(f.keeps(&a));
}

#[test]
fn only_the_rows_near_the_viewport_are_materialized() {
    let all: Vec<VmiSummary> = (0..40)
        .map(|i| summary("ns", &format!("vm{i:02}"), "Running"))
        .collect();
    let order: Vec<usize> = (0..all.len()).rev().collect();
    let groups = vec![("x".to_string(), 10), ("y".to_string(), 30)];
    // 10 cards in 3 rows of 4, 30 in 8 rows, under 2 headers.
    let rows = rows_of(&groups, order.len(), 4);
    assert_eq!(rows.len(), 2 + 3 + 8);
    assert_eq!(
        rows[3],
        RowIdx::Cards(8..10),
        "the last row of a group is short"
    );
    let o = offsets(&rows, 2.0);
    assert_eq!(o.len(), rows.len() + 1);
    assert_eq!(o[1], HEADER_H * 2.0);
    assert_eq!(*o.last().unwrap(), (2.0 * HEADER_H + 11.0 * ROW_H) * 2.0);
    // A viewport over rows 6 and 7 brings OVERSCAN rows either side.
    let r = near(&o, o[6] + 1.0, o[7] + 1.0);
    assert_eq!(r, 6 - OVERSCAN..8 + OVERSCAN);
    assert_eq!(near(&o, -500.0, 0.0).start, 0);
    assert_eq!(near(&o, 1e9, 2e9).end, rows.len());
    let shown = materialize(&rows, &o, 0..3, &order, &all);
    assert_eq!(shown.rows.len(), 3);
    assert!(
        matches!(&shown.rows[0], (y, Row::Header { label, count: 10 }) if *y == 0.0 && label == "x")
    );
    assert_eq!(
        shown.keys()[1],
        RowKey::Cards { at: 1, len: 4 },
        "a card row is known by its place"
    );
    assert_eq!(shown.slot(1, 1).map(|s| s.key.name.as_str()), Some("vm38"));
    assert!(shown.slot(1, 4).is_none());
    assert!(shown.slot(0, 0).is_none(), "a header holds no card");
    let further = materialize(&rows, &o, 5..20, &order, &all);
    assert_eq!(further.rows.len(), rows.len() - 5, "up to the last row");
    assert_eq!(further.get(5).map(|r| r.0), Some(o[5]));
    assert!(further.get(4).is_none());
    assert_eq!(columns(1200.0, 1.0), 4);
    assert_eq!(columns(100.0, 1.0), 1);
    assert_eq!(columns(1200.0, 2.0), 2);
}

#[test]
fn the_changed_filter_keeps_only_the_keys_given() {
    let a = summary("ns", "a", "Running");
    let b = summary("ns", "b", "Running");
    let mut f = Filter::from_url(None, None, None);
    assert!(f.keeps(&a) && f.keeps(&b));
    f.changed = Some(std::sync::Arc::new([b.key.clone()].into_iter().collect()));
    assert!(!f.keeps(&a));
    assert!(f.keeps(&b));
    // Leaving the set, or entering it, is a change of place.
    assert!(!f.same_place(&b, &a));
}

#[test]
fn trouble_first_and_the_newest_change_first_within_a_verdict() {
    let vm = |name: &str, cp: Health, guest: Health| {
        let mut s = summary("ns", name, "Running");
        s.layers = model::view::summary::LayerGlance {
            control_plane: cp,
            node: Healthy,
            guest,
            network: Healthy,
            migration: Healthy,
        };
        s
    };
    let mut list = List::default();
    list.apply(vec![StreamMsg::Snapshot {
        items: vec![
            vm("a", Healthy, Healthy),
            vm("b", Broken, Healthy),
            vm("c", Healthy, Unknown),
            vm("d", Degraded, Healthy),
            vm("e", Broken, Healthy),
            vm("f", Healthy, Healthy),
        ],
        synced: true,
    }]);
    let names = |list: &List, r: &Recency, f: &Filter| -> Vec<String> {
        let (shown, _) = Shown::next(None, &list.delta, &list.all, f.clone(), r);
        shown
            .order
            .iter()
            .map(|i| list.all[*i].key.name.clone())
            .collect()
    };
    let worst = Filter::from_url(None, None, None);
    assert_eq!(worst.sort, Sort::Worst, "worst first by default");
    let r = Recency::next(None, &list.delta, &list.all);
    assert_eq!(names(&list, &r, &worst), ["b", "e", "d", "c", "a", "f"]);
    // f breaks: the newest change leads the broken ones; a's IP changes, which is no change of
    // verdict and moves nothing.
    let mut a = vm("a", Healthy, Healthy);
    a.ip = Some("10.0.0.1".into());
    list.apply(vec![
        StreamMsg::Upsert {
            item: vm("f", Broken, Healthy),
        },
        StreamMsg::Upsert { item: a },
    ]);
    let r = Recency::next(Some(r), &list.delta, &list.all);
    assert_eq!(names(&list, &r, &worst), ["f", "b", "e", "d", "c", "a"]);
    // Grouped by verdict, the groups come in the same order, each worst first.
    let grouped = Filter::from_url(None, None, Some("verdict"));
    let (shown, _) = Shown::next(None, &list.delta, &list.all, grouped, &r);
    let heads: Vec<&str> = shown.groups.iter().map(|(g, _)| g.as_str()).collect();
    assert_eq!(heads, ["broken", "degraded", "unknown", "healthy"]);
    // By name on request.
    let by_name = Filter {
        sort: Sort::from_param(Some("name")),
        ..Filter::from_url(None, None, None)
    };
    assert_eq!(names(&list, &r, &by_name), ["a", "b", "c", "d", "e", "f"]);
    for s in Sort::ALL {
        assert_eq!(Sort::from_param(Some(s.param())), s);
    }
    // The wall: the problems worst first, at most 2, and how many more.
    let (top, more) = order::worst(&list.all, &r, 2);
    let top: Vec<&str> = top.iter().map(|s| s.key.name.as_str()).collect();
    assert_eq!((top, more), (vec!["f", "b"], 2));
    let (all, more) = order::worst(&list.all, &r, 10);
    assert_eq!((all.len(), more), (4, 0), "broken and degraded only");
}

#[test]
fn a_changed_verdict_moves_the_card_when_sorted_worst_first() {
    let healthy = summary("ns", "x", "Running");
    let mut broken = healthy.clone();
    broken.layers.node = Broken;
    let worst = Filter::from_url(None, None, None);
    assert!(!worst.same_place(&healthy, &broken));
    let by_name = Filter {
        sort: Sort::Name,
        ..worst
    };
    assert!(by_name.same_place(&healthy, &broken));
}

/// On the first list, before this page saw any change: within a verdict the VMI whose object
/// records the newest change comes first (not the first by name), one that records none last.
#[test]
fn the_newest_recorded_change_leads_its_verdict_from_the_first_list() {
    let vm = |name: &str, health: Health, changed: Option<i64>| {
        let mut s = summary("ns", name, "Running");
        s.layers.control_plane = health;
        s.changed = changed.map(model::time::Timestamp);
        s
    };
    let mut list = List::default();
    list.apply(vec![StreamMsg::Snapshot {
        items: vec![
            vm("a", Broken, Some(1_000)),
            vm("b", Broken, None),
            vm("c", Broken, Some(9_000)),
            vm("d", Healthy, Some(5_000)),
            vm("e", Healthy, Some(7_000)),
        ],
        synced: true,
    }]);
    let r = Recency::next(None, &list.delta, &list.all);
    let worst = Filter::from_url(None, None, None);
    let (shown, _) = Shown::next(None, &list.delta, &list.all, worst.clone(), &r);
    let names: Vec<&str> = shown
        .order
        .iter()
        .map(|i| list.all[*i].key.name.as_str())
        .collect();
    assert_eq!(names, ["c", "a", "b", "e", "d"]);
    // A newer change recorded on a card moves it within its verdict.
    assert!(!worst.same_place(
        &vm("a", Broken, Some(1_000)),
        &vm("a", Broken, Some(10_000))
    ));
}

/// A burst of changes moving cards, as the stream brings it: the order brought up to date from
/// the changed VMIs alone is the order a full sort gives, for every ungrouped filter and order,
/// through random verdicts, change times and nodes, a VMI added or removed now and then.
#[test]
fn an_update_moving_cards_orders_them_as_a_full_sort_would() {
    let seed = std::cell::Cell::new(0x2545_f491_4f6c_dd1d_u64);
    let rand = |n: u64| {
        let mut x = seed.get();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        seed.set(x);
        x % n
    };
    let healths = [Healthy, Degraded, Broken, Unknown];
    let vm = |i: u64| {
        let mut s = summary("ns", &format!("vm{i:03}"), "Running");
        s.layers.control_plane = healths[rand(4) as usize];
        s.layers.node = if rand(3) == 0 { Broken } else { Healthy };
        s.changed = (rand(3) > 0).then(|| model::time::Timestamp(rand(50) as i64));
        s.node = Some(format!("node-{}", rand(3)));
        s
    };
    let mut list = List::default();
    list.apply(vec![StreamMsg::Snapshot {
        items: (0..200).map(vm).collect(),
        synced: true,
    }]);
    let filters = [
        Filter::from_url(None, None, None),
        Filter::from_url(Some("node-1"), None, None),
        Filter::from_url(None, Some("broken".into()), None),
        Filter {
            sort: Sort::Name,
            ..Filter::from_url(Some("vm1"), None, None)
        },
    ];
    let mut kept: Vec<Option<Shown>> = vec![None; filters.len()];
    let mut recency = None;
    for round in 0..40 {
        let mut batch: Vec<StreamMsg> = (0..20)
            .map(|_| StreamMsg::Upsert {
                item: vm(rand(200)),
            })
            .collect();
        if round % 9 == 8 {
            batch.push(StreamMsg::Upsert {
                item: vm(200 + round),
            });
        }
        list.apply(batch);
        let (d, all) = (&list.delta, &list.all);
        let next = Recency::next(recency.take(), d, all);
        let r = &*recency.insert(next);
        for (f, shown) in filters.iter().zip(kept.iter_mut()) {
            let prev = shown.take();
            let was = prev.as_ref().map(|p| p.order.clone());
            let (next, changed) = Shown::next(prev, d, all, f.clone(), r);
            let (full, _) = Shown::next(None, d, all, f.clone(), r);
            assert_eq!(next, full, "round {round}, {f:?}");
            assert_eq!(
                changed,
                was.as_ref() != Some(&next.order),
                "round {round}, {f:?}"
            );
            *shown = Some(next);
        }
    }
}

/// When cards move, the rows on screen stay (known by their place) and show the VMIs that now
/// have their places: a broken VMI taking the first place shifts every card after it.
#[test]
fn a_reorder_keeps_the_rows_on_screen_and_moves_their_cards() {
    let mut list = List::default();
    list.apply(vec![StreamMsg::Snapshot {
        items: (0..12)
            .map(|i| summary("ns", &format!("vm{i:02}"), "Running"))
            .collect(),
        synced: true,
    }]);
    let f = Filter::from_url(None, None, None);
    let r = Recency::next(None, &list.delta, &list.all);
    let (before, _) = Shown::next(None, &list.delta, &list.all, f.clone(), &r);
    let rows = rows_of(&before.groups, before.order.len(), 4);
    let o = offsets(&rows, 1.0);
    let was = materialize(&rows, &o, 0..rows.len(), &before.order, &list.all);
    let mut vm09 = summary("ns", "vm09", "Failed");
    vm09.layers.node = Broken;
    list.apply(vec![StreamMsg::Upsert { item: vm09 }]);
    let r = Recency::next(Some(r), &list.delta, &list.all);
    let (after, changed) = Shown::next(Some(before), &list.delta, &list.all, f, &r);
    assert!(changed);
    let now = materialize(&rows, &o, 0..rows.len(), &after.order, &list.all);
    assert_eq!(was.keys(), now.keys(), "the same rows");
    let name = |v: &rows::Visible, at, slot| v.slot(at, slot).map(|s| s.key.name.clone());
    assert_eq!(name(&was, 0, 0).as_deref(), Some("vm00"));
    assert_eq!(name(&now, 0, 0).as_deref(), Some("vm09"));
    assert_eq!(name(&now, 0, 1).as_deref(), Some("vm00"));
    assert_eq!(name(&now, 2, 3).as_deref(), Some("vm11"));
}

/// A list of 10,000 VMIs in 4 columns in a window 860 px tall: the rows in view and one more
/// each side are in the DOM, not three more, which every update that moves cards rewrites.
#[test]
fn the_dom_holds_the_rows_in_view_and_one_more() {
    let rows = rows_of(&[], 10_000, 4);
    let o = offsets(&rows, 1.0);
    let list_top = 250.0;
    let r = near(&o, -list_top, 860.0 - list_top);
    assert_eq!(r, 0..4);
    let r = near(&o, 50.0 * ROW_H + 10.0, 50.0 * ROW_H + 10.0 + 860.0);
    assert_eq!(r, 49..55);
}
