//! The virtualized list of the overview: cards have a fixed height, rows of cards are laid out
//! absolutely in a container as tall as the whole list, and only the rows near the viewport are
//! in the DOM, so 10,000 VMIs scroll smoothly. A row of cards is kept by its place in the list
//! (see [`RowKey`]) and each card is built once per language and updated in place, also when
//! another VMI takes its place: a reorder rewrites what the cards show, it builds nothing.

use super::viewport::Viewport;
use crate::api::Live;
use crate::components::vmi_card::VmiCard;
use crate::overview_model::Shown;
use crate::overview_model::rows::{self, RowKey, Visible};
use leptos::html::Div;
use leptos::prelude::*;
use model::view::VmiSummary;

/// The rows of what is `shown`, those near the viewport in the DOM.
#[component]
pub fn VirtualList(shown: Memo<Shown>) -> impl IntoView {
    let live = expect_context::<Live>();
    let list_ref = NodeRef::<Div>::new();
    let vp = Viewport::track(list_ref);
    let cols = Memo::new(move |_| rows::columns(vp.size.get().0, vp.scale.get()));
    // The rows over the display order.
    let rows = Memo::new(move |_| {
        let c = cols.get();
        shown.with(|s| rows::rows_of(&s.groups, s.order.len(), c))
    });
    let offsets = Memo::new(move |_| {
        let k = vp.scale.get();
        rows.with(|rows| rows::offsets(rows, k))
    });
    let total_h = move || offsets.with(|o| o.last().copied().unwrap_or(0.0));
    // Only the rows near the viewport are materialized (with copies of their summaries).
    let visible = Memo::new(move |_| {
        let top = vp.scroll_y.get() - vp.list_top.get();
        let bottom = top + vp.size.get().1;
        offsets.with(|o| {
            let near = rows::near(o, top, bottom);
            rows.with(|rows| {
                shown.with(|s| {
                    live.vmis
                        .with(|all| rows::materialize(rows, o, near, &s.order, all))
                })
            })
        })
    });

    view! {
        <div class="vlist" node_ref=list_ref style:height=move || format!("{}px", total_h()) data-testid="vlist">
            <For
                each=move || visible.with(Visible::keys)
                key=|k| k.clone()
                children=move |r| {
                    match r {
                        // CSSOM properties, not a `style` attribute: the page's CSP forbids
                        // inline style attributes.
                        RowKey::Header { y, label, count } => view! {
                            <h2 class="group-head" style:top=format!("{}px", f64::from_bits(y)) data-group=label.clone()>{label.clone()} " " <span class="count">{count}</span></h2>
                        }.into_any(),
                        RowKey::Cards { at, len } => card_row(visible, at, len),
                    }
                }
            />
        </div>
    }
}

/// The card row at position `at` among the rows, with `len` places. It stays while its place
/// is near the viewport, whichever VMIs it shows: its offset and its cards follow the row
/// that has its place now.
fn card_row(visible: Memo<Visible>, at: usize, len: usize) -> AnyView {
    let row_top = move |v: &Visible| v.get(at).map(|(y, _)| *y);
    let top = RwSignal::new(visible.with_untracked(row_top).unwrap_or_default());
    // One signal per place in the row, set only when its summary changed: an update wakes the
    // changed cards alone.
    let places: Vec<RwSignal<VmiSummary>> = visible.with_untracked(|v| {
        (0..len)
            .filter_map(|slot| v.slot(at, slot).cloned().map(RwSignal::new))
            .collect()
    });
    let set = places.clone();
    Effect::new(move |_| {
        visible.with(|v| {
            if let Some(y) = row_top(v)
                && top.get_untracked() != y
            {
                top.set(y);
            }
            for (slot, place) in set.iter().enumerate() {
                if let Some(s) = v.slot(at, slot)
                    && place.with_untracked(|p| p != s)
                {
                    place.set(s.clone());
                }
            }
        })
    });
    let cards = places
        .into_iter()
        .map(|s| view! { <VmiCard summary=s/> })
        .collect_view();
    view! { <div class="card-row" style:top=move || format!("{}px", top.get())>{cards}</div> }
        .into_any()
}
