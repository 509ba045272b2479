//! One catalogue entry's English template, read into literal parts and holes, matched against a
//! produced sentence and rendered in Japanese with the matched parts carried through.
//!
//! In the English template `{}` is data (a name, a number, a quoted message: carried verbatim)
//! and `{t}` is text (a phrase the catalogue translates in turn, such as a finding's title inside
//! a headline). A data hole whose value holds a space (a phrase; names hold none) is offered to
//! the catalogue too, and kept as written when no entry matches it. In the Japanese template `{0}`, `{1}`, … name the holes in English order, so the
//! Japanese word order is free.

/// One part of an English template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part<'a> {
    Lit(&'a str),
    /// Carried verbatim.
    Data,
    /// Translated in turn.
    Text,
}

/// The parts of an English template.
pub fn parts(en: &str) -> Vec<Part<'_>> {
    let mut out = Vec::new();
    let mut rest = en;
    loop {
        let next = [("{}", Part::Data), ("{t}", Part::Text)]
            .into_iter()
            .filter_map(|(m, p)| rest.find(m).map(|i| (i, m.len(), p)))
            .min_by_key(|(i, _, _)| *i);
        match next {
            Some((i, len, hole)) => {
                if i > 0 {
                    out.push(Part::Lit(&rest[..i]));
                }
                out.push(hole);
                rest = &rest[i + len..];
            }
            None => {
                if !rest.is_empty() {
                    out.push(Part::Lit(rest));
                }
                return out;
            }
        }
    }
}

/// How many readings of one sentence are weighed at most (a hole's text may hold the literal
/// that follows it: a parenthesis inside an explanation).
pub const READINGS: usize = 8;

/// The holes' values when `s` matches `parts` (each hole non-empty), in order; the leftmost
/// reading that matches wins.
pub fn matches<'s>(parts: &[Part<'_>], s: &'s str) -> Option<Vec<&'s str>> {
    readings(parts, s).into_iter().next()
}

/// Every reading of `s` by `parts` (up to [`READINGS`]), leftmost first.
pub fn readings<'s>(parts: &[Part<'_>], s: &'s str) -> Vec<Vec<&'s str>> {
    let mut out = Vec::new();
    walk(parts, s, &mut Vec::new(), &mut out);
    out
}

fn walk<'s>(
    parts: &[Part<'_>],
    s: &'s str,
    holes: &mut Vec<&'s str>,
    out: &mut Vec<Vec<&'s str>>,
) -> bool {
    if out.len() >= READINGS {
        return true;
    }
    match parts.split_first() {
        None => {
            if s.is_empty() {
                out.push(holes.clone());
            }
            out.len() >= READINGS
        }
        Some((Part::Lit(l), rest)) => s.strip_prefix(l).is_some_and(|s| walk(rest, s, holes, out)),
        Some((_, rest)) => match rest.first() {
            None => {
                if !s.is_empty() {
                    holes.push(s);
                    out.push(holes.clone());
                    holes.pop();
                }
                out.len() >= READINGS
            }
            Some(Part::Lit(l)) => {
                let mut from = s.chars().next().map_or(1, char::len_utf8);
                while from <= s.len() {
                    let Some(i) = s.get(from..).and_then(|t| t.find(l)) else {
                        return false;
                    };
                    let at = from + i;
                    holes.push(&s[..at]);
                    let full = walk(rest, &s[at..], holes, out);
                    holes.pop();
                    if full {
                        return true;
                    }
                    from = at + 1;
                    while from < s.len() && !s.is_char_boundary(from) {
                        from += 1;
                    }
                }
                false
            }
            // Two holes side by side cannot be told apart; the catalogue's test refuses them.
            Some(_) => false,
        },
    }
}

/// `ja` with `{N}` replaced by `values[N]` (a missing index stays as written).
pub fn render(ja: &str, values: &[String]) -> String {
    let mut out = String::with_capacity(ja.len() + 32);
    let mut rest = ja;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let digits: String = after.chars().take_while(|c| c.is_ascii_digit()).collect();
        let closed = !digits.is_empty() && after[digits.len()..].starts_with('}');
        match digits.parse::<usize>().ok().filter(|_| closed) {
            Some(n) if n < values.len() => {
                out.push_str(&values[n]);
                rest = &after[digits.len() + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The hole indices `ja` names.
pub fn named(ja: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut rest = ja;
    while let Some(i) = rest.find('{') {
        let after = &rest[i + 1..];
        let digits: String = after.chars().take_while(|c| c.is_ascii_digit()).collect();
        if let Some(n) = digits
            .parse()
            .ok()
            .filter(|_| after[digits.len()..].starts_with('}'))
        {
            out.push(n);
        }
        rest = after;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_take_what_lies_between_the_literals() {
        let p = parts("{}: {t} — {t}");
        assert_eq!(
            matches(&p, "prod/db: node/launcher broken — a: b — c"),
            Some(vec!["prod/db", "node/launcher broken", "a: b — c"])
        );
        assert_eq!(matches(&p, "prod/db: broken"), None);
        assert_eq!(matches(&parts("VMI {} is {}"), "VMI a is "), None);
        assert_eq!(matches(&parts("exact"), "exact"), Some(vec![]));
        assert_eq!(matches(&parts("exact"), "exact."), None);
    }

    #[test]
    fn backtracks_past_an_early_literal() {
        let p = parts("{} is {} on {}");
        assert_eq!(
            matches(&p, "this is it is up on n1"),
            Some(vec!["this", "it is up", "n1"])
        );
    }

    #[test]
    fn renders_holes_in_any_order_and_keeps_odd_braces() {
        let v = ["a".to_string(), "b".to_string()];
        assert_eq!(render("{1} の {0} {x} {9}", &v), "b の a {x} {9}");
        assert_eq!(named("{1} の {0}"), vec![1, 0]);
    }

    #[test]
    fn multibyte_text_is_walked_on_char_boundaries() {
        let p = parts("{} ok");
        assert_eq!(matches(&p, "日本 ok"), Some(vec!["日本"]));
        assert_eq!(matches(&p, "日本"), None);
    }
}
