//! An object read from its JSON text straight into its type, without a [`Value`] tree in
//! between ([`from_text`]).
//!
//! From a JSON stream the lenient readers copy each nested object or list into a [`Value`]
//! first ([`super::any`], [`super::vec`]): a part that does not fit must become its default
//! without leaving the stream half-read. That copy is most of the cost of reading a watched
//! object (every key and string of it allocated, then freed). [`from_text`] reads the text once
//! *strictly*: every part in place, and a part that does not fit fails the whole read instead of
//! becoming its default. Only then is the text read again the tolerant way, through a
//! [`Value`]. Both ways give the same object (the strict read succeeds only where every part fits,
//! and a part that fits reads the same from a stream as from a `Value`): what a cluster sends is
//! read in one pass with no tree, and odd data is read as tolerantly as ever.
//!
//! The strict mode is the reading thread's, for the length of one [`from_text`] call: the
//! readers are plain serde `deserialize_with` functions and have no other way to learn it.

use serde::de::DeserializeOwned;
use serde_json::Value;
use std::cell::Cell;

thread_local! {
    /// Whether the readers on this thread read strictly (inside [`from_text`]).
    static STRICT: Cell<bool> = const { Cell::new(false) };
}

/// Whether a part that does not fit should fail the read (inside [`from_text`]) rather than be
/// copied out and defaulted.
pub(super) fn strict() -> bool {
    STRICT.with(Cell::get)
}

/// The strict mode on, until dropped (then as it was before).
struct Strictly(bool);

impl Strictly {
    fn on() -> Strictly {
        Strictly(STRICT.with(|s| s.replace(true)))
    }
}

impl Drop for Strictly {
    fn drop(&mut self) {
        STRICT.with(|s| s.set(self.0));
    }
}

/// Reads `T` from JSON text as [`super::from_owned`] reads it from the same text's [`Value`]
/// (a non-object gives `T::default()`), in one pass without the tree where every part fits (see
/// the module's doc). Fails only on text that is not JSON.
pub fn from_text<T: DeserializeOwned + Default>(text: &str) -> Result<T, serde_json::Error> {
    let strict = {
        let _on = Strictly::on();
        serde_json::from_str::<T>(text)
    };
    match strict {
        Ok(t) => Ok(t),
        Err(_) => Ok(super::from_owned(serde_json::from_str::<Value>(text)?)),
    }
}

/// Whether `text` reads strictly as `T` (every part fits): for tests that make sure the fast
/// way is the one taken.
#[cfg(test)]
pub(super) fn read_strictly<T: DeserializeOwned>(text: &str) -> bool {
    let _on = Strictly::on();
    serde_json::from_str::<T>(text).is_ok()
}
