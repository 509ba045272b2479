//! The paste page's analysis as its own wasm module, run in a Web Worker (`dump_worker.js`) that
//! the app starts the first time a dump is diagnosed (see `frontend::lazy`). It holds what only that page needs (the YAML/JSON input
//! parser, grouping, the diagnosis and explanations, the share-link codec), so the main bundle
//! does not.

mod analyse;

use wasm_bindgen::prelude::*;

/// Parses, groups and diagnoses `text`; answers `Result<Analysed, String>` as JSON.
#[wasm_bindgen]
pub fn analyse_json(text: &str) -> String {
    serde_json::to_string(&analyse::analyse(text))
        .unwrap_or_else(|e| format!("{{\"Err\":\"cannot encode the analysis: {e}\"}}"))
}

/// [`analyse_json`] in Japanese: the analysis localized by the model's catalogue
/// (`model::i18n`), which only this module links, never the main bundle.
#[wasm_bindgen]
pub fn analyse_json_ja(text: &str) -> String {
    match serde_json::to_value(analyse::analyse(text)) {
        Ok(mut v) => {
            model::i18n::localize_json(&mut v, model::i18n::Lang::Ja);
            v.to_string()
        }
        Err(e) => format!("{{\"Err\":\"cannot encode the analysis: {e}\"}}"),
    }
}

/// The share-link fragment of a dump (`dump=…`).
#[wasm_bindgen]
pub fn share_encode(text: &str) -> String {
    frontend::share::encode(text)
}

/// Decodes a share-link fragment; answers `Result<String, String>` as JSON.
#[wasm_bindgen]
pub fn share_decode_json(fragment: &str) -> String {
    serde_json::to_string(&frontend::share::decode(fragment))
        .unwrap_or_else(|e| format!("{{\"Err\":\"cannot encode the dump: {e}\"}}"))
}

fn main() {}
