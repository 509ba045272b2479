//! `/`: a card per VMI, updated live from the stream, with counts by verdict, grouping by
//! verdict / node / namespace, and search and filters kept in the URL (`q`, `verdict`, `group`).
//!
//! The list is virtualized: cards have a fixed height, rows of cards are laid out absolutely in
//! a container as tall as the whole list, and only the rows near the viewport are in the DOM, so
//! 10,000 VMIs scroll smoothly.

use crate::api::{Delta, Live};
use crate::components::common::health_id;
use crate::components::vmi_card::{VmiCard, verdict};
use crate::i18n::{lang, t, tr};
use crate::nav::{param_setter, query_param};
use leptos::ev;
use leptos::html::Div;
use leptos::prelude::*;
use model::diagnosis::Health;
use model::{VmiKey, VmiSummary};
use std::borrow::Cow;
use std::collections::HashMap;

/// Card height plus the gap, in CSS pixels at a 16 px root font (the CSS uses the same sizes in
/// rem: 12.5rem cards, 0.75rem gap), so they scale with wall mode's larger type.
pub const ROW_H: f64 = 212.0;
/// Group header height.
pub const HEADER_H: f64 = 44.0;
/// Minimum card width plus gap.
pub const CARD_MIN_W: f64 = 290.0;
/// Rows rendered above and below the viewport.
const OVERSCAN: usize = 3;

/// Verdicts in display order.
pub const VERDICTS: [Health; 4] = [
    Health::Broken,
    Health::Degraded,
    Health::Healthy,
    Health::Unknown,
];

/// True when `s` matches the search text (name, namespace, node, IP, phase; case-insensitive).
pub fn matches(s: &VmiSummary, q: &str) -> bool {
    matches_lower(s, &q.trim().to_lowercase())
}

/// [`matches`] with the search text already trimmed and lower-cased.
fn matches_lower(s: &VmiSummary, q: &str) -> bool {
    if q.is_empty() {
        return true;
    }
    q.split_whitespace().all(|word| {
        [
            s.key.name.as_str(),
            s.key.namespace.as_str(),
            s.node.as_deref().unwrap_or(""),
            s.ip.as_deref().unwrap_or(""),
            s.phase.as_str(),
        ]
        .iter()
        .any(|f| f.to_lowercase().contains(word))
    })
}

/// One row of the virtual list.
#[derive(Debug, Clone, PartialEq)]
pub enum Row {
    Header { label: String, count: usize },
    Cards(Vec<VmiSummary>),
}

impl Row {
    /// What identifies the row in the DOM. A card row is known by its first card and its
    /// length: its cards follow their places in it, so a changed card updates alone.
    fn dom_key(&self) -> RowKey {
        match self {
            Row::Header { label, count } => RowKey::Header {
                label: label.clone(),
                count: *count,
            },
            Row::Cards(c) => RowKey::Cards {
                first: c.first().map(|s| s.key.clone()).unwrap_or_default(),
                len: c.len(),
            },
        }
    }
}

/// See [`Row::dom_key`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum RowKey {
    Header { label: String, count: usize },
    Cards { first: VmiKey, len: usize },
}

/// One row of the virtual list: cards as a range of positions in the layout's order (cheap to
/// build for 10,000 VMIs: nothing is copied or allocated per row).
#[derive(Debug, Clone, PartialEq)]
pub enum RowIdx {
    Header { label: String, count: usize },
    Cards(std::ops::Range<usize>),
}

impl RowIdx {
    fn height(&self) -> f64 {
        match self {
            RowIdx::Header { .. } => HEADER_H,
            RowIdx::Cards(_) => ROW_H,
        }
    }
}

/// The label of the group `s` belongs to when grouped by `group` (`verdict`, `node` or
/// `namespace`); `None` when `group` is none of them.
fn group_label<'a>(s: &'a VmiSummary, group: &str) -> Option<Cow<'a, str>> {
    match group {
        "verdict" => Some(verdict(s).as_str().into()),
        "node" => Some(s.node.as_deref().unwrap_or("(no node)").into()),
        "namespace" => Some(s.key.namespace.as_str().into()),
        _ => None,
    }
}

