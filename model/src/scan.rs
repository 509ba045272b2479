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
    }
}
