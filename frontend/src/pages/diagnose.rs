//! `/diagnose`: paste or drop `kubectl get vmi,vmim,pod -o yaml` output; the model (compiled to
//! wasm) parses, groups and diagnoses it in the browser, in the dump module (`src/bin/dump_module`,
//! run in a Web Worker started on first use through [`crate::lazy`], so the page stays
//! responsive); this page only renders its [`Analysed`]. Nothing
//! is sent to the server: the share link carries the dump deflated in the URL fragment
//! (`#dump=…`), which browsers never send. Beside the verdict, "How the input was read" lists
//! every block of the paste with its recognised format, its lines, what it gave and what was
//! ignored.

use crate::api;
use crate::components::common::HealthBadge;
use crate::components::rel_time::RelTime;
use crate::components::vmi_view::VmiView;
use crate::i18n::{Key, t};
use crate::nav::{param_href, query_param};
use crate::share;
use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};
use model::view::BlockReport;

/// A diagnosed dump, as the page shows it: the model's view, which the dump module sends as JSON.
pub use model::view::Analysed;

#[component]
pub fn Diagnose() -> impl IntoView {
    let text = RwSignal::new(String::new());
    let result = RwSignal::new(None::<Result<Analysed, String>>);
    let loc = use_location();
    let navigate = use_navigate();

    // A shared link: the dump is in the fragment.
    let from_link = api::current_fragment();
    // The analysis runs in a worker started on first use; `busy` while it starts and runs (the
    // page stays responsive meanwhile).
    let busy = RwSignal::new(false);
    if from_link.starts_with(share::KEY) {
        busy.set(true);
        leptos::task::spawn_local(async move {
            match crate::lazy::share_decode(from_link).await {
                Ok(dump) => {
                    text.set(dump.clone());
                    let r = crate::lazy::analyse(dump).await;
                    result.set(Some(r));
                }
                Err(e) => result.set(Some(Err(e))),
            }
            busy.set(false);
        });
    }

    // The analysis is in the language asked for: a new language, the same dump analysed again.
    let language = crate::i18n::lang();
    Effect::new(move |prev: Option<crate::i18n::Lang>| {
        let now = language.get();
        if prev.is_some_and(|p| p != now) && result.get_untracked().is_some() {
            let input = text.get_untracked();
            busy.set(true);
            leptos::task::spawn_local(async move {
                let r = crate::lazy::analyse(input).await;
                result.set(Some(r));
                busy.set(false);
            });
        }
        now
    });

    let run = move || {
        let input = text.get_untracked();
        if let Some(e) = share::too_large(input.len()) {
            result.set(Some(Err(e)));
            return;
        }
        busy.set(true);
        let navigate = navigate.clone();
        leptos::task::spawn_local(async move {
            let r = crate::lazy::analyse(input.clone()).await;
            result.set(Some(r));
            busy.set(false);
            // Then the share link: the dump in the fragment, encoded by the same worker.
            if let Ok(fragment) = crate::lazy::share_encode(input).await {
                let url = format!(
                    "{}{}#{fragment}",
                    loc.pathname.get_untracked(),
                    loc.query.get_untracked().to_query_string(),
                );
                navigate(&url, crate::nav::in_place());
            }
        });
    };
    let run2 = run.clone();
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        let file = ev
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0));
        if let Some(file) = file {
            let run = run2.clone();
            leptos::task::spawn_local(async move {
                if let Some(s) = api::read_file_text(file).await {
                    text.set(s);
                    run();
                }
            });
        }
    };
    let share_copied = RwSignal::new(false);
    let copy_share = move |_| {
        let href = api::current_href();
        leptos::task::spawn_local(async move {
            share_copied.set(api::copy_to_clipboard(&href).await);
        });
    };

    view! {
        <section class="diagnose">
            <h1>{t(Key::DgTitle)}</h1>
            <p class="help">{t(Key::DgHelp)}</p>
            <form class="paste" on:submit=move |ev| { ev.prevent_default(); run(); }>
                <label for="dump">{t(Key::DgInput)}</label>
                <textarea id="dump" name="dump" rows=move || if result.with(Option::is_some) { "4" } else { "14" } spellcheck="false" data-testid="dump-input"
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))
                    on:dragover=|ev: web_sys::DragEvent| ev.prevent_default()
                    on:drop=on_drop
                ></textarea>
                <div class="actions">
                    <button type="submit" data-testid="run">{t(Key::DgRun)}</button>
                    <button type="button" data-testid="share" on:click=copy_share
                        disabled=move || !matches!(result.get(), Some(Ok(_)))>
                        {move || if share_copied.get() { t(Key::VmiCopied)() } else { t(Key::DgShare)() }}
                    </button>
                </div>
            </form>
            {move || busy.get().then(|| view! { <p class="empty busy" role="status" aria-live="polite" data-testid="busy">{t(Key::DgAnalysing)}</p> })}
            {move || result.get().map(|r| match r {
                Err(e) => view! {
                    <div class="failure" role="alert" data-testid="parse-error"><strong>{t(Key::DgError)}</strong><p>{e}</p></div>
                }.into_any(),
                Ok(a) => view! { <Results analysed=a/> }.into_any(),
            })}
        </section>
    }
}

