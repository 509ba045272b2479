//! The dump module's analysis: a paste read, grouped and diagnosed by the shared model pipeline
//! (the one `strata diagnose` runs) into the [`Analysed`] the paste page renders. Only the dump
//! module compiles this (the wasm tests include it too), so the parser and the diagnosis stay
//! out of the main bundle.

use model::view::Analysed;

/// Reads and diagnoses a paste, judging ages against its newest timestamp.
pub fn analyse(text: &str) -> Result<Analysed, String> {
    if let Some(e) = frontend::share::too_large(text.len()) {
        return Err(e);
    }
    model::input::pipeline::analyse(text, None)
        .map(|a| a.into_view())
        .map_err(|e| e.to_string())
}
