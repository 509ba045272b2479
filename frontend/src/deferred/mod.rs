//! Views loaded on first use from a second wasm module on the main thread: the migrations and
//! node pages, and the VMI page's timeline, metrics charts (plotters), migration history and
//! migration graph with its convergence chart, the wall's large-type charts, and the overview's
//! summary rows of a fleet. They are the
//! `views_module` binary (`src/bin/views_module`), built by Trunk beside the app and fetched the
//! first time one of them is shown (then cached), so the first load carries none of their code:
//! what goes into each binary is decided by reachability, and the main binary names these views
//! only through [`View`].
//!
//! [`Deferred`] is the placeholder: a small loading state until the module is ready, then the
//! module's own leptos app mounted inside it, mounted again when the view's value changes and
//! unmounted with the placeholder. Language and theme are passed on as they change; the URL is
//! shared as [`url`] describes. The module fetches its data from the same backend API (the
//! session cookie goes along by itself) and opens no push stream: [`bridge`] tells it every event
//! of the app's (see [`crate::api::share_stream`]), so a tab holds one.
//!
//! * [`view`]: what can be deferred, the value sent to the module.
//! * [`bridge`]: the calls into the module, and the stream's events passed on to it.
//! * [`url`]: how the two routers agree on the URL.

pub mod bridge;
pub mod url;
pub mod view;

use crate::api::FetchError;
use crate::components::common::FetchFailure;
use crate::i18n::{Key, lang, t};
use crate::theme::Theme;
use leptos::prelude::*;
use leptos_router::location::BrowserUrl;
use std::cell::RefCell;
use std::rc::Rc;
pub use view::View;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The main router, which the module's views tell where they navigated.
    static MAIN_ROUTER: RefCell<Option<BrowserUrl>> = const { RefCell::new(None) };
    /// The function the module calls with its new URL (made once, lives as long as the page).
    static ON_URL: js_sys::Function = {
        let f = Closure::<dyn Fn(String)>::new(|to: String| {
            MAIN_ROUTER.with(|r| {
                if let Some(r) = r.borrow().as_ref() {
                    url::follow(r, &to);
                }
            })
        });
        f.into_js_value().unchecked_into()
    };
}

#[derive(Clone, Debug, PartialEq)]
enum State {
    Loading,
    Ready,
    Failed(String),
}

/// What a placeholder has mounted: the module and the handle of its view.
#[derive(Default)]
struct Mounted {
    module: Option<JsValue>,
    handle: Option<JsValue>,
    /// Bumped by every mount request and by the cleanup, so a late answer mounts nothing.
    generation: u32,
}

impl Mounted {
    fn unmount(&mut self) {
        if let Some(h) = self.handle.take() {
            bridge::free(&h);
        }
    }
}

fn is_dark() -> Signal<bool> {
    let theme = use_context::<RwSignal<Theme>>();
    Signal::derive(move || theme.is_some_and(|t| t.get() == Theme::Dark))
}

/// Tells the mounted view the main router's new URL once the main app's effects have run, if
/// it is still mounted then. A link to another page of the module replaces this placeholder
/// with a new one (each route has its own): told at once, the outgoing view would draw the new
/// page (its reads started) as it is freed; their answers then ran the freed page's code on
/// disposed values, a panic, and a panic aborts the whole module: every view of it, the new
/// placeholder's included, was left half done (a node page loading for ever, an empty page).
///
/// The URL told is the main router's then (`here`), not the one that changed: the view may
/// have moved on meanwhile (a filter typed on), and the main router with it.
fn follow_later(mounted: Rc<RefCell<Mounted>>, here: Memo<String>) {
    let tell = move || {
        // Gone with the placeholder: nothing to tell.
        let Some(to) = here.try_get_untracked() else {
            return;
        };
        if let Some(h) = &mounted.borrow().handle {
            bridge::follow(h, &to);
        }
    };
    let Some(w) = web_sys::window() else {
        tell();
        return;
    };
    // A macrotask: after every microtask, so after the main router's effects (the placeholder's
    // cleanup among them).
    let later = Closure::once_into_js(tell);
    let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(later.unchecked_ref(), 0);
}

/// A view of the views module in place: loading state, then the view.
#[component]
pub fn Deferred(#[prop(into)] view: Signal<View>) -> impl IntoView {
    let host = NodeRef::<leptos::html::Div>::new();
    let state = RwSignal::new(State::Loading);
    let retry = RwSignal::new(0u32);
    let mounted = Rc::new(RefCell::new(Mounted::default()));
    let (lang, dark) = (lang(), is_dark());
    let router = use_context::<BrowserUrl>();
    if let Some(r) = &router {
        MAIN_ROUTER.with(|m| *m.borrow_mut() = Some(r.clone()));
    }
    let here = router.as_ref().map(url::full_memo);
    let m = Rc::clone(&mounted);
    Effect::new(move |_| {
        let v = view.get();
        retry.track();
        let Some(el) = host.get() else { return };
        let generation = {
            let mut m = m.borrow_mut();
            m.generation += 1;
            m.generation
        };
        let json = serde_json::to_string(&v).unwrap_or_default();
        let m = Rc::clone(&m);
        leptos::task::spawn_local(async move {
            let module = bridge::module().await;
            let mut m = m.borrow_mut();
            if m.generation != generation {
                return;
            }
            let (l, d) = (lang.get_untracked().tag(), dark.get_untracked());
            let answer = module.and_then(|module| {
                m.unmount();
                let h = ON_URL.with(|f| bridge::mount(&module, &el, &json, l, d, f))?;
                m.module = Some(module);
                m.handle = Some(h);
                Ok(())
            });
            state.try_set(match answer {
                Ok(()) => State::Ready,
                Err(e) => State::Failed(e),
            });
        });
    });
    let m = Rc::clone(&mounted);
    Effect::new(move |_| {
        let (l, d) = (lang.get().tag(), dark.get());
        if let Some(module) = &m.borrow().module {
            bridge::prefs(module, l, d);
        }
    });
    let m = Rc::clone(&mounted);
    Effect::new(move |_| {
        let Some(here) = here else { return };
        here.track();
        follow_later(Rc::clone(&m), here);
    });
    let m = send_wrapper::SendWrapper::new(mounted);
    on_cleanup(move || {
        let mut m = m.borrow_mut();
        m.generation += 1;
        m.unmount();
    });
    let status = move || match state.get() {
        State::Ready => None,
        State::Loading => {
            Some(view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }.into_any())
        }
        State::Failed(message) => Some(
            view! {
                <FetchFailure error=FetchError { status: None, message, timed_out: false }
                    on_retry=Callback::new(move |_| {
                        state.set(State::Loading);
                        retry.update(|r| *r += 1);
                    })/>
            }
            .into_any(),
        ),
    };
    view! {
        <div class="deferred" data-deferred=move || view.with(View::kind)
            data-state=move || match state.get() { State::Ready => "ready", State::Loading => "loading", State::Failed(_) => "failed" }>
            {status}
            <div class="deferred-host" node_ref=host></div>
        </div>
    }
}
