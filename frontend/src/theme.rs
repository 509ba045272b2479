//! The colour theme: light or dark, from the stored preference or else the browser's. A room of
//! its own because the shell, the charts and the lazily loaded views all read it.

use crate::api;

/// The colour theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    /// The stored preference, else the browser's `prefers-color-scheme`.
    pub fn initial() -> Theme {
        match api::pref_get("theme").as_deref() {
            Some("dark") => Theme::Dark,
            Some("light") => Theme::Light,
            _ if api::prefers_dark() => Theme::Dark,
            _ => Theme::Light,
        }
    }

    /// The name the root element's `data-theme` and the stored preference use.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Dark => "dark",
            Theme::Light => "light",
        }
    }
}