/// Groups `items` by `group`. Returns the display order (as positions in `items`) and the groups
/// in display order as (label, number of members); no groups when `group` groups nothing.
pub fn group_order(items: &[&VmiSummary], group: &str) -> (Vec<usize>, Vec<(String, usize)>) {
    if !matches!(group, "verdict" | "node" | "namespace") {
        return ((0..items.len()).collect(), Vec::new());
    }
    let mut by_label: HashMap<Cow<'_, str>, Vec<usize>> = HashMap::new();
    for (i, s) in items.iter().enumerate() {
        if let Some(l) = group_label(s, group) {
            by_label.entry(l).or_default().push(i);
        }
    }
    let mut groups: Vec<(Cow<'_, str>, Vec<usize>)> = by_label.into_iter().collect();
    if group == "verdict" {
        groups.sort_by_key(|(g, _)| VERDICTS.iter().position(|v| v.as_str() == g));
    } else {
        groups.sort_by(|a, b| a.0.cmp(&b.0));
    }
    let mut order = Vec::with_capacity(items.len());
    let mut heads = Vec::with_capacity(groups.len());
    for (g, members) in groups {
        heads.push((g.into_owned(), members.len()));
        order.extend(members);
    }
    (order, heads)
}

/// The rows of `n` cards in display order, `cols` to a row, under the headers of `groups` (see
/// [`group_order`]).
fn rows_of(groups: &[(String, usize)], n: usize, cols: usize) -> Vec<RowIdx> {
    let cols = cols.max(1);
    let mut rows = Vec::with_capacity(n / cols + groups.len() * 2 + 1);
    let card_rows = |rows: &mut Vec<RowIdx>, start: usize, end: usize| {
        let mut i = start;
        while i < end {
            rows.push(RowIdx::Cards(i..(i + cols).min(end)));
            i += cols;
        }
    };
    if groups.is_empty() {
        card_rows(&mut rows, 0, n);
    }
    let mut start = 0;
    for (label, count) in groups {
        rows.push(RowIdx::Header {
            label: label.clone(),
            count: *count,
        });
        card_rows(&mut rows, start, start + count);
        start += count;
    }
    rows
}

/// Lays `items` out in rows of `cols` cards, grouped by `group`. Returns the display order (as
/// positions in `items`) and the rows, whose card ranges index that order.
pub fn layout_idx(items: &[&VmiSummary], group: &str, cols: usize) -> (Vec<usize>, Vec<RowIdx>) {
    let (order, groups) = group_order(items, group);
    let rows = rows_of(&groups, order.len(), cols);
    (order, rows)
}

/// Lays the filtered summaries out in rows of `cols` cards, grouped by `group`.
pub fn layout(items: &[&VmiSummary], group: &str, cols: usize) -> Vec<Row> {
    let (order, rows) = layout_idx(items, group, cols);
    rows.into_iter()
        .map(|r| match r {
            RowIdx::Header { label, count } => Row::Header { label, count },
            RowIdx::Cards(c) => Row::Cards(order[c].iter().map(|i| items[*i].clone()).collect()),
        })
        .collect()
}

/// The summary in place `slot` of the card row that starts with `first`, among `rows`.
fn slot_of<'a>(rows: &'a [(f64, Row)], first: &VmiKey, slot: usize) -> Option<&'a VmiSummary> {
    rows.iter().find_map(|(_, r)| match r {
        Row::Cards(c) if c.first().is_some_and(|s| s.key == *first) => c.get(slot),
        _ => None,
    })
}

/// What decides which VMIs the overview shows, and how they are grouped.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    /// The search text, trimmed and lower-cased.
    pub q: String,
    /// Only this verdict (`Health::as_str`).
    pub verdict: Option<String>,
    /// `verdict`, `node`, `namespace`, or anything else for no grouping.
    pub group: String,
}

impl Filter {
    /// True when `s` is shown.
    pub fn keeps(&self, s: &VmiSummary) -> bool {
        matches_lower(s, &self.q)
            && self
                .verdict
                .as_deref()
                .is_none_or(|v| verdict(s).as_str() == v)
    }

    /// True when `new` in place of `old` is shown, or not, just as `old` was, in the same group.
    fn same_place(&self, old: &VmiSummary, new: &VmiSummary) -> bool {
        let kept = self.keeps(old);
        kept == self.keeps(new)
            && (!kept || group_label(old, &self.group) == group_label(new, &self.group))
    }
}

