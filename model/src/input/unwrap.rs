//! Lines a mail client or a chat hard-wrapped at its width (about 72 columns), put back
//! together before a block is read:
//!
//! * a `kubectl get` table whose header went on a second, indented line (`NAME  READY  STATUS`
//!   then `      RESTARTS   AGE`): every row was wrapped the same way, so each row is joined
//!   with the indented line after it and the whole table is re-aligned as kubectl's tabwriter
//!   aligns it (each column padded to its widest cell), so its cells fall under their headers;
//! * a log line that ends near the wrap width and whose next line carries no log prefix of its
//!   own (Go's `2006/01/02 15:04:05`, klog's `E0102 15:04:05`, an RFC 3339 time) and is not a
//!   stack trace: the message goes on, so the two are one line;
//! * lines continued with a trailing ` \` (a shell's line continuation, which writers also use
//!   to fold a long audit or log record): each is joined with the line after it, the backslash
//!   dropped;
//! * a line cut just before a quoted name (libvirt and most C programs quote a name as `'%s'`
//!   after the words that introduce it: `unable to execute QEMU agent command 'guest-…': …`): a
//!   line that starts with `'name':` or `'name'` and a space goes on the line before it when that
//!   one ends in a word and states an error.
//!
//! The block keeps its line count: a joined continuation becomes an empty line, so every line
//! keeps its number in the paste.

use super::cells::spans;
use super::shapes::is_table_header;

/// A wrapped line is at least this long (the wrap width of mail clients and terminals, minus
/// the word that went over).
const WRAP_MIN: usize = 60;

/// The block's lines with wrapped lines joined, or `None` when nothing was wrapped.
pub fn unwrap(text: &[&str]) -> Option<Vec<String>> {
    match continued(text) {
        Some(joined) => {
            let view: Vec<&str> = joined.iter().map(String::as_str).collect();
            Some(table(&view).or_else(|| log(&view)).unwrap_or(joined))
        }
        None => table(text).or_else(|| log(text)),
    }
}

/// Lines continued with a trailing ` \`, and a line cut before a quoted name, joined.
fn continued(text: &[&str]) -> Option<Vec<String>> {
    let folded = |l: &str| l.trim_end().ends_with(" \\");
    let quoted = |i: usize| i > 0 && cut_before_name(text[i - 1], text[i]);
    if !(0..text.len()).any(|i| folded(text[i]) || quoted(i)) {
        return None;
    }
    let mut out: Vec<String> = text.iter().map(|l| l.to_string()).collect();
    // The line the current run is joined onto.
    let mut head: Option<usize> = None;
    for i in 0..text.len() {
        if let Some(h) = head.filter(|_| !text[i].trim().is_empty()) {
            let base = out[h]
                .trim_end()
                .trim_end_matches('\\')
                .trim_end()
                .to_string();
            out[h] = format!("{base} {}", text[i].trim());
            out[i] = String::new();
        } else if quoted(i) {
            out[i - 1] = format!("{} {}", out[i - 1].trim_end(), text[i].trim());
            out[i] = String::new();
            head = None;
            continue;
        } else {
            head = None;
        }
        head = match head {
            Some(h) if folded(text[i]) => Some(h),
            _ if folded(text[i]) => Some(i),
            _ => None,
        };
    }
    Some(out)
}

/// `line` starts with a quoted name (`'guest-set-time': …`) and `prev` ends in a word of a
/// sentence that states an error: the name was cut off the end of `prev`.
fn cut_before_name(prev: &str, line: &str) -> bool {
    let Some(rest) = line.strip_prefix('\'') else {
        return false;
    };
    let Some(end) = rest.find('\'') else {
        return false;
    };
    let (name, after) = (&rest[..end], &rest[end + 1..]);
    let name_like = !name.is_empty()
        && !name.contains(char::is_whitespace)
        && (after.starts_with(':') || after.starts_with(' ') || after.is_empty());
    let p = prev.trim_end();
    name_like
        && p.ends_with(|c: char| c.is_ascii_alphanumeric())
        && super::lines::looks_like_error(p)
}

/// Two lines as one, the second's indentation kept as a column gap.
fn join(a: &str, b: &str) -> String {
    format!("{}   {}", a.trim_end(), b.trim())
}

fn indented(l: &str) -> bool {
    l.starts_with([' ', '\t']) && !l.trim().is_empty()
}

/// A table whose header and rows were each wrapped onto an indented second line.
fn table(text: &[&str]) -> Option<Vec<String>> {
    let h = (0..text.len().min(5)).find(|&i| is_table_header(text[i]))?;
    let next = text.get(h + 1).copied().filter(|l| indented(l))?;
    let header = join(text[h], next);
    if !is_table_header(&header) {
        return None;
    }
    let mut out: Vec<String> = text.iter().map(|l| l.to_string()).collect();
    out[h] = header;
    out[h + 1] = String::new();
    let mut i = h + 2;
    while i < text.len() {
        if !indented(text[i]) && text.get(i + 1).is_some_and(|l| indented(l)) {
            out[i] = join(text[i], text[i + 1]);
            out[i + 1] = String::new();
            i += 2;
        } else {
            i += 1;
        }
    }
    realign(&mut out[h..]);
    Some(out)
}

