//! `/`: a card per VMI, updated live from the stream, with counts by verdict, grouping by
//! verdict / node / namespace, and search and filters kept in the URL (`q`, `verdict`, `group`).
//!
//! The list is virtualized: cards have a fixed height, rows of cards are laid out absolutely in
//! a container as tall as the whole list, and only the rows near the viewport are in the DOM, so
//! 10,000 VMIs scroll smoothly.

use crate::api::Live;
use crate::components::common::health_id;
use crate::components::vmi_card::{VmiCard, verdict};
use crate::i18n::{lang, t, tr};
use crate::nav::{param_setter, query_param};
use leptos::ev;
use leptos::html::Div;
use leptos::prelude::*;
use model::VmiSummary;
use model::diagnosis::Health;

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
    fn key(&self) -> String {
        match self {
            Row::Header { label, .. } => format!("h:{label}"),
            Row::Cards(c) => format!(
                "c:{}",
                c.first().map(|s| s.key.to_string()).unwrap_or_default()
            ),
        }
    }
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

/// Lays `items` out in rows of `cols` cards, grouped by `group`. Returns the display order (as
/// positions in `items`) and the rows, whose card ranges index that order.
pub fn layout_idx(items: &[&VmiSummary], group: &str, cols: usize) -> (Vec<usize>, Vec<RowIdx>) {
    let cols = cols.max(1);
    let card_rows = |rows: &mut Vec<RowIdx>, start: usize, end: usize| {
        let mut i = start;
        while i < end {
            rows.push(RowIdx::Cards(i..(i + cols).min(end)));
            i += cols;
        }
    };
    let grouped = matches!(group, "verdict" | "node" | "namespace");
    if !grouped {
        let mut rows = Vec::with_capacity(items.len() / cols + 1);
        card_rows(&mut rows, 0, items.len());
        return ((0..items.len()).collect(), rows);
    }
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, s) in items.iter().enumerate() {
        let l: std::borrow::Cow<'_, str> = match group {
            "verdict" => verdict(s).as_str().into(),
            "node" => s.node.as_deref().unwrap_or("(no node)").into(),
            _ => s.key.namespace.as_str().into(),
        };
        match groups.iter_mut().find(|(g, _)| *g == l) {
            Some((_, v)) => v.push(i),
            None => groups.push((l.into_owned(), vec![i])),
        }
    }
    if group == "verdict" {
        groups.sort_by_key(|(g, _)| VERDICTS.iter().position(|v| v.as_str() == g));
    } else {
        groups.sort_by(|a, b| a.0.cmp(&b.0));
    }
    let mut order = Vec::with_capacity(items.len());
    let mut rows = Vec::new();
    for (g, members) in groups {
        rows.push(RowIdx::Header {
            label: g,
            count: members.len(),
        });
        let start = order.len();
        order.extend(members);
        card_rows(&mut rows, start, order.len());
    }
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

#[component]
pub fn Overview() -> impl IntoView {
    let live = expect_context::<Live>();
    let l = lang();
    let q = query_param("q");
    let verdict_f = query_param("verdict");
    let group = query_param("group");
    let set = param_setter();

    let counts = Memo::new(move |_| {
        let q = q.get().unwrap_or_default().trim().to_lowercase();
        live.vmis.with(|all| {
            let mut n = [0usize; VERDICTS.len()];
            for s in all.iter().filter(|s| matches_lower(s, &q)) {
                let v = verdict(s);
                if let Some(i) = VERDICTS.iter().position(|h| *h == v) {
                    n[i] += 1;
                }
            }
            n
        })
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
                .and_then(|v| v.trim_end_matches("px").parse::<f64>().ok())
                .filter(|v| *v > 0.0)
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
    // Positions (in `live.vmis`) of the VMIs the search and verdict filter keep.
    let kept = Memo::new(move |_| {
        let q = q.get().unwrap_or_default().trim().to_lowercase();
        let v = verdict_f.get();
        live.vmis.with(|all| {
            all.iter()
                .enumerate()
                .filter(|(_, s)| matches_lower(s, &q))
                .filter(|(_, s)| v.as_deref().is_none_or(|v| verdict(s).as_str() == v))
                .map(|(i, _)| i)
                .collect::<Vec<usize>>()
        })
    });
    // The display order (positions in `live.vmis`) and the rows over it.
    let rows = Memo::new(move |_| {
        let g = group.get().unwrap_or_default();
        let c = cols.get();
        kept.with(|kept| {
            live.vmis.with(|all| {
                let items: Vec<&VmiSummary> = kept.iter().map(|i| &all[*i]).collect();
                let (mut order, rows) = layout_idx(&items, &g, c);
                for i in order.iter_mut() {
                    *i = kept[*i];
                }
                (order, rows)
            })
        })
    });
    let offsets = Memo::new(move |_| {
        let k = scale.get();
        rows.with(|(_, rows)| {
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
            rows.with(|(order, rows)| {
                live.vmis.with(|all| {
                    (first..last)
                        .filter_map(|i| {
                            let row = match rows.get(i)? {
                                RowIdx::Header { label, count } => Row::Header {
                                    label: label.clone(),
                                    count: *count,
                                },
                                RowIdx::Cards(c) => Row::Cards(
                                    order
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
    });

    let filtered_count = Memo::new(move |_| kept.with(Vec::len));
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
                    <span class="chip-count" data-testid=format!("count-{}", h.as_str())>{move || counts.get()[i]}</span>
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
                    each=move || visible.get()
                    key=|(y, r)| (r.key(), *y as i64, match r { Row::Cards(c) => serde_json::to_string(c).unwrap_or_default(), Row::Header { count, .. } => count.to_string() })
                    children=move |(y, r)| {
                        // CSSOM properties, not a `style` attribute: the page's CSP forbids inline style
                        // attributes.
                        let top = format!("{y}px");
                        match r {
                            Row::Header { label, count } => view! {
                                <h2 class="group-head" style:top=top data-group=label.clone()>{label.clone()} " " <span class="count">{count}</span></h2>
                            }.into_any(),
                            Row::Cards(cards) => view! {
                                <div class="card-row" style:top=top>
                                    {cards.into_iter().map(|s| view! { <VmiCard summary=s/> }).collect_view()}
                                </div>
                            }.into_any(),
                        }
                    }
                />
            </div>
        </section>
    }
}
