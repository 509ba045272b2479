//! Output piped through moreutils' `ts` (`kubectl get vmim -w | ts`), every line stamped with
//! when it was printed, read without the stamps so the output under them is read as it was
//! printed (a watched table by its header and rows).
//!
//! moreutils `ts` (the Perl script `ts`): the default format is `%b %d %H:%M:%S` (`Jul 03
//! 15:07:54`), `-s` and `-i` (time since start, since the last line) default to `%H:%M:%S`, and
//! `%.S`, `%.s`, `%.T` add the second's fraction; a format given as an argument may hold anything,
//! of which the ISO date and time (`%Y-%m-%d %H:%M:%S`, `%FT%T`) and a bracketed stamp are read.
//! A block's stamps are removed when its command pipes into `ts`, or when every line is stamped
//! and the first then reads as a `kubectl get` header (a journal's `Jul 03 15:07:54 host prog:`
//! never does, so a syslog or journal line keeps its time).

use super::blocks::Block;
use super::shapes::is_table_header;

const MONTHS: [&str; 12] = [
    "Jan ", "Feb ", "Mar ", "Apr ", "May ", "Jun ", "Jul ", "Aug ", "Sep ", "Oct ", "Nov ", "Dec ",
];

/// `HH:MM:SS` with an optional fraction (`.123456`) at the start of `s`: its length.
fn clock(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let digits = |at: [usize; 2]| at.iter().all(|i| b.get(*i).is_some_and(u8::is_ascii_digit));
    let shape = digits([0, 1]) && b.get(2) == Some(&b':') && digits([3, 4]);
    if !(shape && b.get(5) == Some(&b':') && digits([6, 7])) {
        return None;
    }
    let frac = match b.get(8) {
        Some(b'.') => 1 + b[9..].iter().take_while(|c| c.is_ascii_digit()).count(),
        _ => 0,
    };
    Some(8 + frac)
}

/// `YYYY-MM-DD` then a space or `T` at the start of `s`: its length with the separator.
fn date(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let d = |r: std::ops::Range<usize>| {
        r.into_iter()
            .all(|i| b.get(i).is_some_and(u8::is_ascii_digit))
    };
    let ok = d(0..4) && b.get(4) == Some(&b'-') && d(5..7) && b.get(7) == Some(&b'-') && d(8..10);
    (ok && matches!(b.get(10), Some(b' ' | b'T'))).then_some(11)
}

/// The length of the `ts` stamp `line` starts with, the space after it included, or `None`.
pub fn stamp(line: &str) -> Option<usize> {
    let (open, rest) = match line.strip_prefix('[') {
        Some(r) => (1, r),
        None => (0, line),
    };
    let day = MONTHS.iter().find(|m| rest.starts_with(**m)).and_then(|m| {
        let d = rest.as_bytes().get(m.len()..m.len() + 3)?;
        (d[0].is_ascii_digit() && d[1].is_ascii_digit() && d[2] == b' ').then_some(m.len() + 3)
    });
    let head = day.or_else(|| date(rest)).unwrap_or(0);
    let mut len = open + head + clock(&rest[head..])?;
    if open == 1 {
        len += line[len..].strip_prefix(']').map(|_| 1)?;
    }
    line[len..].starts_with(' ').then_some(len + 1)
}

/// Whether `command`'s last stage is `ts` (`… -w | ts`, `… | ts -s`, `… | ts '%FT%T'`).
fn piped_into_ts(command: &str) -> bool {
    command
        .rsplit('|')
        .next()
        .filter(|_| command.contains('|'))
        .and_then(|stage| stage.split_whitespace().next())
        .is_some_and(|w| w == "ts")
}

/// Removes the `ts` stamps from the lines of every block stamped by it (see the module's doc).
pub fn unstamp(blocks: &mut [Block<'_>]) {
    for b in blocks.iter_mut() {
        let Some(first) = b.text.first() else {
            continue;
        };
        let every = b.text.iter().all(|l| stamp(l).is_some());
        let by_command = b.command.is_some_and(piped_into_ts);
        let header = stamp(first).is_some_and(|n| is_table_header(&first[n..]));
        if every && (by_command || header) {
            for l in b.text.iter_mut() {
                *l = &l[stamp(l).unwrap_or(0)..];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stamps_ts_writes() {
        assert_eq!(stamp("Jul 03 15:07:54 NAME  PHASE"), Some(16));
        assert_eq!(stamp("00:00:04 x"), Some(9));
        assert_eq!(stamp("Mar 01 10:00:00.123456 x"), Some(23));
        assert_eq!(stamp("2026-03-01 10:00:00 x"), Some(20));
        assert_eq!(stamp("[2026-03-01T10:00:00] x"), Some(22));
        assert_eq!(stamp("Jul 3 15:07:54 x"), None);
        assert_eq!(stamp("NAME  PHASE"), None);
        assert!(piped_into_ts("kubectl get vmim -w | ts"));
        assert!(piped_into_ts("oc get vmim x -w | ts '%FT%T'"));
        assert!(!piped_into_ts("kubectl get vmim -w"));
        assert!(!piped_into_ts("kubectl logs x | tsort"));
    }
}
