//! The virtualized list of the overview: cards have a fixed height, rows of cards are laid out
//! absolutely in a container as tall as the whole list, and only the rows near the viewport are
//! in the DOM, so 10,000 VMIs scroll smoothly. Each card is built once for its VMI and language
//! (keyed) and updated in place.

use super::viewport::Viewport;
use crate::api::Live;
use crate::components::vmi_card::VmiCard;
use crate::overview_model::Shown;
use crate::overview_model::rows::{self, Row, RowKey};
use leptos::html::Div;
use leptos::prelude::*;
use model::view::{VmiKey, VmiSummary};

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
                        RowKey::Cards { first, len } => card_row(visible, top, first, len),
                    }
                }
            />
        </div>
    }
}

/// The card row that starts with `first` and has `len` places, at `top`.
fn card_row(visible: Memo<Vec<(f64, Row)>>, top: String, first: VmiKey, len: usize) -> AnyView {
    // One signal per place in the row, set only when its summary changed: an update wakes the
    // changed cards alone.
    let places: Vec<RwSignal<VmiSummary>> = visible.with_untracked(|v| {
        (0..len)
            .filter_map(|slot| rows::slot_of(v, &first, slot).cloned().map(RwSignal::new))
            .collect()
    });
    let set = places.clone();
    Effect::new(move |_| {
        visible.with(|v| {
            for (slot, place) in set.iter().enumerate() {
                if let Some(s) = rows::slot_of(v, &first, slot)
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
    view! { <div class="card-row" style:top=top>{cards}</div> }.into_any()
}
