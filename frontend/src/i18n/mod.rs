//! The UI's words in English and Japanese, one [`Key`] per message (an enum: a mistyped key does
//! not compile). This is the chrome; the model's text (the diagnosis, its explanations) comes
//! translated from the backend or the dump module (`model::i18n`, asked for by
//! `api::ask_in`), so the main bundle carries no catalogue of it. The language defaults to the browser's, can be switched, and is remembered (see `api::pref_*`).

use leptos::prelude::*;

/// A UI language: the one the client sends as `?lang=` ([`model::wire::lang`]).
pub use model::wire::lang::Lang;

/// Declares [`Key`], one variant per message, and the table of its texts (English, Japanese) in
/// the same order, so `Key as usize` indexes it. A mistyped key does not compile. Hand-written
/// (a dozen lines): i18n crates for leptos read message files at build time and key them by
/// strings, which is what this replaces.
macro_rules! messages {
    ($(($key:ident, $en:literal, $ja:literal)),* $(,)?) => {
        /// A message of the UI; [`tr`](super::tr) gives its text in a language.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Key {
            $($key),*
        }

        impl Key {
            /// Every message, in table order.
            pub const ALL: &[Key] = &[$(Key::$key),*];
        }

        /// (English, Japanese) per [`Key`], in its order.
        pub(super) const TEXTS: &[(&str, &str)] = &[$(($en, $ja)),*];
    };
}

mod messages;

pub use messages::Key;

/// The text of `key` in `lang`.
pub fn tr(lang: Lang, key: Key) -> &'static str {
    let (en, ja) = messages::TEXTS[key as usize];
    match lang {
        Lang::En => en,
        Lang::Ja => ja,
    }
}

/// The current language, from context (English when none was provided, e.g. in unit tests).
pub fn lang() -> Signal<Lang> {
    match use_context::<RwSignal<Lang>>() {
        Some(s) => s.into(),
        None => Signal::stored(Lang::En),
    }
}

/// A reactive translated text for views: `{t(Key::OvTitle)}`.
pub fn t(key: Key) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let l = lang();
    move || tr(l.get(), key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_has_both_languages() {
        assert_eq!(Key::ALL.len(), messages::TEXTS.len());
        for (i, key) in Key::ALL.iter().enumerate() {
            assert_eq!(*key as usize, i, "{key:?} out of table order");
            assert!(!tr(Lang::En, *key).is_empty(), "{key:?}");
            assert!(!tr(Lang::Ja, *key).is_empty(), "{key:?}");
        }
        assert_eq!(Lang::from_tag("ja-JP"), Lang::Ja);
        assert_eq!(Lang::from_tag("en-US"), Lang::En);
        assert_eq!(tr(Lang::Ja, Key::NavOverview), "概要");
        assert_eq!(tr(Lang::En, Key::NavOverview), "Overview");
    }

    #[test]
    fn the_timeout_texts_name_the_timeout() {
        let secs = (crate::api::FETCH_TIMEOUT_MS / 1000).to_string();
        for l in [Lang::En, Lang::Ja] {
            assert!(tr(l, Key::ErrTimeoutHint).contains(&secs), "{l:?}");
        }
    }
}
