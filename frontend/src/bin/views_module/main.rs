//! The heavier views as their own wasm module on the main thread (see `frontend::deferred`): the
//! migrations and node pages, the VMI page's timeline, metrics charts (plotters), migration
//! history, a migration's state graph with its convergence chart, the wall's charts and the
//! overview's summary rows of a fleet. The main app imports it
//! the first time it shows one of them and mounts each view into a placeholder of its own page;
//! this module runs its own leptos app in each, with its own router on the shared URL, fed with
//! the events of the main app's push stream ([`feed`]), so the first load carries none of this
//! code and the tab holds one stream.

mod host;
mod views;

use frontend::deferred::{View, url};
use leptos_router::location::BrowserUrl;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// A mounted view: unmounted when the main app frees it.
#[wasm_bindgen]
pub struct Handle {
    _mounted: Box<dyn std::any::Any>,
    router: Rc<RefCell<Option<BrowserUrl>>>,
}

#[wasm_bindgen]
impl Handle {
    /// Follows the main router to `to` (`path?query#hash`).
    pub fn follow(&self, to: &str) {
        if let Some(r) = self.router.borrow().as_ref() {
            url::follow(r, to);
        }
    }
}

/// Mounts `view` (a [`View`] as JSON) into `el`, in language `lang` (a tag) and the dark theme
/// or not; `on_url` is called with the URL each time this view navigates.
#[wasm_bindgen]
pub fn mount(
    el: web_sys::HtmlElement,
    view: &str,
    lang: &str,
    dark: bool,
    on_url: js_sys::Function,
) -> Result<Handle, JsValue> {
    console_error_panic_hook::set_once();
    let view: View = serde_json::from_str(view)
        .map_err(|e| JsValue::from_str(&format!("unreadable view: {e}")))?;
    host::set_prefs(lang, dark);
    let router = Rc::new(RefCell::new(None));
    let cell = Rc::clone(&router);
    let mounted = leptos::mount::mount_to(el, move || views::view(view, cell, on_url));
    Ok(Handle {
        _mounted: Box::new(mounted),
        router,
    })
}

/// One event (`open`, `error`, a message) of the main app's push stream, as its `EventSource`
/// delivered it.
#[wasm_bindgen]
pub fn feed(ev: web_sys::Event) {
    host::feed(&ev);
}

/// The language (a tag) and theme of every view.
#[wasm_bindgen]
pub fn set_prefs(lang: &str, dark: bool) {
    host::set_prefs(lang, dark);
}

fn main() {}
