//! Byte scans for the checks every line of a paste goes through: a short needle found from one
//! byte of it (`memchr`), without setting up `str::find`'s two-way searcher, whose set-up costs
//! more than a short line's whole scan.

/// Where `needle` (ASCII) first occurs in `hay`, as `str::find` says.
#[inline]
pub fn find(hay: &str, needle: &str) -> Option<usize> {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    // Anchored on its first byte that is not a space (indentation is full of spaces).
    let k = n.iter().position(|&b| b != b' ').unwrap_or(0);
    let anchor = *n.get(k)?;
    let mut from = k;
    while let Some(i) = memchr::memchr(anchor, h.get(from..)?) {
        let start = from + i - k;
        if h.get(start..start + n.len()) == Some(n) {
            return Some(start);
        }
        from += i + 1;
    }
    None
}

/// Whether `hay` holds `needle` (lower-case ASCII) in any ASCII case.
pub fn contains_ignore_case(hay: &str, needle: &str) -> bool {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let Some(&first) = n.first() else {
        return true;
    };
    let mut from = 0;
    while let Some(i) = memchr::memchr2(first, first.to_ascii_uppercase(), &h[from..]) {
        let start = from + i;
        if h.get(start..start + n.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(n))
        {
            return true;
        }
        from = start + 1;
    }
    false
}

/// Calls `found` with the start of every occurrence of each of `needles` (lower-case ASCII)
/// in `text`, in any ASCII case, needle by needle: the text is lowered a chunk at a time into
/// one buffer and searched with `memchr::memmem` (SIMD), where a scan anchored on one byte would
/// stop at every occurrence of a byte that YAML and logs are full of.
fn each_match_ignore_case(text: &str, needles: &[&str], mut found: impl FnMut(usize)) {
    const CHUNK: usize = 64 * 1024;
    let needles: Vec<memchr::memmem::Finder> = needles
        .iter()
        .filter(|n| !n.is_empty())
        .map(|n| memchr::memmem::Finder::new(n.as_bytes()))
        .collect();
    let Some(longest) = needles.iter().map(|f| f.needle().len()).max() else {
        return;
    };
    let hay = text.as_bytes();
    let mut buf = Vec::with_capacity(CHUNK + longest);
    let mut start = 0;
    while start < hay.len() {
        // The chunk and the needle's length less one after it: a match that starts in the
        // chunk is whole in the buffer; one that starts after it is the next chunk's.
        let end = (start + CHUNK + longest - 1).min(hay.len());
        buf.clear();
        buf.extend(hay[start..end].iter().map(u8::to_ascii_lowercase));
        for f in &needles {
            for p in f.find_iter(&buf).take_while(|&p| p < CHUNK) {
                found(start + p);
            }
        }
        start += CHUNK;
    }
}

/// Whether the whole `text` holds `needle` (lower-case ASCII) in any ASCII case: one scan, for
/// the readers that do nothing unless a paste holds their word.
pub fn text_holds_ignore_case(text: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return true;
    }
    let mut any = false;
    each_match_ignore_case(text, &[needle], |_| any = true);
    any
}

/// The lines of `text` (0-based, as `str::lines` counts them) that hold any of `needles`
/// (lower-case ASCII, no line break) in any ASCII case, in order: one scan of the whole text,
/// for the readers that ask only a few lines of a paste of 200,000.
pub fn lines_holding_ignore_case(text: &str, needles: &[&str]) -> Vec<usize> {
    line_starts_holding_ignore_case(text, needles)
        .into_iter()
        .map(|(i, _)| i)
        .collect()
}

/// [`lines_holding_ignore_case`] with where each line starts in `text` (a byte offset), so a
/// reader takes the line, and those after it, without splitting the whole text
/// (`text[start..].lines()`).
pub fn line_starts_holding_ignore_case(text: &str, needles: &[&str]) -> Vec<(usize, usize)> {
    let mut at = Vec::new();
    each_match_ignore_case(text, needles, |p| at.push(p));
    at.sort_unstable();
    let hay = text.as_bytes();
    let (mut lines, mut line, mut seen) = (Vec::new(), 0, 0);
    for p in at {
        line += memchr::memchr_iter(b'\n', &hay[seen..p]).count();
        seen = p;
        if lines.last().is_none_or(|&(l, _)| l != line) {
            let start = memchr::memrchr(b'\n', &hay[..p]).map_or(0, |n| n + 1);
            lines.push((line, start));
        }
    }
    lines
}

/// The line of `text` that starts at byte `start`, as `str::lines` gives it.
pub fn line_at(text: &str, start: usize) -> &str {
    text.get(start..)
        .and_then(|rest| rest.lines().next())
        .unwrap_or("")
}

/// `str::lines`, each line found with `memchr` (the standard library's search for the line end
/// costs several times more per short line): lines end at `\n`, a `\r` before it is dropped,
/// and the last line ending is optional.
pub fn lines(text: &str) -> Lines<'_> {
    Lines { rest: text }
}

