//! The VMI page's timeline (the flight recorder's view): one band per layer coloured by verdict
//! over the chosen span (`?span=`; none: fitted to what is recorded), phase changes, events and migrations as marks, and the
//! changes as a list of links. Clicking a band or a change opens the diagnosis as it was then
//! (`?at=`, which Copy link carries); [`AsOf`] says so and leads back to now.
//!
//! * [`bands`]: the layout model (segments and marks from a `History`), native tests.
//! * [`window`]: the spans and the window they give.
//! * [`draw`]: the SVG.
//! * [`as_of`]: which diagnosis the page fetches, the "as of" banner, "history is off".
//! * [`latest`]: the wall's strip of the latest changes across VMIs.

pub mod as_of;
pub mod bands;
mod draw;
pub mod latest;
pub mod window;

pub use as_of::{AsOf, AsOfState};
pub use latest::LatestChanges;

use crate::api::{self, Live};
use crate::components::common::{health_key, layer_key};
use crate::components::rel_time::RelTime;
use crate::i18n::{Key, Lang, lang, t, tr};
use crate::nav::{param_href, with_param};
use bands::{Band, bands, marks, moments};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};
use model::api::history::{Change, History, Step, Transition};
use model::time::Timestamp;
use model::verdict::{Health, Layer};
use wasm_bindgen::JsCast;
use window::{SPANS, Window, ticks, time_at};

/// How often the timeline is fetched again while the VMI does not change (milliseconds).
pub const REFRESH_MS: i64 = 60_000;
/// How long after a change of the VMI its history is fetched again (milliseconds).
pub const SETTLE_MS: u64 = 1_500;
/// The changes listed under the bands, at most.
pub const MOMENTS_SHOWN: usize = 20;

/// A function that opens the moment `at` (pushing a history entry: Back returns to before).
fn opener() -> impl Fn(i64) + Clone + 'static {
    let loc = use_location();
    let navigate = use_navigate();
    move |at| {
        let url = with_param(
            &loc.pathname.get_untracked(),
            &loc.query.get_untracked(),
            &loc.hash.get_untracked(),
            "at",
            Some(&Timestamp(at).to_rfc3339()),
        );
        navigate(
            &url,
            NavigateOptions {
                scroll: false,
                ..Default::default()
            },
        );
    }
}

/// A recorded layer's name in `l` (else "overall").
pub fn layer_word(l: Lang, layer: Option<Layer>) -> &'static str {
    tr(l, layer.map_or(Key::TlOverall, layer_key))
}

/// A recorded verdict's word in `l`; "not recorded" before the first one.
pub fn health_word(l: Lang, h: Option<Health>) -> &'static str {
    tr(l, h.map_or(Key::TlNotRecorded, health_key))
}

/// The fraction of the clicked element's width where `ev` happened.
fn click_fraction(ev: &leptos::ev::MouseEvent) -> Option<f64> {
    let el: web_sys::Element = ev.current_target()?.dyn_into().ok()?;
    let r = el.get_bounding_client_rect();
    (r.width() > 0.0).then(|| (f64::from(ev.client_x()) - r.left()) / r.width())
}

