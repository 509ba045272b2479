//! Code loaded on demand: the paste page's analysis and its share-link codec (deflate, base64)
//! are a second wasm module (the `dump_module` binary, built by Trunk beside the app as
//! `dump_module.js` + `dump_module_bg.wasm`), imported the first time the paste page needs it. Trunk 0.21 cannot split one wasm binary into chunks
//! (leptos' `#[lazy]` needs cargo-leptos' splitter), so the split is by binary.

use js_sys::{Function, Object, Promise, Reflect};
use model::view::Analysed;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(
    inline_js = "export function import_module(url) { return import(url); }\n\
    export function after_paint() { \
        return new Promise(r => requestAnimationFrame(() => setTimeout(r, 0))); }"
)]
extern "C" {
    fn import_module(url: &str) -> Promise;
    /// Resolves once the browser has painted the next frame. (`catch` gives it a shim in the
    /// imports object, which the release build's glue shrinker renames like every import.)
    #[wasm_bindgen(catch)]
    fn after_paint() -> Result<Promise, JsValue>;
}

/// Where Trunk puts the module (workers keep their binary's name, unhashed).
const MODULE_JS: &str = "/dump_module.js";
const MODULE_WASM: &str = "/dump_module_bg.wasm";

thread_local! {
    /// The loaded and initialised module.
    static MODULE: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

fn js_err(what: &str, e: JsValue) -> String {
    let detail = e
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"));
    format!("{what}: {detail}")
}

async fn module() -> Result<JsValue, String> {
    if let Some(m) = MODULE.with(|m| m.borrow().clone()) {
        return Ok(m);
    }
    let m = JsFuture::from(import_module(MODULE_JS))
        .await
        .map_err(|e| js_err("cannot load the dump analyser", e))?;
    let init: Function = Reflect::get(&m, &"default".into())
        .map_err(|e| js_err("the dump analyser has no init", e))?
        .dyn_into()
        .map_err(|e| js_err("the dump analyser has no init", e))?;
    let opts = Object::new();
    Reflect::set(&opts, &"module_or_path".into(), &MODULE_WASM.into())
        .map_err(|e| js_err("cannot start the dump analyser", e))?;
    let started: Promise = init
        .call1(&JsValue::NULL, &opts)
        .map_err(|e| js_err("cannot start the dump analyser", e))?
        .dyn_into()
        .map_err(|e| js_err("cannot start the dump analyser", e))?;
    JsFuture::from(started)
        .await
        .map_err(|e| js_err("cannot start the dump analyser", e))?;
    MODULE.with(|slot| *slot.borrow_mut() = Some(m.clone()));
    Ok(m)
}

/// Calls the module's export `name` with one string; it answers a string.
async fn call(name: &str, arg: &str) -> Result<String, String> {
    let m = module().await?;
    let f: Function = Reflect::get(&m, &name.into())
        .map_err(|e| js_err("the dump analyser is incomplete", e))?
        .dyn_into()
        .map_err(|e| js_err("the dump analyser is incomplete", e))?;
    f.call1(&JsValue::NULL, &JsValue::from_str(arg))
        .map_err(|e| js_err("the dump analyser failed", e))?
        .as_string()
        .ok_or_else(|| "the dump analyser answered nothing".to_string())
}

/// Analyses a dump in the lazily loaded module. The module runs on the main thread and the
/// analysis is one synchronous call, so the page cannot repaint while it runs: the browser is
/// first let paint the page's busy state, so the user sees that the analysis is under way.
pub async fn analyse(text: String) -> Result<Analysed, String> {
    if let Ok(painted) = after_paint() {
        let _ = JsFuture::from(painted).await;
    }
    let out = call("analyse_json", &text).await?;
    serde_json::from_slice::<Result<Analysed, String>>(out.as_bytes())
        .map_err(|e| format!("unreadable answer from the dump analyser: {e}"))?
}

/// [`crate::share::encode`], run in the module.
pub async fn share_encode(text: String) -> Result<String, String> {
    call("share_encode", &text).await
}

/// [`crate::share::decode`], run in the module.
pub async fn share_decode(fragment: String) -> Result<String, String> {
    let out = call("share_decode_json", &fragment).await?;
    serde_json::from_slice::<Result<String, String>>(out.as_bytes())
        .map_err(|e| format!("unreadable answer from the dump analyser: {e}"))?
}