/// Pads every column to its widest cell, as kubectl's tabwriter does.
fn realign(lines: &mut [String]) {
    let cells: Vec<Vec<String>> = lines
        .iter()
        .map(|l| spans(l).into_iter().map(|s| s.1.to_string()).collect())
        .collect();
    let n = cells.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> = (0..n)
        .map(|k| {
            cells
                .iter()
                .filter_map(|c| c.get(k))
                .map(String::len)
                .max()
                .unwrap_or(0)
        })
        .collect();
    for (line, c) in lines.iter_mut().zip(cells) {
        if c.is_empty() {
            continue;
        }
        let mut s = String::new();
        for (k, cell) in c.iter().enumerate() {
            s.push_str(cell);
            if k + 1 < c.len() {
                s.push_str(&" ".repeat(width[k] - cell.len() + 3));
            }
        }
        *line = s;
    }
}

/// A log line's own prefix: Go's log time, klog's header, an RFC 3339 time, a JSON object.
fn has_log_prefix(l: &str) -> bool {
    let b = l.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| r.clone().all(|i| b.get(i).is_some_and(u8::is_ascii_digit));
    let go = digits(0..4) && b.get(4) == Some(&b'/') && digits(5..7);
    let iso = digits(0..4) && b.get(4) == Some(&b'-') && digits(5..7);
    let klog = matches!(b.first(), Some(b'I' | b'W' | b'E' | b'F'))
        && digits(1..5)
        && b.get(5) == Some(&b' ');
    go || iso || klog || l.starts_with('{')
}

/// Log lines whose message a mail client carried onto the next line.
fn log(text: &[&str]) -> Option<Vec<String>> {
    if text.iter().filter(|l| has_log_prefix(l)).count() < 2 {
        return None;
    }
    let mut out: Vec<String> = text.iter().map(|l| l.to_string()).collect();
    let mut any = false;
    for i in 1..text.len() {
        let (prev, l) = (text[i - 1], text[i]);
        let t = l.trim();
        let stack = t.starts_with("goroutine ") || t.starts_with("panic:") || t.starts_with('{');
        if has_log_prefix(prev)
            && prev.len() >= WRAP_MIN
            && !t.is_empty()
            && !l.starts_with([' ', '\t'])
            && !has_log_prefix(l)
            && !stack
        {
            out[i - 1] = format!("{} {t}", prev.trim_end());
            out[i] = String::new();
            any = true;
        }
    }
    any.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrapped_table_is_joined_and_realigned() {
        let text = [
            "NAME                                   READY   STATUS",
            "       RESTARTS   AGE",
            "pod/virt-api-7d4f8b9c6d-abcde          1/1     Running",
            "      0          5m4s",
            "pod/x-operator-7ff5c6b47c-w2frd        0/1",
            " CrashLoopBackOff   6          8m43s",
        ];
        let out = unwrap(&text).unwrap();
        assert_eq!(out.len(), text.len());
        assert!(out[1].is_empty() && out[3].is_empty() && out[5].is_empty());
        let col = |l: &str, w: &str| l.find(w).unwrap();
        assert_eq!(col(&out[0], "STATUS"), col(&out[4], "CrashLoopBackOff"));
        assert_eq!(col(&out[0], "AGE"), col(&out[2], "5m4s"));
    }

    #[test]
    fn continued_lines_and_a_cut_before_a_quoted_name_are_joined() {
        let text = [
            "type=AVC msg=audit(1.2:3): avc:  denied  \\",
            "{ write } for  pid=7 comm=\"x\" \\",
            "tclass=file permissive=0",
            "next line",
        ];
        let out = unwrap(&text).unwrap();
        assert_eq!(
            out[0],
            "type=AVC msg=audit(1.2:3): avc:  denied { write } for  pid=7 comm=\"x\" tclass=file permissive=0"
        );
        assert!(out[1].is_empty() && out[2].is_empty());
        assert_eq!(out[3], "next line");
        let text = [
            "error: unable to execute QEMU agent command",
            "'guest-info': boom",
        ];
        let out = unwrap(&text).unwrap();
        assert_eq!(
            out[0],
            "error: unable to execute QEMU agent command 'guest-info': boom"
        );
        // A quoted line after a line stating no error stays a line of its own.
        assert!(unwrap(&["the command", "'ls': a listing"]).is_none());
    }

    #[test]
    fn a_log_line_wrapped_at_the_mail_width_is_joined() {
        let text = [
            "2019/04/16 14:32:47 registering Components",
            "2019/04/16 14:32:47 failed setting up operator controllers: environment",
            "variable X has to be set",
        ];
        let out = unwrap(&text).unwrap();
        assert!(
            out[1].ends_with("environment variable X has to be set"),
            "{}",
            out[1]
        );
        assert!(unwrap(&text[..2]).is_none());
    }
}