#[component]
pub fn Timeline(cluster: Memo<String>, ns: Memo<String>, name: Memo<String>) -> impl IntoView {
    let live = expect_context::<Live>();
    let span = crate::nav::query_param("span");
    let at = crate::nav::query_param("at");
    let at_ms = Memo::new(move |_| at.get().and_then(|a| Timestamp::parse(&a)).map(|t| t.0));
    let glance = Memo::new(move |_| {
        let (c, n, m) = (cluster.get(), ns.get(), name.get());
        live.vmis.with(|l| {
            l.iter()
                .find(|s| s.key.cluster == c && s.key.namespace == n && s.key.name == m)
                .map(|s| s.layers)
        })
    });
    // Changes every REFRESH_MS of the page's clock (a signal set by an effect, as the page's).
    let bucket = move |t: Timestamp| t.0 / REFRESH_MS;
    let period = RwSignal::new(bucket(live.now.get_untracked()));
    Effect::new(move |_| {
        let b = bucket(live.now.get());
        if period.get_untracked() != b {
            period.set(b);
        }
    });
    // The recorder writes a change a moment after the stream shows it: fetch once more then.
    let nudge = RwSignal::new(0u32);
    Effect::new(move |prev: Option<()>| {
        glance.track();
        if prev.is_some() {
            set_timeout(
                move || nudge.update(|n| *n += 1),
                std::time::Duration::from_millis(SETTLE_MS),
            );
        }
    });
    // The stream (re)opened: read again, so an outage's failure goes as the pill turns live.
    let online = Memo::new(move |_| live.connection.get() == api::Connection::Live);
    // The last history read: kept through a failed read (the page says the backend is away).
    let last = RwSignal::new(None::<(Window, History)>);
    let data = LocalResource::new(move || {
        let (c, n, m) = (cluster.get(), ns.get(), name.get());
        glance.track();
        period.track();
        nudge.track();
        online.track();
        let (picked, at, now) = (span.get(), at_ms.get(), api::now().0);
        let fit = window::is_fit(picked.as_deref());
        let w = if fit {
            window::longest(now)
        } else {
            window::window(picked.as_deref(), at, now)
        };
        async move {
            let h = api::fetch_history(&c, &n, &m, w.from, w.to).await;
            let w = match &h {
                Ok(h) if fit => window::fitted(first_record(h), at, now),
                _ => w,
            };
            if let Ok(h) = &h {
                last.set(Some((w.clone(), h.clone())));
            }
            (w, h)
        }
    });
    let open = opener();
    let body = move || match data.get() {
        None => view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }.into_any(),
        Some((_, Err(e))) => match last.get() {
            // The page above says the backend cannot be reached; the timeline stays as it was.
            Some((w, h)) if e.transient() => {
                let b = bands(&h, w.from, w.to, glance.get_untracked());
                view! { <Drawn w h b at=at_ms open=open.clone()/> }.into_any()
            }
            _ => view! { <crate::components::common::FetchFailure error=e/> }.into_any(),
        },
        Some((w, Ok(h))) => {
            let off = h.off.clone().map(off_note);
            let recorded =
                !(h.transitions.is_empty() && h.events.is_empty() && h.migrations.is_empty());
            // Off with nothing to show: only the note; otherwise what was recorded, under it.
            let drawn = (h.off.is_none() || recorded).then(|| {
                let b = bands(&h, w.from, w.to, glance.get_untracked());
                view! { <Drawn w h b at=at_ms open=open.clone()/> }
            });
            view! { {off} {drawn} }.into_any()
        }
    };
    view! {
        <section class="timeline" aria-labelledby="tl-title" data-testid="timeline">
            <div class="tl-head">
                <h2 id="tl-title">{t(Key::TlTitle)}</h2>
                <SpanPicker span at=at_ms/>
            </div>
            {body}
        </section>
    }
}

/// History is off, and why (the history answer's `off`).
fn off_note(why: String) -> impl IntoView {
    view! {
        <div class="failure" role="status" data-testid="history-off">
            <strong>{t(Key::TlOff)}</strong>
            <p>{why}</p>
        </div>
    }
}

/// The oldest time in `h` (a transition, an event, a migration), if anything was recorded.
fn first_record(h: &History) -> Option<i64> {
    let t = h.transitions.iter().map(|t| t.at);
    let e = h.events.iter().map(|e| e.at);
    let m = h.migrations.iter().map(|m| m.at);
    t.chain(e).chain(m).min()
}

/// The span links (`?span=`), first "all recorded" (no span: fitted); the one in effect is
/// marked.
#[component]
fn SpanPicker(span: Memo<Option<String>>, at: Memo<Option<i64>>) -> impl IntoView {
    let current = move || {
        let s = span.get();
        if window::is_fit(s.as_deref()) {
            window::FIT
        } else {
            window::window(s.as_deref(), at.get(), api::now().0).span
        }
    };
    let fit_on = move || current() == window::FIT;
    let links = SPANS
        .iter()
        .map(|(k, _)| {
            let k = *k;
            let on = move || current() == k;
            view! {
                <a href=param_href("span", Some(k.to_string())) class="range" class:tab-on=on
                    aria-current=move || on().to_string() data-span=k>{k}</a>
            }
        })
        .collect_view();
    view! {
        <nav class="ranges" aria-label=move || t(Key::TlSpan)()>
            <a href=param_href("span", None) class="range" class:tab-on=fit_on
                aria-current=move || fit_on().to_string() data-span=window::FIT>{t(Key::TlFit)}</a>
            {links}
        </nav>
    }
}

