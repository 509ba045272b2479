//! The views module in JS: imported once, on first use, from its same-origin glue (Trunk writes
//! `views_module.js` and `views_module_bg.wasm` without hashes and without adding them to the
//! page; see `index.html`), then asked to mount, follow a URL, take new preferences, or unmount,
//! and told every event of the tab's push stream ([`crate::api::share_stream`]), so it opens none
//! of its own. Hand-written: one-line calls into the module's exports, which web-sys cannot name.

use js_sys::Promise;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

// `catch` on every function: each gets a shim in the imports object, which the release build's
// glue shrinker renames like every import (see `crate::lazy`).
#[wasm_bindgen(inline_js = "let loading = null;\n\
    export function views_load(js, wasm) { \
        if (!loading) { loading = import(js).then(m => m.default({ module_or_path: wasm }).then(() => m)); \
            loading.catch(() => { loading = null; }); } \
        return loading; }\n\
    export function views_mount(m, el, view, lang, dark, on_url) { return m.mount(el, view, lang, dark, on_url); }\n\
    export function views_follow(h, url) { h.follow(url); }\n\
    export function views_prefs(m, lang, dark) { m.set_prefs(lang, dark); }\n\
    export function views_free(h) { h.free(); }\n\
    export function views_feed(m) { return ev => m.feed(ev); }")]
extern "C" {
    #[wasm_bindgen(catch)]
    fn views_load(js: &str, wasm: &str) -> Result<Promise, JsValue>;
    #[wasm_bindgen(catch)]
    fn views_mount(
        module: &JsValue,
        el: &web_sys::HtmlElement,
        view: &str,
        lang: &str,
        dark: bool,
        on_url: &js_sys::Function,
    ) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch)]
    fn views_follow(handle: &JsValue, url: &str) -> Result<(), JsValue>;
    #[wasm_bindgen(catch)]
    fn views_prefs(module: &JsValue, lang: &str, dark: bool) -> Result<(), JsValue>;
    #[wasm_bindgen(catch)]
    fn views_free(handle: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(catch)]
    fn views_feed(module: &JsValue) -> Result<js_sys::Function, JsValue>;
}

/// Where Trunk puts the module (unhashed, like every `data-type="worker"` binary).
const MODULE_JS: &str = "/views_module.js";
const MODULE_WASM: &str = "/views_module_bg.wasm";

fn message(e: JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}

thread_local! {
    /// Whether the module hears of the tab's stream already.
    static FED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The module, imported and started on the first call (then cached by the browser and here);
/// from then on it is told every event of the tab's stream.
pub async fn module() -> Result<JsValue, String> {
    let p = views_load(MODULE_JS, MODULE_WASM).map_err(message)?;
    let module = JsFuture::from(p).await.map_err(message)?;
    if !FED.with(|f| f.replace(true))
        && let Ok(feed) = views_feed(&module)
    {
        crate::api::share_stream(feed);
    }
    Ok(module)
}

/// Mounts `view` (its JSON) into `el`; answers the handle to unmount it.
pub fn mount(
    module: &JsValue,
    el: &web_sys::HtmlElement,
    view: &str,
    lang: &str,
    dark: bool,
    on_url: &js_sys::Function,
) -> Result<JsValue, String> {
    views_mount(module, el, view, lang, dark, on_url).map_err(message)
}

/// Tells a mounted view the main router's new URL.
pub fn follow(handle: &JsValue, url: &str) {
    let _ = views_follow(handle, url);
}

/// The language and theme of every view of the module.
pub fn prefs(module: &JsValue, lang: &str, dark: bool) {
    let _ = views_prefs(module, lang, dark);
}

/// Unmounts a view.
pub fn free(handle: &JsValue) {
    let _ = views_free(handle);
}
