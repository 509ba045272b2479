//! The reader's language: what a client sends as `?lang=` (its requests and its stream
//! subscription), what the frontend's UI catalogue and the model's diagnosis catalogue
//! are keyed by. English is the default.

/// A reader's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    Ja,
}

impl Lang {
    /// From a BCP 47 tag or a `lang` parameter (`ja`, `ja-JP`); anything else is English.
    pub fn from_tag(tag: &str) -> Lang {
        if tag.trim().to_ascii_lowercase().starts_with("ja") {
            Lang::Ja
        } else {
            Lang::En
        }
    }

    /// The tag a client sends (`en`, `ja`).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Lang;

    #[test]
    fn tags_read_back_and_anything_else_is_english() {
        for l in [Lang::En, Lang::Ja] {
            assert_eq!(Lang::from_tag(l.tag()), l);
        }
        assert_eq!(Lang::from_tag(" ja-JP"), Lang::Ja);
        assert_eq!(Lang::from_tag("de"), Lang::En);
        assert_eq!(Lang::from_tag(""), Lang::En);
    }
}