/// The VMIs the overview shows, as of one [`Delta`].
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    /// The [`Delta::seq`] this reflects.
    pub seq: u64,
    pub filter: Filter,
    /// Positions in `Live::vmis`, in display order.
    pub order: Vec<usize>,
    /// The group headers (label, members) in display order, when grouped.
    pub groups: Vec<(String, usize)>,
}

impl Shown {
    /// What `filter` shows of `all` after `d`, from `prev` (what was shown before) when that
    /// is cheaper: when summaries were only replaced since `prev`, and none of them is shown or
    /// hidden by the change or moves to another group, nothing moves and no work is done over
    /// every VMI. The flag says whether the order or the groups changed.
    pub fn next(
        prev: Option<Shown>,
        d: &Delta,
        all: &[VmiSummary],
        filter: Filter,
    ) -> (Shown, bool) {
        let unchanged = prev.as_ref().is_some_and(|p| {
            p.filter == filter
                && replaced_since(d, p.seq).is_some_and(|replaced| {
                    replaced
                        .iter()
                        .all(|(i, old)| all.get(*i).is_some_and(|new| filter.same_place(old, new)))
                })
        });
        let prev = match prev {
            Some(mut p) if unchanged => {
                p.seq = d.seq;
                return (p, false);
            }
            other => other,
        };
        let kept: Vec<usize> = all
            .iter()
            .enumerate()
            .filter(|(_, s)| filter.keeps(s))
            .map(|(i, _)| i)
            .collect();
        let items: Vec<&VmiSummary> = kept.iter().map(|i| &all[*i]).collect();
        let (mut order, groups) = group_order(&items, &filter.group);
        for i in order.iter_mut() {
            *i = kept[*i];
        }
        let changed = prev.is_none_or(|p| p.order != order || p.groups != groups);
        let shown = Shown {
            seq: d.seq,
            filter,
            order,
            groups,
        };
        (shown, changed)
    }
}

/// The number of VMIs by verdict (in [`VERDICTS`] order) that a search keeps, as of one
/// [`Delta`].
#[derive(Debug, Clone, PartialEq)]
pub struct Counts {
    /// The [`Delta::seq`] this reflects.
    pub seq: u64,
    /// The search, trimmed and lower-cased.
    pub q: String,
    pub n: [usize; VERDICTS.len()],
}

impl Counts {
    /// The counts of `all` after `d`: from `prev` and the replaced summaries alone when that is
    /// all that changed since `prev` (for the same search), else by counting every VMI.
    pub fn next(prev: Option<&Counts>, d: &Delta, all: &[VmiSummary], q: String) -> Counts {
        let since = prev
            .filter(|p| p.q == q)
            .and_then(|p| Some((p.n, replaced_since(d, p.seq)?)));
        let n = match since {
            Some((mut n, replaced)) => {
                for (i, old) in replaced {
                    if matches_lower(old, &q) {
                        let v = verdict_index(old);
                        n[v] = n[v].saturating_sub(1);
                    }
                    if let Some(new) = all.get(*i)
                        && matches_lower(new, &q)
                    {
                        n[verdict_index(new)] += 1;
                    }
                }
                n
            }
            None => {
                let mut n = [0usize; VERDICTS.len()];
                for s in all.iter().filter(|s| matches_lower(s, &q)) {
                    n[verdict_index(s)] += 1;
                }
                n
            }
        };
        Counts { seq: d.seq, q, n }
    }
}

/// The summaries `d` replaced, when `d` is the one change since the state of `seq`: then a
/// state can be brought up to date from them alone.
fn replaced_since(d: &Delta, seq: u64) -> Option<&[(usize, VmiSummary)]> {
    d.replaced
        .as_deref()
        .map(Vec::as_slice)
        .filter(|_| d.seq == seq + 1)
}

/// The position of the verdict of `s` in [`VERDICTS`].
fn verdict_index(s: &VmiSummary) -> usize {
    let v = verdict(s);
    VERDICTS
        .iter()
        .position(|h| *h == v)
        .unwrap_or(VERDICTS.len() - 1)
}