/// The iterator of [`lines`].
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        if self.rest.is_empty() {
            return None;
        }
        let (line, rest) = match memchr::memchr(b'\n', self.rest.as_bytes()) {
            Some(i) => {
                let line = &self.rest[..i];
                (line.strip_suffix('\r').unwrap_or(line), &self.rest[i + 1..])
            }
            // The last line, without an ending: kept whole, as `str::lines` keeps a lone `\r`.
            None => (self.rest, ""),
        };
        self.rest = rest;
        Some(line)
    }
}

/// What `char::is_whitespace` says of an ASCII byte.
#[inline]
fn ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// `str::trim_start`: ASCII white space skipped byte by byte (YAML's indentation is most of what
/// a paste's lines trim), the rest left to the standard library from the first other byte.
#[inline]
pub fn trim_start(s: &str) -> &str {
    let i = s.bytes().position(|b| !ascii_space(b)).unwrap_or(s.len());
    // A byte that is not white space is ASCII (a char boundary) or starts a UTF-8 sequence.
    let rest = &s[i..];
    match rest.as_bytes().first() {
        Some(&b) if b >= 0x80 => rest.trim_start(),
        _ => rest,
    }
}

/// `str::trim_end`, as [`trim_start`] does it.
#[inline]
pub fn trim_end(s: &str) -> &str {
    let b = s.as_bytes();
    let end = b
        .iter()
        .rposition(|&c| !ascii_space(c))
        .map_or(0, |i| i + 1);
    match b.get(end.wrapping_sub(1)) {
        // The last byte kept ends a UTF-8 sequence: the char it ends may be white space.
        Some(&c) if c >= 0x80 => s[..end].trim_end(),
        _ => &s[..end],
    }
}

/// `str::trim`, as [`trim_start`] does it.
#[inline]
pub fn trim(s: &str) -> &str {
    trim_end(trim_start(s))
}

/// Whether `text` holds `needle`, as `str::contains` says: for a search of the whole paste,
/// where `memmem`'s vector search outruns the standard library's two-way search many times.
#[inline]
pub fn holds(text: &str, needle: &str) -> bool {
    memchr::memmem::find(text.as_bytes(), needle.as_bytes()).is_some()
}

/// Where `needle` starts in `text`, each occurrence that does not overlap the one before, as
/// `str::match_indices` finds them (byte offsets).
pub fn find_all<'a>(text: &'a str, needle: &'a str) -> impl Iterator<Item = usize> + 'a {
    memchr::memmem::find_iter(text.as_bytes(), needle.as_bytes())
}

/// [`lines`], [`trim`], [`trim_start`] and [`trim_end`] as methods, for the readers every line
/// of a paste goes through: the same results as `str`'s own, for less work per line.
pub trait FastLines {
    fn lines_fast(&self) -> Lines<'_>;
    fn trim_fast(&self) -> &str;
    fn trim_start_fast(&self) -> &str;
    fn trim_end_fast(&self) -> &str;
}

impl FastLines for str {
    #[inline]
    fn lines_fast(&self) -> Lines<'_> {
        lines(self)
    }
    #[inline]
    fn trim_fast(&self) -> &str {
        trim(self)
    }
    #[inline]
    fn trim_start_fast(&self) -> &str {
        trim_start(self)
    }
    #[inline]
    fn trim_end_fast(&self) -> &str {
        trim_end(self)
    }
}