#[component]
fn Results(analysed: Analysed) -> impl IntoView {
    let sel = query_param("vmi");
    let now = analysed.now;
    let first = analysed.details.first().map(|d| d.key.to_string());
    let list = analysed
        .details
        .iter()
        .map(|d| {
            let key = d.key.to_string();
            let href = param_href("vmi", Some(key.clone()));
            let k2 = key.clone();
            let first = first.clone();
            let current = Memo::new(move |_| sel.get().or(first.clone()).as_deref() == Some(k2.as_str()));
            view! {
                <li class:selected=current>
                    <a href=href aria-current=move || if current.get() { "true" } else { "false" } data-key=key.clone()>{key.clone()}</a>
                    " " <HealthBadge health=d.diagnosis.overall/>
                </li>
            }
        })
        .collect_view();
    let count = analysed.details.len();
    let details = analysed.details;
    let selected = move || {
        let want = sel.get();
        let i = want
            .and_then(|w| details.iter().position(|d| d.key.to_string() == w))
            .unwrap_or(0);
        details.get(i).cloned()
    };
    let notes = analysed.notes;
    // The dump's own time, as every time: its age on the browser's clock, exact on hover.
    let clock = expect_context::<crate::api::Live>();
    let drains = analysed.drains;
    let blocks = analysed.blocks;
    view! {
        <div class="dg-results">
            <aside class="dg-list">
                <h2>{t(Key::DgVmis)} " " <span class="count" data-testid="dg-count">{count}</span></h2>
                <ul>{list}</ul>
                <p class="muted">{t(Key::DgNow)} ": " <RelTime at=now now=clock.now/> " (" {analysed.now_source.clone()} ")"</p>
                {(!notes.is_empty()).then(|| view! {
                    <details><summary>{t(Key::DgNotes)} {format!(" ({})", notes.len())}</summary>
                        <ul>{notes.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view()}</ul>
                    </details>
                })}
                {drains.into_iter().map(|d| view! { <p class="drain-summary">{d.summary}</p> }).collect_view()}
                <HowRead blocks=blocks/>
            </aside>
            <div class="dg-main">
                {move || selected().map(|d| view! { <VmiView detail=Signal::stored(d) now=Signal::stored(now)/> })}
            </div>
        </div>
    }
}

/// How many read (and ignored) items a block lists; a dump of thousands of objects lists the
/// first ones and how many more, so rendering the list never stalls the page.
const ITEMS_SHOWN: usize = 50;

/// `… +N` for the items of a block past [`ITEMS_SHOWN`].
fn more(total: usize) -> Option<impl IntoView> {
    (total > ITEMS_SHOWN).then(|| {
        view! { <li class="dg-item-more muted">{format!("… +{}", total - ITEMS_SHOWN)}</li> }
    })
}

/// "How the input was read": one entry per block of the paste (format, lines, what was read,
/// what was ignored and why).
#[component]
fn HowRead(blocks: Vec<BlockReport>) -> impl IntoView {
    if blocks.is_empty() {
        return None;
    }
    let n = blocks.len();
    let items = blocks
        .into_iter()
        .map(|b| {
            let format = b.format;
            let read = b.read.len();
            let ignored = b.ignored.len();
            let state = if read > 0 { "read" } else { "ignored" };
            view! {
                <li class="dg-block" data-format=format.as_str() data-state=state>
                    <span class="dg-format">{format.as_str()}</span>
                    " " <span class="muted dg-lines">{b.lines.to_string()}</span>
                    <span class="dg-tally">
                        {move || format!(" · {} {read}", t(Key::DgBlockRead)())}
                        {(ignored > 0).then_some(move || format!(" · {} {ignored}", t(Key::DgBlockIgnored)()))}
                    </span>
                    {(read + ignored + b.recovered.len() > 0).then(|| view! {
                        <ul class="dg-block-items">
                            {b.read.into_iter().take(ITEMS_SHOWN).map(|r| view! {
                                <li class="dg-item-read">{format!("{}: {}", r.line, r.what)}</li>
                            }).collect_view()}
                            {more(read)}
                            {b.ignored.into_iter().take(ITEMS_SHOWN).map(|i| view! {
                                <li class="dg-item-ignored">{format!("{}: {}", i.lines, i.why)}</li>
                            }).collect_view()}
                            {more(ignored)}
                            {b.recovered.into_iter().map(|r| view! {
                                <li class="dg-item-recovered">{r}</li>
                            }).collect_view()}
                        </ul>
                    })}
                </li>
            }
        })
        .collect_view();
    Some(view! {
        <details class="dg-read" data-testid="dg-blocks" open>
            <summary>{t(Key::DgHowRead)} {format!(" ({n})")}</summary>
            <p class="muted">{t(Key::DgHowReadHelp)}</p>
            <ol>{items}</ol>
        </details>
    })
}