#[component]
pub fn Overview() -> impl IntoView {
    let live = expect_context::<Live>();
    let l = lang();
    let q = query_param("q");
    let verdict_f = query_param("verdict");
    let group = query_param("group");
    let set = param_setter();

    let search = Memo::new(move |_| q.get().unwrap_or_default().trim().to_lowercase());
    let filter = Memo::new(move |_| Filter {
        q: search.get(),
        verdict: verdict_f.get(),
        group: group.get().unwrap_or_default(),
    });

    let counts = Memo::new_owning(move |prev: Option<Counts>| {
        let q = search.get();
        let next = live
            .delta
            .with(|d| live.vmis.with(|all| Counts::next(prev.as_ref(), d, all, q)));
        let changed = prev.is_none_or(|p| p.n != next.n);
        (next, changed)
    });

    // Viewport tracking for the virtual list.
    let list_ref = NodeRef::<Div>::new();
    let scroll_y = RwSignal::new(0.0f64);
    let viewport = RwSignal::new((1280.0f64, 860.0f64));
    let list_top = RwSignal::new(0.0f64);
    // Root font size / 16: row heights and card widths are in rem.
    let scale = RwSignal::new(1.0f64);
    let measure = move || {
        if let Some(w) = web_sys::window() {
            let root_px = w
                .document()
                .and_then(|d| d.document_element())
                .and_then(|e| w.get_computed_style(&e).ok().flatten())
                .and_then(|st| st.get_property_value("font-size").ok())
                // JavaScript's `parseFloat` reads "16px" as 16; Rust's `f64::from_str` would
                // bring its 10 KB table of powers of five into the bundle for this one number.
                .map(|v| js_sys::parse_float(&v))
                .filter(|v| v.is_finite() && *v > 0.0)
                .unwrap_or(16.0);
            if (scale.get_untracked() - root_px / 16.0).abs() > 1e-6 {
                scale.set(root_px / 16.0);
            }
            scroll_y.set(w.scroll_y().unwrap_or(0.0));
            let width = list_ref
                .get_untracked()
                .map(|el| {
                    let r = el.get_bounding_client_rect();
                    list_top.set(r.top() + w.scroll_y().unwrap_or(0.0));
                    r.width()
                })
                .unwrap_or(1200.0);
            let h = w
                .inner_height()
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(860.0);
            viewport.set((width, h));
        }
    };
    let scroll_handle = window_event_listener(ev::scroll, move |_| measure());
    let resize_handle = window_event_listener(ev::resize, move |_| measure());
    on_cleanup(move || {
        scroll_handle.remove();
        resize_handle.remove();
    });
    Effect::new(move |_| {
        list_ref.track();
        measure();
    });

    let cols = Memo::new(move |_| {
        ((viewport.get().0 / (CARD_MIN_W * scale.get())).floor() as usize).max(1)
    });
    // What is shown, in display order.
    let shown = Memo::new_owning(move |prev: Option<Shown>| {
        let filter = filter.get();
        live.delta
            .with(|d| live.vmis.with(|all| Shown::next(prev, d, all, filter)))
    });
    // The rows over the display order.
    let rows = Memo::new(move |_| {
        let c = cols.get();
        shown.with(|s| rows_of(&s.groups, s.order.len(), c))
    });
    let offsets = Memo::new(move |_| {
        let k = scale.get();
        rows.with(|rows| {
            let mut acc = 0.0;
            let mut v = Vec::with_capacity(rows.len() + 1);
            for r in rows {
                v.push(acc);
                acc += r.height() * k;
            }
            v.push(acc);
            v
        })
    });
    let total_h = move || offsets.with(|o| o.last().copied().unwrap_or(0.0));
    // Only the rows near the viewport are materialized (with copies of their summaries).
    let visible = Memo::new(move |_| {
        let top = scroll_y.get() - list_top.get();
        let bottom = top + viewport.get().1;
        offsets.with(|o| {
            let n = o.len().saturating_sub(1);
            let first = o.partition_point(|y| *y < top).saturating_sub(1 + OVERSCAN);
            let last = (o.partition_point(|y| *y < bottom) + OVERSCAN).min(n);
            rows.with(|rows| {
                shown.with(|s| {
                    live.vmis.with(|all| {
                        (first..last)
                            .filter_map(|i| {
                                let row = match rows.get(i)? {
                                    RowIdx::Header { label, count } => Row::Header {
                                        label: label.clone(),
                                        count: *count,
                                    },
                                    RowIdx::Cards(c) => Row::Cards(
                                        s.order
                                            .get(c.clone())?
                                            .iter()
                                            .filter_map(|j| all.get(*j).cloned())
                                            .collect(),
                                    ),
                                };
                                Some((o[i], row))
                            })
                            .collect::<Vec<_>>()
                    })
                })
            })
        })
    });

    let filtered_count = Memo::new(move |_| shown.with(|s| s.order.len()));
    let total = Memo::new(move |_| live.vmis.with(Vec::len));

    let set_q = set.clone();
    let set_g = set.clone();
    let verdict_chips = VERDICTS
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let h = *h;
            let set = set.clone();
            let on = move || verdict_f.get().as_deref() == Some(h.as_str());
            view! {
                <button type="button" class=format!("chip health-{}", h.as_str()) class:chip-on=on
                    aria-pressed=move || on().to_string() data-verdict=h.as_str()
                    on:click=move |_| set("verdict", if on() { None } else { Some(h.as_str().to_string()) })>
                    {move || tr(l.get(), health_id(h))} " "
                    <span class="chip-count" data-testid=format!("count-{}", h.as_str())>{move || counts.with(|c| c.n[i])}</span>
                </button>
            }
        })
        .collect_view();

    view! {
        <section class="overview">
            <h1>{t("ov.title")} " "
                <span class="count" data-testid="vmi-count">{total}</span>
            </h1>
            <div class="toolbar" role="search">
                <label for="ov-search">{t("ov.search")}</label>
                <input id="ov-search" type="search" data-testid="search"
                    placeholder=move || t("ov.search.placeholder")()
                    prop:value=move || q.get().unwrap_or_default()
                    on:input=move |ev| set_q("q", Some(event_target_value(&ev)))/>
                <label for="ov-group">{t("ov.group")}</label>
                <select id="ov-group" data-testid="group"
                    prop:value=move || group.get().unwrap_or_default()
                    on:change=move |ev| set_g("group", Some(event_target_value(&ev)))>
                    <option value="">{t("ov.group.none")}</option>
                    <option value="verdict">{t("ov.group.verdict")}</option>
                    <option value="node">{t("ov.group.node")}</option>
                    <option value="namespace">{t("ov.group.namespace")}</option>
                </select>
                <div class="chips" role="group" aria-label=move || t("ov.filter.verdict")()>{verdict_chips}</div>
                <span class="muted" data-testid="shown-count">{filtered_count} " " {t("ov.shown")}</span>
            </div>
            {move || (live.vmis.with(Vec::is_empty) && !live.synced.get()).then(|| view! { <p class="empty" role="status">{t("ov.waiting")}</p> })}
            {move || (filtered_count.get() == 0 && live.synced.get()).then(|| view! { <p class="empty" data-testid="no-match">{t("ov.empty")}</p> })}
            <div class="vlist" node_ref=list_ref style:height=move || format!("{}px", total_h()) data-testid="vlist">
                <For
                    each=move || visible.with(|v| v.iter().map(|(y, r)| (y.to_bits(), r.dom_key())).collect::<Vec<_>>())
                    key=|k| k.clone()
                    children=move |(y, r)| {
                        // CSSOM properties, not a `style` attribute: the page's CSP forbids inline style
                        // attributes.
                        let top = format!("{}px", f64::from_bits(y));
                        match r {
                            RowKey::Header { label, count } => view! {
                                <h2 class="group-head" style:top=top data-group=label.clone()>{label.clone()} " " <span class="count">{count}</span></h2>
                            }.into_any(),
                            RowKey::Cards { first, len } => {
                                // One signal per place in the row, set only when its summary
                                // changed: an update wakes the changed cards alone.
                                let places: Vec<RwSignal<VmiSummary>> = visible.with_untracked(|v| {
                                    (0..len).filter_map(|slot| slot_of(v, &first, slot).cloned().map(RwSignal::new)).collect()
                                });
                                let set = places.clone();
                                Effect::new(move |_| {
                                    visible.with(|v| {
                                        for (slot, place) in set.iter().enumerate() {
                                            if let Some(s) = slot_of(v, &first, slot)
                                                && place.with_untracked(|p| p != s)
                                            {
                                                place.set(s.clone());
                                            }
                                        }
                                    })
                                });
                                let cards = places.into_iter().map(|s| view! { <VmiCard summary=s/> }).collect_view();
                                view! { <div class="card-row" style:top=top>{cards}</div> }.into_any()
                            }
                        }
                    }
                />
            </div>
        </section>
    }
}