/// The text of `source` that `lines` were cut from, when they are exactly its consecutive lines
/// (each starts where the one before ended and its line ending): one search over it finds what
/// a search of each line would, for a needle without a line ending, with one call instead of
/// one per line. `None` when a line was cut, joined, unquoted or skipped, or is not `source`'s
/// (only addresses are compared: no byte is read twice).
pub fn contiguous<'a>(source: &'a str, lines: &[&str]) -> Option<&'a str> {
    let base = source.as_ptr() as usize;
    let start = (lines.first()?.as_ptr() as usize).checked_sub(base)?;
    let mut at = start;
    for (k, line) in lines.iter().enumerate() {
        if line.as_ptr() as usize != base + at {
            return None;
        }
        at += line.len();
        if at > source.len() {
            return None;
        }
        if k + 1 < lines.len() {
            let rest = &source.as_bytes()[at..];
            at += if rest.starts_with(b"\r\n") {
                2
            } else if rest.starts_with(b"\n") {
                1
            } else {
                return None;
            };
        }
    }
    source.get(start..at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_as_str_find_does() {
        let hays = [
            "",
            "a",
            "  // x",
            "x //",
            "NAMENAME",
            "éNAME é",
            "a round_trippers.go:1",
            "//",
            " / // ",
            "ab",
            "名前 NAME",
        ];
        for h in hays {
            for n in [" //", "NAME", "round_trippers.go", "a", " ", "//"] {
                assert_eq!(find(h, n), h.find(n), "{h:?} {n:?}");
            }
        }
        assert!(contains_ignore_case("x QEMU-kvm", "qemu"));
        assert!(contains_ignore_case("qemU", "qemu"));
        assert!(!contains_ignore_case("qem", "qemu"));
        assert!(!contains_ignore_case("", "qemu"));
        assert!(contains_ignore_case(
            "aaaaaa Will Retry After 5s",
            "will retry after"
        ));
        assert!(contains_ignore_case("qemu", "qemu"));
        assert!(!contains_ignore_case("qemy", "qemu"));
        assert!(text_holds_ignore_case(
            "a\nWill Retry After 5s",
            "will retry after"
        ));
        assert!(!text_holds_ignore_case("a\nwill retry", "will retry after"));
        // Across the scan's chunks (64 KiB): a match on the boundary is found once.
        for cut in [65_530, 65_533, 65_536, 65_540] {
            let text = format!("{}Mount{}", "x".repeat(cut), "y".repeat(70_000));
            assert!(text_holds_ignore_case(&text, "mount"), "{cut}");
            // "will" at byte `cut` (rounded down to even), on line `cut / 2`.
            let text = format!("{}will x\n", "z\n".repeat(cut / 2));
            assert_eq!(
                lines_holding_ignore_case(&text, &["will"]),
                vec![cut / 2],
                "{cut}"
            );
        }
    }

    #[test]
    fn lines_and_trims_say_what_the_standard_library_says() {
        let texts = [
            "",
            "a",
            "\n",
            "\n\n",
            "a\n",
            "a\r\n",
            "a\r",
            "\r",
            "\r\n\r\n",
            "a\r\rb\r\n\nc",
            "  x  \n\t y\x0b\x0c\n",
            "\u{a0} nbsp \u{a0}\n\u{3000}ideographic\u{3000}",
            "\u{2028}\u{85}é \u{205f}",
            "名前 \u{feff}",
            "   \u{a0}",
            "é\u{a0}",
        ];
        for t in texts {
            assert_eq!(
                lines(t).collect::<Vec<_>>(),
                t.lines().collect::<Vec<_>>(),
                "{t:?}"
            );
            for l in t.split('\n').chain([t]) {
                assert_eq!(trim_start(l), l.trim_start(), "{l:?}");
                assert_eq!(trim_end(l), l.trim_end(), "{l:?}");
                assert_eq!(trim(l), l.trim(), "{l:?}");
            }
        }
    }

    #[test]
    fn holds_and_finds_as_str_does() {
        for t in [
            "",
            "aaa",
            "goroutine 1 goroutine goroutine 22",
            "é goroutine 名前",
            "aaaa",
        ] {
            for n in ["goroutine ", "a", "aa", "名前", "x"] {
                assert_eq!(holds(t, n), t.contains(n), "{t:?} {n:?}");
                let want: Vec<usize> = t.match_indices(n).map(|(i, _)| i).collect();
                assert_eq!(find_all(t, n).collect::<Vec<_>>(), want, "{t:?} {n:?}");
            }
        }
    }

    #[test]
    fn a_run_of_consecutive_lines_is_found_in_its_source() {
        let source = "a\nbb\r\n\nccc\nd";
        let lines: Vec<&str> = source.lines().collect();
        assert_eq!(contiguous(source, &lines[..2]), Some("a\nbb"));
        assert_eq!(contiguous(source, &lines[2..4]), Some("\nccc"));
        assert_eq!(contiguous(source, &lines), Some(source));
        assert_eq!(contiguous(source, &lines[3..]), Some("ccc\nd"));
        // A line skipped, a line cut, lines of another text, no lines.
        assert_eq!(contiguous(source, &[lines[0], lines[3]]), None);
        assert_eq!(contiguous(source, &[&lines[1][..1], lines[2]]), None);
        let other = String::from(source);
        let theirs: Vec<&str> = other.lines().collect();
        assert_eq!(contiguous(source, &theirs), None);
        assert_eq!(contiguous(source, &[]), None);
    }

    #[test]
    fn finds_the_lines_str_lines_counts() {
        let texts = [
            "",
            "should",
            "a\nb should\r\nc\n\nMUST d must\nshould\n",
            "\n\nwill\nwillwill will\nx",
            "no modal here\nat all",
        ];
        for t in texts {
            let needles = ["should", "must", "will"];
            let want: Vec<usize> = t
                .lines()
                .enumerate()
                .filter(|(_, l)| {
                    let l = l.to_ascii_lowercase();
                    needles.iter().any(|n| l.contains(n))
                })
                .map(|(i, _)| i)
                .collect();
            assert_eq!(lines_holding_ignore_case(t, &needles), want, "{t:?}");
            let lines: Vec<&str> = t.lines().collect();
            for (i, start) in line_starts_holding_ignore_case(t, &needles) {
                assert_eq!(line_at(t, start), lines[i], "{t:?} {i}");
            }
        }
    }
}
