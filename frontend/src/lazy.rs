//! Code loaded on demand: the paste page's analysis and its share-link codec (deflate, base64)
//! are a second wasm module (the `dump_module` binary, built by Trunk beside the app as
//! `dump_module.js` + `dump_module_bg.wasm`), run in a dedicated Web Worker (`dump_worker.js`)
//! started the first time the paste page needs it, so a long analysis never freezes the page.
//! Trunk 0.21 cannot split one wasm binary into chunks (leptos' `#[lazy]` needs cargo-leptos'
//! splitter), so the split is by binary.
//!
//! The page's CSP stays as it is: the worker script and the glue it imports are same-origin
//! (`script-src 'self'`), and the page compiles the wasm (its policy has `'wasm-unsafe-eval'`) and
//! posts the compiled module, so the worker (whose own policy, sent with its script, allows
//! nothing) fetches and compiles nothing itself.

use js_sys::Promise;
use model::view::Analysed;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

// The worker and its requests in JS (hand-written: a few lines of `postMessage` bookkeeping, which
// web-sys would need a dozen features and closures for). Requests are `{id, op, arg}`; the worker
// answers `{id, ok}` or `{id, err}`. A worker that dies fails every pending request and is
// started again on the next one.
#[wasm_bindgen(
    inline_js = "let worker = null, next = 0; const pending = new Map();\n\
    function fail(e) { const m = (e && e.message) || String(e || 'the dump analyser stopped'); \
        for (const p of pending.values()) p.reject(new Error(m)); pending.clear(); worker = null; }\n\
    function start(script, wasm) { \
        const w = new Worker(script, { type: 'module' }); \
        w.onmessage = (e) => { const d = e.data, p = pending.get(d.id); if (!p) return; \
            pending.delete(d.id); if ('ok' in d) p.resolve(d.ok); else p.reject(new Error(d.err)); }; \
        w.onerror = (e) => { e.preventDefault(); w.terminate(); fail(e); }; \
        return fetch(wasm).then(r => { if (!r.ok) throw new Error(wasm + ': HTTP ' + r.status); \
            return r.arrayBuffer(); }).then(b => WebAssembly.compile(b)) \
            .then(m => { w.postMessage({ module: m }); return w; }, \
                e => { w.terminate(); worker = null; throw e; }); }\n\
    export function worker_call(script, wasm, op, arg) { \
        if (!worker) worker = start(script, wasm); \
        return worker.then(w => new Promise((resolve, reject) => { const id = next++; \
            pending.set(id, { resolve, reject }); w.postMessage({ id, op, arg }); })); }\n\
    export function after_paint() { \
        return new Promise(r => requestAnimationFrame(() => setTimeout(r, 0))); }"
)]
extern "C" {
    /// Runs the worker's export `op` on `arg`, starting the worker first if needed.
    #[wasm_bindgen(catch)]
    fn worker_call(script: &str, wasm: &str, op: &str, arg: &str) -> Result<Promise, JsValue>;
    /// Resolves once the browser has painted the next frame. (`catch` gives it a shim in the
    /// imports object, which the release build's glue shrinker renames like every import.)
    #[wasm_bindgen(catch)]
    fn after_paint() -> Result<Promise, JsValue>;
}

/// Where Trunk puts the worker's script and the module (workers keep their binary's name,
/// unhashed).
const WORKER_JS: &str = "/dump_worker.js";
const MODULE_WASM: &str = "/dump_module_bg.wasm";

fn js_err(what: &str, e: JsValue) -> String {
    let detail = e
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"));
    format!("{what}: {detail}")
}

/// Calls the module's export `name` with one string, in the worker; it answers a string.
async fn call(name: &str, arg: &str) -> Result<String, String> {
    let answer = worker_call(WORKER_JS, MODULE_WASM, name, arg)
        .map_err(|e| js_err("cannot start the dump analyser", e))?;
    JsFuture::from(answer)
        .await
        .map_err(|e| js_err("the dump analyser failed", e))?
        .as_string()
        .ok_or_else(|| "the dump analyser answered nothing".to_string())
}

/// Analyses a dump in the worker, in the language asked of the backend too
/// ([`crate::api::ask_in`]: the module translates, the main bundle carries no catalogue). The
/// page stays responsive while it runs; the browser is first let paint the page's busy state.
pub async fn analyse(text: String) -> Result<Analysed, String> {
    if let Ok(painted) = after_paint() {
        let _ = JsFuture::from(painted).await;
    }
    let op = match crate::api::asked() {
        crate::i18n::Lang::En => "analyse_json",
        crate::i18n::Lang::Ja => "analyse_json_ja",
    };
    let out = call(op, &text).await?;
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
