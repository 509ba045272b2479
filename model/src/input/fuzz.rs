//! The body of the paste fuzz target (`model/fuzz`), shared with the property tests so the
//! libfuzzer-free run checks exactly what the fuzzer checks: any bytes, read as (lossy) UTF-8,
//! go through the whole pipeline, the verdict, the paste page's view and its JSON.

use super::pipeline::analyse;

/// Runs the whole pipeline on `data`; panics only on a bug.
pub fn fuzz_one(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(a) = analyse(&text, None) {
        let _ = a.verdict();
        let view = a.into_view();
        let _ = serde_json::to_string(&view);
    }
}