/// The bands, marks, axis, legend and the list of changes of one fetched history.
#[component]
fn Drawn(
    w: Window,
    h: History,
    b: Vec<Band>,
    at: Memo<Option<i64>>,
    open: impl Fn(i64) + Clone + 'static,
) -> impl IntoView {
    let l = lang();
    let live = expect_context::<Live>();
    let marks = marks(&h, w.from, w.to);
    // A click before the first sighting opens it (no page is older; events may be).
    let first = h.transitions.iter().map(|t| t.at).min().unwrap_or(i64::MIN);
    let rows = b
        .iter()
        .map(|band| {
            let (band, w2) = (band.clone(), w.clone());
            let (open, w3) = (open.clone(), w.clone());
            let on_click = move |ev: leptos::ev::MouseEvent| {
                if let Some(f) = click_fraction(&ev) {
                    open(time_at(&w3, f).max(first));
                }
            };
            let (kind, id) = (band.kind, draw::band_id(band.kind));
            let label = move || draw::band_label(l.get(), kind);
            view! {
                <div class="tl-row" data-band=id>
                    <span class="tl-label">{label}</span>
                    <svg class="tl-band" role="img" aria-label=label on:click=on_click>
                        {move || draw::band_svg(l.get(), &band, &w2, at.get())}
                    </svg>
                </div>
            }
        })
        .collect_view();
    let axis = ticks(&w, 4)
        .into_iter()
        // As every time the console shows: an age, the exact time on hover.
        .map(|t| view! { <span><RelTime at=Some(Timestamp(t)) now=live.now/></span> })
        .collect_view();
    view! {
        {draw::defs()}
        <div class="tl-grid">
            {rows}
            <div class="tl-row" data-band="marks">
                <span class="tl-label">{t(Key::TlMarks)}</span>
                <svg class="tl-marks" role="img" aria-label=move || t(Key::TlMarks)() data-testid="tl-marks" data-count=marks.len()>
                    {draw::marks_svg(&marks, &w)}
                </svg>
            </div>
            <div class="tl-row">
                <span class="tl-label"></span>
                <div class="tl-axis" aria-hidden="true">{axis}</div>
            </div>
        </div>
        <p class="tl-legend muted">
            <span class="sr-only">{t(Key::TlLegend)}</span>
            {move || draw::legend(l.get())} " · " {t(Key::TlHint)}
        </p>
        <Moments h w/>
    }
}

/// One change's words: `layer: old → new` for a verdict, the text for a headline.
fn change_words(lg: Lang, c: &Transition) -> String {
    match &c.step {
        Step::Verdict { layer, old, new } => format!(
            "{}: {} → {}",
            layer_word(lg, Some(*layer)),
            health_word(lg, *old),
            health_word(lg, Some(*new))
        ),
        Step::Headline { new, .. } | Step::Phase { new, .. } => new.clone(),
    }
}

/// The verdict changes in the window, newest first, each a link to the page as it was then.
#[component]
fn Moments(h: History, w: Window) -> impl IntoView {
    let live = expect_context::<Live>();
    let l = lang();
    let list: Vec<(i64, Vec<Transition>)> = moments(&h, w.from, w.to)
        .into_iter()
        .take(MOMENTS_SHOWN)
        .map(|m| (m.at, m.changes.into_iter().cloned().collect()))
        .collect();
    if list.is_empty() {
        return view! { <p class="empty" data-testid="tl-no-changes">{t(Key::TlNoChanges)}</p> }
            .into_any();
    }
    let items = list
        .into_iter()
        .map(|(at, changes)| {
            let when = Timestamp(at).to_rfc3339();
            let verdict = changes.iter().any(|c| c.step.change() == Change::Verdict);
            let title = changes.first().map(|c| c.title.clone()).unwrap_or_default();
            let what = move || {
                let lg = l.get();
                let words: Vec<String> = changes.iter().map(|c| change_words(lg, c)).collect();
                words.join(", ")
            };
            view! {
                <li data-at=when.clone()>
                    <a href=param_href("at", Some(when.clone())) data-testid="tl-moment">
                        <RelTime at=Some(Timestamp(at)) now=live.now/>
                    </a>
                    " " <span>{what}</span>
                    {verdict.then(|| view! { <span class="muted">" — " {title}</span> })}
                </li>
            }
        })
        .collect_view();
    view! {
        <h3 class="tl-changes-title">{t(Key::TlChanges)}</h3>
        <ol class="tl-moments" data-testid="tl-moments">{items}</ol>
    }
    .into_any()
}
